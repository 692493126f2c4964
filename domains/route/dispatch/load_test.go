package dispatch_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/plancert/plancert/domains/route/dispatch"
	"github.com/plancert/plancert/gen"
	"github.com/plancert/plancert/solver/sat"
)

// TestLoadErrors: a malformed instance file is refused with the
// field and the reason.
func TestLoadErrors(t *testing.T) {
	tk := dispatch.TransportationDispatch()
	spec, err := tk.NewSpec("paratransit", 3, map[string]bool{"capacity": true, "time-windows": true, "breakdown": true})
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
		{"levels", 9, "levels: 9 is outside 0.."},
		{"current", []map[string]any{{"vehicle": "Lift van 1", "jobs": []string{"J1", "J1"}}}, `current[0]: job "J1" is unknown or repeated`},
		{"current", []map[string]any{{"vehicle": "Bus 9", "jobs": []string{"J1"}}}, `current[0]: unknown vehicle "Bus 9"`},
		{"down", nil, "want a current plan with a broken-down vehicle"},
		{"ride", []int{1}, "jobs, who, from, to, ride, deadhead"},
		{"deadhead", -1, "deadhead[0][1]: -1 is negative"}, // entry [0][1] set to -1
		{"capacity", []int{3}, "size, capacity"},
		{"vehicles", []map[string]any{{"name": "A", "type": 5}}, `vehicles: "A" has an unknown type 5`},
		{"spec", nil, `unknown subtask "boats"`},
	} {
		var m map[string]any
		if err := json.Unmarshal(good, &m); err != nil {
			t.Fatal(err)
		}
		switch tc.field {
		case "spec":
			m["spec"].(map[string]any)["subtask"] = "boats"
		case "deadhead":
			m["deadhead"].([]any)[0].([]any)[1] = tc.value
		default:
			m[tc.field] = tc.value
		}
		data, _ := json.Marshal(m)
		if _, err := tk.Load(data); err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "route: transportation-dispatch: ") {
			t.Errorf("%s = %v: %v, want %q", tc.field, tc.value, err, tc.want)
		}
	}
}
