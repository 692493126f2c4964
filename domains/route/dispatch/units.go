package dispatch

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/domains/route"
	"github.com/plancert/plancert/encode"
)

// unit is one constraint of task 22's pool, under the unit contract of
// domains (domains.UnitOf): its description (Info, the pool entry), its
// named rules for the prompt (Rules; a rule's name is also its model group
// and what a conflict answer names), its checklist items (Items), its
// rows in the model (Model, and the facets below for rows the core or the
// route core states in its own loops) and its checks of a plan (Check, on
// the parsed plan: routes of job numbers and their vehicles). Rule 1
// (every job once, by one vehicle), the deadhead goal and the stated
// tie-breaks are the core's, always on; the units add the rest. Their
// data is drawn in generate, interleaved with the hidden plan's draws (see
// generate).
type unit interface {
	domains.UnitOf[*Dispatch, *builder, parsed]
}

// rule is one named rule of the prompt (domains.Rule); Name is also its
// model group and what a conflict answer names.
type rule = domains.Rule

// fails collects failures per item (domains.Fails).
type fails = domains.Fails

// builder is the model under construction: the instance, the fleet that
// the fleet model states and the fleet model.
type builder struct {
	d  *Dispatch
	f  *route.Fleet
	fm *route.FleetModel
}

// The core's own facets, for the parts of an instance whose layout is the
// core's: the fleet paragraph, the jobs table and the paragraphs after the
// empty drives, the fleet that the route core's model states, the rows on
// a job and a vehicle, the goals before the deadhead, and which vehicle
// types may take a job. The core asks its sampled units for them with
// domains.Facets, in the order of unitPool, never by a unit's ID.
type (
	// typeFeaturer is a unit with a feature of each vehicle type in the
	// fleet paragraph (what size it takes, whether it has the equipment).
	typeFeaturer interface {
		TypeFeature(d *Dispatch, t int) string
	}
	// fleetSentencer is a unit with a sentence after the fleet paragraph
	// (the depot's hours).
	fleetSentencer interface{ FleetSentence(d *Dispatch) string }
	// columner is a unit with columns in the jobs table.
	columner interface{ Columns(d *Dispatch) []column }
	// sectioner is a unit with a paragraph of its data after the empty
	// drives (the current plan and the breakdown).
	sectioner interface{ Section(d *Dispatch) string }

	// fleeter is a unit whose rows are the route core's: it gives its data
	// to the fleet, and route.NewFleetModelGroups states its rows in the
	// core's loops (arc by arc, as it always has), under the unit's group.
	fleeter interface {
		Fleet(d *Dispatch, f *route.Fleet)
	}
	// taker is a unit that allows only some vehicle types to take a job
	// (by size, by equipment): Takes reports whether type t may take job
	// c, and VehicleRows forbids job c on vehicle v when it may not, in
	// the core's loop over jobs and vehicles (so that the rows of both
	// units keep their places, job by job).
	taker interface {
		Takes(d *Dispatch, c, t int) bool
		VehicleRows(b *builder, c, v int)
	}
	// leveler is a unit with a goal before the deadhead: its sentence
	// (Goal), its objective level (Level adds it, with its definition
	// rows, after the levels before it), whether it is maximized, its
	// value on a plan (Value) and the optimal item's text with the
	// reference's value (Reached, given the text so far).
	leveler interface {
		Goal(d *Dispatch) string
		Level(b *builder)
		Maximized() bool
		Value(d *Dispatch, p parsed) int64
		Reached(d *Dispatch, text string, v int64) string
	}
	// builtIn is a unit whose rule holds by the model's construction (the
	// vehicle that broke down is not in the fleet): a conflict does not
	// name it.
	builtIn interface{ builtIn() }
)

// column is one column of the jobs table: its heading, its alignment row
// ("---" or "---:") and its cell for job c (1..N). At places it in the
// table: size 1, equipment 2, windows 3 (the table's order, which is not
// the pool's).
type column = route.Column

