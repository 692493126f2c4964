package domains

import (
	"context"
	"time"

	"github.com/plancert/plancert/encode"
	"github.com/plancert/plancert/solver"
	"github.com/plancert/plancert/solver/sat"
)

// ConflictTimeout bounds the proof of a claimed conflict in ConflictStatus.
const ConflictTimeout = 10 * time.Second

// ConflictStatus decides whether the groups in named, together with the
// groups alwaysOn accepts (AlwaysOn, or a family's own notion of its
// background rules), admit no solution of m: it restricts m to those
// groups, drops the objectives and solves with the SAT backend within
// ConflictTimeout. solver.Infeasible proves the conflict; solver.Unknown
// means it was not decided in time. m is not modified. Checkers of the
// infeasibility items call it on a conflict an answer names, after
// checking that every name is a rule of the prompt.
func ConflictStatus(m *encode.Model, named map[string]bool, alwaysOn func(group string) bool) (solver.Status, error) {
	r := m.Restrict(func(g string) bool { return alwaysOn(g) || named[g] })
	r.Objectives = nil
	ctx, cancel := context.WithTimeout(context.Background(), ConflictTimeout)
	defer cancel()
	s, err := sat.Backend{}.Load(r)
	if err != nil {
		return solver.Unknown, err
	}
	res, err := s.Optimize(ctx)
	if err != nil {
		return solver.Unknown, err
	}
	return res.Status, nil
}
