package roster

import (
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/internal/familytest"
)

// goldenFiles: the prompt, checklist and reference of the first kept
// feasible record of each task (seeds 1..30).
func goldenFiles(t *testing.T, f *familytest.Family, tk *domains.Task) []familytest.GoldenFile {
	rec := familytest.FirstKept(t, f, tk, 30, func(o familytest.Outcome) bool { return o.Rec.Reference.Feasible })
	if rec == nil {
		t.Fatalf("%s: no feasible record in 30 seeds", tk.ID)
	}
	return []familytest.GoldenFile{{Name: tk.ID, Rec: rec}}
}

// goldenInfeasible: the first infeasible record of Shift and Duty
// Scheduling (seeds 1..60).
func goldenInfeasible(t *testing.T, f *familytest.Family, _ []*domains.Task) []familytest.GoldenFile {
	tk, _ := domains.Lookup("shift-duty-scheduling")
	rec := familytest.FirstKept(t, f, tk, 60, func(o familytest.Outcome) bool { return !o.Rec.Reference.Feasible })
	if rec == nil {
		t.Fatal("no infeasible record in 60 seeds")
	}
	return []familytest.GoldenFile{{Name: "infeasible", Rec: rec}}
}

func TestFamilyGolden(t *testing.T) { familytest.Golden(t, family) }
