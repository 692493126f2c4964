package scheduling

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/domains/prose"
	"github.com/plancert/plancert/solver"
)

// Item IDs of the core.
const (
	itemFormat     = "format"
	itemCoverage   = "coverage"
	itemPeople     = "one-at-a-time"
	itemRooms      = "room-conflicts"
	itemOptimal    = "optimal"
	itemInfeasible = "infeasible"
	itemConflict   = "conflict"
)

// answer is a parsed answer: placements per activity (ok false when the
// activity is missing), or an infeasibility claim.
type answer struct {
	domains.Claim
	pl     []placement
	stated *int64
	// statedWhy says why stated is nil: the answer states no goal value,
	// or not a whole number (then an unreadable part of the claim).
	statedWhy string
	// failure marks the schedule if the room fails (room-failure unit).
	failure bool
}

// parse reads an answer. It never fails: problems are recorded in
// formatErr, and missing activities are left !ok.
func (a *Agenda) parse(raw json.RawMessage) *answer {
	ans := &answer{pl: make([]placement, len(a.Activities))}
	ans.Claim = domains.ReadClaim(raw, false)
	if ans.Done() {
		return ans
	}
	obj := ans.Obj
	var entries []map[string]json.RawMessage
	var fast []map[string]string // the common case: every value a string
	if err := json.Unmarshal(obj[a.Voc.Activities], &fast); err != nil || fast == nil {
		fast = nil
		if err := json.Unmarshal(obj[a.Voc.Activities], &entries); err != nil || entries == nil {
			ans.FormatErr = fmt.Sprintf("%q must be a list of %s", a.Voc.Activities, a.Voc.Activities)
			return ans
		}
	}
	// The stated goal value is read wherever it is given (the answer form
	// allows it); without the self-check no item reads it.
	ans.stated, ans.statedWhy = domains.ReadStated[int64](&ans.Claim, statedPart, `"objective" must be an integer`)
	var actIdx, dayIdx, roomIdx map[string]int
	if a.cache != nil {
		actIdx, dayIdx, roomIdx = a.cache.actIdx, a.cache.dayIdx, a.cache.roomIdx
	} else {
		actIdx, dayIdx, roomIdx = a.indexes()
	}
	n := len(fast)
	if fast == nil {
		n = len(entries)
	}
	str := func(i int, k string) (string, bool) {
		if fast != nil {
			v, ok := fast[i][k]
			return v, ok
		}
		var s string
		if err := json.Unmarshal(entries[i][k], &s); err != nil {
			return "", false
		}
		return s, true
	}
	var bad []string
	flexible := a.flexible()
	for n := range n {
		name, ok1 := str(n, a.Voc.Activity)
		day, ok2 := str(n, "day")
		start, ok3 := str(n, "start")
		room, ok4 := str(n, a.Voc.Room)
		if !ok1 || !ok2 || !ok3 || !ok4 {
			bad = append(bad, fmt.Sprintf("entry %d lacks %q, \"day\", \"start\" or %q as strings", n+1, a.Voc.Activity, a.Voc.Room))
			continue
		}
		s, dur := a.parseClock(start), 0
		if flexible {
			end, ok := str(n, "end")
			e := a.parseEnd(end)
			switch {
			case !ok:
				bad = append(bad, fmt.Sprintf("entry %d lacks \"end\" as a string", n+1))
				continue
			case e < 0:
				bad = append(bad, fmt.Sprintf("%q: end %q is not a time of the grid", name, end))
				continue
			case s >= 0 && e <= s:
				bad = append(bad, fmt.Sprintf("%q: end %q is not after its start %q", name, end, start))
				continue
			}
			dur = e - max(s, 0)
		}
		i, okA := actIdx[name]
		d, okD := dayIdx[day]
		r, okR := roomIdx[room]
		switch {
		case !okA:
			bad = append(bad, fmt.Sprintf("no %s is called %q", a.Voc.Activity, name))
		case ans.pl[i].ok:
			bad = append(bad, fmt.Sprintf("%q is listed twice", name))
		case !okD:
			bad = append(bad, fmt.Sprintf("%q: no day is called %q", name, day))
		case !okR:
			bad = append(bad, fmt.Sprintf("%q: no %s is called %q", name, a.Voc.Room, room))
		case s < 0:
			bad = append(bad, fmt.Sprintf("%q: start %q is not a start time of the grid", name, start))
		default:
			ans.pl[i] = placement{true, d, s, r, dur}
		}
	}
	ans.SetProblems(bad)
	return ans
}