// The facets of each unit, listed so that a misspelt facet method fails to
// compile instead of being skipped.
var (
	_ = []typeFeaturer{capacity{}, compat{}}
	_ = []fleetSentencer{windows{}}
	_ = []columner{capacity{}, compat{}, windows{}}
	_ = []sectioner{breakdown{}}
	_ = []fleeter{windows{}, hours{}, linked{}}
	_ = []taker{capacity{}, compat{}}
	_ = []leveler{breakdown{}, balanced{}}
	_ = []builtIn{breakdown{}}
	_ = []domains.Binder[*Dispatch]{capacity{}, compat{}}
	_ = []domains.Dropper[*Dispatch]{capacity{}, compat{}}
	_ = []domains.DataOwner[*Dispatch]{capacity{}, windows{}, hours{}, balanced{}, linked{}, compat{}, breakdown{}, backup{}}
	_ = []domains.Validator[*Dispatch]{capacity{}, windows{}, hours{}, balanced{}, linked{}, compat{}, breakdown{}, backup{}}
)

// unitPool lists every unit of task 22 in the order the prompt states
// their rules and the checklist their items (capacity, windows, equipment,
// driver hours, pickup before delivery, backup, breakdown) and the goal
// applies their levels (the kept legs of the breakdown replan, then the
// longest route). pool keeps the registry's order, which the spec sampler
// draws in (changing it changes every spec).
var unitPool = domains.Pool[unit]{capacity{}, windows{}, compat{}, hours{}, linked{}, infeasible{}, backup{}, breakdown{}, balanced{}}

// unitList is unitPool with its IDs read once, for units.
var unitList = route.NewUnits(unitPool)

// pool is the registry's view of the pool, in the taxonomy's order.
var pool = func() []domains.Unit {
	byID := map[string]domains.Unit{}
	for _, u := range unitPool.Infos(nil) {
		byID[u.ID] = u
	}
	var out []domains.Unit
	for _, id := range []string{unitCapacity, unitWindows, unitHours, unitBalance, unitLinked, unitCompat, unitInfeasible, unitBreakdown, unitBackup} {
		out = append(out, byID[id])
	}
	return out
}()

// units returns the sampled units of d, in unitPool order (unitPool.Of).
func (d *Dispatch) units() []unit { return unitList.InForce(d.S.Has) }

// takes reports whether a vehicle of type t may take job c under the
// rules of the sampled units ts (the takers of d.units()).
func (d *Dispatch) takes(ts []taker, c, t int) bool {
	for _, u := range ts {
		if !u.Takes(d, c, t) {
			return false
		}
	}
	return true
}

// ---- capacity (basic): a job's size must fit the vehicle type ----

type capacity struct{}

func (capacity) Info() domains.Unit {
	return domains.Unit{ID: unitCapacity, Tier: domains.Basic, Title: "vehicle capacity: a job's size must fit the vehicle type"}
}

func (capacity) TypeFeature(d *Dispatch, t int) string {
	return fmt.Sprintf("takes %s of up to %d %s", d.Voc.Jobs, d.Capacity[t], d.Voc.Size)
}

func (capacity) Columns(d *Dispatch) []column {
	return []column{{At: 1, Head: d.Voc.Size, Align: "---:", Cell: func(c int) string { return fmt.Sprint(d.Size[c]) }}}
}

func (capacity) Takes(d *Dispatch, c, t int) bool { return d.Size[c] <= d.Capacity[t] }

func (u capacity) VehicleRows(b *builder, c, v int) {
	if !u.Takes(b.d, c, b.d.Vehicles[v].Type) {
		b.fm.Forbid(c, v, ruleCapacity)
	}
}

func (capacity) Model(*builder) {} // its rows are VehicleRows

func (capacity) DataField(d *Dispatch) string {
	return cmp.Or(domains.Given("size", d.Size != nil), domains.Given("capacity", d.Capacity != nil))
}

