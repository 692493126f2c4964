package scheduling

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/domains/prose"
	"github.com/plancert/plancert/encode"
)

// Agenda is an instance of the agenda core: timed activities on a day ×
// slot grid, with people and rooms. A plan gives each activity a day, a
// start slot and a room. Always on: every activity is scheduled once and
// ends by the end of its day; a person attends one activity at a time; a
// room holds one activity at a time. The sampled units add the rest.
//
// Two plans are the same plan when every activity has the same day, start
// and room (the answer variables are the placement choices).
type Agenda struct {
	// solving is lent by Generate's caller for the generator's own
	// solves, for that call only.
	solving domains.Solving

	Sp         domains.Spec `json:"spec"`
	Voc        Vocab        `json:"vocabulary"`
	Days       []string     `json:"days"`
	DayStart   int          `json:"day_start_minutes"`
	SlotMin    int          `json:"slot_minutes"`
	Slots      int          `json:"slots_per_day"`
	People     []Person     `json:"people"`
	Rooms      []Room       `json:"rooms"`
	Activities []Activity   `json:"activities"`
	// Unit data; zero when the unit is not sampled.
	Buffer   int         `json:"buffer_slots,omitempty"`
	DailyCap int         `json:"daily_cap,omitempty"`
	Chains   [][2]string `json:"chains,omitempty"`
	// ChainDays: day rules of chain pairs (chain-days unit).
	ChainDays []ChainDay `json:"chain_days,omitempty"`
	// WorkingHours: the daily window of each part-timer (working-hours unit).
	WorkingHours []Hours `json:"working_hours,omitempty"`
	// MaxRun: the longest stretch, in slots, a person may be busy without a
	// free slot (consecutive-limit unit).
	MaxRun int `json:"max_run_slots,omitempty"`
	// Cooldown: the days between two activities with the same tag (cooldown
	// unit).
	Cooldown int `json:"cooldown_days,omitempty"`
	// Current and Disruption: the plan before a change, and the change
	// (replanning unit).
	Current    []Booking   `json:"current_plan,omitempty"`
	Disruption *Disruption `json:"disruption,omitempty"`
	// Units of units_extra.go: confidential activities and private rooms;
	// the idle-time cap in slots; time zones; the key-person change.
	Confidential []string   `json:"confidential,omitempty"`
	PrivateRooms []string   `json:"private_rooms,omitempty"`
	MaxIdle      int        `json:"max_idle_slots,omitempty"`
	TimeZones    *TimeZones `json:"time_zones,omitempty"`
	KeyPerson    *KeyPerson `json:"key_person,omitempty"`
	// FailRoom is the room that may fail (room-failure unit): the answer
	// also gives a schedule that does without it.
	FailRoom string `json:"fail_room,omitempty"`
	// Critical names the critical activities (backup-slots unit): the
	// answer also gives a backup placement for each.
	Critical []string `json:"critical,omitempty"`
	// Roles lists the activities that need a person in a role
	// (required-role unit): the answer names who takes each.
	Roles []RoleNeed `json:"roles,omitempty"`
	// MinLengths: the activities that may be shortened, with their
	// minimum (min-duration unit). Splits: the activities done in two
	// parts (split unit).
	MinLengths []MinLen `json:"min_lengths,omitempty"`
	Splits     []Split  `json:"splits,omitempty"`
	// TieBreaks is the number of stated tie-break levels (0, 1 or 2).
	TieBreaks int `json:"tie_breaks"`
	// Candidates names the people who are candidates (recruitment skins,
	// recruit.go): each attends its own interview stages; the other
	// people are the interviewers. Empty for the other skins.
	Candidates []string `json:"candidates,omitempty"`
	// Apart: sets of activities no two of which overlap in time
	// (mutual-exclusion unit). Deadlines: latest ends (deadline unit).
	Apart     [][]string `json:"apart,omitempty"`
	Deadlines []Deadline `json:"deadlines,omitempty"`

	// xvars are the placement variables of the last model built, for
	// decoding.
	xvars [][]encode.Var
	// fxvars are the placement variables of the failure schedule of the
	// last model built (room-failure unit), nil without one.
	fxvars [][]encode.Var
	// bxvars are the placement variables of each backup of the last model
	// built (backup-slots unit), in the order of Critical; nil without.
	bxvars [][]encode.Var
	// rvars are the role choice variables of the last model built
	// (required-role unit), per role; nil without.
	rvars [][]encode.Var
	// planted is a hidden schedule drawn before the units sample their
	// data; units keep it feasible, so that instances are feasible unless
	// the infeasibility unit breaks them on purpose. Nil when none could
	// be drawn. Not part of the instance.
	planted []placement
	// stageOf gives, per activity, its candidate and stage position
	// (recruitment skins: the hidden schedule keeps a candidate's stages
	// in order, and the chain unit orders them); nil otherwise. Not part
	// of the instance.
	stageOf []stageRef
	// equipPool, tagPool and tagsFixed are the subtask's generation data
	// (room-fit and cooldown units); not part of the instance.
	equipPool []string
	tagPool   []string
	tagsFixed bool
	cache     *agendaCache
}

