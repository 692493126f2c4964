package scheduling

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/domains/prose"
	"github.com/plancert/plancert/encode"
)

// unit is one constraint of the agenda pool, under the unit contract of
// domains (domains.UnitOf with the Sampler facet): it adds its data to the
// instance (Sample), its constraints to the model (Model; group names are
// the rule names of the prompt), its sentences to the prompt (Rules), its
// items to the checklist (Items) and its checks to the verifier (Check).
// Adding a constraint is adding one unit to pool (docs/extending.md).
type unit interface {
	domains.UnitOf[*Agenda, *builder, *answer]
	domains.Sampler[*Agenda]
}

// leveler is a unit that puts objective levels before the goal (for
// example minimum-change replanning: fewest changed activities first). Its
// levels are minimized in order, before the goal and the tie-breaks; the
// levelers come in the order of levelers().
type leveler interface {
	// Levels (domains.Leveler) returns the unit's objective levels (all
	// minimized) over the builder's variables; none when the unit has
	// nothing to minimize.
	domains.Leveler[*builder]
	// values returns the same levels for complete placements: exactly
	// the model's values at the assignment the placements determine.
	values(a *Agenda, pl []placement) []int64
	// goalText states each level for the goal paragraph, one clause per
	// level in the order of levels: what to minimize and its exact
	// definition ("shorten as little as possible: ..."), without a
	// leading "First," or "Then," and without a final stop (the prompt
	// joins them: "First, ... Then, among those schedules, ...").
	goalText(a *Agenda) []string
	// levelNoun names what the levels measure ("the slots cut"), for the
	// self-check's note that the stated goal value is not a level.
	levelNoun(a *Agenda) string
}

// levelers are the units with the leveler facet, listed so that a misspelt
// facet method fails to compile instead of being skipped.
var levelers = []leveler{fragmentation{}, timeZones{}, minDuration{}, replanning{}}

// levelers returns the sampled units that put levels before the goal, in
// the order of their levels: replanning first (fewest changes, then the
// original objective with its own levels), then the others in pool order.
func (a *Agenda) levelers() []leveler {
	var first, rest []leveler
	for _, u := range a.units() {
		l, ok := u.(leveler)
		switch {
		case !ok:
		case u.Info().ID == unitReplanning:
			first = append(first, l)
		default:
			rest = append(rest, l)
		}
	}
	return append(first, rest...)
}

// rule is one named rule of the prompt (domains.Rule); Name is also its
// model group and what a conflict answer names.
type rule = domains.Rule

// Unit IDs.
const (
	unitAvailability = "availability"
	unitRoomFit      = "room-fit"
	unitDailyCap     = "daily-cap"
	unitBuffer       = "buffer"
	unitChain        = "chain-order"
	unitSelfCheck    = "self-check"
	unitInfeasible   = "infeasibility"

	unitWorkingHours  = "working-hours"
	unitPriorityOrder = "priority-order"
	unitConsecutive   = "consecutive-limit"
	unitCooldown      = "cooldown"
	unitUncertain     = "uncertain-durations"
	unitReplanning    = "replanning"
)

// itemStated is the item of the self-check unit.
const itemStated = "stated"

// pool lists every unit of the agenda core in a fixed order; instances
// apply their sampled units in this order.
//
// uncertainDurations comes first because it may lengthen an activity, and
// other units draw their data from the lengths; consecutiveLimit next
// because it may draw a new hidden schedule, and cooldown because it may
// add a day and move hidden activities to it; replanning last because its
// current plan is the optimum under every other unit's data.
var pool = domains.Pool[unit]{
	split{},     // first: it replaces an activity by its parts (units_length.go)
	keyPerson{}, // next: it rewrites attendee lists (units_extra.go)
	uncertainDurations{}, minDuration{}, consecutiveLimit{}, cooldown{},
	fragmentation{}, // may draw a compact hidden schedule (units_extra.go)
	availability{}, roomFit{}, dailyCap{}, workingHours{},
	confidential{}, timeZones{}, // after every unit that moves the hidden schedule
	buffer{}, chain{}, chainDays{}, priorityOrder{},
	apart{}, deadline{}, // after every unit that moves the hidden schedule (units_apart.go)
	selfCheck{},
	requiredRole{}, // after every unit that moves the hidden schedule or draws person data (units_role.go)
	infeasible{},
	replanning{},
	roomFailure{}, // it solves the instance with every other unit's data (units_failure.go)
	backupSlots{}, // also solves the instance (units_backup.go)
}

