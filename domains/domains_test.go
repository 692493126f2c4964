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
