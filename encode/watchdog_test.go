package encode

import (
	"math/rand/v2"
	"testing"

	"github.com/go-air/gini"
	"github.com/go-air/gini/z"
)

type giniSink struct{ g *gini.Gini }

func (s giniSink) AddClause(c []int32) {
	for _, l := range c {
		s.g.Add(z.Dimacs2Lit(int(l)))
	}
	s.g.Add(z.LitNull)
}

// TestWatchdogAgreesWithSum: with the watchdog forced, the bound literal
// of every k is satisfiable together with an assignment exactly when the
// assignment's objective is within k, for random wide weights (positive
// and negative), booleans and small integers, under one cap.
func TestWatchdogAgreesWithSum(t *testing.T) {
	defer func(old int) { maxObjectiveGTE = old }(maxObjectiveGTE)
	maxObjectiveGTE = -1
	r := rand.New(rand.NewPCG(3, 4))
	for iter := 0; iter < 20; iter++ {
		m := NewModel()
		var ts []Term
		n := 2 + r.IntN(3)
		for i := range n {
			var v Var
			if r.IntN(3) == 0 {
				v = m.NewInt("x"+string(rune('a'+i)), int64(r.IntN(3))-1, 2)
			} else {
				v = m.NewBool("b" + string(rune('a'+i)))
			}
			ts = append(ts, Term{Var: v, Coef: int64(r.IntN(41)) - 10})
		}
		sense := Minimize
		if r.IntN(2) == 0 {
			sense = Maximize
		}
		if sense == Minimize {
			m.Minimize(ts...)
		} else {
			m.Maximize(ts...)
		}
		g := gini.New()
		e, err := Lower(m, giniSink{g})
		if err != nil {
			t.Fatal(err)
		}
		lo, hi := e.LevelRange(0)
		// all assignments
		var as []Assignment
		var rec func(i int, a Assignment)
		rec = func(i int, a Assignment) {
			if i == len(m.Vars) {
				as = append(as, append(Assignment(nil), a...))
				return
			}
			for v := m.Vars[i].Lo; v <= m.Vars[i].Hi; v++ {
				rec(i+1, append(a, v))
			}
		}
		rec(0, nil)
		// the first bound builds the network at its cap
		first := hi
		if sense == Maximize {
			first = lo
		}
		if _, err := e.ObjectiveBound(0, first); err != nil {
			t.Fatal(err)
		}
		for b := lo - 1; b <= hi+1; b++ {
			lit, err := e.ObjectiveBound(0, b)
			if err != nil {
				t.Fatal(err)
			}
			for _, a := range as {
				s := SumTerms(ts, a)
				want := s <= b
				if sense == Maximize {
					want = s >= b
				}
				for i := range m.Vars {
					for _, l := range e.Differs(Var(i), a[i]) {
						g.Assume(z.Dimacs2Lit(int(-l)))
					}
				}
				for _, sel := range e.Selector {
					g.Assume(z.Dimacs2Lit(int(sel)))
				}
				g.Assume(z.Dimacs2Lit(int(lit)))
				got := g.Solve() == 1
				if got != want {
					t.Fatalf("iter %d: %v %v, assignment %v (sum %d), bound %d: sat=%v want %v", iter, sense, ts, a, s, b, got, want)
				}
			}
		}
	}
}
