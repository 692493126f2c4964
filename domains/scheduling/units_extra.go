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

// Four units that keep the answer schema: confidentiality layers,
// fragmentation (minimise idle time, capped per day), time-zone fairness
// (minimise the worst local-time inconvenience) and a key-person change.
// Each is exact: its model constraints, its prompt rules, its checklist
// item and its check say the same thing, and a unit's level in the model
// equals its values on every plan.

// Unit IDs (each also the ID of the unit's item).
const (
	unitConfidential  = "confidential"
	unitFragmentation = "fragmentation"
	unitTimeZones     = "time-zones"
	unitKeyPerson     = "key-person"
)

// ---- confidentiality layers (medium): confidential activities use private rooms ----

type confidential struct{}

func (confidential) Info() domains.Unit {
	return domains.Unit{ID: unitConfidential, Tier: domains.Medium, Title: "confidentiality layers (private rooms)"}
}

func groupConfidential(act string) string { return "confidential " + act }

// Sample marks one to three activities confidential (at most all but
// one when there are three or more) and some rooms private. With a hidden
// schedule the hidden room of each confidential activity is private: after
// a first activity drawn at random, the others are drawn among those
// hidden in an already private room first (so that they compete for it),
// then among the rest while a room stays public (when there are two rooms
// or more); each other room becomes private with probability 1/4 while a
// room stays public. Without one, a seeded non-empty set of rooms is
// private, all but one at most.
func (confidential) Sample(a *Agenda, r *rand.Rand) {
	a.Confidential, a.PrivateRooms = nil, nil
	n, R := len(a.Activities), len(a.Rooms)
	k := 1 + r.IntN(min(3, max(1, n-1)))
	private := make([]bool, R)
	count := func() int {
		c := 0
		for _, p := range private {
			if p {
				c++
			}
		}
		return c
	}
	conf := make([]bool, n)
	picked := 0
	order := r.Perm(n)
	for pass := 0; pass < 2; pass++ {
		for _, i := range order {
			if picked == k || conf[i] {
				continue
			}
			if a.planted != nil {
				room := a.planted[i].room
				if picked > 0 && pass == 0 && !private[room] {
					continue // first those that share a private room
				}
				if R > 1 && !private[room] && count() == R-1 {
					continue // the last public room
				}
				private[room] = true
			}
			conf[i] = true
			picked++
		}
	}
	if a.planted != nil {
		for ri := range private {
			if !private[ri] && r.IntN(4) == 0 && count() < R-1 {
				private[ri] = true
			}
		}
	} else {
		size := 1
		if R > 1 {
			size += r.IntN(R - 1)
		}
		for _, ri := range r.Perm(R)[:size] {
			private[ri] = true
		}
	}
	for i, c := range conf {
		if c {
			a.Confidential = append(a.Confidential, a.Activities[i].Name)
		}
	}
	for ri, p := range private {
		if p {
			a.PrivateRooms = append(a.PrivateRooms, a.Rooms[ri].Name)
		}
	}
}

// private reports whether room ri is private.
func (a *Agenda) private(ri int) bool {
	return slices.Contains(a.PrivateRooms, a.Rooms[ri].Name)
}

// confidentialActs returns the confidential activities that exist, in the
// order of the list.
func (a *Agenda) confidentialActs() []int {
	var out []int
	for _, n := range a.Confidential {
		if i := a.actIndex(n); i >= 0 {
			out = append(out, i)
		}
	}
	return out
}

func (confidential) Model(b *builder) {
	a := b.a
	for _, i := range a.confidentialActs() {
		ls := b.lits(i, func(o option) bool { return !a.private(o.room) })
		if len(ls) > 0 {
			b.m.AddAtMost(ls, 0).Named(groupConfidential(a.Activities[i].Name))
		}
	}
}

// confBinds reports whether some room is not private (else the rule says
// nothing and has no model group).
func (a *Agenda) confBinds() bool {
	for ri := range a.Rooms {
		if !a.private(ri) {
			return true
		}
	}
	return false
}

func (confidential) Rules(a *Agenda) []rule {
	if !a.confBinds() {
		return nil
	}
	var out []rule
	for _, i := range a.confidentialActs() {
		name := a.Activities[i].Name
		out = append(out, rule{Name: groupConfidential(name), Text: fmt.Sprintf("%s is confidential: it may be held only in a private %s, that is in %s.",
			name, a.Voc.Room, prose.JoinWith(a.PrivateRooms, "or"))})
	}
	return out
}

// Binds (domains.Binder) reports whether a confidential activity may be
// put in a room that is not private. With one room, the unit is left out
// of the spec rather than drawn again: the hidden room of a confidential
// activity is private, and Sample keeps a room public whenever there are
// two or more, so no draw of the unit can bind.
func (confidential) Binds(a *Agenda) bool { return a.confBinds() && len(a.confidentialActs()) > 0 }

