package delivery_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/domains/route"
	"github.com/plancert/plancert/domains/route/delivery"
	"github.com/plancert/plancert/internal/familytest"
	"github.com/plancert/plancert/internal/routetest"
	"github.com/plancert/plancert/solver/sat"
)

// data is the part of a Delivery instance the brute-force oracle
// reads (through the instance's JSON, so the oracle shares no code with
// the checker).
type data struct {
	Stops    []string  `json:"stops"`
	Travel   [][]int64 `json:"travel"`
	Demand   []int64   `json:"demand"`
	Ready    []int64   `json:"ready"`
	Due      []int64   `json:"due"`
	Service  []int64   `json:"service"`
	Vehicles int       `json:"vehicles"`
	Capacity int64     `json:"capacity"`
	MaxDrive int64     `json:"max_drive"`
	Current  [][]int   `json:"current"`
	Closed   [][2]int  `json:"closed"`
	Before   [][2]int  `json:"before"`
	Balance  int64     `json:"balance"`
}

// bruteSets are the unit sets of the brute-force test: every unit alone
// where it can be, and several together.
var bruteSets = [][]string{{}, {"capacity"}, {"time-windows"}, {"driver-hours"}, {"capacity", "time-windows", "infeasibility"}, {"road-closure"}, {"visit-order"}, {"balanced-routes"}, {"time-windows", "infeasibility"}, {"capacity", "time-windows", "driver-hours", "balanced-routes", "infeasibility"}, {"capacity", "time-windows", "driver-hours", "visit-order", "balanced-routes"}, {"capacity", "time-windows", "driver-hours", "visit-order", "infeasibility"}, {"capacity", "time-windows", "balanced-routes", "visit-order", "road-closure"}}

// bruteSeeds are the seeds per unit set and subtask of the brute-force
// test.
var bruteSeeds = familytest.Levels{Short: 1, Default: 2, Long: 3}

// TestFamilyBrute: for every unit of the pool (alone where it can be,
// and all together), on seeded instances of every subtask (2 seeds; 1
// with -short, 3 with PLANCERT_LONG=1), full enumeration of the plans
// with Fleet.Evaluate as the oracle agrees with the SAT certificate at
// every tie-break level (familytest.Brute: status, optimum vector,
// uniqueness, the certified plan passes every item), and each rule's
// checklist item passes exactly when the plan keeps that rule. Each
// outcome (infeasible, unique, tied before the tie-breaks) occurs at
// least twice.
func TestFamilyBrute(t *testing.T) {
	routetest.Brute{Sets: bruteSets, Seeds: bruteSeeds.N(), Plans: "plans", Run: bruteCase}.Sweep(t, delivery.LogisticsDelivery())
}

// bruteCase compares the enumeration of one seeded instance with the
// certificates of its model at every tie-break level.
func bruteCase(t *testing.T, c routetest.Case, n *routetest.Tally) {
	inst, name := c.Inst, c.Name
	var d data
	routetest.Decode(t, inst, &d)
	full := fleetOf(d, true, true, true)
	full.Closed, full.Before, full.Balance = d.Closed, d.Before, d.Balance
	balanceOnly := fleetOf(d, false, false, false)
	balanceOnly.Balance = d.Balance
	closedOnly := fleetOf(d, false, false, false)
	closedOnly.Closed = d.Closed
	beforeOnly := fleetOf(d, false, false, false)
	beforeOnly.Before = d.Before
	only := map[string]*route.Fleet{
		"capacity":         fleetOf(d, true, false, false),
		"delivery-windows": fleetOf(d, false, true, false),
		"driving-limit":    fleetOf(d, false, false, true),
		"road-closure":     closedOnly,
		"visit-order":      beforeOnly,
		"balanced-routes":  balanceOnly,
	}
	// The current plan's legs (replanning): kept legs come first,
	// maximized.
	current := map[[2]int]bool{}
	for _, rt := range d.Current {
		at := 0
		for _, c := range rt {
			current[[2]int{at, c}] = true
			at = c
		}
		current[[2]int{at, 0}] = true
	}
	// Every plan: its objective vector (every level, in the certificate's
	// form) when feasible, and each rule item against the oracle.
	var vectors [][]int64
	plans := 0
	dummy := domains.Reference{Feasible: true, Objective: []int64{-1}}
	for _, routes := range routetest.AllPlans(len(d.Stops), d.Vehicles) {
		plans++
		res := inst.Check(context.Background(), sat.Backend{}, planJSON(d, routes, 0), dummy)
		for _, r := range res {
			f, ok := only[r.ID]
			if !ok {
				continue
			}
			_, err := f.Evaluate(routes)
			if r.Pass != (err == nil) {
				t.Fatalf("%s: plan %v: item %s pass=%v, oracle %v", name, routes, r.ID, r.Pass, err)
			}
		}
		total, err := full.Evaluate(routes)
		if err != nil {
			continue
		}
		var pairs int64
		for _, rt := range routes {
			for i := 1; i < len(rt); i++ {
				pairs += int64(rt[i-1] * rt[i] * rt[i])
			}
		}
		obj := []int64{total, int64(len(routes)), pairs}
		if d.Current != nil {
			var kept int64
			for _, rt := range routes {
				at := 0
				for _, c := range append(slices.Clone(rt), 0) {
					if current[[2]int{at, c}] {
						kept++
					}
					at = c
				}
			}
			obj = append([]int64{kept}, obj...)
		}
		vectors = append(vectors, obj)
	}
	base := 1 // objective levels before any tie-break
	if d.Current != nil {
		base = 2 // kept legs, then driving time
	}
	better := routetest.Better(func(i int) bool { return i == 0 && d.Current != nil })
	routetest.Levels(t, name, inst, base, base+2, 1, func(level int) (int, int) {
		o := &familytest.Optima{Better: better}
		for _, v := range vectors {
			o.Add(v[:level])
		}
		familytest.Brute{Name: fmt.Sprintf("%s level %d", name, level), Inst: inst, Optima: o}.Agree(t)
		return o.Feasible, o.Count
	}, n)
	n.Plans += plans
}

// fleetOf is the instance as a Fleet with only the chosen rules.
func fleetOf(d data, capacity, windows, driving bool) *route.Fleet {
	f := &route.Fleet{Travel: d.Travel, Demand: d.Demand, Vehicles: d.Vehicles}
	if capacity {
		f.Capacity = d.Capacity
	}
	if windows && d.Due != nil {
		f.Ready, f.Due, f.Service = d.Ready, d.Due, d.Service
	}
	if driving {
		f.MaxDrive = d.MaxDrive
	}
	return f
}

// planJSON writes routes in the answer form.
func planJSON(d data, routes [][]int, total int64) json.RawMessage {
	names := [][]string{}
	for _, rt := range routes {
		var r []string
		for _, c := range rt {
			r = append(r, d.Stops[c-1])
		}
		names = append(names, r)
	}
	b, _ := json.Marshal(map[string]any{"routes": names, "total_minutes": total})
	return b
}
