package delivery

import (
	"cmp"
	"fmt"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/domains/prose"
	"github.com/plancert/plancert/domains/route"
)

// unit is one constraint of task 21's pool, under the unit contract of
// domains (domains.UnitOf): its description (Info, the pool entry), its
// named rules for the prompt (Rules; a rule's name is also its model group
// and what a conflict answer names), its checklist items (Items), its
// rows in the model (Model, and the fleet facet below) and its checks of a
// plan (Check, on the plan's routes of stop numbers). Rule 1 (every stop
// once, at most Vehicles routes), the goal and the stated tie-breaks are
// the core's, always on; the units add the rest. Their data is drawn in
// generate, interleaved with the hidden plan's draws (see generate).
type unit interface {
	domains.UnitOf[*Delivery, *builder, [][]int]
}

// rule is one named rule of the prompt (domains.Rule); Name is also its
// model group and what a conflict answer names.
type rule = domains.Rule

// fails collects failures per item (domains.Fails).
type fails = domains.Fails

// builder is the model under construction: the instance and its fleet
// model.
type builder struct {
	d  *Delivery
	fm *route.FleetModel
}

// The core's own facets, for the parts of an instance whose layout is the
// core's: the fleet paragraph, the stops table and the paragraphs after
// the driving times, the fleet that the route core's model states, and the
// goals before the driving time. The core asks its sampled units for them
// with domains.Facets, in pool order, never by a unit's ID.
type (
	// fleetClauser is a unit with a clause of the fleet sentence, before
	// its full stop (the vehicles' capacity).
	fleetClauser interface{ FleetClause(d *Delivery) string }
	// fleetSentencer is a unit with a sentence after the fleet sentence
	// (the depot's hours).
	fleetSentencer interface{ FleetSentence(d *Delivery) string }
	// columner is a unit with columns in the stops table.
	columner interface{ Columns(d *Delivery) []column }
	// sectioner is a unit with a paragraph of its data after the driving
	// times (the current plan and the closure).
	sectioner interface{ Section(d *Delivery) string }

	// fleeter is a unit whose rows are the route core's: it gives its data
	// to the fleet, and route.NewFleetModelGroups states its rows in the
	// core's loops (arc by arc, as it always has), under the unit's group.
	// So every row keeps its place in the model.
	fleeter interface {
		Fleet(d *Delivery, f *route.Fleet)
	}

	// leveler is a unit with a goal before the driving time: its
	// sentence (Goal), its objective level (Level adds it to the model,
	// after the levels before it), its value on a plan (Value) and the
	// optimal item's words for the reference's value (Reached).
	leveler interface {
		Goal(d *Delivery) string
		Level(b *builder)
		Value(d *Delivery, routes [][]int) int64
		Reached(d *Delivery, v int64) string
	}
)

// column is one column of the stops table: its heading, its alignment
// row ("---" or "---:") and its cell for stop c (1..N).
type column = route.Column

// The facets of each unit, listed so that a misspelt facet method fails to
// compile instead of being skipped.
var (
	_ = []fleetClauser{capacity{}}
	_ = []fleetSentencer{windows{}}
	_ = []columner{capacity{}, windows{}}
	_ = []sectioner{closure{}}
	_ = []fleeter{capacity{}, windows{}, driverHours{}, balanced{}, visitOrder{}, closure{}}
	_ = []leveler{closure{}}
	_ = []domains.DataOwner[*Delivery]{capacity{}, windows{}, driverHours{}, balanced{}, visitOrder{}, closure{}}
	_ = []domains.Validator[*Delivery]{capacity{}, windows{}, driverHours{}, balanced{}, visitOrder{}, closure{}}
)

// unitPool lists every unit of task 21 in the taxonomy's order, which the
// spec sampler draws in (changing it changes every spec) and the prompt,
// the checklist and the checker follow.
var unitPool = domains.Pool[unit]{capacity{}, windows{}, driverHours{}, balanced{}, visitOrder{}, infeasible{}, closure{}}

// unitList is unitPool with its IDs read once, for units.
var unitList = route.NewUnits(unitPool)

// pool is the registry's view of the pool, in the same order.
var pool = unitPool.Infos(nil)

// units returns the sampled units of d, in pool order (unitPool.Of).
func (d *Delivery) units() []unit { return unitList.InForce(d.S.Has) }

// ---- capacity (basic) ----

type capacity struct{}