func (u confidential) Items(a *Agenda) []domains.Item {
	if !u.Binds(a) {
		return nil // every room is private: nothing to state or check
	}
	return []domains.Item{domains.FeasibilityItem(unitConfidential, unitConfidential, domains.Medium, fmt.Sprintf("Every confidential %s (%s) is held in a private %s (%s).", a.Voc.Activity, strings.Join(a.Confidential, ", "), a.Voc.Room, strings.Join(a.PrivateRooms, ", ")))}
}

func (confidential) Check(a *Agenda, ans *answer, f fails) {
	for _, i := range a.confidentialActs() {
		if p := ans.pl[i]; p.ok && !a.private(p.room) {
			f.Add(unitConfidential, fmt.Sprintf("%s is confidential but is held in %s, which is not private", a.Activities[i].Name, a.Rooms[p.room].Name))
		}
	}
}

// ---- fragmentation (medium): minimise idle time, with a cap per day ----
//
// A person's idle time on a day is the time between the start of their
// first activity and the end of their last one that they spend in no
// activity. A level before the goal minimises the total idle time: the
// idle slots of every person on every day, added up. The rule caps each
// person's idle time on any day at MaxIdle slots.

type fragmentation struct{}

func (fragmentation) Info() domains.Unit {
	return domains.Unit{ID: unitFragmentation, Tier: domains.Medium, Title: "fragmentation: minimise idle time between a person's activities (capped per day)"}
}

func groupIdle(p string) string { return "idle time of " + p }

// groupIdleDef is the background group of the definitions of p's busy and
// idle indicators: they hold for any placements, so they are always on.
func groupIdleDef(p string) string { return "core: " + groupIdle(p) }

// Names of the fragmentation unit's indicators of person p on day d at
// slot t: busy (an activity of p covers t), busy up to t (at t or
// earlier), busy from t (at t or later) and idle (not busy, but busy
// earlier and later that day).
func busyName(p, d string, t int) string   { return fmt.Sprintf("busy[%s|%s|%d]", p, d, t) }
func busyUpName(p, d string, t int) string { return fmt.Sprintf("busyUpTo[%s|%s|%d]", p, d, t) }
func busyFrName(p, d string, t int) string { return fmt.Sprintf("busyFrom[%s|%s|%d]", p, d, t) }
func idleName(p, d string, t int) string   { return fmt.Sprintf("idle[%s|%s|%d]", p, d, t) }

// Sample draws up to ten compact hidden schedules (activities in a
// seeded order, each at the earliest start of a seeded day where it fits,
// rooms in a seeded order) and keeps, among the current one and those that
// keep the rules of the units before this one in the pool (the unit comes
// right after every unit that changes the hidden schedule or the lengths,
// and before every unit that draws data from it), the one with the least
// largest idle time. The cap is that idle time, or one slot more. Without a
// hidden schedule the cap is 0, 1 or 2 slots.
func (fragmentation) Sample(a *Agenda, r *rand.Rand) {
	if a.planted == nil {
		a.MaxIdle = r.IntN(3)
		return
	}
	best, w := a.planted, a.worstIdle(a.planted)
	for try := 0; try < 10 && w > 0; try++ {
		pl := a.plantCompact(r)
		if pl == nil || !a.keepsEarlier(pl, unitFragmentation) {
			continue
		}
		if x := a.worstIdle(pl); x < w {
			best, w = pl, x
		}
	}
	a.planted = best
	a.MaxIdle = w + r.IntN(2)
}

// plantCompact draws a hidden schedule packed to the left: activities in a
// seeded order, each on the first day from a seeded one (wrapping) with a
// start where it fits, at the earliest such start, in the first room of a
// seeded order. It returns nil when an activity fits nowhere.
func (a *Agenda) plantCompact(r *rand.Rand) []placement {
	pl := make([]placement, len(a.Activities))
	for _, i := range r.Perm(len(a.Activities)) {
		d0 := r.IntN(len(a.Days))
		rooms := r.Perm(len(a.Rooms))
		for k := 0; k < len(a.Days) && !pl[i].ok; k++ {
			d := (d0 + k) % len(a.Days)
			for s := 0; s+a.Activities[i].Duration <= a.Slots && !pl[i].ok; s++ {
				for _, ri := range rooms {
					if c := (placement{true, d, s, ri, 0}); a.plantable(pl, i, c) {
						pl[i] = c
						break
					}
				}
			}
		}
		if !pl[i].ok {
			return nil
		}
	}
	return pl
}

// keepsEarlier reports whether the placements pl pass the checks of the
// sampled units that come before unit id in the pool (their data is
// drawn).
func (a *Agenda) keepsEarlier(pl []placement, id string) bool {
	f := fails{}
	ans := &answer{pl: pl}
	for _, u := range a.units() {
		if u.Info().ID == id {
			break
		}
		u.Check(a, ans, f)
	}
	return len(f) == 0
}