// indexes maps activity, day and room names to their positions.
func (a *Agenda) indexes() (acts, days, rooms map[string]int) {
	acts, days, rooms = map[string]int{}, map[string]int{}, map[string]int{}
	for i, act := range a.Activities {
		acts[act.Name] = i
	}
	for d, n := range a.Days {
		days[n] = d
	}
	for r, room := range a.Rooms {
		rooms[room.Name] = r
	}
	return acts, days, rooms
}

// fails collects failures per item (domains.Fails).
type fails = domains.Fails

// evaluate runs the core checks and every unit's checks on a parsed plan.
// Only placed activities are checked for feasibility.
func (a *Agenda) evaluate(ans *answer) fails {
	f := fails{}
	for i, p := range ans.pl {
		act := a.Activities[i]
		if !p.ok {
			f.Add(itemCoverage, act.Name+" is not scheduled")
		} else if p.start+a.plen(i, p) > a.Slots {
			f.Add(itemCoverage, fmt.Sprintf("%s ends after the end of %s", act.Name, a.Days[p.day]))
		} else if p.dur > 0 && !act.Flexible && p.dur != act.Duration {
			f.Add(itemCoverage, fmt.Sprintf("%s lasts %d minutes, not its %d", act.Name, p.dur*a.SlotMin, act.Duration*a.SlotMin))
		} else if act.Flexible && a.plen(i, p) > act.Duration {
			f.Add(itemCoverage, fmt.Sprintf("%s lasts %d minutes, more than its full %d", act.Name, a.plen(i, p)*a.SlotMin, act.Duration*a.SlotMin))
		}
	}
	overlap := func(i, j, ext int) bool {
		p, q := ans.pl[i], ans.pl[j]
		if !p.ok || !q.ok || p.day != q.day {
			return false
		}
		di, dj := a.plen(i, p), a.plen(j, q)
		return p.start < q.start+dj+ext && q.start < p.start+di+ext
	}
	for _, p := range a.People {
		acts := a.attends(p.Name)
		for x, i := range acts {
			for _, j := range acts[x+1:] {
				if overlap(i, j, 0) {
					f.Add(itemPeople, fmt.Sprintf("%s has %s and %s at the same time", p.Name, a.Activities[i].Name, a.Activities[j].Name))
				}
			}
		}
	}
	for i := range a.Activities {
		for j := i + 1; j < len(a.Activities); j++ {
			if ans.pl[i].ok && ans.pl[j].ok && ans.pl[i].room == ans.pl[j].room && overlap(i, j, 0) {
				f.Add(itemRooms, fmt.Sprintf("%s holds %s and %s at the same time", a.Rooms[ans.pl[i].room].Name, a.Activities[i].Name, a.Activities[j].Name))
			}
		}
	}
	for _, u := range a.units() {
		u.Check(a, ans, f)
	}
	return f
}

// complete reports whether every activity is placed.
func (ans *answer) complete() bool {
	for _, p := range ans.pl {
		if !p.ok {
			return false
		}
	}
	return true
}

