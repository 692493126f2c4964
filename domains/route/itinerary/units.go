package itinerary

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/domains/route"
	"github.com/plancert/plancert/encode"
)

// unit is one constraint of task 20's pool, under the unit contract of
// domains (domains.UnitOf): its description (Info, the pool entry), its
// named rules for the prompt (Rules; a rule's name is also its model group
// and what a conflict answer names), its checklist items (Items), its
// rows in the model (Model, and the facets below for rows inside the
// core's passes) and its checks of a plan (Check, on the plan's stop
// numbers per day). Rule 1 (the days' times, each stop at most once; a
// trip's direct flights), the score goal and the stated tie-breaks are the
// core's, always on; the units add the rest. Their data is drawn in
// generate, interleaved with the hidden plan's draws (see generate).
type unit interface {
	domains.UnitOf[*Itinerary, *builder, [][]int]
}

// rule is one named rule of the prompt (domains.Rule); Name is also its
// model group and what a conflict answer names.
type rule = domains.Rule

// fails collects failures per item (domains.Fails).
type fails = domains.Fails

// scenario is one timing of the plan: the plan itself (sub = with = -1,
// each rule in its own group) or the backup scenario, in which stop sub
// (0-based) is replaced by stop with and every row is in the backup's
// group. t holds the scenario's start times (ticks) and tlo, thi their
// bounds, once the timing pass has made them.
type scenario struct {
	backup    string // the backup scenario's group; "" for the plan itself
	prefix    string
	sub, with int
	t         []encode.Var
	tlo, thi  []int64
}

// group is the group of a row of rule r in the scenario.
func (sc *scenario) group(r string) string {
	if sc.sub >= 0 {
		return sc.backup
	}
	return r
}

// swap maps stop u of the plan to the stop visited in the scenario.
func (sc *scenario) swap(u int) int {
	if u == sc.sub {
		return sc.with
	}
	return u
}

// The core's own facets, for the parts of an instance whose layout is the
// core's: the stops table and the paragraphs after the travel times, the
// rows the core's timing and linear passes state for every scenario (so
// that every row keeps its place in the model, and the backup scenario
// states the same rules with its stop swapped), a goal before the score,
// and the backup's view of the other rules. The core asks its units for
// them with domains.Facets, in pool order, never by a unit's ID.
type (
	// columner is a unit with columns in the stops table.
	columner interface{ Columns(it *Itinerary) []column }
	// sectioner is a unit with a paragraph of its data after the travel
	// times (the current plan and the closure).
	sectioner interface{ Section(it *Itinerary) string }

	// stopTimer is a unit with rows on the start times of the stops,
	// stated in the timing pass before the days' legs.
	stopTimer interface {
		StopRows(b *builder, sc *scenario)
	}
	// dayTimer is a unit with rows on day d, stated in the timing pass
	// after the day's legs.
	dayTimer interface {
		DayRows(b *builder, sc *scenario, d int)
	}
	// linearRower is a unit with linear rows over visits and legs (weights per
	// stop, costs per leg), stated in the linear pass after the timing
	// pass and the core's cuts.
	linearRower interface {
		LinearRows(b *builder, sc *scenario)
	}

	// leveler is a unit with a goal before the score: its sentence
	// (Goal), its objective level (Level adds it, maximized), its value on
	// a plan (Value) and the optimal item's words for the reference's
	// value (Reached).
	leveler interface {
		Goal(it *Itinerary) string
		Level(b *builder)
		Value(it *Itinerary, plan [][]int) int64
		Reached(it *Itinerary, v int64) string
	}
	// closer is a unit that closes stops (0-based) for the whole trip: a
	// backup stop it closes cannot stand in.
	closer interface {
		Closes(it *Itinerary, s int) bool
	}
	// replaced is a unit whose rule the backup scenario does not keep
	// (visiting the must-visit stop that the backup replaces).
	replaced interface{ replacedByBackup() }
)

// column is one column of the stops table: its heading, its alignment
// row ("---" or "---:") and its cell for stop i (0-based).
type column = route.Column

