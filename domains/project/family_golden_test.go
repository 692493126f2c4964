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
	var out []familytest.GoldenFile
	for _, hard := range []struct {
		name  string
		units []string
	}{
		{"replan", []string{unitPrecedence, unitCapacity, unitDeadlines, unitStated, unitReplan}},
		{"backup", []string{unitPrecedence, unitCapacity, unitMaintenance, unitSlack, unitException}},
	} {
		st := tk.Subtasks[1]
		if !st.Allows(unitSlack) {
			st = tk.Subtasks[0]
		}
		out = append(out, familytest.CertifiedGolden(t, f, tk, tk.ID+"-"+hard.name, familytest.NewSpec(t, tk, st.ID, 1, hard.units...)))
	}
	return append(out, familytest.FeasibleAndInfeasible(t, f, tk, 2, unitPrecedence, unitCapacity, unitInfeasible)...)
}

func TestFamilyGolden(t *testing.T) { familytest.Golden(t, family) }
