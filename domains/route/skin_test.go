package route_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/domains/route"
)

// inst is an instance of the fake units below: the data they own.
type inst struct{ a, b int }

// owner is a unit that owns field "a" of inst and validates it.
type owner struct{}

func (owner) Info() domains.Unit { return domains.Unit{ID: "owner"} }

func (owner) DataField(in *inst) string {
	if in.a != 0 {
		return "a"
	}
	return ""
}

func (owner) Validate(in *inst) error {
	if in.a < 0 {
		return errors.New("a: negative")
	}
	return nil
}

// plain is a unit with no data and no validation.
type plain struct{}

func (plain) Info() domains.Unit { return domains.Unit{ID: "plain"} }

type fakeUnit interface{ Info() domains.Unit }

// TestUnits: InForce keeps pool order; CheckUnitData refuses data of a
// unit not in force and runs the validators of the units in force only.
func TestUnits(t *testing.T) {
	pool := []fakeUnit{plain{}, owner{}}
	us := route.NewUnits(pool)
	all := func(string) bool { return true }
	only := func(id string) func(string) bool { return func(x string) bool { return x == id } }
	if got := us.InForce(all); len(got) != 2 || got[0] != (plain{}) || got[1] != (owner{}) {
		t.Errorf("InForce(all) = %v", got)
	}
	if got := us.InForce(only("owner")); len(got) != 1 || got[0] != (owner{}) {
		t.Errorf("InForce(owner) = %v", got)
	}
	for _, tc := range []struct {
		in      inst
		inForce func(string) bool
		want    string
	}{
		{inst{}, only("plain"), ""},
		{inst{a: 1}, all, ""},
		{inst{a: 1}, only("plain"), "a is given, but the spec has no owner unit"},
		{inst{a: -1}, all, "a: negative"},
		{inst{a: 0, b: -1}, only("plain"), ""},
	} {
		err := route.CheckUnitData(&tc.in, pool, tc.inForce)
		if tc.want == "" && err != nil || tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)) {
			t.Errorf("%+v: %v, want %q", tc.in, err, tc.want)
		}
	}
}
