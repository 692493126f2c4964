package dispatch_test

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/internal/familytest"
	"github.com/plancert/plancert/internal/routetest"
)

// TestFamilyMutation: single changes of each kept reference plan (seeds
// 1..30) are caught by the item that names the broken rule: two jobs
// swapped on a route, a job moved to another route or to an idle vehicle,
// two routes' vehicles exchanged, a route handed to another (or the
// broken-down) vehicle or appended to another route. Each rule item fails
// exactly when the oracle says the rule is broken, and "optimal" fails for
// every changed plan (every kept optimum is unique under the prompt's
// "same plan"); a dropped or repeated job fails coverage, a wrong stated
// total fails stated only, an unknown job or vehicle, a vehicle with two
// routes and malformed answers fail format. Infeasible references: a
// plan, an unknown rule name, a rule set that can hold, and the conflict
// with a rule added or left out are each refused. No mutant passes every
// item; every unit's item and every item of the core catch some mutant of
// the sweep.
func TestFamilyMutation(t *testing.T) { familytest.Mutations(t, family, mutants) }

// ruleItems are the items of the rules.
var ruleItems = []string{"capacity", "pickup-windows", "equipment", "driver-hours", "pickup-before-delivery", "breakdown", "backup"}

// malformed are answers that never panic the checker and fail "format".
var malformed = []string{``, `null`, `[]`, `{}`, `{"routes": null, "deadhead_minutes": 1}`, `{"routes": [null], "deadhead_minutes": 1}`,
	`{"routes": [{"vehicle": "Car 1"}], "deadhead_minutes": 1}`, `{"routes": [["J1"]], "deadhead_minutes": 1}`, `{"routes": [], "deadhead_minutes": "x"}`,
	`{"feasible": true}`, `{"feasible": false, "conflict": [1]}`, `{"feasible": "no", "conflict": ["capacity"]}`}

