package commute

import (
	"cmp"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/domains/prose"
	"github.com/plancert/plancert/domains/route"
	"github.com/plancert/plancert/encode"
)

// unit is one constraint of task 18's pool, under the unit contract of
// domains (domains.UnitOf): its description (Info, the pool entry), its
// named rules for the prompt (Rules; a rule's name is also its model group
// and what a conflict answer names), its checklist items (Items), its
// rows in the model (Model, and the facets below for rows inside the
// core's trip loops) and its checks of a plan (Check, on the checked
// answer: the main trip's evaluation and the other trips'). Rule 1 (one
// trip from the start to the destination by the timetable), the arrival
// goal and the stated tie-breaks are the core's, always on; the units add
// the rest. Their data is drawn in generate, interleaved with the hidden
// route's draws (see generate).
type unit interface {
	domains.UnitOf[*Commute, *builder, *checked]
}

// rule is one named rule of the prompt (domains.Rule); Name is also its
// model group and what a conflict answer names.
type rule = domains.Rule

// fails collects failures per item (domains.Fails).
type fails = domains.Fails

// checked is a checked answer: the main trip's evaluation and the other
// trips' (a trip part's, by its answer key).
type checked struct {
	main  eval
	trips map[string]*eval
}

// builder is the model under construction: the instance, the model, the
// rides of the timetable, and the trips added so far (the main trip
// first) with their answer variables.
type builder struct {
	c      *Commute
	m      *encode.Model
	rs     []ride
	trips  []*trip
	answer []encode.Var
}

// The core's own facets, for the parts of an instance whose layout is the
// core's: the paragraphs after the timetable, rule 1's walking sentence,
// the rows the core's trip loops state for every trip (so that every row
// keeps its place, in the main trip and in the backup), a goal before the
// arrival, the rules every trip keeps, and a second trip of the plan. The
// core asks its sampled units for them with domains.Facets, in pool order,
// never by a unit's ID.
type (
	// sectioner is a unit with a paragraph of its data after the
	// timetable; At places it (walking links 1, transfer times 2, the
	// current plan 3: the prompt's order, which is not the pool's).
	sectioner interface {
		Section(c *Commute) (at int, text string)
	}
	// walker is a unit that allows walking: its sentence of rule 1
	// replaces the core's "there is no walking".
	walker interface{ WalkSentence(c *Commute) string }

	// startRower is a unit with rows on the arc into ride id as a trip's
	// first ride (v), leaving the start at leave.
	startRower interface {
		StartRows(b *builder, tag string, id int, v encode.Var, leave int64)
	}
	// endRower is a unit with rows on the arc out of ride id as a trip's
	// last ride (v), reaching the destination at arrive.
	endRower interface {
		EndRows(b *builder, tag string, id int, v encode.Var, arrive int64)
	}
	// changeRower is a unit with rows on a change at the same stop from
	// ride a to ride z (v).
	changeRower interface {
		ChangeRows(b *builder, tag string, a, z int, v encode.Var)
	}
	// rideRower is a unit with rows on ride id of a trip (x).
	rideRower interface {
		RideRows(b *builder, tag string, id int, x encode.Var)
	}
	// tripRower is a unit with rows on a whole trip, after its rides.
	tripRower interface {
		TripRows(b *builder, tag string, tr *trip)
	}

	// tripRule is a unit whose rule every trip keeps (the main trip and
	// the backup): Broken says why trip e breaks it ("" when kept). Broken
	// guards on the unit's data: the generator tests routes against the
	// rules drawn so far, before every unit's data is drawn (and with the
	// infeasibility unit's deadline lifted).
	tripRule interface {
		Broken(c *Commute, e *eval) string
	}

	// leveler is a unit with a goal before the arrival: its sentence
	// (Goal), its objective level (Level adds it, maximized), its value on
	// a main trip (Value) and the optimal item's words for the
	// reference's value (Reached).
	leveler interface {
		Goal(c *Commute) string
		Level(b *builder)
		Value(c *Commute, e *eval) int64
		Reached(c *Commute, v int64) string
	}

	// tripPart is a unit that adds a trip to the plan (the backup): its
	// part of the answer (domains.AnswerPart: its key and skeleton) and
	// how to read it (Parse: its legs and stated arrival), its trip in
	// the model (its Model), the prompt's sentences about the trips (after
	// the arrival goal, on the same plan, on the answer's fields), the
	// optimal and stated items' texts, and the stated check of its trip.
	tripPart interface {
		domains.AnswerPart[*Commute]
		Parse(c *Commute, obj map[string]json.RawMessage, rs []ride) (legs []leg, arrival *string, err string)
		GoalNote(c *Commute) string
		SamePlan(c *Commute) string
		AnswerNote(c *Commute) string
		OptimalText(c *Commute, lv route.Levels, off int) string
		StatedText(c *Commute) string
		Stated(c *Commute, arrival string, e *eval) string
	}
)

