package commute_test

import (
	"testing"

	"github.com/plancert/plancert/internal/familytest"
)

// goldenFiles: the prompt and checklist of a feasible record (basic and
// medium units with walking), an infeasible deadline, a line-closure
// replan and a backup route of task 18, each of seed 7 of its subtask.
var goldenFiles = familytest.SeededGoldens(7, [][]string{
	{"commuting", "morning-commute", "arrival-deadline", "earliest-departure", "transfer-time", "fare-budget", "walking"},
	{"commuting-infeasible", "airport-transfer", "arrival-deadline", "transfer-time", "max-transfers", "infeasibility"},
	{"commuting-closure", "night-shift", "arrival-deadline", "avoid-line", "line-closure"},
	{"commuting-backup", "school-run", "arrival-deadline", "transfer-time", "max-transfers", "backup-route"},
})

func TestFamilyGolden(t *testing.T) { familytest.Golden(t, family) }
