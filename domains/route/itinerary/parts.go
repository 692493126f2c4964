package itinerary

import (
	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/domains/route"
)

// The stated parts (docs/grading.md): a trip's first days, a tour's
// total score and travel time.
var (
	firstDaysPart = route.StatedPart("first_days")
	scorePart     = route.StatedPart("total_score")
	travelPart    = route.StatedPart("travel_minutes")
)

// AnswerParts implements domains.Parter: a trip's cities and first days,
// or a tour's days, total score and travel time.
func (it *Itinerary) AnswerParts() []domains.Part {
	if it.Voc.Trip {
		return []domains.Part{route.PlanPart("cities"), firstDaysPart}
	}
	return []domains.Part{route.PlanPart("days"), scorePart, travelPart}
}

var _ domains.Parter = (*Itinerary)(nil)
