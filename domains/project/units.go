package project

import (
	"fmt"
	"slices"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/domains/prose"
	"github.com/plancert/plancert/encode"
)

// unit is one constraint of the project pool, under the unit contract of
// domains (domains.UnitOf): its description (Info), its named rules for
// the prompt (Rules), its checklist items (Items), its clauses in the
// model (Model, in the groups its rules name, in passes: see builder) and
// its checks of a plan (Check, failures by item ID). The core asks the
// sampled units (units) for the facets it needs, never a unit by its ID:
//
//	domains.Leveler    levels before the makespan   replan, tardiness
//	laterLeveler       levels after the makespan    cost
//	domains.AnswerPart a second schedule            exception (schedulePart)
//	stater             stated values in the answer  stated
//	activityColumns    columns of the activities    tardiness
//	resourceColumns    columns of the resources     cost
//	sectioner          a section before the rules   replan
//	domains.Validator  its data in an instance      replan, slack, exception
//	deadliner          puts deadlines on activities deadlines, infeasible
//
// A unit's data is drawn in generate.go, interleaved with the core's own
// draws (the activities, the hidden plan, the horizon): moving it into
// Sample or Prepare would change the random draws and so every instance.
type unit interface {
	domains.UnitOf[*Instance, *builder, checked]
}

// rule is one named rule of the prompt (domains.Rule); Name is also its
// group in the model and the name a conflict answer uses.
type rule = domains.Rule

// fails collects failures per item (domains.Fails).
type fails = domains.Fails

// checked is what a unit's Check sees of a plan: the main schedule's
// starts, and the whole plan vector (each schedule part's starts follow
// when the answer has them; partErr says, by part key, why a part could
// not be judged).
type checked struct {
	start   []int
	plan    []int
	partErr map[string]string
	// stated holds the values the answer states (stated-values), nil
	// when a plan is judged without an answer.
	stated map[string]*int64
}

// unitRule is a rule of an instance with the unit that states it.
type unitRule struct {
	rule
	Unit string
}

// The units of the pool (TAXONOMY core 6, project).
const (
	unitPrecedence  = "precedence"          // basic: finish-start order
	unitCapacity    = "resource-capacity"   // basic: renewable capacities
	unitDeadlines   = "deadlines"           // basic: release dates and deadlines
	unitTardiness   = "weighted-tardiness"  // medium: due dates and weights, the first goal
	unitMaintenance = "maintenance-windows" // medium: resources unavailable in windows
	unitCost        = "makespan-then-cost"  // medium: hire cost after the makespan
	unitStated      = "stated-values"       // medium: the answer states its values
	unitReplan      = "delay-replan"        // hard: a delay, fewest changed starts
	unitSlack       = "robustness-slack"    // hard: slack after critical activities
	unitInfeasible  = "infeasibility"       // hard: an impossible deadline
	unitException   = "exception-recovery"  // hard: a backup schedule for a lost resource unit
)

// unitPool lists every unit of the core in the order they apply: an
// instance's rules, checklist items, model clauses and answer keys come
// in this order, unit by unit. It is the order of the prompt (the
// deadlines infeasibility sets are stated with the other deadlines, before
// the maintenance windows; the stated values come last).
var unitPool = domains.Pool[unit]{
	precedence{}, capacity{}, deadlines{}, infeasible{}, maintenance{},
	replan{}, slack{}, tardiness{}, cost{}, exception{}, stated{},
}

// pool is the registry's view of the units (domains.Task.Pool), in the
// order the spec sampler draws them, which is not unitPool's: every drawn
// spec depends on this order, so it stays.
var pool = unitPool.InOrder(unitPrecedence, unitCapacity, unitDeadlines, unitTardiness, unitMaintenance,
	unitCost, unitStated, unitReplan, unitSlack, unitInfeasible, unitException)

// unitIDs are the IDs of unitPool, in its order.
var unitIDs = func() []string {
	var out []string
	for _, inf := range unitPool.Infos(nil) {
		out = append(out, inf.ID)
	}
	return out
}()

// units returns the sampled units of in, in unitPool order: what
// unitPool.Of(in.Sp) returns, with the spec's IDs read once (units runs
// for every plan the checker judges).
func (in *Instance) units() []unit {
	ids := in.Sp.Units()
	var out []unit
	for k, u := range unitPool {
		if slices.Contains(ids, unitIDs[k]) {
			out = append(out, u)
		}
	}
	return out
}

