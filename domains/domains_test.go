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
