package roster

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/internal/familytest"
	"github.com/plancert/plancert/solver/sat"
)

// generated returns the instance of task id, subtask sub, seed and units
// (with what they require), drawn as gen draws it.
func generated(t *testing.T, id, sub string, seed uint64, units ...string) *Roster {
	t.Helper()
	tk, _ := domains.Lookup(id)
	spec := familytest.NewSpec(t, tk, sub, seed, familytest.Requiring(tk, units...)...)
	inst, err := tk.Generate(context.Background(), sat.Backend{}, spec, rand.New(rand.NewPCG(seed, 0)))
	if err != nil {
		t.Fatalf("%s %s seed %d: %v", id, sub, seed, err)
	}
	return inst.(*Roster)
}

// TestPrefsDrawnOnce: no person's preferences name the same day and shift
// twice; the prompt listed such a pair as two preferences ("no Day shifts
// (1 each); no Day shifts (1 each)"), which reads as a slip or as two
// rules. A second draw of one adds its weight to the first, which keeps
// the penalty of every roster.
func TestPrefsDrawnOnce(t *testing.T) {
	for _, id := range []string{"shift-duty-scheduling", "volunteer-scheduling"} {
		tk, _ := domains.Lookup(id)
		for _, sub := range tk.Subtasks {
			if !sub.Allows(unitPreferences) {
				continue
			}
			for seed := uint64(1); seed <= 40; seed++ {
				r := generated(t, id, sub.ID, seed, unitPreferences)
				for p, st := range r.Staff {
					seen := map[[2]int]bool{}
					for _, f := range st.Prefs {
						if seen[[2]int{f.Day, f.Shift}] {
							t.Errorf("%s %s seed %d: %s has two preferences on the same day and shift: %s", id, sub.ID, seed, st.Name, r.prefText(p))
						}
						seen[[2]int{f.Day, f.Shift}] = true
					}
				}
			}
		}
	}
	got := addPref(addPref(nil, Pref{Day: -1, Shift: 0, Weight: 1}), Pref{Day: -1, Shift: 0, Weight: 2})
	if len(got) != 1 || got[0].Weight != 3 {
		t.Errorf("addPref of the same preference twice: %v, want one of weight 3", got)
	}
	if got = addPref(got, Pref{Day: 2, Shift: Off, Weight: 2}); len(got) != 2 {
		t.Errorf("addPref of another preference: %v, want two", got)
	}
}