// The facets of each unit, listed so that a misspelt facet method fails to
// compile instead of being skipped.
var (
	_ = []sectioner{transfer{}, walking{}, closure{}}
	_ = []walker{walking{}}
	_ = []startRower{earliest{}}
	_ = []endRower{deadline{}}
	_ = []changeRower{transfer{}}
	_ = []rideRower{avoid{}, closure{}}
	_ = []tripRower{fare{}, changes{}, walking{}}
	_ = []tripRule{deadline{}, earliest{}, transfer{}, fare{}, changes{}, avoid{}, walking{}, closure{}}
	_ = []leveler{closure{}}
	_ = []tripPart{backup{}}
	_ = []domains.DataOwner[*Commute]{deadline{}, earliest{}, transfer{}, fare{}, changes{}, avoid{}, walking{}, closure{}, backup{}}
	_ = []domains.Validator[*Commute]{deadline{}, earliest{}, transfer{}, fare{}, changes{}, avoid{}, walking{}, closure{}, backup{}}
	_ = []domains.Binder[*Commute]{deadline{}, earliest{}, transfer{}, fare{}, changes{}, avoid{}}
	_ = []domains.Dropper[*Commute]{deadline{}, earliest{}, transfer{}, fare{}, changes{}, avoid{}}
)

// unitPool lists every unit of task 18 in the taxonomy's order, which the
// spec sampler draws in (changing it changes every spec) and the prompt,
// the checklist, the model and the checker follow.
var unitPool = domains.Pool[unit]{deadline{}, earliest{}, transfer{}, fare{}, changes{}, avoid{}, walking{}, closure{}, infeasible{}, backup{}}

// unitList is unitPool with its IDs read once, for units.
var unitList = route.NewUnits(unitPool)

// pool is the registry's view of the pool, in the same order.
var pool = unitPool.Infos(nil)

// units returns the sampled units of c, in pool order (unitPool.Of).
func (c *Commute) units() []unit { return unitList.InForce(c.S.Has) }

// broken says why trip e breaks the rule of u ("" when it keeps it, or
// when e has no legs at all: such a trip is judged by rule 1 alone).
func (c *Commute) broken(u tripRule, e *eval) string {
	if len(e.legs) == 0 {
		return ""
	}
	return u.Broken(c, e)
}

// keeps reports whether trip e is a route that keeps every trip rule of
// the sampled units (with the data drawn so far, see tripRule).
func (c *Commute) keeps(e *eval) bool {
	if e.Route != "" {
		return false
	}
	for _, u := range domains.Facets[tripRule](c.units()) {
		if c.broken(u, e) != "" {
			return false
		}
	}
	return true
}

// checkTrip adds the failure of the rule of u on the main trip of ans to
// item.
func (c *Commute) checkTrip(u tripRule, item string, ans *checked, f fails) {
	if why := c.broken(u, &ans.main); why != "" {
		f.Add(item, why)
	}
}

// pathLimit bounds the trips anyTripBreaks lists; draw keeps only the
// timetables with fewer.
const pathLimit = 5000

// anyTripBreaks reports whether some trip by rule 1 (a route of the
// timetable from the start to the destination, c.paths) breaks the rule
// of u: a rule that none breaks binds nothing (domains.Binder). With
// pathLimit trips or more it reports true: not every trip was looked at.
func (c *Commute) anyTripBreaks(u tripRule) bool {
	rs := c.rides()
	all := c.paths(rs, pathLimit)
	if len(all) >= pathLimit {
		return true
	}
	for _, p := range all {
		if e := c.evaluate(rs, c.legsOfRides(rs, p)); e.Route == "" && c.broken(u, &e) != "" {
			return true
		}
	}
	return false
}

// Binds (domains.Binder) of the trip rules with data of their own
// (deadline, earliest departure, transfer times, fare budget, transfer
// limit, avoided line): some trip by rule 1 breaks the rule
// (anyTripBreaks). When none does (a deadline after the last arrival of
// the timetable, a line that leads nowhere near the destination), the
// unit is left out of the spec with its data (Drop) rather than drawn
// again: its data is fitted to the hidden trips (a limit at or above
// theirs, a line they do not ride), and a second draw for the
// timetables where nothing breaks it would change the odds of the
// others.
func (u deadline) Binds(c *Commute) bool { return c.anyTripBreaks(u) }
func (u earliest) Binds(c *Commute) bool { return c.anyTripBreaks(u) }
func (u transfer) Binds(c *Commute) bool { return c.anyTripBreaks(u) }
func (u fare) Binds(c *Commute) bool     { return c.anyTripBreaks(u) }
func (u changes) Binds(c *Commute) bool  { return c.anyTripBreaks(u) }
func (u avoid) Binds(c *Commute) bool    { return c.anyTripBreaks(u) }

