package itinerary_test

import (
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/internal/familytest"
)

// goldenFiles: the prompt and checklist of a feasible record (must-visit,
// opening hours, budget, visit order, travel limit, balanced days), an
// infeasible one, a closure replan with a backup stop and a trip sequence
// (NATURAL PLAN style) of task 20, each of seed 7 of its subtask.
func goldenFiles(t *testing.T, f *familytest.Family, tk *domains.Task) []familytest.GoldenFile {
	file := func(name, subtask string, units ...string) familytest.GoldenFile {
		return familytest.CertifiedGolden(t, f, tk, name, familytest.NewSpec(t, tk, subtask, 7, units...))
	}
	return []familytest.GoldenFile{
		file("travel-itinerary", "museum-weekend", "must-visit", "opening-hours", "budget", "visit-order", "daily-travel-limit", "balanced-days"),
		file("travel-itinerary-infeasible", "city-day", "must-visit", "opening-hours", "budget", "infeasibility"),
		file("travel-itinerary-closure", "road-trip", "must-visit", "opening-hours", "closure", "backup"),
		file("travel-itinerary-trip", "city-hopping", "must-visit", "opening-hours", "visit-order"),
	}
}

func TestFamilyGolden(t *testing.T) { familytest.Golden(t, family) }