// idleDays returns, for person p and the placed activities of pl, per day
// with an activity: the first busy slot, the end of the last busy slot and
// the number of idle slots in between.
func (a *Agenda) idleDays(p string, pl []placement) map[int][3]int {
	busy := map[int]map[int]bool{}
	for _, i := range a.attends(p) {
		q := pl[i]
		if !q.ok {
			continue
		}
		if busy[q.day] == nil {
			busy[q.day] = map[int]bool{}
		}
		for t := q.start; t < min(q.start+a.plen(i, q), a.Slots); t++ {
			busy[q.day][t] = true
		}
	}
	out := map[int][3]int{}
	for d, set := range busy {
		first, last := a.Slots, -1
		for t := range set {
			first, last = min(first, t), max(last, t)
		}
		if last >= 0 {
			out[d] = [3]int{first, last + 1, last + 1 - first - len(set)}
		}
	}
	return out
}

// worstIdle returns the largest idle time of any person on any day.
func (a *Agenda) worstIdle(pl []placement) int {
	w := 0
	for _, p := range a.People {
		for _, v := range a.idleDays(p.Name, pl) {
			w = max(w, v[2])
		}
	}
	return w
}

// idleBound reports whether the cap can bind for p: two activities or
// more, and a day with room for more idle slots than the cap beside the
// two shortest of them (a day's idle time is at most the day's slots less
// the slots of p's activities that day, so at most the day less the two
// shortest; a length that is a choice counts one slot, its least).
func (a *Agenda) idleBound(p string) bool {
	if !a.idlePossible(p) {
		return false
	}
	var lens []int
	for _, i := range a.attends(p) {
		l := a.Activities[i].Duration
		if a.Activities[i].Flexible {
			l = 1
		}
		lens = append(lens, l)
	}
	slices.Sort(lens)
	return a.MaxIdle < a.Slots-lens[0]-lens[1]
}

// idlePossible reports whether p can ever be idle: two activities or
// more, and a day of three slots or more.
func (a *Agenda) idlePossible(p string) bool {
	return len(a.attends(p)) >= 2 && a.Slots >= 3
}

// Model: for each person who can be idle and each day, with S slots, the
// indicators (each defined exactly, in the background group of the
// person, so that they hold at any placements):
//
//	busy[t]     ⇔ one of the person's activities covers slot t
//	busyUpTo[t] ⇔ busy[t] ∨ busyUpTo[t−1]   (busyUpTo[0] is busy[0])
//	busyFrom[t] ⇔ busy[t] ∨ busyFrom[t+1]   (busyFrom[S−1] is busy[S−1])
//	idle[t]     ⇔ busyUpTo[t] ∧ busyFrom[t] ∧ ¬busy[t],  0 < t < S−1
//
// busy is exact because a person attends one activity at a time (always
// on). The idle slots of the day are the t with idle[t]: not busy, with a
// busy slot before and after. The rule caps them: at most MaxIdle idle
// slots per day; the level (levels) adds them up.
func (fragmentation) Model(b *builder) {
	a := b.a
	b.idle = nil
	for _, p := range a.People {
		if !a.idlePossible(p.Name) {
			continue
		}
		acts := a.attends(p.Name)
		g, def := groupIdle(p.Name), groupIdleDef(p.Name)
		imp := func(name string, ls ...encode.Lit) { // a clause
			b.m.AddAtLeast(ls, 1).Named(name).InGroup(def)
		}
		for d, dn := range a.Days {
			S := a.Slots
			busy := make([]encode.Lit, S)
			for t := range S {
				v := b.newBool(busyName(p.Name, dn, t))
				busy[t] = v.Lit()
				var cover []encode.Lit
				for _, i := range acts {
					cover = append(cover, b.times(i, func(day, st, dur int) bool {
						return day == d && st <= t && t < st+dur
					})...)
				}
				for k, y := range cover {
					imp(fmt.Sprintf("%s: busy %d.%d.%d", def, d, t, k), y.Not(), busy[t])
				}
				b.m.AddAtLeast(cover, 1).OnlyIf(busy[t]).Named(fmt.Sprintf("%s: busy %d.%d", def, d, t)).InGroup(def)
			}
			up, from := make([]encode.Lit, S), make([]encode.Lit, S)
			up[0], from[S-1] = busy[0], busy[S-1]
			for t := 1; t < S-1; t++ {
				up[t] = b.newBool(busyUpName(p.Name, dn, t)).Lit()
				imp(fmt.Sprintf("%s: up %d.%d.a", def, d, t), busy[t].Not(), up[t])
				imp(fmt.Sprintf("%s: up %d.%d.b", def, d, t), up[t-1].Not(), up[t])
				imp(fmt.Sprintf("%s: up %d.%d.c", def, d, t), up[t].Not(), up[t-1], busy[t])
			}
			for t := S - 2; t >= 1; t-- {
				from[t] = b.newBool(busyFrName(p.Name, dn, t)).Lit()
				imp(fmt.Sprintf("%s: from %d.%d.a", def, d, t), busy[t].Not(), from[t])
				imp(fmt.Sprintf("%s: from %d.%d.b", def, d, t), from[t+1].Not(), from[t])
				imp(fmt.Sprintf("%s: from %d.%d.c", def, d, t), from[t].Not(), from[t+1], busy[t])
			}
			var idle []encode.Lit
			for t := 1; t < S-1; t++ {
				v := b.newBool(idleName(p.Name, dn, t))
				b.idle = append(b.idle, v)
				x := v.Lit()
				imp(fmt.Sprintf("%s: idle %d.%d.a", def, d, t), x.Not(), up[t])
				imp(fmt.Sprintf("%s: idle %d.%d.b", def, d, t), x.Not(), from[t])
				imp(fmt.Sprintf("%s: idle %d.%d.c", def, d, t), x.Not(), busy[t].Not())
				imp(fmt.Sprintf("%s: idle %d.%d.d", def, d, t), up[t].Not(), from[t].Not(), busy[t], x)
				idle = append(idle, x)
			}
			if a.idleBound(p.Name) {
				b.m.AddAtMost(idle, a.MaxIdle).Named(fmt.Sprintf("%s: %s", g, dn)).InGroup(g)
			}
		}
	}
}

