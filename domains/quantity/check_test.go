package quantity

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/domains/prose"
	"github.com/plancert/plancert/internal/familytest"
	"github.com/plancert/plancert/solver"
	"github.com/plancert/plancert/solver/sat"
)

// handInstance is a small allocation instance written by hand: two
// depots, two clinics, one period.
func handInstance() *Instance {
	return &Instance{
		Sp:   domains.Spec{Task: "material-allocation", Subtask: "vaccine-doses", Basic: []string{unitMinimum}, Medium: []string{unitSelfCheck}, Hard: []string{}, Stateful: []string{}},
		Mode: ModeAllocation,
		Voc: Vocab{Source: "depot", Sources: "depots", Sink: "clinic", Sinks: "clinics", Period: "week", Periods: "weeks",
			Goods: "boxes", Good: "box", Shipment: "shipment", Shipments: "shipments", Intro: "Allocate boxes."},
		Periods: []string{"Week 1"},
		Sources: []Source{{Name: "North", Supply: []int{3}}, {Name: "South", Supply: []int{2}}},
		Sinks:   []Sink{{Name: "Oak", Demand: []int{4}, Weight: 2, Min: 2}, {Name: "Elm", Demand: []int{3}, Weight: 1}},
		Cost:    [][]int{{1, 2}, {2, 1}},
	}
}

// TestCheckHand: the checker on a hand-made instance, item by item.
func TestCheckHand(t *testing.T) {
	in := handInstance()
	if err := in.validate(); err != nil {
		t.Fatal(err)
	}
	// Optimum: Oak (weight 2) gets all 4 it can (3 North + 1 South), Elm
	// the last South box: shortfall 2×0 + 1×2 = 2, cost 3 + 2 + 1 = 6.
	ref := domains.Reference{Feasible: true, Objective: []int64{2, 6}}
	best := `{"shipments": [{"depot": "North", "clinic": "Oak", "quantity": 3}, {"depot": "South", "clinic": "Oak", "quantity": 1}, {"depot": "South", "clinic": "Elm", "quantity": 1}], "shortfall": 2, "cost": 6}`
	for _, tc := range []struct {
		name, answer string
		fail         []string // the items that fail; nil: none
	}{
		{"optimum", best, nil},
		{"more cost", `{"shipments": [{"depot": "North", "clinic": "Oak", "quantity": 2}, {"depot": "South", "clinic": "Oak", "quantity": 2}, {"depot": "North", "clinic": "Elm", "quantity": 1}], "shortfall": 2, "cost": 8}`, []string{itemOptimal}},
		{"wrong stated", strings.Replace(best, `"cost": 6`, `"cost": 5`, 1), []string{itemStated}},
		{"over supply", `{"shipments": [{"depot": "South", "clinic": "Oak", "quantity": 3}], "shortfall": 5, "cost": 6}`, []string{itemSupply, itemOptimal}},
		{"surplus", `{"shipments": [{"depot": "North", "clinic": "Elm", "quantity": 3}, {"depot": "South", "clinic": "Elm", "quantity": 1}, {"depot": "South", "clinic": "Oak", "quantity": 1}], "shortfall": 6, "cost": 9}`, []string{itemSurplus, unitMinimum, itemOptimal}},
		{"not json", `shipments`, []string{itemFormat, itemSupply, itemSurplus, unitMinimum, itemStated, itemOptimal}},
		{"unknown depot", strings.Replace(best, `"North"`, `"Nord"`, 1), []string{itemFormat, itemSupply, itemSurplus, unitMinimum, itemStated, itemOptimal}},
		{"negative", strings.Replace(best, `"quantity": 3`, `"quantity": -3`, 1), []string{itemFormat, itemSupply, itemSurplus, unitMinimum, itemStated, itemOptimal}},
		{"twice", strings.Replace(best, `"clinic": "Elm"`, `"clinic": "Oak"`, 1), []string{itemFormat, itemSupply, itemSurplus, unitMinimum, itemStated, itemOptimal}},
		{"no list", `{"shipments": 3, "shortfall": 2, "cost": 6}`, []string{itemFormat, itemSupply, itemSurplus, unitMinimum, itemStated, itemOptimal}},
		// A stated value left out fails the stated item, as a wrong one
		// does; one that is not a number fails the format item too
		// (docs/grading.md).
		{"missing stated", `{"shipments": []}`, []string{unitMinimum, itemStated, itemOptimal}},
		{"cost left out", strings.Replace(best, `, "cost": 6`, ``, 1), []string{itemStated}},
		{"unreadable cost", strings.Replace(best, `"cost": 6`, `"cost": "six"`, 1), []string{itemFormat, itemStated}},
		{"claims infeasible", `{"feasible": false, "conflict": ["minimum for Oak"]}`, []string{itemFormat, itemSupply, itemSurplus, unitMinimum, itemStated, itemOptimal}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			familytest.FailsExactly(t, in.Check(context.Background(), sat.Backend{}, json.RawMessage(tc.answer), ref), in.Checklist(ref), tc.fail)
		})
	}
}