// The facets of each unit, listed so that a misspelt facet method fails to
// compile instead of being skipped.
var (
	_ = []columner{hours{}, budget{}}
	_ = []sectioner{closure{}}
	_ = []stopTimer{hours{}}
	_ = []dayTimer{visitOrder{}}
	_ = []linearRower{budget{}, travelLimit{}, balanced{}}
	_ = []leveler{closure{}}
	_ = []closer{closure{}}
	_ = []replaced{must{}}
	_ = []domains.DataOwner[*Itinerary]{must{}, hours{}, budget{}, visitOrder{}, travelLimit{}, balanced{}, closure{}, backup{}}
	_ = []domains.Validator[*Itinerary]{must{}, hours{}, budget{}, visitOrder{}, travelLimit{}, balanced{}, closure{}, backup{}}
)

// unitPool lists every unit of task 20 in the taxonomy's order, which the
// spec sampler draws in (changing it changes every spec) and the prompt,
// the checklist, the model and the checker follow.
var unitPool = domains.Pool[unit]{must{}, hours{}, budget{}, visitOrder{}, travelLimit{}, balanced{}, closure{}, backup{}, infeasible{}}

// unitList is unitPool with its IDs read once, for units.
var unitList = route.NewUnits(unitPool)

// pool is the registry's view of the pool, in the same order.
var pool = unitPool.Infos(nil)

// units returns the units in force in it, in pool order: the sampled
// units that its subtask allows, and the subtask's Always units (a trip
// sequence visits every city whether or not a spec made by hand lists
// must-visit; a unit the subtask excludes has no data, so it states
// nothing, as it never did).
func (it *Itinerary) units() []unit { return unitList.InForce(it.inForce) }

// inForce reports whether unit id is in force in it (see units).
func (it *Itinerary) inForce(id string) bool {
	st := subtaskView(it.S.Subtask)
	return it.S.Has(id) && st.Allows(id) || slices.Contains(st.Always, id)
}

// ---- must-visit (basic) ----

type must struct{}

func (must) Info() domains.Unit {
	return domains.Unit{ID: unitMust, Tier: domains.Basic, Title: "must-visit stops"}
}

func (must) replacedByBackup() {}

// Model: each must-visit stop is visited on exactly one day.
func (must) Model(b *builder) {
	for _, s := range b.it.Must {
		var ts []encode.Term
		for d := range b.it.Days {
			ts = append(ts, term(b.im.y[d][s-1], 1))
		}
		b.lin(ruleMust, ts, encode.EQ, 1)
	}
}

func (must) DataField(it *Itinerary) string { return domains.Given("must", it.Must != nil) }

func (must) Validate(it *Itinerary) error {
	if len(it.Must) == 0 {
		return fmt.Errorf("must: the %s unit needs a stop", unitMust)
	}
	return nil
}

func (must) Rules(it *Itinerary) []rule {
	if it.Voc.Trip {
		return []rule{{Name: ruleMust, Text: fmt.Sprintf("the plan visits all %d cities.", len(it.Stops))}}
	}
	return []rule{{Name: ruleMust, Text: fmt.Sprintf("the plan visits %s.", it.stopList(it.Must))}}
}

func (must) Items(it *Itinerary) []domains.Item {
	return []domains.Item{domains.FeasibilityItem(itemMust, unitMust, domains.Basic, fmt.Sprintf("The plan visits %s.", it.stopList(it.Must)))}
}

func (must) Check(it *Itinerary, plan [][]int, f fails) {
	for _, m := range it.Must {
		if !slices.ContainsFunc(plan, func(day []int) bool { return slices.Contains(day, m) }) {
			f.Add(itemMust, fmt.Sprintf("%s is not visited", it.Stops[m-1]))
			return
		}
	}
}

// ---- opening-hours (basic); a trip's events ----

type hours struct{}

func (hours) Info() domains.Unit {
	return domains.Unit{ID: unitHours, Tier: domains.Basic, Title: "opening hours (time windows) of the stops"}
}

func (hours) Columns(it *Itinerary) []column {
	return []column{
		{Head: "opens", Align: "---", Cell: func(i int) string { return route.Clock(it.Open[i]) }},
		{Head: "closes", Align: "---", Cell: func(i int) string { return route.Clock(it.Close[i]) }},
	}
}

