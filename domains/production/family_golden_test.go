package production

import (
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/internal/familytest"
)

// goldenFiles: the prompt, checklist and reference of the first kept
// feasible record of each subtask (seeds 1..60), of the first infeasible
// record and of the first record with the delay unit.
func goldenFiles(t *testing.T, f *familytest.Family, tk *domains.Task) []familytest.GoldenFile {
	want := map[string]bool{"infeasible": true, unitDelay: true}
	for _, st := range tk.Subtasks {
		want[st.ID] = true
	}
	var out []familytest.GoldenFile
	for seed := uint64(1); seed <= 60 && len(want) > 0; seed++ {
		o := f.Record(tk, seed)
		if o.Err != nil {
			t.Fatal(o.Err)
		}
		if !o.Kept() {
			continue
		}
		var key string
		switch {
		case !o.Rec.Reference.Feasible:
			key = "infeasible"
		case o.Spec.Has(unitDelay) && want[unitDelay]:
			key = unitDelay
		default:
			key = o.Spec.Subtask
		}
		if want[key] {
			out = append(out, familytest.GoldenFile{Name: tk.ID + "-" + key, Rec: o.Rec})
			delete(want, key)
		}
	}
	if len(want) > 0 {
		t.Fatalf("%s: no record for %v in 60 seeds", tk.ID, want)
	}
	return out
}

func TestFamilyGolden(t *testing.T) { familytest.Golden(t, family) }
