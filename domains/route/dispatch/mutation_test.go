package dispatch_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/plancert/plancert/domains/route/internal/routetest"
	"github.com/plancert/plancert/solver/sat"
)

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

// TestMutation: single changes of each kept reference plan (seeds
// 1..30) are caught by the item that names the broken rule: two jobs
// swapped on a route, a job moved to another route or to an idle vehicle,
// two routes' vehicles exchanged, a route handed to another (or the
// broken-down) vehicle. Each rule item fails exactly when the oracle says
// the rule is broken, and "optimal" fails for every changed plan (every
// kept optimum is unique under the prompt's "same plan"); a dropped or
// repeated job fails coverage, a wrong stated total fails stated only, an
// unknown job or vehicle fails format. Infeasible references: a plan, an
// unknown rule name and a rule set that can hold are each refused.
func TestMutation(t *testing.T) {
	caught := map[string]int{}
	ruleItems := []string{"capacity", "pickup-windows", "equipment", "driver-hours", "pickup-before-delivery", "breakdown", "backup"}
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
			check("a plan for an infeasible instance", d.answer(oraclePlan{routes: [][]int{{1}}, vehicle: []int{0}}, 0), "format", "infeasible")
			check("an unknown rule", json.RawMessage(`{"feasible": false, "conflict": ["no such rule"]}`), "conflict")
			if d.Size != nil && !slices.Contains(ref.Conflict, "vehicle capacity") {
				// Capacity alone (with rule 1) holds: the generator's
				// hidden plan keeps it.
				check("a rule set that can hold", json.RawMessage(`{"feasible": false, "conflict": ["vehicle capacity"]}`), "conflict")
			}
			continue
		}
		plan, stated := planOfRef(t, d, ref.Plan)
		names, _ := d.fleet()
		refKey := planKey(d, plan)
		clone := func() oraclePlan {
			c := oraclePlan{vehicle: slices.Clone(plan.vehicle)}
			for _, r := range plan.routes {
				c.routes = append(c.routes, slices.Clone(r))
			}
			return c
		}
		changed := func(what string, m oraclePlan) {
			t.Helper()
			var p oraclePlan
			for r, rt := range m.routes {
				if len(rt) > 0 {
					p.routes, p.vehicle = append(p.routes, rt), append(p.vehicle, m.vehicle[r])
				}
			}
			if planKey(d, p) == refKey {
				return // the same plan
			}
			bad := d.broken(p)
			var want []string
			for _, id := range ruleItems {
				if bad[id] {
					want = append(want, id)
				}
			}
			want = append(want, "optimal")
			o := d.objective(p)
			dead := o[len(o)-4] // deadhead, vehicles, Σ x·y², weight
			got := check(what, d.answer(p, dead), want...)
			for _, id := range ruleItems {
				if pass, ok := got[id]; ok && pass == bad[id] {
					t.Fatalf("seed %d: %s: item %s pass=%v, the oracle says broken=%v", seed, what, id, pass, bad[id])
				}
			}
			if !got["stated"] || !got["format"] || !got["coverage"] {
				t.Fatalf("seed %d: %s: format, coverage or stated fails: %v", seed, what, got)
			}
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
				changed(fmt.Sprintf("swap on route %d", i+1), m)
			}
			for p := range r {
				for j := range plan.routes {
					if j != i {
						m := clone()
						c := m.routes[i][p]
						m.routes[i] = slices.Delete(m.routes[i], p, p+1)
						m.routes[j] = append(m.routes[j], c)
						changed(fmt.Sprintf("move job %d from route %d to %d", c, i+1, j+1), m)
					}
				}
				for _, v := range idle {
					m := clone()
					c := m.routes[i][p]
					m.routes[i] = slices.Delete(m.routes[i], p, p+1)
					m.routes, m.vehicle = append(m.routes, []int{c}), append(m.vehicle, v)
					changed(fmt.Sprintf("move job %d from route %d to %s", c, i+1, names[v]), m)
				}
			}
			for _, v := range idle {
				m := clone()
				m.vehicle[i] = v
				changed(fmt.Sprintf("route %d handed to %s", i+1, names[v]), m)
			}
			for j := range plan.routes {
				if j != i {
					m := clone()
					m.routes[j] = append(m.routes[j], m.routes[i]...)
					m.routes[i] = nil
					changed(fmt.Sprintf("route %d appended to route %d", i+1, j+1), m)
				}
			}
			for j := i + 1; j < len(plan.routes); j++ {
				m := clone()
				m.vehicle[i], m.vehicle[j] = m.vehicle[j], m.vehicle[i]
				changed(fmt.Sprintf("routes %d and %d exchange vehicles", i+1, j+1), m)
			}
		}
		m := clone()
		m.routes[0] = m.routes[0][1:]
		check("a job dropped", d.answer(m, stated), "coverage", "optimal")
		m = clone()
		m.routes[0] = append(m.routes[0], m.routes[0][0])
		check("a job repeated", d.answer(m, stated), "coverage", "optimal")
		got := routetest.Results(inst.Check(context.Background(), sat.Backend{}, d.answer(plan, stated+1), ref))
		for id, p := range got {
			if p == (id == "stated") {
				t.Fatalf("seed %d: wrong stated total: item %s pass=%v", seed, id, p)
			}
		}
		caught["stated"]++
		check("an unknown job", json.RawMessage(fmt.Sprintf(`{"routes": [{"vehicle": %q, "jobs": ["J9"]}], "deadhead_minutes": 0}`, names[0])), "format")
		check("an unknown vehicle", json.RawMessage(`{"routes": [{"vehicle": "Rocket 1", "jobs": ["J1"]}], "deadhead_minutes": 0}`), "format")
		check("not JSON", json.RawMessage(`routes`), "format")
	}
	t.Logf("caught by item: %v", caught)
	for _, id := range append(ruleItems, "format", "coverage", "optimal", "stated", "conflict", "infeasible") {
		if caught[id] == 0 {
			t.Errorf("no mutation was caught by %s", id)
		}
	}
}