// poolInfo returns the pool's descriptions, for the task registry.
func poolInfo() []domains.Unit { return pool.Infos(nil) }

// units returns the sampled units of a, in pool order.
func (a *Agenda) units() []unit {
	if a.cache != nil {
		return a.cache.units
	}
	return pool.Of(a.Sp)
}

// ---- availability (basic) ----

type availability struct{}

func (availability) Info() domains.Unit {
	return domains.Unit{ID: unitAvailability, Tier: domains.Basic, Title: "attendee availability"}
}

func groupAvail(p string) string { return "availability of " + p }

func (availability) Sample(a *Agenda, r *rand.Rand) {
	for i := range a.People {
		for d := range a.Days {
			if r.IntN(2) == 0 {
				continue // free all day
			}
			n := 1 + r.IntN(max(1, a.Slots/4))
			from := r.IntN(a.Slots - n + 1)
			if a.plantedBusy(a.People[i].Name, d, from, from+n) {
				continue // would break the hidden schedule
			}
			a.People[i].Busy = append(a.People[i].Busy, Span{d, from, from + n})
		}
	}
}

func busyAt(p Person, d, t int) bool {
	for _, s := range p.Busy {
		if s.Day == d && s.From <= t && t < s.To {
			return true
		}
	}
	return false
}

func (availability) Model(b *builder) {
	for _, p := range b.a.People {
		for _, i := range b.a.mayAttend(p.Name) {
			ls := b.ptimes(p.Name, i, func(day, start, dur int) bool {
				for t := start; t < start+dur; t++ {
					if busyAt(p, day, t) {
						return true
					}
				}
				return false
			})
			if len(ls) > 0 {
				b.m.AddAtMost(ls, 0).Named(groupAvail(p.Name) + ": " + b.a.Activities[i].Name).InGroup(groupAvail(p.Name))
			}
		}
	}
}

// freeText describes when p is free, day by day.
func (a *Agenda) freeText(p Person) string {
	var days []string
	for d, dn := range a.Days {
		var spans []string
		t := 0
		for t < a.Slots {
			if busyAt(p, d, t) {
				t++
				continue
			}
			u := t
			for u < a.Slots && !busyAt(p, d, u) {
				u++
			}
			spans = append(spans, a.clock(t)+"–"+a.clock(u))
			t = u
		}
		if len(spans) == 0 {
			spans = []string{"none"}
		}
		if len(a.Days) == 1 {
			return strings.Join(spans, " and ")
		}
		days = append(days, dn+" "+strings.Join(spans, " and "))
	}
	return strings.Join(days, "; ")
}

func (availability) Rules(a *Agenda) []rule {
	var out []rule
	for _, p := range a.People {
		if len(p.Busy) > 0 && len(a.mayAttend(p.Name)) > 0 {
			out = append(out, rule{Name: groupAvail(p.Name), Text: fmt.Sprintf("Available times of %s: %s. Every %s lies within these times.", p.Name, a.freeText(p), a.Voc.with(a.Voc.Activity, p.Name))})
		}
	}
	return out
}

// Binds (domains.Binder) reports whether someone who may attend an
// activity is busy at some time. When no one is, the unit is left out of
// the spec rather than drawn again: its busy times are drawn person by
// person and day by day with odds 1/2, and a second draw for the
// instances where the first gave nothing would change those odds.
func (u availability) Binds(a *Agenda) bool { return len(u.Rules(a)) > 0 }

