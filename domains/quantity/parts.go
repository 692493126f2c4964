package quantity

import "github.com/plancert/plancert/domains"

// The parts of a feasible answer (domains.Parter, docs/grading.md): the
// plan, the stated values (self-check: the shortfall in allocation mode,
// the cost) and the recovery plan.

// The self-check's stated values.
var (
	shortfallPart = domains.Part{Key: "shortfall", Kind: domains.PartStated, Items: []string{itemStated}}
	costPart      = domains.Part{Key: "cost", Kind: domains.PartStated, Items: []string{itemStated}}
)

// recoveryPart is the recovery plan: its item, the optimal item (its
// values are levels) and the objective units' items, which pass only for
// a plan that keeps every rule.
func (in *Instance) recoveryPart() domains.Part {
	items := []string{unitRecovery, itemOptimal}
	for _, id := range []string{unitPriority, unitReplan} {
		if in.has(id) {
			items = append(items, id)
		}
	}
	return domains.Part{Key: "recovery", Kind: domains.PartExtra, Items: items}
}

// AnswerParts implements domains.Parter.
func (in *Instance) AnswerParts() []domains.Part {
	out := []domains.Part{{Key: in.Voc.Shipments, Kind: domains.PartPlan}}
	if in.has(unitSelfCheck) {
		if in.alloc() {
			out = append(out, shortfallPart)
		}
		out = append(out, costPart)
	}
	if in.recovering() {
		out = append(out, in.recoveryPart())
	}
	return out
}

var _ domains.Parter = (*Instance)(nil)
