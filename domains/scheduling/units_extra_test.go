package scheduling

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/internal/familytest"
	"github.com/plancert/plancert/solver"
	"github.com/plancert/plancert/solver/sat"
)

// Tests of units_extra.go: a hand-made instance per unit with a known
// optimum, and the brute-force cross-check of units_more_test.go on
// generated instances.

func TestExtraConfidentialTiny(t *testing.T) {
	// A1 (weight 2 in the room tie-break) would take Oak; it is
	// confidential and only Pine is private.
	a := tinyAgenda([]string{unitConfidential}, nil, 4, []string{"Oak", "Pine"}, []string{"Ana", "Ben"},
		act("A1", 1, 3, "Ana"), act("A2", 1, 1, "Ben"))
	a.Confidential, a.PrivateRooms, a.TieBreaks = []string{"A1"}, []string{"Pine"}, 1
	c, ref := certify(t, a)
	wantOptimum(t, c, []int64{4, 2}, true)
	if want := `{"meetings": [{"meeting": "A1", "day": "Mon", "start": "09:00", "room": "Pine"}, {"meeting": "A2", "day": "Mon", "start": "09:00", "room": "Oak"}]}`; string(ref.Plan) != want {
		t.Fatalf("plan %s", ref.Plan)
	}
	res := results(a, planJSON(a, "A1 Mon 09:00 Oak", "A2 Mon 09:00 Pine"), ref)
	wantFails(t, res, unitConfidential, "A1 is confidential but is held in Oak, which is not private")
	wantFails(t, res, itemOptimal, "the schedule breaks a rule")
	if p := a.Prompt(); !strings.Contains(p, `"confidential A1": A1 is confidential: it may be held only in a private room, that is in Pine.`) {
		t.Fatal(p)
	}
	a.Sp.Basic = nil
	c, _ = certify(t, a)
	wantOptimum(t, c, []int64{4, 1}, true)
	// Two confidential meetings of different people and one private
	// room: they cannot share 09:00.
	b := tinyAgenda([]string{unitConfidential}, nil, 4, []string{"Oak", "Pine"}, []string{"Ana", "Ben"},
		act("A1", 1, 3, "Ana"), act("A2", 1, 1, "Ben"))
	b.Confidential, b.PrivateRooms = []string{"A1", "A2"}, []string{"Pine"}
	c, _ = certify(t, b)
	wantOptimum(t, c, []int64{5}, true)
}

