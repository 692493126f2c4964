package commute

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/domains/prose"
	"github.com/plancert/plancert/domains/route"
	"github.com/plancert/plancert/solver"
)

// Item IDs of task 18 (format, optimal, stated, infeasible and conflict
// are named as in task 21).
const (
	itemFormat     = "format"
	itemOptimal    = "optimal"
	itemStated     = "stated"
	itemInfeasible = "infeasible"
	itemConflict   = "conflict"

	itemRoute    = "route"
	itemDeadline = "arrival-deadline"
	itemEarliest = "earliest-departure"
	itemTransfer = "transfer-time"
	itemFare     = "fare-budget"
	itemChanges  = "transfer-limit"
	itemAvoid    = "avoided-line"
	itemWalking  = "walking-limit"
	itemClosure  = "line-closure"
	itemBackup   = "backup-route"
)

// Prompt implements domains.Instance.
func (c *Commute) Prompt() string {
	v := c.Voc
	var b strings.Builder
	fmt.Fprintf(&b, "%s Plan the trip from %s to %s.\n\n", v.Intro, c.Stops[0], c.Stops[1])
	b.WriteString("**Lines** (each run of a line calls at its stops in this order; the fare is paid per ride, whatever its length)\n\n| line | stops in order | fare per ride |\n|---|---|---:|\n")
	for _, l := range c.Lines {
		names := make([]string, len(l.Stops))
		for k, s := range l.Stops {
			names[k] = c.Stops[s]
		}
		fmt.Fprintf(&b, "| %s | %s | %d |\n", l.Name, strings.Join(names, " → "), l.Fare)
	}
	b.WriteString("\n**Timetable** (a run leaves each stop at the time it arrives there)\n\n| line | run |\n|---|---|\n")
	for _, r := range c.Runs {
		l := c.Lines[r.Line]
		parts := make([]string, len(r.Times))
		for k, t := range r.Times {
			parts[k] = fmt.Sprintf("%s %s", c.Stops[l.Stops[k]], route.Clock(t))
		}
		fmt.Fprintf(&b, "| %s | %s |\n", l.Name, strings.Join(parts, " → "))
	}
	if c.Walks != nil {
		b.WriteString("\n**Walking links** (either way)\n")
		for _, w := range c.Walks {
			fmt.Fprintf(&b, "- %s ↔ %s: %d min\n", c.Stops[w.A], c.Stops[w.B], w.Minutes)
		}
	}
	if c.Transfer != nil {
		b.WriteString("\n**Minimum transfer times** (to change between two rides at the same stop)\n\n| stop | minutes |\n|---|---:|\n")
		for s, m := range c.Transfer {
			fmt.Fprintf(&b, "| %s | %d |\n", c.Stops[s], m)
		}
	}
	rs := c.rides()
	if c.Current != nil {
		b.WriteString("\n**Current plan.** This trip was planned before the closure below:\n")
		for _, l := range c.legsOfRides(rs, c.currentIDs(rs)) {
			b.WriteString("- " + c.legText(rs, l) + "\n")
		}
		s := c.Closed
		l := c.Lines[s.Line]
		fmt.Fprintf(&b, "\n**Closure.** %s does not run between %s and %s (either direction): no ride may travel over that section.\n", l.Name, c.Stops[l.Stops[s.Pos]], c.Stops[l.Stops[s.Pos+1]])
	}
	b.WriteString("\n**Rules**\n")
	rule := 1
	fmt.Fprintf(&b, "%d. The trip is a sequence of legs from %s to %s. A ride boards a run at one of its stops at the listed time and gets off at a later stop of the same run at the listed time; staying on board is one leg, never two rides of the same run in a row. Each leg starts where the previous one ended, and a ride can only be boarded at or after the time you reach its stop (waiting is allowed). ", rule, c.Stops[0], c.Stops[1])
	if c.Walks != nil {
		b.WriteString("Walking is possible only along the walking links listed, in the minutes listed, never two walks in a row: a walk after a ride starts when the ride arrives; a walk from the start ends just as the first ride leaves (that is when you leave).\n")
	} else {
		b.WriteString("There is no walking: every leg is a ride, the first from the start and the last to the destination; you leave when the first ride leaves.\n")
	}
	named := func(name, text string) {
		rule++
		fmt.Fprintf(&b, "%d. \"%s\": %s\n", rule, name, text)
	}
	if c.Deadline > 0 {
		named(ruleDeadline, fmt.Sprintf("you reach %s by %s, when %s.", c.Stops[1], route.Clock(c.Deadline), v.Goal))
	}
	if c.Earliest > 0 {
		named(ruleEarliest, fmt.Sprintf("you leave %s no earlier than %s.", c.Stops[0], route.Clock(c.Earliest)))
	}
	if c.Transfer != nil {
		named(ruleTransfer, "between two rides at the same stop, the time from arriving to the next departure is at least the stop's minimum transfer time.")
	}
	if c.Budget > 0 {
		named(ruleFare, fmt.Sprintf("the fares of all rides add up to at most %d.", c.Budget))
	}
	if c.MaxChanges != nil {
		named(ruleChanges, fmt.Sprintf("at most %d changes (a change is getting off one ride and later boarding another; walks do not count).", *c.MaxChanges))
	}
	if c.Avoid != nil {
		named(ruleAvoid, fmt.Sprintf("no ride on %s.", c.Lines[*c.Avoid].Name))
	}
	if c.Walks != nil {
		named(ruleWalking, fmt.Sprintf("at most %d minutes of walking in total.", c.MaxWalk))
	}
	if c.Closed != nil {
		l := c.Lines[c.Closed.Line]
		named(ruleClosure, fmt.Sprintf("no ride on %s travels between %s and %s.", l.Name, c.Stops[l.Stops[c.Closed.Pos]], c.Stops[l.Stops[c.Closed.Pos+1]]))
	}
	if c.Backup {
		named(ruleBackup, fmt.Sprintf("besides the main trip, give a backup trip from %s to %s for the case that the line of the main trip's first ride fails: it follows rule 1 and every other rule above, shares no ride with the main trip (a ride is shared when both board the same run at the same stop and get off at the same stop) and rides no run of the main trip's first line.", c.Stops[0], c.Stops[1]))
	}
	b.WriteString("\n**Goal.** ")
	if c.Current != nil {
		b.WriteString("First, change the current plan as little as possible: keep as many of its rides as you can (a ride is kept when the new plan boards the same run at the same stop and gets off at the same stop). Then, among those plans, arrive ")
	} else {
		b.WriteString("Arrive ")
	}
	fmt.Fprintf(&b, "at %s as early as possible", c.Stops[1])
	if c.Backup {
		b.WriteString(" with the main trip, and then with the backup trip. Each tie-break below applies to the main trip first, then to the backup trip.")
	} else {
		b.WriteString(".")
	}
	tb := []string{"take the fewest rides (the fewest changes)", "pay the lowest total fare", "leave the start as late as possible", "choose the one whose rides' departure times, in minutes after midnight, have the smallest sum"}
	for l := 0; l < c.Levels; l++ {
		if l == 0 {
			fmt.Fprintf(&b, " If several plans are equally good, %s.", tb[l])
		} else {
			fmt.Fprintf(&b, " If several still tie, %s.", tb[l])
		}
	}
	if c.Backup {
		b.WriteString("\n\nTwo plans are the same plan when their main trips have the same legs in the same order, and so have their backup trips.\n\n")
	} else {
		b.WriteString("\n\nTwo plans are the same plan when they have the same legs in the same order.\n\n")
	}
	b.WriteString("**Answer** with one JSON object in a ```json block, exactly in this form (names and times as written above; a walk is a leg with \"line\": \"walk\" and only \"from\" and \"to\"):\n```json\n")
	b.WriteString(c.AnswerSchema())
	b.WriteString("\n```\n`arrival` is when you reach the destination (HH:MM), `changes` the number of changes (rides minus one), `fare` the total fare")
	if c.Backup {
		b.WriteString(" (all three of the main trip); `backup` is the backup trip, its legs in the same form and its arrival")
	}
	b.WriteString(". If no plan keeps every rule, answer instead {\"feasible\": false, \"conflict\": [...]} listing, by the names in quotes above, a smallest set of rules that cannot all hold together.\n")
	return b.String()
}