// Validate: the sizes and capacities are given (their lengths are
// checked by load).
func (capacity) Validate(d *Dispatch) error {
	if d.Size == nil || d.Capacity == nil {
		return fmt.Errorf("size, capacity: the %s unit needs both", unitCapacity)
	}
	return nil
}

func (capacity) Rules(d *Dispatch) []rule {
	v := d.Voc
	var caps []string
	for t, name := range d.TypeNames {
		caps = append(caps, fmt.Sprintf("%s up to %d", name, d.Capacity[t]))
	}
	return []rule{{Name: ruleCapacity, Text: fmt.Sprintf("a %s goes only on a %s whose type takes its size (%s %s).", v.Job, v.Vehicle, strings.Join(caps, ", "), v.Size)}}
}

// Binds (domains.Binder) reports whether some job is larger than some
// type takes. When every job fits every type, the unit is left out of the
// spec rather than drawn again (about a quarter of the draws with the
// unit): the sizes are drawn to fit every plan's vehicles (a job that
// some plan puts on the smaller type is small, one that the backup rule
// must open to every type is cut to the smaller type's capacity, the
// others small or large with odds 1/2), and a second draw for the
// instances where none came out large would change those odds.
func (capacity) Binds(d *Dispatch) bool {
	for _, s := range d.Size {
		for _, c := range d.Capacity {
			if s > c {
				return true
			}
		}
	}
	return false
}

// Drop (domains.Dropper) removes the sizes and capacities.
func (capacity) Drop(d *Dispatch) { d.Size, d.Capacity = nil, nil }

func (capacity) Items(d *Dispatch) []domains.Item {
	v := d.Voc
	return []domains.Item{domains.FeasibilityItem(itemCapacity, unitCapacity, domains.Basic, fmt.Sprintf("Every %s is on a %s whose type takes its size in %s.", v.Job, v.Vehicle, v.Size))}
}

func (u capacity) Check(d *Dispatch, p parsed, f fails) {
	for i, rt := range p.routes {
		for _, c := range rt {
			if t := d.vtype(p.vehicle[i]); !u.Takes(d, c, t) {
				f.Add(itemCapacity, fmt.Sprintf("%s (%d %s) is on %s, which takes at most %d", d.Jobs[c-1], d.Size[c], d.Voc.Size, d.vname(p.vehicle[i]), d.Capacity[t]))
				return
			}
		}
	}
}

// ---- time-windows (basic) ----

type windows struct{}

func (windows) Info() domains.Unit {
	return domains.Unit{ID: unitWindows, Tier: domains.Basic, Title: "pickup windows and depot hours"}
}

func (windows) FleetSentence(d *Dispatch) string {
	v := d.Voc
	return fmt.Sprintf(" A %s may leave %s from %s and must be back by %s.", v.Vehicle, v.Depot, route.Clock(d.DayStart), route.Clock(d.DayStart+d.Due[0]))
}

func (windows) Columns(d *Dispatch) []column {
	return []column{
		{At: 3, Head: "loading may start", Align: "---", Cell: func(c int) string { return route.Clock(d.DayStart + d.Ready[c]) }},
		{At: 3, Head: "loading may start until", Align: "---", Cell: func(c int) string { return route.Clock(d.DayStart + d.Due[c]) }},
		{At: 3, Head: "loading + unloading", Align: "---:", Cell: func(c int) string { return fmt.Sprintf("%d min", d.Handle[c]) }},
	}
}

func (windows) Fleet(d *Dispatch, f *route.Fleet) {
	f.Ready, f.Due, f.Service = d.Ready, d.Due, d.Handle
}
func (windows) Model(*builder) {} // its rows are the fleet model's

func (windows) DataField(d *Dispatch) string {
	return cmp.Or(domains.Given("ready", d.Ready != nil), domains.Given("due", d.Due != nil), domains.Given("handle", d.Handle != nil))
}