func TestExtraFragmentationTiny(t *testing.T) {
	// Ana is busy 09:30–10:00. The goal alone puts her meetings at 09:00
	// and 10:00 (30 minutes idle between, within the cap of 30 minutes);
	// the level before it, the total idle time, puts them back to back
	// from 10:00 (A1 first by the start tie-break).
	a := tinyAgenda([]string{unitAvailability, unitFragmentation}, nil, 6, []string{"Oak"}, []string{"Ana"},
		act("A1", 1, 1, "Ana"), act("A2", 1, 1, "Ana"))
	a.People[0].Busy = []Span{{0, 1, 2}}
	a.MaxIdle, a.TieBreaks = 1, 2
	c, ref := certify(t, a)
	wantOptimum(t, c, []int64{0, 7, 0, 7}, true)
	if want := `{"meetings": [{"meeting": "A1", "day": "Mon", "start": "10:00", "room": "Oak"}, {"meeting": "A2", "day": "Mon", "start": "10:30", "room": "Oak"}]}`; string(ref.Plan) != want {
		t.Fatalf("plan %s", ref.Plan)
	}
	res := results(a, planJSON(a, "A1 Mon 09:00 Oak", "A2 Mon 10:00 Oak"), ref)
	if r := res[unitFragmentation]; !r.Pass {
		t.Fatalf("fragmentation: %+v", r)
	}
	wantFails(t, res, itemOptimal, "the schedule's values are [1 4 0 2], the optimum is [0 7 0 7]")
	p := a.Prompt()
	for _, s := range []string{
		`"idle time of Ana": On any day, Ana has at most 30 minutes of idle time between meetings`,
		"**Goal.** First, keep the total idle time as small as possible: the idle time of a person on a day is the time from the start of their first meeting of the day to the end of their last one that they spend in no meeting, and the idle time of every person on every day, added up (in 30-minute slots), is as small as possible. Then, among those schedules, the following decides. Minimise",
	} {
		if !strings.Contains(p, s) {
			t.Fatalf("prompt lacks %q:\n%s", s, p)
		}
	}
	// With no idle time allowed, the plan of the goal alone breaks the
	// cap.
	a.MaxIdle = 0
	c, ref = certify(t, a)
	wantOptimum(t, c, []int64{0, 7, 0, 7}, true)
	res = results(a, planJSON(a, "A1 Mon 09:00 Oak", "A2 Mon 10:00 Oak"), ref)
	wantFails(t, res, unitFragmentation, "Ana has 30 minutes of idle time on Mon between 09:00 and 10:30")
	if p := a.Prompt(); !strings.Contains(p, `"idle time of Ana": On any day, Ana has no idle time between meetings`) {
		t.Fatal(p)
	}
	// Four slots, Ana busy 09:30–10:30: her meetings are at 09:00 and
	// 10:30, an hour idle, whichever comes first. A cap of 30 minutes
	// leaves no schedule.
	b := tinyAgenda([]string{unitAvailability, unitFragmentation}, nil, 4, []string{"Oak"}, []string{"Ana"},
		act("A1", 1, 1, "Ana"), act("A2", 1, 1, "Ana"))
	b.People[0].Busy = []Span{{0, 1, 3}}
	b.MaxIdle = 2
	c, _ = certify(t, b)
	wantOptimum(t, c, []int64{2, 5}, false)
	b.MaxIdle = 1
	c, _ = certify(t, b)
	if core := nonCore(c.Core); c.Status != solver.Infeasible || !slices.Equal(slices.Sorted(slices.Values(core)), []string{"availability of Ana", "idle time of Ana"}) {
		t.Fatalf("%v %v", c.Status, c.Core)
	}
}

func TestExtraTimeZonesTiny(t *testing.T) {
	// 09:00–12:00 schedule time; everyone works 09:00–12:00 local. Ana is
	// an hour ahead (slots ending by 11:00 schedule time are within her
	// hours), Ben an hour behind (slots from 10:00): A1 at 10:00–11:00
	// leaves no one outside.
	a := tinyAgenda([]string{unitTimeZones}, nil, 6, []string{"Oak"}, []string{"Ana", "Ben"},
		act("A1", 2, 1, "Ana", "Ben"), act("A2", 1, 2, "Ana"))
	a.TimeZones = &TimeZones{From: 9 * 60, To: 12 * 60, Offsets: []Offset{{"Ana", 1}, {"Ben", -1}}}
	c, ref := certify(t, a)
	wantOptimum(t, c, []int64{0, 6}, true)
	if want := `{"meetings": [{"meeting": "A1", "day": "Mon", "start": "10:00", "room": "Oak"}, {"meeting": "A2", "day": "Mon", "start": "09:00", "room": "Oak"}]}`; string(ref.Plan) != want {
		t.Fatalf("plan %s", ref.Plan)
	}
	// Ben would be at A1 from 08:00 local: two slots outside his hours.
	res := results(a, planJSON(a, "A1 Mon 09:00 Oak", "A2 Mon 10:00 Oak"), ref)
	wantFails(t, res, itemOptimal, "the schedule's values are [2 8], the optimum is [0 6]")
	// Ana at A2 11:00–11:30, 12:00–12:30 her time: one slot.
	res = results(a, planJSON(a, "A1 Mon 10:00 Oak", "A2 Mon 11:00 Oak"), ref)
	wantFails(t, res, itemOptimal, "the schedule's values are [1 14], the optimum is [0 6]")
	// Ben two hours behind: his hours are 11:00–14:00 schedule time, Ana's
	// 08:00–11:00, so A1 leaves someone outside for a slot at best
	// (10:30–11:30: Ben's first slot, Ana's last). The goal alone would
	// put A2 at 09:00 and A1 right after it.
	a.TimeZones.Offsets[1].Hours = -2
	c, ref = certify(t, a)
	wantOptimum(t, c, []int64{1, 7}, true)
	if want := `{"meetings": [{"meeting": "A1", "day": "Mon", "start": "10:30", "room": "Oak"}, {"meeting": "A2", "day": "Mon", "start": "09:00", "room": "Oak"}]}`; string(ref.Plan) != want {
		t.Fatalf("plan %s", ref.Plan)
	}
	res = results(a, planJSON(a, "A1 Mon 09:30 Oak", "A2 Mon 09:00 Oak"), ref)
	wantFails(t, res, itemOptimal, "the schedule's values are [2 5], the optimum is [1 7]")
	p := a.Prompt()
	for _, s := range []string{
		`"time zones": Local times: Ana's local time is 1 hour ahead of the schedule's times (when the schedule says 09:00, it is 10:00 for Ana); Ben's local time is 2 hours behind the schedule's times (when the schedule says 09:00, it is 07:00 for Ben); every other person is in the schedule's time zone. The local working hours of every person are 09:00 to 12:00 local time. (This is not a requirement`,
		`**Goal.** First, keep the worst local-time inconvenience as small as possible: the inconvenience of a person at one of their meetings is the number of 30-minute slots of that meeting that fall outside the person's local working hours (rule "time zones"), and the largest inconvenience of any person at any of their meetings is as small as possible. Then, among those schedules, the following decides.`,
	} {
		if !strings.Contains(p, s) {
			t.Fatalf("prompt lacks %q:\n%s", s, p)
		}
	}
	// The local hours are no rule: naming them is no conflict.
	if ok, why := a.conflictHolds(context.Background(), sat.Backend{}, []string{ruleTimeZones}); ok || !strings.Contains(why, "can all hold together") {
		t.Fatalf("the local hours alone are no conflict: %v %s", ok, why)
	}
}

