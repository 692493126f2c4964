package commute_test

import (
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/internal/familytest"
)

// goldenFiles: the prompt and checklist of a feasible record (basic and
// medium units with walking), an infeasible deadline, a line-closure
// replan and a backup route of task 18, each of seed 7 of its subtask.
func goldenFiles(t *testing.T, f *familytest.Family, tk *domains.Task) []familytest.GoldenFile {
	file := func(name, subtask string, units ...string) familytest.GoldenFile {
		return familytest.CertifiedGolden(t, f, tk, name, familytest.NewSpec(t, tk, subtask, 7, units...))
	}
	return []familytest.GoldenFile{
		file("commuting", "morning-commute", "arrival-deadline", "earliest-departure", "transfer-time", "fare-budget", "walking"),
		file("commuting-infeasible", "airport-transfer", "arrival-deadline", "transfer-time", "max-transfers", "infeasibility"),
		file("commuting-closure", "night-shift", "arrival-deadline", "avoid-line", "line-closure"),
		file("commuting-backup", "school-run", "arrival-deadline", "transfer-time", "max-transfers", "backup-route"),
	}
}

func TestFamilyGolden(t *testing.T) { familytest.Golden(t, family) }
