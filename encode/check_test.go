package encode_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/plancert/plancert/encode"
)

// TestCheckCatchesEachKind: for every constraint kind, a model, an
// assignment that satisfies it, and mutations that break it; Check must
// accept the first and name the broken constraint for each mutation.
func TestCheckCatchesEachKind(t *testing.T) {
	type mutation struct {
		set  map[string]int64
		want string // substring of the reason
	}
	tests := []struct {
		name  string
		build func(m *encode.Model)
		good  map[string]int64
		bad   []mutation
	}{
		{"linear", func(m *encode.Model) {
			x, y := m.NewInt("x", 0, 9), m.NewInt("y", 0, 9)
			m.AddLinear([]encode.Term{{Var: x, Coef: 2}, {Var: y, Coef: -1}}, encode.LE, 3).Named("c")
		}, map[string]int64{"x": 2, "y": 1}, []mutation{{map[string]int64{"x": 3}, "sum is 5, want <= 3"}}},
		{"linear eq", func(m *encode.Model) {
			x := m.NewInt("x", 0, 9)
			m.AddLinear([]encode.Term{{Var: x, Coef: 1}}, encode.EQ, 4).Named("c")
		}, map[string]int64{"x": 4}, []mutation{{map[string]int64{"x": 5}, "want = 4"}, {map[string]int64{"x": 3}, "want = 4"}}},
		{"at_most", func(m *encode.Model) {
			a, b := m.NewBool("a"), m.NewBool("b")
			m.AddAtMost([]encode.Lit{a.Lit(), b.Not()}, 1).Named("c")
		}, map[string]int64{"a": 0, "b": 0}, []mutation{{map[string]int64{"a": 1}, "2 true"}}},
		{"at_least", func(m *encode.Model) {
			a, b := m.NewBool("a"), m.NewBool("b")
			m.AddAtLeast([]encode.Lit{a.Lit(), b.Lit()}, 2).Named("c")
		}, map[string]int64{"a": 1, "b": 1}, []mutation{{map[string]int64{"b": 0}, "1 true"}}},
		{"exactly", func(m *encode.Model) {
			a, b := m.NewBool("a"), m.NewBool("b")
			m.AddExactly([]encode.Lit{a.Lit(), b.Lit()}, 1).Named("c")
		}, map[string]int64{"a": 1, "b": 0}, []mutation{{map[string]int64{"b": 1}, "2 true"}, {map[string]int64{"a": 0}, "0 true"}}},
		{"all_different", func(m *encode.Model) {
			x, y := m.NewInt("x", 0, 3), m.NewInt("y", 0, 3)
			m.AddAllDifferent(x, y).Named("c")
		}, map[string]int64{"x": 1, "y": 2}, []mutation{{map[string]int64{"y": 1}, "x = y = 1"}}},
		{"no_overlap", func(m *encode.Model) {
			x, y, p := m.NewInt("x", 0, 9), m.NewInt("y", 0, 9), m.NewBool("p")
			m.AddNoOverlap(encode.Interval{Start: x, Duration: 3}, encode.Interval{Start: y, Duration: 2, Present: &encode.Lit{Var: p}}).Named("c")
		}, map[string]int64{"x": 0, "y": 3, "p": 1}, []mutation{{map[string]int64{"y": 2}, "overlaps"}}},
		{"circuit", func(m *encode.Model) {
			var arcs []encode.Arc
			for _, a := range [][2]int{{0, 1}, {1, 2}, {2, 0}, {1, 0}, {0, 2}, {2, 1}} {
				v := m.NewBool("a" + string(rune('0'+a[0])) + string(rune('0'+a[1])))
				arcs = append(arcs, encode.Arc{From: a[0], To: a[1], Lit: v.Lit()})
			}
			m.AddCircuit(arcs...).Named("c")
		}, map[string]int64{"a01": 1, "a12": 1, "a20": 1}, []mutation{
			{map[string]int64{"a10": 1}, "node 1 has two outgoing arcs"},
			{map[string]int64{"a12": 0}, "node 1 has no outgoing arc"},
		}},
		{"element", func(m *encode.Model) {
			i, y := m.NewInt("i", -1, 3), m.NewInt("y", 0, 9)
			m.AddElement(i, []int64{4, 7, 9}, y).Named("c")
		}, map[string]int64{"i": 1, "y": 7}, []mutation{{map[string]int64{"y": 4}, "want array[1] = 7"}, {map[string]int64{"i": 3}, "outside"}}},
		{"table", func(m *encode.Model) {
			x, y := m.NewInt("x", 0, 3), m.NewInt("y", 0, 3)
			m.AddTable([]encode.Var{x, y}, [][]int64{{1, 2}, {2, 3}}).Named("c")
		}, map[string]int64{"x": 2, "y": 3}, []mutation{{map[string]int64{"y": 2}, "[2 2] is not a tuple"}}},
		{"max", func(m *encode.Model) {
			t, x, y := m.NewInt("t", 0, 9), m.NewInt("x", 0, 9), m.NewInt("y", 0, 9)
			m.AddMax(t, x, y).Named("c")
		}, map[string]int64{"t": 5, "x": 5, "y": 2}, []mutation{{map[string]int64{"y": 6}, "want max 6"}, {map[string]int64{"t": 6}, "want max 5"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := encode.NewModel()
			tt.build(m)
			a := make(encode.Assignment, len(m.Vars))
			for i, vi := range m.Vars {
				a[i] = vi.Lo
				if vi.Lo < 0 {
					a[i] = 0
				}
			}
			set := func(a encode.Assignment, vals map[string]int64) {
				for n, v := range vals {
					x, ok := m.Lookup(n)
					if !ok {
						t.Fatalf("no variable %q", n)
					}
					a[x] = v
				}
			}
			set(a, tt.good)
			if err := m.Check(a); err != nil {
				t.Fatalf("good assignment rejected: %v", err)
			}
			for _, mu := range tt.bad {
				b := append(encode.Assignment(nil), a...)
				set(b, mu.set)
				err := m.Check(b)
				var ce *encode.CheckError
				if !errors.As(err, &ce) || ce.Violations[0].Constraint != "c" || !strings.Contains(ce.Violations[0].Reason, mu.want) {
					t.Errorf("mutation %v: got %v, want constraint c with %q", mu.set, err, mu.want)
				}
				// With a false enforcement literal the constraint holds.
				m2 := *m
				m2.Vars = append([]encode.VarInfo(nil), m.Vars...)
				off := m2.NewBool("off")
				c := *m.Constraints[0]
				c.Enforce = []encode.Lit{off.Lit()}
				m2.Constraints = []*encode.Constraint{&c}
				if err := m2.Check(append(b, 0)); err != nil {
					t.Errorf("mutation %v under a false only_if: %v", mu.set, err)
				}
			}
		})
	}
}

func TestCheckDomainAndLength(t *testing.T) {
	m := encode.NewModel()
	m.NewInt("x", 0, 3)
	if err := m.Check(encode.Assignment{4}); err == nil || !strings.Contains(err.Error(), "x = 4 outside [0, 3]") {
		t.Errorf("domain: %v", err)
	}
	if err := m.Check(encode.Assignment{}); err == nil {
		t.Error("short assignment accepted")
	}
}

func TestValidate(t *testing.T) {
	tests := []struct {
		build func(m *encode.Model)
		want  string
	}{
		{func(m *encode.Model) { m.NewInt("x", 3, 2) }, `variable "x": empty domain [3, 2]`},
		{func(m *encode.Model) { m.NewInt("x", 0, encode.MaxDomain) }, "has more than"},
		{func(m *encode.Model) { m.NewInt("x", 0, 1); m.NewBool("x") }, `duplicate variable name "x"`},
		{func(m *encode.Model) {
			x := m.NewInt("x", 0, 3)
			m.AddAtMost([]encode.Lit{x.Lit()}, 1).Named("c")
		}, `constraint "c": literal over int variable "x"`},
		{func(m *encode.Model) {
			a := m.NewBool("a")
			m.AddCircuit(encode.Arc{From: 1, To: 1, Lit: a.Lit()}).Named("c")
		}, "self-loop at node 1"},
		{func(m *encode.Model) {
			x := m.NewInt("x", 0, 3)
			m.AddLinear([]encode.Term{{Var: x, Coef: 1}}, encode.LE, 1).Named("c")
			m.AddLinear([]encode.Term{{Var: x, Coef: 1}}, encode.LE, 2).Named("c")
		}, `duplicate constraint name "c"`},
		{func(m *encode.Model) {
			x := m.NewInt("x", 0, 3)
			m.AddTable([]encode.Var{x}, [][]int64{{1, 2}}).Named("c")
		}, "tuple 0 has 2 values for 1 variables"},
		{func(m *encode.Model) {
			x := m.NewInt("x", 0, 1000)
			m.AddLinear([]encode.Term{{Var: x, Coef: 1 << 50}}, encode.LE, 1).Named("c")
		}, "beyond ±1e15"},
		{func(m *encode.Model) { m.Minimize(encode.Term{Var: 7, Coef: 1}) }, "objective level 0: unknown variable 7"},
	}
	for _, tt := range tests {
		m := encode.NewModel()
		tt.build(m)
		err := m.Validate()
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("got %v, want %q", err, tt.want)
		}
	}
}
