package dispatch_test

import (
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/internal/familytest"
)

// goldenFiles: the prompt and checklist of a feasible record (capacity,
// windows, equipment, driver hours, pickup before delivery), a balanced
// one, an infeasible one, a breakdown replan and a plan with backups of
// task 22, each of seed 7 of its subtask.
func goldenFiles(t *testing.T, f *familytest.Family, tk *domains.Task) []familytest.GoldenFile {
	file := func(name, subtask string, units ...string) familytest.GoldenFile {
		return familytest.CertifiedGolden(t, f, tk, name, familytest.NewSpec(t, tk, subtask, 7, units...))
	}
	return []familytest.GoldenFile{
		file("transportation-dispatch", "paratransit", "capacity", "time-windows", "compatibility", "driver-hours", "pickup-before-delivery"),
		file("transportation-dispatch-balanced", "freight-trucks", "time-windows", "balanced-routes"),
		file("transportation-dispatch-infeasible", "ride-hail", "capacity", "time-windows", "compatibility", "infeasibility"),
		file("transportation-dispatch-breakdown", "tow-trucks", "capacity", "time-windows", "breakdown"),
		file("transportation-dispatch-backup", "ride-hail", "capacity", "time-windows", "compatibility", "backup"),
	}
}

func TestFamilyGolden(t *testing.T) { familytest.Golden(t, family) }
