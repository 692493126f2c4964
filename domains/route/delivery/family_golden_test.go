package delivery_test

import (
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/internal/familytest"
)

// goldenFiles: the prompt and checklist of a feasible record (capacity,
// windows, driver hours, visit order, balanced routes), an infeasible one
// and a road-closure replan of task 21, each of seed 7 of its subtask.
func goldenFiles(t *testing.T, f *familytest.Family, tk *domains.Task) []familytest.GoldenFile {
	file := func(name, subtask string, units ...string) familytest.GoldenFile {
		return familytest.CertifiedGolden(t, f, tk, name, familytest.NewSpec(t, tk, subtask, 7, units...))
	}
	return []familytest.GoldenFile{
		file("logistics-delivery", "grocery-trucks", "capacity", "time-windows", "driver-hours", "visit-order", "balanced-routes"),
		file("logistics-delivery-infeasible", "parcel-vans", "capacity", "time-windows", "infeasibility"),
		file("logistics-delivery-closure", "building-supplies", "capacity", "time-windows", "road-closure"),
	}
}

func TestFamilyGolden(t *testing.T) { familytest.Golden(t, family) }
