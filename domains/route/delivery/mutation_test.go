package delivery_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	"github.com/plancert/plancert/domains/route/internal/routetest"
	"github.com/plancert/plancert/solver/sat"
)

// TestMutation: single changes of each kept reference plan (seeds
// 1..30) are caught by the item that names the broken rule: a stop moved
// within or between routes (then the rule the oracle says is broken fails,
// or, when the plan is still feasible, "optimal" fails: every kept optimum
// is unique), a stop dropped or repeated (coverage), a wrong stated total
// (stated only), an unknown stop (format). No mutation passes every item.
// Infeasible references: a plan, an unknown rule name and a rule set that
// can hold are each refused.
func TestMutation(t *testing.T) {
	caught := map[string]int{}
	for seed := uint64(1); seed <= 30; seed++ {
		rec, inst, drop := record(t, seed)
		if drop != "" {
			continue
		}
		var d data
		if err := json.Unmarshal(rec.Instance, &d); err != nil {
			t.Fatal(err)
		}
		ref := rec.Reference
		check := func(what string, ans json.RawMessage, want ...string) map[string]bool {
			t.Helper()
			got := routetest.Results(inst.Check(context.Background(), sat.Backend{}, ans, ref))
			all := true
			for _, p := range got {
				all = all && p
			}
			if all {
				t.Fatalf("seed %d: %s passes every item: %s", seed, what, ans)
			}
			for _, id := range want {
				if got[id] {
					t.Fatalf("seed %d: %s: item %s passes: %s (%v)", seed, what, id, ans, got)
				}
				caught[id]++
			}
			return got
		}
		if !ref.Feasible {
			check("a plan for an infeasible instance", planJSON(d, [][]int{{1}}, 0), "format", "infeasible")
			check("an unknown rule", json.RawMessage(`{"feasible": false, "conflict": ["no such rule"]}`), "conflict")
			for _, r := range []string{"delivery windows", "driving limit"} {
				if d.Due == nil && r == "delivery windows" || d.MaxDrive == 0 && r == "driving limit" || slices.Contains(ref.Conflict, r) {
					continue
				}
				// Each of these rules alone (with rule 1) can hold unless it
				// is the certified conflict: the generator's hidden plan
				// keeps it.
				check("a rule set that can hold", json.RawMessage(fmt.Sprintf(`{"feasible": false, "conflict": [%q]}`, r)), "conflict")
			}
			continue
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
		// A changed plan: the first broken rule by the oracle, or optimal.
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
			var want []string
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
					want = append(want, id)
				}
			}
			if len(nonEmpty) > d.Vehicles {
				want = append(want, "coverage")
			}
			want = append(want, "optimal")
			got := check(what, planJSON(d, nonEmpty, total), want...)
			for _, id := range []string{"coverage", "capacity", "delivery-windows", "driving-limit", "road-closure", "visit-order", "balanced-routes"} {
				if p, ok := got[id]; ok && p == slices.Contains(want, id) {
					t.Fatalf("seed %d: %s: item %s pass=%v, the oracle says broken=%v", seed, what, id, p, slices.Contains(want, id))
				}
			}
			if !got["stated"] || !got["format"] {
				t.Fatalf("seed %d: %s: format or stated fails: %v", seed, what, got)
			}
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
		check("a stop dropped", planJSON(d, m, plan.Total), "coverage", "optimal")
		m = clone()
		m[0] = append(m[0], m[0][0])
		check("a stop repeated", planJSON(d, m, plan.Total), "coverage", "optimal")
		got := routetest.Results(inst.Check(context.Background(), sat.Backend{}, planJSON(d, routes, plan.Total+1), ref))
		for id, p := range got {
			if p == (id == "stated") {
				t.Fatalf("seed %d: wrong stated total: item %s pass=%v", seed, id, p)
			}
		}
		caught["stated"]++
		if d.Current != nil {
			check("the current plan, which drives the closed road", planJSON(d, d.Current, plan.Total), "road-closure", "optimal")
		}
		check("an unknown stop", json.RawMessage(`{"routes": [["S9 Nowhere"]], "total_minutes": 0}`), "format")
		check("not JSON", json.RawMessage(`routes`), "format")
	}
	t.Logf("caught by item: %v", caught)
	for _, id := range []string{"format", "coverage", "capacity", "delivery-windows", "driving-limit", "road-closure", "visit-order", "balanced-routes", "optimal", "stated", "conflict", "infeasible"} {
		if caught[id] == 0 {
			t.Errorf("no mutation was caught by %s", id)
		}
	}
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

// TestMalformed: malformed answers never panic the checker and
// fail the format item (or, for a claimed infeasibility with a bad list,
// the conflict item).
func TestMalformed(t *testing.T) {
	answers := []string{``, `null`, `[]`, `{}`, `{"routes": null, "total_minutes": 1}`, `{"routes": [null], "total_minutes": 1}`,
		`{"routes": [[]], "total_minutes": 1}`, `{"routes": [[1, 2]], "total_minutes": 1}`, `{"routes": [["S1 Bakery"]], "total_minutes": "x"}`,
		`{"routes": [["S1 Bakery"]]}`, `{"feasible": true}`, `{"feasible": false}`, `{"feasible": false, "conflict": []}`,
		`{"feasible": false, "conflict": [1]}`, `{"feasible": "no", "conflict": ["capacity"]}`}
	for seed := uint64(1); seed <= 10; seed++ {
		rec, inst, drop := record(t, seed)
		if drop != "" {
			continue
		}
		for _, a := range answers {
			got := routetest.Results(inst.Check(context.Background(), sat.Backend{}, json.RawMessage(a), rec.Reference))
			if got["format"] {
				t.Errorf("seed %d: %q passes format", seed, a)
			}
		}
	}
}
