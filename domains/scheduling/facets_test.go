package scheduling

import "testing"

// TestLevelers: the units listed as levelers are exactly the pool's units
// with the leveler facet.
func TestLevelers(t *testing.T) {
	listed := map[string]bool{}
	for _, l := range levelers {
		listed[l.(unit).Info().ID] = true
	}
	for _, u := range pool {
		if _, ok := u.(leveler); ok != listed[u.Info().ID] {
			t.Errorf("unit %s: leveler %v, listed %v", u.Info().ID, ok, listed[u.Info().ID])
		}
	}
}
