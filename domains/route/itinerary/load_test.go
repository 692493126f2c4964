package itinerary_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/plancert/plancert/domains/route/itinerary"
	"github.com/plancert/plancert/gen"
	"github.com/plancert/plancert/solver/sat"
)

// TestLoadErrors: a malformed instance file is refused with the
// field and the reason.
func TestLoadErrors(t *testing.T) {
	tk := itinerary.TravelItinerary()
	spec, err := tk.NewSpec("museum-weekend", 3, map[string]bool{"must-visit": true, "opening-hours": true, "budget": true, "closure": true})
	if err != nil {
		t.Fatal(err)
	}
	inst, err := gen.NewInstance(context.Background(), sat.Backend{}, tk, spec)
	if err != nil {
		t.Fatal(err)
	}
	good, _ := json.Marshal(inst)
	if _, err := tk.Load(good); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		field string
		value any
		want  string
	}{
		{"levels", 3, "levels: 3 is outside 0..2"},
		{"current", [][]int{{1, 1}, {}}, "current[0]: stop 1 is unknown or repeated"},
		{"current", [][]int{{1}}, "current: 1 day plans for 2 days"},
		{"closed", 0, "want a current plan with exactly one closed stop"},
		{"must", []int{9}, "must[0]: 9 is not a stop number"},
		{"score", []int{1}, "score: 1 entries for"},
		{"open", nil, "open, close: give both or neither"},
		{"budget", -5, "budget, max_travel, balance: negative"},
		{"travel", [][]int{{0}}, "travel: 1 rows for"},
		{"backup", []int{1, 2, 3}, "backup: [1 2 3] is not a must-visit stop and another stop"},
		{"days", []any{}, "days: none"},
		{"flights", [][2]int{{1, 2}}, "flights: given for a subtask that is not a trip sequence"},
		{"spec", nil, `unknown subtask "boats"`},
	} {
		var m map[string]any
		if err := json.Unmarshal(good, &m); err != nil {
			t.Fatal(err)
		}
		if tc.field == "spec" {
			m["spec"].(map[string]any)["subtask"] = "boats"
		} else {
			m[tc.field] = tc.value
		}
		data, _ := json.Marshal(m)
		if _, err := tk.Load(data); err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "route: travel-itinerary: ") {
			t.Errorf("%s = %v: %v, want %q", tc.field, tc.value, err, tc.want)
		}
	}
}
