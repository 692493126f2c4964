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
	"github.com/plancert/plancert/domains/route/internal/routetest"
	"github.com/plancert/plancert/gen"
	"github.com/plancert/plancert/solver"
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

// TestBrute: for every unit of the pool (alone where it can be,
// and all together), on seeded instances of every subtask, full
// enumeration of the plans with Fleet.Evaluate as the oracle agrees with
// the SAT certificate at every tie-break level (status, optimum vector,
// uniqueness), and each rule's checklist item passes exactly when the plan
// keeps that rule.
func TestBrute(t *testing.T) {
	tk := delivery.LogisticsDelivery()
	sets := [][]string{{}, {"capacity"}, {"time-windows"}, {"driver-hours"}, {"capacity", "time-windows", "infeasibility"}, {"road-closure"}, {"visit-order"}, {"balanced-routes"}, {"time-windows", "infeasibility"}, {"capacity", "time-windows", "driver-hours", "balanced-routes", "infeasibility"}, {"capacity", "time-windows", "driver-hours", "visit-order", "balanced-routes"}, {"capacity", "time-windows", "driver-hours", "visit-order", "infeasibility"}, {"capacity", "time-windows", "balanced-routes", "visit-order", "road-closure"}}
	seeds := 2
	if testing.Short() {
		seeds = 1
	}
	var infeasible, unique, several, plansChecked int
	for _, set := range sets {
		for _, st := range tk.Subtasks {
			for seed := uint64(1); seed <= uint64(seeds); seed++ {
				units := map[string]bool{}
				for _, u := range set {
					units[u] = true
				}
				spec, err := tk.NewSpec(st.ID, seed, units)
				if err != nil {
					t.Fatal(err)
				}
				inst, err := gen.NewInstance(context.Background(), sat.Backend{}, tk, spec)
				if err != nil {
					t.Fatal(err)
				}
				raw, _ := json.Marshal(inst)
				var d data
				if err := json.Unmarshal(raw, &d); err != nil {
					t.Fatal(err)
				}
				name := fmt.Sprintf("%v/%s/%d", set, st.ID, seed)
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
				// maximized, so they enter the vector negated.
				current := map[[2]int]bool{}
				for _, rt := range d.Current {
					at := 0
					for _, c := range rt {
						current[[2]int{at, c}] = true
						at = c
					}
					current[[2]int{at, 0}] = true
				}
				// Every plan: its objective vector (all three levels) when
				// feasible, and each rule item against the oracle.
				type scored struct {
					routes [][]int
					obj    []int64
				}
				var feasible []scored
				dummy := domains.Reference{Feasible: true, Objective: []int64{-1}}
				for _, routes := range routetest.AllPlans(len(d.Stops), d.Vehicles) {
					plansChecked++
					ans := planJSON(d, routes, 0)
					res := inst.Check(context.Background(), sat.Backend{}, ans, dummy)
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
						obj = append([]int64{-kept}, obj...)
					}
					feasible = append(feasible, scored{routes, obj})
				}
				base := 1 // objective levels before any tie-break
				if d.Current != nil {
					base = 2 // kept legs, then driving time
				}
				for level := base; level <= base+2; level++ {
					if level > base && !inst.TieBreak() {
						t.Fatalf("%s: no tie-break level %d", name, level)
					}
					m, err := inst.Model()
					if err != nil {
						t.Fatal(err)
					}
					c, err := solver.Certify(context.Background(), sat.Backend{}, m)
					if err != nil {
						t.Fatal(err)
					}
					if len(feasible) == 0 {
						if c.Status != solver.Infeasible {
							t.Fatalf("%s: no plan by enumeration, SAT %v", name, c.Status)
						}
						if level == base {
							infeasible++
						}
						break
					}
					var best []int64
					count := 0
					for _, s := range feasible {
						switch o := s.obj[:level]; {
						case best == nil || slices.Compare(o, best) < 0:
							best, count = o, 1
						case slices.Equal(o, best):
							count++
						}
					}
					want := slices.Clone(best)
					if d.Current != nil {
						want[0] = -want[0] // kept legs, maximized
					}
					if c.Status != solver.Optimal || !slices.Equal(c.Objective, want) || c.Unique == nil || *c.Unique != (count == 1) {
						t.Fatalf("%s level %d: SAT %v %v unique=%v; enumeration %v with %d plans", name, level, c.Status, c.Objective, c.Unique, want, count)
					}
					if level == base {
						if count == 1 {
							unique++
						} else {
							several++
						}
					}
				}
			}
		}
	}
	t.Logf("%d plans checked; %d infeasible, %d unique, %d with ties before tie-breaks", plansChecked, infeasible, unique, several)
	if infeasible < 2 || unique < 2 || several < 2 {
		t.Errorf("%d infeasible, %d unique, %d with ties: each outcome needs testing", infeasible, unique, several)
	}
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
