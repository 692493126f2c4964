package scheduling

import (
	"encoding/json"

	"github.com/plancert/plancert/domains"
)

// Objective implements domains.Objectiver: the objective vector of a
// complete answer that breaks no rule, in the certificate's order of
// levels (the schedule's, then the failure schedule's or the backups').
func (a *Agenda) Objective(raw json.RawMessage) ([]int64, bool) {
	return domains.ObjectiveOf(a, raw)
}

// Better implements domains.Objectiver: every level of the agenda is
// minimized.
func (a *Agenda) Better(x, y []int64) bool {
	return domains.Lower(x, y)
}

var _ domains.Objectiver = (*Agenda)(nil)