// StopRows: a window that meets the start time's range bounds it
// outright (an unvisited stop's time is free to sit in it), which keeps
// the MIP free of indicator rows; a window that does not is a stop that
// cannot be visited.
func (hours) StopRows(b *builder, sc *scenario) {
	it, g := b.it, b.g
	group := sc.group(it.hoursRule())
	for s := range it.Stops {
		if sc.sub >= 0 && s == sc.with {
			continue
		}
		ss := sc.swap(s)
		wlo, whi := ceil(it.Open[ss], g), floor(it.Close[ss]-it.Visit[ss], g)
		if max(wlo, sc.tlo[ss]) <= min(whi, sc.thi[ss]) {
			b.lin(group, []encode.Term{term(sc.t[ss], 1)}, encode.GE, wlo)
			b.lin(group, []encode.Term{term(sc.t[ss], 1)}, encode.LE, whi)
			continue
		}
		for d := range it.Days {
			b.lin(group, []encode.Term{term(b.im.y[d][s], 1)}, encode.LE, 0)
		}
	}
}

func (hours) Model(*builder) {} // its rows are StopRows

func (hours) DataField(it *Itinerary) string {
	return cmp.Or(domains.Given("open", it.Open != nil), domains.Given("close", it.Close != nil))
}

func (hours) Validate(it *Itinerary) error {
	if it.Open == nil {
		return fmt.Errorf("open, close: the %s unit needs them", unitHours)
	}
	return nil
}

func (hours) Rules(it *Itinerary) []rule {
	if it.Voc.Trip {
		text := "your stay in a city includes every day of its event:"
		days := it.Days[0].Return
		for i, s := range it.Stops {
			if it.Open[i] > it.Days[0].Leave || it.Close[i] < days {
				from, to := it.Close[i]-it.Visit[i], it.Open[i]+it.Visit[i]
				text += fmt.Sprintf("\n   - %s: an event from day %d to day %d.", s, from, to)
			}
		}
		return []rule{{Name: ruleEvents, Text: text}}
	}
	return []rule{{Name: ruleHours, Text: fmt.Sprintf("a visit starts no earlier than the %s opens and ends no later than it closes (if you arrive early, you wait).", it.Voc.Sight)}}
}

func (hours) Items(it *Itinerary) []domains.Item {
	text := fmt.Sprintf("Leaving at the times given and waiting where early, every visit starts after its %s opens and ends by its closing time, and every day still reaches its end place in time.", it.Voc.Sight)
	if it.Voc.Trip {
		text = "The stay in each city with an event includes every day of the event."
	}
	return []domains.Item{domains.FeasibilityItem(itemHours, unitHours, domains.Basic, text)}
}

func (hours) Check(it *Itinerary, plan [][]int, f fails) {
	if why := it.timing(plan, true); why != "" {
		f.Add(itemHours, why)
	}
}

// ---- budget (basic) ----

type budget struct{}

func (budget) Info() domains.Unit {
	return domains.Unit{ID: unitBudget, Tier: domains.Basic, Title: "entrance-fee budget"}
}

func (budget) Columns(it *Itinerary) []column {
	return []column{{Head: "entrance fee", Align: "---:", Cell: func(i int) string { return fmt.Sprintf("€%d", it.Fee[i]) }}}
}

// LinearRows: the fees of the visits add up to at most the budget.
func (budget) LinearRows(b *builder, sc *scenario) {
	it := b.it
	var ts []encode.Term
	for d := range it.Days {
		for s := range it.Stops {
			ts = append(ts, term(b.im.y[d][s], it.Fee[sc.swap(s)]))
		}
	}
	b.lin(sc.group(ruleBudget), ts, encode.LE, it.Budget)
}

func (budget) Model(*builder) {} // its rows are LinearRows

func (budget) DataField(it *Itinerary) string {
	return cmp.Or(domains.Given("fee", it.Fee != nil), domains.Given("budget", it.Budget != 0))
}

func (budget) Validate(it *Itinerary) error {
	if it.Fee == nil {
		return fmt.Errorf("budget, fee: the %s unit needs them", unitBudget)
	}
	return nil
}

func (budget) Rules(it *Itinerary) []rule {
	return []rule{{Name: ruleBudget, Text: fmt.Sprintf("the entrance fees of all visits add up to at most €%d.", it.Budget)}}
}

func (budget) Items(it *Itinerary) []domains.Item {
	return []domains.Item{domains.FeasibilityItem(itemBudget, unitBudget, domains.Basic, fmt.Sprintf("The entrance fees of the visits add up to at most €%d.", it.Budget))}
}

func (budget) Check(it *Itinerary, plan [][]int, f fails) {
	var fees int64
	for _, day := range plan {
		for _, s := range day {
			fees += it.Fee[s-1]
		}
	}
	if fees > it.Budget {
		f.Add(itemBudget, fmt.Sprintf("the fees add up to €%d, more than €%d", fees, it.Budget))
	}
}

