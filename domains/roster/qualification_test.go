package roster

import (
	"testing"

	"github.com/plancert/plancert/domains"
)

// TestQualificationBindsOrIsLeftOut: with the qualification unit drawn,
// the generator keeps it exactly when it binds beyond staffing (someone
// lacks the skill, or a skill shift may go unstaffed); when everyone has
// the skill and every skill shift needs someone, it is left out. Every
// subtask of both roster tasks, seeds 1..30; it fails when no draw left
// the unit out (the test would test nothing).
func TestQualificationBindsOrIsLeftOut(t *testing.T) {
	left := 0
	for _, id := range []string{"shift-duty-scheduling", "volunteer-scheduling"} {
		tk, _ := domains.Lookup(id)
		for _, st := range tk.Subtasks {
			if !st.Allows(unitQualification) {
				continue
			}
			for seed := uint64(1); seed <= 30; seed++ {
				r := generated(t, id, st.ID, seed, unitQualification)
				binds := qualification{}.Binds(r)
				if binds != r.has(unitQualification) {
					t.Errorf("%s/%s seed %d: binds %v, kept %v", id, st.ID, seed, binds, r.has(unitQualification))
				}
				if !binds {
					left++
					for _, s := range r.Staff {
						if !s.Skilled {
							t.Errorf("%s/%s seed %d: left out, but %s lacks the skill", id, st.ID, seed, s.Name)
						}
					}
				}
			}
		}
	}
	if left == 0 {
		t.Fatal("no draw left qualification out")
	}
	t.Logf("%d draws left qualification out", left)
}
