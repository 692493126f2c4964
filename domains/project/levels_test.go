package project

import (
	"slices"
	"testing"

	"github.com/plancert/plancert/internal/familytest"
)

// TestLevelSizes checks every subtask's levels without solving: the long
// pools hold the level-1 names without repeats and are long enough for
// level 5's counts, and atLevel leaves the subtask as it was.
func TestLevelSizes(t *testing.T) {
	for _, tk := range registered {
		var prev span
		familytest.SubtaskLevels(t, tk.Subtasks, func(st *subtask) string { return st.ID }, func(st *subtask, level int) {
			if level == 1 {
				for _, pool := range [][]string{st.Pool, st.ResPool} {
					seen := map[string]bool{}
					for _, x := range pool {
						if seen[x] {
							t.Errorf("%s: %q twice in a pool", st.ID, x)
						}
						seen[x] = true
					}
				}
				for _, a := range st.Activities {
					if !slices.Contains(st.Pool, a) {
						t.Errorf("%s: activity %q is not in its pool", st.ID, a)
					}
				}
				for _, r := range st.Resources {
					if !slices.Contains(st.ResPool, r) {
						t.Errorf("%s: resource %q is not in its pool", st.ID, r)
					}
				}
				prev = st.NAct
				return
			}
			at := st.atLevel(level, &tk.Acts)
			if at.NAct.Hi > len(at.Activities) || at.NRes.Hi > len(at.Resources) || at.NAct.Lo <= prev.Lo || at.NRes.Lo < 1 {
				t.Errorf("%s level %d: sizes %v of %d activities, %v of %d resources", st.ID, level, at.NAct, len(at.Activities), at.NRes, len(at.Resources))
			}
			if want := levelActivities[level]; at.NAct != want && at.NAct != tk.Acts[level] {
				t.Errorf("%s level %d: %v activities, want %v", st.ID, level, at.NAct, want)
			}
			prev = at.NAct
		})
	}
}