func (capacity) Info() domains.Unit {
	return domains.Unit{ID: unitCapacity, Tier: domains.Basic, Title: "vehicle capacity"}
}

func (capacity) FleetClause(d *Delivery) string {
	return fmt.Sprintf("; each carries at most %d %s", d.Capacity, d.Voc.Goods)
}

func (capacity) Columns(d *Delivery) []column {
	return []column{{Head: d.Voc.Goods, Align: "---:", Cell: func(c int) string { return fmt.Sprint(d.Demand[c]) }}}
}

func (capacity) Fleet(d *Delivery, f *route.Fleet) { f.Capacity = d.Capacity }
func (capacity) Model(*builder)                    {} // its rows are the fleet model's

func (capacity) DataField(d *Delivery) string { return domains.Given("capacity", d.Capacity != 0) }

func (capacity) Validate(d *Delivery) error {
	if d.Capacity <= 0 {
		return fmt.Errorf("capacity: the %s unit needs a capacity above 0", unitCapacity)
	}
	return nil
}

func (capacity) Rules(d *Delivery) []rule {
	v := d.Voc
	return []rule{{Name: ruleCapacity, Text: fmt.Sprintf("a %s's stops together take at most %d %s.", v.Vehicle, d.Capacity, v.Goods)}}
}

func (capacity) Items(d *Delivery) []domains.Item {
	return []domains.Item{domains.FeasibilityItem(itemCapacity, unitCapacity, domains.Basic, fmt.Sprintf("No route's stops take more than %d %s together.", d.Capacity, d.Voc.Goods))}
}

func (capacity) Check(d *Delivery, routes [][]int, f fails) {
	for i, rt := range routes {
		var load int64
		for _, c := range rt {
			load += d.Demand[c]
		}
		if load > d.Capacity {
			f.Add(itemCapacity, fmt.Sprintf("route %d carries %d %s, more than %d", i+1, load, d.Voc.Goods, d.Capacity))
			return
		}
	}
}

// ---- time-windows (basic) ----

type windows struct{}

func (windows) Info() domains.Unit {
	return domains.Unit{ID: unitWindows, Tier: domains.Basic, Title: "delivery windows and depot hours"}
}

func (windows) FleetSentence(d *Delivery) string {
	v := d.Voc
	return fmt.Sprintf(" A %s may leave %s from %s and must be back by %s.", v.Vehicle, v.Depot, route.Clock(d.DayStart), route.Clock(d.DayStart+d.Due[0]))
}

func (windows) Columns(d *Delivery) []column {
	return []column{
		{Head: "unloading may start", Align: "---", Cell: func(c int) string { return route.Clock(d.DayStart + d.Ready[c]) }},
		{Head: "unloading may start until", Align: "---", Cell: func(c int) string { return route.Clock(d.DayStart + d.Due[c]) }},
		{Head: "unloading takes", Align: "---:", Cell: func(c int) string { return fmt.Sprintf("%d min", d.Service[c]) }},
	}
}

func (windows) Fleet(d *Delivery, f *route.Fleet) {
	f.Ready, f.Due, f.Service = d.Ready, d.Due, d.Service
}
func (windows) Model(*builder) {} // its rows are the fleet model's

func (windows) DataField(d *Delivery) string {
	return cmp.Or(domains.Given("ready", d.Ready != nil), domains.Given("due", d.Due != nil), domains.Given("service", d.Service != nil))
}

// Validate: the windows are given (their lengths and order are the
// fleet's to check, see route.Fleet.Validate).
func (windows) Validate(d *Delivery) error {
	if d.Ready == nil || d.Due == nil || d.Service == nil {
		return fmt.Errorf("ready, due, service: the %s unit needs all three", unitWindows)
	}
	return nil
}

func (windows) Rules(d *Delivery) []rule {
	v := d.Voc
	return []rule{{Name: ruleWindows, Text: fmt.Sprintf("unloading at a stop starts within its window (a %s that arrives early waits) and takes the time in the table; every %s is back at %s by %s.", v.Vehicle, v.Vehicle, v.Depot, route.Clock(d.DayStart+d.Due[0]))}}
}

func (windows) Items(d *Delivery) []domains.Item {
	return []domains.Item{domains.FeasibilityItem(itemWindows, unitWindows, domains.Basic, fmt.Sprintf("Driving each route from %s, waiting where early, unloading starts at every stop within its window and the %s is back by %s.", route.Clock(d.DayStart), d.Voc.Vehicle, route.Clock(d.DayStart+d.Due[0])))}
}