// Drop (domains.Dropper) removes a left-out trip rule's data.
func (deadline) Drop(c *Commute) { c.Deadline = 0 }
func (earliest) Drop(c *Commute) { c.Earliest = 0 }
func (transfer) Drop(c *Commute) { c.Transfer = nil }
func (fare) Drop(c *Commute)     { c.Budget = 0 }
func (changes) Drop(c *Commute)  { c.MaxChanges = nil }
func (avoid) Drop(c *Commute)    { c.Avoid = nil }

// ---- arrival-deadline (basic) ----

type deadline struct{}

func (deadline) Info() domains.Unit {
	return domains.Unit{ID: unitDeadline, Tier: domains.Basic, Title: "arrival deadline at the destination"}
}

// EndRows: no last ride that arrives after the deadline.
func (deadline) EndRows(b *builder, tag string, id int, v encode.Var, arrive int64) {
	if arrive > b.c.Deadline {
		b.m.AddLinear([]encode.Term{{Var: v, Coef: 1}}, encode.LE, 0).Named(fmt.Sprintf("%slate %d", tag, id)).InGroup(ruleDeadline)
	}
}

func (deadline) Model(*builder) {} // its rows are EndRows

func (deadline) Broken(c *Commute, e *eval) string {
	if c.Deadline > 0 && (e.Rides == 0 || e.Arrival > c.Deadline) {
		return fmt.Sprintf("arrives at %s, after %s", route.Clock(e.Arrival), route.Clock(c.Deadline))
	}
	return ""
}

func (deadline) DataField(c *Commute) string { return domains.Given("deadline", c.Deadline != 0) }

func (deadline) Validate(c *Commute) error {
	if c.Deadline <= 0 {
		return fmt.Errorf("deadline: the %s unit needs a deadline above 0", unitDeadline)
	}
	return nil
}

func (deadline) Rules(c *Commute) []rule {
	return []rule{{Name: ruleDeadline, Text: fmt.Sprintf("you reach %s by %s, when %s.", c.Stops[1], route.Clock(c.Deadline), c.Voc.Goal)}}
}

func (deadline) Items(c *Commute) []domains.Item {
	return []domains.Item{domains.FeasibilityItem(itemDeadline, unitDeadline, domains.Basic, fmt.Sprintf("The trip reaches %s by %s.", c.Stops[1], route.Clock(c.Deadline)))}
}

func (u deadline) Check(c *Commute, ans *checked, f fails) { c.checkTrip(u, itemDeadline, ans, f) }

// ---- earliest-departure (basic) ----

type earliest struct{}

func (earliest) Info() domains.Unit {
	return domains.Unit{ID: unitEarliest, Tier: domains.Basic, Title: "earliest departure from the start"}
}

// StartRows: no first ride that leaves the start before the earliest
// departure.
func (earliest) StartRows(b *builder, tag string, id int, v encode.Var, leave int64) {
	if leave < b.c.Earliest {
		b.m.AddLinear([]encode.Term{{Var: v, Coef: 1}}, encode.LE, 0).Named(fmt.Sprintf("%sleave early %d", tag, id)).InGroup(ruleEarliest)
	}
}

func (earliest) Model(*builder) {} // its rows are StartRows

func (earliest) Broken(c *Commute, e *eval) string {
	if c.Earliest > 0 && (e.Rides == 0 || e.Leave < c.Earliest) {
		return fmt.Sprintf("leaves at %s, before %s", route.Clock(e.Leave), route.Clock(c.Earliest))
	}
	return ""
}

func (earliest) DataField(c *Commute) string { return domains.Given("earliest", c.Earliest != 0) }

func (earliest) Validate(c *Commute) error {
	if c.Earliest <= 0 {
		return fmt.Errorf("earliest: the %s unit needs a time above 0", unitEarliest)
	}
	return nil
}

func (earliest) Rules(c *Commute) []rule {
	return []rule{{Name: ruleEarliest, Text: fmt.Sprintf("you leave %s no earlier than %s.", c.Stops[0], route.Clock(c.Earliest))}}
}

func (earliest) Items(c *Commute) []domains.Item {
	return []domains.Item{domains.FeasibilityItem(itemEarliest, unitEarliest, domains.Basic, fmt.Sprintf("The trip leaves %s no earlier than %s.", c.Stops[0], route.Clock(c.Earliest)))}
}

func (u earliest) Check(c *Commute, ans *checked, f fails) { c.checkTrip(u, itemEarliest, ans, f) }

