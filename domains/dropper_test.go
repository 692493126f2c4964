package domains_test

import (
	"slices"
	"testing"

	"github.com/plancert/plancert/domains"
)

// toyData is a toy instance: the units that bind, and the units whose
// data it still carries.
type toyData struct{ binds, data map[string]bool }

// dropping is a toy unit with the Binder and Dropper facets.
type dropping struct{ toyUnit }

func (u dropping) Binds(in *toyData) bool { return in.binds[u.info.ID] }
func (u dropping) Drop(in *toyData)       { delete(in.data, u.info.ID) }

// TestLeaveOutDrops: the units LeaveOut leaves out drop their data
// (domains.Dropper); the kept ones, and a silent one a kept unit
// requires, keep theirs.
func TestLeaveOutDrops(t *testing.T) {
	us := []dropping{
		{toyUnit{domains.Unit{ID: "a", Tier: domains.Basic}}},
		{toyUnit{domains.Unit{ID: "b", Tier: domains.Basic}}},
		{toyUnit{domains.Unit{ID: "c", Tier: domains.Medium, Requires: []string{"d"}}}},
		{toyUnit{domains.Unit{ID: "d", Tier: domains.Medium}}},
	}
	spec := domains.Spec{Task: "toy", Basic: []string{"a", "b"}, Medium: []string{"c", "d"}, Hard: []string{}, Stateful: []string{}}
	in := &toyData{binds: map[string]bool{"a": true, "c": true}, data: map[string]bool{"a": true, "b": true, "c": true, "d": true}}
	got, left := domains.LeaveOut(spec, in, us)
	if !slices.Equal(left, []string{"b"}) || !slices.Equal(got.Basic, []string{"a"}) || !slices.Equal(got.Medium, []string{"c", "d"}) {
		t.Fatalf("left out %v, spec %+v", left, got)
	}
	if in.data["b"] || !in.data["a"] || !in.data["c"] || !in.data["d"] {
		t.Fatalf("data after LeaveOut: %v, want a, c and d", in.data)
	}
}
