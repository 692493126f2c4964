package quantity

import (
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/internal/familytest"
)

// goldenFiles: per task, the first kept feasible record (seeds 1, 2, …)
// with a medium or hard unit; the first infeasible record of the spec
// {supply-limits, infeasibility} on its first subtask; and, for the tasks
// with the recovery unit, the first kept feasible record of
// {min-guarantee, recovery} on the first subtask.
func goldenFiles(t *testing.T, f *familytest.Family, tk *domains.Task) []familytest.GoldenFile {
	feasible := familytest.FirstKept(t, f, tk, 100, func(o familytest.Outcome) bool {
		return o.Rec.Reference.Feasible && len(o.Spec.Medium)+len(o.Spec.Hard) > 0
	})
	first := func(units map[string]bool, feasible bool) *domains.Record {
		return familytest.FirstCertified(t, f, tk, 100, func(seed uint64) (domains.Spec, error) {
			return tk.NewSpec(tk.Subtasks[0].ID, seed, units)
		}, func(rec *domains.Record) bool { return rec.Reference.Feasible == feasible })
	}
	infeasible := first(map[string]bool{unitLanes: true, unitInfeasible: true}, false)
	if feasible == nil || infeasible == nil {
		t.Fatalf("%s: no feasible or no infeasible record in seeds 1..100", tk.ID)
	}
	out := []familytest.GoldenFile{{Name: tk.ID, Rec: feasible}, {Name: tk.ID + "-infeasible", Rec: infeasible}}
	if _, ok := tk.Unit(unitRecovery); ok {
		units := map[string]bool{unitMinimum: true, unitRecovery: true}
		rec := first(units, true)
		if rec == nil {
			t.Fatalf("%s: no kept feasible record of %v in seeds 1..100", tk.ID, units)
		}
		out = append(out, familytest.GoldenFile{Name: tk.ID + "-recovery", Rec: rec})
	}
	return out
}

func TestFamilyGolden(t *testing.T) { familytest.Golden(t, family) }