func (u availability) Items(a *Agenda) []domains.Item {
	if len(u.Rules(a)) == 0 {
		return nil // no one is ever busy: nothing to state or check
	}
	return []domains.Item{domains.FeasibilityItem(unitAvailability, unitAvailability, domains.Basic, fmt.Sprintf("Every %s lies within the available times of all its %s.", a.Voc.Activity, a.Voc.attendees()))}
}

func (availability) Check(a *Agenda, ans *answer, f fails) {
	for _, p := range a.People {
		for _, i := range a.attends(p.Name) {
			pl := ans.pl[i]
			if !pl.ok {
				continue
			}
			for t := pl.start; t < pl.start+a.plen(i, pl); t++ {
				if busyAt(p, pl.day, t) {
					f.Add(unitAvailability, fmt.Sprintf("%s is not free at %s %s for %s", p.Name, a.Days[pl.day], a.clock(t), a.Activities[i].Name))
					break
				}
			}
		}
	}
}

// plantedBusy reports whether person p attends an activity of the hidden
// schedule on day d within slots [from, to).
func (a *Agenda) plantedBusy(p string, d, from, to int) bool {
	if a.planted == nil {
		return false
	}
	for _, i := range a.attends(p) {
		q := a.planted[i]
		if q.day == d && q.start < to && from < q.start+a.plen(i, q) {
			return true
		}
	}
	return false
}

// ---- room fit (basic): capacity and equipment ----

type roomFit struct{}

func (roomFit) Info() domains.Unit {
	return domains.Unit{ID: unitRoomFit, Tier: domains.Basic, Title: "room capacity and equipment match"}
}

func groupFit(act string) string { return "room fit of " + act }

// defaultEquipment is what rooms may have when the subtask names nothing.
var defaultEquipment = []string{"screen", "video link"}

// Sample gives every room seats and, from the subtask's equipment, each
// item with odds 1/2; then some activities a need among it.
func (roomFit) Sample(a *Agenda, r *rand.Rand) {
	equipment := a.equipPool
	if equipment == nil {
		equipment = defaultEquipment
	}
	maxAtt := 1
	for _, act := range a.Activities {
		maxAtt = max(maxAtt, len(act.Attendees))
	}
	for i := range a.Rooms {
		a.Rooms[i].Seats = 2 + r.IntN(maxAtt+1)
		for _, e := range equipment {
			if r.IntN(2) == 0 {
				a.Rooms[i].Equipment = append(a.Rooms[i].Equipment, e)
			}
		}
	}
	// The largest room seats everyone, so seats alone never make the
	// instance infeasible; and each planted room seats its activities.
	a.Rooms[r.IntN(len(a.Rooms))].Seats = maxAtt
	for i, p := range a.planted {
		a.Rooms[p.room].Seats = max(a.Rooms[p.room].Seats, len(a.Activities[i].Attendees))
	}
	// An activity needs only equipment that a room seating it has.
	for i := range a.Activities {
		if len(equipment) == 0 || r.IntN(3) != 0 {
			continue
		}
		e := equipment[r.IntN(len(equipment))]
		a.Activities[i].Needs = []string{e}
		ok := false
		if a.planted != nil {
			ok = a.fits(i, a.planted[i].room)
		} else {
			for ri := range a.Rooms {
				ok = ok || a.fits(i, ri)
			}
		}
		if !ok {
			a.Activities[i].Needs = nil
		}
	}
}

// fits reports whether room r seats activity i and has what it needs.
func (a *Agenda) fits(i, r int) bool {
	act, room := a.Activities[i], a.Rooms[r]
	if len(act.Attendees)+a.roleSeat(i) > room.Seats {
		return false
	}
	for _, n := range act.Needs {
		found := false
		for _, e := range room.Equipment {
			found = found || e == n
		}
		if !found {
			return false
		}
	}
	return true
}

