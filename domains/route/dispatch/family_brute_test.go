package dispatch_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/domains/route/dispatch"
	"github.com/plancert/plancert/internal/familytest"
	"github.com/plancert/plancert/internal/routetest"
	"github.com/plancert/plancert/solver/sat"
)

// data is the part of a Dispatch instance the brute-force oracle
// reads (through the instance's JSON: the oracle shares no code with the
// checker or the model).
type data struct {
	Jobs      []string  `json:"jobs"`
	Ride      []int64   `json:"ride"`
	Deadhead  [][]int64 `json:"deadhead"`
	TypeNames []string  `json:"type_names"`
	Vehicles  []struct {
		Name string `json:"name"`
		Type int    `json:"type"`
	} `json:"vehicles"`
	Size     []int64  `json:"size"`
	Capacity []int64  `json:"capacity"`
	Equip    []bool   `json:"equip"`
	Ready    []int64  `json:"ready"`
	Due      []int64  `json:"due"`
	Handle   []int64  `json:"handle"`
	MaxDrive int64    `json:"max_drive"`
	Balanced bool     `json:"balanced"`
	Backup   bool     `json:"backup"`
	Before   [][2]int `json:"before"`
	Current  []struct {
		Vehicle string   `json:"vehicle"`
		Jobs    []string `json:"jobs"`
	} `json:"current"`
	Down *struct {
		Name string `json:"name"`
		Type int    `json:"type"`
	} `json:"down"`
}

// oraclePlan is a plan of the oracle: routes (job numbers) and, per
// route, the vehicle's index in fleet (Vehicles, then the broken-down
// vehicle).
type oraclePlan struct {
	routes  [][]int
	vehicle []int
}

// fleet lists the vehicles an answer may name: (name, type), the
// broken-down one last.
func (d data) fleet() (names []string, types []int) {
	for _, v := range d.Vehicles {
		names, types = append(names, v.Name), append(types, v.Type)
	}
	if d.Down != nil {
		names, types = append(names, d.Down.Name), append(types, d.Down.Type)
	}
	return
}

// allPlans lists every plan over the n jobs and the vehicles, once
// per class: routes of vehicles of one type form a set (the broken-down
// vehicle is a class of its own).
func allPlans(d data) []oraclePlan {
	names, types := d.fleet()
	class := func(v int) string {
		if d.Down != nil && v == len(names)-1 {
			return "down"
		}
		return fmt.Sprint(types[v])
	}
	seen := map[string]bool{}
	var out []oraclePlan
	for _, routes := range routetest.AllPlans(len(d.Jobs), len(names)) {
		veh := make([]int, len(routes))
		used := make([]bool, len(names))
		var assign func(i int)
		assign = func(i int) {
			if i == len(routes) {
				keys := make([]string, len(routes))
				for r := range routes {
					keys[r] = class(veh[r]) + ":" + fmt.Sprint(routes[r])
				}
				sort.Strings(keys)
				if k := strings.Join(keys, "|"); !seen[k] {
					seen[k] = true
					out = append(out, oraclePlan{routes: routes, vehicle: slices.Clone(veh)})
				}
				return
			}
			for v := range names {
				if !used[v] {
					used[v], veh[i] = true, v
					assign(i + 1)
					used[v] = false
				}
			}
		}
		assign(0)
	}
	return out
}

