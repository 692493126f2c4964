package quantity

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/internal/familytest"
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
		{"missing stated", `{"shipments": []}`, []string{itemFormat, itemSupply, itemSurplus, unitMinimum, itemStated, itemOptimal}},
		{"claims infeasible", `{"feasible": false, "conflict": ["minimum for Oak"]}`, []string{itemFormat, itemSupply, itemSurplus, unitMinimum, itemStated, itemOptimal}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := map[string]bool{}
			for _, r := range in.Check(context.Background(), sat.Backend{}, json.RawMessage(tc.answer), ref) {
				if !r.Pass {
					got[r.ID] = true
				}
			}
			want := map[string]bool{}
			for _, id := range tc.fail {
				want[id] = true
			}
			for _, it := range in.Checklist(ref) {
				if got[it.ID] != want[it.ID] {
					t.Errorf("item %q fails %v, want %v", it.ID, got[it.ID], want[it.ID])
				}
			}
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
		{"no recovery", main[:len(main)-2] + stated, all},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := map[string]bool{}
			for _, r := range in.Check(context.Background(), sat.Backend{}, json.RawMessage(tc.answer), ref) {
				if !r.Pass {
					got[r.ID] = true
				}
			}
			want := map[string]bool{}
			for _, id := range tc.fail {
				want[id] = true
			}
			for _, it := range in.Checklist(ref) {
				if got[it.ID] != want[it.ID] {
					t.Errorf("item %q fails %v, want %v", it.ID, got[it.ID], want[it.ID])
				}
			}
		})
	}
}