// Validate: the windows are given (their lengths and order are the
// fleet's to check, see route.Fleet.Validate).
func (windows) Validate(d *Dispatch) error {
	if d.Ready == nil || d.Due == nil || d.Handle == nil {
		return fmt.Errorf("ready, due, handle: the %s unit needs all three", unitWindows)
	}
	return nil
}

func (windows) Rules(d *Dispatch) []rule {
	v := d.Voc
	return []rule{{Name: ruleWindows, Text: fmt.Sprintf("loading at a %s's pickup starts within its window (a %s that arrives early waits); loading and unloading together take the time in the table; every %s is back at %s by %s.", v.Job, v.Vehicle, v.Vehicle, v.Depot, route.Clock(d.DayStart+d.Due[0]))}}
}

func (windows) Items(d *Dispatch) []domains.Item {
	return []domains.Item{domains.FeasibilityItem(itemWindows, unitWindows, domains.Basic, fmt.Sprintf("Driving each route from %s, waiting where early, loading starts at every pickup within its window and the %s is back by %s.", route.Clock(d.DayStart), d.Voc.Vehicle, route.Clock(d.DayStart+d.Due[0])))}
}

func (windows) Check(d *Dispatch, p parsed, f fails) {
	for i, rt := range p.routes {
		t, at := d.Ready[0], 0
		for _, c := range rt {
			arrive := t + d.Handle[at] + d.drive(at, c)
			t = max(arrive, d.Ready[c])
			if t > d.Due[c] {
				f.Add(itemWindows, fmt.Sprintf("%s reaches the pickup of %s at %s, after its window closes at %s", d.vname(p.vehicle[i]), d.Jobs[c-1], route.Clock(d.DayStart+arrive), route.Clock(d.DayStart+d.Due[c])))
				return
			}
			at = c
		}
		if back := t + d.Handle[at] + d.drive(at, 0); back > d.Due[0] {
			f.Add(itemWindows, fmt.Sprintf("%s is back at %s, after %s", d.vname(p.vehicle[i]), route.Clock(d.DayStart+back), route.Clock(d.DayStart+d.Due[0])))
			return
		}
	}
}

// ---- compatibility (medium): equipment only type A has ----

type compat struct{}

func (compat) Info() domains.Unit {
	return domains.Unit{ID: unitCompat, Tier: domains.Medium, Title: "vehicle-job compatibility: some jobs need equipment only one vehicle type has"}
}

func (compat) TypeFeature(d *Dispatch, t int) string {
	if t == 0 {
		return "has " + d.Voc.Equip
	}
	return "does not have " + d.Voc.Equip
}

func (compat) Columns(d *Dispatch) []column {
	return []column{{At: 2, Head: "needs " + d.Voc.Equip, Align: "---", Cell: func(c int) string {
		if d.Equip[c] {
			return "yes"
		}
		return "no"
	}}}
}

func (compat) Takes(d *Dispatch, c, t int) bool { return !d.Equip[c] || t == 0 }

func (u compat) VehicleRows(b *builder, c, v int) {
	if !u.Takes(b.d, c, b.d.Vehicles[v].Type) {
		b.fm.Forbid(c, v, ruleCompat)
	}
}

func (compat) Model(*builder) {} // its rows are VehicleRows

func (compat) DataField(d *Dispatch) string { return domains.Given("equip", d.Equip != nil) }

// Validate: the equipment is given (its length is checked by load).
func (compat) Validate(d *Dispatch) error {
	if d.Equip == nil {
		return fmt.Errorf("equip: the %s unit needs it", unitCompat)
	}
	return nil
}

func (compat) Rules(d *Dispatch) []rule {
	v := d.Voc
	return []rule{{Name: ruleCompat, Text: fmt.Sprintf("a %s that needs %s goes only on a %s.", v.Job, v.Equip, d.TypeNames[0])}}
}

