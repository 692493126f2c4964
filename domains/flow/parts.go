package flow

import "github.com/plancert/plancert/domains"

// The parts of a feasible answer (domains.Parter, docs/grading.md): the
// moves and the stated total time (self-check).

// statedPart is the self-check's stated total time.
var statedPart = domains.Part{Key: "total_time", Kind: domains.PartStated, Items: []string{itemStated}}

// AnswerParts implements domains.Parter.
func (in *Instance) AnswerParts() []domains.Part {
	out := []domains.Part{{Key: "moves", Kind: domains.PartPlan}}
	if in.has(unitSelfCheck) {
		out = append(out, statedPart)
	}
	return out
}

var _ domains.Parter = (*Instance)(nil)
