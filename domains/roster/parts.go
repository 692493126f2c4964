package roster

import "github.com/plancert/plancert/domains"

// The parts of a feasible answer (domains.Parter, docs/grading.md): the
// roster, the backups (backup unit) and the stated values (self-check).

// AnswerParts implements domains.Parter.
func (r *Roster) AnswerParts() []domains.Part {
	out := []domains.Part{{Key: "roster", Kind: domains.PartPlan}}
	for _, p := range r.parts() {
		out = append(out, r.part(p))
	}
	return out
}

// part is the answer part of unit p: the backups are judged by their
// item and are levels of the optimum and of the stated values; the
// stated values by theirs.
func (r *Roster) part(p answerPart) domains.Part {
	key, _ := p.AnswerKey(r)
	if _, ok := p.(selfCheck); ok {
		return domains.Part{Key: key, Kind: domains.PartStated, Items: []string{itemStated}}
	}
	items := []string{itemBackup, itemOptimal}
	if r.has(unitSelfCheck) {
		items = append(items, itemStated)
	}
	return domains.Part{Key: key, Kind: domains.PartExtra, Items: items}
}

var _ domains.Parter = (*Roster)(nil)