// Binds (domains.Binder) reports whether some job needs the equipment.
// When none does, the unit is left out of the spec rather than drawn
// again: a job needs it with odds 2/3 unless some plan puts it on type B,
// and a second draw for the instances where none does would change those
// odds.
func (compat) Binds(d *Dispatch) bool { return slices.Contains(d.Equip, true) }

// Drop (domains.Dropper) removes the equipment.
func (compat) Drop(d *Dispatch) { d.Equip = nil }

func (compat) Items(d *Dispatch) []domains.Item {
	v := d.Voc
	return []domains.Item{domains.FeasibilityItem(itemCompat, unitCompat, domains.Medium, fmt.Sprintf("Every %s that needs %s is on a %s.", v.Job, v.Equip, d.TypeNames[0]))}
}

func (u compat) Check(d *Dispatch, p parsed, f fails) {
	for i, rt := range p.routes {
		for _, c := range rt {
			if !u.Takes(d, c, d.vtype(p.vehicle[i])) {
				f.Add(itemCompat, fmt.Sprintf("%s needs %s but is on %s", d.Jobs[c-1], d.Voc.Equip, d.vname(p.vehicle[i])))
				return
			}
		}
	}
}

// ---- driver-hours (medium) ----

type hours struct{}

func (hours) Info() domains.Unit {
	return domains.Unit{ID: unitHours, Tier: domains.Medium, Title: "driver hours: a cap on each route's driving time, loaded and empty"}
}

func (hours) Fleet(d *Dispatch, f *route.Fleet) { f.MaxDrive = d.MaxDrive }
func (hours) Model(*builder)                    {} // its rows are the fleet model's

func (hours) DataField(d *Dispatch) string { return domains.Given("max_drive", d.MaxDrive != 0) }

func (hours) Validate(d *Dispatch) error {
	if d.MaxDrive <= 0 {
		return fmt.Errorf("max_drive: the %s unit needs a driving limit above 0", unitHours)
	}
	return nil
}

func (hours) Rules(d *Dispatch) []rule {
	v := d.Voc
	return []rule{{Name: ruleHours, Text: fmt.Sprintf("each %s drives at most %d minutes in total, loaded and empty, from leaving %s to coming back (waiting, loading and unloading do not count).", v.Vehicle, d.MaxDrive, v.Depot)}}
}

func (hours) Items(d *Dispatch) []domains.Item {
	return []domains.Item{domains.FeasibilityItem(itemHours, unitHours, domains.Medium, fmt.Sprintf("No %s drives more than %d minutes, loaded and empty.", d.Voc.Vehicle, d.MaxDrive))}
}

func (hours) Check(d *Dispatch, p parsed, f fails) {
	for i, rt := range p.routes {
		if t := d.driven(rt); t > d.MaxDrive {
			f.Add(itemHours, fmt.Sprintf("%s drives %d minutes, more than %d", d.vname(p.vehicle[i]), t, d.MaxDrive))
			return
		}
	}
}

// ---- pickup-before-delivery (medium) ----

type linked struct{}

func (linked) Info() domains.Unit {
	return domains.Unit{ID: unitLinked, Tier: domains.Medium, Title: "pickup before delivery: one job collects what a later job delivers, on the same vehicle"}
}

func (linked) Fleet(d *Dispatch, f *route.Fleet) { f.Before = d.Before }
func (linked) Model(*builder)                    {} // its rows are the fleet model's

func (linked) DataField(d *Dispatch) string { return domains.Given("before", d.Before != nil) }

func (linked) Validate(d *Dispatch) error {
	if len(d.Before) != 1 {
		return fmt.Errorf("before: the %s unit needs one pair of jobs", unitLinked)
	}
	return nil
}

func (linked) Rules(d *Dispatch) []rule {
	a, c := d.Jobs[d.Before[0][0]-1], d.Jobs[d.Before[0][1]-1]
	return []rule{{Name: ruleLinked, Text: fmt.Sprintf(d.Voc.Link, a, c)}}
}