// broken returns the rules (item IDs) plan p breaks, by the oracle.
func (d data) broken(p oraclePlan) map[string]bool {
	_, types := d.fleet()
	out := map[string]bool{}
	drive := func(i, j int) int64 {
		if i == 0 {
			return d.Deadhead[0][j]
		}
		return d.Ride[i] + d.Deadhead[i][j]
	}
	for r, rt := range p.routes {
		t := types[p.vehicle[r]]
		if d.Down != nil && p.vehicle[r] == len(types)-1 {
			out["breakdown"] = true
		}
		var clock, driven int64
		if d.Due != nil {
			clock = d.Ready[0]
		}
		at := 0
		for _, c := range rt {
			if d.Size != nil && d.Size[c] > d.Capacity[t] {
				out["capacity"] = true
			}
			if d.Equip != nil && d.Equip[c] && t != 0 {
				out["equipment"] = true
			}
			driven += drive(at, c)
			if d.Due != nil {
				clock = max(clock+d.Handle[at]+drive(at, c), d.Ready[c])
				if clock > d.Due[c] {
					out["pickup-windows"] = true
				}
			}
			at = c
		}
		driven += drive(at, 0)
		if d.Due != nil && clock+d.Handle[at]+drive(at, 0) > d.Due[0] {
			out["pickup-windows"] = true
		}
		if d.MaxDrive > 0 && driven > d.MaxDrive {
			out["driver-hours"] = true
		}
	}
	if d.Backup {
		for c := 1; c <= len(d.Jobs); c++ {
			able := 0
			for _, v := range p.vehicle {
				t := types[v]
				if (d.Size == nil || d.Size[c] <= d.Capacity[t]) && (d.Equip == nil || !d.Equip[c] || t == 0) {
					able++
				}
			}
			if able < 2 {
				out["backup"] = true
			}
		}
	}
	if d.Before != nil {
		ok := false
		for _, rt := range p.routes {
			i, j := slices.Index(rt, d.Before[0][0]), slices.Index(rt, d.Before[0][1])
			ok = ok || (i >= 0 && j > i)
		}
		if !ok {
			out["pickup-before-delivery"] = true
		}
	}
	return out
}

// objective is the oracle's objective vector of a feasible plan, every
// level minimized (kept legs negated): kept legs (breakdown), longest
// route (balanced-routes), deadhead, vehicles, Σ x·y², weight of the jobs
// on type-1 vehicles.
func (d data) objective(p oraclePlan) []int64 {
	_, types := d.fleet()
	legs := func(routes [][]int) map[[2]int]bool {
		out := map[[2]int]bool{}
		for _, rt := range routes {
			at := 0
			for _, c := range append(slices.Clone(rt), 0) {
				out[[2]int{at, c}] = true
				at = c
			}
		}
		return out
	}
	var dead, pairs, weight, longest int64
	for r, rt := range p.routes {
		var length int64
		at := 0
		for i, c := range append(slices.Clone(rt), 0) {
			dead += d.Deadhead[at][c]
			length += d.Deadhead[at][c] + d.Ride[at]
			if i > 0 && c != 0 {
				pairs += int64(at * c * c)
			}
			at = c
		}
		longest = max(longest, length)
		if types[p.vehicle[r]] == 1 {
			for _, c := range rt {
				weight += 1 << (c - 1)
			}
		}
	}
	obj := []int64{dead, int64(len(p.routes)), pairs, weight}
	if d.Balanced {
		obj = append([]int64{longest}, obj...)
	}
	if d.Current != nil {
		var cur [][]int
		for _, r := range d.Current {
			var rt []int
			for _, j := range r.Jobs {
				rt = append(rt, slices.Index(d.Jobs, j)+1)
			}
			cur = append(cur, rt)
		}
		have := legs(p.routes)
		var kept int64
		for l := range legs(cur) {
			if have[l] {
				kept++
			}
		}
		obj = append([]int64{-kept}, obj...)
	}
	return obj
}

// answer writes p in the answer form.
func (d data) answer(p oraclePlan, stated int64) json.RawMessage {
	names, _ := d.fleet()
	type route struct {
		Vehicle string   `json:"vehicle"`
		Jobs    []string `json:"jobs"`
	}
	rs := []route{}
	for r, rt := range p.routes {
		var js []string
		for _, c := range rt {
			js = append(js, d.Jobs[c-1])
		}
		rs = append(rs, route{names[p.vehicle[r]], js})
	}
	b, _ := json.Marshal(map[string]any{"routes": rs, "deadhead_minutes": stated})
	return b
}

// bruteSets are the unit sets of the brute-force test: every unit alone
// where it can be, and in combinations.
var bruteSets = [][]string{{}, {"capacity"}, {"time-windows"}, {"driver-hours"}, {"balanced-routes", "time-windows"}, {"pickup-before-delivery"}, {"compatibility"},
	{"capacity", "compatibility"}, {"breakdown"}, {"capacity", "compatibility", "breakdown"}, {"balanced-routes", "breakdown", "time-windows"}, {"backup"}, {"backup", "capacity", "compatibility", "time-windows"}, {"time-windows", "infeasibility"},
	{"capacity", "compatibility", "time-windows", "infeasibility"}, {"capacity", "time-windows", "driver-hours", "pickup-before-delivery", "compatibility", "breakdown"},
	{"time-windows", "driver-hours", "balanced-routes", "pickup-before-delivery", "compatibility"}}

