package domains_test

import (
	"context"
	"encoding/json"
	"reflect"
	"slices"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/solver"
)

func TestResults(t *testing.T) {
	items := []domains.Item{{ID: "format"}, {ID: "cover"}, {ID: "cover"}, {ID: "cost"}}
	res := domains.Pending(items)
	want := domains.Results{{ID: "format", Pass: true}, {ID: "cover", Pass: true}, {ID: "cover", Pass: true}, {ID: "cost", Pass: true}}
	if !reflect.DeepEqual(res, want) {
		t.Fatalf("Pending: %+v", res)
	}
	res.Set("cover", false, "two short")
	res.Set("missing", false, "no such item")
	want[1] = domains.Result{ID: "cover", Detail: "two short"}
	want[2] = want[1]
	if !reflect.DeepEqual(res, want) {
		t.Fatalf("Set: %+v", res)
	}
	out := res.FailAll("not JSON")
	for k := range out {
		if out[k].Pass || out[k].Detail != "not JSON" || out[k].ID != items[k].ID {
			t.Fatalf("FailAll: %+v", out)
		}
	}
	if &out[0] != &res[0] {
		t.Error("FailAll returned a copy, not the list itself")
	}
}

// TestSetFails: every result whose item has failures fails with them
// joined; the others stay; SetFails reports whether it failed any.
func TestSetFails(t *testing.T) {
	items := []domains.Item{{ID: "format"}, {ID: "cover"}, {ID: "cost"}}
	res := domains.Pending(items)
	if res.SetFails(domains.Fails{}) {
		t.Error("SetFails of no failures reports a failure")
	}
	if !res.SetFails(domains.Fails{"cover": {"a short", "b short"}, "nowhere": {"x"}}) {
		t.Error("SetFails of a failed item reports none")
	}
	want := domains.Results{{ID: "format", Pass: true}, {ID: "cover", Detail: "a short; b short"}, {ID: "cost", Pass: true}}
	if !reflect.DeepEqual(res, want) {
		t.Errorf("SetFails: %+v", res)
	}
}

// TestBreaks: BreaksRule counts failures of feasibility and coverage
// items only; BreaksPlan every failure but a stated value's, an item
// that is not in the list included.
func TestBreaks(t *testing.T) {
	items := []domains.Item{{ID: "cover", Kind: domains.KindCoverage}, {ID: "cap", Kind: domains.KindFeasibility},
		{ID: "stated", Kind: domains.KindStated}, {ID: "optimal", Kind: domains.KindObjective}}
	for _, tc := range []struct {
		f          domains.Fails
		rule, plan bool
	}{
		{domains.Fails{}, false, false},
		{domains.Fails{"cover": {"x"}}, true, true},
		{domains.Fails{"cap": {"x"}}, true, true},
		{domains.Fails{"stated": {"x"}}, false, false},
		{domains.Fails{"optimal": {"x"}}, false, true},
		{domains.Fails{"other": {"x"}}, false, true},
	} {
		if got := tc.f.BreaksRule(items); got != tc.rule {
			t.Errorf("%v: BreaksRule = %v", tc.f, got)
		}
		if got := tc.f.BreaksPlan(items); got != tc.plan {
			t.Errorf("%v: BreaksPlan = %v", tc.f, got)
		}
	}
}

// evalToy is an Evaluator over domains.Evaluate: its plan is the answer's
// "x", which must be 1 ("rule"); its objective is [x].
type evalToy struct{ plans int }

func (e *evalToy) Evaluate(ctx context.Context, b solver.Backend, raw json.RawMessage, ref domains.Reference) ([]domains.Result, []int64) {
	items := []domains.Item{{ID: domains.ItemFormat}, {ID: "rule"}}
	c := domains.ReadClaim(raw, false)
	conflict := func(context.Context, solver.Backend, []string) (bool, string) { return false, "no proof" }
	return domains.Evaluate(ctx, b, items, ref, c, "plan", conflict, func(res domains.Results) []int64 {
		e.plans++
		var x int64
		_ = json.Unmarshal(c.Obj["x"], &x)
		if x != 1 {
			res.Set("rule", false, "x is not 1")
			return nil
		}
		return []int64{x}
	})
}