// TestExtraLevelsTogether: fragmentation and time zones at once, with
// the self-check: the idle time first, then the worst inconvenience, then
// the goal, stated in that order; the stated objective is the goal.
func TestExtraLevelsTogether(t *testing.T) {
	// As the second case of TestExtraTimeZonesTiny: no idle time for Ana
	// puts A2 right before or after A1; of those, A1 at 10:30 and A2 at
	// 10:00 have the worst inconvenience 1 and the least goal.
	a := tinyAgenda([]string{unitFragmentation, unitTimeZones, unitSelfCheck}, nil, 6, []string{"Oak"}, []string{"Ana", "Ben"},
		act("A1", 2, 1, "Ana", "Ben"), act("A2", 1, 2, "Ana"))
	a.TimeZones = &TimeZones{From: 9 * 60, To: 12 * 60, Offsets: []Offset{{"Ana", 1}, {"Ben", -2}}}
	a.MaxIdle = 4
	c, ref := certify(t, a)
	wantOptimum(t, c, []int64{0, 1, 11}, true)
	if want := `{"meetings": [{"meeting": "A1", "day": "Mon", "start": "10:30", "room": "Oak"}, {"meeting": "A2", "day": "Mon", "start": "10:00", "room": "Oak"}], "objective": 11}`; string(ref.Plan) != want {
		t.Fatalf("plan %s", ref.Plan)
	}
	p := a.Prompt()
	for _, s := range []string{
		"**Goal.** First, keep the total idle time as small as possible: ",
		" Then, among those schedules, keep the worst local-time inconvenience as small as possible: ",
		"is as small as possible. Then, among those schedules, the following decides. (The goal value of a schedule is the sum below, not the idle time or the worst inconvenience.) Minimise the sum",
	} {
		if !strings.Contains(p, s) {
			t.Fatalf("prompt lacks %q:\n%s", s, p)
		}
	}
}