func (windows) Check(d *Delivery, routes [][]int, f fails) {
	for i, rt := range routes {
		t, at := int64(0), 0
		for _, c := range rt {
			arrive := t + d.Service[at] + d.Travel[at][c]
			t = max(arrive, d.Ready[c])
			if t > d.Due[c] {
				f.Add(itemWindows, fmt.Sprintf("route %d arrives at %s at %s, after its window closes at %s", i+1, d.Stops[c-1], route.Clock(d.DayStart+arrive), route.Clock(d.DayStart+d.Due[c])))
				return
			}
			at = c
		}
		if back := t + d.Service[at] + d.Travel[at][0]; back > d.Due[0] {
			f.Add(itemWindows, fmt.Sprintf("route %d is back at %s, after %s", i+1, route.Clock(d.DayStart+back), route.Clock(d.DayStart+d.Due[0])))
			return
		}
	}
}

// ---- driver-hours (medium) ----

// driverHours: no route drives longer than MaxDrive. Readings (see
// Readings): "the limit is on the time out" (from leaving the depot at
// its opening to coming back, waiting and unloading counted), ruled out
// by the rule's "(waiting and unloading do not count)".
type driverHours struct{}

// readingLimitTimeOut is the reading of the driving limit as a limit on
// the time out.
const readingLimitTimeOut = "the driving limit is on the time out, from leaving the depot at its opening to coming back (waiting and unloading counted)"

// Readings implements domains.Reader.
func (driverHours) Readings() []domains.Reading {
	return []domains.Reading{{Name: readingLimitTimeOut, RuledOutBy: "to coming back (waiting and unloading do not count)"}}
}

func (driverHours) Info() domains.Unit {
	return domains.Unit{ID: unitDriving, Tier: domains.Medium, Title: "driver hours: a cap on each route's driving time"}
}

func (driverHours) Fleet(d *Delivery, f *route.Fleet) { f.MaxDrive = d.MaxDrive }
func (driverHours) Model(*builder)                    {} // its rows are the fleet model's

func (driverHours) DataField(d *Delivery) string { return domains.Given("max_drive", d.MaxDrive != 0) }

func (driverHours) Validate(d *Delivery) error {
	if d.MaxDrive <= 0 {
		return fmt.Errorf("max_drive: the %s unit needs a driving limit above 0", unitDriving)
	}
	return nil
}

func (driverHours) Rules(d *Delivery) []rule {
	v := d.Voc
	return []rule{{Name: ruleDriving, Text: fmt.Sprintf("each %s drives at most %d minutes in total, from leaving %s to coming back (waiting and unloading do not count).", v.Vehicle, d.MaxDrive, v.Depot)}}
}

func (driverHours) Items(d *Delivery) []domains.Item {
	return []domains.Item{domains.FeasibilityItem(itemDriving, unitDriving, domains.Medium, fmt.Sprintf("No route drives more than %d minutes in total.", d.MaxDrive))}
}

func (driverHours) Check(d *Delivery, routes [][]int, f fails) {
	for i, rt := range routes {
		if drive := d.total([][]int{rt}); drive > d.MaxDrive {
			f.Add(itemDriving, fmt.Sprintf("route %d drives %d minutes, more than %d", i+1, drive, d.MaxDrive))
			return
		}
	}
}

// ---- balanced-routes (medium) ----

// balanced: the driving times of the used routes differ by at most
// Balance. Readings (see Readings): "a driving time is the time out" (from
// leaving the depot at its opening to coming back, waiting and unloading
// counted; under it a certified plan whose routes wait or unload unevenly
// can break the bound), ruled out by the rule's definition of a driving
// time as the sum of the travel times.
type balanced struct{}

// readingTimeOut is the reading of a route's driving time as the time
// it is out.
const readingTimeOut = "a driving time is the time out, from leaving the depot at its opening to coming back (waiting and unloading counted)"

// Readings implements domains.Reader.
func (balanced) Readings() []domains.Reading {
	return []domains.Reading{{Name: readingTimeOut, RuledOutBy: "driving time is the sum of the travel times of its route"}}
}

func (balanced) Info() domains.Unit {
	return domains.Unit{ID: unitBalance, Tier: domains.Medium, Title: "balanced routes: used routes' driving times differ by at most a bound"}
}

