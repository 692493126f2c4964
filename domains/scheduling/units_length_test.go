package scheduling

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/internal/familytest"
	"github.com/plancert/plancert/solver/sat"
)

// lenPlanJSON is planJSON with an end per entry: "A1|Mon|09:00|09:30|Oak".
func lenPlanJSON(entries ...string) json.RawMessage {
	var es []string
	for _, e := range entries {
		f := strings.Split(e, "|")
		es = append(es, fmt.Sprintf(`{"meeting": %q, "day": %q, "start": %q, "end": %q, "room": %q}`, f[0], f[1], f[2], f[3], f[4]))
	}
	return json.RawMessage(`{"meetings": [` + strings.Join(es, ", ") + `]}`)
}

func TestMinDurationTiny(t *testing.T) {
	// One room, four slots: A1 (full 90 minutes, at least 30) and A2 (60
	// minutes) fit only if A1 gives up one slot.
	a := tinyAgenda([]string{unitMinDuration}, nil, 4, []string{"Oak"}, []string{"Ana", "Ben"},
		act("A1", 3, 1, "Ana"), act("A2", 2, 2, "Ben"))
	a.Activities[0].Flexible = true
	a.MinLengths = []MinLen{{"A1", 1}}
	if err := a.validate(); err != nil {
		t.Fatal(err)
	}
	c, ref := certify(t, a)
	// Cut one slot; then A2 09:00–10:00 (end 2, priority 2), A1
	// 10:00–11:00 (end 4).
	wantOptimum(t, c, []int64{1, 8}, true)
	if !strings.Contains(string(ref.Plan), `"meeting": "A1", "day": "Mon", "start": "10:00", "end": "11:00"`) {
		t.Fatalf("reference %s", ref.Plan)
	}
	for _, tc := range []struct {
		plan       json.RawMessage
		item, want string
	}{
		{lenPlanJSON("A1|Mon|09:00|09:30|Oak", "A2|Mon|09:30|10:30|Oak"), itemOptimal, "the schedule's values are [2 7], the optimum is [1 8]"},
		{lenPlanJSON("A1|Mon|09:00|10:30|Oak", "A2|Mon|10:30|11:30|Oak"), itemCoverage, "A2 ends after the end of Mon"},
		{lenPlanJSON("A1|Mon|09:00|11:00|Oak", "A2|Mon|09:00|10:00|Oak"), itemCoverage, "A1 lasts 120 minutes, more than its full 90"},
		{lenPlanJSON("A1|Mon|09:00|10:00|Oak", "A2|Mon|10:00|10:30|Oak"), itemCoverage, "A2 lasts 30 minutes, not its 60"},
		{lenPlanJSON("A1|Mon|09:00|09:00|Oak", "A2|Mon|10:00|11:00|Oak"), itemFormat, `"A1": end "09:00" is not after its start "09:00"`},
	} {
		if r := results(a, tc.plan, ref)[tc.item]; r.Pass || r.Detail != tc.want {
			t.Errorf("%s: %s: got %+v, want %q", tc.plan, tc.item, r, tc.want)
		}
	}
	// A minimum of one slot, which every end after its start keeps,
	// writes no item; one of two slots does.
	if items := (minDuration{}).Items(a); items != nil {
		t.Fatalf("minimum of one slot: items %v", items)
	}
	a.MinLengths[0].Slots = 2
	if items := (minDuration{}).Items(a); len(items) != 1 || !strings.Contains(items[0].Text, "A1 at least 60 minutes") {
		t.Fatalf("minimum of two slots: items %v", items)
	}
	// The minimum binds once it is two slots: no schedule then.
	a.MinLengths[0].Slots, a.cache, a.xvars = 3, nil, nil
	if c, _ := certify(t, a); c.Status.String() != "infeasible" {
		t.Fatalf("minimum 3: %v", c.Status)
	}
	if p := a.Prompt(); !strings.Contains(p, "A1 may be shortened from its full 90 minutes, but it lasts at least 90 minutes") || !strings.Contains(p, "| A1 | Ana | up to 90 min |") {
		t.Fatal(p)
	}
}