func (linked) Items(d *Dispatch) []domains.Item {
	a, c := d.Jobs[d.Before[0][0]-1], d.Jobs[d.Before[0][1]-1]
	return []domains.Item{domains.FeasibilityItem(itemLinked, unitLinked, domains.Medium, fmt.Sprintf("%s and %s are on the same route, %s first.", a, c, a))}
}

func (linked) Check(d *Dispatch, p parsed, f fails) {
	if a, c := d.Before[0][0], d.Before[0][1]; !route.VisitsBefore(p.routes, a, c) {
		f.Add(itemLinked, fmt.Sprintf("no route does %s and later %s", d.Jobs[a-1], d.Jobs[c-1]))
	}
}

// ---- infeasibility (hard) ----

// infeasible makes the instance infeasible on purpose (generate: a depot
// closing time the farthest job cannot meet, or a job no vehicle type may
// take); the answer then names a conflicting set of rules, which the
// core's checklist and checker judge (every prompt allows that answer).
type infeasible struct{}

func (infeasible) Info() domains.Unit {
	return domains.Unit{ID: unitInfeasible, Tier: domains.Hard, Title: "infeasibility (a depot closing time the farthest job cannot meet, or a job no vehicle type may take): detect it and name a minimal conflicting set", Requires: []string{unitWindows}, Excludes: []string{unitBreakdown, unitBackup}}
}

func (infeasible) Model(*builder)                 {}
func (infeasible) Rules(*Dispatch) []rule         { return nil }
func (infeasible) Items(*Dispatch) []domains.Item { return nil }
func (infeasible) Check(*Dispatch, parsed, fails) {}

// ---- backup (hard): a second vehicle in service per job ----

type backup struct{}

func (backup) Info() domains.Unit {
	return domains.Unit{ID: unitBackup, Tier: domains.Hard, Title: "backup vehicle per job: besides its own vehicle, another vehicle in service whose type may take it", Excludes: []string{unitInfeasible, unitBreakdown}}
}

// Model: at least two vehicles in service may take job c, its own and a
// backup. Vehicle v is in service unless it takes the arc from its depot
// node straight to the next one.
func (backup) Model(b *builder) {
	d, fm := b.d, b.fm
	k := len(d.Vehicles)
	ts := domains.Facets[taker](d.units())
	for c := 1; c <= len(d.Jobs); c++ {
		var able []encode.Lit
		need := 2
		for v, x := range d.Vehicles {
			if !d.takes(ts, c, x.Type) {
				continue
			}
			if idle := fm.Arc[v][(v+1)%k]; idle >= 0 {
				able = append(able, idle.Not())
			} else {
				need-- // the only vehicle: always in service
			}
		}
		fm.Model.AddAtLeast(able, need).Named(fmt.Sprintf("%s: J%d", ruleBackup, c)).InGroup(ruleBackup)
	}
}

func (backup) DataField(d *Dispatch) string { return domains.Given("backup", d.Backup) }

func (backup) Validate(d *Dispatch) error {
	if !d.Backup {
		return fmt.Errorf("backup: the %s unit needs it true", unitBackup)
	}
	return nil
}

func (backup) Rules(d *Dispatch) []rule {
	v := d.Voc
	who := fmt.Sprintf("at least one other %s drives a route today", v.Vehicle)
	if len(d.TypeNames) > 1 {
		var by []string
		if d.S.Has(unitCapacity) {
			by = append(by, "size")
		}
		if d.S.Has(unitCompat) {
			by = append(by, "equipment")
		}
		who = fmt.Sprintf("at least one other %s that drives a route today is of a type that may take the %s (by its %s)", v.Vehicle, v.Job, strings.Join(by, " and "))
	}
	return []rule{{Name: ruleBackup, Text: fmt.Sprintf("every %s has a backup in case its %s breaks down: besides the %s that does it, %s.", v.Job, v.Vehicle, v.Vehicle, who)}}
}

