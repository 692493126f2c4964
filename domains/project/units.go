package project

import (
	"fmt"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/domains/prose"
)

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

// pool is the project core's constraint pool.
var pool = []domains.Unit{
	{ID: unitPrecedence, Tier: domains.Basic, Title: "precedence: an activity starts only after its predecessors end"},
	{ID: unitCapacity, Tier: domains.Basic, Title: "resource capacity: the running activities' needs fit every resource in every period"},
	{ID: unitDeadlines, Tier: domains.Basic, Title: "release dates and deadlines"},
	{ID: unitTardiness, Tier: domains.Medium, Title: "weighted tardiness against due dates, minimised first"},
	{ID: unitMaintenance, Tier: domains.Medium, Title: "calendars: maintenance windows when a resource is unavailable", Requires: []string{unitCapacity}},
	{ID: unitCost, Tier: domains.Medium, Title: "multi-objective: makespan, then the hire cost of the resources", Requires: []string{unitCapacity}},
	{ID: unitStated, Tier: domains.Medium, Title: "conflict validation: the answer states its objective values"},
	{ID: unitReplan, Tier: domains.Hard, Title: "delay of one activity with the fewest changed start times", Excludes: []string{unitInfeasible}},
	{ID: unitSlack, Tier: domains.Hard, Title: "robustness: a stated minimum slack after each critical activity", Requires: []string{unitPrecedence}},
	{ID: unitInfeasible, Tier: domains.Hard, Title: "infeasible deadline detection with a minimal conflicting set", Excludes: []string{unitReplan}},
	{ID: unitException, Tier: domains.Hard, Title: "exception recovery: a backup schedule, feasible if a resource loses one unit, with the fewest changes", Requires: []string{unitCapacity}, Excludes: []string{unitInfeasible, unitReplan}},
}

// rule is one named rule of an instance: its group name in the model (the
// name the prompt and conflict answers use), the unit it belongs to, and
// its sentence.
type rule struct {
	Name, Unit, Text string
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

// rules returns the instance's named rules, in pool order.
func (in *Instance) rules() []rule {
	v := in.Voc
	var out []rule
	for _, a := range in.Activities {
		if len(a.After) > 0 {
			out = append(out, rule{groupPrec(a.Name), unitPrecedence,
				fmt.Sprintf("%s starts only after %s %s ended.", a.Name, prose.JoinAnd(a.After), map[bool]string{true: "has", false: "have"}[len(a.After) == 1])})
		}
	}
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
		out = append(out, rule{groupCap(res.Name), unitCapacity,
			fmt.Sprintf("In every %s, the %s running need at most %d %s of %s in total (needs: %s).", v.Period, v.Activities, res.Capacity, prose.Plural(res.Capacity, v.Unit, v.Units), res.Name, prose.JoinAnd(users))})
	}
	for _, a := range in.Activities {
		if a.Release > 0 {
			out = append(out, rule{groupRelease(a.Name), unitDeadlines,
				fmt.Sprintf("%s starts at %s %d or later.", a.Name, v.Period, a.Release)})
		}
		if a.Deadline > 0 {
			u := unitDeadlines
			if !in.has(unitDeadlines) {
				u = unitInfeasible
			}
			out = append(out, rule{groupDeadline(a.Name), u,
				fmt.Sprintf("%s ends by %s %d (start + duration ≤ %d).", a.Name, v.Period, a.Deadline, a.Deadline)})
		}
	}
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
		out = append(out, rule{groupMaint(res.Name), unitMaintenance,
			fmt.Sprintf("Maintenance of %s in %s: no %s that needs %s may run then.", res.Name, prose.JoinAnd(ws), v.Activity, res.Name)})
	}
	if in.Delay != nil {
		out = append(out, rule{groupDelay(in.Delay.Activity), unitReplan,
			fmt.Sprintf("%s cannot start before %s %d.", in.Delay.Activity, v.Period, in.Delay.Earliest)})
	}
	for _, a := range in.Activities {
		if !a.Critical {
			continue
		}
		var succ []string
		for _, b := range in.Activities {
			if contains(b.After, a.Name) {
				succ = append(succ, b.Name)
			}
		}
		what := fmt.Sprintf("at least %d free %s between the end of %s and the horizon", in.Slack, prose.Plural(in.Slack, v.Period, v.Periods), a.Name)
		if len(succ) > 0 {
			what = fmt.Sprintf("at least %d free %s between the end of %s and the start of %s, and before the horizon", in.Slack, prose.Plural(in.Slack, v.Period, v.Periods), a.Name, joinOr(succ))
		}
		out = append(out, rule{groupSlack(a.Name), unitSlack, fmt.Sprintf("%s is critical: keep %s.", a.Name, what)})
	}
	return out
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// violations checks a plan (starts, one per activity, already within the
// horizon; with the exception unit, the backup's starts follow) against
// every named rule; it returns the broken rules' details by unit. The
// backup's broken rules are all reported under the exception unit.
func (in *Instance) violations(plan []int) map[string][]string {
	start := plan[:in.n()]
	out := in.mainViolations(start)
	if in.Exception != nil {
		for _, ds := range in.scenario().mainViolations(plan[in.n():]) {
			for _, d := range ds {
				out[unitException] = append(out[unitException], "backup: "+d)
			}
		}
	}
	return out
}

