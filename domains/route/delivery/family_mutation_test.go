package delivery_test

import (
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/internal/familytest"
	"github.com/plancert/plancert/internal/routetest"
)

// TestFamilyMutation: single changes of each kept reference plan (seeds
// 1..30) are caught by the item that names the broken rule: a stop moved
// within or between routes (then the items of the rules the oracle says
// are broken fail and the other rule items pass, and "optimal" fails:
// every kept optimum is unique), a stop dropped or repeated (coverage), a
// wrong stated total (stated only), an unknown stop or a malformed answer
// (format). Infeasible references: a plan, an unknown rule name, a rule
// set that can hold, and the conflict with a rule added or left out are
// each refused. No mutant passes every item; every unit's item and every
// item of the core catch some mutant of the sweep.
func TestFamilyMutation(t *testing.T) { familytest.Mutations(t, family, mutants) }

// ruleItems are the items of the rules, and "coverage", which a moved stop
// fails exactly when the oracle says it breaks the rule.
var ruleItems = []string{"coverage", "capacity", "delivery-windows", "driving-limit", "road-closure", "visit-order", "balanced-routes"}

// malformed are answers that never panic the checker and fail "format".
var malformed = []string{``, `null`, `[]`, `{}`, `{"routes": null, "total_minutes": 1}`, `{"routes": [null], "total_minutes": 1}`,
	`{"routes": [[]], "total_minutes": 1}`, `{"routes": [[1, 2]], "total_minutes": 1}`, `{"routes": [["S1 Bakery"]], "total_minutes": "x"}`,
	`{"feasible": true}`, `{"feasible": false, "conflict": [1]}`, `{"feasible": "no", "conflict": ["capacity"]}`}

// mutants returns the mutants of a kept record (see TestFamilyMutation).
func mutants(t *testing.T, rec *domains.Record, _ domains.Instance) []familytest.Mutant {
	var d data
	if err := json.Unmarshal(rec.Instance, &d); err != nil {
		t.Fatal(err)
	}
	ref := rec.Reference
	var out routetest.Mutants
	out.Malformed(rec, malformed)
	out.Unstated(rec, "total_minutes", json.RawMessage(`{"routes": [["S1 Bakery"]]}`))
	if !ref.Feasible {
		out.Infeasible(rec, planJSON(d, [][]int{{1}}, 0))
		for _, r := range []string{"delivery windows", "driving limit"} {
			if d.Due == nil && r == "delivery windows" || d.MaxDrive == 0 && r == "driving limit" || slices.Contains(ref.Conflict, r) {
				continue
			}
			// Each of these rules alone (with rule 1) can hold unless it is
			// the certified conflict: the generator's hidden plan keeps it.
			out.Add("conflict", "a rule set that can hold", json.RawMessage(fmt.Sprintf(`{"feasible": false, "conflict": [%q]}`, r)), "conflict")
		}
		return out
	}
	var plan struct {
		Routes [][]string `json:"routes"`
		Total  int64      `json:"total_minutes"`
	}
	if err := json.Unmarshal(ref.Plan, &plan); err != nil {
		t.Fatal(err)
	}
	var routes [][]int
	for _, rt := range plan.Routes {
		var r []int
		for _, s := range rt {
			r = append(r, slices.Index(d.Stops, s)+1)
		}
		routes = append(routes, r)
	}
	clone := func() [][]int {
		out := make([][]int, len(routes))
		for i := range routes {
			out[i] = slices.Clone(routes[i])
		}
		return out
	}
	// A changed plan: the items of the rules the oracle says it breaks
	// (and "optimal") fail, the other rule items pass, and so do "format"
	// and "stated" (its stated total is true).
	changed := func(what string, m [][]int) {
		var nonEmpty [][]int
		for _, r := range m {
			if len(r) > 0 {
				nonEmpty = append(nonEmpty, r)
			}
		}
		if canonical(nonEmpty) == canonical(routes) {
			return // the same plan: routes are a set
		}
		free := fleetOf(d, false, false, false)
		free.Vehicles = max(d.Vehicles, len(nonEmpty)) // rule oracles, not coverage
		total, _ := free.Evaluate(nonEmpty)
		broken := map[string]bool{}
		for id, f := range map[string]bool{"capacity": d.Capacity > 0, "delivery-windows": d.Due != nil, "driving-limit": d.MaxDrive > 0, "road-closure": d.Closed != nil, "visit-order": d.Before != nil, "balanced-routes": d.Balance > 0} {
			if !f {
				continue
			}
			fl := fleetOf(d, id == "capacity", id == "delivery-windows", id == "driving-limit")
			if id == "road-closure" {
				fl.Closed = d.Closed
			}
			if id == "visit-order" {
				fl.Before = d.Before
			}
			if id == "balanced-routes" {
				fl.Balance = d.Balance
			}
			fl.Vehicles = free.Vehicles
			if _, err := fl.Evaluate(nonEmpty); err != nil {
				broken[id] = true
			}
		}
		if len(nonEmpty) > d.Vehicles {
			broken["coverage"] = true
		}
		out.Changed(rec, "move", what, planJSON(d, nonEmpty, total), ruleItems, broken, "format", "stated")
	}
	for i, r := range routes {
		for p := 0; p+1 < len(r); p++ {
			m := clone()
			m[i][p], m[i][p+1] = m[i][p+1], m[i][p]
			changed(fmt.Sprintf("swap in route %d", i+1), m)
		}
		for p := range r {
			for j := range len(routes) + 1 {
				if j == i {
					continue
				}
				m := clone()
				c := m[i][p]
				m[i] = slices.Delete(m[i], p, p+1)
				if j == len(routes) {
					m = append(m, []int{c})
				} else {
					m[j] = append(m[j], c)
				}
				changed(fmt.Sprintf("move stop %d from route %d to %d", c, i+1, j+1), m)
			}
		}
	}
	m := clone()
	m[0] = m[0][1:]
	out.Add("coverage", "a stop dropped", planJSON(d, m, plan.Total), "coverage", "optimal")
	m = clone()
	m[0] = append(m[0], m[0][0])
	out.Add("coverage", "a stop repeated", planJSON(d, m, plan.Total), "coverage", "optimal")
	out = append(out, familytest.Mutant{Name: "a wrong stated total", Kind: "stated", Answer: planJSON(d, routes, plan.Total+1), Fail: []string{"stated"}, Exact: true})
	if d.Current != nil {
		out.Add("closure", "the current plan, which drives the closed road", planJSON(d, d.Current, plan.Total), "road-closure", "optimal")
	}
	out.Add("format", "an unknown stop", json.RawMessage(`{"routes": [["S9 Nowhere"]], "total_minutes": 0}`), "format")
	out.Add("format", "not JSON", json.RawMessage(`routes`), "format")
	return out
}

// canonical is a plan's key: its routes as a set.
func canonical(routes [][]int) string {
	keys := make([]string, len(routes))
	for i, r := range routes {
		keys[i] = fmt.Sprint(r)
	}
	slices.Sort(keys)
	return fmt.Sprint(keys)
}
