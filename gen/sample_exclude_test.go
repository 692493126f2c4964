package gen_test

import (
	"testing"

	"github.com/plancert/plancert/domains"
	_ "github.com/plancert/plancert/domains/all" // registers every task family
	"github.com/plancert/plancert/gen"
)

// TestSampleHonoursExclude: no sampled spec holds a unit its subtask
// excludes, and every subtask with exclusions is drawn.
func TestSampleHonoursExclude(t *testing.T) {
	excluding := 0
	for _, task := range domains.Tasks() {
		subs := map[string]domains.Subtask{}
		for _, st := range task.Subtasks {
			subs[st.ID] = st
			if len(st.Exclude) > 0 {
				excluding++
			}
		}
		for seed := uint64(1); seed <= 300; seed++ {
			spec, err := gen.SampleSpec(task, seed)
			if err != nil {
				t.Fatal(err)
			}
			for _, id := range spec.Units() {
				if !subs[spec.Subtask].Allows(id) {
					t.Fatalf("%s seed %d: subtask %s excludes %q, sampled %v", task.ID, seed, spec.Subtask, id, spec.Units())
				}
			}
		}
	}
	if excluding == 0 {
		t.Error("no subtask excludes anything: the test tests nothing")
	}
}