// levels: one level, the total idle time in slots (every idle indicator
// counts 1); none when no one can be idle.
func (fragmentation) Levels(b *builder) [][]encode.Term {
	if len(b.idle) == 0 {
		return nil
	}
	t := make([]encode.Term, len(b.idle))
	for k, v := range b.idle {
		t[k] = encode.Term{Var: v, Coef: 1}
	}
	return [][]encode.Term{t}
}

// idleLevel reports whether the instance has the level: someone can be
// idle.
func (a *Agenda) idleLevel() bool {
	for _, p := range a.People {
		if a.idlePossible(p.Name) {
			return true
		}
	}
	return false
}

// values: the idle slots of every person on every day, added up (the
// checker's idleDays).
func (fragmentation) values(a *Agenda, pl []placement) []int64 {
	if !a.idleLevel() {
		return nil
	}
	var s int64
	for _, p := range a.People {
		for _, v := range a.idleDays(p.Name, pl) {
			s += int64(v[2])
		}
	}
	return []int64{s}
}

func (fragmentation) goalText(a *Agenda) []string {
	if !a.idleLevel() {
		return nil
	}
	v := a.Voc
	return []string{fmt.Sprintf("keep the total idle time as small as possible: the idle time of %s on a day is the time from the start of their first %s of the day to the end of their last one that they spend in no %s, and the idle time of every %s on every day, added up (in %d-minute slots), is as small as possible",
		prose.An(v.person()), v.Activity, v.Activity, v.person(), a.SlotMin)}
}

func (fragmentation) levelNoun(*Agenda) string { return "the idle time" }

func (fragmentation) Rules(a *Agenda) []rule {
	var out []rule
	for _, p := range a.People {
		if !a.idleBound(p.Name) {
			continue
		}
		text := fmt.Sprintf("On any day, %s has at most %d minutes of idle time between %s: from the start of %s's first %s of the day to the end of the last one, the time %s spends in no %s adds up to at most %d minutes.",
			p.Name, a.MaxIdle*a.SlotMin, a.Voc.Activities, p.Name, a.Voc.Activity, p.Name, a.Voc.Activity, a.MaxIdle*a.SlotMin)
		if a.MaxIdle == 0 {
			text = fmt.Sprintf("On any day, %s has no idle time between %s: from the start of %s's first %s of the day to the end of the last one, %s is always in one of them (they follow each other without a break).",
				p.Name, a.Voc.Activities, p.Name, a.Voc.Activity, p.Name)
		}
		out = append(out, rule{Name: groupIdle(p.Name), Text: text})
	}
	return out
}

// Items: the cap's item, when the cap can bind for someone (idleBound);
// else there is no rule to state, no answer could fail the item, and the
// unit speaks through its goal alone (the total idle time).
func (fragmentation) Items(a *Agenda) []domains.Item {
	if !slices.ContainsFunc(a.People, func(p Person) bool { return a.idleBound(p.Name) }) {
		return nil
	}
	return []domains.Item{domains.FeasibilityItem(unitFragmentation, unitFragmentation, domains.Medium, fmt.Sprintf("No person has more than %d minutes of idle time on a day between the start of their first %s and the end of their last.", a.MaxIdle*a.SlotMin, a.Voc.Activity))}
}

func (fragmentation) Check(a *Agenda, ans *answer, f fails) {
	for _, p := range a.People {
		days := a.idleDays(p.Name, ans.pl)
		for d := range a.Days {
			if v, ok := days[d]; ok && v[2] > a.MaxIdle {
				f.Add(unitFragmentation, fmt.Sprintf("%s has %d minutes of idle time on %s between %s and %s", p.Name, v[2]*a.SlotMin, a.Days[d], a.clock(v[0]), a.clock(v[1])))
			}
		}
	}
}