// ---- visit-order (medium) ----

// visitOrder: a day that visits the stop Before[0][1] visits Before[0][0]
// earlier (a trip sequence: the first city comes before the second).
// Readings (see Readings): "the earlier stop comes right before the
// later one" (no stop between; a trip sequence: a direct flight from the
// first city to the second), ruled out by the rule's "(not necessarily
// right before)".
type visitOrder struct{}

// The readings of the visit order as consecutive visits, of a day's stops
// and of a trip sequence's cities.
const (
	readingRightBefore     = "the earlier stop comes right before the later one on the day, with no stop between"
	readingRightBeforeTrip = "the first city comes right before the second, the trip flying from one to the other"
)

// Readings implements domains.Reader.
func (visitOrder) Readings() []domains.Reading {
	return []domains.Reading{
		{Name: readingRightBefore, RuledOutBy: "earlier on the same day (not necessarily right before)."},
		{Name: readingRightBeforeTrip, RuledOutBy: " (not necessarily right before)."},
	}
}

func (visitOrder) Info() domains.Unit {
	return domains.Unit{ID: unitOrder, Tier: domains.Medium, Title: "visit order: one stop before another on the same day"}
}

// DayRows: if the second stop is visited on day d, it starts after the
// first stop's visit that day. In the backup scenario, a replaced first
// stop rules the second out, and a replaced second stop leaves nothing to
// keep.
func (visitOrder) DayRows(b *builder, sc *scenario, d int) {
	it, y := b.it, b.im.y
	group := sc.group(ruleOrder)
	for _, p := range it.Before {
		x, z := p[0]-1, p[1]-1
		switch {
		case sc.sub == x:
			b.lin(group, []encode.Term{term(y[d][z], 1)}, encode.LE, 0)
		case sc.sub == z:
		default:
			b.lin(group, []encode.Term{term(sc.t[z], 1), term(sc.t[x], -1)}, encode.GE, ceil(it.Visit[x], b.g), y[d][z].Lit())
			if sc.sub < 0 {
				b.lin(group, []encode.Term{term(y[d][x], 1), term(y[d][z], -1)}, encode.GE, 0)
			}
		}
	}
}

func (visitOrder) Model(*builder) {} // its rows are DayRows

func (visitOrder) DataField(it *Itinerary) string { return domains.Given("before", it.Before != nil) }

func (visitOrder) Validate(it *Itinerary) error {
	if len(it.Before) != 1 {
		return fmt.Errorf("before: the %s unit needs one pair of stops", unitOrder)
	}
	return nil
}

func (visitOrder) Rules(it *Itinerary) []rule {
	x, y := it.Stops[it.Before[0][0]-1], it.Stops[it.Before[0][1]-1]
	if it.Voc.Trip {
		return []rule{{Name: ruleOrder, Text: fmt.Sprintf("you visit %s before %s (not necessarily right before).", x, y)}}
	}
	return []rule{{Name: ruleOrder, Text: fmt.Sprintf("the tickets for %s are sold only at %s, so if the plan visits %s, it visits %s earlier on the same day (not necessarily right before).", y, x, y, x)}}
}

func (visitOrder) Items(it *Itinerary) []domains.Item {
	x, y := it.Stops[it.Before[0][0]-1], it.Stops[it.Before[0][1]-1]
	text := fmt.Sprintf("If the plan visits %s, it visits %s earlier on the same day.", y, x)
	if it.Voc.Trip {
		text = fmt.Sprintf("The plan visits %s before %s.", x, y)
	}
	return []domains.Item{domains.FeasibilityItem(itemBefore, unitOrder, domains.Medium, text)}
}

// Check reports the last day on which the second stop comes without the
// first before it.
func (visitOrder) Check(it *Itinerary, plan [][]int, f fails) {
	why := ""
	for _, p := range it.Before {
		x, y := p[0], p[1]
		for _, day := range plan {
			if j := slices.Index(day, y); j >= 0 {
				if i := slices.Index(day, x); i < 0 || i > j {
					why = fmt.Sprintf("%s is visited without %s earlier that day", it.Stops[y-1], it.Stops[x-1])
				}
			}
		}
	}
	if why != "" {
		f.Add(itemBefore, why)
	}
}

