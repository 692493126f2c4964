package domains_test

import (
	"context"
	"errors"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/encode"
	"github.com/plancert/plancert/solver/sat"
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
		ok, why := domains.ConflictClaim(context.Background(), sat.Backend{}, m, rules, tc.names, tc.alwaysOn)
		if ok != tc.ok || why != tc.why {
			t.Errorf("ConflictClaim(%q) = %v %q, want %v %q", tc.names, ok, why, tc.ok, tc.why)
		}
	}
}

// TestConflictClaimHonoursContext: a claim is proven under the caller's
// context, so a context that has ended gives no verdict (the claim fails
// as undecided), and a missing backend is an error, never a silent pass.
func TestConflictClaimHonoursContext(t *testing.T) {
	m := encode.NewModel()
	x := m.NewBool("x")
	m.AddAtLeast([]encode.Lit{x.Lit()}, 1).Named("a").InGroup("a")
	m.AddAtMost([]encode.Lit{x.Lit()}, 0).Named("b").InGroup("b")
	rules := map[string]bool{"a": true, "b": true}
	none := func(string) bool { return false }
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if ok, why := domains.ConflictClaim(ctx, sat.Backend{}, m, rules, []string{"a", "b"}, none); ok || why != domains.ConflictUndecided {
		t.Errorf("cancelled context: ConflictClaim = %v %q, want false and undecided", ok, why)
	}
	if ok, why := domains.ConflictClaim(context.Background(), nil, m, rules, []string{"a", "b"}, none); ok || why == "" {
		t.Errorf("no backend: ConflictClaim = %v %q, want false with a reason", ok, why)
	}
}

// conflictToy is an instance whose Model records a build count in the
// instance, as cores record their variables.
type conflictToy struct {
	builds int
	err    error
}

func (c *conflictToy) Model() (*encode.Model, error) {
	c.builds++
	if c.err != nil {
		return nil, c.err
	}
	m := encode.NewModel()
	x := m.NewBool("x")
	m.AddAtLeast([]encode.Lit{x.Lit()}, 1).Named("a").InGroup("a")
	m.AddAtMost([]encode.Lit{x.Lit()}, 0).Named("b").InGroup("b")
	return m, nil
}

// TestConflictHolds: the claim is judged on the instance's model and rule
// names, the model is built on a copy (the instance stays as it was), and
// a model error fails the claim with that error.
func TestConflictHolds(t *testing.T) {
	in := &conflictToy{}
	rules := []domains.Rule{{Name: "a"}, {Name: "b"}}
	none := func(string) bool { return false }
	if ok, why := domains.ConflictHolds(context.Background(), sat.Backend{}, in, rules, []string{"a", "b"}, none); !ok {
		t.Errorf("a and b: ConflictHolds = false %q, want true", why)
	}
	if ok, why := domains.ConflictHolds(context.Background(), sat.Backend{}, in, rules[:1], []string{"a", "b"}, none); ok || why != `"b" is not the name of a rule in the problem` {
		t.Errorf("b not a rule: ConflictHolds = %v %q", ok, why)
	}
	if in.builds != 0 {
		t.Errorf("the model was built on the instance itself (%d builds), not on a copy", in.builds)
	}
	bad := &conflictToy{err: errors.New("no model")}
	if ok, why := domains.ConflictHolds(context.Background(), sat.Backend{}, bad, rules, []string{"a"}, none); ok || why != "no model" {
		t.Errorf("model error: ConflictHolds = %v %q, want false %q", ok, why, "no model")
	}
}
