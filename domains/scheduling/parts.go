package scheduling

import "github.com/plancert/plancert/domains"

// The parts of a feasible answer (domains.Parter, docs/grading.md): the
// schedule and the roles (which decide who attends, so every rule reads
// them), the stated goal value (self-check), the schedule if the room
// fails (room-failure) and the backups (backup-slots).

// statedPart is the self-check's stated goal value.
var statedPart = domains.Part{Key: "objective", Kind: domains.PartStated, Items: []string{itemStated}}

// failurePart is the schedule if the room fails: its item, the optimal
// item (its values are levels) and, with the self-check, the stated item
// (it states its own goal value).
func (a *Agenda) failurePart() domains.Part {
	items := []string{unitRoomFailure, itemOptimal}
	if a.has(unitSelfCheck) {
		items = append(items, itemStated)
	}
	return domains.Part{Key: failKey, Kind: domains.PartExtra, Items: items}
}

// backupsPart is the backups: their item and the optimal item (their
// values are levels).
func (a *Agenda) backupsPart() domains.Part {
	return domains.Part{Key: backupKey, Kind: domains.PartExtra, Items: []string{unitBackupSlots, itemOptimal}}
}

// AnswerParts implements domains.Parter.
func (a *Agenda) AnswerParts() []domains.Part {
	out := []domains.Part{{Key: a.Voc.Activities, Kind: domains.PartPlan}}
	if a.roleIdx() != nil {
		out = append(out, domains.Part{Key: rolesKey, Kind: domains.PartPlan})
	}
	if a.has(unitSelfCheck) {
		out = append(out, statedPart)
	}
	if a.failIndex() >= 0 {
		out = append(out, a.failurePart())
	}
	if a.criticalIdx() != nil {
		out = append(out, a.backupsPart())
	}
	return out
}

var _ domains.Parter = (*Agenda)(nil)