// ---- daily-travel-limit (medium) ----

type travelLimit struct{}

func (travelLimit) Info() domains.Unit {
	return domains.Unit{ID: unitTravel, Tier: domains.Medium, Title: "a cap on each day's travel time (the driver-hours analogue)"}
}

// LinearRows: each day's legs take at most MaxTravel.
func (travelLimit) LinearRows(b *builder, sc *scenario) {
	it, n := b.it, len(b.it.Stops)
	for d := range it.Days {
		var ts []encode.Term
		for u := range n + 2 {
			for v := range n + 2 {
				if x := b.im.arc[d][u][v]; x >= 0 {
					ts = append(ts, term(x, it.Travel[it.place(d, sc.swap(u))][it.place(d, sc.swap(v))]))
				}
			}
		}
		b.lin(sc.group(ruleTravel), ts, encode.LE, it.MaxTravel)
	}
}

func (travelLimit) Model(*builder) {} // its rows are LinearRows

func (travelLimit) DataField(it *Itinerary) string {
	return domains.Given("max_travel", it.MaxTravel != 0)
}

func (travelLimit) Validate(it *Itinerary) error {
	if it.MaxTravel <= 0 {
		return fmt.Errorf("max_travel: the %s unit needs a limit above 0", unitTravel)
	}
	return nil
}

func (travelLimit) Rules(it *Itinerary) []rule {
	return []rule{{Name: ruleTravel, Text: fmt.Sprintf("each day's travel time (from its start place to its end place, waiting and visits not counted) is at most %d minutes.", it.MaxTravel)}}
}

func (travelLimit) Items(it *Itinerary) []domains.Item {
	return []domains.Item{domains.FeasibilityItem(itemTravel, unitTravel, domains.Medium, fmt.Sprintf("No day travels more than %d minutes.", it.MaxTravel))}
}

func (travelLimit) Check(it *Itinerary, plan [][]int, f fails) {
	for d, day := range plan {
		if tr := it.dayTravel(d, day); tr > it.MaxTravel {
			f.Add(itemTravel, fmt.Sprintf("%s travels %d minutes, more than %d", capitalize(it.Days[d].Name), tr, it.MaxTravel))
			return
		}
	}
}

// ---- balanced-days (medium) ----

type balanced struct{}

func (balanced) Info() domains.Unit {
	return domains.Unit{ID: unitBalance, Tier: domains.Medium, Title: "balanced days: the days' visiting times differ by at most a bound"}
}

// LinearRows: every two days' visit times differ by at most Balance.
func (balanced) LinearRows(b *builder, sc *scenario) {
	it, y := b.it, b.im.y
	nd := len(it.Days)
	for a := range nd {
		for c := range nd {
			if a == c {
				continue
			}
			var ts []encode.Term
			for s := range it.Stops {
				ts = append(ts, term(y[a][s], it.Visit[sc.swap(s)]), term(y[c][s], -it.Visit[sc.swap(s)]))
			}
			b.lin(sc.group(ruleBalance), ts, encode.LE, it.Balance)
		}
	}
}

func (balanced) Model(*builder) {} // its rows are LinearRows

func (balanced) DataField(it *Itinerary) string { return domains.Given("balance", it.Balance != 0) }

func (balanced) Validate(it *Itinerary) error {
	if it.Balance <= 0 {
		return fmt.Errorf("balance: the %s unit needs a bound above 0", unitBalance)
	}
	return nil
}

func (balanced) Rules(it *Itinerary) []rule {
	return []rule{{Name: ruleBalance, Text: fmt.Sprintf("the total visit times of the days (the sum of the visit times of each day's %s) differ by at most %d minutes.", it.Voc.Sights, it.Balance)}}
}

func (balanced) Items(it *Itinerary) []domains.Item {
	return []domains.Item{domains.FeasibilityItem(itemBalance, unitBalance, domains.Medium, fmt.Sprintf("The days' total visit times differ by at most %d minutes.", it.Balance))}
}

func (balanced) Check(it *Itinerary, plan [][]int, f fails) {
	var lo, hi int64 = 1 << 62, 0
	for _, day := range plan {
		var v int64
		for _, s := range day {
			v += it.Visit[s-1]
		}
		lo, hi = min(lo, v), max(hi, v)
	}
	if hi-lo > it.Balance {
		f.Add(itemBalance, fmt.Sprintf("the days' visit times range from %d to %d minutes, more than %d apart", lo, hi, it.Balance))
	}
}

