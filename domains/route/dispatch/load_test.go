package dispatch_test

import (
	"testing"

	"github.com/plancert/plancert/domains/route/dispatch"
	"github.com/plancert/plancert/internal/familytest"
	"github.com/plancert/plancert/internal/routetest"
)

// TestLoadErrors: a malformed instance file is refused with the
// field and the reason (routetest.LoadErrors).
func TestLoadErrors(t *testing.T) {
	tk := dispatch.TransportationDispatch()
	inst := familytest.Instance(t, tk, familytest.NewSpec(t, tk, "paratransit", 3, "capacity", "time-windows", "breakdown"))
	routetest.LoadErrors(t, tk, inst, []routetest.Broken{
		{Field: "levels", Value: 9, Want: "levels: 9 is outside 0.."},
		{Field: "current", Value: []map[string]any{{"vehicle": "Lift van 1", "jobs": []string{"J1", "J1"}}}, Want: `current[0]: job "J1" is unknown or repeated`},
		{Field: "current", Value: []map[string]any{{"vehicle": "Bus 9", "jobs": []string{"J1"}}}, Want: `current[0]: unknown vehicle "Bus 9"`},
		{Field: "down", Value: nil, Want: "want a current plan with a broken-down vehicle"},
		{Field: "ride", Value: []int{1}, Want: "jobs, who, from, to, ride, deadhead"},
		{Field: "deadhead", Value: -1, Want: "deadhead[0][1]: -1 is negative", Edit: func(m map[string]any) { m["deadhead"].([]any)[0].([]any)[1] = -1 }},
		{Field: "capacity", Value: []int{3}, Want: "size, capacity"},
		{Field: "vehicles", Value: []map[string]any{{"name": "A", "type": 5}}, Want: `vehicles: "A" has an unknown type 5`},
	})
}