// ---- time zones (medium): minimise the worst local-time inconvenience ----
//
// Some people are in other time zones (an offset in whole hours from the
// schedule's times); everyone's local working hours are the same window,
// From–To local time. The inconvenience of a person at one of their
// activities is the number of the activity's slots that lie outside that
// window in the person's local time (people without an offset are in the
// schedule's time zone). A level before the goal minimises the worst
// inconvenience: the largest over every person and every activity they
// attend. The window is no hard rule (which would leave the level
// nothing to decide: its optimum would always be 0); the unit's only rule
// states the local times, and the level is certified with the rest of the
// objective.

// TimeZones is the data of the time-zones unit: everyone works from From
// to To (minutes after midnight) in their own local time; a person's
// local time is the schedule's time plus their offset. People without an
// offset are in the schedule's time zone, where the window holds the
// whole day (as sampled).
type TimeZones struct {
	From    int      `json:"local_from_minutes"`
	To      int      `json:"local_to_minutes"`
	Offsets []Offset `json:"offsets"`
}

// Offset is a person's local time minus the schedule's time, in hours.
type Offset struct {
	Person string `json:"person"`
	Hours  int    `json:"hours"`
}

type timeZones struct{}

func (timeZones) Info() domains.Unit {
	return domains.Unit{ID: unitTimeZones, Tier: domains.Medium, Title: "time-zone fairness: minimise the worst local-time inconvenience"}
}

// ruleTimeZones names the rule that states the local times. It is no
// model group (the level counts against it), so a conflict cannot name
// it alone.
const ruleTimeZones = "time zones"

// groupZoneDef is the background group of the definition of the worst
// inconvenience.
const groupZoneDef = "core: worst local-time inconvenience"

// zoneOK reports whether slots [start, start+dur) lie within the local
// window for a person at offset h hours.
func (tz *TimeZones) zoneOK(a *Agenda, h, start, dur int) bool {
	from := a.DayStart + start*a.SlotMin + 60*h
	to := a.DayStart + (start+dur)*a.SlotMin + 60*h
	return from >= tz.From && to <= tz.To
}

// outside returns the number of slots of [start, start+dur) that do not
// lie wholly within the local window for a person at offset h hours.
func (tz *TimeZones) outside(a *Agenda, h, start, dur int) int {
	n := 0
	for t := start; t < start+dur; t++ {
		if !tz.zoneOK(a, h, t, 1) {
			n++
		}
	}
	return n
}

// zoneHours returns the offset of every person who has one.
func (a *Agenda) zoneHours() map[string]int {
	out := map[string]int{}
	for _, o := range a.TimeZones.Offsets {
		out[o.Person] = o.Hours
	}
	return out
}

// zoneCost returns the inconvenience of activity i at slots [start,
// start+dur): the largest over its attendees (offset 0 without one) of
// the slots outside their local window. hours is zoneHours.
func (a *Agenda) zoneCost(hours map[string]int, i, start, dur int) int {
	c := 0
	for _, p := range a.Activities[i].Attendees {
		c = max(c, a.TimeZones.outside(a, hours[p], start, dur))
	}
	return c
}

// zoneMax returns the largest inconvenience any placement of any
// activity can have (0 without the unit's data): the level exists when
// it is positive. The longest length of each start covers the others.
func (a *Agenda) zoneMax() int {
	if a.TimeZones == nil {
		return 0
	}
	hours := a.zoneHours()
	w := 0
	for i := range a.Activities {
		ls := a.lengths(i)
		l := ls[len(ls)-1]
		for s := 0; s+ls[0] <= a.Slots; s++ {
			w = max(w, a.zoneCost(hours, i, s, min(l, a.Slots-s)))
		}
	}
	return w
}

// Sample draws the local window — the whole hours around the grid, widened
// by up to an hour on each side, so that it holds the grid at offset 0 —
// and, for people in a seeded order, an offset of −3..+3 hours (not 0)
// among those that cut some activity of the person and keep the grid
// within one local day. The first person with such an offset gets one,
// each later one with probability 1/2. Offsets need not keep the hidden
// schedule within the window: the window is no rule, and when no plan
// keeps everyone within it the level decides how far out the worst one is.
func (timeZones) Sample(a *Agenda, r *rand.Rand) {
	L := a.Slots * a.SlotMin
	tz := &TimeZones{From: max(0, (a.DayStart/60-r.IntN(2))*60), To: min(24*60, ((a.DayStart+L+59)/60+r.IntN(2))*60)}
	a.TimeZones = tz
	first := true
	for _, pi := range r.Perm(len(a.People)) {
		p := a.People[pi].Name
		acts := a.attends(p)
		if len(acts) == 0 {
			continue
		}
		var cand []int
		for h := -3; h <= 3; h++ {
			if h == 0 || a.DayStart+60*h < 0 || a.DayStart+L+60*h > 24*60 {
				continue
			}
			if a.zoneBinds(acts, h) {
				cand = append(cand, h)
			}
		}
		if len(cand) == 0 {
			continue
		}
		h := cand[r.IntN(len(cand))]
		if !first && r.IntN(2) == 0 {
			continue
		}
		first = false
		tz.Offsets = append(tz.Offsets, Offset{p, h})
	}
	rank := a.personIndex()
	sort.Slice(tz.Offsets, func(x, y int) bool { return rank[tz.Offsets[x].Person] < rank[tz.Offsets[y].Person] })
}