// ---- transfer-time (basic) ----

type transfer struct{}

func (transfer) Info() domains.Unit {
	return domains.Unit{ID: unitTransfer, Tier: domains.Basic, Title: "minimum transfer (connection) time at each stop"}
}

// Section is the table of minimum transfer times.
func (transfer) Section(c *Commute) (int, string) {
	var b strings.Builder
	b.WriteString("\n**Minimum transfer times** (to change between two rides at the same stop)\n\n| stop | minutes |\n|---|---:|\n")
	for s, m := range c.Transfer {
		fmt.Fprintf(&b, "| %s | %d |\n", c.Stops[s], m)
	}
	return 2, b.String()
}

// ChangeRows: no change at a stop tighter than its transfer time.
func (transfer) ChangeRows(b *builder, tag string, a, z int, v encode.Var) {
	ra, rz := b.rs[a], b.rs[z]
	if ra.Arr+b.c.Transfer[rz.From] > rz.Dep {
		b.m.AddLinear([]encode.Term{{Var: v, Coef: 1}}, encode.LE, 0).Named(fmt.Sprintf("%stight change %d %d", tag, a, z)).InGroup(ruleTransfer)
	}
}

func (transfer) Model(*builder) {} // its rows are ChangeRows

// Broken reports the first change between two rides at the same stop
// that is tighter than the stop's transfer time.
func (transfer) Broken(c *Commute, e *eval) string {
	if c.Transfer == nil {
		return ""
	}
	rides := 0
	for k, l := range e.legs {
		if l.Ride < 0 {
			continue
		}
		if rides++; rides == 1 {
			continue
		}
		rd, prev := e.rs[l.Ride], e.legs[k-1]
		if prev.Ride >= 0 && e.rs[prev.Ride].Arr+c.Transfer[rd.From] > rd.Dep {
			return fmt.Sprintf("at %s you arrive at %s and the next ride leaves at %s: less than %d minutes to change", c.Stops[rd.From], route.Clock(e.rs[prev.Ride].Arr), route.Clock(rd.Dep), c.Transfer[rd.From])
		}
	}
	return ""
}

func (transfer) DataField(c *Commute) string { return domains.Given("transfer", c.Transfer != nil) }

func (transfer) Validate(c *Commute) error {
	if c.Transfer == nil {
		return fmt.Errorf("transfer: the %s unit needs the stops' transfer times", unitTransfer)
	}
	return nil
}

func (transfer) Rules(*Commute) []rule {
	return []rule{{Name: ruleTransfer, Text: "between two rides at the same stop, the time from arriving to the next departure is at least the stop's minimum transfer time."}}
}

func (transfer) Items(*Commute) []domains.Item {
	return []domains.Item{domains.FeasibilityItem(itemTransfer, unitTransfer, domains.Basic, "Every change between two rides at the same stop leaves at least the stop's minimum transfer time.")}
}

func (u transfer) Check(c *Commute, ans *checked, f fails) { c.checkTrip(u, itemTransfer, ans, f) }

// ---- fare-budget (medium) ----

type fare struct{}

func (fare) Info() domains.Unit {
	return domains.Unit{ID: unitFare, Tier: domains.Medium, Title: "fare budget: the rides' fares together stay within a budget"}
}

// TripRows: the trip's fares add up to at most the budget.
func (fare) TripRows(b *builder, tag string, tr *trip) {
	b.m.AddLinear(tr.fares, encode.LE, b.c.Budget).Named(tag + ruleFare).InGroup(ruleFare)
}

func (fare) Model(*builder) {} // its rows are TripRows

func (fare) Broken(c *Commute, e *eval) string {
	if c.Budget > 0 && e.Fare > c.Budget {
		return fmt.Sprintf("the fares add up to %d, more than %d", e.Fare, c.Budget)
	}
	return ""
}

func (fare) DataField(c *Commute) string { return domains.Given("budget", c.Budget != 0) }

func (fare) Validate(c *Commute) error {
	if c.Budget <= 0 {
		return fmt.Errorf("budget: the %s unit needs a budget above 0", unitFare)
	}
	return nil
}

func (fare) Rules(c *Commute) []rule {
	return []rule{{Name: ruleFare, Text: fmt.Sprintf("the fares of all rides add up to at most %d.", c.Budget)}}
}

func (fare) Items(c *Commute) []domains.Item {
	return []domains.Item{domains.FeasibilityItem(itemFare, unitFare, domains.Medium, fmt.Sprintf("The rides' fares add up to at most %d.", c.Budget))}
}

func (u fare) Check(c *Commute, ans *checked, f fails) { c.checkTrip(u, itemFare, ans, f) }

// ---- max-transfers (medium) ----

type changes struct{}