// rules returns the instance's named rules, unit by unit.
func (in *Instance) rules() []unitRule {
	var out []unitRule
	for _, u := range in.units() {
		for _, r := range u.Rules(in) {
			out = append(out, unitRule{r, u.Info().ID})
		}
	}
	return out
}

// violations checks a plan (starts, one per activity, already within the
// horizon; with the exception unit, the backup's starts follow) against
// every named rule; it returns the broken rules' details by unit. The
// backup's broken rules are all reported under the exception unit.
func (in *Instance) violations(plan []int) fails { return in.check(checked{plan: plan}) }

// mainViolations is violations of the main schedule alone.
func (in *Instance) mainViolations(start []int) fails { return in.check(checked{plan: start[:in.n()]}) }

// check runs the Check of every unit on c (its start is set here).
func (in *Instance) check(c checked) fails {
	c.start = c.plan[:in.n()]
	f := fails{}
	for _, u := range in.units() {
		u.Check(in, c, f)
	}
	return f
}

// end is the end of activity i when it starts at start[i].
func (in *Instance) end(start []int, i int) int { return start[i] + in.Activities[i].Duration }

// ruleItem returns the feasibility item of unit u with text when u states
// a rule in in, and no item when it states none.
func ruleItem(in *Instance, u unit, text string) []domains.Item {
	if len(u.Rules(in)) == 0 {
		return nil
	}
	inf := u.Info()
	return []domains.Item{domains.FeasibilityItem(inf.ID, inf.ID, inf.Tier, text)}
}

func groupPrec(a string) string          { return "predecessors of " + a }
func groupCap(r string) string           { return "capacity of " + r }
func groupRelease(a string) string       { return "release of " + a }
func groupDeadline(a string) string      { return "deadline of " + a }
func groupMaint(r string) string         { return "maintenance of " + r }
func groupSlack(a string) string         { return "slack after " + a }
func groupDelay(a string) string         { return "delay of " + a }
func (in *Instance) period(t int) string { return fmt.Sprintf("%s %d", in.Voc.Period, t) }

const (
	groupDefRun    = "core: definition of who runs when"
	groupDefOther  = "core: definition of the objective terms"
	groupDefChange = "core: definition of changed start times"
)

// ---- precedence (basic): finish-start order ----

type precedence struct{}

func (precedence) Info() domains.Unit {
	return domains.Unit{ID: unitPrecedence, Tier: domains.Basic, Title: "precedence: an activity starts only after its predecessors end"}
}

func (precedence) Rules(in *Instance) []rule {
	var out []rule
	for _, a := range in.Activities {
		if len(a.After) > 0 {
			out = append(out, rule{Name: groupPrec(a.Name),
				Text: fmt.Sprintf("%s starts only after %s %s ended.", a.Name, prose.JoinAnd(a.After), map[bool]string{true: "has", false: "have"}[len(a.After) == 1])})
		}
	}
	return out
}

func (u precedence) Items(in *Instance) []domains.Item {
	return ruleItem(in, u, fmt.Sprintf("Every %s starts only after each of its predecessors has ended (rules \"predecessors of …\").", in.Voc.Activity))
}

func (precedence) Check(in *Instance, c checked, f fails) {
	for j, a := range in.Activities {
		for _, p := range a.After {
			if i := in.index(p); i >= 0 && c.start[j] < in.end(c.start, i) {
				f.Add(unitPrecedence, fmt.Sprintf("%s starts at %d, before %s ends at %d", a.Name, c.start[j], p, in.end(c.start, i)))
			}
		}
	}
}

func (precedence) Model(b *builder) {
	b.each(passOrder, func(j int) {
		a := b.in.Activities[j]
		for _, p := range a.After {
			b.cm.precedence(b.in.index(p), j, 0, b.prefix+groupPrec(a.Name))
		}
	})
}

// ---- resource-capacity (basic): renewable capacities ----

type capacity struct{}

func (capacity) Info() domains.Unit {
	return domains.Unit{ID: unitCapacity, Tier: domains.Basic, Title: "resource capacity: the running activities' needs fit every resource in every period"}
}

