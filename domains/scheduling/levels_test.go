package scheduling

import (
	"slices"
	"testing"

	"github.com/plancert/plancert/internal/familytest"
)

// TestLevelPools: at every level, each subtask's pools are long enough for
// the sizes the level asks for (a span capped by a short pool would make
// the level smaller than stated), names are distinct, candidates are not
// interviewers, added activities of a subtask whose activities all have tags have
// tags too, and level
// 1's subtask is left as it was.
func TestLevelPools(t *testing.T) {
	for _, tk := range registered {
		name := func(st *subtask) string { return tk.ID + "/" + st.ID }
		familytest.SubtaskLevels(t, tk.Subtasks, name, func(st *subtask, level int) {
			if level == 1 {
				return
			}
			s := atLevel(st, level)
			if len(s.Activities) > 0 {
				if want := st.NActs.Hi + levelActs[level][1]; s.NActs.Hi != want {
					t.Errorf("%s/%s level %d: activities up to %d, want %d (pool of %d)", tk.ID, st.ID, level, s.NActs.Hi, want, len(s.Activities))
				}
			}
			if want := st.NPeople.Hi + levelPeople[level]; s.NPeople.Hi != want {
				t.Errorf("%s/%s level %d: people up to %d, want %d", tk.ID, st.ID, level, s.NPeople.Hi, want)
			}
			if level >= 4 && s.NRooms.Hi != st.NRooms.Hi+1 {
				t.Errorf("%s/%s level %d: rooms up to %d, want %d", tk.ID, st.ID, level, s.NRooms.Hi, st.NRooms.Hi+1)
			}
			names := slices.Concat(s.People, s.Activities)
			if s.Pipeline != nil {
				names = append(names, s.Pipeline.Candidates...)
			}
			for _, xs := range [][]string{names, s.Rooms, s.Days} {
				c := slices.Clone(xs)
				slices.Sort(c)
				if len(slices.Compact(c)) != len(xs) {
					t.Errorf("%s/%s level %d: a name twice in %v", tk.ID, st.ID, level, xs)
				}
			}
			if st.Tags != nil && len(st.Tags) == len(st.Activities) {
				for _, a := range s.Activities[len(st.Activities):] {
					if _, ok := s.Tags[a]; !ok {
						t.Errorf("%s/%s level %d: added activity %q has no tag", tk.ID, st.ID, level, a)
					}
				}
			}
		})
	}
	for id := range moreNames {
		found := false
		for _, tk := range registered {
			for _, st := range tk.Subtasks {
				found = found || st.ID == id
			}
		}
		if !found {
			t.Errorf("moreNames: no subtask %q", id)
		}
	}
}
