package familytest

import (
	"context"
	"encoding/json"
	"slices"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/solver"
	"github.com/plancert/plancert/solver/sat"
)

// LeftOutVacuous is the check of a core whose left-out units take their
// data with them (domains.Dropper), so that gen's test cannot put them
// back into the record: full is the instance as drawn, with every unit of
// its spec, kept the one its generator keeps with the silent units left
// out (domains.LeaveOut). Both models are certified (CertifyModel); they
// must have the same status and optimum, and each one's optimal plan,
// carried over by into (nil: as it is), must pass every item of the
// other's checklist against the other's optimum: leaving the units out
// changed no plan's standing. Failures name name.
func LeftOutVacuous(t testing.TB, name string, full, kept domains.Instance, into func(plan json.RawMessage, from, to domains.Instance) json.RawMessage) {
	t.Helper()
	c1, p1 := certifiedPlan(t, full)
	c2, p2 := certifiedPlan(t, kept)
	if c1.Status != c2.Status || !slices.Equal(c1.Objective, c2.Objective) {
		t.Errorf("%s: with the units %v %v; without %v %v", name, c1.Status, c1.Objective, c2.Status, c2.Objective)
		return
	}
	if c1.Status == solver.Infeasible {
		return
	}
	if into == nil {
		into = func(plan json.RawMessage, _, _ domains.Instance) json.RawMessage { return plan }
	}
	passesEvery(t, name+": the plan without the units, on the instance with them", full, c1, into(p2, kept, full))
	passesEvery(t, name+": the plan with the units, on the instance without them", kept, c2, into(p1, full, kept))
}

// certifiedPlan certifies inst's model and returns the certificate and its
// optimal plan (nil when infeasible).
func certifiedPlan(t testing.TB, inst domains.Instance) (*solver.Certificate, json.RawMessage) {
	t.Helper()
	_, c := CertifyModel(t, inst)
	if c.Status == solver.Infeasible {
		return c, nil
	}
	plan, err := inst.Plan(c.Solution)
	if err != nil {
		t.Fatal(err)
	}
	return c, plan
}

// passesEvery fails t unless plan passes every item of inst against the
// optimum of certificate c.
func passesEvery(t testing.TB, name string, inst domains.Instance, c *solver.Certificate, plan json.RawMessage) {
	t.Helper()
	ref := domains.Reference{Feasible: true, Objective: c.Objective}
	for _, r := range inst.Check(context.Background(), sat.Backend{}, plan, ref) {
		if !r.Pass {
			t.Errorf("%s: item %s fails: %s (%s)", name, r.ID, r.Detail, plan)
		}
	}
}

// Reload returns inst written as JSON and loaded again by tk, as a T: the
// instance as a record's reader gets it back (a loader refuses what a
// record may not hold, the data of a unit left out, say).
func Reload[T domains.Instance](t testing.TB, tk *domains.Task, inst T) T {
	t.Helper()
	raw, err := json.Marshal(inst)
	if err != nil {
		t.Fatal(err)
	}
	back, err := tk.Load(raw)
	if err != nil {
		t.Fatalf("load %v: %v", inst.Spec().Units(), err)
	}
	return back.(T)
}