// Checklist implements domains.Instance.
func (a *Agenda) Checklist(ref domains.Reference) []domains.Item {
	if !ref.Feasible {
		return domains.InfeasibleChecklist(unitInfeasible, fmt.Sprintf("The answer says that no schedule satisfies every rule (none does: the rules %s cannot all hold).", prose.QuoteList(ref.Conflict)), "the always-on rules")
	}
	v := a.Voc
	items := []domains.Item{domains.FormatItem(fmt.Sprintf("The answer is one JSON object in the stated form, naming each %s once with a listed day, a start time on the grid and a listed %s.", v.Activity, v.Room))}
	if a.flexible() {
		items[0].Text = fmt.Sprintf("The answer is one JSON object in the stated form, naming each %s once with a listed day, start and end times on the grid (the end after the start) and a listed %s.", v.Activity, v.Room)
	}
	items = append(items, domains.CoverageItem(itemCoverage, "complete inputs", a.coverageText()))
	if a.shared() {
		items = append(items, domains.FeasibilityItem(itemPeople, "exclusive resource use", domains.Basic, fmt.Sprintf("No two %s that share %s overlap in time.", v.Activities, prose.An(v.person()))))
	}
	items = append(items, domains.FeasibilityItem(itemRooms, "exclusive resource use", domains.Basic, fmt.Sprintf("No two %s that use the same %s overlap in time.", v.Activities, v.Room)))
	items = append(items, domains.ItemsOf(a, a.units())...)
	text := fmt.Sprintf("The schedule's objective values are %v in the stated order of priority (the proven optimum, with the stated tie-breaks)", ref.Objective)
	items = append(items, domains.OptimalItem(text+"."))
	return items
}

// shared reports whether some person attends, or may attend in a role,
// two activities or more: else no two activities share anyone, and the
// one-at-a-time item, which no answer could fail, is not written (rule 2
// still says it).
func (a *Agenda) shared() bool {
	return slices.ContainsFunc(a.People, func(p Person) bool { return len(a.mayAttend(p.Name)) >= 2 })
}

// coverageText is the text of the coverage item.
func (a *Agenda) coverageText() string {
	v := a.Voc
	if a.flexible() {
		return fmt.Sprintf("All %d %s are scheduled, each ends by the end of its day, and each lasts its length in the table (at most that length where the rules let it be shorter).", len(a.Activities), v.Activities)
	}
	return fmt.Sprintf("All %d %s are scheduled and each ends by the end of its day.", len(a.Activities), v.Activities)
}

// Check implements domains.Instance.
func (a *Agenda) Check(ctx context.Context, b solver.Backend, raw json.RawMessage, ref domains.Reference) []domains.Result {
	return domains.CheckOf(a, ctx, b, raw, ref)
}

// Evaluate implements domains.Evaluator: Check, and in the same pass the
// answer's objective vector (nil unless it keeps every rule).
func (a *Agenda) Evaluate(ctx context.Context, b solver.Backend, raw json.RawMessage, ref domains.Reference) ([]domains.Result, []int64) {
	var items []domains.Item // only IDs and kinds are used
	if a.cache != nil {
		items = a.cache.items[map[bool]int{false: 0, true: 1}[ref.Feasible]]
	} else {
		items = a.Checklist(ref)
	}
	ans := a.parse(raw)
	return domains.Evaluate(ctx, b, items, ref, ans.Claim, "schedule", a.conflictHolds, func(rs domains.Results) []int64 { return a.judge(rs, items, raw, ans, ref) })
}