// Vocab is a task's skin: the words the prompt and the answer use. The
// fields after Intro are optional; their methods give the defaults.
type Vocab struct {
	Activity   string `json:"activity"`   // "meeting"
	Activities string `json:"activities"` // "meetings"
	Room       string `json:"room"`       // "room"
	Rooms      string `json:"rooms"`      // "rooms"
	People     string `json:"people"`     // "people" (a label; the prose uses Person and Attendees)
	Intro      string `json:"intro"`      // first paragraph of the prompt
	// Person is one of the people: "attendee", "class", "segment".
	Person string `json:"person,omitempty"`
	// Attendees heads the table column of an activity's people and names
	// them in prose ("its attendees", "its classes").
	Attendees string `json:"attendees,omitempty"`
	// With joins an activity to one of its people: "meetings with Ana",
	// "emails to Lapsed customers", "sections taught by Dr Alvarez".
	With string `json:"with,omitempty"`
	// Seat and Seats count a room's capacity, one per person (room-fit
	// unit): "seat"/"seats", "place"/"places".
	Seat  string `json:"seat,omitempty"`
	Seats string `json:"seats,omitempty"`
	// Tag says what the cool-down tag of an activity is: "muscle group",
	// "subject" (cooldown unit).
	Tag string `json:"tag,omitempty"`
	// Apart says why a set of activities must be kept apart in time
	// (mutual-exclusion unit): "they take down services that must not be
	// down together". Deadline names a deadline (deadline unit):
	// "waiting-time target".
	Apart    string `json:"apart,omitempty"`
	Deadline string `json:"deadline,omitempty"`
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// person is the singular of People ("person" by default).
func (v Vocab) person() string { return orDefault(v.Person, "person") }

// attendees is the plural for an activity's people ("attendees").
func (v Vocab) attendees() string { return orDefault(v.Attendees, "attendees") }

// with returns "meetings with Ana": the plural or singular activity word
// joined to person p.
func (v Vocab) with(act, p string) string { return act + " " + orDefault(v.With, "with") + " " + p }

// seats returns "1 seat", "3 seats" (the capacity noun with its count).
func (v Vocab) seats(n int) string {
	return fmt.Sprintf("%d %s", n, prose.Plural(n, orDefault(v.Seat, "seat"), v.seatsHeader()))
}

func (v Vocab) seatsHeader() string { return orDefault(v.Seats, "seats") }

// tag is what a cool-down tag stands for ("group").
func (v Vocab) tag() string { return orDefault(v.Tag, "group") }

// Person is someone who attends activities; Busy lists when they are not
// free (only with the availability unit).
type Person struct {
	Name string `json:"name"`
	Busy []Span `json:"busy,omitempty"`
}

// Span is the slots [From, To) of one day.
type Span struct {
	Day  int `json:"day"`
	From int `json:"from"`
	To   int `json:"to"`
}

// Room is a place with seats and equipment (both used only with the room-fit
// unit).
type Room struct {
	Name      string   `json:"name"`
	Seats     int      `json:"seats,omitempty"`
	Equipment []string `json:"equipment,omitempty"`
}

// Activity is something to schedule: Duration slots long, with its
// attendees, the equipment it needs (room-fit unit) and its priority (the
// weight of its end time in the goal).
type Activity struct {
	Name      string   `json:"name"`
	Duration  int      `json:"duration"`
	Attendees []string `json:"attendees"`
	Needs     []string `json:"needs,omitempty"`
	Priority  int      `json:"priority"`
	// Tag groups activities for the cooldown unit (a muscle group, a
	// subject, a topic).
	Tag string `json:"tag,omitempty"`
	// DurationMin is the shortest possible length when the length is
	// uncertain (uncertain-durations unit); Duration is then the longest,
	// which every rule uses.
	DurationMin int `json:"duration_min,omitempty"`
	// Flexible makes the length a choice of the plan: any whole number of
	// slots up to Duration (min-duration and split units, whose rules
	// bound it from below).
	Flexible bool `json:"flexible,omitempty"`
}

// lengths returns the lengths activity i may be given, shortest first.
func (a *Agenda) lengths(i int) []int {
	act := a.Activities[i]
	if !act.Flexible {
		return []int{act.Duration}
	}
	out := make([]int, 0, act.Duration)
	for l := 1; l <= act.Duration; l++ {
		out = append(out, l)
	}
	return out
}

// flexible reports whether some activity's length is a choice of the plan;
// the answer then states each activity's end.
func (a *Agenda) flexible() bool {
	for _, act := range a.Activities {
		if act.Flexible {
			return true
		}
	}
	return false
}

// Spec implements domains.Instance.
func (a *Agenda) Spec() domains.Spec { return a.Sp }

func (a *Agenda) has(unit string) bool {
	if a.cache != nil {
		return a.cache.has[unit]
	}
	return a.Sp.Has(unit)
}

// agendaCache holds what is derived from the spec alone, for the hot path
// of checking answers. It is set by the generator and the loader, after
// which the spec does not change; instances built by hand go without.
type agendaCache struct {
	has   map[string]bool
	units []unit
	// items[0] and items[1] are the checklists of an infeasible and a
	// feasible reference, for their IDs and kinds (texts vary).
	items [2][]domains.Item
	// Name indexes for parsing answers, and who attends what.
	actIdx, dayIdx, roomIdx map[string]int
	attends                 map[string][]int
}

func (a *Agenda) freeze() {
	c := &agendaCache{has: map[string]bool{}}
	for _, id := range a.Sp.Units() {
		c.has[id] = true
	}
	for _, u := range pool {
		if c.has[u.Info().ID] {
			c.units = append(c.units, u)
		}
	}
	c.actIdx, c.dayIdx, c.roomIdx = a.indexes()
	c.attends = map[string][]int{}
	for _, p := range a.People {
		c.attends[p.Name] = a.attends(p.Name)
	}
	a.cache = c
	c.items[0] = a.Checklist(domains.Reference{Feasible: false})
	c.items[1] = a.Checklist(domains.Reference{Feasible: true, Objective: []int64{0}})
}

// option is one placement of an activity: its day, start slot, room and
// length in slots.
type option struct{ day, start, room, dur int }

// options lists the placements of activity i in a fixed order: day, start,
// length, room. Every option ends by the end of its day.
func (a *Agenda) options(i int) []option {
	var out []option
	ls := a.lengths(i)
	for d := range a.Days {
		for s := 0; s+ls[0] <= a.Slots; s++ {
			for _, l := range ls {
				if s+l > a.Slots {
					break
				}
				for r := range a.Rooms {
					out = append(out, option{d, s, r, l})
				}
			}
		}
	}
	return out
}

// tkey is a time choice of an activity: day, start slot and length.
type tkey struct{ day, start, dur int }

// timeKeys lists the time choices of activity i in the order of options.
func (a *Agenda) timeKeys(i int) []tkey {
	var out []tkey
	ls := a.lengths(i)
	for d := range a.Days {
		for s := 0; s+ls[0] <= a.Slots; s++ {
			for _, l := range ls {
				if s+l <= a.Slots {
					out = append(out, tkey{d, s, l})
				}
			}
		}
	}
	return out
}

// clock formats slot s of a day as HH:MM.
func (a *Agenda) clock(s int) string {
	m := a.DayStart + s*a.SlotMin
	return fmt.Sprintf("%02d:%02d", m/60, m%60)
}

// parseClock returns the slot of an HH:MM time, or -1 when it is not on the
// grid of the day.
func (a *Agenda) parseClock(t string) int {
	if s := a.gridSlots(t); s < a.Slots {
		return s
	}
	return -1
}

// parseEnd returns the slot boundary of an HH:MM end time: the slots from
// the start of the day, 0 or more (past Slots when it ends after the day,
// which the coverage item reports), or -1 when it is not on the grid.
func (a *Agenda) parseEnd(t string) int { return a.gridSlots(t) }

// gridSlots returns the slots from the start of the day to the HH:MM time
// t, or -1 when t is no such time or lies before the day or off the grid.
func (a *Agenda) gridSlots(t string) int {
	if len(t) != 5 || t[2] != ':' {
		return -1
	}
	d := func(c byte) int {
		if c < '0' || c > '9' {
			return -100000
		}
		return int(c - '0')
	}
	h, m := d(t[0])*10+d(t[1]), d(t[3])*10+d(t[4])
	if h < 0 || h > 23 || m < 0 || m > 59 {
		return -1
	}
	off := h*60 + m - a.DayStart
	if off < 0 || off%a.SlotMin != 0 {
		return -1
	}
	return off / a.SlotMin
}

// end returns the goal's end index of a placement: slots from the start of
// the first day, each day counting Slots.
func (a *Agenda) end(i int, o option) int { return o.day*a.Slots + o.start + o.dur }

// xName and yName name the placement variable of option o and the time
// variable of time choice k of activity i; a length is part of the name
// only when the length is a choice.
func (a *Agenda) xName(i int, o option) string {
	return fmt.Sprintf("x[%s|%s|%s%s|%s]", a.Activities[i].Name, a.Days[o.day], a.clock(o.start), a.lenSuffix(i, o.dur), a.Rooms[o.room].Name)
}

func (a *Agenda) yName(i int, k tkey) string {
	return fmt.Sprintf("y[%s|%s|%s%s]", a.Activities[i].Name, a.Days[k.day], a.clock(k.start), a.lenSuffix(i, k.dur))
}

func (a *Agenda) lenSuffix(i, dur int) string {
	if !a.Activities[i].Flexible {
		return ""
	}
	return fmt.Sprintf("+%d", dur)
}

// plen returns the length of placement p of activity i: the activity's
// Duration when its length is fixed, else p's length (the activity's
// Duration when p has none).
func (a *Agenda) plen(i int, p placement) int {
	if p.dur > 0 && a.Activities[i].Flexible {
		return p.dur
	}
	return a.Activities[i].Duration
}

// opt returns placement p of activity i as an option.
func (a *Agenda) opt(i int, p placement) option { return option{p.day, p.start, p.room, a.plen(i, p)} }

// background reports whether a group is an always-on rule (rules 1–3, and
// their copies in a scenario such as the failure schedule), which a
// conflict answer need not name.
func background(group string) bool { return domains.AlwaysOn(group) }

// Core group names.
func groupOnce(act string) string { return "core: " + act + " is scheduled once" }
func groupPerson(p string) string { return "core: " + p + " attends one at a time" }
func groupRoom(r string) string   { return "core: " + r + " holds one at a time" }
func (a *Agenda) personIndex() map[string]int {
	idx := map[string]int{}
	for i, p := range a.People {
		idx[p.Name] = i
	}
	return idx
}

// builder holds the model under construction.
type builder struct {
	a     *Agenda
	m     *encode.Model
	opts  [][]option
	x     [][]encode.Var        // x[i][k]: activity i takes option k
	y     []map[tkey]encode.Var // y[i][{day, start, length}]: activity i takes that time, in any room
	end   []encode.Var          // goal end index per activity
	start []encode.Var          // global start slot per activity (tie-break 2)
	room  []encode.Var          // room index per activity (tie-break 1)
	// length is the length in slots of each activity whose length is a
	// choice (Flexible), zero Var otherwise.
	length []encode.Var
	// failure is set on the builder of the schedule if the room fails
	// (room-failure unit); pfx then prefixes its variable names, and
	// Model prefixes its constraint and group names.
	failure bool
	pfx     string
	// choice[k][x]: the x-th qualified person takes role k
	// (required-role unit); z caches ptimes' literals.
	choice [][]encode.Var
	z      map[zkey]encode.Lit
	// idle are the idle indicators of every person and day (fragmentation
	// unit), the terms of its level.
	idle []encode.Var
}

// newBool and newInt add a variable named with the builder's prefix; every
// variable of the core and the units is made through them.
func (b *builder) newBool(name string) encode.Var { return b.m.NewBool(b.pfx + name) }
func (b *builder) newInt(name string, lo, hi int64) encode.Var {
	return b.m.NewInt(b.pfx+name, lo, hi)
}

// lits returns the option literals of activity i selected by f.
func (b *builder) lits(i int, f func(option) bool) []encode.Lit {
	var out []encode.Lit
	for k, o := range b.opts[i] {
		if f(o) {
			out = append(out, b.x[i][k].Lit())
		}
	}
	return out
}

// times returns the time literals of activity i whose (day, start,
// length) is selected by f. Constraints on people use them; only room
// constraints need the room of an option.
func (b *builder) times(i int, f func(day, start, dur int) bool) []encode.Lit {
	var out []encode.Lit
	for _, k := range b.a.timeKeys(i) {
		if f(k.day, k.start, k.dur) {
			out = append(out, b.y[i][k].Lit())
		}
	}
	return out
}

// covers reports whether option o occupies slot t of day d, extended by
// ext slots after its end.
func (b *builder) covers(o option, d, t, ext int) bool {
	return o.day == d && o.start <= t && t < o.start+o.dur+ext
}

// oneAtATime adds "at most one of these activities occupies any slot",
// with occupation extended by ext slots, as one group.
//
// With person p (room < 0), the activities are p's and their time
// literals are p's (ptimes).
func (b *builder) oneAtATime(acts []int, ext int, group string, room int, p string) {
	for d := range b.a.Days {
		for t := 0; t < b.a.Slots; t++ {
			var ls []encode.Lit
			for _, i := range acts {
				if room < 0 {
					ls = append(ls, b.ptimes(p, i, func(day, s, dur int) bool {
						return b.covers(option{day, s, 0, dur}, d, t, ext)
					})...)
					continue
				}
				ls = append(ls, b.lits(i, func(o option) bool {
					return o.room == room && b.covers(o, d, t, ext)
				})...)
			}
			if len(ls) > 1 {
				b.m.AddAtMost(ls, 1).Named(fmt.Sprintf("%s @%d.%d", group, d, t)).InGroup(group)
			}
		}
	}
}

// attends returns the activities person p attends.
func (a *Agenda) attends(p string) []int {
	if a.cache != nil {
		if l, ok := a.cache.attends[p]; ok {
			return l
		}
	}
	var out []int
	for i, act := range a.Activities {
		for _, n := range act.Attendees {
			if n == p {
				out = append(out, i)
				break
			}
		}
	}
	return out
}

// Model implements domains.Instance. With the room-failure unit it holds
// two schedules: the normal one, and the one if the room fails, whose
// variables, constraints and groups are prefixed "if R fails: "; the
// objective levels are the normal schedule's, then the failure schedule's.
func (a *Agenda) Model() (*encode.Model, error) {
	m := encode.NewModel()
	b := a.build(m, false)
	var answer []encode.Var
	for _, xs := range b.x {
		answer = append(answer, xs...)
	}
	for _, vs := range b.choice {
		answer = append(answer, vs...)
	}
	a.xvars, a.fxvars, a.rvars = b.x, nil, b.choice
	if a.failIndex() >= 0 {
		c0 := len(m.Constraints)
		fb := a.build(m, true)
		for _, c := range m.Constraints[c0:] {
			c.Name, c.Group = fb.pfx+c.Name, fb.pfx+c.Group
		}
		for _, xs := range fb.x {
			answer = append(answer, xs...)
		}
		a.fxvars = fb.x
	}
	a.bxvars = a.buildBackups(b)
	for _, xs := range a.bxvars {
		answer = append(answer, xs...)
	}
	m.SetAnswer(answer...)
	return m, nil
}

// build adds one schedule's variables, constraints and objective levels
// to m: the normal schedule, or the one if the room fails.
func (a *Agenda) build(m *encode.Model, failure bool) *builder {
	b := &builder{a: a, m: m, failure: failure}
	if failure {
		b.pfx = a.failPrefix()
	}
	n := len(a.Activities)
	b.opts, b.x, b.y = make([][]option, n), make([][]encode.Var, n), make([]map[tkey]encode.Var, n)
	b.end, b.start, b.room = make([]encode.Var, n), make([]encode.Var, n), make([]encode.Var, n)
	b.length = make([]encode.Var, n)
	for i := range a.Activities {
		b.place(i)
	}
	b.roleVars()
	b.rules()
	b.objectives()
	return b
}

// place adds activity i's placement variables and the always-on rule that
// it is scheduled once.
func (b *builder) place(i int) {
	a, m, act := b.a, b.m, b.a.Activities[i]
	horizon := int64(len(a.Days) * a.Slots)
	opts := a.options(i)
	b.opts[i] = opts
	xs := make([]encode.Var, len(opts))
	for k, o := range opts {
		xs[k] = b.newBool(a.xName(i, o))
	}
	b.x[i] = xs
	b.end[i] = b.newInt("end["+act.Name+"]", 0, horizon)
	b.start[i] = b.newInt("start["+act.Name+"]", 0, horizon)
	b.room[i] = b.newInt("room["+act.Name+"]", 0, int64(len(a.Rooms)-1))
	lits := make([]encode.Lit, len(xs))
	for k := range xs {
		lits[k] = xs[k].Lit()
	}
	g := groupOnce(act.Name)
	m.AddExactly(lits, 1).Named(g)
	// Time literals: y ⇔ one of its rooms' options.
	ys := map[tkey]encode.Var{}
	byTime := map[tkey][]encode.Lit{}
	fixed := !act.Flexible
	for k, o := range opts {
		key := tkey{o.day, o.start, o.dur}
		if _, ok := ys[key]; !ok {
			ys[key] = b.newBool(a.yName(i, key))
		}
		byTime[key] = append(byTime[key], xs[k].Lit())
		m.AddAtLeast([]encode.Lit{xs[k].Not(), ys[key].Lit()}, 1).Named(fmt.Sprintf("%s: time %d", g, k)).InGroup(g)
	}
	for _, key := range a.timeKeys(i) {
		name := fmt.Sprintf("%s: room at %d.%d", g, key.day, key.start)
		if !fixed {
			name += fmt.Sprintf("+%d", key.dur)
		}
		m.AddAtLeast(byTime[key], 1).OnlyIf(ys[key].Lit()).Named(name).InGroup(g)
	}
	b.y[i] = ys
	for k, o := range opts {
		m.AddLinear([]encode.Term{{Var: b.end[i], Coef: 1}}, encode.EQ, int64(a.end(i, o))).OnlyIf(xs[k].Lit()).
			Named(fmt.Sprintf("%s: end %d", g, k)).InGroup(g)
		m.AddLinear([]encode.Term{{Var: b.start[i], Coef: 1}}, encode.EQ, int64(o.day*a.Slots+o.start)).OnlyIf(xs[k].Lit()).
			Named(fmt.Sprintf("%s: start %d", g, k)).InGroup(g)
		m.AddLinear([]encode.Term{{Var: b.room[i], Coef: 1}}, encode.EQ, int64(o.room)).OnlyIf(xs[k].Lit()).
			Named(fmt.Sprintf("%s: room %d", g, k)).InGroup(g)
	}
	if !fixed {
		b.length[i] = b.newInt("len["+act.Name+"]", 1, int64(act.Duration))
		for _, key := range a.timeKeys(i) {
			m.AddLinear([]encode.Term{{Var: b.length[i], Coef: 1}}, encode.EQ, int64(key.dur)).OnlyIf(ys[key].Lit()).
				Named(fmt.Sprintf("%s: length %d.%d+%d", g, key.day, key.start, key.dur)).InGroup(g)
		}
	}
}

// rules adds the always-on rules on people and rooms and every sampled
// unit's constraints over the builder's variables.
func (b *builder) rules() {
	a := b.a
	for _, p := range a.People {
		b.oneAtATime(a.mayAttend(p.Name), 0, groupPerson(p.Name), -1, p.Name)
	}
	all := make([]int, len(a.Activities))
	for i := range all {
		all[i] = i
	}
	for r, room := range a.Rooms {
		b.oneAtATime(all, 0, groupRoom(room.Name), r, "")
	}
	for _, u := range a.units() {
		u.Model(b)
	}
}

// objectives adds the schedule's objective levels: the units' levels, the
// goal, then the tie-breaks.
func (b *builder) objectives() {
	a, m := b.a, b.m
	// Levels of units first (e.g. fewest changes), then the goal.
	for _, l := range a.levelers() {
		for _, terms := range l.Levels(b) {
			m.Minimize(terms...)
		}
	}
	// Goal: minimize sum of priority × end.
	var goal []encode.Term
	for i, act := range a.Activities {
		goal = append(goal, encode.Term{Var: b.end[i], Coef: int64(act.Priority)})
	}
	m.Minimize(goal...)
	n := int64(len(a.Activities))
	if a.TieBreaks >= 1 {
		var t []encode.Term
		for i := range a.Activities {
			t = append(t, encode.Term{Var: b.room[i], Coef: n - int64(i)})
		}
		m.Minimize(t...)
	}
	if a.TieBreaks >= 2 {
		var t []encode.Term
		for i := range a.Activities {
			t = append(t, encode.Term{Var: b.start[i], Coef: n - int64(i)})
		}
		m.Minimize(t...)
	}
	b.roleLevels()
}

// TieBreak implements domains.Instance. It states both tie-break levels at
// once — weighted room positions, then weighted start indexes, the weights
// n, n−1, …, 1 in the order of the list of activities — which leaves a
// tie only when two weighted sums coincide.
func (a *Agenda) TieBreak() bool {
	if a.TieBreaks >= 2 {
		return false
	}
	a.TieBreaks = 2
	return true
}

// placement is one decoded or parsed assignment of an activity. dur is its
// length in slots; zero means the activity's Duration (see plen).
type placement struct {
	ok                    bool
	day, start, room, dur int
}

// Plan implements domains.Instance. It decodes a solution of the model
// built last by Model (building one if there is none): the schedule, and
// with the room-failure unit the schedule if the room fails.
func (a *Agenda) Plan(asg encode.Assignment) (json.RawMessage, error) {
	if a.xvars == nil {
		if _, err := a.Model(); err != nil {
			return nil, err
		}
	}
	pl, err := a.decodeVars(a.xvars, asg)
	if err != nil {
		return nil, err
	}
	if a.rvars != nil {
		roles, err := a.decodeRoles(asg)
		if err != nil {
			return nil, err
		}
		return a.encodeRoles(pl, roles), nil
	}
	if a.bxvars != nil {
		bk, err := a.decodeBackups(asg)
		if err != nil {
			return nil, err
		}
		return a.encodeBackups(pl, bk)
	}
	if a.fxvars == nil {
		return a.encodePlan(pl, a.goal(pl))
	}
	fpl, err := a.decodeVars(a.fxvars, asg)
	if err != nil {
		return nil, fmt.Errorf("%s%w", a.failPrefix(), err)
	}
	return a.encodeFull(pl, fpl)
}

// decodeVars reads the placements of one schedule's variables.
func (a *Agenda) decodeVars(xvars [][]encode.Var, asg encode.Assignment) ([]placement, error) {
	pl := make([]placement, len(a.Activities))
	for i, act := range a.Activities {
		for k, o := range a.options(i) {
			if v := xvars[i][k]; int(v) < len(asg) && asg[v] == 1 {
				pl[i] = placement{true, o.day, o.start, o.room, o.dur}
			}
		}
		if !pl[i].ok {
			return nil, fmt.Errorf("scheduling: %s %q has no placement in the solution", a.Voc.Activity, act.Name)
		}
	}
	return pl, nil
}

// encodePlan writes one schedule in the answer's JSON form (with its
// goal value obj when the self-check unit is sampled).
func (a *Agenda) encodePlan(pl []placement, obj int64) (json.RawMessage, error) {
	var b strings.Builder
	a.writePlan(&b, pl, obj)
	b.WriteString("}")
	return json.RawMessage(b.String()), nil
}

// encodeFull writes the answer of the room-failure unit: the schedule,
// and the schedule if the room fails under the key failKey.
func (a *Agenda) encodeFull(pl, fpl []placement) (json.RawMessage, error) {
	var b strings.Builder
	a.writePlan(&b, pl, a.goal(pl))
	fmt.Fprintf(&b, ", %q: ", failKey)
	a.writePlan(&b, fpl, a.goal(fpl))
	b.WriteString("}}")
	return json.RawMessage(b.String()), nil
}

// writePlan writes one schedule's object without its closing brace.
func (a *Agenda) writePlan(b *strings.Builder, pl []placement, obj int64) {
	fmt.Fprintf(b, "{%q: [", a.Voc.Activities)
	flexible := a.flexible()
	for i, p := range pl {
		if i > 0 {
			b.WriteString(", ")
		}
		a.writeEntry(b, a.Activities[i].Name, i, p, flexible)
	}
	b.WriteString("]")
	if a.has(unitSelfCheck) {
		fmt.Fprintf(b, ", \"objective\": %d", obj)
	}
}

// writeEntry writes placement p of activity i as one entry of the answer
// under the name name, with its end when lengths are choices (flexible).
func (a *Agenda) writeEntry(b *strings.Builder, name string, i int, p placement, flexible bool) {
	if flexible {
		fmt.Fprintf(b, "{%q: %q, \"day\": %q, \"start\": %q, \"end\": %q, %q: %q}",
			a.Voc.Activity, name, a.Days[p.day], a.clock(p.start), a.clock(p.start+a.plen(i, p)), a.Voc.Room, a.Rooms[p.room].Name)
		return
	}
	fmt.Fprintf(b, "{%q: %q, \"day\": %q, \"start\": %q, %q: %q}",
		a.Voc.Activity, name, a.Days[p.day], a.clock(p.start), a.Voc.Room, a.Rooms[p.room].Name)
}

// goal returns the value of the first objective level for complete
// placements.
func (a *Agenda) goal(pl []placement) int64 {
	var s int64
	for i, p := range pl {
		s += int64(a.Activities[i].Priority) * int64(a.end(i, a.opt(i, p)))
	}
	return s
}

// objectives returns every objective level of the model for complete
// placements.
func (a *Agenda) objectives(pl []placement) []int64 {
	var out []int64
	for _, l := range a.levelers() {
		out = append(out, l.values(a, pl)...)
	}
	out = append(out, a.goal(pl))
	if a.TieBreaks >= 1 {
		var s int64
		n := len(pl)
		for i, p := range pl {
			s += int64(n-i) * int64(p.room)
		}
		out = append(out, s)
	}
	if a.TieBreaks >= 2 {
		var s int64
		n := len(pl)
		for i, p := range pl {
			s += int64(n-i) * int64(p.day*a.Slots+p.start)
		}
		out = append(out, s)
	}
	return out
}

// AnswerSchema implements domains.Instance.
func (a *Agenda) AnswerSchema() string {
	act := a.Activities[0]
	var first strings.Builder
	a.writeEntry(&first, act.Name, 0, placement{true, 0, 0, 0, act.Duration}, a.flexible())
	s := fmt.Sprintf("{%q: [%s, ...]", a.Voc.Activities, first.String())
	if a.has(unitSelfCheck) {
		s += ", \"objective\": 0"
	}
	if f := a.failIndex(); f >= 0 {
		// The failure schedule has the same form; its example room is
		// one that does not fail.
		s += fmt.Sprintf(", %q: {%q: [{%q: %q, \"day\": %q, \"start\": %q, %q: %q}, ...]",
			failKey, a.Voc.Activities, a.Voc.Activity, act.Name, a.Days[0], a.clock(0), a.Voc.Room, a.Rooms[(f+1)%len(a.Rooms)].Name)
		if a.has(unitSelfCheck) {
			s += ", \"objective\": 0"
		}
		s += "}"
	}
	if crit := a.criticalIdx(); crit != nil {
		c := crit[0]
		s += fmt.Sprintf(", %q: [{%q: %q, \"day\": %q, \"start\": %q, %q: %q}, ...]",
			backupKey, a.Voc.Activity, a.Activities[c].Name, a.Days[0], a.clock(0), a.Voc.Room, a.Rooms[0].Name)
	}
	if ri := a.roleIdx(); ri != nil {
		s += fmt.Sprintf(", %q: [{%q: %q, \"person\": %q}, ...]", rolesKey, a.Voc.Activity, a.Roles[0].Activity, a.Roles[0].Qualified[0])
	}
	return s + "}"
}

// sortedNames returns the names of a map's true keys, sorted.
func sortedNames(set map[string]bool) []string {
	var out []string
	for n, ok := range set {
		if ok {
			out = append(out, n)
		}
	}
	sort.Strings(out)
	return out
}