// zoneBinds reports whether offset h leaves some start of some activity of
// acts outside the window.
func (a *Agenda) zoneBinds(acts []int, h int) bool {
	for _, i := range acts {
		dur := a.Activities[i].Duration
		for s := 0; s+dur <= a.Slots; s++ {
			if !a.TimeZones.zoneOK(a, h, s, dur) {
				return true
			}
		}
	}
	return false
}

// zoneList returns the offsets of people who attend something.
func (a *Agenda) zoneList() []Offset {
	if a.TimeZones == nil {
		return nil
	}
	var out []Offset
	for _, o := range a.TimeZones.Offsets {
		if len(a.attends(o.Person)) > 0 {
			out = append(out, o)
		}
	}
	return out
}

// Model adds no rule: the window is counted by the level.
func (timeZones) Model(*builder) {}

// levels: one level, the worst inconvenience, in unary: with K = zoneMax,
// worst[k] (k = 1..K) is true exactly when some activity's time choice
// has inconvenience k or more —
//
//	y → worst[c]            for each time literal y of inconvenience c > 0
//	worst[k+1] → worst[k]
//	worst[k] → ∨{y : inconvenience of y ≥ k}
//
// — so the sum of worst[1..K] is the largest inconvenience of the chosen
// times. None when no placement can be inconvenient.
func (timeZones) Levels(b *builder) [][]encode.Term {
	a := b.a
	K := a.zoneMax()
	if K == 0 {
		return nil
	}
	hours := a.zoneHours()
	worst := make([]encode.Lit, K+1)
	var terms []encode.Term
	for k := 1; k <= K; k++ {
		v := b.newBool(worstName(k))
		worst[k] = v.Lit()
		terms = append(terms, encode.Term{Var: v, Coef: 1})
	}
	at := make([][]encode.Lit, K+1) // at[k]: the time literals of inconvenience ≥ k
	for i := range a.Activities {
		for _, key := range a.timeKeys(i) {
			c := a.zoneCost(hours, i, key.start, key.dur)
			if c == 0 {
				continue
			}
			y := b.y[i][key].Lit()
			b.m.AddAtLeast([]encode.Lit{y.Not(), worst[c]}, 1).Named(fmt.Sprintf("%s: %s %d.%d+%d", groupZoneDef, a.Activities[i].Name, key.day, key.start, key.dur)).InGroup(groupZoneDef)
			for k := 1; k <= c; k++ {
				at[k] = append(at[k], y)
			}
		}
	}
	for k := 1; k <= K; k++ {
		if k < K {
			b.m.AddAtLeast([]encode.Lit{worst[k+1].Not(), worst[k]}, 1).Named(fmt.Sprintf("%s: chain %d", groupZoneDef, k)).InGroup(groupZoneDef)
		}
		b.m.AddAtLeast(at[k], 1).OnlyIf(worst[k]).Named(fmt.Sprintf("%s: at least %d", groupZoneDef, k)).InGroup(groupZoneDef)
	}
	return [][]encode.Term{terms}
}

// worstName names the indicator "the worst inconvenience is k slots or
// more".
func worstName(k int) string { return fmt.Sprintf("worstInconvenience>=%d", k) }

// values: the largest inconvenience of any activity at its placement.
func (timeZones) values(a *Agenda, pl []placement) []int64 {
	if a.zoneMax() == 0 {
		return nil
	}
	hours := a.zoneHours()
	w := 0
	for i, p := range pl {
		w = max(w, a.zoneCost(hours, i, p.start, a.plen(i, p)))
	}
	return []int64{int64(w)}
}

func (timeZones) goalText(a *Agenda) []string {
	if a.zoneMax() == 0 {
		return nil
	}
	v := a.Voc
	return []string{fmt.Sprintf("keep the worst local-time inconvenience as small as possible: the inconvenience of %s at one of their %s is the number of %d-minute slots of that %s that fall outside the %s's local working hours (rule %q), and the largest inconvenience of any %s at any of their %s is as small as possible",
		prose.An(v.person()), v.Activities, a.SlotMin, v.Activity, v.person(), ruleTimeZones, v.person(), v.Activities)}
}

func (timeZones) levelNoun(*Agenda) string { return "the worst inconvenience" }

// minutesClock formats minutes after midnight as HH:MM.
func minutesClock(m int) string { return fmt.Sprintf("%02d:%02d", m/60, m%60) }

// offsetText says "2 hours ahead of" or "1 hour behind".
func offsetText(h int) string {
	dir := "ahead of"
	if h < 0 {
		dir, h = "behind", -h
	}
	return fmt.Sprintf("%d %s %s", h, prose.Plural(h, "hour", "hours"), dir)
}