func TestSplitTiny(t *testing.T) {
	// A (60 minutes, Ana) in two parts of at least 30 minutes; Ana is busy
	// 09:30–10:00 with B, so the parts go round it: 09:00 and 10:00.
	a := tinyAgenda([]string{unitSplit}, nil, 4, []string{"Oak"}, []string{"Ana"},
		act("A (part 1)", 1, 1, "Ana"), act("A (part 2)", 1, 1, "Ana"), act("B", 1, 5, "Ana"))
	a.Activities[0].Flexible, a.Activities[1].Flexible = true, true
	a.Splits = []Split{{Activity: "A", Parts: [2]string{"A (part 1)", "A (part 2)"}, Total: 2, MinPart: 1}}
	if err := a.validate(); err != nil {
		t.Fatal(err)
	}
	c, ref := certify(t, a)
	// B first (priority 5, end 1); the parts end at 2 and 3.
	wantOptimum(t, c, []int64{5 + 2 + 3}, true)
	for _, tc := range []struct {
		plan json.RawMessage
		want string
	}{
		{lenPlanJSON("A (part 1)|Mon|09:00|09:30|Oak", "A (part 2)|Mon|09:30|10:30|Oak", "B|Mon|10:30|11:00|Oak"), "the parts of A last 90 minutes together, not 60"},
		{lenPlanJSON("A (part 2)|Mon|09:00|09:30|Oak", "A (part 1)|Mon|09:30|10:00|Oak", "B|Mon|10:00|10:30|Oak"), "A (part 1) does not end before A (part 2) starts"},
	} {
		if r := results(a, tc.plan, ref)[unitSplit]; r.Pass || r.Detail != tc.want {
			t.Errorf("%s: got %+v, want %q", tc.plan, r, tc.want)
		}
	}
	if p := a.Prompt(); !strings.Contains(p, "A is done in two parts, A (part 1) and A (part 2)") {
		t.Fatal(p)
	}
}

// FuzzCheckFlexible: any bytes as the answer to instances whose lengths
// are choices (min-duration, split) give a result per item and never a
// panic; a passing "optimal" item needs every rule kept.
func FuzzCheckFlexible(f *testing.F) {
	md := tinyAgenda([]string{unitMinDuration}, nil, 4, []string{"Oak"}, []string{"Ana", "Ben"},
		act("A1", 3, 1, "Ana"), act("A2", 2, 2, "Ben"))
	md.Activities[0].Flexible = true
	md.MinLengths = []MinLen{{"A1", 1}}
	sp := tinyAgenda([]string{unitSplit}, nil, 4, []string{"Oak"}, []string{"Ana"},
		act("A (part 1)", 1, 1, "Ana"), act("A (part 2)", 1, 1, "Ana"), act("B", 1, 5, "Ana"))
	sp.Activities[0].Flexible, sp.Activities[1].Flexible = true, true
	sp.Splits = []Split{{Activity: "A", Parts: [2]string{"A (part 1)", "A (part 2)"}, Total: 2, MinPart: 1}}
	type inst struct {
		a   *Agenda
		ref domains.Reference
	}
	var insts []inst
	for _, a := range []*Agenda{md, sp} {
		_, c := familytest.CertifyModel(f, a)
		plan, err := a.Plan(c.Solution)
		if err != nil {
			f.Fatal(err)
		}
		insts = append(insts, inst{a, domains.Reference{Feasible: true, Plan: plan, Objective: c.Objective}})
		f.Add(string(plan))
	}
	f.Add(string(lenPlanJSON("A1|Mon|09:00|24:00|Oak", "A2|Mon|-1:00|10:00|Oak")))
	f.Add(`{"meetings": [{"meeting": "A1", "day": "Mon", "start": "09:00", "end": 5, "room": "Oak"}]}`)
	f.Fuzz(func(t *testing.T, s string) {
		for _, in := range insts {
			res := in.a.Check(context.Background(), sat.Backend{}, json.RawMessage(s), in.ref)
			if len(res) != len(in.a.Checklist(in.ref)) {
				t.Fatalf("%d results for %d items", len(res), len(in.a.Checklist(in.ref)))
			}
			pass := map[string]bool{}
			for _, r := range res {
				pass[r.ID] = r.Pass
			}
			if pass[itemOptimal] {
				for _, it := range in.a.Checklist(in.ref) {
					if (it.Kind == domains.KindFeasibility || it.Kind == domains.KindCoverage) && !pass[it.ID] {
						t.Fatalf("%s: optimal passes but %s fails", s, it.ID)
					}
				}
			}
		}
	})
}
