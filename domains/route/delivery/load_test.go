package delivery_test

import (
	"testing"

	"github.com/plancert/plancert/domains/route/delivery"
	"github.com/plancert/plancert/internal/familytest"
	"github.com/plancert/plancert/internal/routetest"
)

// TestLoadErrors: a malformed instance file is refused with the
// field and the reason (routetest.LoadErrors).
func TestLoadErrors(t *testing.T) {
	tk := delivery.LogisticsDelivery()
	inst := familytest.Instance(t, tk, familytest.NewSpec(t, tk, "parcel-vans", 3, "capacity", "time-windows", "road-closure"))
	routetest.LoadErrors(t, tk, inst, []routetest.Broken{
		{Field: "levels", Value: 3, Want: "levels: 3 is outside 0..2"},
		{Field: "current", Value: [][]int{{1, 1}}, Want: "current[0]: stop 1 is unknown or repeated"},
		{Field: "current", Value: [][]int{{1}}, Want: "current: 1 of"},
		{Field: "closed", Value: nil, Want: "want a current plan with exactly one closed road"},
		{Field: "capacity", Value: -1, Want: "Capacity: -1 is negative"},
		{Field: "travel", Value: [][]int{{0}}, Want: "want the depot and at least one customer"},
	})
}
