package sat

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/plancert/plancert/encode"
	"github.com/plancert/plancert/solver"
)

// TestDescentEndsWithRefutation: the optimum of a one-level model is
// proven by a final UNSAT solve even when the descent meets the bound of
// the reduced costs (encode's LevelBound), which it does on these models:
// disjoint exactly-k groups with random weights, whose optimum is that
// bound. Only an optimum at the domains' bound needs no refutation.
func TestDescentEndsWithRefutation(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	met := 0
	for iter := range 60 {
		m := encode.NewModel()
		var obj []encode.Term
		for g := range 2 + r.IntN(4) {
			size := 2 + r.IntN(5)
			var ls []encode.Lit
			for i := range size {
				v := m.NewBool(fmt.Sprintf("g%d_%d", g, i))
				ls = append(ls, v.Lit())
				obj = append(obj, encode.Term{Var: v, Coef: 1 + r.Int64N(20)})
			}
			m.AddExactly(ls, 1+r.IntN(size-1)).Named(fmt.Sprintf("g%d", g))
		}
		m.Minimize(obj...)
		s, err := Backend{}.load(context.Background(), m)
		if err != nil {
			t.Fatal(err)
		}
		res, err := s.Optimize(context.Background())
		if err != nil || res.Status != solver.Optimal {
			t.Fatalf("iter %d: %v %v", iter, res, err)
		}
		if lb := s.enc.LevelBound(0); lb != res.Objective[0] {
			t.Fatalf("iter %d: optimum %d, LevelBound %d", iter, res.Objective[0], lb)
		}
		if s.solveCalls > 2 {
			met++ // the descent found a better solution after the first
		}
		if s.last != -1 {
			t.Fatalf("iter %d: optimum %d proven after a solve with result %d, not a refutation", iter, res.Objective[0], s.last)
		}
	}
	if met == 0 {
		t.Fatal("no model needed a descent")
	}
}
