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
