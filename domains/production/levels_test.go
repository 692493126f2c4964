package production

import (
	"slices"
	"testing"

	"github.com/plancert/plancert/internal/familytest"
)

// TestLevelSizes checks every subtask's levels without solving: the
// level's machines are the subtask's own plus the next ones of its line,
// in the line's order, the changeover machine is the same machine, the
// name pool holds the level-1 names and is long enough, and atLevel
// leaves the subtask as it was.
func TestLevelSizes(t *testing.T) {
	for _, tk := range registeredTasks {
		familytest.SubtaskLevels(t, tk.Subtasks, func(st *subtask) string { return st.ID }, func(st *subtask, level int) {
			if level == 1 {
				for _, n := range st.Names {
					if !slices.Contains(st.NamePool, n) {
						t.Errorf("%s: job %q is not in its pool", st.ID, n)
					}
				}
				return
			}
			at := st.atLevel(level)
			if len(at.Machines) != levelMachines[level] || at.NJobs.Hi > len(at.Names) || at.NJobs != levelJobs[level] {
				t.Errorf("%s level %d: %d machines, jobs %v of %d names", st.ID, level, len(at.Machines), at.NJobs, len(at.Names))
			}
			for _, mc := range st.Machines {
				if !slices.Contains(at.Machines, mc) {
					t.Errorf("%s level %d: machine %q dropped", st.ID, level, mc)
				}
			}
			if st.Change >= 0 && at.Machines[at.Change] != st.Machines[st.Change] {
				t.Errorf("%s level %d: changeovers on %q, want %q", st.ID, level, at.Machines[at.Change], st.Machines[st.Change])
			}
		})
	}
}
