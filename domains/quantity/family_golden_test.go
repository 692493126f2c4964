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
	out := familytest.FeasibleAndInfeasible(t, f, tk, 1, unitLanes, unitInfeasible)
	if _, ok := tk.Unit(unitRecovery); ok {
		units := []string{unitMinimum, unitRecovery}
		rec := familytest.FirstCertified(t, f, tk, 100, func(seed uint64) (domains.Spec, error) {
			return familytest.NewSpec(t, tk, tk.Subtasks[0].ID, seed, units...), nil
		}, func(rec *domains.Record) bool { return rec.Reference.Feasible })
		if rec == nil {
			t.Fatalf("%s: no kept feasible record of %v in seeds 1..100", tk.ID, units)
		}
		out = append(out, familytest.GoldenFile{Name: tk.ID + "-recovery", Rec: rec})
	}
	return out
}

func TestFamilyGolden(t *testing.T) { familytest.Golden(t, family) }
