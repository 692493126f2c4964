package commute

import (
	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/domains/route"
)

// The stated parts of the main trip (docs/grading.md).
var (
	arrivalPart = route.StatedPart("arrival")
	changesPart = route.StatedPart("changes")
	farePart    = route.StatedPart("fare")
)

// tripPartOf is the answer part of a trip part (the backup): its item,
// the optimal item (its values are levels) and the stated item (it
// states its own arrival).
func tripPartOf(key string) domains.Part {
	return domains.Part{Key: key, Kind: domains.PartExtra, Items: []string{itemBackup, route.ItemOptimal, itemStated}}
}

// AnswerParts implements domains.Parter: the legs, the stated arrival,
// changes and fare, and the trip parts.
func (c *Commute) AnswerParts() []domains.Part {
	out := []domains.Part{route.PlanPart("legs"), arrivalPart, changesPart, farePart}
	for _, part := range domains.Facets[tripPart](c.units()) {
		key, _ := part.AnswerKey(c)
		out = append(out, tripPartOf(key))
	}
	return out
}

var _ domains.Parter = (*Commute)(nil)