// TestEvaluate: the claim is judged before the plan (a plan is checked
// only when one is left to check), and CheckOf and ObjectiveOf are
// Evaluate's two halves.
func TestEvaluate(t *testing.T) {
	e := &evalToy{}
	feasible := domains.Reference{Feasible: true}
	res := domains.CheckOf(e, context.Background(), nil, json.RawMessage(`{"x": 2}`), feasible)
	if res[0].Pass != true || res[1].Pass || res[1].Detail != "x is not 1" || e.plans != 1 {
		t.Errorf("a plan that breaks the rule: %+v (%d plans checked)", res, e.plans)
	}
	res = domains.CheckOf(e, context.Background(), nil, json.RawMessage(`not json`), feasible)
	if res[0].Pass || res[1].Pass || e.plans != 1 {
		t.Errorf("an unreadable answer: %+v (%d plans checked)", res, e.plans)
	}
	res = domains.CheckOf(e, context.Background(), nil, json.RawMessage(`{"feasible": false, "conflict": ["rule"]}`), domains.Reference{})
	if !res[0].Pass || res[1].Pass != true || e.plans != 1 {
		t.Errorf("a claim against an infeasible reference: %+v (%d plans checked)", res, e.plans)
	}
	if obj, ok := domains.ObjectiveOf(e, json.RawMessage(`{"x": 1}`)); !ok || !reflect.DeepEqual(obj, []int64{1}) {
		t.Errorf("ObjectiveOf a plan that keeps the rule = %v %v", obj, ok)
	}
	if obj, ok := domains.ObjectiveOf(e, json.RawMessage(`{"x": 3}`)); ok || obj != nil {
		t.Errorf("ObjectiveOf a plan that breaks the rule = %v %v", obj, ok)
	}
}

// TestOptimum: the optimal item fails, with both vectors, unless the
// plan's vector is the optimum.
func TestOptimum(t *testing.T) {
	res := domains.Pending([]domains.Item{{ID: "optimal"}, {ID: "other"}})
	res.Optimum("optimal", []int64{1, 2}, []int64{1, 2}, "the plan's values are")
	if !res[0].Pass {
		t.Errorf("the optimum failed: %+v", res)
	}
	res.Optimum("optimal", []int64{1, 3}, []int64{1, 2}, "the plan's values are")
	if res[0].Pass || res[0].Detail != "the plan's values are [1 3], the optimum is [1 2]" || !res[1].Pass {
		t.Errorf("not the optimum: %+v", res)
	}
}

// TestLexOrders: Lower and LexBetter decide at the first level both
// vectors have where they differ, smaller wins unless LexBetter's level
// is maximized; equal vectors are not better.
func TestLexOrders(t *testing.T) {
	maxSecond := func(level int) bool { return level == 1 }
	for _, tc := range []struct {
		x, y          []int64
		lower, better bool
	}{
		{[]int64{1, 5}, []int64{2, 0}, true, true},
		{[]int64{2, 0}, []int64{1, 5}, false, false},
		{[]int64{2, 9}, []int64{2, 3}, false, true},
		{[]int64{2, 3}, []int64{2, 9}, true, false},
		{[]int64{2, 3, 1}, []int64{2, 3, 5}, true, true},
		{[]int64{1, 2, 0}, []int64{1, 3}, true, false},
		{[]int64{1, 2}, []int64{1, 2}, false, false},
		{[]int64{1}, []int64{1, 3}, false, false},
	} {
		if got := domains.Lower(tc.x, tc.y); got != tc.lower {
			t.Errorf("Lower(%v, %v) = %v", tc.x, tc.y, got)
		}
		if got := domains.LexBetter(tc.x, tc.y, maxSecond); got != tc.better {
			t.Errorf("LexBetter(%v, %v) = %v", tc.x, tc.y, got)
		}
	}
}

// partsToy is an Evaluator with a stated part: its plan is "x" (the rule:
// x is 1), its stated value "s" (the stated item: s equals x).
type partsToy struct{}

var toyStated = domains.Part{Key: "s", Kind: domains.PartStated, Items: []string{"stated"}}

