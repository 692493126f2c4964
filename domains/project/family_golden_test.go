package project

import (
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/internal/familytest"
)

// goldenFiles: per task, a record of seed 1 with delay replanning and
// stated values, and one with maintenance, robustness slack and a backup
// schedule; the first kept feasible record (seeds 1, 2, …) with two or
// more medium or hard units; and the first infeasible record of the spec
// {precedence, resource-capacity, infeasibility} on its first subtask.
func goldenFiles(t *testing.T, f *familytest.Family, tk *domains.Task) []familytest.GoldenFile {
	feasible := familytest.FirstKept(t, f, tk, 100, func(o familytest.Outcome) bool {
		return o.Rec.Reference.Feasible && len(o.Spec.Medium)+len(o.Spec.Hard) >= 2
	})
	infeasible := familytest.FirstCertified(t, f, tk, 100, func(seed uint64) (domains.Spec, error) {
		return tk.NewSpec(tk.Subtasks[0].ID, seed, map[string]bool{unitPrecedence: true, unitCapacity: true, unitInfeasible: true})
	}, func(rec *domains.Record) bool { return !rec.Reference.Feasible })
	if feasible == nil || infeasible == nil {
		t.Fatalf("%s: no feasible or no infeasible record in seeds 1..100", tk.ID)
	}
	var out []familytest.GoldenFile
	for _, hard := range []struct {
		name  string
		units map[string]bool
	}{
		{"replan", map[string]bool{unitPrecedence: true, unitCapacity: true, unitDeadlines: true, unitStated: true, unitReplan: true}},
		{"backup", map[string]bool{unitPrecedence: true, unitCapacity: true, unitMaintenance: true, unitSlack: true, unitException: true}},
	} {
		st := tk.Subtasks[1]
		if !st.Allows(unitSlack) {
			st = tk.Subtasks[0]
		}
		spec, err := tk.NewSpec(st.ID, 1, hard.units)
		if err != nil {
			t.Fatal(err)
		}
		o := familytest.Certify(tk, spec, 0)
		if !o.Kept() {
			t.Fatalf("%s %v: %v %s", tk.ID, spec.Units(), o.Err, o.Drop)
		}
		out = append(out, familytest.GoldenFile{Name: tk.ID + "-" + hard.name, Rec: o.Rec})
	}
	return append(out, familytest.GoldenFile{Name: tk.ID, Rec: feasible}, familytest.GoldenFile{Name: tk.ID + "-infeasible", Rec: infeasible})
}

func TestFamilyGolden(t *testing.T) { familytest.Golden(t, family) }