// TestLoadErrors: an instance read from JSON with bad data is refused
// with an error naming the field and the reason.
func TestLoadErrors(t *testing.T) {
	tk, ok := domains.Lookup("material-allocation")
	if !ok {
		t.Fatal("material-allocation is not registered")
	}
	good, err := json.Marshal(handInstance())
	if err != nil {
		t.Fatal(err)
	}
	familytest.LoadErrors(t, func(b []byte) error { _, err := tk.Load(b); return err }, good, "quantity: ", []familytest.LoadCase[map[string]any]{
		{Name: "mode", From: `"mode":"allocation"`, To: `"mode":"procurement"`, Want: "field mode"},
		{Name: "supply length", From: `"supply":[3]`, To: `"supply":[3,1]`, Want: "sources[0].supply"},
		{Name: "negative demand", From: `"demand":[4]`, To: `"demand":[-4]`, Want: "sinks[0].demand"},
		{Name: "repeated name", From: `"name":"Elm"`, To: `"name":"Oak"`, Want: "sinks[1].name"},
		{Name: "cost rows", From: `"unit_cost":[[1,2],[2,1]]`, To: `"unit_cost":[[1,2]]`, Want: "unit_cost"},
		{Name: "not json", From: `{`, To: `[`, Want: "quantity: material-allocation instance"},
		{Name: "contingency", From: `"tie_breaks":0`, To: `"contingency":99,"tie_breaks":0`, Want: "field contingency"},
		{Name: "failure without the unit", From: `"tie_breaks":0`, To: `"failure":{"source":"North","from":"Week 1"},"tie_breaks":0`, Want: "field failure"},
		{Name: "critical per period", From: `"minimum":2`, To: `"minimum":2,"critical_per_period":[1,2]`, Want: "sinks[0].critical_per_period"},
	})
}

// TestCheckRecoveryHand: the recovery unit's checks on the hand-made
// instance, North failing. The recovery plan has South's 2 boxes only,
// and Oak's guaranteed 2 must still hold: both go to Oak (weighted
// shortfall 2×2 + 1×3 = 7, cost 2×2 = 4).
func TestCheckRecoveryHand(t *testing.T) {
	in := handInstance()
	in.Sp.Hard = []string{unitRecovery}
	in.Failure = &Failure{Source: "North", From: "Week 1"}
	if err := in.validate(); err != nil {
		t.Fatal(err)
	}
	_, cert := familytest.CertifyModel(t, in)
	if want := []int64{2, 6, 7, 4}; !slices.Equal(cert.Objective, want) || !*cert.Unique {
		t.Fatalf("certificate %v unique %v, want %v unique", cert.Objective, *cert.Unique, want)
	}
	plan, err := in.Plan(cert.Solution)
	if err != nil {
		t.Fatal(err)
	}
	main := `{"shipments": [{"depot": "North", "clinic": "Oak", "quantity": 3}, {"depot": "South", "clinic": "Oak", "quantity": 1}, {"depot": "South", "clinic": "Elm", "quantity": 1}], `
	stated := `, "shortfall": 2, "cost": 6}`
	best := main + `"recovery": [{"depot": "South", "clinic": "Oak", "quantity": 2}]` + stated
	if string(plan) != best {
		t.Fatalf("plan %s, want %s", plan, best)
	}
	ref := domains.Reference{Feasible: true, Objective: cert.Objective}
	all := []string{itemFormat, itemSupply, itemSurplus, unitMinimum, itemStated, unitRecovery, itemOptimal}
	for _, tc := range []struct {
		name, answer string
		fail         []string
	}{
		{"optimum", best, nil},
		{"failed depot sends", main + `"recovery": [{"depot": "South", "clinic": "Oak", "quantity": 2}, {"depot": "North", "clinic": "Elm", "quantity": 1}]` + stated, []string{unitRecovery, itemOptimal}},
		{"guarantee broken in the failure", main + `"recovery": [{"depot": "South", "clinic": "Oak", "quantity": 1}, {"depot": "South", "clinic": "Elm", "quantity": 1}]` + stated, []string{unitRecovery, itemOptimal}},
		{"a listed zero is the same plan", main + `"recovery": [{"depot": "South", "clinic": "Oak", "quantity": 2}, {"depot": "South", "clinic": "Elm", "quantity": 0}]` + stated, nil},
		{"empty recovery", main + `"recovery": []` + stated, []string{unitRecovery, itemOptimal}},
		// No recovery plan fails its items, and nothing else; one that
		// cannot be read, the format item too (docs/grading.md).
		{"no recovery", main[:len(main)-2] + stated, []string{unitRecovery, itemOptimal}},
		{"unreadable recovery", main + `"recovery": 3` + stated, []string{itemFormat, unitRecovery, itemOptimal}},
		{"unknown depot in the recovery", main + `"recovery": [{"depot": "Nord", "clinic": "Oak", "quantity": 2}]` + stated, []string{itemFormat, unitRecovery, itemOptimal}},
		{"unreadable plan", `{"shipments": 3, "recovery": [{"depot": "South", "clinic": "Oak", "quantity": 2}]` + stated, all},
	} {
		t.Run(tc.name, func(t *testing.T) {
			familytest.FailsExactly(t, in.Check(context.Background(), sat.Backend{}, json.RawMessage(tc.answer), ref), in.Checklist(ref), tc.fail)
		})
	}
}