func (partsToy) Evaluate(ctx context.Context, b solver.Backend, raw json.RawMessage, ref domains.Reference) ([]domains.Result, []int64) {
	items := []domains.Item{{ID: domains.ItemFormat}, {ID: "rule"}, {ID: "stated"}}
	if !ref.Feasible {
		items = []domains.Item{{ID: domains.ItemFormat}, {ID: domains.ItemInfeasible}, {ID: domains.ItemConflict}}
	}
	c := domains.ReadClaim(raw, false)
	var s *int64
	var why string
	if !c.Done() {
		s, why = domains.ReadStated[int64](&c, toyStated, `"s" must be an integer`)
	}
	conflict := func(_ context.Context, _ solver.Backend, names []string) (bool, string) {
		return slices.Equal(names, []string{"rule"}), "no proof"
	}
	return domains.Evaluate(ctx, b, items, ref, c, "plan", conflict, func(res domains.Results) []int64 {
		var x int64
		_ = json.Unmarshal(c.Obj["x"], &x)
		switch {
		case s == nil:
			res.Set("stated", false, why)
		case *s != x:
			res.Set("stated", false, "s is not x")
		}
		if x != 1 {
			res.Set("rule", false, "x is not 1")
			return nil
		}
		return []int64{x}
	})
}

// TestUnreadableParts: a stated value left out fails its item alone, as
// a wrong one does; one that does not read fails the format item too, and
// nothing else (the rule is judged as on the intact answer), and leaves
// no objective vector. A claim without a conflict fails the conflict
// item alone; a conflict that does not read, the format item too.
func TestUnreadableParts(t *testing.T) {
	feasible, infeasible := domains.Reference{Feasible: true}, domains.Reference{}
	for _, tc := range []struct {
		raw  string
		ref  domains.Reference
		fail map[string]string // failing item: detail
		obj  []int64
	}{
		{`{"x": 1, "s": 1}`, feasible, map[string]string{}, []int64{1}},
		{`{"x": 1, "s": 2}`, feasible, map[string]string{"stated": "s is not x"}, []int64{1}},
		{`{"x": 1}`, feasible, map[string]string{"stated": `"s" is missing`}, []int64{1}},
		{`{"x": 1, "s": null}`, feasible, map[string]string{"stated": `"s" is missing`}, []int64{1}},
		{`{"x": 1, "s": "one"}`, feasible, map[string]string{"format": `"s" must be an integer`, "stated": `"s" must be an integer`}, nil},
		{`{"x": 2, "s": "one"}`, feasible, map[string]string{"format": `"s" must be an integer`, "stated": `"s" must be an integer`, "rule": "x is not 1"}, nil},
		{`{"feasible": false, "conflict": ["rule"]}`, infeasible, map[string]string{}, nil},
		{`{"feasible": false, "conflict": ["other"]}`, infeasible, map[string]string{"conflict": "no proof"}, nil},
		{`{"feasible": false}`, infeasible, map[string]string{"conflict": domains.NoConflict}, nil},
		{`{"feasible": false, "conflict": []}`, infeasible, map[string]string{"conflict": domains.NoConflict}, nil},
		{`{"feasible": false, "conflict": "rule"}`, infeasible, map[string]string{"format": `"conflict" must list the names of the conflicting rules`, "conflict": `"conflict" must list the names of the conflicting rules`}, nil},
	} {
		res, obj := partsToy{}.Evaluate(context.Background(), nil, json.RawMessage(tc.raw), tc.ref)
		got := map[string]string{}
		for _, r := range res {
			if !r.Pass {
				got[r.ID] = r.Detail
			}
		}
		if !reflect.DeepEqual(got, tc.fail) || !reflect.DeepEqual(obj, tc.obj) {
			t.Errorf("%s: failing %v, objective %v; want %v, %v", tc.raw, got, obj, tc.fail, tc.obj)
		}
	}
	// Two parts that fail one item join their reasons.
	res := domains.Pending([]domains.Item{{ID: domains.ItemFormat}, {ID: "a"}, {ID: "b"}})
	if !res.FailUnread([]domains.Unread{{Why: "x", Items: []string{"a"}}, {Why: "y", Items: []string{"a"}}}) || res[0].Detail != "x; y" || res[1].Detail != "x; y" || !res[2].Pass {
		t.Errorf("two unreadable parts: %+v", res)
	}
	if res.FailUnread(nil) {
		t.Error("FailUnread(nil) reports a part")
	}
}
