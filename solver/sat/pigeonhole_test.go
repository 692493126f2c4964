package sat_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/plancert/plancert/encode"
	"github.com/plancert/plancert/solver"
	"github.com/plancert/plancert/solver/sat"
)

// pigeonhole places n+1 pigeons into n holes: "pigeon i" says it sits in
// some hole, "hole h" that at most one pigeon sits there.
func pigeonhole(n int) *encode.Model {
	m := encode.NewModel()
	p := make([][]encode.Var, n+1)
	for i := range p {
		for h := 0; h < n; h++ {
			p[i] = append(p[i], m.NewBool(fmt.Sprintf("p%d_%d", i, h)))
		}
	}
	for i := range p {
		var ls []encode.Lit
		for h := range n {
			ls = append(ls, p[i][h].Lit())
		}
		m.AddAtLeast(ls, 1).Named(fmt.Sprintf("pigeon %d", i))
	}
	for h := range n {
		var ls []encode.Lit
		for i := range p {
			ls = append(ls, p[i][h].Lit())
		}
		m.AddAtMost(ls, 1).Named(fmt.Sprintf("hole %d", h))
	}
	return m
}

// TestPigeonhole: n+1 pigeons do not fit in n holes, and every one of the
// 2n+1 constraints is needed (dropping a pigeon or a hole leaves a
// feasible model), so the minimal core is the whole model.
func TestPigeonhole(t *testing.T) {
	ns := []int{2, 3, 4, 5, 6}
	if long() {
		ns = append(ns, 7, 8)
	}
	for _, n := range ns {
		m := pigeonhole(n)
		c, err := solver.Certify(context.Background(), sat.Backend{}, m)
		if err != nil {
			t.Fatalf("n=%d: %v", n, err)
		}
		if c.Status != solver.Infeasible {
			t.Fatalf("n=%d: status %v", n, c.Status)
		}
		if len(c.Core) != 2*n+1 {
			t.Fatalf("n=%d: core %v has %d members, want all %d", n, c.Core, len(c.Core), 2*n+1)
		}
		t.Logf("n=%d: core of %d proven minimal; %d solve calls, %d conflicts, %v", n, len(c.Core), c.Stats.SolveCalls, c.Stats.Conflicts, c.Stats.Wall)
	}
}

// TestCoreLeavesOutIrrelevant: a constraint that plays no part in the
// conflict is not in the core.
func TestCoreLeavesOutIrrelevant(t *testing.T) {
	m := pigeonhole(3)
	x := m.NewInt("x", 0, 9)
	m.AddLinear([]encode.Term{{Var: x, Coef: 1}}, encode.GE, 4).Named("x at least 4")
	m.AddLinear([]encode.Term{{Var: x, Coef: 1}}, encode.LE, 3).Named("x at most 3")
	c, err := solver.Certify(context.Background(), sat.Backend{}, m)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"x at least 4", "x at most 3"}
	if fmt.Sprint(c.Core) != fmt.Sprint(want) {
		t.Fatalf("core %v, want %v", c.Core, want)
	}
}
