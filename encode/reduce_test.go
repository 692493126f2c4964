package encode

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// reduceModel is a seeded model of n booleans with random exactly-k
// groups (overlapping, some over vars outside the objective) and random
// weights of both signs, for the tests of reduceCosts.
func reduceModel(r *rand.Rand, n int) *Model {
	m := NewModel()
	var vs []Var
	for i := range n {
		vs = append(vs, m.NewBool(fmt.Sprintf("b%d", i)))
	}
	for g := range 1 + r.IntN(4) {
		var ls []Lit
		for _, v := range vs {
			if r.IntN(2) == 0 {
				ls = append(ls, v.Lit())
			}
		}
		if len(ls) == 0 {
			continue
		}
		m.AddExactly(ls, r.IntN(len(ls)+1)).Named(fmt.Sprintf("g%d", g))
	}
	var obj []Term
	for _, v := range vs {
		if r.IntN(4) > 0 {
			obj = append(obj, Term{Var: v, Coef: r.Int64N(21) - 6})
		}
	}
	m.Minimize(obj...)
	return m
}

// TestReduceCostsIdentity: on random models, the reduced sum plus the
// shift equals the objective on every assignment that satisfies the
// exactly-k groups, and LevelBound is at most the least such objective.
func TestReduceCostsIdentity(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for iter := range 300 {
		n := 2 + r.IntN(9)
		m := reduceModel(r, n)
		e, err := Lower(m, &Log{})
		if err != nil {
			t.Fatal(err)
		}
		ts := mergeTerms(m.Objectives[0].Terms)
		red := e.reduceCosts(ts)
		best, feasible := int64(1)<<62, false
		a := make(Assignment, n)
		for mask := 0; mask < 1<<n; mask++ {
			for i := range n {
				a[i] = int64(mask >> i & 1)
			}
			if m.Check(a) != nil {
				continue
			}
			feasible = true
			want := SumTerms(m.Objectives[0].Terms, a)
			if got := SumTerms(red.terms, a) + red.shift; got != want {
				t.Fatalf("iter %d: %v: reduced sum %d, objective %d", iter, a, got, want)
			}
			best = min(best, want)
		}
		if lb := e.LevelBound(0); feasible && lb > best {
			t.Fatalf("iter %d: LevelBound %d above the optimum %d", iter, lb, best)
		}
	}
}

// TestReduceCostsKLeast: for disjoint exactly-k groups, LevelBound is the
// LP bound of the groups, the sum of each group's k least weights (the
// one-pass reduction by the least weight gave only k times the least).
func TestReduceCostsKLeast(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for iter := range 50 {
		m := NewModel()
		var obj []Term
		var want int64
		for g := range 1 + r.IntN(5) {
			size := 1 + r.IntN(6)
			k := r.IntN(size + 1)
			var ls []Lit
			var ws []int64
			for i := range size {
				v := m.NewBool(fmt.Sprintf("g%d_%d", g, i))
				ls = append(ls, v.Lit())
				w := r.Int64N(30) - 5
				ws = append(ws, w)
				obj = append(obj, Term{Var: v, Coef: w})
			}
			m.AddExactly(ls, k).Named(fmt.Sprintf("g%d", g))
			slices.Sort(ws)
			for _, w := range ws[:k] {
				want += w
			}
		}
		m.Minimize(obj...)
		e, err := Lower(m, &Log{})
		if err != nil {
			t.Fatal(err)
		}
		if got := e.LevelBound(0); got != want {
			t.Fatalf("iter %d: LevelBound %d, sum of the k least weights %d", iter, got, want)
		}
	}
}