func (capacity) Rules(in *Instance) []rule {
	v := in.Voc
	var out []rule
	for r, res := range in.Resources {
		var users []string
		for i, a := range in.Activities {
			if in.demand(i, r) > 0 {
				users = append(users, fmt.Sprintf("%s %d", a.Name, in.demand(i, r)))
			}
		}
		if len(users) == 0 {
			continue
		}
		out = append(out, rule{Name: groupCap(res.Name),
			Text: fmt.Sprintf("In every %s, the %s running need at most %d %s of %s in total (needs: %s).", v.Period, v.Activities, res.Capacity, prose.Plural(res.Capacity, v.Unit, v.Units), res.Name, prose.JoinAnd(users))})
	}
	return out
}

func (u capacity) Items(in *Instance) []domains.Item {
	v := in.Voc
	return ruleItem(in, u, fmt.Sprintf("In every %s, the %s running need no more of any %s than its capacity (rules \"capacity of …\").", v.Period, v.Activities, v.Resource))
}

func (capacity) Check(in *Instance, c checked, f fails) {
	for r, res := range in.Resources {
		for t := range in.Horizon {
			use := 0
			for i := range in.Activities {
				if c.start[i] <= t && t < in.end(c.start, i) {
					use += in.demand(i, r)
				}
			}
			if use > res.Capacity {
				f.Add(unitCapacity, fmt.Sprintf("%s: %d %s needed in %s %d, capacity %d", res.Name, use, in.Voc.Units, in.Voc.Period, t, res.Capacity))
			}
		}
	}
}

func (capacity) Model(b *builder) {
	b.each(passResources, func(r int) {
		b.cm.capacity(r, b.prefix+groupCap(b.in.Resources[r].Name), b.prefix+groupDefRun, nil)
	})
}

// ---- deadlines (basic): release dates and deadlines ----

type deadlines struct{}

func (deadlines) Info() domains.Unit {
	return domains.Unit{ID: unitDeadlines, Tier: domains.Basic, Title: "release dates and deadlines"}
}

// deadliner is a unit that puts deadlines on activities: deadlines, and
// infeasibility (the impossible deadline). An instance's deadlines are
// stated, modelled and checked by the first of them sampled, in unit
// order (deadlineUnit): the deadlines unit when it is sampled, otherwise
// infeasibility, which then holds every deadline.
type deadliner interface {
	unit
	setsDeadlines()
}

func (deadlines) setsDeadlines()  {}
func (infeasible) setsDeadlines() {}

// deadlineUnit returns the ID of the unit that holds the deadlines.
func (in *Instance) deadlineUnit() string {
	if ds := domains.Facets[deadliner](in.units()); len(ds) > 0 {
		return ds[0].Info().ID
	}
	return ""
}

func (in *Instance) deadlineRule(a Activity) rule {
	return rule{Name: groupDeadline(a.Name), Text: fmt.Sprintf("%s ends by %s %d (start + duration ≤ %d).", a.Name, in.Voc.Period, a.Deadline, a.Deadline)}
}

func (deadlines) Rules(in *Instance) []rule {
	holds := in.deadlineUnit() == unitDeadlines
	var out []rule
	for _, a := range in.Activities {
		if a.Release > 0 {
			out = append(out, rule{Name: groupRelease(a.Name), Text: fmt.Sprintf("%s starts at %s %d or later.", a.Name, in.Voc.Period, a.Release)})
		}
		if a.Deadline > 0 && holds {
			out = append(out, in.deadlineRule(a))
		}
	}
	return out
}

func (u deadlines) Items(in *Instance) []domains.Item {
	return ruleItem(in, u, fmt.Sprintf("Every release and deadline holds: no %s starts before its release or ends after its deadline (rules \"release of …\", \"deadline of …\").", in.Voc.Activity))
}

// checkDeadline reports activity i's broken deadline under unit id.
func (in *Instance) checkDeadline(id string, start []int, i int, f fails) {
	if a := in.Activities[i]; a.Deadline > 0 && in.end(start, i) > a.Deadline {
		f.Add(id, fmt.Sprintf("%s ends at %d, after its deadline %d", a.Name, in.end(start, i), a.Deadline))
	}
}

func (deadlines) Check(in *Instance, c checked, f fails) {
	holds := in.deadlineUnit() == unitDeadlines
	for i, a := range in.Activities {
		if a.Release > 0 && c.start[i] < a.Release {
			f.Add(unitDeadlines, fmt.Sprintf("%s starts at %d, before its release %d", a.Name, c.start[i], a.Release))
		}
		if holds {
			in.checkDeadline(unitDeadlines, c.start, i, f)
		}
	}
}

