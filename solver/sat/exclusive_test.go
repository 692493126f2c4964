package sat_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/plancert/plancert/encode"
)

// exclusiveModel returns a seeded random model whose objective levels are
// codes of choices among exclusive options: 2–4 groups of 2–4 booleans,
// each under AtMost 1 or Exactly 1 (some conditional on a literal, which
// must not take the counter-free path), random side constraints across
// groups, and 1–4 levels, each over one group's variables with positive
// weights (ties included), minimized or maximized; sometimes a term from a
// second group, which must also not take it.
func exclusiveModel(rng *rand.Rand) *encode.Model {
	m := encode.NewModel()
	var groups [][]encode.Var
	for g := range 2 + rng.IntN(3) {
		var vs []encode.Var
		var lits []encode.Lit
		for i := range 2 + rng.IntN(3) {
			v := m.NewBool(fmt.Sprintf("g%d_%d", g, i))
			vs = append(vs, v)
			lits = append(lits, encode.Lit{Var: v})
		}
		var c *encode.Constraint
		if rng.IntN(2) == 0 {
			c = m.AddAtMost(lits, 1)
		} else {
			c = m.AddExactly(lits, 1)
		}
		if rng.IntN(6) == 0 {
			c.OnlyIf(encode.Lit{Var: m.NewBool(fmt.Sprintf("on%d", g))})
		}
		groups = append(groups, vs)
	}
	all := func() encode.Lit {
		g := groups[rng.IntN(len(groups))]
		return encode.Lit{Var: g[rng.IntN(len(g))], Neg: rng.IntN(2) == 0}
	}
	for range rng.IntN(4) {
		ls := []encode.Lit{all(), all(), all()}
		if rng.IntN(2) == 0 {
			m.AddAtLeast(ls, 1)
		} else {
			m.AddAtMost(ls, 2)
		}
	}
	for range 1 + rng.IntN(4) {
		g := groups[rng.IntN(len(groups))]
		var ts []encode.Term
		for _, v := range g {
			ts = append(ts, encode.Term{Var: v, Coef: 1 + int64(rng.IntN(3))})
		}
		if rng.IntN(5) == 0 {
			h := groups[rng.IntN(len(groups))]
			ts = append(ts, encode.Term{Var: h[0], Coef: 2})
		}
		if rng.IntN(4) == 0 {
			m.Maximize(ts...)
		} else {
			m.Minimize(ts...)
		}
	}
	return m
}

// TestExclusiveLevelsAgreeWithBrute: objective levels over exclusive
// options are bounded without a counter (encode's exclusive levels, the
// stated per-entry tie-breaks of rosters); on seeded random models the
// SAT certificate agrees with brute force on status, the optimal vector
// and uniqueness.
func TestExclusiveLevelsAgreeWithBrute(t *testing.T) {
	n := 300
	if testing.Short() {
		n = 100
	}
	for seed := uint64(1); seed <= uint64(n); seed++ {
		m := exclusiveModel(rand.New(rand.NewPCG(seed, 11)))
		name := fmt.Sprintf("seed %d", seed)
		got, want := certifyBoth(t, name, m)
		sameUniqueness(t, name, m, got, want)
	}
}
