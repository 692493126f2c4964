package encode

import (
	"reflect"
	"testing"
)

// TestCommonLevels: a model with the same rules and more objective levels
// shares the common prefix of levels; a change to any field of any
// constraint (each field of Constraint in turn, so that a field added
// later and not compared fails here), to a variable or to the answer makes
// it no extension.
func TestCommonLevels(t *testing.T) {
	build := func() *Model {
		m := NewModel()
		x, y := m.NewInt("x", 0, 5), m.NewBool("y")
		p := y.Lit()
		c := m.AddLinear([]Term{{Var: x, Coef: 2}}, LE, 7)
		c.Enforce = []Lit{p}
		c.Lits, c.K, c.Vars, c.Array, c.Tuples = []Lit{p}, 1, []Var{x}, []int64{1}, [][]int64{{1, 2}}
		c.Intervals = []Interval{{Start: x, Duration: 2, Present: &p}}
		c.Arcs = []Arc{{From: 0, To: 1, Lit: p}}
		m.Minimize(Term{Var: x, Coef: 1})
		m.SetAnswer(x)
		return m
	}
	prev, next := build(), build()
	next.Maximize(Term{Var: Var(1), Coef: 1})
	if keep, ok := CommonLevels(prev, next); !ok || keep != 1 {
		t.Fatalf("an added level: keep %d, ok %v; want 1, true", keep, ok)
	}
	restated := build()
	restated.Objectives[0].Sense = Maximize
	if keep, ok := CommonLevels(prev, restated); !ok || keep != 0 {
		t.Errorf("a restated level: keep %d, ok %v; want 0, true", keep, ok)
	}
	ct := reflect.TypeOf(Constraint{})
	for i := range ct.NumField() {
		changed := build()
		f := reflect.ValueOf(changed.Constraints[0]).Elem().Field(i)
		switch f.Kind() {
		case reflect.String:
			f.SetString(f.String() + "'")
		case reflect.Int, reflect.Int64, reflect.Uint8:
			if f.CanInt() {
				f.SetInt(f.Int() + 1)
			} else {
				f.SetUint(f.Uint() + 1)
			}
		case reflect.Slice:
			f.Set(reflect.Zero(f.Type()))
		default:
			t.Fatalf("Constraint.%s: kind %s has no change here", ct.Field(i).Name, f.Kind())
		}
		if _, ok := CommonLevels(prev, changed); ok {
			t.Errorf("a change of Constraint.%s is taken for an extension", ct.Field(i).Name)
		}
	}
	present := build()
	*present.Constraints[0].Intervals[0].Present = Lit{Var: 1, Neg: true}
	if _, ok := CommonLevels(prev, present); ok {
		t.Error("a change of an interval's presence literal is taken for an extension")
	}
	other := build()
	other.Vars[0].Hi = 6
	if _, ok := CommonLevels(prev, other); ok {
		t.Error("a changed variable domain is taken for an extension")
	}
	other = build()
	other.Answer = nil
	if _, ok := CommonLevels(prev, other); ok {
		t.Error("a changed answer is taken for an extension")
	}
}

// TestExtendDropsReductions: after Extend, a restated level's bound comes
// from its new terms, not from the cost reduction of the level it
// replaced; a shared level keeps its bound.
func TestExtendDropsReductions(t *testing.T) {
	build := func(w ...int64) *Model {
		m := NewModel()
		var ls []Lit
		var ts []Term
		for i, c := range w {
			v := m.NewBool(string(rune('a' + i)))
			ls = append(ls, v.Lit())
			ts = append(ts, Term{Var: v, Coef: c})
		}
		m.AddExactly(ls, 2).Named("two")
		m.Minimize(ts...)
		return m
	}
	prev := build(5, 7, 9)
	e, err := Lower(prev, &Log{})
	if err != nil {
		t.Fatal(err)
	}
	if lb := e.LevelBound(0); lb != 12 {
		t.Fatalf("LevelBound %d, want 12", lb)
	}
	next := build(5, 7, 9)
	next.Objectives[0].Terms[0].Coef = 1
	next.Minimize(Term{Var: 2, Coef: 3})
	if keep, err := e.Extend(next); err != nil || keep != 0 {
		t.Fatalf("Extend: keep %d, %v", keep, err)
	}
	if lb := e.LevelBound(0); lb != 8 {
		t.Errorf("restated level: LevelBound %d, want 8 (1 + 7)", lb)
	}
	if lb := e.LevelBound(1); lb != 0 {
		t.Errorf("added level: LevelBound %d, want 0", lb)
	}
	again := build(5, 7, 9)
	again.Objectives[0].Terms[0].Coef = 1
	if keep, err := e.Extend(again); err != nil || keep != 1 {
		t.Fatalf("Extend back: keep %d, %v", keep, err)
	}
	if lb := e.LevelBound(0); lb != 8 {
		t.Errorf("shared level: LevelBound %d, want 8", lb)
	}
}