func TestExtraKeyPersonTiny(t *testing.T) {
	// Ana leaves; Ben, who has A2, takes over A1. Without the change A1
	// and A2 would both be at 09:00.
	a := tinyAgenda([]string{unitKeyPerson}, nil, 4, []string{"Oak", "Pine"}, []string{"Ana", "Ben", "Cy"},
		act("A1", 2, 3, "Ana", "Cy"), act("A2", 1, 1, "Ben"))
	a.TieBreaks = 1
	c, _ := certify(t, a)
	wantOptimum(t, c, []int64{7, 1}, true)
	a.replace([]int{0}, "Ana", "Ben")
	a.KeyPerson = &KeyPerson{Leaves: "Ana", Replacement: "Ben", Activities: []string{"A1"}}
	if got := a.Activities[0].Attendees; !slices.Equal(got, []string{"Ben", "Cy"}) {
		t.Fatalf("attendees %v", got)
	}
	c, ref := certify(t, a)
	wantOptimum(t, c, []int64{9, 0}, true)
	if want := `{"meetings": [{"meeting": "A1", "day": "Mon", "start": "09:00", "room": "Oak"}, {"meeting": "A2", "day": "Mon", "start": "10:00", "room": "Oak"}]}`; string(ref.Plan) != want {
		t.Fatalf("plan %s", ref.Plan)
	}
	res := results(a, planJSON(a, "A1 Mon 09:00 Oak", "A2 Mon 09:30 Pine"), ref)
	wantFails(t, res, unitKeyPerson, "Ben (replacing Ana) has A1 and A2 at the same time")
	if r := res[itemPeople]; r.Pass {
		t.Fatalf("one at a time: %+v", r)
	}
	p := a.Prompt()
	for _, s := range []string{`"key-person change": Ana has left. Ben takes Ana's place and attends every meeting Ana was to attend: A1.`, "| A1 | Ben, Cy |"} {
		if !strings.Contains(p, s) {
			t.Fatalf("prompt lacks %q:\n%s", s, p)
		}
	}
	if ok, why := a.conflictHolds(context.Background(), sat.Backend{}, []string{ruleKeyPerson}); ok || !strings.Contains(why, "can all hold together") {
		t.Fatalf("the change alone is no conflict: %v %s", ok, why)
	}
}

// TestExtraKeyPersonSample: the sampled change moves every attendance of
// X to Y, who attended none of those activities, and keeps the hidden
// schedule (checked for all units in TestExtraPlanted).
func TestExtraKeyPersonSample(t *testing.T) {
	none := 0
	defer func() {
		t.Logf("no change possible in %d of 200 seeds", none)
		if none > 40 {
			t.Errorf("no change in %d of 200 seeds", none)
		}
	}()
	for seed := uint64(1); seed <= 200; seed++ {
		r := rand.New(rand.NewPCG(seed, 11))
		spec := domains.Spec{Task: "meeting-planning", Subtask: "brute", Hard: []string{unitKeyPerson}, Seed: seed}
		st := bruteSub
		a, err := st.generate(testSolving, spec, r)
		if err != nil {
			t.Fatal(err)
		}
		k := a.KeyPerson
		if k == nil {
			// Every other person shares an activity with every person
			// who attends something: no one can take over.
			none++
			continue
		}
		if len(a.attends(k.Leaves)) != 0 {
			t.Fatalf("seed %d: %s still attends %v", seed, k.Leaves, a.attends(k.Leaves))
		}
		for _, i := range a.takenOver() {
			n := 0
			for _, x := range a.Activities[i].Attendees {
				if x == k.Replacement {
					n++
				}
			}
			if n != 1 {
				t.Fatalf("seed %d: %s attends %s %d times", seed, k.Replacement, a.Activities[i].Name, n)
			}
		}
		if len(a.takenOver()) == 0 || len(a.takenOver()) != len(k.Activities) {
			t.Fatalf("seed %d: %+v", seed, k)
		}
	}
}

// extraUnits are the units of units_extra.go.
var extraUnits = []string{unitConfidential, unitFragmentation, unitTimeZones, unitKeyPerson}

