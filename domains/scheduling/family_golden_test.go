package scheduling

import (
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/gen"
	"github.com/plancert/plancert/internal/familytest"
)

// goldenFiles: the prompt and checklist of the first kept record (seeds 1,
// 2, …, 50) of the task.
func goldenFiles(t *testing.T, f *familytest.Family, tk *domains.Task) []familytest.GoldenFile {
	rec := familytest.FirstKept(t, f, tk, 50, nil)
	if rec == nil {
		t.Fatal("no record kept in seeds 1..50")
	}
	return []familytest.GoldenFile{{Name: tk.ID, Rec: rec}}
}

// goldenInfeasible: the first infeasible record of a sampled spec with the
// infeasibility unit (tasks in registry order, seeds 1..200).
func goldenInfeasible(t *testing.T, f *familytest.Family, tasks []*domains.Task) []familytest.GoldenFile {
	for _, tk := range tasks {
		for seed := uint64(1); seed <= 200; seed++ {
			spec, err := gen.SampleSpec(tk, seed)
			if err != nil {
				t.Fatal(err)
			}
			if !spec.Has(unitInfeasible) {
				continue
			}
			o := f.Record(tk, seed)
			if o.Err != nil {
				t.Fatalf("%s seed %d: %v", tk.ID, seed, o.Err)
			}
			if !o.Kept() || o.Rec.Reference.Feasible {
				continue
			}
			if len(o.Rec.Reference.Conflict) == 0 || o.Rec.Certificate.Status != "infeasible" {
				t.Fatalf("%s: infeasible record without a conflict: %+v", o.Rec.ID, o.Rec.Reference)
			}
			return []familytest.GoldenFile{{Name: "infeasible", Rec: o.Rec}}
		}
	}
	t.Fatal("no infeasible record in seeds 1..200 of any task")
	return nil
}

func TestFamilyGolden(t *testing.T) { familytest.Golden(t, family) }
