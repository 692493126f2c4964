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
	return familytest.FeasibleAndInfeasible(t, f, tk, 1, unitExitCap, unitInfeasible)
}

func TestFamilyGolden(t *testing.T) { familytest.Golden(t, family) }