func (backup) Items(d *Dispatch) []domains.Item {
	v := d.Voc
	return []domains.Item{domains.FeasibilityItem(itemBackup, unitBackup, domains.Hard, fmt.Sprintf("Every %s has a backup: besides the %s that does it, another %s that drives a route and whose type may take the %s.", v.Job, v.Vehicle, v.Vehicle, v.Job))}
}

func (backup) Check(d *Dispatch, p parsed, f fails) {
	ts := domains.Facets[taker](d.units())
	for c := 1; c <= len(d.Jobs); c++ {
		able := 0
		for _, v := range p.vehicle {
			if d.takes(ts, c, d.vtype(v)) {
				able++
			}
		}
		if able < 2 {
			f.Add(itemBackup, fmt.Sprintf("%s has no backup: %d %s in service may take it", d.Jobs[c-1], able, d.Voc.Vehicles))
			return
		}
	}
}

// ---- breakdown (hard): replan without a vehicle of the current plan ----

type breakdown struct{}

func (breakdown) Info() domains.Unit {
	return domains.Unit{ID: unitBreakdown, Tier: domains.Hard, Title: "a vehicle breaks down: reassign its jobs with the fewest changes to the current plan", Excludes: []string{unitInfeasible, unitBackup}}
}

func (breakdown) builtIn() {}

// Section is the current plan and the breakdown.
func (breakdown) Section(d *Dispatch) string {
	depot := strings.TrimPrefix(d.Voc.Depot, "the ")
	s := "\n**Current plan.** This plan was made before the breakdown below:\n"
	for _, r := range d.Current {
		s += fmt.Sprintf("- %s: %s → %s → %s\n", r.Vehicle, depot, strings.Join(r.Jobs, " → "), depot)
	}
	return s + fmt.Sprintf("\n**Breakdown.** %s has broken down and cannot drive today.\n", d.Down.Name)
}

// Model: none; the vehicle that broke down is not in the fleet (its
// rule holds by construction), and the kept legs are its Level.
func (breakdown) Model(*builder) {}

// Goal: keep the most legs of the current plan.
func (breakdown) Goal(d *Dispatch) string {
	v := d.Voc
	depot := strings.TrimPrefix(v.Depot, "the ")
	return fmt.Sprintf("change the current plan as little as possible: keep as many of its legs as you can (a leg is going directly from one place of a route to the next — %s or a %s — in that order, by any %s; e.g. %s → %s is a leg of every route that starts with %s)", v.Depot, v.Job, v.Vehicle, depot, d.Jobs[0], d.Jobs[0])
}

// Level maximizes the arcs that drive a leg of the current plan.
func (breakdown) Level(b *builder) { b.fm.MaximizeKept(b.d.currentRoutes()) }

func (breakdown) Maximized() bool { return true }

// Value is the number of legs of the current plan that the plan keeps.
func (breakdown) Value(d *Dispatch, p parsed) int64 {
	return route.KeptLegs(d.currentRoutes(), p.routes)
}

// Reached: the kept legs open the optimal item ("The plan keeps …").
func (breakdown) Reached(_ *Dispatch, text string, v int64) string {
	return strings.TrimSuffix(text, "'s ") + fmt.Sprintf(" keeps %d legs of the current plan (the most possible) and then its ", v)
}

func (breakdown) DataField(d *Dispatch) string {
	return cmp.Or(domains.Given("current", d.Current != nil), domains.Given("down", d.Down != nil))
}

// Validate: the current plan and the vehicle that broke down are given
// (their names are checked by load).
func (breakdown) Validate(d *Dispatch) error {
	if d.Current == nil || d.Down == nil {
		return fmt.Errorf("current, down: the %s unit needs a current plan and a broken-down vehicle", unitBreakdown)
	}
	return nil
}

func (breakdown) Rules(d *Dispatch) []rule {
	return []rule{{Name: ruleBreakdown, Text: fmt.Sprintf("%s drives no route.", d.Down.Name)}}
}