// legText describes a leg as the prompt does.
func (c *Commute) legText(rs []ride, l leg) string {
	if l.Ride < 0 {
		return fmt.Sprintf("walk from %s to %s (%d min)", c.Stops[l.From], c.Stops[l.To], l.Minutes)
	}
	rd := rs[l.Ride]
	return fmt.Sprintf("%s from %s at %s to %s at %s", c.Lines[rd.Line].Name, c.Stops[rd.From], route.Clock(rd.Dep), c.Stops[rd.To], route.Clock(rd.Arr))
}

// currentIDs is the current plan as ride indices.
func (c *Commute) currentIDs(rs []ride) []int {
	var ids []int
	for _, cur := range c.Current {
		for id, rd := range rs {
			if rd.Run == cur[0] && rd.I == cur[1] && rd.J == cur[2] {
				ids = append(ids, id)
			}
		}
	}
	return ids
}

// AnswerSchema implements domains.Instance.
func (c *Commute) AnswerSchema() string {
	r := c.Runs[0]
	l := c.Lines[r.Line]
	leg := fmt.Sprintf(`{"line": %q, "from": %q, "depart": %q, "to": %q, "arrive": %q}`, l.Name, c.Stops[l.Stops[0]], route.Clock(r.Times[0]), c.Stops[l.Stops[1]], route.Clock(r.Times[1]))
	if c.Backup {
		return fmt.Sprintf(`{"legs": [%s, ...], "arrival": "HH:MM", "changes": 0, "fare": 0, "backup": {"legs": [...], "arrival": "HH:MM"}}`, leg)
	}
	return fmt.Sprintf(`{"legs": [%s, ...], "arrival": "HH:MM", "changes": 0, "fare": 0}`, leg)
}

