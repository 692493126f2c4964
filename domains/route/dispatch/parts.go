package dispatch

import (
	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/domains/route"
)

// statedPart is the stated empty driving time (docs/grading.md).
var statedPart = route.StatedPart("deadhead_minutes")

// AnswerParts implements domains.Parter: the routes and the stated
// empty driving time.
func (d *Dispatch) AnswerParts() []domains.Part {
	return []domains.Part{route.PlanPart("routes"), statedPart}
}

var _ domains.Parter = (*Dispatch)(nil)