func (changes) Info() domains.Unit {
	return domains.Unit{ID: unitChanges, Tier: domains.Medium, Title: "transfer limit: at most a given number of changes between vehicles"}
}

// TripRows: at most MaxChanges+1 rides.
func (changes) TripRows(b *builder, tag string, tr *trip) {
	b.m.AddLinear(tr.rides, encode.LE, int64(*b.c.MaxChanges)+1).Named(tag + ruleChanges).InGroup(ruleChanges)
}

func (changes) Model(*builder) {} // its rows are TripRows

func (changes) Broken(c *Commute, e *eval) string {
	if c.MaxChanges != nil && e.Rides-1 > int64(*c.MaxChanges) {
		return fmt.Sprintf("%d changes, more than %d", e.Rides-1, *c.MaxChanges)
	}
	return ""
}

func (changes) DataField(c *Commute) string { return domains.Given("max_changes", c.MaxChanges != nil) }

func (changes) Validate(c *Commute) error {
	if c.MaxChanges == nil {
		return fmt.Errorf("max_changes: the %s unit needs a limit", unitChanges)
	}
	return nil
}

func (changes) Rules(c *Commute) []rule {
	return []rule{{Name: ruleChanges, Text: fmt.Sprintf("at most %d %s (a change is getting off one ride and later boarding another; walks do not count).", *c.MaxChanges, prose.Plural(*c.MaxChanges, "change", "changes"))}}
}

func (changes) Items(c *Commute) []domains.Item {
	return []domains.Item{domains.FeasibilityItem(itemChanges, unitChanges, domains.Medium, fmt.Sprintf("The trip has at most %d %s.", *c.MaxChanges, prose.Plural(*c.MaxChanges, "change", "changes")))}
}

func (u changes) Check(c *Commute, ans *checked, f fails) { c.checkTrip(u, itemChanges, ans, f) }

// ---- avoid-line (medium) ----

type avoid struct{}

func (avoid) Info() domains.Unit {
	return domains.Unit{ID: unitAvoid, Tier: domains.Medium, Title: "avoid a line altogether"}
}

// RideRows: no ride on the avoided line.
func (avoid) RideRows(b *builder, tag string, id int, x encode.Var) {
	if b.rs[id].Line == *b.c.Avoid {
		b.m.AddLinear([]encode.Term{{Var: x, Coef: 1}}, encode.LE, 0).Named(fmt.Sprintf("%savoid %d", tag, id)).InGroup(ruleAvoid)
	}
}

func (avoid) Model(*builder) {} // its rows are RideRows

func (avoid) Broken(c *Commute, e *eval) string {
	if c.Avoid == nil {
		return ""
	}
	for k, l := range e.legs {
		if l.Ride >= 0 && e.rs[l.Ride].Line == *c.Avoid {
			return fmt.Sprintf("leg %d rides %s", k+1, c.Lines[*c.Avoid].Name)
		}
	}
	return ""
}

func (avoid) DataField(c *Commute) string { return domains.Given("avoid", c.Avoid != nil) }

func (avoid) Validate(c *Commute) error {
	if c.Avoid == nil {
		return fmt.Errorf("avoid: the %s unit needs a line", unitAvoid)
	}
	return nil
}

func (avoid) Rules(c *Commute) []rule {
	return []rule{{Name: ruleAvoid, Text: fmt.Sprintf("no ride on %s.", c.Lines[*c.Avoid].Name)}}
}

func (avoid) Items(c *Commute) []domains.Item {
	return []domains.Item{domains.FeasibilityItem(itemAvoid, unitAvoid, domains.Medium, fmt.Sprintf("No ride is on %s.", c.Lines[*c.Avoid].Name))}
}

func (u avoid) Check(c *Commute, ans *checked, f fails) { c.checkTrip(u, itemAvoid, ans, f) }

// ---- walking (medium): walking links, with a cap ----

// walking brings the walking links, which the core's network uses (a
// trip may walk along them), and caps the walking time.
type walking struct{}

func (walking) Info() domains.Unit {
	return domains.Unit{ID: unitWalking, Tier: domains.Medium, Title: "walking legs between nearby stops, with a cap on the total walking time"}
}

// Section is the list of walking links.
func (walking) Section(c *Commute) (int, string) {
	var b strings.Builder
	b.WriteString("\n**Walking links** (either way)\n")
	for _, w := range c.Walks {
		fmt.Fprintf(&b, "- %s ↔ %s: %d min\n", c.Stops[w.A], c.Stops[w.B], w.Minutes)
	}
	return 1, b.String()
}

func (walking) WalkSentence(*Commute) string {
	return "Walking is possible only along the walking links listed, in the minutes listed, never two walks in a row: a walk after a ride starts when the ride arrives; a walk from the start ends just as the first ride leaves (that is when you leave).\n"
}