// rules lists the prompt's quoted rule names in force.
func (c *Commute) rules() []string {
	var out []string
	for _, r := range []struct {
		on   bool
		name string
	}{{c.Deadline > 0, ruleDeadline}, {c.Earliest > 0, ruleEarliest}, {c.Transfer != nil, ruleTransfer}, {c.Budget > 0, ruleFare},
		{c.MaxChanges != nil, ruleChanges}, {c.Avoid != nil, ruleAvoid}, {c.Walks != nil, ruleWalking}, {c.Closed != nil, ruleClosure}, {c.Backup, ruleBackup}} {
		if r.on {
			out = append(out, r.name)
		}
	}
	return out
}

// Checklist implements domains.Instance.
func (c *Commute) Checklist(ref domains.Reference) []domains.Item {
	if !ref.Feasible {
		return []domains.Item{
			{ID: itemFormat, Tier: domains.Basic, Constraint: "structured output", Kind: domains.KindFormat,
				Text: `The answer is one JSON object of the form {"feasible": false, "conflict": [...]} naming rules as written in the problem.`},
			{ID: itemInfeasible, Tier: domains.Hard, Constraint: unitInfeasible, Kind: domains.KindFeasibility,
				Text: fmt.Sprintf("The answer says that no plan keeps every rule (none does; a minimal conflicting set of rules is %s).", prose.Quoted(ref.Conflict))},
			{ID: itemConflict, Tier: domains.Hard, Constraint: unitInfeasible, Kind: domains.KindFeasibility,
				Text: "The rules named in \"conflict\" exist and cannot all hold together with rule 1 (checked by the solver)."},
		}
	}
	items := []domains.Item{
		{ID: itemFormat, Tier: domains.Basic, Constraint: "structured output", Kind: domains.KindFormat,
			Text: "The answer is one JSON object in the stated form: a list of legs, each a ride of the timetable (line, stops and times as listed) or a listed walking link, and the stated arrival, changes and fare."},
		{ID: itemRoute, Tier: domains.Basic, Constraint: "start and end", Kind: domains.KindCoverage,
			Text: fmt.Sprintf("The legs form one trip from %s to %s: each leg starts where the previous one ended, no ride is boarded before you reach its stop, no two walks or two rides of the same run follow each other, and there is at least one ride.", c.Stops[0], c.Stops[1])},
	}
	add := func(id, unit string, tier domains.Tier, text string) {
		items = append(items, domains.Item{ID: id, Tier: tier, Constraint: unit, Kind: domains.KindFeasibility, Text: text})
	}
	if c.Deadline > 0 {
		add(itemDeadline, unitDeadline, domains.Basic, fmt.Sprintf("The trip reaches %s by %s.", c.Stops[1], route.Clock(c.Deadline)))
	}
	if c.Earliest > 0 {
		add(itemEarliest, unitEarliest, domains.Basic, fmt.Sprintf("The trip leaves %s no earlier than %s.", c.Stops[0], route.Clock(c.Earliest)))
	}
	if c.Transfer != nil {
		add(itemTransfer, unitTransfer, domains.Basic, "Every change between two rides at the same stop leaves at least the stop's minimum transfer time.")
	}
	if c.Budget > 0 {
		add(itemFare, unitFare, domains.Medium, fmt.Sprintf("The rides' fares add up to at most %d.", c.Budget))
	}
	if c.MaxChanges != nil {
		add(itemChanges, unitChanges, domains.Medium, fmt.Sprintf("The trip has at most %d changes.", *c.MaxChanges))
	}
	if c.Avoid != nil {
		add(itemAvoid, unitAvoid, domains.Medium, fmt.Sprintf("No ride is on %s.", c.Lines[*c.Avoid].Name))
	}
	if c.Walks != nil {
		add(itemWalking, unitWalking, domains.Medium, fmt.Sprintf("The walks add up to at most %d minutes.", c.MaxWalk))
	}
	if c.Closed != nil {
		l := c.Lines[c.Closed.Line]
		add(itemClosure, unitClosure, domains.Hard, fmt.Sprintf("No ride on %s travels between %s and %s.", l.Name, c.Stops[l.Stops[c.Closed.Pos]], c.Stops[l.Stops[c.Closed.Pos+1]]))
	}
	if c.Backup {
		add(itemBackup, unitBackup, domains.Hard, fmt.Sprintf("The backup trip is a trip from %s to %s as in rule 1, keeps every other rule, shares no ride with the main trip and rides no run of the main trip's first line.", c.Stops[0], c.Stops[1]))
	}
	lv := ref.Objective
	get := func(i int) int64 {
		if i < len(lv) {
			return lv[i]
		}
		return -1
	}
	text, off := "The plan ", 0
	if c.Current != nil {
		text, off = fmt.Sprintf("The plan keeps %d of the current plan's rides (the most possible) and then ", get(0)), 1
	}
	if c.Backup {
		text += fmt.Sprintf("arrives at %s and its backup at %s, the proven earliest", route.Clock(get(off)), route.Clock(get(off+1)))
		var tb []string
		for l, what := range []string{"%s rides", "fares %s", "leaving at %s", "sums of departure times %s"} {
			if l < c.Levels {
				x, y := get(off+2+2*l), get(off+3+2*l)
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
		items = append(items,
			domains.Item{ID: itemOptimal, Tier: domains.Basic, Constraint: "explicit primary objective", Kind: domains.KindObjective, Text: text + "."},
			domains.Item{ID: itemStated, Tier: domains.Basic, Constraint: "stated values", Kind: domains.KindStated,
				Text: "The arrival, changes and fare stated for the main trip and the arrival stated for the backup equal their true values."})
		return items
	}
	text += fmt.Sprintf("arrives at %s, the proven earliest", route.Clock(get(off)))
	var tb []string
	for l, what := range []string{"%d rides", "a total fare of %d", "leaving at %s", "a sum of departure times of %d"} {
		if l < c.Levels {
			if l == 2 {
				tb = append(tb, fmt.Sprintf(what, route.Clock(get(off+1+l))))
			} else {
				tb = append(tb, fmt.Sprintf(what, get(off+1+l)))
			}
		}
	}
	if len(tb) > 0 {
		text += ", with " + strings.Join(tb, ", ") + " (the stated tie-breaks)"
	}
	items = append(items,
		domains.Item{ID: itemOptimal, Tier: domains.Basic, Constraint: "explicit primary objective", Kind: domains.KindObjective, Text: text + "."},
		domains.Item{ID: itemStated, Tier: domains.Basic, Constraint: "stated values", Kind: domains.KindStated,
			Text: "The arrival, changes and fare stated in the answer equal the plan's true arrival time, number of changes and total fare."})
	return items
}

// parsed is a parsed answer.
type parsed struct {
	infeasible bool
	conflict   []string
	legs       []leg
	arrival    string
	changes    int64
	fare       int64
	backup     []leg
	bArrival   string
	formatErr  string
}

func (c *Commute) parse(raw json.RawMessage, rs []ride) parsed {
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(raw, &obj); err != nil || obj == nil {
		return parsed{formatErr: "the answer is not one JSON object"}
	}
	if f, ok := obj["feasible"]; ok {
		var feasible bool
		if err := json.Unmarshal(f, &feasible); err != nil || feasible {
			return parsed{formatErr: `"feasible" may only be false`}
		}
		p := parsed{infeasible: true}
		if err := json.Unmarshal(obj["conflict"], &p.conflict); err != nil || len(p.conflict) == 0 {
			p.formatErr = `"conflict" must list the names of the conflicting rules`
		}
		return p
	}
	var p parsed
	var legs []legJSON
	if err := json.Unmarshal(obj["legs"], &legs); err != nil || len(legs) == 0 {
		return parsed{formatErr: `"legs" must be a non-empty list of legs`}
	}
	if err := json.Unmarshal(obj["arrival"], &p.arrival); err != nil {
		return parsed{formatErr: `"arrival" must be a time HH:MM`}
	}
	if err := json.Unmarshal(obj["changes"], &p.changes); err != nil {
		return parsed{formatErr: `"changes" must be an integer`}
	}
	if err := json.Unmarshal(obj["fare"], &p.fare); err != nil {
		return parsed{formatErr: `"fare" must be an integer`}
	}
	var err string
	if p.legs, err = c.parseLegs(legs, rs, ""); err != "" {
		return parsed{formatErr: err}
	}
	if c.Backup {
		var bk struct {
			Legs    []legJSON `json:"legs"`
			Arrival *string   `json:"arrival"`
		}
		if e := json.Unmarshal(obj["backup"], &bk); e != nil || len(bk.Legs) == 0 || bk.Arrival == nil {
			return parsed{formatErr: `"backup" must be an object with a non-empty list of legs and an arrival`}
		}
		if p.backup, err = c.parseLegs(bk.Legs, rs, "backup "); err != "" {
			return parsed{formatErr: err}
		}
		p.bArrival = *bk.Arrival
	}
	return p
}

// parseLegs reads legs of the answer form: each a ride of the timetable
// or a listed walking link; the error names the leg.
func (c *Commute) parseLegs(legs []legJSON, rs []ride, tag string) ([]leg, string) {
	var out []leg
	for k, l := range legs {
		from, to := slices.Index(c.Stops, l.From), slices.Index(c.Stops, l.To)
		if from < 0 || to < 0 {
			return nil, fmt.Sprintf("%sleg %d: %q or %q is not a stop of the problem", tag, k+1, l.From, l.To)
		}
		if l.Line == "walk" {
			w, ok := c.walk(from, to)
			if !ok {
				return nil, fmt.Sprintf("%sleg %d: no walking link between %s and %s", tag, k+1, l.From, l.To)
			}
			out = append(out, leg{Ride: -1, From: from, To: to, Minutes: w})
			continue
		}
		id := -1
		for i, rd := range rs {
			if c.Lines[rd.Line].Name == l.Line && rd.From == from && rd.To == to && route.Clock(rd.Dep) == l.Depart && route.Clock(rd.Arr) == l.Arrive {
				id = i
				break
			}
		}
		if id < 0 {
			return nil, fmt.Sprintf("%sleg %d: no run of %q leaves %s at %q and reaches %s at %q", tag, k+1, l.Line, l.From, l.Depart, l.To, l.Arrive)
		}
		out = append(out, leg{Ride: id, From: from, To: to})
	}
	return out, ""
}

// Check implements domains.Instance.
func (c *Commute) Check(ctx context.Context, b solver.Backend, raw json.RawMessage, ref domains.Reference) []domains.Result {
	res, _ := c.Evaluate(ctx, b, raw, ref)
	return res
}

// Evaluate implements domains.Evaluator: the checklist results and, when
// the plan keeps every rule, its objective vector.
func (c *Commute) Evaluate(ctx context.Context, b solver.Backend, raw json.RawMessage, ref domains.Reference) ([]domains.Result, []int64) {
	items := c.Checklist(ref)
	res := domains.Pending(items)
	set := res.Set
	failAll := res.FailAll
	rs := c.rides()
	p := c.parse(raw, rs)
	if p.formatErr != "" {
		if !ref.Feasible && p.infeasible {
			set(itemFormat, false, p.formatErr)
			set(itemConflict, false, p.formatErr)
			return res, nil
		}
		return failAll(p.formatErr), nil
	}
	if !ref.Feasible {
		if !p.infeasible {
			return failAll("the answer gives a plan, but no plan keeps every rule"), nil
		}
		if ok, why := c.conflictHolds(ctx, b, p.conflict); !ok {
			set(itemConflict, false, why)
		}
		return res, nil
	}
	if p.infeasible {
		return failAll("the answer claims no plan exists, but one does"), nil
	}
	e := c.evaluate(rs, p.legs)
	for _, f := range []struct{ id, why string }{
		{itemRoute, e.Route}, {itemDeadline, e.Deadline}, {itemEarliest, e.Earliest}, {itemTransfer, e.Transfer}, {itemFare, e.FareErr},
		{itemChanges, e.Changes}, {itemAvoid, e.Avoid}, {itemWalking, e.Walking}, {itemClosure, e.Closure},
	} {
		if f.why != "" {
			set(f.id, false, f.why)
		}
	}
	if p.arrival != route.Clock(e.Arrival) || p.changes != max(e.Rides-1, 0) || p.fare != e.Fare {
		set(itemStated, false, fmt.Sprintf("stated arrival %s, %d changes, fare %d; the plan arrives at %s with %d changes and fare %d", p.arrival, p.changes, p.fare, route.Clock(e.Arrival), max(e.Rides-1, 0), e.Fare))
	}
	var bk *eval
	backupOK := true
	if c.Backup {
		be := c.evaluate(rs, p.backup)
		bk = &be
		if why := c.backupBroken(rs, e, be); why != "" {
			set(itemBackup, false, why)
			backupOK = false
		}
		if p.bArrival != route.Clock(be.Arrival) {
			set(itemStated, false, fmt.Sprintf("stated backup arrival %s; the backup arrives at %s", p.bArrival, route.Clock(be.Arrival)))
		}
	}
	if !e.feasible() || !backupOK {
		set(itemOptimal, false, "the plan breaks a rule")
		return res, nil
	}
	obj := c.objective(e, bk)
	if !slices.Equal(obj, ref.Objective) {
		set(itemOptimal, false, fmt.Sprintf("the plan's objective values are %v, the optimum is %v", obj, ref.Objective))
	}
	return res, obj
}

// backupBroken says why backup trip b does not back up main trip e
// (empty when it does): not a route, a rule broken, a shared ride, or a
// ride on the main trip's first line.
func (c *Commute) backupBroken(rs []ride, e, b eval) string {
	if b.Route != "" {
		return "the backup: " + b.Route
	}
	for _, why := range []string{b.Deadline, b.Earliest, b.Transfer, b.FareErr, b.Changes, b.Avoid, b.Walking, b.Closure} {
		if why != "" {
			return "the backup " + why
		}
	}
	for _, id := range b.rideIDs {
		if slices.Contains(e.rideIDs, id) {
			return fmt.Sprintf("the backup shares the ride on %s from %s at %s with the main trip", c.Lines[rs[id].Line].Name, c.Stops[rs[id].From], route.Clock(rs[id].Dep))
		}
		if len(e.rideIDs) > 0 && rs[id].Line == rs[e.rideIDs[0]].Line {
			return fmt.Sprintf("the backup rides %s, the line of the main trip's first ride", c.Lines[rs[id].Line].Name)
		}
	}
	return ""
}

// conflictHolds checks a conflict claim: every name is a rule of the
// prompt, and those rules with rule 1 admit no plan (proven by the SAT
// solver within domains.ConflictTimeout).
func (c *Commute) conflictHolds(ctx context.Context, b solver.Backend, names []string) (bool, string) {
	named := map[string]bool{}
	for _, n := range names {
		if !slices.Contains(c.rules(), n) {
			return false, fmt.Sprintf("%q is not the name of a rule in the problem", n)
		}
		named[n] = true
	}
	status, err := domains.ConflictStatus(ctx, b, c.model().m, named, domains.AlwaysOn)
	if err != nil {
		return false, err.Error()
	}
	switch status {
	case solver.Infeasible:
		return true, ""
	case solver.Unknown:
		return false, "the solver could not decide in time"
	}
	return false, fmt.Sprintf("the rules %s can all hold together", prose.Quoted(names))
}

// Objective implements domains.Objectiver: the objective vector of an
// answer that keeps every rule, with the levels in force.
func (c *Commute) Objective(answer json.RawMessage) ([]int64, bool) {
	_, obj := c.Evaluate(context.Background(), nil, answer, domains.Reference{Feasible: true}) // a feasible reference: no claimed conflict to prove, so no backend
	return obj, obj != nil
}

// Better implements domains.Objectiver: kept rides and the leaving time
// are maximized, every other level minimized.
func (c *Commute) Better(x, y []int64) bool {
	per := 1
	if c.Backup {
		per = 2
	}
	var maxed []bool
	if c.Current != nil {
		maxed = append(maxed, true)
	}
	for l := -1; l < c.Levels; l++ {
		for range per {
			maxed = append(maxed, l == 2)
		}
	}
	for i := range min(len(x), len(y), len(maxed)) {
		if x[i] != y[i] {
			return x[i] < y[i] != maxed[i]
		}
	}
	return false
}

var (
	_ domains.Objectiver = (*Commute)(nil)
	_ domains.Evaluator  = (*Commute)(nil)
)
