package delivery

import (
	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/domains/route"
)

// statedPart is the stated total driving time (docs/grading.md).
var statedPart = route.StatedPart("total_minutes")

// AnswerParts implements domains.Parter: the routes and the stated total.
func (d *Delivery) AnswerParts() []domains.Part {
	return []domains.Part{route.PlanPart("routes"), statedPart}
}

var _ domains.Parter = (*Delivery)(nil)