func (balanced) Fleet(d *Delivery, f *route.Fleet) { f.Balance = d.Balance }
func (balanced) Model(*builder)                    {} // its rows are the fleet model's

func (balanced) DataField(d *Delivery) string { return domains.Given("balance", d.Balance != 0) }

func (balanced) Validate(d *Delivery) error {
	if d.Balance <= 0 {
		return fmt.Errorf("balance: the %s unit needs a bound above 0", unitBalance)
	}
	return nil
}

func (balanced) Rules(d *Delivery) []rule {
	v := d.Voc
	return []rule{{Name: ruleBalance, Text: fmt.Sprintf("the driving times of any two %s used differ by at most %d %s; %s driving time is the sum of the travel times of its route, from leaving %s to coming back (waiting and unloading do not count).", v.Vehicles, d.Balance, prose.Plural(int(d.Balance), "minute", "minutes"), prose.An(v.Vehicle)+"'s", v.Depot)}}
}

func (balanced) Items(d *Delivery) []domains.Item {
	return []domains.Item{domains.FeasibilityItem(itemBalance, unitBalance, domains.Medium, fmt.Sprintf("The longest and the shortest route differ by at most %d %s of driving (the travel times from leaving %s to coming back; waiting and unloading do not count).", d.Balance, prose.Plural(int(d.Balance), "minute", "minutes"), d.Voc.Depot))}
}

func (balanced) Check(d *Delivery, routes [][]int, f fails) {
	if len(routes) < 2 {
		return
	}
	var lo, hi int64 = 1 << 62, 0
	for _, rt := range routes {
		t := d.total([][]int{rt})
		lo, hi = min(lo, t), max(hi, t)
	}
	if hi-lo > d.Balance {
		f.Add(itemBalance, fmt.Sprintf("routes drive between %d and %d minutes, more than %d apart", lo, hi, d.Balance))
	}
}

// ---- visit-order (medium) ----

// visitOrder: the stop Before[0][0] is on the same route as Before[0][1],
// earlier. Readings (see Readings): "the earlier stop comes right before
// the later one" (no stop between), ruled out by the rule's "(not
// necessarily right before)".
type visitOrder struct{}

// readingRightBefore is the reading of the visit order as consecutive
// stops.
const readingRightBefore = "the earlier stop comes right before the later one on the route, with no stop between"

// Readings implements domains.Reader.
func (visitOrder) Readings() []domains.Reading {
	return []domains.Reading{{Name: readingRightBefore, RuledOutBy: "earlier on the same route (not necessarily right before)."}}
}

func (visitOrder) Info() domains.Unit {
	return domains.Unit{ID: unitOrder, Tier: domains.Medium, Title: "visit order: one stop before another on the same route (papers collected first)"}
}

func (visitOrder) Fleet(d *Delivery, f *route.Fleet) { f.Before = d.Before }
func (visitOrder) Model(*builder)                    {} // its rows are the fleet model's

func (visitOrder) DataField(d *Delivery) string { return domains.Given("before", d.Before != nil) }

func (visitOrder) Validate(d *Delivery) error {
	if len(d.Before) != 1 {
		return fmt.Errorf("before: the %s unit needs one pair of stops", unitOrder)
	}
	return nil
}

func (visitOrder) Rules(d *Delivery) []rule {
	a, c := d.Before[0][0], d.Before[0][1]
	return []rule{{Name: ruleBefore, Text: fmt.Sprintf("the %s that delivers to %s collects its papers at %s first, so it visits %s earlier on the same route (not necessarily right before).", d.Voc.Vehicle, d.Stops[c-1], d.Stops[a-1], d.Stops[a-1])}}
}

func (visitOrder) Items(d *Delivery) []domains.Item {
	a, c := d.Before[0][0], d.Before[0][1]
	return []domains.Item{domains.FeasibilityItem(itemBefore, unitOrder, domains.Medium, fmt.Sprintf("%s and %s are on the same route, %s first.", d.Stops[a-1], d.Stops[c-1], d.Stops[a-1]))}
}

func (visitOrder) Check(d *Delivery, routes [][]int, f fails) {
	if a, c := d.Before[0][0], d.Before[0][1]; !route.VisitsBefore(routes, a, c) {
		f.Add(itemBefore, fmt.Sprintf("no route visits %s and later %s", d.Stops[a-1], d.Stops[c-1]))
	}
}

// ---- infeasibility (hard) ----