// Rules: one rule that states the local times and the working hours, when
// the level exists.
func (timeZones) Rules(a *Agenda) []rule {
	if a.zoneMax() == 0 {
		return nil
	}
	tz, v := a.TimeZones, a.Voc
	var parts []string
	for _, o := range a.zoneList() {
		parts = append(parts, fmt.Sprintf("%s's local time is %s the schedule's times (when the schedule says %s, it is %s for %s)",
			o.Person, offsetText(o.Hours), a.clock(0), minutesClock(a.DayStart+60*o.Hours), o.Person))
	}
	text := "Local times: "
	if len(parts) > 0 {
		text += strings.Join(parts, "; ") + "; every other " + v.person() + " is in the schedule's time zone. "
	} else {
		text += "every " + v.person() + " is in the schedule's time zone. "
	}
	text += fmt.Sprintf("The local working hours of every %s are %s to %s local time. (This is not a requirement: the goal counts the time outside local working hours.)",
		v.person(), minutesClock(tz.From), minutesClock(tz.To))
	return []rule{{Name: ruleTimeZones, Text: text}}
}

// Items: none; the level is part of the optimum ("optimal").
func (timeZones) Items(*Agenda) []domains.Item { return nil }

func (timeZones) Check(*Agenda, *answer, fails) {}

// ---- key-person change (hard): a replacement takes over ----
//
// Person Leaves has left before the schedule; Replacement attends every
// activity Leaves was to attend. The instance's attendee lists already
// name the replacement (sample rewrites them), so every rule about people
// applies to the replacement there; the unit states the change and checks
// the replacement's activities.

// KeyPerson is the data of the key-person unit: Activities are the ones
// Leaves was to attend, which Replacement now attends.
type KeyPerson struct {
	Leaves      string   `json:"leaves"`
	Replacement string   `json:"replacement"`
	Activities  []string `json:"activities"`
}

type keyPerson struct{}

func (keyPerson) Info() domains.Unit {
	return domains.Unit{ID: unitKeyPerson, Tier: domains.Hard, Title: "key-person change"}
}

// ruleKeyPerson names the rule that states the change. It is no model
// group (the attendee lists carry it), so a conflict cannot name it alone.
const ruleKeyPerson = "key-person change"

// Sample picks X, who attends something, and Y, who attends none of X's
// activities (neither a candidate of a recruitment skin), and rewrites X's
// activities to Y. Pairs are tried with X in
// a seeded order and, for each X, first the Y who attend something in a
// seeded order, then the others; with a hidden schedule the first pair
// whose rewrite keeps it valid (Y's activities apart, with the buffer gap
// when the buffer unit is sampled) is kept. If none does, the first pair
// is kept and a new hidden schedule is drawn (one that keeps the split
// unit's rule, which samples first). The unit is first in the
// pool: every other unit draws its data from the new attendee lists.
func (keyPerson) Sample(a *Agenda, r *rand.Rand) {
	a.KeyPerson = nil
	type pair struct{ x, y string }
	var pairs []pair
	for _, xi := range r.Perm(len(a.People)) {
		x := a.People[xi].Name
		acts := a.attends(x)
		if len(acts) == 0 || a.isCandidate(x) {
			continue
		}
		var busy, idle []string
		for _, yi := range r.Perm(len(a.People)) {
			y := a.People[yi].Name
			if y == x || sharesAny(a, acts, y) || a.isCandidate(y) {
				continue
			}
			if len(a.attends(y)) > 0 {
				busy = append(busy, y)
			} else {
				idle = append(idle, y)
			}
		}
		for _, y := range append(busy, idle...) {
			pairs = append(pairs, pair{x, y})
		}
	}
	if len(pairs) == 0 {
		return
	}
	for _, p := range pairs {
		acts := a.attends(p.x)
		a.replace(acts, p.x, p.y)
		if a.planted == nil || a.plantedFor(acts) {
			a.KeyPerson = &KeyPerson{Leaves: p.x, Replacement: p.y, Activities: a.actNames(acts)}
			return
		}
		a.replace(acts, p.y, p.x)
	}
	p := pairs[0]
	acts := a.attends(p.x)
	a.replace(acts, p.x, p.y)
	a.KeyPerson = &KeyPerson{Leaves: p.x, Replacement: p.y, Activities: a.actNames(acts)}
	// The new hidden schedule must keep the rules drawn before this unit
	// (split's order of parts, which plant does not see): the first of
	// up to 30 that does, else none.
	a.planted = nil
	for try := 0; try < 30 && a.planted == nil; try++ {
		if q := a.plant(r); q != nil && a.plantedOK(q, unitKeyPerson) {
			a.planted = q
		}
	}
}

// sharesAny reports whether y attends one of acts.
func sharesAny(a *Agenda, acts []int, y string) bool {
	for _, i := range acts {
		if attendsAct(a.Activities[i], y) {
			return true
		}
	}
	return false
}