// mutants returns the mutants of a kept record (see TestFamilyMutation).
func mutants(t *testing.T, rec *domains.Record, _ domains.Instance) []familytest.Mutant {
	var d data
	if err := json.Unmarshal(rec.Instance, &d); err != nil {
		t.Fatal(err)
	}
	ref := rec.Reference
	names, _ := d.fleet()
	var out routetest.Mutants
	out.Malformed(rec, malformed)
	out.Unstated(rec, "deadhead_minutes", json.RawMessage(`{"routes": []}`))
	out.Add("malformed", "a vehicle with two routes", json.RawMessage(fmt.Sprintf(`{"routes": [{"vehicle": %q, "jobs": ["J1"]}, {"vehicle": %q, "jobs": ["J2"]}], "deadhead_minutes": 0}`, names[0], names[0])), "format")
	if !ref.Feasible {
		out.Infeasible(rec, d.answer(oraclePlan{routes: [][]int{{1}}, vehicle: []int{0}}, 0))
		if d.Size != nil && !slices.Contains(ref.Conflict, "vehicle capacity") {
			// Capacity alone (with rule 1) holds: the generator's hidden
			// plan keeps it.
			out.Add("conflict", "a rule set that can hold", json.RawMessage(`{"feasible": false, "conflict": ["vehicle capacity"]}`), "conflict")
		}
		return out
	}
	plan, stated := planOfRef(t, d, ref.Plan)
	refKey := planKey(d, plan)
	clone := func() oraclePlan {
		c := oraclePlan{vehicle: slices.Clone(plan.vehicle)}
		for _, r := range plan.routes {
			c.routes = append(c.routes, slices.Clone(r))
		}
		return c
	}
	// A changed plan: the items of the rules the oracle says it breaks
	// (and "optimal") fail, the other rule items pass, and so do "format",
	// "coverage" and "stated" (its stated deadhead is true).
	changed := func(kind, what string, m oraclePlan) {
		var p oraclePlan
		for r, rt := range m.routes {
			if len(rt) > 0 {
				p.routes, p.vehicle = append(p.routes, rt), append(p.vehicle, m.vehicle[r])
			}
		}
		if planKey(d, p) == refKey {
			return // the same plan
		}
		o := d.objective(p)
		dead := o[len(o)-4] // deadhead, vehicles, Σ x·y², weight
		out.Changed(rec, kind, what, d.answer(p, dead), ruleItems, d.broken(p), "format", "coverage", "stated")
	}
	idle := []int{}
	for v := range names {
		if !slices.Contains(plan.vehicle, v) {
			idle = append(idle, v)
		}
	}
	for i, r := range plan.routes {
		for p := 0; p+1 < len(r); p++ {
			m := clone()
			m.routes[i][p], m.routes[i][p+1] = m.routes[i][p+1], m.routes[i][p]
			changed("swap", fmt.Sprintf("swap on route %d", i+1), m)
		}
		for p := range r {
			for j := range plan.routes {
				if j != i {
					m := clone()
					c := m.routes[i][p]
					m.routes[i] = slices.Delete(m.routes[i], p, p+1)
					m.routes[j] = append(m.routes[j], c)
					changed("move", fmt.Sprintf("move job %d from route %d to %d", c, i+1, j+1), m)
				}
			}
			for _, v := range idle {
				m := clone()
				c := m.routes[i][p]
				m.routes[i] = slices.Delete(m.routes[i], p, p+1)
				m.routes, m.vehicle = append(m.routes, []int{c}), append(m.vehicle, v)
				changed("move", fmt.Sprintf("move job %d from route %d to %s", c, i+1, names[v]), m)
			}
		}
		for _, v := range idle {
			m := clone()
			m.vehicle[i] = v
			changed("vehicle", fmt.Sprintf("route %d handed to %s", i+1, names[v]), m)
		}
		for j := range plan.routes {
			if j != i {
				m := clone()
				m.routes[j] = append(m.routes[j], m.routes[i]...)
				m.routes[i] = nil
				changed("merge", fmt.Sprintf("route %d appended to route %d", i+1, j+1), m)
			}
		}
		for j := i + 1; j < len(plan.routes); j++ {
			m := clone()
			m.vehicle[i], m.vehicle[j] = m.vehicle[j], m.vehicle[i]
			changed("vehicle", fmt.Sprintf("routes %d and %d exchange vehicles", i+1, j+1), m)
		}
	}
	m := clone()
	m.routes[0] = m.routes[0][1:]
	out.Add("coverage", "a job dropped", d.answer(m, stated), "coverage", "optimal")
	m = clone()
	m.routes[0] = append(m.routes[0], m.routes[0][0])
	out.Add("coverage", "a job repeated", d.answer(m, stated), "coverage", "optimal")
	out = append(out, familytest.Mutant{Name: "a wrong stated total", Kind: "stated", Answer: d.answer(plan, stated+1), Fail: []string{"stated"}, Exact: true})
	out.Add("format", "an unknown job", json.RawMessage(fmt.Sprintf(`{"routes": [{"vehicle": %q, "jobs": ["J9"]}], "deadhead_minutes": 0}`, names[0])), "format")
	out.Add("format", "an unknown vehicle", json.RawMessage(`{"routes": [{"vehicle": "Rocket 1", "jobs": ["J1"]}], "deadhead_minutes": 0}`), "format")
	out.Add("format", "not JSON", json.RawMessage(`routes`), "format")
	return out
}

// planOfRef reads a reference plan into the oracle's form.
func planOfRef(t *testing.T, d data, plan json.RawMessage) (oraclePlan, int64) {
	t.Helper()
	var a struct {
		Routes []struct {
			Vehicle string   `json:"vehicle"`
			Jobs    []string `json:"jobs"`
		} `json:"routes"`
		Deadhead int64 `json:"deadhead_minutes"`
	}
	if err := json.Unmarshal(plan, &a); err != nil {
		t.Fatal(err)
	}
	names, _ := d.fleet()
	var p oraclePlan
	for _, r := range a.Routes {
		var rt []int
		for _, j := range r.Jobs {
			rt = append(rt, slices.Index(d.Jobs, j)+1)
		}
		p.routes = append(p.routes, rt)
		p.vehicle = append(p.vehicle, slices.Index(names, r.Vehicle))
	}
	return p, a.Deadhead
}

// planKey is a plan's key under the prompt's "same plan": per vehicle
// class (type, or the broken-down vehicle), the set of routes.
func planKey(d data, p oraclePlan) string {
	names, types := d.fleet()
	var keys []string
	for r, rt := range p.routes {
		if len(rt) == 0 {
			continue
		}
		class := fmt.Sprint(types[p.vehicle[r]])
		if d.Down != nil && p.vehicle[r] == len(names)-1 {
			class = "down"
		}
		keys = append(keys, class+":"+fmt.Sprint(rt))
	}
	slices.Sort(keys)
	return strings.Join(keys, "|")
}
