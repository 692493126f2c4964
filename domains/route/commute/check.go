package commute

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/domains/route"
	"github.com/plancert/plancert/solver"
)

// Item IDs of task 18, besides those every route skin has (format,
// infeasible and conflict of domains; optimal and stated of route).
const (
	itemStated = route.ItemStated

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
	us := c.units()
	type para struct {
		at   int
		text string
	}
	var secs []para
	for _, u := range domains.Facets[sectioner](us) {
		at, text := u.Section(c)
		secs = append(secs, para{at, text})
	}
	slices.SortStableFunc(secs, func(x, y para) int { return x.at - y.at })
	for _, sec := range secs {
		b.WriteString(sec.text)
	}
	b.WriteString("\n**Rules**\n")
	fmt.Fprintf(&b, "1. The trip is a sequence of legs from %s to %s. A ride boards a run at one of its stops at the listed time and gets off at a later stop of the same run at the listed time; staying on board is one leg, never two rides of the same run in a row. Each leg starts where the previous one ended, and a ride can only be boarded at or after the time you reach its stop (waiting is allowed). ", c.Stops[0], c.Stops[1])
	if ws := domains.Facets[walker](us); len(ws) > 0 {
		for _, u := range ws {
			b.WriteString(u.WalkSentence(c))
		}
	} else {
		b.WriteString("There is no walking: every leg is a ride, the first from the start and the last to the destination; you leave when the first ride leaves.\n")
	}
	for i, r := range c.rules() {
		fmt.Fprintf(&b, "%d. \"%s\": %s\n", i+2, r.Name, r.Text)
	}
	parts := domains.Facets[tripPart](us)
	var goals []string
	for _, l := range domains.Facets[leveler](us) {
		goals = append(goals, l.Goal(c))
	}
	goals = append(goals, fmt.Sprintf("arrive at %s as early as possible", c.Stops[1]))
	// The trip parts' notes continue the last goal's sentence (commute has
	// at most two goals: the closure's kept rides, then the arrival).
	b.WriteString("\n**Goal.** " + strings.TrimSuffix(route.GoalSentences(goals), "."))
	if len(parts) == 0 {
		b.WriteString(".")
	}
	for _, p := range parts {
		b.WriteString(p.GoalNote(c))
	}
	tb := []string{"take the fewest rides (the fewest changes)", "pay the lowest total fare", "leave the start as late as possible", "choose the one whose rides' departure times, in minutes after midnight, have the smallest sum"}
	for l := 0; l < c.Levels; l++ {
		if l == 0 {
			fmt.Fprintf(&b, " If several plans are equally good, %s.", tb[l])
		} else {
			fmt.Fprintf(&b, " If several still tie, %s.", tb[l])
		}
	}
	same := "Two plans are the same plan when they have the same legs in the same order."
	for _, p := range parts {
		same = p.SamePlan(c)
	}
	b.WriteString("\n\n" + same + "\n\n")
	b.WriteString("**Answer** with one JSON object in a ```json block, exactly in this form (names and times as written above; a walk is a leg with \"line\": \"walk\" and only \"from\" and \"to\"):\n```json\n")
	b.WriteString(c.AnswerSchema())
	b.WriteString("\n```\n`arrival` is when you reach the destination (HH:MM), `changes` the number of changes (rides minus one), `fare` the total fare")
	for _, p := range parts {
		b.WriteString(p.AnswerNote(c))
	}
	b.WriteString(". If no plan keeps every rule, answer instead {\"feasible\": false, \"conflict\": [...]} listing, by the names in quotes above, rules that cannot all hold together (with rule 1).\n")
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

// AnswerSchema implements domains.Instance: the main trip's form, then
// each trip part's key and skeleton.
func (c *Commute) AnswerSchema() string {
	r := c.Runs[0]
	l := c.Lines[r.Line]
	leg := fmt.Sprintf(`{"line": %q, "from": %q, "depart": %q, "to": %q, "arrive": %q}`, l.Name, c.Stops[l.Stops[0]], route.Clock(r.Times[0]), c.Stops[l.Stops[1]], route.Clock(r.Times[1]))
	var more string
	for _, p := range domains.Facets[tripPart](c.units()) {
		key, skeleton := p.AnswerKey(c)
		more += fmt.Sprintf(", %q: %s", key, skeleton)
	}
	return fmt.Sprintf(`{"legs": [%s, ...], "arrival": "HH:MM", "changes": 0, "fare": 0%s}`, leg, more)
}

// rules lists the prompt's named rules in force: the sampled units'
// rules, in pool order.
func (c *Commute) rules() []rule { return domains.RulesOf(c, c.units()) }

// Checklist implements domains.Instance.
func (c *Commute) Checklist(ref domains.Reference) []domains.Item {
	if !ref.Feasible {
		return route.InfeasibleChecklist(unitInfeasible, ref.Conflict)
	}
	items := []domains.Item{
		domains.FormatItem("The answer is one JSON object in the stated form: a list of legs, each a ride of the timetable (line, stops and times as listed) or a listed walking link, and the stated arrival, changes and fare."),
		domains.CoverageItem(itemRoute, "start and end", fmt.Sprintf("The legs form one trip from %s to %s: each leg starts where the previous one ended, no ride is boarded before you reach its stop, no two walks or two rides of the same run follow each other, and there is at least one ride.", c.Stops[0], c.Stops[1])),
	}
	us := c.units()
	items = append(items, domains.ItemsOf(c, us)...)
	lv := route.Levels(ref.Objective)
	reached := route.Reached(c, domains.Facets[leveler](us), lv)
	off := len(reached)
	text := route.OptimalOpening(reached, false)
	for _, p := range domains.Facets[tripPart](us) {
		return append(items, route.GoalItems(text+p.OptimalText(c, lv, off), p.StatedText(c))...)
	}
	text += fmt.Sprintf("arrives at %s, the proven earliest", route.Clock(lv.At(off)))
	var tb []string
	for l, what := range []string{"%d rides", "a total fare of %d", "leaving at %s", "a sum of departure times of %d"} {
		if l < c.Levels {
			if l == 2 {
				tb = append(tb, fmt.Sprintf(what, route.Clock(lv.At(off+1+l))))
			} else {
				tb = append(tb, fmt.Sprintf(what, lv.At(off+1+l)))
			}
		}
	}
	if len(tb) > 0 {
		text += ", with " + strings.Join(tb, ", ") + " (the stated tie-breaks)"
	}
	return append(items, route.GoalItems(text, "The arrival, changes and fare stated in the answer equal the plan's true arrival time, number of changes and total fare.")...)
}

// parsed is a parsed answer.
type parsed struct {
	domains.Claim
	legs    []leg
	arrival *string
	changes *int64
	fare    *int64
	// statedWhy says why a stated value is nil (not stated, or
	// unreadable), the first of them.
	statedWhy string
	trips     map[string]partAnswer // the trip parts' (the backup), by key
}

// partAnswer is a trip part of an answer: its legs and stated arrival
// (nil when not stated), or why there are none (absent: the answer has
// no such part, or it cannot be read).
type partAnswer struct {
	legs    []leg
	arrival *string
	absent  string
}

func (c *Commute) parse(raw json.RawMessage, rs []ride) parsed {
	claim := domains.ReadClaim(raw, true)
	if claim.Done() {
		return parsed{Claim: claim}
	}
	obj := claim.Obj
	p := parsed{Claim: claim}
	var legs []legJSON
	if err := json.Unmarshal(obj["legs"], &legs); err != nil || len(legs) == 0 {
		return parsed{Claim: domains.Claim{FormatErr: `"legs" must be a non-empty list of legs`}}
	}
	var err string
	if p.legs, err = c.parseLegs(legs, rs, ""); err != "" {
		return parsed{Claim: domains.Claim{FormatErr: err}}
	}
	why := func(w string) {
		if p.statedWhy == "" {
			p.statedWhy = w
		}
	}
	var w string
	p.arrival, w = domains.ReadStated[string](&p.Claim, arrivalPart, `"arrival" must be a time HH:MM`)
	why(w)
	p.changes, w = domains.ReadStated[int64](&p.Claim, changesPart, `"changes" must be an integer`)
	why(w)
	p.fare, w = domains.ReadStated[int64](&p.Claim, farePart, `"fare" must be an integer`)
	why(w)
	for _, part := range domains.Facets[tripPart](c.units()) {
		// A trip part the answer leaves out fails its items; one that
		// does not read, the format item too (docs/grading.md).
		key, _ := part.AnswerKey(c)
		if p.trips == nil {
			p.trips = map[string]partAnswer{}
		}
		if _, ok := obj[key]; !ok {
			p.trips[key] = partAnswer{absent: domains.Missing(key)}
			continue
		}
		legs, arrival, err := part.Parse(c, obj, rs)
		if err != "" {
			p.Unreadable(tripPartOf(key), err)
			p.trips[key] = partAnswer{absent: err}
			continue
		}
		p.trips[key] = partAnswer{legs: legs, arrival: arrival}
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
	return domains.CheckOf(c, ctx, b, raw, ref)
}

// Evaluate implements domains.Evaluator: the checklist results and, when
// the plan keeps every rule, its objective vector.
func (c *Commute) Evaluate(ctx context.Context, b solver.Backend, raw json.RawMessage, ref domains.Reference) ([]domains.Result, []int64) {
	rs := c.rides()
	p := c.parse(raw, rs)
	return domains.Evaluate(ctx, b, domains.ChecklistFor(ctx, c, ref), ref, p.Claim, "plan", c.conflictHolds, func(res domains.Results) []int64 { return c.judge(res, rs, p, ref) })
}

// judge fails on res the items that a readable plan (over rides rs)
// breaks and returns its objective vector (nil unless it keeps every
// rule).
func (c *Commute) judge(res domains.Results, rs []ride, p parsed, ref domains.Reference) []int64 {
	set := res.Set
	ans := &checked{main: c.evaluate(rs, p.legs)}
	e := &ans.main
	switch {
	case p.statedWhy != "":
		set(itemStated, false, p.statedWhy)
	case *p.arrival != route.Clock(e.Arrival) || *p.changes != max(e.Rides-1, 0) || *p.fare != e.Fare:
		set(itemStated, false, fmt.Sprintf("stated arrival %s, %d changes, fare %d; the plan arrives at %s with %d changes and fare %d", *p.arrival, *p.changes, *p.fare, route.Clock(e.Arrival), max(e.Rides-1, 0), e.Fare))
	}
	us := c.units()
	f := fails{}
	for _, part := range domains.Facets[tripPart](us) {
		key, _ := part.AnswerKey(c)
		pa := p.trips[key]
		if pa.absent != "" {
			// No trip to judge: its items fail (the Unread of an
			// unreadable one fails the format item too).
			for _, id := range tripPartOf(key).Items {
				f.Add(id, pa.absent)
			}
			continue
		}
		te := c.evaluate(rs, pa.legs)
		if ans.trips == nil {
			ans.trips = map[string]*eval{}
		}
		ans.trips[key] = &te
		if pa.arrival == nil {
			set(itemStated, false, fmt.Sprintf("the arrival of %q is missing", key))
		} else if why := part.Stated(c, *pa.arrival, &te); why != "" {
			set(itemStated, false, why)
		}
	}
	if e.Route != "" {
		f.Add(itemRoute, e.Route)
	}
	for _, u := range us {
		u.Check(c, ans, f)
	}
	return route.Judge(res, f, ref.Objective, func() []int64 { return c.objective(ans) })
}

// conflictHolds checks a conflict claim: every name is a rule of the
// prompt, and those rules with rule 1 admit no plan (proven by the SAT
// solver within domains.ConflictTimeout).
func (c *Commute) conflictHolds(ctx context.Context, b solver.Backend, names []string) (bool, string) {
	return domains.ConflictHolds(ctx, b, c, c.rules(), names, domains.AlwaysOn)
}

// Objective implements domains.Objectiver: the objective vector of an
// answer that keeps every rule, with the levels in force.
func (c *Commute) Objective(answer json.RawMessage) ([]int64, bool) {
	return domains.ObjectiveOf(c, answer)
}

// Better implements domains.Objectiver: the units' levels (kept rides)
// and the leaving time are maximized, every other level minimized; each
// level after the units' has one value per trip.
func (c *Commute) Better(x, y []int64) bool {
	us := c.units()
	per := 1 + len(domains.Facets[tripPart](us))
	var maxed []bool
	for range domains.Facets[leveler](us) {
		maxed = append(maxed, true)
	}
	for l := -1; l < c.Levels; l++ {
		for range per {
			maxed = append(maxed, l == 2)
		}
	}
	n := min(len(x), len(y), len(maxed)) // levels past maxed do not count
	return domains.LexBetter(x[:n], y[:n], func(level int) bool { return maxed[level] })
}

var (
	_ domains.Objectiver = (*Commute)(nil)
	_ domains.Evaluator  = (*Commute)(nil)
)

// The stated parts of the main trip (docs/grading.md).
var arrivalPart, changesPart, farePart = route.StatedPart("arrival"), route.StatedPart("changes"), route.StatedPart("fare")

// tripPartOf is the answer part of a trip part (the backup): its item,
// the optimal item (its values are levels) and the stated item (it
// states its own arrival).
func tripPartOf(key string) domains.Part {
	return domains.Part{Key: key, Kind: domains.PartExtra, Items: []string{itemBackup, route.ItemOptimal, itemStated}}
}

// AnswerParts implements domains.Parter: the legs, the stated arrival,
// changes and fare, and the trip parts.
func (c *Commute) AnswerParts() []domains.Part {
	out := route.Parts("legs", arrivalPart, changesPart, farePart)
	for _, part := range domains.Facets[tripPart](c.units()) {
		key, _ := part.AnswerKey(c)
		out = append(out, tripPartOf(key))
	}
	return out
}

var _ domains.Parter = (*Commute)(nil)