// scenario returns the instance as it is in the exception scenario: the
// failing resource at its reduced capacity, no exception.
func (in *Instance) scenario() *Instance {
	c := *in
	c.Exception = nil
	c.Resources = append([]Resource(nil), in.Resources...)
	c.Resources[in.resIndex(in.Exception.Resource)].Capacity = in.Exception.Capacity
	return &c
}

func (in *Instance) resIndex(name string) int {
	for r, res := range in.Resources {
		if res.Name == name {
			return r
		}
	}
	return -1
}

func (in *Instance) mainViolations(start []int) map[string][]string {
	out := map[string][]string{}
	add := func(u, format string, args ...any) { out[u] = append(out[u], fmt.Sprintf(format, args...)) }
	end := func(i int) int { return start[i] + in.Activities[i].Duration }
	v := in.Voc
	for j, a := range in.Activities {
		for _, p := range a.After {
			if i := in.index(p); i >= 0 && start[j] < end(i) {
				add(unitPrecedence, "%s starts at %d, before %s ends at %d", a.Name, start[j], p, end(i))
			}
		}
	}
	for r, res := range in.Resources {
		for t := range in.Horizon {
			use := 0
			for i := range in.Activities {
				if start[i] <= t && t < end(i) {
					use += in.demand(i, r)
				}
			}
			if use > res.Capacity {
				add(unitCapacity, "%s: %d %s needed in %s %d, capacity %d", res.Name, use, v.Units, v.Period, t, res.Capacity)
			}
		}
		for _, w := range res.Down {
			for i, a := range in.Activities {
				if in.demand(i, r) > 0 && start[i] < w.To && w.From < end(i) {
					add(unitMaintenance, "%s runs %d–%d during the maintenance of %s (%d–%d)", a.Name, start[i], end(i)-1, res.Name, w.From, w.To-1)
				}
			}
		}
	}
	for i, a := range in.Activities {
		if a.Release > 0 && start[i] < a.Release {
			add(unitDeadlines, "%s starts at %d, before its release %d", a.Name, start[i], a.Release)
		}
		if a.Deadline > 0 && end(i) > a.Deadline {
			u := unitDeadlines
			if !in.has(unitDeadlines) {
				u = unitInfeasible
			}
			add(u, "%s ends at %d, after its deadline %d", a.Name, end(i), a.Deadline)
		}
		if a.Critical {
			if end(i)+in.Slack > in.Horizon {
				add(unitSlack, "%s ends at %d: less than %d before the horizon %d", a.Name, end(i), in.Slack, in.Horizon)
			}
			for j, b := range in.Activities {
				if contains(b.After, a.Name) && start[j] < end(i)+in.Slack {
					add(unitSlack, "%s starts at %d, less than %d after %s ends at %d", b.Name, start[j], in.Slack, a.Name, end(i))
				}
			}
		}
	}
	if d := in.Delay; d != nil {
		if i := in.index(d.Activity); i >= 0 && start[i] < d.Earliest {
			add(unitReplan, "%s starts at %d, before %d", d.Activity, start[i], d.Earliest)
		}
	}
	return out
}