func (roomFit) Model(b *builder) {
	for i, act := range b.a.Activities {
		ls := b.lits(i, func(o option) bool { return !b.a.fits(i, o.room) })
		if len(ls) > 0 {
			b.m.AddAtMost(ls, 0).Named(groupFit(act.Name))
		}
	}
}

func (roomFit) Rules(a *Agenda) []rule {
	v := a.Voc
	var out []rule
	for i, act := range a.Activities {
		var gear []string
		for _, n := range act.Needs {
			gear = append(gear, withArticle(n))
		}
		need := ""
		if len(gear) > 0 {
			need = prose.JoinAnd(gear) + " and "
		}
		per := "one per " + v.person()
		if a.roleSeat(i) > 0 {
			per += ", the role taker included"
		}
		out = append(out, rule{Name: groupFit(act.Name), Text: fmt.Sprintf("%s must use %s with %sat least %s (%s).",
			act.Name, prose.An(v.Room), need, v.seats(len(act.Attendees)+a.roleSeat(i)), per)})
	}
	return out
}

// Binds (domains.Binder) reports whether some activity does not fit some
// room. When every room seats every activity and has what it needs (one
// attendee each, say, and two seats in every room), the unit is left out
// of the spec rather than drawn again: a second draw of the seats and
// equipment for those instances would change their odds.
func (roomFit) Binds(a *Agenda) bool {
	for i := range a.Activities {
		for r := range a.Rooms {
			if !a.fits(i, r) {
				return true
			}
		}
	}
	return false
}

func (roomFit) Items(a *Agenda) []domains.Item {
	v := a.Voc
	text := fmt.Sprintf("Each %s uses %s with enough %s for all its %s", v.Activity, prose.An(v.Room), v.seatsHeader(), v.attendees())
	if a.hasEquipment() {
		text += " and with the equipment it needs"
	}
	return []domains.Item{domains.FeasibilityItem(unitRoomFit, unitRoomFit, domains.Basic, text+".")}
}

func (roomFit) Check(a *Agenda, ans *answer, f fails) {
	for i, pl := range ans.pl {
		if pl.ok && !a.fits(i, pl.room) {
			f.Add(unitRoomFit, fmt.Sprintf("%s does not fit %s", a.Rooms[pl.room].Name, a.Activities[i].Name))
		}
	}
}

// ---- daily cap (basic): at most k activities per person per day ----

type dailyCap struct{}

func (dailyCap) Info() domains.Unit {
	return domains.Unit{ID: unitDailyCap, Tier: domains.Basic, Title: "daily activity cap per person"}
}

func groupCap(p string) string { return "daily cap of " + p }

func (dailyCap) Sample(a *Agenda, r *rand.Rand) {
	a.DailyCap = 1 + r.IntN(2)
	if a.planted == nil {
		return
	}
	for _, p := range a.People {
		per := map[int]int{}
		for _, i := range a.attends(p.Name) {
			per[a.planted[i].day]++
			a.DailyCap = max(a.DailyCap, per[a.planted[i].day])
		}
	}
}

func (dailyCap) Model(b *builder) {
	for _, p := range b.a.People {
		acts := b.a.mayAttend(p.Name)
		if len(acts) <= b.a.DailyCap {
			continue
		}
		for d := range b.a.Days {
			var ls []encode.Lit
			for _, i := range acts {
				ls = append(ls, b.ptimes(p.Name, i, func(day, _, _ int) bool { return day == d })...)
			}
			b.m.AddAtMost(ls, b.a.DailyCap).Named(fmt.Sprintf("%s: %s", groupCap(p.Name), b.a.Days[d])).InGroup(groupCap(p.Name))
		}
	}
}

func (dailyCap) Rules(a *Agenda) []rule {
	var out []rule
	for _, p := range a.People {
		if len(a.mayAttend(p.Name)) > a.DailyCap {
			out = append(out, rule{Name: groupCap(p.Name), Text: fmt.Sprintf("At most %d %s a day.", a.DailyCap, a.Voc.with(prose.Plural(a.DailyCap, a.Voc.Activity, a.Voc.Activities), p.Name))})
		}
	}
	return out
}