// judge fails on rs the items that a readable schedule (raw, read as ans)
// breaks, with its failure schedule, backups and roles, and returns its
// objective vector (nil unless it keeps every rule).
func (a *Agenda) judge(rs domains.Results, items []domains.Item, raw json.RawMessage, ans *answer, ref domains.Reference) (obj []int64) {
	set := rs.Set
	// The extra parts that cannot be read fail the format item and their
	// items, after the rest is judged (docs/grading.md).
	var unread []domains.Unread
	defer func() {
		if rs.FailUnread(unread) {
			obj = nil
		}
	}()
	var fans *answer // the schedule if the room fails (nil when absent or unreadable)
	fabsent := ""    // why there is none
	if a.failIndex() >= 0 {
		fans, fabsent = a.parseFailure(raw)
		switch {
		case fans == nil:
		case fans.FormatErr != "":
			unread = append(unread, domains.Unread{Why: a.failPrefix() + fans.FormatErr, Items: a.failurePart().Items})
			fans, fabsent = nil, a.failPrefix()+fans.FormatErr
		default:
			for _, u := range fans.Unread {
				unread = append(unread, domains.Unread{Why: a.failPrefix() + u.Why, Items: u.Items})
			}
		}
	}
	var bk []placement // the backups
	if a.criticalIdx() != nil {
		var why string
		if bk, why = a.parseBackups(raw); why != "" {
			unread = append(unread, domains.Unread{Why: why, Items: a.backupsPart().Items})
			bk = nil
		}
	}
	ea := a // the agenda the rules are checked on
	var roles []int
	if a.roleIdx() != nil {
		var why string
		if roles, why = a.parseRoles(raw); why != "" {
			rs.FailAll(why)
			return nil
		}
		ea = a.withRoles(roles)
	}
	f := ea.evaluate(ans)
	a.unqualified(raw, roles, f)
	rs.SetFails(f)
	feasible := !f.BreaksRule(items)
	var kinds map[string]domains.ItemKind // the items' kinds, for the failure's and the backups' checks
	if fans != nil || bk != nil {
		kinds = map[string]domains.ItemKind{}
		for _, it := range items {
			kinds[it.ID] = it.Kind
		}
	}
	fok := fabsent == ""
	if fans != nil {
		var details []string
		if details, fok = a.checkFailure(fans, kinds); !fok {
			set(unitRoomFailure, false, strings.Join(details, "; "))
		}
	} else if !fok {
		set(unitRoomFailure, false, fabsent)
	}
	bok := true
	if bk != nil {
		var details []string
		if details, bok = a.checkBackups(ans.pl, bk, kinds); !bok {
			set(unitBackupSlots, false, strings.Join(details, "; "))
		}
	}
	switch {
	case !feasible:
		set(itemOptimal, false, "the schedule breaks a rule")
	case !fok && fans == nil:
		set(itemOptimal, false, "there is no schedule if "+a.FailRoom+" fails")
	case !fok:
		set(itemOptimal, false, "the schedule if "+a.FailRoom+" fails breaks a rule")
	case a.criticalIdx() != nil && bk == nil:
		set(itemOptimal, false, "the backups cannot be read")
	case !bok:
		set(itemOptimal, false, "a backup breaks a rule")
	default:
		got := a.objectives(ans.pl)
		if fans != nil {
			got = append(got, a.objectives(fans.pl)...)
		}
		if bk != nil {
			got = append(got, a.backupObjectives(bk)...)
		}
		if roles != nil {
			got = append(got, roleValues(roles)...)
		}
		obj = got
		rs.Optimum(itemOptimal, got, ref.Objective, "the schedule's values are")
	}
	if a.has(unitSelfCheck) {
		a.judgeStated(rs, ans, "")
		if fans != nil && passes(rs, itemStated) {
			a.judgeStated(rs, fans, a.failPrefix())
		}
	}
	return obj
}

// judgeStated fails the stated item unless ans states its schedule's
// goal value; prefix starts the detail.
func (a *Agenda) judgeStated(rs domains.Results, ans *answer, prefix string) {
	switch {
	case ans.stated == nil:
		rs.Set(itemStated, false, prefix+ans.statedWhy)
	case !ans.complete():
		rs.Set(itemStated, false, prefix+"the schedule is incomplete")
	default:
		if g := a.goal(ans.pl); *ans.stated != g {
			rs.Set(itemStated, false, fmt.Sprintf("%sstated %d, the schedule's goal value is %d", prefix, *ans.stated, g))
		}
	}
}

// conflictHolds checks a conflict claim: every name is a rule of the
// problem, and those rules with the always-on rules have no solution
// (domains.ConflictClaim, on the backend and under the context given).
func (a *Agenda) conflictHolds(ctx context.Context, b solver.Backend, names []string) (bool, string) {
	// A name must be a named rule of the prompt; a rule that constrains
	// nothing (every room fits, say) has no model group and adds nothing.
	return domains.ConflictHolds(ctx, b, a, a.allRules(), names, background)
}

// passes reports whether item id passes in res.
func passes(res []domains.Result, id string) bool {
	for _, r := range res {
		if r.ID == id {
			return r.Pass
		}
	}
	return false
}
