package production

import "github.com/plancert/plancert/domains"

// The parts of a feasible answer (domains.Parter, docs/grading.md): the
// schedule and its stated main goal value.

// statedPart is the stated value of the main goal.
var statedPart = domains.Part{Key: "objective", Kind: domains.PartStated, Items: []string{itemStated}}

// AnswerParts implements domains.Parter.
func (s *Shop) AnswerParts() []domains.Part {
	return []domains.Part{{Key: "schedule", Kind: domains.PartPlan}, statedPart}
}

var _ domains.Parter = (*Shop)(nil)