// mixExtra returns the spec of seed: unit u plus zero, one or two others
// of the pool, compatible with it.
func mixExtra(u string, seed uint64, r *rand.Rand) domains.Spec {
	tk := &domains.Task{ID: "test", Pool: poolInfo()}
	var others []string
	for _, p := range poolInfo() {
		if p.ID != u && p.ID != unitRoomFailure && p.ID != unitBackupSlots && p.ID != unitRequiredRole { // two schedules: units_failure_test.go, units_backup_test.go
			others = append(others, p.ID)
		}
	}
	for {
		ids := map[string]bool{u: true}
		list := []string{u}
		for _, k := range r.Perm(len(others))[:r.IntN(3)] {
			ids[others[k]] = true
			list = append(list, others[k])
		}
		if tk.Compatible(list) != nil {
			continue
		}
		tk, _ := domains.Lookup("meeting-planning")
		spec, err := tk.NewSpec(bruteSub.ID, seed, ids)
		if err != nil {
			panic(err)
		}
		return spec
	}
}

// extraSub returns the brute subtask with the shape unit u needs.
func extraSub(u string) subtask {
	st := bruteSub
	switch u {
	case unitConfidential:
		st.NRooms = span{2, 2}
	case unitFragmentation:
		st.Slots, st.Attendees = span{5, 6}, span{1, 3}
	}
	return st
}

func TestExtraBrute(t *testing.T) {
	seeds := int(familytest.Levels{Short: 8, Default: 8, Long: 40}.N())
	for _, u := range extraUnits {
		t.Run(u, func(t *testing.T) {
			t.Parallel()
			st := extraSub(u)
			var optimal, infeasible, unique, combos, binds, withOthers, positive int
			smallInstances(t, st, u, seeds, 13, mixExtra, func(seed uint64, spec domains.Spec, a *Agenda, n int) {
				combos += n
				if len(spec.Units()) > 1 {
					withOthers++
				}
				if seed%2 == 0 {
					squeeze(a)
					squeezeExtra(a)
				}
				checkRoundTrip(t, a)
				checkGroups(t, a)
				checkGroupsExtra(t, a)
				c, ref := certify(t, a)
				feasible, best, count := brute(t, a)
				checkItemExact(t, a, u)
				what := fmt.Sprintf("seed %d %v", seed, spec.Units())
				if u != unitKeyPerson && bindsOptimum(t, a, u, c) {
					binds++
				}
				isOptimal, isUnique := agreeWithBrute(t, a, what, c, ref, feasible, best, count)
				if !isOptimal {
					infeasible++
					return
				}
				optimal++
				if isUnique {
					unique++
				}
				for _, un := range a.units() {
					if l, ok := un.(leveler); ok && un.Info().ID == u {
						if v := l.values(a, a.parse(ref.Plan).pl); len(v) > 0 && v[0] > 0 {
							positive++
						}
					}
				}
			})
			t.Logf("%s: %d instances (%d with other units; %d optimal, %d unique, %d infeasible; the unit changes the outcome in %d; its level is positive at the optimum in %d), %d combinations enumerated",
				u, seeds, withOthers, optimal, unique, infeasible, binds, positive, combos)
		})
	}
}

// bindsOptimum reports whether removing unit u (its data kept) changes
// the status or the optimum of a.
func bindsOptimum(t *testing.T, a *Agenda, u string, c *solver.Certificate) bool {
	t.Helper()
	b := *a
	b.cache, b.xvars = nil, nil
	b.Sp = domains.Spec{Task: a.Sp.Task, Subtask: a.Sp.Subtask, Seed: a.Sp.Seed}
	for _, id := range a.Sp.Units() {
		if id != u {
			b.Sp.Basic = append(b.Sp.Basic, id)
		}
	}
	c2, _ := certify(t, &b)
	return c2.Status != c.Status || !slices.Equal(c2.Objective, c.Objective)
}

