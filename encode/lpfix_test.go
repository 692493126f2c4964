package encode

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// lpModel is a seeded model of n booleans with random AtMost, AtLeast and
// Exactly rows (some over negated literals, some enforced, which the LP
// leaves out) and a random weighted sum of both signs, to minimize or
// maximize.
func lpModel(r *rand.Rand, n int) *Model {
	m := NewModel()
	var vs []Var
	for i := range n {
		vs = append(vs, m.NewBool(fmt.Sprintf("b%d", i)))
	}
	for g := range 1 + r.IntN(5) {
		var ls []Lit
		for _, v := range vs {
			if r.IntN(2) == 0 {
				ls = append(ls, Lit{Var: v, Neg: r.IntN(4) == 0})
			}
		}
		if len(ls) == 0 {
			continue
		}
		k := r.IntN(len(ls) + 1)
		var c *Constraint
		switch r.IntN(3) {
		case 0:
			c = m.AddAtMost(ls, k)
		case 1:
			c = m.AddAtLeast(ls, k)
		default:
			c = m.AddExactly(ls, k)
		}
		c.Named(fmt.Sprintf("r%d", g))
		if r.IntN(6) == 0 {
			c.OnlyIf(vs[r.IntN(n)].Lit())
		}
	}
	var obj []Term
	for _, v := range vs {
		if r.IntN(4) > 0 {
			obj = append(obj, Term{Var: v, Coef: r.Int64N(21) - 6})
		}
	}
	if r.IntN(3) == 0 {
		m.Maximize(obj...)
	} else {
		m.Minimize(obj...)
	}
	return m
}

// TestLPFixing: on random models, LPBound is a bound no solution beats,
// and for every bound t it accepts, each fixing holds in every solution at
// least as good as t (checked over all assignments).
func TestLPFixing(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	fixings, bounds := 0, 0
	for iter := range 300 {
		n := 2 + r.IntN(9)
		m := lpModel(r, n)
		if len(m.Objectives[0].Terms) < 2 {
			continue
		}
		log := &Log{}
		e, err := Lower(m, log)
		if err != nil {
			t.Fatal(err)
		}
		max := m.Objectives[0].Sense == Maximize
		better := func(a, b int64) bool { return a < b != max && a != b }
		var sols []Assignment
		var objs []int64
		a := make(Assignment, n)
		for mask := 0; mask < 1<<n; mask++ {
			for i := range n {
				a[i] = int64(mask >> i & 1)
			}
			if m.Check(a) == nil {
				sols = append(sols, append(Assignment(nil), a...))
				objs = append(objs, SumTerms(m.Objectives[0].Terms, a))
			}
		}
		if len(sols) == 0 {
			continue
		}
		opt, worst := objs[0], objs[0]
		for _, o := range objs {
			if better(o, opt) {
				opt = o
			}
			if better(worst, o) {
				worst = o
			}
		}
		lb, ok := e.LPBound(0, worst)
		if !ok {
			continue
		}
		bounds++
		if better(opt, lb) {
			t.Fatalf("iter %d: LPBound %d beaten by the optimum %d", iter, lb, opt)
		}
		cnf := map[int32]Var{}
		for v := range m.Vars {
			cnf[e.Ge(Var(v), 1)] = Var(v)
		}
		step := int64(1)
		if max {
			step = -1
		}
		for tb := lb - 2*step; tb != worst+step; tb += step {
			act, ok := e.LPFixing(0, worst, tb)
			if !ok {
				continue
			}
			if better(tb, lb) {
				t.Fatalf("iter %d: fixings for %d, beyond the LP bound %d", iter, tb, lb)
			}
			for _, cl := range log.Clauses {
				if len(cl) != 2 || cl[0] != -act {
					continue
				}
				fixings++
				l := cl[1]
				v, want := cnf[max32(l)], int64(1)
				if l < 0 {
					want = 0
				}
				for i, s := range sols {
					if !better(tb, objs[i]) && s[v] != want {
						t.Fatalf("iter %d: bound %d fixes %s = %d, but %v (objective %d) has %d", iter, tb, m.Vars[v].Name, want, s, objs[i], s[v])
					}
				}
			}
		}
	}
	if fixings < 100 || bounds < 100 {
		t.Fatalf("only %d fixings over %d bounds checked", fixings, bounds)
	}
}

func max32(l int32) int32 { return max(l, -l) }
