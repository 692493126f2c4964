package domains

import "testing"

func TestAlwaysOn(t *testing.T) {
	for g, want := range map[string]bool{
		"core: M1 is scheduled once":                    true,
		"if Oak fails: core: Ana attends one at a time": true,
		"availability of Ana":                           false,
		"if Oak fails: availability of Ana":             false,
		"room failure":                                  false,
		"buffer for core: team":                         false, // a name that merely contains it
	} {
		if got := AlwaysOn(g); got != want {
			t.Errorf("AlwaysOn(%q) = %v, want %v", g, got, want)
		}
	}
}

// TestSpecHas: Has finds a unit of every tier, no other, and allocates
// nothing.
func TestSpecHas(t *testing.T) {
	s := Spec{Basic: []string{"a"}, Medium: []string{"b"}, Hard: []string{"c"}, Stateful: []string{"d"}}
	for _, id := range []string{"a", "b", "c", "d"} {
		if !s.Has(id) {
			t.Errorf("Has(%q) = false", id)
		}
	}
	if s.Has("e") || (Spec{}).Has("a") {
		t.Error("Has of a unit not sampled")
	}
	if n := testing.AllocsPerRun(100, func() { s.Has("d") }); n != 0 {
		t.Errorf("Has allocates %v times", n)
	}
}

func TestSizeTable(t *testing.T) {
	got := SizeTable(2, func(sub, level int) []Size {
		return []Size{{Name: "jobs", Lo: level + sub, Hi: 2*level + sub}, {Name: "days", Lo: 1, Hi: 1 + sub}}
	})
	if len(got) != Levels {
		t.Fatalf("SizeTable: %d levels, want %d", len(got), Levels)
	}
	for i, ls := range got {
		level := i + 1
		want := []Size{{Name: "jobs", Lo: level, Hi: 2*level + 1}, {Name: "days", Lo: 1, Hi: 2}}
		if ls.Level != level || len(ls.Sizes) != 2 || ls.Sizes[0] != want[0] || ls.Sizes[1] != want[1] {
			t.Errorf("level %d: %+v, want %+v", level, ls, want)
		}
	}
	for _, l := range []int{0, Levels + 1, -1} {
		if CheckLevel(l) == nil {
			t.Errorf("CheckLevel(%d) = nil", l)
		}
	}
	if (Spec{}).AtLevel() != 1 || (Spec{Level: 3}).AtLevel() != 3 {
		t.Error("AtLevel: 0 must read as 1")
	}
}

type orderUnit string

func (u orderUnit) Info() Unit { return Unit{ID: string(u)} }

// TestPoolInOrder: the registry's view in the given order; a missing or
// unknown ID panics.
func TestPoolInOrder(t *testing.T) {
	p := Pool[orderUnit]{"a", "b", "c"}
	got := p.InOrder("c", "a", "b")
	if len(got) != 3 || got[0].ID != "c" || got[1].ID != "a" || got[2].ID != "b" {
		t.Errorf("InOrder = %v", got)
	}
	for _, ids := range [][]string{{"a", "b"}, {"a", "b", "d"}} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("InOrder(%v) did not panic", ids)
				}
			}()
			p.InOrder(ids...)
		}()
	}
}
