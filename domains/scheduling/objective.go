package scheduling

import (
	"context"
	"encoding/json"
	"slices"

	"github.com/plancert/plancert/domains"
)

// Objective implements domains.Objectiver: the objective vector of a
// complete answer that breaks no rule, in the certificate's order of
// levels (the schedule's, then the failure schedule's or the backups').
func (a *Agenda) Objective(raw json.RawMessage) ([]int64, bool) {
	_, obj := a.Evaluate(context.Background(), nil, raw, domains.Reference{Feasible: true}) // a feasible reference: no claimed conflict to prove, so no backend
	return obj, obj != nil
}

// Better implements domains.Objectiver: every level of the agenda is
// minimized.
func (a *Agenda) Better(x, y []int64) bool {
	n := min(len(x), len(y))
	return slices.Compare(x[:n], y[:n]) < 0
}

var _ domains.Objectiver = (*Agenda)(nil)