// checkItemExact enumerates every plan of a and compares the unit's item
// with an independent statement of its rule, on every plan (core rules
// kept or not): the item fails exactly when the rule is broken; and the
// unit's level values with an independent statement of the level
// (extraLevel).
func checkItemExact(t *testing.T, a *Agenda, u string) {
	t.Helper()
	opts := make([][]option, len(a.Activities))
	for i := range a.Activities {
		opts[i] = a.options(i)
	}
	idx := make([]int, len(opts))
	ans := &answer{pl: make([]placement, len(opts))}
	for {
		for i, k := range idx {
			o := opts[i][k]
			ans.pl[i] = placement{true, o.day, o.start, o.room, o.dur}
		}
		f := fails{}
		for _, un := range a.units() {
			if un.Info().ID != u {
				continue
			}
			un.Check(a, ans, f)
			if l, ok := un.(leveler); ok {
				if got, want := l.values(a, ans.pl), extraLevel(a, u, ans.pl); !slices.Equal(got, want) {
					t.Fatalf("%s: placements %v: level %v, stated directly %v", u, ans.pl, got, want)
				}
			}
		}
		if broken := extraBroken(a, u, ans.pl); broken != (len(f[u]) > 0) {
			t.Fatalf("%s: placements %v: rule broken %v, item fails %v", u, ans.pl, broken, f[u])
		}
		if !nextIndex(idx, opts) {
			return
		}
	}
}

// extraBroken states each rule directly, slot by slot.
func extraBroken(a *Agenda, u string, pl []placement) bool {
	switch u {
	case unitConfidential:
		for _, n := range a.Confidential {
			i := a.actIndex(n)
			if !slices.Contains(a.PrivateRooms, a.Rooms[pl[i].room].Name) {
				return true
			}
		}
	case unitFragmentation:
		// Some person is busy at s and t of a day with more than MaxIdle
		// free slots in between.
		for _, p := range a.People {
			for d := range a.Days {
				busy := make([]bool, a.Slots)
				for _, i := range a.attends(p.Name) {
					if pl[i].day == d {
						for x := pl[i].start; x < min(pl[i].start+a.plen(i, pl[i]), a.Slots); x++ {
							busy[x] = true
						}
					}
				}
				for s := range busy {
					for t := s + 1; t < len(busy); t++ {
						free := 0
						for x := s + 1; x < t; x++ {
							if !busy[x] {
								free++
							}
						}
						if busy[s] && busy[t] && free > a.MaxIdle {
							return true
						}
					}
				}
			}
		}
	case unitTimeZones:
		return false // no rule: the local hours are counted by the level
	case unitKeyPerson:
		k := a.KeyPerson
		for _, i := range a.takenOver() {
			for j := range a.Activities {
				if j != i && attendsAct(a.Activities[j], k.Replacement) && pl[i].day == pl[j].day &&
					pl[i].start < pl[j].start+a.plen(j, pl[j]) && pl[j].start < pl[i].start+a.plen(i, pl[i]) {
					return true
				}
			}
		}
	}
	return false
}

// extraLevel states the levels of the units of units_extra.go directly,
// minute by minute: nil when the level cannot be positive (no one with two
// activities on a day of three slots or more; no activity that can fall
// outside someone's local hours).
func extraLevel(a *Agenda, u string, pl []placement) []int64 {
	switch u {
	case unitFragmentation:
		// Per person and day: the minutes from the first start to the
		// last end, less the minutes in an activity, in slots.
		possible := false
		var total int64
		for _, p := range a.People {
			acts := a.attends(p.Name)
			possible = possible || len(acts) >= 2 && a.Slots >= 3
			for d := range a.Days {
				first, last := -1, -1
				in := map[int]bool{} // minutes after the day start in an activity
				for _, i := range acts {
					if pl[i].day != d {
						continue
					}
					from, to := pl[i].start*a.SlotMin, min(pl[i].start+a.plen(i, pl[i]), a.Slots)*a.SlotMin
					if first < 0 || from < first {
						first = from
					}
					last = max(last, to)
					for m := from; m < to; m++ {
						in[m] = true
					}
				}
				if first >= 0 {
					total += int64(last-first-len(in)) / int64(a.SlotMin)
				}
			}
		}
		if !possible {
			return nil
		}
		return []int64{total}
	case unitTimeZones:
		// Per activity and attendee: the slots with a minute outside the
		// local hours; the largest, and whether any placement could have
		// one.
		hours := map[string]int{}
		for _, o := range a.TimeZones.Offsets {
			hours[o.Person] = o.Hours
		}
		out := func(p string, day0 int) bool { // slot starting day0 minutes after midnight
			for m := day0; m < day0+a.SlotMin; m++ {
				if l := m + 60*hours[p]; l < a.TimeZones.From || l >= a.TimeZones.To {
					return true
				}
			}
			return false
		}
		possible, worst := false, 0
		for i, act := range a.Activities {
			for _, p := range act.Attendees {
				for t := range a.Slots {
					possible = possible || out(p, a.DayStart+t*a.SlotMin)
				}
				n := 0
				for t := pl[i].start; t < pl[i].start+a.plen(i, pl[i]); t++ {
					if out(p, a.DayStart+t*a.SlotMin) {
						n++
					}
				}
				worst = max(worst, n)
			}
		}
		if !possible {
			return nil
		}
		return []int64{int64(worst)}
	}
	return nil
}