func (breakdown) Items(d *Dispatch) []domains.Item {
	return []domains.Item{domains.FeasibilityItem(itemBreakdown, unitBreakdown, domains.Hard, fmt.Sprintf("%s, which has broken down, drives no route.", d.Down.Name))}
}

func (breakdown) Check(d *Dispatch, p parsed, f fails) {
	if slices.Contains(p.vehicle, -1) {
		f.Add(itemBreakdown, fmt.Sprintf("%s has broken down but drives a route", d.Down.Name))
	}
}

// ---- balanced-routes (medium): the longest route first ----

type balanced struct{}

func (balanced) Info() domains.Unit {
	return domains.Unit{ID: unitBalance, Tier: domains.Medium, Title: "balanced routes: first minimise the longest route's driving time (stated goal), then the deadhead", Requires: []string{unitWindows}}
}

func (balanced) Model(*builder) {} // its rows define its Level

// Goal: the longest route as short as possible.
func (balanced) Goal(d *Dispatch) string {
	return fmt.Sprintf("balance the routes: make the longest route as short as possible, a route's length being its driving time, loaded and empty, from leaving %s to coming back (waiting, loading and unloading do not count)", d.Voc.Depot)
}

// Level: reach[c] ≥ the driving time from the depot to job c's pickup
// along its route, and top ≥ every route's length: minimizing top makes
// it the longest route's driving time.
func (balanced) Level(b *builder) {
	m, fm, f := b.fm.Model, b.fm, b.f
	k, n := len(b.d.Vehicles), len(b.d.Jobs)
	loc := func(u int) int {
		if u < k {
			return 0
		}
		return u - k + 1
	}
	var ub int64
	for _, row := range f.Travel {
		ub += slices.Max(row)
	}
	top := m.NewInt("longest_route", 0, ub)
	reach := make([]encode.Var, k+n)
	for c := k; c < k+n; c++ {
		reach[c] = m.NewInt(fmt.Sprintf("reach_%d", c-k+1), 0, ub)
	}
	for u := range fm.Arc {
		for v, x := range fm.Arc[u] {
			if x < 0 || (u < k && v < k) {
				continue
			}
			var ts []encode.Term
			switch {
			case u < k:
				ts = []encode.Term{{Var: reach[v], Coef: 1}}
			case v < k:
				ts = []encode.Term{{Var: top, Coef: 1}, {Var: reach[u], Coef: -1}}
			default:
				ts = []encode.Term{{Var: reach[v], Coef: 1}, {Var: reach[u], Coef: -1}}
			}
			m.AddLinear(ts, encode.GE, f.Travel[loc(u)][loc(v)]).OnlyIf(x.Lit()).Named(fmt.Sprintf("%s: arc %d-%d", ruleLongest, u, v)).InGroup(ruleLongest)
		}
	}
	m.Minimize(encode.Term{Var: top, Coef: 1})
}

func (balanced) Maximized() bool { return false }

// Value is the longest route's driving time.
func (balanced) Value(d *Dispatch, p parsed) int64 {
	var longest int64
	for _, rt := range p.routes {
		longest = max(longest, d.driven(rt))
	}
	return longest
}

func (balanced) Reached(_ *Dispatch, text string, v int64) string {
	return text + fmt.Sprintf("longest route drives %d minutes (the least possible), then its ", v)
}

func (balanced) DataField(d *Dispatch) string { return domains.Given("balanced", d.Balanced) }

func (balanced) Validate(d *Dispatch) error {
	if !d.Balanced {
		return fmt.Errorf("balanced: the %s unit needs it true", unitBalance)
	}
	return nil
}

func (balanced) Rules(*Dispatch) []rule         { return nil }
func (balanced) Items(*Dispatch) []domains.Item { return nil }
func (balanced) Check(*Dispatch, parsed, fails) {}
