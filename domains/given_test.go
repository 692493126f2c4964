package domains_test

import (
	"cmp"
	"testing"

	"github.com/plancert/plancert/domains"
)

// TestGiven: Given names a field only when it is set, and cmp.Or of
// several names the first one set (the DataField of a unit with several
// fields).
func TestGiven(t *testing.T) {
	for _, tc := range []struct {
		a, b bool
		want string
	}{
		{false, false, ""},
		{true, false, "a"},
		{false, true, "b"},
		{true, true, "a"},
	} {
		if got := cmp.Or(domains.Given("a", tc.a), domains.Given("b", tc.b)); got != tc.want {
			t.Errorf("Given a=%v b=%v: %q, want %q", tc.a, tc.b, got, tc.want)
		}
	}
}
