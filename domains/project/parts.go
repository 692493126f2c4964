package project

import "github.com/plancert/plancert/domains"

// The parts of a feasible answer (domains.Parter, docs/grading.md): the
// schedule, the schedule parts (the exception's backup) and the stated
// values (stated-values).

// statedPart is the stated value key (the stated-values unit's item).
func statedPart(key string) domains.Part {
	return domains.Part{Key: key, Kind: domains.PartStated, Items: []string{unitStated}}
}

// schedulePartOf is the answer part of a schedule part (the backup): the
// exception's item and the optimal item (its values are levels after the
// main schedule's; the stated values are the main schedule's).
func schedulePartOf(key string) domains.Part {
	return domains.Part{Key: key, Kind: domains.PartExtra, Items: []string{unitException, itemOptimal}}
}

// AnswerParts implements domains.Parter.
func (in *Instance) AnswerParts() []domains.Part {
	out := []domains.Part{{Key: "schedule", Kind: domains.PartPlan}}
	for _, p := range in.parts() {
		key, _ := p.AnswerKey(in)
		out = append(out, schedulePartOf(key))
	}
	for _, key := range in.statedKeys() {
		out = append(out, statedPart(key))
	}
	return out
}

var _ domains.Parter = (*Instance)(nil)