// TestRampFirstPeriodFree: the ramp rule limits the change between two
// periods from the second period on, and says that the first period is
// not limited. Here the other reading (a period before the plan counting
// 0, so that the first period sends at most the ramp) would leave Mon's
// demand of 3 unmet with a ramp of 1: no plan at all. The model, as the
// rule says, sends 3 on Mon and 3 on Tue.
func TestRampFirstPeriodFree(t *testing.T) {
	in := &Instance{
		Sp:   domains.Spec{Task: "procurement-planning", Subtask: "restaurant-ingredients", Basic: []string{}, Medium: []string{unitRamp}, Hard: []string{}, Stateful: []string{}},
		Mode: ModeProcurement,
		Voc: Vocab{Source: "supplier", Sources: "suppliers", Sink: "kitchen", Sinks: "kitchens", Period: "day", Periods: "days",
			Goods: "kg of flour", Good: "kg of flour", Shipment: "order", Shipments: "orders", Intro: "Buy flour."},
		Periods: []string{"Mon", "Tue"},
		Sources: []Source{{Name: "Mill", Supply: []int{5, 5}}},
		Sinks:   []Sink{{Name: "Kitchen", Demand: []int{3, 3}}},
		Cost:    [][]int{{1}},
		Storage: 10,
		Ramp:    1,
	}
	if err := in.validate(); err != nil {
		t.Fatal(err)
	}
	const want = "From the second day on, the total that Mill sends in a day differs from its total in the day before by at most 1 kg of flour (up or down; a day with nothing sent counts 0). The first day (Mon) is not limited by this rule."
	if p := in.Prompt(); !strings.Contains(p, want) {
		t.Fatalf("the ramp rule does not say that the first day is free (%q):\n%s", want, p)
	}
	_, cert := familytest.CertifyModel(t, in)
	if cert.Status != solver.Optimal || !slices.Equal(cert.Objective, []int64{6}) {
		t.Fatalf("certificate %v %v, want optimal [6] (Mon 3, Tue 3)", cert.Status, cert.Objective)
	}
	plan, err := in.Plan(cert.Solution)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(plan), `"day": "Mon", "quantity": 3`) {
		t.Fatalf("plan %s: Mon does not get its 3", plan)
	}
}

// eachGenerated calls f on generated instances (3 seeds) of every
// quantity subtask that may draw unit, with it.
func eachGenerated(t *testing.T, unit string, f func(what string, in *Instance)) {
	t.Helper()
	for _, ts := range familytest.Allowing(t, family, unit) {
		tk, st := ts.Task, ts.Sub
		for seed := uint64(1); seed <= 3; seed++ {
			spec := familytest.NewSpec(t, tk, st.ID, seed, unit)
			inst, err := tk.Generate(context.Background(), sat.Backend{}, spec, rand.New(rand.NewPCG(seed, 0)))
			if err != nil {
				t.Fatalf("%s %s seed %d: %v", tk.ID, st.ID, seed, err)
			}
			f(fmt.Sprintf("%s %s seed %d", tk.ID, st.ID, seed), inst.(*Instance))
		}
	}
}

// TestRampSentence: every generated instance with the ramp unit says, in
// each ramp rule, that its first period is not limited.
func TestRampSentence(t *testing.T) {
	eachGenerated(t, unitRamp, func(what string, in *Instance) {
		want := fmt.Sprintf("The first %s (%s) is not limited by this rule.", in.Voc.Period, in.Periods[0])
		if c := strings.Count(in.Prompt(), want); c != in.S() {
			t.Errorf("%s: %d of %d ramp rules say %q", what, c, in.S(), want)
		}
	})
}

