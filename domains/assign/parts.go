package assign

import "github.com/plancert/plancert/domains"

// The parts of a feasible answer (domains.Parter, docs/grading.md): the
// plan, the stated goal value (self-check) and the backups.

// statedPart is the self-check's stated goal value.
var statedPart = domains.Part{Key: "objective", Kind: domains.PartStated, Items: []string{itemStated}}

// backupsPart is the backups: their item and the optimal item (their
// values are levels).
func (a *Assign) backupsPart() domains.Part {
	return domains.Part{Key: "backups", Kind: domains.PartExtra, Items: []string{unitBackups, itemOptimal}}
}

// AnswerParts implements domains.Parter.
func (a *Assign) AnswerParts() []domains.Part {
	key := a.Voc.Items
	if a.Partition {
		key = a.Voc.Bins
	}
	out := []domains.Part{{Key: key, Kind: domains.PartPlan}}
	if a.has(unitSelfCheck) {
		out = append(out, statedPart)
	}
	if a.criticalIdx() != nil {
		out = append(out, a.backupsPart())
	}
	return out
}

var _ domains.Parter = (*Assign)(nil)
