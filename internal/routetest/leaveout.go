package routetest

import (
	"fmt"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/internal/familytest"
)

// LeftOutDraws calls draw for each draw of a skin's left-out test (its
// TestLeftOutUnitsAreVacuous): every subtask of tk (si its place in
// tk.Subtasks), each unit set of sets, level 1 and seeds 1..6 (levels 1
// and 3, seeds 1..20 with PLANCERT_LONG=1). spec is the subtask's spec at
// the seed with the set's units (units), its Level set; name names the draw in
// errors. draw draws the instance as the skin's generate does and
// compares it with the one the skin keeps.
func LeftOutDraws(t *testing.T, tk *domains.Task, sets [][]string, draw func(name string, si int, spec domains.Spec, units []string)) {
	t.Helper()
	seeds, lvls := uint64(6), []int{1}
	if familytest.Long() {
		seeds, lvls = 20, []int{1, 3}
	}
	for si, st := range tk.Subtasks {
		for _, units := range sets {
			for _, level := range lvls {
				for seed := uint64(1); seed <= seeds; seed++ {
					spec := familytest.NewSpec(t, tk, st.ID, seed, units...)
					spec.Level = level
					draw(fmt.Sprintf("%s %v level %d seed %d", st.ID, units, level, seed), si, spec, units)
				}
			}
		}
	}
}