// bruteSeeds are the seeds per unit set and subtask of the brute-force
// test.
var bruteSeeds = familytest.Levels{Short: 1, Default: 1, Long: 3}

// TestFamilyBrute: for every unit of the pool (alone where it can be,
// and in combinations), on seeded instances of every subtask (1 seed, 3
// with PLANCERT_LONG=1), full enumeration of the plans (routes per vehicle
// type as sets, which is the prompt's "same plan") with an independent
// oracle agrees with the SAT certificate at every tie-break level
// (familytest.Brute: status, optimum vector and uniqueness, so the
// vehicle-order symmetry breaking keeps exactly one model solution per
// plan; the certified plan passes every item). Each rule's checklist item
// passes exactly when the plan keeps that rule, and the checker's
// objective is the oracle's. Each outcome (infeasible, unique, tied
// before the tie-breaks) occurs at least twice.
func TestFamilyBrute(t *testing.T) {
	routetest.Brute{Sets: bruteSets, Seeds: bruteSeeds.N(), Plans: "plans", Run: bruteCase}.Sweep(t, dispatch.TransportationDispatch())
}

// bruteCase compares the enumeration of one seeded instance with the
// certificates of its model at every tie-break level.
func bruteCase(t *testing.T, c routetest.Case, n *routetest.Tally) {
	inst, name := c.Inst, c.Name
	var d data
	routetest.Decode(t, inst, &d)
	type scored struct {
		plan oraclePlan
		obj  []int64 // every level, in the certificate's form
	}
	var feasible []scored
	plans := 0
	dummy := domains.Reference{Feasible: true, Objective: []int64{-1}}
	for _, p := range allPlans(d) {
		plans++
		bad := d.broken(p)
		res := inst.Check(context.Background(), sat.Backend{}, d.answer(p, 0), dummy)
		for _, r := range res {
			switch r.ID {
			case "format", "coverage", "optimal", "stated":
				if r.Pass != (r.ID == "format" || r.ID == "coverage") {
					t.Fatalf("%s: plan %v: item %s pass=%v", name, p, r.ID, r.Pass)
				}
			default:
				if r.Pass == bad[r.ID] {
					t.Fatalf("%s: plan %v on %v: item %s pass=%v, oracle broken=%v", name, p.routes, p.vehicle, r.ID, r.Pass, bad[r.ID])
				}
			}
		}
		if len(bad) > 0 {
			continue
		}
		obj := d.objective(p)
		if d.Current != nil {
			obj[0] = -obj[0] // kept legs, maximised
		}
		feasible = append(feasible, scored{p, obj})
	}
	base := 1
	if d.Current != nil {
		base++
	}
	if d.Balanced {
		base++
	}
	levels := base + 2
	if len(d.Vehicles) > 0 && d.Vehicles[0].Type != d.Vehicles[len(d.Vehicles)-1].Type {
		levels++
	}
	better := routetest.Better(func(i int) bool { return i == 0 && d.Current != nil })
	routetest.Levels(t, name, inst, base, levels, 1, func(level int) (int, int) {
		o := &familytest.Optima{Better: better}
		for _, s := range feasible {
			o.Add(s.obj[:level])
		}
		familytest.Brute{Name: fmt.Sprintf("%s level %d", name, level), Inst: inst, Optima: o}.Agree(t)
		return o.Feasible, o.Count
	}, n)
	// The checker's objective vector is the oracle's on every feasible
	// plan (at the final level).
	ob := inst.(domains.Objectiver)
	for _, s := range feasible {
		got, ok := ob.Objective(d.answer(s.plan, 0))
		if !ok || !slices.Equal(got, s.obj[:len(got)]) {
			t.Fatalf("%s: plan %v: checker objective %v ok=%v, oracle %v", name, s.plan, got, ok, s.obj[:len(got)])
		}
	}
	n.Plans += plans
}