// Binds (domains.Binder) reports whether someone may attend more
// activities than the cap. When no one can, the unit is left out of the
// spec rather than drawn again: the cap is at least what the hidden
// schedule puts on one person's day, so on the instances where no one has
// more activities than that (one day, or a schedule that puts each
// person's activities on one day) no cap that binds keeps the hidden
// schedule.
func (u dailyCap) Binds(a *Agenda) bool { return len(u.Rules(a)) > 0 }

func (u dailyCap) Items(a *Agenda) []domains.Item {
	if len(u.Rules(a)) == 0 {
		return nil // no one has more than the cap to attend
	}
	return []domains.Item{domains.FeasibilityItem(unitDailyCap, unitDailyCap, domains.Basic, fmt.Sprintf("No %s has more than %d %s on one day.", a.Voc.person(), a.DailyCap, prose.Plural(a.DailyCap, a.Voc.Activity, a.Voc.Activities)))}
}

func (dailyCap) Check(a *Agenda, ans *answer, f fails) {
	for _, p := range a.People {
		per := map[int]int{}
		for _, i := range a.attends(p.Name) {
			if ans.pl[i].ok {
				per[ans.pl[i].day]++
			}
		}
		for d := range a.Days {
			if per[d] > a.DailyCap {
				f.Add(unitDailyCap, fmt.Sprintf("%s has %d on %s", p.Name, per[d], a.Days[d]))
			}
		}
	}
}

// ---- buffer (medium): a gap between a person's activities ----

type buffer struct{}

func (buffer) Info() domains.Unit {
	return domains.Unit{ID: unitBuffer, Tier: domains.Medium, Title: "buffer between a person's activities"}
}

func groupBuffer(p string) string { return "buffer for " + p }

func (buffer) Sample(a *Agenda, r *rand.Rand) { a.Buffer = 1 }

func (buffer) Model(b *builder) {
	for _, p := range b.a.People {
		if acts := b.a.mayAttend(p.Name); len(acts) > 1 {
			b.oneAtATime(acts, b.a.Buffer, groupBuffer(p.Name), -1, p.Name)
		}
	}
}

func (buffer) Rules(a *Agenda) []rule {
	var out []rule
	for _, p := range a.People {
		if len(a.mayAttend(p.Name)) > 1 {
			out = append(out, rule{Name: groupBuffer(p.Name), Text: fmt.Sprintf("Two %s%s are at least %d minutes apart (from the end of one to the start of the next).", a.Voc.with(a.Voc.Activities, p.Name), a.onSameDay(), a.Buffer*a.SlotMin)})
		}
	}
	return out
}

func (buffer) Items(a *Agenda) []domains.Item {
	return []domains.Item{domains.FeasibilityItem(unitBuffer, unitBuffer, domains.Medium, fmt.Sprintf("No two %s that share %s are less than %d minutes apart%s.", a.Voc.Activities, prose.An(a.Voc.person()), a.Buffer*a.SlotMin, a.onSameDay()))}
}

// onSameDay is " on the same day", or nothing when there is one day.
func (a *Agenda) onSameDay() string {
	if len(a.Days) == 1 {
		return ""
	}
	return " on the same day"
}

func (buffer) Check(a *Agenda, ans *answer, f fails) {
	for _, p := range a.People {
		acts := a.attends(p.Name)
		for x, i := range acts {
			for _, j := range acts[x+1:] {
				pi, pj := ans.pl[i], ans.pl[j]
				if !pi.ok || !pj.ok || pi.day != pj.day {
					continue
				}
				di, dj := a.plen(i, pi), a.plen(j, pj)
				if pi.start < pj.start+dj+a.Buffer && pj.start < pi.start+di+a.Buffer {
					f.Add(unitBuffer, fmt.Sprintf("%s: %s and %s are less than %d minutes apart", p.Name, a.Activities[i].Name, a.Activities[j].Name, a.Buffer*a.SlotMin))
				}
			}
		}
	}
}