// infeasible makes the instance infeasible on purpose (generate: a depot
// closing time the farthest stop cannot meet, or more goods than the fleet
// holds); the answer then names a conflicting set of rules, which the
// core's checklist and checker judge (every prompt allows that answer).
type infeasible struct{}

func (infeasible) Info() domains.Unit {
	return domains.Unit{ID: unitInfeasible, Tier: domains.Hard, Title: "infeasibility (a deadline the farthest stop cannot meet, or more goods than the fleet holds): detect it and name a minimal conflicting set", Requires: []string{unitWindows}, Excludes: []string{unitClosure}}
}

func (infeasible) Model(*builder)                  {}
func (infeasible) Rules(*Delivery) []rule          { return nil }
func (infeasible) Items(*Delivery) []domains.Item  { return nil }
func (infeasible) Check(*Delivery, [][]int, fails) {}

// ---- road-closure (hard): replan around a closed road ----

type closure struct{}

func (closure) Info() domains.Unit {
	return domains.Unit{ID: unitClosure, Tier: domains.Hard, Title: "a road closes: replan with the fewest changes to the current plan", Excludes: []string{unitInfeasible}}
}

// Section is the current plan and the closure.
func (closure) Section(d *Delivery) string {
	v := d.Voc
	s := "\n**Current plan.** These routes were planned before the closure below:\n"
	for i, rt := range d.Current {
		s += fmt.Sprintf("- route %d: %s", i+1, v.Depot)
		for _, c := range rt {
			s += fmt.Sprintf(" → %s", d.Stops[c-1])
		}
		s += fmt.Sprintf(" → %s\n", v.Depot)
	}
	x, y := d.Closed[0][0], d.Closed[0][1]
	return s + fmt.Sprintf("\n**Closure.** The road between %s and %s is now closed in both directions.\n", d.Stops[x-1], d.Stops[y-1])
}

func (closure) Fleet(d *Delivery, f *route.Fleet) { f.Closed = d.Closed }
func (closure) Model(*builder)                    {} // its rows are the fleet model's; its level is Level

// Goal: keep the most legs of the current plan.
func (closure) Goal(d *Delivery) string {
	v := d.Voc
	return fmt.Sprintf("change the current plan as little as possible: keep as many of its legs as you can (a leg is driving directly from one place to the next — %s or a stop — in that direction, by any %s)", v.Depot, v.Vehicle)
}

// Level maximizes the arcs that drive a leg of the current plan.
func (closure) Level(b *builder) { b.fm.MaximizeKept(b.d.Current) }

// Value is the number of legs of the current plan that routes keep.
func (closure) Value(d *Delivery, routes [][]int) int64 { return route.KeptLegs(d.Current, routes) }

func (closure) Reached(_ *Delivery, v int64) string {
	return fmt.Sprintf("keeps %d legs of the current plan (the most possible)", v)
}

func (closure) DataField(d *Delivery) string {
	return cmp.Or(domains.Given("current", d.Current != nil), domains.Given("closed", d.Closed != nil))
}

// Validate: the current plan and its closed road are given (their stops
// are checked by validate).
func (closure) Validate(d *Delivery) error {
	if d.Current == nil || len(d.Closed) != 1 {
		return fmt.Errorf("current, closed: the %s unit needs a current plan and one closed road", unitClosure)
	}
	return nil
}

func (closure) Rules(d *Delivery) []rule {
	x, y := d.Stops[d.Closed[0][0]-1], d.Stops[d.Closed[0][1]-1]
	return []rule{{Name: ruleClosure, Text: fmt.Sprintf("no %s drives directly from %s to %s or from %s to %s.", d.Voc.Vehicle, x, y, y, x)}}
}

func (closure) Items(d *Delivery) []domains.Item {
	x, y := d.Closed[0][0], d.Closed[0][1]
	return []domains.Item{domains.FeasibilityItem(itemClosure, unitClosure, domains.Hard, fmt.Sprintf("No route drives directly between %s and %s.", d.Stops[x-1], d.Stops[y-1]))}
}

func (closure) Check(d *Delivery, routes [][]int, f fails) {
	x, y := d.Closed[0][0], d.Closed[0][1]
	for _, leg := range route.Legs(routes) {
		if leg == [2]int{x, y} || leg == [2]int{y, x} {
			f.Add(itemClosure, fmt.Sprintf("a route drives directly between %s and %s", d.Stops[x-1], d.Stops[y-1]))
			return
		}
	}
}
