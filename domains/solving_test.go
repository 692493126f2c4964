package domains_test

import (
	"context"
	"errors"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/encode"
	"github.com/plancert/plancert/solver/sat"
)

// TestSolvingOptimum: the certificate of a model with an optimum; nil for
// an infeasible model, a model that cannot be built, and no backend.
func TestSolvingOptimum(t *testing.T) {
	sv := domains.Solving{Ctx: context.Background(), Backend: sat.Backend{}}
	model := func(feasible bool) func() (*encode.Model, error) {
		return func() (*encode.Model, error) {
			m := encode.NewModel()
			x := m.NewBool("x")
			m.AddAtLeast([]encode.Lit{x.Lit()}, 1).Named("a").InGroup("a")
			if !feasible {
				m.AddAtMost([]encode.Lit{x.Lit()}, 0).Named("b").InGroup("b")
			}
			m.Minimize(encode.Term{Var: x, Coef: 1})
			return m, nil
		}
	}
	if c := sv.Optimum(model(true)); c == nil || len(c.Objective) != 1 || c.Objective[0] != 1 {
		t.Errorf("feasible model: %+v", c)
	}
	if c := sv.Optimum(model(false)); c != nil {
		t.Errorf("infeasible model: %+v", c)
	}
	if c := sv.Optimum(func() (*encode.Model, error) { return nil, errors.New("no model") }); c != nil {
		t.Errorf("model error: %+v", c)
	}
	if c := (domains.Solving{}).Optimum(model(true)); c != nil {
		t.Errorf("no backend: %+v", c)
	}
}
