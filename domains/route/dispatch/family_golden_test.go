package dispatch_test

import (
	"testing"

	"github.com/plancert/plancert/internal/familytest"
)

// goldenFiles: the prompt and checklist of a feasible record (capacity,
// windows, equipment, driver hours, pickup before delivery), a balanced
// one, an infeasible one, a breakdown replan and a plan with backups of
// task 22, each of seed 7 of its subtask.
var goldenFiles = familytest.SeededGoldens(7, [][]string{
	{"transportation-dispatch", "paratransit", "capacity", "time-windows", "compatibility", "driver-hours", "pickup-before-delivery"},
	{"transportation-dispatch-balanced", "freight-trucks", "time-windows", "balanced-routes"},
	{"transportation-dispatch-infeasible", "ride-hail", "capacity", "time-windows", "compatibility", "infeasibility"},
	{"transportation-dispatch-breakdown", "tow-trucks", "capacity", "time-windows", "breakdown"},
	{"transportation-dispatch-backup", "ride-hail", "capacity", "time-windows", "compatibility", "backup"},
})

func TestFamilyGolden(t *testing.T) { familytest.Golden(t, family) }