// TestLeadSentence: every generated instance with lead times says that a
// shipment is listed under the period it is sent in.
func TestLeadSentence(t *testing.T) {
	eachGenerated(t, unitLead, func(what string, in *Instance) {
		want := fmt.Sprintf("of %s is the %s it is sent in, not the %s it arrives in.", prose.An(in.Voc.Shipment), in.Voc.Period, in.Voc.Period)
		if !strings.Contains(in.Prompt(), want) {
			t.Errorf("%s: the prompt does not say %q", what, want)
		}
	})
}

// TestLeadWeekIsSent: with lead times, the period of a shipment in the
// answer is the one it is sent in, as the prompt says: the certified plan
// sends North's 2 boxes in Week 1 to arrive in Week 2, and the same boxes
// written with their arrival week (Week 2) arrive in Week 3, which has no
// demand.
func TestLeadWeekIsSent(t *testing.T) {
	in := handInstance()
	in.Sp.Basic, in.Sp.Medium = []string{unitLead}, []string{}
	in.Periods = []string{"Week 1", "Week 2", "Week 3"}
	in.Sources = []Source{{Name: "North", Supply: []int{2, 2, 2}, Lead: 1}}
	in.Sinks = []Sink{{Name: "Oak", Demand: []int{0, 2, 0}, Weight: 1}}
	in.Cost = [][]int{{1}}
	if err := in.validate(); err != nil {
		t.Fatal(err)
	}
	const want = `The "week" of a shipment is the week it is sent in, not the week it arrives in.`
	if p := in.Prompt(); !strings.Contains(p, want) {
		t.Fatalf("the prompt does not say which week a shipment is listed under (%q):\n%s", want, p)
	}
	_, cert := familytest.CertifyModel(t, in)
	plan, err := in.Plan(cert.Solution)
	if err != nil {
		t.Fatal(err)
	}
	sent := `{"shipments": [{"depot": "North", "week": "Week 1", "quantity": 2}]}`
	if string(plan) != sent || !slices.Equal(cert.Objective, []int64{0, 2}) {
		t.Fatalf("plan %s objective %v, want %s [0 2]", plan, cert.Objective, sent)
	}
	ref := domains.Reference{Feasible: true, Plan: plan, Objective: cert.Objective}
	for _, r := range in.Check(context.Background(), sat.Backend{}, json.RawMessage(strings.Replace(sent, "Week 1", "Week 2", 1)), ref) {
		if r.ID == itemSurplus && r.Pass {
			t.Fatal("the boxes listed under their arrival week (Week 2) do not overfill Week 3")
		}
	}
}

// TestIntroTellsOfDrawnRulesOnly: a budget's intro speaks of periods (a
// supply "per month", a starting stock toward the first month's demand)
// only when the plan has several, and a power dispatch's intro of route
// limits only with the lane unit.
func TestIntroTellsOfDrawnRulesOnly(t *testing.T) {
	for _, id := range []string{"financial-budgeting", "power-dispatch"} {
		tk, _ := domains.Lookup(id)
		for _, st := range tk.Subtasks {
			for _, units := range [][]string{nil, {unitLanes}} {
				for seed := uint64(1); seed <= 4; seed++ {
					spec := familytest.NewSpec(t, tk, st.ID, seed, units...)
					inst, err := tk.Generate(context.Background(), sat.Backend{}, spec, rand.New(rand.NewPCG(seed, 0)))
					if err != nil {
						t.Fatalf("%s %s seed %d: %v", id, st.ID, seed, err)
					}
					in := inst.(*Instance)
					intro := in.Voc.Intro
					if perPeriod := strings.Contains(intro, "(per "+in.Voc.Period+")") || strings.Contains(intro, "first "+in.Voc.Period); perPeriod != (in.T() > 1) && id == "financial-budgeting" {
						t.Errorf("%s %s seed %d: %d periods, the intro speaks of them: %v: %s", id, st.ID, seed, in.T(), perPeriod, intro)
					}
					if limit := strings.Contains(intro, "route limit"); limit != in.has(unitLanes) && id == "power-dispatch" {
						t.Errorf("%s %s seed %d %v: the intro speaks of route limits: %v: %s", id, st.ID, seed, units, limit, intro)
					}
					if !strings.HasPrefix(in.Prompt(), intro) {
						t.Errorf("%s %s: the prompt does not begin with the intro", id, st.ID)
					}
				}
			}
		}
	}
}
