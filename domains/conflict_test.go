package domains_test

import (
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/encode"
)

// TestConflictClaim: a claim holds only when every name is a rule and the
// named rules (with the always-on ones) admit no solution.
func TestConflictClaim(t *testing.T) {
	m := encode.NewModel()
	x := m.NewBool("x")
	y := m.NewBool("y")
	m.AddAtLeast([]encode.Lit{x.Lit()}, 1).Named("a").InGroup("a")
	m.AddAtMost([]encode.Lit{x.Lit()}, 0).Named("b").InGroup("b")
	m.AddAtLeast([]encode.Lit{y.Lit()}, 1).Named("c").InGroup("c")
	rules := map[string]bool{"a": true, "b": true, "c": true}
	none := func(string) bool { return false }
	always := func(g string) bool { return g == "b" }
	for _, tc := range []struct {
		names    []string
		alwaysOn func(string) bool
		ok       bool
		why      string
	}{
		{[]string{"b", "a"}, none, true, ""},
		{[]string{"a"}, always, true, ""},
		{[]string{"a"}, none, false, `the rules "a" can all hold together`},
		{[]string{"c", "a", "c"}, none, false, `the rules "a", "c" can all hold together`},
		{[]string{"a", "d"}, none, false, `"d" is not the name of a rule in the problem`},
	} {
		ok, why := domains.ConflictClaim(m, rules, tc.names, tc.alwaysOn)
		if ok != tc.ok || why != tc.why {
			t.Errorf("ConflictClaim(%q) = %v %q, want %v %q", tc.names, ok, why, tc.ok, tc.why)
		}
	}
}
