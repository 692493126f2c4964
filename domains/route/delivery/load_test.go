package delivery_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/plancert/plancert/domains/route/delivery"
	"github.com/plancert/plancert/gen"
	"github.com/plancert/plancert/solver/sat"
)

// TestLoadErrors: a malformed instance file is refused with the
// field and the reason.
func TestLoadErrors(t *testing.T) {
	tk := delivery.LogisticsDelivery()
	units := map[string]bool{"capacity": true, "time-windows": true, "road-closure": true}
	spec, err := tk.NewSpec("parcel-vans", 3, units)
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
		{"current", [][]int{{1, 1}}, "current[0]: stop 1 is unknown or repeated"},
		{"current", [][]int{{1}}, "current: 1 of"},
		{"closed", nil, "want a current plan with exactly one closed road"},
		{"capacity", -1, "Capacity: -1 is negative"},
		{"travel", [][]int{{0}}, "want the depot and at least one customer"},
		{"spec", map[string]any{"subtask": "boats"}, `unknown subtask "boats"`},
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
		if _, err := tk.Load(data); err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "route: logistics-delivery: ") {
			t.Errorf("%s = %v: %v, want %q", tc.field, tc.value, err, tc.want)
		}
	}
}
