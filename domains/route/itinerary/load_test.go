package itinerary_test

import (
	"testing"

	"github.com/plancert/plancert/domains/route/itinerary"
	"github.com/plancert/plancert/internal/familytest"
	"github.com/plancert/plancert/internal/routetest"
)

// TestLoadErrors: a malformed instance file is refused with the
// field and the reason (routetest.LoadErrors).
func TestLoadErrors(t *testing.T) {
	tk := itinerary.TravelItinerary()
	inst := familytest.Instance(t, tk, familytest.NewSpec(t, tk, "museum-weekend", 3, "must-visit", "opening-hours", "budget", "closure"))
	routetest.LoadErrors(t, tk, inst, []routetest.Broken{
		{Field: "levels", Value: 3, Want: "levels: 3 is outside 0..2"},
		{Field: "current", Value: [][]int{{1, 1}, {}}, Want: "current[0]: stop 1 is unknown or repeated"},
		{Field: "current", Value: [][]int{{1}}, Want: "current: 1 day plans for 2 days"},
		{Field: "closed", Value: 0, Want: "want a current plan with exactly one closed stop"},
		{Field: "must", Value: []int{9}, Want: "must[0]: 9 is not a stop number"},
		{Field: "score", Value: []int{1}, Want: "score: 1 entries for"},
		{Field: "open", Value: nil, Want: "open, close: give both or neither"},
		{Field: "budget", Value: -5, Want: "budget, max_travel, balance: negative"},
		{Field: "travel", Value: [][]int{{0}}, Want: "travel: 1 rows for"},
		{Field: "backup", Value: []int{1, 2, 3}, Want: "backup: [1 2 3] is not a must-visit stop and another stop"},
		{Field: "days", Value: []any{}, Want: "days: none"},
		{Field: "flights", Value: [][2]int{{1, 2}}, Want: "flights: given for a subtask that is not a trip sequence"},
	})
}