// ---- chain order (medium): A ends before B starts ----

// chain: each pair of Chains, the first ends no later than the second
// starts. Readings (see Readings): "B starts right as A ends", ruled out
// by the rule's "no later than".
type chain struct{}

func (chain) Info() domains.Unit {
	return domains.Unit{ID: unitChain, Tier: domains.Medium, Title: "chain order (A before B)"}
}

func groupChain(x, y string) string { return x + " before " + y }

// readingRightAfter is the reading of "A before B" (the rule's name) as
// B starting right as A ends.
const readingRightAfter = "the second activity starts right as the first ends, with no time between them"

// Readings implements domains.Reader: the pair read as back to back,
// ruled out by the rule's "no later than" (any time up to the start).
//
// Not listed: chain-days' "on a later day" read as the next day, whose
// model changes the optimum on none of 60 seeded recruitment instances
// (PLANCERT_LONG=1: at most three days, and the goal ends the stages
// early), so no test could show a sentence ruling it out.
func (chain) Readings() []domains.Reading {
	return []domains.Reading{{Name: readingRightAfter, RuledOutBy: " must end no later than the start of "}}
}

// Sample draws one or two pairs, each an activity and one listed after it
// (the subtask lists activities in their natural order), among the pairs
// that the hidden schedule keeps (the first ends by the start of the
// second). When the hidden schedule keeps no such pair, one pair is drawn
// among all and one of its activities moves in the hidden schedule so that
// the pair holds (replant), or else up to 30 new hidden schedules are drawn
// and the first that keeps the pair and every rule drawn so far is kept
// (plantedOK); failing all, the hidden schedule is dropped.
//
// In a recruitment instance the pairs are every two consecutive interview
// stages of a candidate, which the hidden schedule keeps (recruit.go); no
// random draw is made.
func (chain) Sample(a *Agenda, r *rand.Rand) {
	if a.pipelined() {
		a.Chains = a.stageChains()
		return
	}
	n := len(a.Activities)
	var cand [][2]int
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			if a.planted == nil || a.end(i, a.opt(i, a.planted[i])) <= a.planted[j].day*a.Slots+a.planted[j].start {
				cand = append(cand, [2]int{i, j})
			}
		}
	}
	if len(cand) == 0 && n >= 2 {
		// Move one activity of the hidden schedule so that a pair holds;
		// failing that, drop the hidden schedule and draw any pair.
		i := r.IntN(n - 1)
		j := i + 1 + r.IntN(n-1-i)
		before := func(pl []placement) bool {
			return a.end(i, a.opt(i, pl[i])) <= pl[j].day*a.Slots+pl[j].start
		}
		pl := a.replant(r, j, unitChain, before)
		if pl == nil {
			pl = a.replant(r, i, unitChain, before)
		}
		for try := 0; try < 30 && pl == nil; try++ {
			if q := a.plant(r); q != nil && before(q) && a.plantedOK(q, unitChain) {
				pl = q
			}
		}
		a.planted = pl
		cand = [][2]int{{i, j}}
	}
	k := min(1+r.IntN(2), len(cand))
	chosen := r.Perm(len(cand))[:k]
	sort.Ints(chosen)
	for _, c := range chosen {
		i, j := cand[c][0], cand[c][1]
		a.Chains = append(a.Chains, [2]string{a.Activities[i].Name, a.Activities[j].Name})
	}
}

func (a *Agenda) actIndex(name string) int {
	return slices.IndexFunc(a.Activities, func(act Activity) bool { return act.Name == name })
}

