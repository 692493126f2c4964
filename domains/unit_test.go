package domains_test

import (
	"reflect"
	"slices"
	"testing"

	"github.com/plancert/plancert/domains"
)

// toyUnit is a unit of a toy core whose instance is the set of the IDs
// of the units that bind on it.
type toyUnit struct{ info domains.Unit }

func (u toyUnit) Info() domains.Unit { return u.info }

// binding is a toy unit with the Binder facet.
type binding struct{ toyUnit }

func (u binding) Binds(in map[string]bool) bool { return in[u.info.ID] }

// TestLeaveOut: the units with the Binder facet that do not bind are left
// out of the spec, in the units' order, each tier list in its order (an
// emptied list stays empty, not nil); a unit without the facet stays
// however it would answer; a silent unit that a kept unit requires stays,
// and so does one that it requires in turn.
func TestLeaveOut(t *testing.T) {
	u := func(id string, tier domains.Tier, requires ...string) domains.Unit {
		return domains.Unit{ID: id, Tier: tier, Requires: requires}
	}
	type unit interface{ Info() domains.Unit }
	us := []unit{
		binding{toyUnit{info: u("a", domains.Basic)}},
		binding{toyUnit{info: u("b", domains.Basic)}},
		toyUnit{info: u("c", domains.Medium)}, // no facet: always kept
		binding{toyUnit{info: u("d", domains.Hard)}},
		binding{toyUnit{info: u("e", domains.Hard, "f")}},
		binding{toyUnit{info: u("f", domains.Stateful, "g")}},
		binding{toyUnit{info: u("g", domains.Stateful)}},
	}
	spec := domains.Spec{Task: "toy", Basic: []string{"a", "b"}, Medium: []string{"c"}, Hard: []string{"d", "e"}, Stateful: []string{"f", "g"}, Seed: 3}
	// b and d bind nothing; e binds, and requires f (silent), which
	// requires g (silent).
	in := map[string]bool{"a": true, "e": true}
	got, left := domains.LeaveOut(spec, in, us)
	if want := []string{"b", "d"}; !slices.Equal(left, want) {
		t.Errorf("left out %v, want %v", left, want)
	}
	want := domains.Spec{Task: "toy", Basic: []string{"a"}, Medium: []string{"c"}, Hard: []string{"e"}, Stateful: []string{"f", "g"}, Seed: 3}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("spec %+v, want %+v", got, want)
	}
	if !slices.Equal(spec.Basic, []string{"a", "b"}) {
		t.Errorf("LeaveOut changed the spec it was given: %v", spec.Basic)
	}
	// Nothing binds: the bound units all go, an emptied tier stays [].
	got, left = domains.LeaveOut(spec, map[string]bool{}, us)
	if want := []string{"a", "b", "d", "e", "f", "g"}; !slices.Equal(left, want) {
		t.Errorf("left out %v, want %v", left, want)
	}
	if got.Basic == nil || len(got.Basic) != 0 || got.Hard == nil || len(got.Hard) != 0 || !slices.Equal(got.Medium, []string{"c"}) {
		t.Errorf("spec %+v: want basic [] medium [c] hard []", got)
	}
	// Everything binds: the spec as it was, nothing left out.
	all := map[string]bool{"a": true, "b": true, "d": true, "e": true, "f": true, "g": true}
	if got, left := domains.LeaveOut(spec, all, us); left != nil || !reflect.DeepEqual(got, spec) {
		t.Errorf("all bind: left out %v, spec %+v", left, got)
	}
}

// TestSpecWithout: Without drops the given units from every tier, keeps a
// nil list nil and the spec it was given as it was.
func TestSpecWithout(t *testing.T) {
	s := domains.Spec{Basic: []string{"x", "y"}, Medium: []string{}, Hard: nil, Stateful: []string{"y"}}
	got := s.Without("y", "z")
	if !slices.Equal(got.Basic, []string{"x"}) || got.Medium == nil || got.Hard != nil || got.Stateful == nil || len(got.Stateful) != 0 {
		t.Errorf("Without: %+v", got)
	}
	if !slices.Equal(s.Basic, []string{"x", "y"}) || !slices.Equal(s.Stateful, []string{"y"}) {
		t.Errorf("Without changed its receiver: %+v", s)
	}
}