// checkGroupsExtra: every rule of the units of units_extra.go is a model
// group, except the statements of the key-person change and of the local
// times.
func checkGroupsExtra(t *testing.T, a *Agenda) {
	t.Helper()
	m, _ := a.Model()
	groups := map[string]bool{}
	for _, g := range m.Groups() {
		groups[g] = true
	}
	for _, u := range a.units() {
		if !slices.Contains(extraUnits, u.Info().ID) {
			continue
		}
		for _, r := range u.Rules(a) {
			if !groups[r.Name] && r.Name != ruleKeyPerson && r.Name != ruleTimeZones {
				t.Fatalf("rule %q is no model group", r.Name)
			}
		}
	}
	if err := a.validateExtra(); err != nil {
		t.Fatal(err)
	}
}

// squeezeExtra tightens the data of the units of units_extra.go: the idle
// cap drops a slot, a private room (of two or more) becomes public, every
// offset moves an hour further from 0.
func squeezeExtra(a *Agenda) {
	if a.MaxIdle > 0 {
		a.MaxIdle--
	}
	if len(a.PrivateRooms) > 1 {
		a.PrivateRooms = a.PrivateRooms[1:]
	}
	if tz := a.TimeZones; tz != nil {
		for k, o := range tz.Offsets {
			h := o.Hours + 1
			if o.Hours < 0 {
				h = o.Hours - 1
			}
			if a.DayStart+60*h >= 0 && a.DayStart+a.Slots*a.SlotMin+60*h <= 24*60 {
				tz.Offsets[k].Hours = h
			}
		}
	}
}

// TestExtraPlanted: on every task and subtask, with each unit of
// units_extra.go and up to two others (not infeasibility, which breaks
// instances on purpose, nor replanning, whose disruption hits the current
// plan), the hidden schedule, when there is one, passes every feasibility
// item: sampling keeps it feasible. It also counts the instances where
// the units' rules are stated.
func TestExtraPlanted(t *testing.T) {
	tasks := agendaTasks()
	for _, u := range extraUnits {
		planted, stated, total := 0, 0, 0
		for _, tk := range tasks {
			for _, sub := range tk.Subtasks {
				for seed := uint64(1); seed <= 12; seed++ {
					r := rand.New(rand.NewPCG(seed, 17))
					spec := mixExtra(u, seed, r)
					if spec.Has(unitInfeasible) || spec.Has(unitReplanning) {
						continue
					}
					spec.Task, spec.Subtask = tk.ID, sub.ID
					in, err := tk.Generate(context.Background(), sat.Backend{}, spec, r)
					if err != nil {
						t.Fatal(err)
					}
					a := in.(*Agenda)
					total++
					for _, un := range a.units() {
						if un.Info().ID == u && len(un.Rules(a)) > 0 {
							stated++
						}
					}
					if a.planted == nil {
						continue
					}
					planted++
					f := a.evaluate(&answer{pl: a.planted})
					kinds := map[string]domains.ItemKind{}
					for _, it := range a.Checklist(domains.Reference{Feasible: true}) {
						kinds[it.ID] = it.Kind
					}
					for id, d := range f {
						if k := kinds[id]; k == domains.KindFeasibility || k == domains.KindCoverage {
							t.Fatalf("%s/%s seed %d %v: the hidden schedule fails %s: %v", tk.ID, sub.ID, seed, spec.Units(), id, d)
						}
					}
				}
			}
		}
		t.Logf("%s: %d instances, %d with a hidden schedule (all feasible), rules stated in %d", u, total, planted, stated)
	}
}