func (chain) Model(b *builder) {
	a := b.a
	for _, c := range a.Chains {
		i, j := a.actIndex(c[0]), a.actIndex(c[1])
		// end(i) ≤ start(j) in global slots: end index of i counts from
		// the first day like start(j).
		b.m.AddLinear([]encode.Term{{Var: b.end[i], Coef: 1}, {Var: b.start[j], Coef: -1}}, encode.LE, 0).Named(groupChain(c[0], c[1]))
	}
}

func (chain) Rules(a *Agenda) []rule {
	var out []rule
	for _, c := range a.Chains {
		when := ""
		if len(a.Days) > 1 {
			when = " (on the same day or an earlier day)"
		}
		out = append(out, rule{Name: groupChain(c[0], c[1]), Text: fmt.Sprintf("%s must end no later than the start of %s%s.", c[0], c[1], when)})
	}
	return out
}

func (chain) Items(a *Agenda) []domains.Item {
	var pairs []string
	for _, c := range a.Chains {
		pairs = append(pairs, c[0]+" → "+c[1])
	}
	return []domains.Item{domains.FeasibilityItem(unitChain, unitChain, domains.Medium, "The required order holds: "+strings.Join(pairs, ", ")+".")}
}

func (chain) Check(a *Agenda, ans *answer, f fails) {
	for _, c := range a.Chains {
		i, j := a.actIndex(c[0]), a.actIndex(c[1])
		pi, pj := ans.pl[i], ans.pl[j]
		if !pi.ok || !pj.ok {
			continue
		}
		if a.end(i, a.opt(i, pi)) > pj.day*a.Slots+pj.start {
			f.Add(unitChain, fmt.Sprintf("%s does not end before %s starts", c[0], c[1]))
		}
	}
}

// ---- self-check (medium): the answer states its goal value ----

type selfCheck struct{}

func (selfCheck) Info() domains.Unit {
	return domains.Unit{ID: unitSelfCheck, Tier: domains.Medium, Title: "conflict validation: stated goal value"}
}
func (selfCheck) Sample(*Agenda, *rand.Rand) {}
func (selfCheck) Model(*builder)             {}
func (selfCheck) Rules(*Agenda) []rule       { return nil }
func (selfCheck) Items(a *Agenda) []domains.Item {
	return []domains.Item{{ID: itemStated, Tier: domains.Medium, Constraint: unitSelfCheck, Kind: domains.KindStated,
		Text: `The "objective" stated in the answer equals the schedule's true goal value.`}}
}
func (selfCheck) Check(*Agenda, *answer, fails) {}

// ---- infeasibility detection (hard) ----

type infeasible struct{}

func (infeasible) Info() domains.Unit {
	return domains.Unit{ID: unitInfeasible, Tier: domains.Hard, Title: "infeasibility detection", Requires: []string{unitAvailability}}
}

// Sample makes the instance infeasible on purpose half of the time: two
// attendees of one activity are free at disjoint times of every day.
func (infeasible) Sample(a *Agenda, r *rand.Rand) {
	if r.IntN(2) == 0 {
		return
	}
	var cand []int
	for i, act := range a.Activities {
		if len(act.Attendees) >= 2 {
			cand = append(cand, i)
		}
	}
	if len(cand) == 0 {
		return
	}
	act := a.Activities[cand[r.IntN(len(cand))]]
	half := a.Slots / 2
	for k, name := range act.Attendees[:2] {
		for pi := range a.People {
			if a.People[pi].Name != name {
				continue
			}
			a.People[pi].Busy = nil
			for d := range a.Days {
				if k == 0 {
					a.People[pi].Busy = append(a.People[pi].Busy, Span{d, half, a.Slots})
				} else {
					a.People[pi].Busy = append(a.People[pi].Busy, Span{d, 0, half})
				}
			}
		}
	}
}
func (infeasible) Model(*builder)                {}
func (infeasible) Rules(*Agenda) []rule          { return nil }
func (infeasible) Items(*Agenda) []domains.Item  { return nil }
func (infeasible) Check(*Agenda, *answer, fails) {}