// ---- closure (hard): a stop of the current plan closes ----

type closure struct{}

func (closure) Info() domains.Unit {
	return domains.Unit{ID: unitClosure, Tier: domains.Hard, Title: "a stop of the current plan closes: replan with the fewest changes", Excludes: []string{unitInfeasible}}
}

// Section is the current plan and the closure.
func (closure) Section(it *Itinerary) string {
	v := it.Voc
	var b strings.Builder
	b.WriteString("\n**Current plan.** This plan was made before the closure below:\n")
	for d, day := range it.Current {
		fmt.Fprintf(&b, "- %s: %s", capitalize(it.Days[d].Name), v.Bases[it.Days[d].Start])
		for _, s := range day {
			fmt.Fprintf(&b, " → %s", it.Stops[s-1])
		}
		fmt.Fprintf(&b, " → %s\n", v.Bases[it.Days[d].End])
	}
	fmt.Fprintf(&b, "\n**Closure.** %s is closed for the whole trip.\n", it.Stops[it.Closed-1])
	return b.String()
}

func (closure) Closes(it *Itinerary, s int) bool { return it.Closed-1 == s }

// Model: the closed stop is visited on no day.
func (closure) Model(b *builder) {
	for d := range b.it.Days {
		b.lin(ruleClosure, []encode.Term{term(b.im.y[d][b.it.Closed-1], 1)}, encode.LE, 0)
	}
}

// Goal: keep the most legs of the current plan.
func (closure) Goal(*Itinerary) string {
	return "change the current plan as little as possible: keep as many of its legs as you can (a leg is going directly from one place to the next on the same day, in that direction; the start and end places count as places)"
}

// Level maximizes the legs of the current plan that the plan keeps.
func (closure) Level(b *builder) {
	var kept []encode.Term
	for d, leg := range b.it.currentLegs() {
		for _, l := range leg {
			if x := b.im.arc[d][l[0]][l[1]]; x >= 0 {
				kept = append(kept, term(x, 1))
			}
		}
	}
	b.im.m.Maximize(kept...)
}

// Value is the number of legs of the current plan that plan keeps.
func (closure) Value(it *Itinerary, plan [][]int) int64 {
	have := map[[3]int]bool{}
	for d, legs := range it.legs(plan) {
		for _, l := range legs {
			have[[3]int{d, l[0], l[1]}] = true
		}
	}
	var kept int64
	for d, legs := range it.currentLegs() {
		for _, l := range legs {
			if have[[3]int{d, l[0], l[1]}] {
				kept++
			}
		}
	}
	return kept
}

func (closure) Reached(_ *Itinerary, v int64) string {
	return fmt.Sprintf("keeps %d legs of the current plan (the most possible)", v)
}

func (closure) DataField(it *Itinerary) string {
	return cmp.Or(domains.Given("current", it.Current != nil), domains.Given("closed", it.Closed != 0))
}

// Validate: the current plan and its closed stop are given (their stops
// are checked by validate).
func (closure) Validate(it *Itinerary) error {
	if it.Current == nil {
		return fmt.Errorf("current, closed: the %s unit needs a current plan and a closed stop", unitClosure)
	}
	return nil
}

func (closure) Rules(it *Itinerary) []rule {
	return []rule{{Name: ruleClosure, Text: fmt.Sprintf("the plan does not visit %s.", it.Stops[it.Closed-1])}}
}

func (closure) Items(it *Itinerary) []domains.Item {
	return []domains.Item{domains.FeasibilityItem(itemClosure, unitClosure, domains.Hard, fmt.Sprintf("The plan does not visit %s.", it.Stops[it.Closed-1]))}
}

func (closure) Check(it *Itinerary, plan [][]int, f fails) {
	if slices.ContainsFunc(plan, func(day []int) bool { return slices.Contains(day, it.Closed) }) {
		f.Add(itemClosure, fmt.Sprintf("%s is closed", it.Stops[it.Closed-1]))
	}
}

// ---- backup (hard): a backup stop for a must-visit stop ----

type backup struct{}

func (backup) Info() domains.Unit {
	return domains.Unit{ID: unitBackup, Tier: domains.Hard, Title: "a backup stop for a must-visit stop: the plan with the backup in its place keeps every rule", Requires: []string{unitMust}, Excludes: []string{unitInfeasible}}
}