func (deadlines) Model(b *builder) {
	holds := b.in.deadlineUnit() == unitDeadlines
	b.each(passActivities, func(i int) {
		if a := b.in.Activities[i]; a.Release > 0 {
			b.cm.m.AddLinear([]encode.Term{tm(b.cm.start[i], 1)}, encode.GE, int64(a.Release)).Named(b.prefix + groupRelease(a.Name))
		}
		if holds {
			b.deadline(i)
		}
	})
}

// deadline adds activity i's deadline.
func (b *builder) deadline(i int) {
	if a := b.in.Activities[i]; a.Deadline > 0 {
		b.cm.m.AddLinear([]encode.Term{tm(b.cm.start[i], 1)}, encode.LE, int64(a.Deadline-a.Duration)).Named(b.prefix + groupDeadline(a.Name))
	}
}

// ---- infeasibility (hard): an impossible deadline ----

// infeasible adds deadlines (see impossible); it states them only without
// the deadlines unit (see deadlineUnit). Its items are the core's items
// of an infeasible reference (Checklist).
type infeasible struct{}

func (infeasible) Info() domains.Unit {
	return domains.Unit{ID: unitInfeasible, Tier: domains.Hard, Title: "infeasible deadline detection with a minimal conflicting set", Excludes: []string{unitReplan}}
}

func (infeasible) Rules(in *Instance) []rule {
	if in.deadlineUnit() != unitInfeasible {
		return nil
	}
	var out []rule
	for _, a := range in.Activities {
		if a.Deadline > 0 {
			out = append(out, in.deadlineRule(a))
		}
	}
	return out
}

func (infeasible) Items(*Instance) []domains.Item { return nil }

func (infeasible) Check(in *Instance, c checked, f fails) {
	if in.deadlineUnit() != unitInfeasible {
		return
	}
	for i := range in.Activities {
		in.checkDeadline(unitInfeasible, c.start, i, f)
	}
}

func (infeasible) Model(b *builder) {
	if b.in.deadlineUnit() == unitInfeasible {
		b.each(passActivities, b.deadline)
	}
}

// ---- maintenance-windows (medium): resources unavailable in windows ----

type maintenance struct{}

func (maintenance) Info() domains.Unit {
	return domains.Unit{ID: unitMaintenance, Tier: domains.Medium, Title: "calendars: maintenance windows when a resource is unavailable", Requires: []string{unitCapacity}}
}

func (maintenance) Rules(in *Instance) []rule {
	v := in.Voc
	var out []rule
	for _, res := range in.Resources {
		if len(res.Down) == 0 {
			continue
		}
		var ws []string
		for _, w := range res.Down {
			if w.To-w.From == 1 {
				ws = append(ws, fmt.Sprintf("%s %d", v.Period, w.From))
			} else {
				ws = append(ws, fmt.Sprintf("%s %d–%d", v.Periods, w.From, w.To-1))
			}
		}
		out = append(out, rule{Name: groupMaint(res.Name),
			Text: fmt.Sprintf("Maintenance of %s in %s: no %s that needs %s may run then.", res.Name, prose.JoinAnd(ws), v.Activity, res.Name)})
	}
	return out
}

func (u maintenance) Items(in *Instance) []domains.Item {
	return ruleItem(in, u, fmt.Sprintf("No %s runs while %s it needs is under maintenance (rules \"maintenance of …\").", in.Voc.Activity, prose.An(in.Voc.Resource)))
}

func (maintenance) Check(in *Instance, c checked, f fails) {
	for r, res := range in.Resources {
		for _, w := range res.Down {
			for i, a := range in.Activities {
				if in.demand(i, r) > 0 && c.start[i] < w.To && w.From < in.end(c.start, i) {
					f.Add(unitMaintenance, fmt.Sprintf("%s runs %d–%d during the maintenance of %s (%d–%d)", a.Name, c.start[i], in.end(c.start, i)-1, res.Name, w.From, w.To-1))
				}
			}
		}
	}
}

