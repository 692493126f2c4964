package production

import (
	"strings"
	"testing"
)

// TestIntroTellsOfNoAbsentRule: the bottling line's intro does not say
// that the filler must be rinsed between flavours: that is the changeover
// rule, which the subtask draws often but not always, and the rule says
// it when it is drawn.
func TestIntroTellsOfNoAbsentRule(t *testing.T) {
	for _, tk := range registeredTasks {
		for _, st := range tk.Subtasks {
			for _, intro := range []string{st.Voc.Intro, st.IntroAt} {
				if strings.Contains(intro, "rinsed") || strings.Contains(intro, "changeover") {
					t.Errorf("%s/%s: the intro tells of changeovers: %s", tk.ID, st.ID, intro)
				}
			}
		}
	}
}
