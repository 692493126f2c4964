package delivery_test

import (
	"testing"

	"github.com/plancert/plancert/internal/familytest"
)

// goldenFiles: the prompt and checklist of a feasible record (capacity,
// windows, driver hours, visit order, balanced routes), an infeasible one
// and a road-closure replan of task 21, each of seed 7 of its subtask.
var goldenFiles = familytest.SeededGoldens(7, [][]string{
	{"logistics-delivery", "grocery-trucks", "capacity", "time-windows", "driver-hours", "visit-order", "balanced-routes"},
	{"logistics-delivery-infeasible", "parcel-vans", "capacity", "time-windows", "infeasibility"},
	{"logistics-delivery-closure", "building-supplies", "capacity", "time-windows", "road-closure"},
})

func TestFamilyGolden(t *testing.T) { familytest.Golden(t, family) }