// Model: each activity that needs the resource ends by a window's start
// or starts at its end.
func (maintenance) Model(b *builder) {
	b.each(passResources, func(r int) {
		in, m, res := b.in, b.cm.m, b.in.Resources[r]
		g := b.prefix + groupMaint(res.Name)
		for k, w := range res.Down {
			for i, a := range in.Activities {
				if in.demand(i, r) == 0 {
					continue
				}
				before := m.NewBool(fmt.Sprintf("_%sbefore %s %d %s", b.prefix, res.Name, k, a.Name))
				m.AddLinear([]encode.Term{tm(b.cm.start[i], 1)}, encode.LE, int64(w.From-a.Duration)).OnlyIf(before.Lit()).
					Named(fmt.Sprintf("%s: %d %s before", g, k, a.Name)).InGroup(g)
				m.AddLinear([]encode.Term{tm(b.cm.start[i], 1)}, encode.GE, int64(w.To)).OnlyIf(before.Not()).
					Named(fmt.Sprintf("%s: %d %s after", g, k, a.Name)).InGroup(g)
			}
		}
	})
}

// ---- robustness-slack (hard): slack after critical activities ----

type slack struct{}

func (slack) Info() domains.Unit {
	return domains.Unit{ID: unitSlack, Tier: domains.Hard, Title: "robustness: a stated minimum slack after each critical activity", Requires: []string{unitPrecedence}}
}

var _ domains.Validator[*Instance] = slack{}

// Validate: the minimum slack is positive exactly when the unit is
// sampled.
func (slack) Validate(in *Instance) error {
	if (in.Slack > 0) != in.has(unitSlack) || in.Slack < 0 {
		return fmt.Errorf("project: field min_slack: %d, want > 0 exactly when the spec has %q", in.Slack, unitSlack)
	}
	return nil
}

func (slack) Rules(in *Instance) []rule {
	v := in.Voc
	var out []rule
	for _, a := range in.Activities {
		if !a.Critical {
			continue
		}
		var succ []string
		for _, b := range in.Activities {
			if slices.Contains(b.After, a.Name) {
				succ = append(succ, b.Name)
			}
		}
		what := fmt.Sprintf("at least %d free %s between the end of %s and the horizon", in.Slack, prose.Plural(in.Slack, v.Period, v.Periods), a.Name)
		if len(succ) > 0 {
			what = fmt.Sprintf("at least %d free %s between the end of %s and the start of %s, and before the horizon", in.Slack, prose.Plural(in.Slack, v.Period, v.Periods), a.Name, joinOr(succ))
		}
		out = append(out, rule{Name: groupSlack(a.Name), Text: fmt.Sprintf("%s is critical: keep %s.", a.Name, what)})
	}
	return out
}

func (u slack) Items(in *Instance) []domains.Item {
	v := in.Voc
	return ruleItem(in, u, fmt.Sprintf("Every critical %s keeps the minimum slack of %d %s before its successors and the horizon (rules \"slack after …\").", v.Activity, in.Slack, prose.Plural(in.Slack, v.Period, v.Periods)))
}

func (slack) Check(in *Instance, c checked, f fails) {
	for i, a := range in.Activities {
		if !a.Critical {
			continue
		}
		if in.end(c.start, i)+in.Slack > in.Horizon {
			f.Add(unitSlack, fmt.Sprintf("%s ends at %d: less than %d before the horizon %d", a.Name, in.end(c.start, i), in.Slack, in.Horizon))
		}
		for j, b := range in.Activities {
			if slices.Contains(b.After, a.Name) && c.start[j] < in.end(c.start, i)+in.Slack {
				f.Add(unitSlack, fmt.Sprintf("%s starts at %d, less than %d after %s ends at %d", b.Name, c.start[j], in.Slack, a.Name, in.end(c.start, i)))
			}
		}
	}
}

func (slack) Model(b *builder) {
	b.each(passActivities, func(i int) {
		in, a := b.in, b.in.Activities[i]
		if !a.Critical {
			return
		}
		g := b.prefix + groupSlack(a.Name)
		b.cm.m.AddLinear([]encode.Term{tm(b.cm.start[i], 1)}, encode.LE, int64(in.Horizon-a.Duration-in.Slack)).
			Named(g + ": horizon").InGroup(g)
		for j, c := range in.Activities {
			if slices.Contains(c.After, a.Name) {
				b.cm.precedence(i, j, in.Slack, g)
			}
		}
	})
}
