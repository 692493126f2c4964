package sat_test

import (
	"context"
	"errors"
	"testing"

	"github.com/plancert/plancert/encode"
	"github.com/plancert/plancert/solver"
	"github.com/plancert/plancert/solver/sat"
)

// bigModel has two integers in [0, 2^16) that are all different: 100,000
// order literals and 300,000 clauses, many poll intervals of lowering.
func bigModel() *encode.Model {
	m := encode.NewModel()
	x, y := m.NewInt("x", 0, 1<<16-1), m.NewInt("y", 0, 1<<16-1)
	m.AddAllDifferent(x, y).Named("diff")
	return m
}

// overriding embeds sat.Backend and overrides its Load.
type overriding struct {
	sat.Backend
	loads *int
}

func (b overriding) Load(m *encode.Model) (solver.Solver, error) {
	*b.loads++
	return b.Backend.Load(m)
}

// TestLoadContext: solver.Load lowers with sat.Backend's LoadContext,
// which stops on an ended context, and Certify then reports Unknown with
// the CNF so far; a backend that embeds sat.Backend to override Load is
// loaded with its Load, not the promoted LoadContext.
func TestLoadContext(t *testing.T) {
	m := bigModel()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := solver.Load(ctx, sat.Backend{}, m); !errors.Is(err, context.Canceled) {
		t.Errorf("Load with an ended context: %v, want context.Canceled", err)
	}
	c, err := solver.Certify(ctx, sat.Backend{}, m)
	if err != nil || c.Status != solver.Unknown || c.Stats.SolveCalls != 0 {
		t.Errorf("Certify with an ended context: %+v, %v; want Unknown before any solve", c, err)
	}

	loads := 0
	b := overriding{loads: &loads}
	if _, err := solver.Load(ctx, b, m); err != nil || loads != 1 {
		t.Errorf("the overriding backend: %v, %d calls of its Load; want its Load", err, loads)
	}
	if _, err := solver.Certify(context.Background(), solver.CrossCheck(b, sat.Backend{}), m); err != nil || loads != 2 {
		t.Errorf("cross-checked: %v, %d calls of its Load; want its Load", err, loads)
	}
}

// TestLoadBudget: sat.Backend.MaxBytes refuses a model whose estimate
// passes it, before lowering.
func TestLoadBudget(t *testing.T) {
	m := bigModel()
	est := encode.Estimate(m)
	_, err := sat.Backend{MaxBytes: est.Bytes() - 1}.Load(m)
	var tl *encode.TooLargeError
	if !errors.As(err, &tl) || !tl.Estimated {
		t.Errorf("budget below the estimate: %v, want a TooLargeError", err)
	}
	if _, err := (sat.Backend{MaxBytes: est.Bytes()}).Load(m); err != nil {
		t.Errorf("budget at the estimate: %v", err)
	}
}