// replace puts person to in place of from in the attendee lists of acts
// (new slices, in the order of the people).
func (a *Agenda) replace(acts []int, from, to string) {
	for _, i := range acts {
		att := make([]string, len(a.Activities[i].Attendees))
		for k, n := range a.Activities[i].Attendees {
			if n == from {
				n = to
			}
			att[k] = n
		}
		sortByOrder(att, a.People)
		a.Activities[i].Attendees = att
	}
}

// plantedFor reports whether each of acts can keep its hidden placement.
func (a *Agenda) plantedFor(acts []int) bool {
	for _, i := range acts {
		if !a.plantable(a.planted, i, a.planted[i]) {
			return false
		}
	}
	return true
}

func (a *Agenda) actNames(acts []int) []string {
	var out []string
	for _, i := range acts {
		out = append(out, a.Activities[i].Name)
	}
	return out
}

// takenOver returns the activities of the change that exist.
func (a *Agenda) takenOver() []int {
	if a.KeyPerson == nil {
		return nil
	}
	var out []int
	for _, n := range a.KeyPerson.Activities {
		if i := a.actIndex(n); i >= 0 {
			out = append(out, i)
		}
	}
	return out
}

func (keyPerson) Model(*builder) {}

func (keyPerson) Rules(a *Agenda) []rule {
	k := a.KeyPerson
	if k == nil {
		return nil
	}
	v := a.Voc
	return []rule{{Name: ruleKeyPerson, Text: fmt.Sprintf("%s has left. %s takes %s's place and attends every %s %s was to attend: %s. The table already lists %s there, so every rule about people applies to %s for these %s.",
		k.Leaves, k.Replacement, k.Leaves, v.Activity, k.Leaves, prose.JoinAnd(k.Activities), k.Replacement, k.Replacement, v.Activities)}}

}

func (keyPerson) Items(a *Agenda) []domains.Item {
	text := "No one is replaced."
	if k := a.KeyPerson; k != nil {
		text = fmt.Sprintf("%s, who replaces %s, attends no two %s at the same time, counting those taken over (%s).", k.Replacement, k.Leaves, a.Voc.Activities, strings.Join(k.Activities, ", "))
	}
	return []domains.Item{domains.FeasibilityItem(unitKeyPerson, unitKeyPerson, domains.Hard, text)}
}

func (keyPerson) Check(a *Agenda, ans *answer, f fails) {
	k := a.KeyPerson
	if k == nil {
		return
	}
	over := map[int]bool{}
	for _, i := range a.takenOver() {
		over[i] = true
	}
	acts := a.attends(k.Replacement)
	for x, i := range acts {
		for _, j := range acts[x+1:] {
			p, q := ans.pl[i], ans.pl[j]
			if !over[i] && !over[j] || !p.ok || !q.ok || p.day != q.day {
				continue
			}
			if p.start < q.start+a.plen(j, q) && q.start < p.start+a.plen(i, p) {
				f.Add(unitKeyPerson, fmt.Sprintf("%s (replacing %s) has %s and %s at the same time", k.Replacement, k.Leaves, a.Activities[i].Name, a.Activities[j].Name))
			}
		}
	}
}

// validateExtra checks the data of the four units above in an instance
// read from JSON (names resolve, spans are sane); validate should call it.
func (a *Agenda) validateExtra() error {
	people := a.personIndex()
	for _, n := range a.Confidential {
		if a.actIndex(n) < 0 {
			return fmt.Errorf("confidential: unknown activity %q", n)
		}
	}
	for _, n := range a.PrivateRooms {
		if a.roomIndex(n) < 0 {
			return fmt.Errorf("private rooms: unknown room %q", n)
		}
	}
	if a.MaxIdle < 0 {
		return fmt.Errorf("max_idle_slots %d is negative", a.MaxIdle)
	}
	if tz := a.TimeZones; tz != nil {
		if tz.From < 0 || tz.From >= tz.To || tz.To > 24*60 {
			return fmt.Errorf("time zones: window [%d, %d) is not within a day", tz.From, tz.To)
		}
		for _, o := range tz.Offsets {
			if _, ok := people[o.Person]; !ok {
				return fmt.Errorf("time zones: unknown person %q", o.Person)
			}
			if o.Hours < -12 || o.Hours > 14 {
				return fmt.Errorf("time zones: offset %d of %q", o.Hours, o.Person)
			}
		}
	}
	if k := a.KeyPerson; k != nil {
		if _, ok := people[k.Leaves]; !ok {
			return fmt.Errorf("key person: unknown person %q", k.Leaves)
		}
		if _, ok := people[k.Replacement]; !ok {
			return fmt.Errorf("key person: unknown person %q", k.Replacement)
		}
		for _, n := range k.Activities {
			if a.actIndex(n) < 0 {
				return fmt.Errorf("key person: unknown activity %q", n)
			}
		}
	}
	return nil
}
