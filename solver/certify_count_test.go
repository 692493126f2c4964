package solver_test

import (
	"context"
	"testing"

	"github.com/plancert/plancert/encode"
	"github.com/plancert/plancert/solver"
	"github.com/plancert/plancert/solver/sat"
)

// TestCertifyCounting: the optimal solutions are counted up to the limit
// on the proving solver: x + y = 2 over x, y in [0, 3], with no objective
// and both answered, has 3 optima ((0,2), (1,1), (2,0)); a limit of 2
// stops at 2, incomplete; a unique optimum counts 1; without a limit
// nothing is counted.
func TestCertifyCounting(t *testing.T) {
	m := encode.NewModel()
	x, y := m.NewInt("x", 0, 3), m.NewInt("y", 0, 3)
	m.AddLinear([]encode.Term{{Var: x, Coef: 1}, {Var: y, Coef: 1}}, encode.EQ, 2)
	m.SetAnswer(x, y)
	for _, c := range []struct {
		limit, want int
		complete    bool
	}{{0, 0, false}, {2, 2, false}, {3, 3, false}, {8, 3, true}} {
		cert, err := solver.CertifyCounting(context.Background(), sat.Backend{}, m, c.limit)
		if err != nil {
			t.Fatal(err)
		}
		if !cert.Proven(m) || *cert.Unique {
			t.Fatalf("limit %d: %+v", c.limit, cert)
		}
		// Enumerate may know it is complete exactly at the limit; only
		// below it must it say so.
		if cert.Optima != c.want || (c.complete && !cert.OptimaComplete) || (c.want < 3 && c.limit > 0 && cert.OptimaComplete) {
			t.Errorf("limit %d: %d optima (complete %v), want %d (complete %v)", c.limit, cert.Optima, cert.OptimaComplete, c.want, c.complete)
		}
	}
	u := encode.NewModel()
	z := u.NewInt("z", 0, 3)
	u.Minimize(encode.Term{Var: z, Coef: 1})
	u.SetAnswer(z)
	cert, err := solver.CertifyCounting(context.Background(), sat.Backend{}, u, 4)
	if err != nil {
		t.Fatal(err)
	}
	if cert.Optima != 1 || !cert.OptimaComplete {
		t.Errorf("unique optimum: %d optima (complete %v)", cert.Optima, cert.OptimaComplete)
	}
}
