package flow

import (
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/internal/familytest"
)

// goldenFiles: per task, the first kept feasible record (seeds 1, 2, …)
// with a medium or hard unit; and the first infeasible record of the spec
// {exit-capacity, infeasibility} on its first subtask.
func goldenFiles(t *testing.T, f *familytest.Family, tk *domains.Task) []familytest.GoldenFile {
	feasible := familytest.FirstKept(t, f, tk, 100, func(o familytest.Outcome) bool {
		return o.Rec.Reference.Feasible && len(o.Spec.Medium)+len(o.Spec.Hard) > 0
	})
	infeasible := familytest.FirstCertified(t, f, tk, 100, func(seed uint64) (domains.Spec, error) {
		return tk.NewSpec(tk.Subtasks[0].ID, seed, map[string]bool{unitExitCap: true, unitInfeasible: true})
	}, func(rec *domains.Record) bool { return !rec.Reference.Feasible })
	if feasible == nil || infeasible == nil {
		t.Fatalf("%s: no feasible or no infeasible record in seeds 1..100", tk.ID)
	}
	return []familytest.GoldenFile{{Name: tk.ID, Rec: feasible}, {Name: tk.ID + "-infeasible", Rec: infeasible}}
}

func TestFamilyGolden(t *testing.T) { familytest.Golden(t, family) }