// TestMalformed: malformed answers never panic the checker and
// fail the format item.
func TestMalformed(t *testing.T) {
	answers := []string{``, `null`, `[]`, `{}`, `{"routes": null, "deadhead_minutes": 1}`, `{"routes": [null], "deadhead_minutes": 1}`,
		`{"routes": [{"vehicle": "Car 1"}], "deadhead_minutes": 1}`, `{"routes": [["J1"]], "deadhead_minutes": 1}`, `{"routes": [], "deadhead_minutes": "x"}`,
		`{"routes": []}`, `{"feasible": true}`, `{"feasible": false}`, `{"feasible": false, "conflict": []}`,
		`{"feasible": false, "conflict": [1]}`, `{"feasible": "no", "conflict": ["capacity"]}`}
	for seed := uint64(1); seed <= 10; seed++ {
		rec, inst, drop := record(t, seed)
		if drop != "" {
			continue
		}
		for _, a := range answers {
			if got := routetest.Results(inst.Check(context.Background(), sat.Backend{}, json.RawMessage(a), rec.Reference)); got["format"] {
				t.Errorf("seed %d: %q passes format", seed, a)
			}
		}
		var d data
		if err := json.Unmarshal(rec.Instance, &d); err != nil {
			t.Fatal(err)
		}
		names, _ := d.fleet()
		twice := fmt.Sprintf(`{"routes": [{"vehicle": %q, "jobs": ["J1"]}, {"vehicle": %q, "jobs": ["J2"]}], "deadhead_minutes": 0}`, names[0], names[0])
		if got := routetest.Results(inst.Check(context.Background(), sat.Backend{}, json.RawMessage(twice), rec.Reference)); got["format"] {
			t.Errorf("seed %d: a vehicle with two routes passes format", seed)
		}
	}
}