// TripRows: the trip's walks add up to at most MaxWalk (none without a
// limit).
func (walking) TripRows(b *builder, tag string, tr *trip) {
	if !b.c.NoWalkLimit {
		b.m.AddLinear(tr.walks, encode.LE, b.c.MaxWalk).Named(tag + ruleWalking).InGroup(ruleWalking)
	}
}

func (walking) Model(*builder) {} // its rows are TripRows

// Broken: more walking than the limit (none with NoWalkLimit, which
// leaveOut sets when no trip by rule 1 walks more than the limit drawn;
// the unit stays, for its walking links).
func (walking) Broken(c *Commute, e *eval) string {
	if c.Walks != nil && !c.NoWalkLimit && e.Walk > c.MaxWalk {
		return fmt.Sprintf("%d minutes of walking, more than %d", e.Walk, c.MaxWalk)
	}
	return ""
}

func (walking) DataField(c *Commute) string {
	return cmp.Or(domains.Given("walks", c.Walks != nil), domains.Given("max_walk", c.MaxWalk != 0), domains.Given("no_walk_limit", c.NoWalkLimit))
}

func (walking) Validate(c *Commute) error {
	if c.Walks == nil {
		return fmt.Errorf("walks: the %s unit needs walking links", unitWalking)
	}
	if c.NoWalkLimit && c.MaxWalk != 0 {
		return fmt.Errorf("max_walk: %d given with no_walk_limit", c.MaxWalk)
	}
	return nil
}

func (walking) Rules(c *Commute) []rule {
	if c.NoWalkLimit {
		return nil // the links are in rule 1 and their section
	}
	return []rule{{Name: ruleWalking, Text: fmt.Sprintf("at most %d %s of walking in total.", c.MaxWalk, prose.Plural(int(c.MaxWalk), "minute", "minutes"))}}
}

func (walking) Items(c *Commute) []domains.Item {
	if c.NoWalkLimit {
		return nil // no limit: nothing any answer could break
	}
	return []domains.Item{domains.FeasibilityItem(itemWalking, unitWalking, domains.Medium, fmt.Sprintf("The walks add up to at most %d %s.", c.MaxWalk, prose.Plural(int(c.MaxWalk), "minute", "minutes")))}
}

func (u walking) Check(c *Commute, ans *checked, f fails) { c.checkTrip(u, itemWalking, ans, f) }

// ---- line-closure (hard): a section closes ----

type closure struct{}

func (closure) Info() domains.Unit {
	return domains.Unit{ID: unitClosure, Tier: domains.Hard, Title: "a line section closes: replan keeping the most rides of the current plan", Excludes: []string{unitInfeasible, unitBackup}}
}

// Section is the current plan and the closure.
func (closure) Section(c *Commute) (int, string) {
	var b strings.Builder
	rs := c.rides()
	b.WriteString("\n**Current plan.** This trip was planned before the closure below:\n")
	for _, l := range c.legsOfRides(rs, c.currentIDs(rs)) {
		b.WriteString("- " + c.legText(rs, l) + "\n")
	}
	s := c.Closed
	l := c.Lines[s.Line]
	fmt.Fprintf(&b, "\n**Closure.** %s does not run between %s and %s (either direction): no ride may travel over that section.\n", l.Name, c.Stops[l.Stops[s.Pos]], c.Stops[l.Stops[s.Pos+1]])
	return 3, b.String()
}

// RideRows: no ride over the closed section.
func (closure) RideRows(b *builder, tag string, id int, x encode.Var) {
	if b.c.closes(b.rs[id]) {
		b.m.AddLinear([]encode.Term{{Var: x, Coef: 1}}, encode.LE, 0).Named(fmt.Sprintf("%sclosed %d", tag, id)).InGroup(ruleClosure)
	}
}

func (closure) Model(*builder) {} // its rows are RideRows; its level is Level

func (closure) Broken(c *Commute, e *eval) string {
	for k, l := range e.legs {
		if l.Ride >= 0 && c.closes(e.rs[l.Ride]) {
			return fmt.Sprintf("leg %d rides %s over the closed section", k+1, c.Lines[e.rs[l.Ride].Line].Name)
		}
	}
	return ""
}

// Goal: keep the most rides of the current plan.
func (closure) Goal(*Commute) string {
	return "change the current plan as little as possible: keep as many of its rides as you can (a ride is kept when the new plan boards the same run at the same stop and gets off at the same stop)"
}

