package itinerary_test

import (
	"testing"

	"github.com/plancert/plancert/internal/familytest"
)

// goldenFiles: the prompt and checklist of a feasible record (must-visit,
// opening hours, budget, visit order, travel limit, balanced days), an
// infeasible one, a closure replan with a backup stop and a trip sequence
// (NATURAL PLAN style) of task 20, each of seed 7 of its subtask.
var goldenFiles = familytest.SeededGoldens(7, [][]string{
	{"travel-itinerary", "museum-weekend", "must-visit", "opening-hours", "budget", "visit-order", "daily-travel-limit", "balanced-days"},
	{"travel-itinerary-infeasible", "city-day", "must-visit", "opening-hours", "budget", "infeasibility"},
	{"travel-itinerary-closure", "road-trip", "must-visit", "opening-hours", "closure", "backup"},
	{"travel-itinerary-trip", "city-hopping", "must-visit", "opening-hours", "visit-order"},
})

func TestFamilyGolden(t *testing.T) { familytest.Golden(t, family) }
