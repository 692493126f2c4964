package scheduling

import (
	"encoding/json"

	"github.com/plancert/plancert/domains"
)

// Objective implements domains.Objectiver: the objective vector of a
// complete answer that breaks no rule (format, coverage and every
// feasibility item pass), in the certificate's order of levels.
func (a *Agenda) Objective(raw json.RawMessage) ([]int64, bool) {
	ans := a.parse(raw)
	if ans.formatErr != "" || ans.infeasible || !ans.complete() {
		return nil, false
	}
	if len(a.evaluate(ans)) > 0 {
		return nil, false
	}
	return a.objectives(ans.pl), true
}

// Better implements domains.Objectiver: every level of the agenda is
// minimized.
func (a *Agenda) Better(x, y []int64) bool {
	for i := range min(len(x), len(y)) {
		if x[i] != y[i] {
			return x[i] < y[i]
		}
	}
	return false
}

var _ domains.Objectiver = (*Agenda)(nil)