// Level maximizes the main trip's rides of the current plan.
func (closure) Level(b *builder) {
	cur := map[[3]int]bool{}
	for _, rd := range b.c.Current {
		cur[rd] = true
	}
	var kept []encode.Term
	for id, rd := range b.rs {
		if cur[[3]int{rd.Run, rd.I, rd.J}] {
			kept = append(kept, encode.Term{Var: b.trips[0].x[id], Coef: 1})
		}
	}
	b.m.Maximize(kept...)
}

// Value is the number of the current plan's rides that trip e takes.
func (closure) Value(c *Commute, e *eval) int64 {
	cur := map[[3]int]bool{}
	for _, rd := range c.Current {
		cur[rd] = true
	}
	var kept int64
	for _, id := range e.rideIDs {
		if rd := e.rs[id]; cur[[3]int{rd.Run, rd.I, rd.J}] {
			kept++
		}
	}
	return kept
}

func (closure) Reached(_ *Commute, v int64) string {
	return fmt.Sprintf("keeps %d of the current plan's rides (the most possible)", v)
}

func (closure) DataField(c *Commute) string {
	return cmp.Or(domains.Given("closed", c.Closed != nil), domains.Given("current", c.Current != nil))
}

// Validate: the closed section and the current plan are given (checked
// by validate).
func (closure) Validate(c *Commute) error {
	if c.Closed == nil {
		return fmt.Errorf("closed, current: the %s unit needs a closed section and a current plan", unitClosure)
	}
	return nil
}

func (closure) Rules(c *Commute) []rule {
	l := c.Lines[c.Closed.Line]
	return []rule{{Name: ruleClosure, Text: fmt.Sprintf("no ride on %s travels between %s and %s.", l.Name, c.Stops[l.Stops[c.Closed.Pos]], c.Stops[l.Stops[c.Closed.Pos+1]])}}
}

func (closure) Items(c *Commute) []domains.Item {
	l := c.Lines[c.Closed.Line]
	return []domains.Item{domains.FeasibilityItem(itemClosure, unitClosure, domains.Hard, fmt.Sprintf("No ride on %s travels between %s and %s.", l.Name, c.Stops[l.Stops[c.Closed.Pos]], c.Stops[l.Stops[c.Closed.Pos+1]]))}
}

func (u closure) Check(c *Commute, ans *checked, f fails) { c.checkTrip(u, itemClosure, ans, f) }

// ---- infeasibility (hard) ----

// infeasible makes the instance infeasible on purpose (generate: the
// deadline falls before the earliest arrival of any route that keeps the
// other rules); the answer then names a conflicting set of rules, which
// the core's checklist and checker judge (every prompt allows that
// answer).
type infeasible struct{}

func (infeasible) Info() domains.Unit {
	return domains.Unit{ID: unitInfeasible, Tier: domains.Hard, Title: "infeasible deadline: no route arrives in time; detect it and name a minimal conflicting set of rules", Requires: []string{unitDeadline}, Excludes: []string{unitClosure, unitBackup}}
}

func (infeasible) Model(*builder)                  {}
func (infeasible) Rules(*Commute) []rule           { return nil }
func (infeasible) Items(*Commute) []domains.Item   { return nil }
func (infeasible) Check(*Commute, *checked, fails) {}

// ---- backup-route (hard): a second trip ----

type backup struct{}

func (backup) Info() domains.Unit {
	return domains.Unit{ID: unitBackup, Tier: domains.Hard, Title: "backup route: a second trip, keeping every rule, that shares no ride with the main trip and avoids the line of its first ride", Excludes: []string{unitClosure, unitInfeasible}}
}

// backupKey is the backup trip's key in the answer.
const backupKey = "backup"

func (backup) AnswerKey(*Commute) (string, string) {
	return backupKey, `{"legs": [...], "arrival": "HH:MM"}`
}

func (backup) Parse(c *Commute, obj map[string]json.RawMessage, rs []ride) ([]leg, *string, string) {
	var bk struct {
		Legs    []legJSON `json:"legs"`
		Arrival *string   `json:"arrival"`
	}
	if e := json.Unmarshal(obj[backupKey], &bk); e != nil || len(bk.Legs) == 0 {
		return nil, nil, `"backup" must be an object with a non-empty list of legs and an arrival`
	}
	legs, err := c.parseLegs(bk.Legs, rs, "backup ")
	if err != "" {
		return nil, nil, err
	}
	return legs, bk.Arrival, ""
}