// Model: the backup stop is not visited (nor the must-visit stop, when a
// unit closes the backup), and the backup scenario, the plan with the
// backup in place of the must-visit stop, keeps rule 1 and the other
// units' timing and linear rows, all in the backup's group.
func (backup) Model(b *builder) {
	it := b.it
	mb, bk := it.Backup[0]-1, it.Backup[1]-1
	closers := domains.Facets[closer](it.units())
	for d := range it.Days {
		b.lin(ruleBackup, []encode.Term{term(b.im.y[d][bk], 1)}, encode.LE, 0)
		for _, c := range closers {
			if c.Closes(it, bk) {
				b.lin(ruleBackup, []encode.Term{term(b.im.y[d][mb], 1)}, encode.LE, 0)
			}
		}
	}
	sc := &scenario{backup: ruleBackup, prefix: "backup_", sub: mb, with: bk}
	b.timing(sc)
	b.linear(sc)
}

func (backup) DataField(it *Itinerary) string { return domains.Given("backup", it.Backup != nil) }

func (backup) Validate(it *Itinerary) error {
	if it.Backup == nil {
		return fmt.Errorf("backup: the %s unit needs a must-visit stop and its backup", unitBackup)
	}
	return nil
}

func (backup) Rules(it *Itinerary) []rule {
	m, k := it.Stops[it.Backup[0]-1], it.Stops[it.Backup[1]-1]
	return []rule{{Name: ruleBackup, Text: fmt.Sprintf("%s may turn out to be closed on the day; then you go to %s instead, at the same point of the plan. So the plan does not visit %s, and the plan with %s in place of %s must keep rule 1 and every other rule above except visiting %s.", m, k, k, k, m, m)}}
}

func (backup) Items(it *Itinerary) []domains.Item {
	m, k := it.Stops[it.Backup[0]-1], it.Stops[it.Backup[1]-1]
	return []domains.Item{domains.FeasibilityItem(itemBackup, unitBackup, domains.Hard, fmt.Sprintf("The plan does not visit %s, and with %s in place of %s it keeps rule 1 and every other rule except visiting %s.", k, k, m, m))}
}

// Check: the backup stop is not visited, and the plan with it in place of
// the must-visit stop keeps rule 1 and every other unit's rule but the
// replaced one; the first broken rule is reported, rule 1's times first,
// the other units' in pool order, rule 1's coverage last.
func (u backup) Check(it *Itinerary, plan [][]int, f fails) {
	m, k := it.Backup[0], it.Backup[1]
	for _, day := range plan {
		if slices.Contains(day, k) {
			f.Add(itemBackup, fmt.Sprintf("the plan visits the backup %s", it.Stops[k-1]))
			return
		}
	}
	alt := substitute(plan, m, k)
	core := fails{}
	it.checkCore(alt, core)
	whys := append(core[itemDayTimes], core[itemFlights]...)
	for _, o := range it.units() {
		if _, ok := o.(replaced); ok || o == unit(u) {
			continue
		}
		g := fails{}
		o.Check(it, alt, g)
		for _, item := range o.Items(it) {
			whys = append(whys, g[item.ID]...)
		}
	}
	whys = append(whys, core[itemCoverage]...)
	if len(whys) > 0 {
		f.Add(itemBackup, fmt.Sprintf("with %s in place of %s: %s", it.Stops[k-1], it.Stops[m-1], whys[0]))
	}
}

// ---- infeasibility (hard) ----

// infeasible makes the instance infeasible on purpose (generate: a
// must-visit stop that cannot fit its opening hours, or must-visit fees
// above the budget); the answer then names a conflicting set of rules,
// which the core's checklist and checker judge (every prompt allows that
// answer).
type infeasible struct{}

func (infeasible) Info() domains.Unit {
	return domains.Unit{ID: unitInfeasible, Tier: domains.Hard, Title: "infeasibility (a must-visit stop that cannot fit its opening hours, or must-visit fees above the budget): detect it and name a minimal conflicting set", Requires: []string{unitMust, unitHours}, Excludes: []string{unitClosure, unitBackup}}
}

func (infeasible) Model(*builder)                   {}
func (infeasible) Rules(*Itinerary) []rule          { return nil }
func (infeasible) Items(*Itinerary) []domains.Item  { return nil }
func (infeasible) Check(*Itinerary, [][]int, fails) {}
