package sat

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/plancert/plancert/encode"
	"github.com/plancert/plancert/internal/randmodel"
	"github.com/plancert/plancert/internal/roster"
	"github.com/plancert/plancert/solver"
	"github.com/plancert/plancert/solver/brute"
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

// TestLPDescentAgreesWithBrute: with the LP bound and fixings on for every
// level (lpMinTerms 2), the descent still agrees with brute force on the
// optimum of random models, and a one-level optimum above the domains'
// bound is still proven by a final UNSAT made without the fixings.
func TestLPDescentAgreesWithBrute(t *testing.T) {
	defer func(n int) { lpMinTerms = n }(lpMinTerms)
	lpMinTerms = 2
	n := 300
	if testing.Short() {
		n = 80
	}
	lpSolves := 0
	for seed := uint64(1); seed <= uint64(n); seed++ {
		m := randmodel.New(rand.New(rand.NewPCG(seed, 13)))
		want, err := solver.Certify(context.Background(), brute.Backend{}, m)
		if err != nil {
			t.Fatal(err)
		}
		s, err := Backend{}.load(context.Background(), m)
		if err != nil {
			t.Fatal(err)
		}
		got, err := s.Optimize(context.Background())
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if got.Status != want.Status || !slices.Equal(got.Objective, want.Objective) {
			t.Fatalf("seed %d: sat %v %v, brute %v %v", seed, got.Status, got.Objective, want.Status, want.Objective)
		}
		lpSolves += s.lpSolves
	}
	if lpSolves < 10 {
		t.Fatalf("only %d solves assumed LP fixings", lpSolves)
	}
	for i, seed := range []uint64{1, 2, 3} {
		s, err := Backend{}.load(context.Background(), roster.Model(8, seed))
		if err != nil {
			t.Fatal(err)
		}
		r, err := s.Optimize(context.Background())
		if err != nil || r.Status != solver.Optimal || r.Objective[0] != []int64{8, 14, 11}[i] {
			t.Fatalf("roster seed %d: %v %v", seed, r, err)
		}
		if s.last != -1 || s.lpSolves == 0 {
			t.Fatalf("roster seed %d: the last solve gave %d (%d solves with LP fixings), not a refutation", seed, s.last, s.lpSolves)
		}
		// No fixing literal among the final refutation's assumptions.
		for b := int64(0); b <= r.Objective[0]; b++ {
			if act, ok := s.enc.LPFixing(0, r.Objective[0], b); ok && slices.Contains(s.assumed, act) {
				t.Fatalf("roster seed %d: the final refutation assumed the LP fixings of cost ≤ %d", seed, b)
			}
		}
	}
}
