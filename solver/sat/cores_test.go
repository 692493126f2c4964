package sat_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/plancert/plancert/encode"
	"github.com/plancert/plancert/internal/randmodel"
	"github.com/plancert/plancert/solver"
	"github.com/plancert/plancert/solver/brute"
	"github.com/plancert/plancert/solver/sat"
)

// TestCoreGuidedAgreesWithBrute: on seeded random models, each cut to its
// first objective level (both senses, Boolean and integer terms, negative
// coefficients), core-guided Optimize and brute force agree on the status
// and the optimum; the proven bound (of both searches) is the optimum, and
// Unique still works after a core-guided Optimize.
func TestCoreGuidedAgreesWithBrute(t *testing.T) {
	n := 400
	if long() {
		n = 3000
	}
	if testing.Short() {
		n = 100
	}
	ctx := context.Background()
	optimal := 0
	for seed := uint64(1); seed <= uint64(n); seed++ {
		m := randmodel.New(rand.New(rand.NewPCG(seed, 11)))
		if len(m.Objectives) == 0 {
			continue
		}
		m.Objectives = m.Objectives[:1]
		name := fmt.Sprintf("seed %d", seed)
		want, err := solver.Certify(ctx, brute.Backend{}, m)
		if err != nil {
			t.Fatalf("%s: brute: %v", name, err)
		}
		got, err := solver.Certify(ctx, sat.Backend{CoreGuided: true}, m)
		if err != nil {
			t.Fatalf("%s: core-guided: %v\n%s", name, err, dump(m))
		}
		if got.Status != want.Status || fmt.Sprint(got.Objective) != fmt.Sprint(want.Objective) {
			t.Fatalf("%s: core-guided %v %v, brute %v %v\n%s", name, got.Status, got.Objective, want.Status, want.Objective, dump(m))
		}
		if got.Status == solver.Optimal {
			optimal++
			if (got.Unique == nil) != (want.Unique == nil) || (got.Unique != nil && *got.Unique != *want.Unique) {
				t.Errorf("%s: unique %v, brute %v", name, fmtBool(got.Unique), fmtBool(want.Unique))
			}
			for _, b := range []sat.Backend{{CoreGuided: true}, {}} {
				s, err := b.Load(m)
				if err != nil {
					t.Fatal(err)
				}
				if _, err := s.Optimize(ctx); err != nil {
					t.Fatal(err)
				}
				if v, ok := s.(*sat.Solver).ProvenBound(); !ok || v != got.Objective[0] {
					t.Errorf("%s: core-guided %v: proven bound %d (%v), optimum %d", name, b.CoreGuided, v, ok, got.Objective[0])
				}
			}
		}
	}
	t.Logf("%d models with an optimum", optimal)
	if optimal < n/10 {
		t.Errorf("only %d of %d models had an optimum: the test says little", optimal, n)
	}
}

// TestCoreGuidedWeights: a weighted covering model where stratification,
// core weights and totalizer extensions all come into play; the optimum is
// the brute-force one.
func TestCoreGuidedWeights(t *testing.T) {
	ctx := context.Background()
	for seed := uint64(1); seed <= 30; seed++ {
		r := rand.New(rand.NewPCG(seed, 3))
		m := encode.NewModel()
		var xs []encode.Var
		var obj []encode.Term
		for i := range 10 {
			x := m.NewBool(fmt.Sprintf("x%d", i))
			xs = append(xs, x)
			obj = append(obj, encode.Term{Var: x, Coef: []int64{1, 2, 3, 100}[r.IntN(4)]})
		}
		u := m.NewInt("u", 0, 3)
		obj = append(obj, encode.Term{Var: u, Coef: 7})
		for c := range 8 {
			var ls []encode.Lit
			for _, x := range xs {
				if r.IntN(3) == 0 {
					ls = append(ls, x.Lit())
				}
			}
			m.AddAtLeast(ls, min(len(ls), 1+r.IntN(2))).Named(fmt.Sprintf("cover %d", c))
		}
		terms := []encode.Term{{Var: u, Coef: 1}}
		for _, x := range xs[:5] {
			terms = append(terms, encode.Term{Var: x, Coef: 1})
		}
		m.AddLinear(terms, encode.GE, 4).Named("u makes up for x0..x4")
		m.Minimize(obj...)
		want, err := solver.Certify(ctx, brute.Backend{}, m)
		if err != nil {
			t.Fatal(err)
		}
		got, err := solver.Certify(ctx, sat.Backend{CoreGuided: true}, m)
		if err != nil {
			t.Fatal(err)
		}
		if got.Status != want.Status || fmt.Sprint(got.Objective) != fmt.Sprint(want.Objective) {
			t.Errorf("seed %d: core-guided %v %v, brute %v %v", seed, got.Status, got.Objective, want.Status, want.Objective)
		}
	}
}

func fmtBool(b *bool) string {
	if b == nil {
		return "unsettled"
	}
	return fmt.Sprint(*b)
}