// Model adds the backup trip, with every unit's rows, and its links to
// the main trip: no ride in both trips; no ride of the main trip's first
// line.
func (backup) Model(b *builder) {
	m, main := b.m, b.trips[0]
	bk := b.addTrip("backup ")
	for id, rd := range b.rs {
		m.AddLinear([]encode.Term{{Var: main.x[id], Coef: 1}, {Var: bk.x[id], Coef: 1}}, encode.LE, 1).Named(fmt.Sprintf("shared %d", id)).InGroup(ruleBackup)
		if main.start[id] < 0 {
			continue
		}
		for q, rq := range b.rs {
			if rq.Line == rd.Line {
				m.AddLinear([]encode.Term{{Var: main.start[id], Coef: 1}, {Var: bk.x[q], Coef: 1}}, encode.LE, 1).Named(fmt.Sprintf("first line %d %d", id, q)).InGroup(ruleBackup)
			}
		}
	}
}

func (backup) GoalNote(*Commute) string {
	return " with the main trip, and then with the backup trip. Each tie-break below applies to the main trip first, then to the backup trip."
}

func (backup) SamePlan(*Commute) string {
	return "Two plans are the same plan when their main trips have the same legs in the same order, and so have their backup trips."
}

func (backup) AnswerNote(*Commute) string {
	return " (all three of the main trip); `backup` is the backup trip, its legs in the same form and its arrival"
}

// OptimalText: the two arrivals, then the stated tie-breaks, main trip and
// backup level by level.
func (backup) OptimalText(c *Commute, lv route.Levels, off int) string {
	text := fmt.Sprintf("arrives at %s and its backup at %s, the proven earliest", route.Clock(lv.At(off)), route.Clock(lv.At(off+1)))
	var tb []string
	for l, what := range []string{"%s rides", "fares %s", "leaving at %s", "sums of departure times %s"} {
		if l < c.Levels {
			x, y := lv.At(off+2+2*l), lv.At(off+3+2*l)
			pair := fmt.Sprintf("%d and %d", x, y)
			if l == 2 {
				pair = fmt.Sprintf("%s and %s", route.Clock(x), route.Clock(y))
			}
			tb = append(tb, fmt.Sprintf(what, pair))
		}
	}
	if len(tb) > 0 {
		text += ", with " + strings.Join(tb, ", ") + " (main trip and backup; the stated tie-breaks)"
	}
	return text
}

func (backup) StatedText(*Commute) string {
	return "The arrival, changes and fare stated for the main trip and the arrival stated for the backup equal their true values."
}

func (backup) Stated(_ *Commute, arrival string, e *eval) string {
	if arrival != route.Clock(e.Arrival) {
		return fmt.Sprintf("stated backup arrival %s; the backup arrives at %s", arrival, route.Clock(e.Arrival))
	}
	return ""
}

func (backup) DataField(c *Commute) string { return domains.Given("backup", c.Backup) }

func (backup) Validate(c *Commute) error {
	if !c.Backup {
		return fmt.Errorf("backup: the %s unit needs it true", unitBackup)
	}
	return nil
}

func (backup) Rules(c *Commute) []rule {
	return []rule{{Name: ruleBackup, Text: fmt.Sprintf("besides the main trip, give a backup trip from %s to %s for the case that the line of the main trip's first ride fails: it follows rule 1 and every other rule above, shares no ride with the main trip (a ride is shared when both board the same run at the same stop and get off at the same stop) and rides no run of the main trip's first line.", c.Stops[0], c.Stops[1])}}
}

func (backup) Items(c *Commute) []domains.Item {
	return []domains.Item{domains.FeasibilityItem(itemBackup, unitBackup, domains.Hard, fmt.Sprintf("The backup trip is a trip from %s to %s as in rule 1, keeps every other rule, shares no ride with the main trip and rides no run of the main trip's first line.", c.Stops[0], c.Stops[1]))}
}

// Check: the backup trip is a route, keeps every trip rule (the first
// broken in pool order is reported), shares no ride with the main trip
// and rides no run of the main trip's first line.
func (backup) Check(c *Commute, ans *checked, f fails) {
	b, e := ans.trips[backupKey], &ans.main
	if b == nil {
		return // no backup to judge: the answer's failed its items already
	}
	if b.Route != "" {
		f.Add(itemBackup, "the backup: "+b.Route)
		return
	}
	for _, u := range domains.Facets[tripRule](c.units()) {
		if why := c.broken(u, b); why != "" {
			f.Add(itemBackup, "the backup "+why)
			return
		}
	}
	rs := b.rs
	for _, id := range b.rideIDs {
		if slices.Contains(e.rideIDs, id) {
			f.Add(itemBackup, fmt.Sprintf("the backup shares the ride on %s from %s at %s with the main trip", c.Lines[rs[id].Line].Name, c.Stops[rs[id].From], route.Clock(rs[id].Dep)))
			return
		}
		if len(e.rideIDs) > 0 && rs[id].Line == rs[e.rideIDs[0]].Line {
			f.Add(itemBackup, fmt.Sprintf("the backup rides %s, the line of the main trip's first ride", c.Lines[rs[id].Line].Name))
			return
		}
	}
}
