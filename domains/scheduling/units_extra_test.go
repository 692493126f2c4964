package scheduling

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/solver"
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
	if r := res[unitConfidential]; r.Pass || r.Detail != "A1 is confidential but is held in Oak, which is not private" {
		t.Fatalf("confidential: %+v", r)
	}
	if r := res[itemOptimal]; r.Pass || r.Detail != "the schedule breaks a rule" {
		t.Fatalf("optimal: %+v", r)
	}
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
	// Ana is busy 09:30–10:00. Without the cap her meetings are at 09:00
	// and 10:00 (30 minutes idle between); with no idle time allowed
	// they are back to back from 10:00.
	a := tinyAgenda([]string{unitAvailability, unitFragmentation}, nil, 6, []string{"Oak"}, []string{"Ana"},
		act("A1", 1, 1, "Ana"), act("A2", 1, 1, "Ana"))
	a.People[0].Busy = []Span{{0, 1, 2}}
	a.MaxIdle, a.TieBreaks = 0, 2
	c, ref := certify(t, a)
	wantOptimum(t, c, []int64{7, 0, 7}, true)
	res := results(a, planJSON(a, "A1 Mon 09:00 Oak", "A2 Mon 10:00 Oak"), ref)
	if r := res[unitFragmentation]; r.Pass || r.Detail != "Ana has 30 minutes of idle time on Mon between 09:00 and 10:30" {
		t.Fatalf("fragmentation: %+v", r)
	}
	if p := a.Prompt(); !strings.Contains(p, `"idle time of Ana": On any day, Ana has no idle time between meetings`) {
		t.Fatal(p)
	}
	// A cap of 30 minutes allows the gap.
	a.MaxIdle = 1
	c, _ = certify(t, a)
	wantOptimum(t, c, []int64{4, 0, 2}, true)
	// A cap of 30 minutes, Ana busy 09:30–10:30: 09:00 and 10:30 would
	// leave an hour idle.
	b := tinyAgenda([]string{unitAvailability, unitFragmentation}, nil, 6, []string{"Oak"}, []string{"Ana"},
		act("A1", 1, 1, "Ana"), act("A2", 1, 1, "Ana"))
	b.People[0].Busy = []Span{{0, 1, 3}}
	b.MaxIdle = 1
	c, _ = certify(t, b)
	wantOptimum(t, c, []int64{9}, false) // 10:30 and 11:00, either order
	b.MaxIdle = 2
	c, _ = certify(t, b)
	wantOptimum(t, c, []int64{5}, false) // 09:00 and 10:30
}

func TestExtraTimeZonesTiny(t *testing.T) {
	// 09:00–12:00 schedule time; everyone works 09:00–12:00 local. Ana is
	// an hour ahead (her meetings end by 11:00 schedule time), Ben an hour
	// behind (his start at 10:00 or later): A1 must be 10:00–11:00.
	a := tinyAgenda([]string{unitTimeZones}, nil, 6, []string{"Oak"}, []string{"Ana", "Ben"},
		act("A1", 2, 1, "Ana", "Ben"), act("A2", 1, 2, "Ana"))
	a.TimeZones = &TimeZones{From: 9 * 60, To: 12 * 60, Offsets: []Offset{{"Ana", 1}, {"Ben", -1}}}
	c, ref := certify(t, a)
	wantOptimum(t, c, []int64{6}, true)
	if want := `{"meetings": [{"meeting": "A1", "day": "Mon", "start": "10:00", "room": "Oak"}, {"meeting": "A2", "day": "Mon", "start": "09:00", "room": "Oak"}]}`; string(ref.Plan) != want {
		t.Fatalf("plan %s", ref.Plan)
	}
	res := results(a, planJSON(a, "A1 Mon 09:00 Oak", "A2 Mon 10:00 Oak"), ref)
	if r := res[unitTimeZones]; r.Pass || r.Detail != "Ben attends A1 on Mon 09:00–10:00, which is 08:00–09:00 local time for Ben, outside 09:00–12:00" {
		t.Fatalf("time zones: %+v", r)
	}
	res = results(a, planJSON(a, "A1 Mon 10:00 Oak", "A2 Mon 11:00 Oak"), ref)
	if r := res[unitTimeZones]; r.Pass || r.Detail != "Ana attends A2 on Mon 11:00–11:30, which is 12:00–12:30 local time for Ana, outside 09:00–12:00" {
		t.Fatalf("time zones: %+v", r)
	}
	p := a.Prompt()
	for _, s := range []string{
		`"time zone of Ana": Ana's local time is 1 hour ahead of the schedule's times (when the schedule says 09:00, it is 10:00 for Ana). Ana works from 09:00 to 12:00 local time`,
		`"time zone of Ben": Ben's local time is 1 hour behind the schedule's times (when the schedule says 09:00, it is 08:00 for Ben).`,
	} {
		if !strings.Contains(p, s) {
			t.Fatalf("prompt lacks %q:\n%s", s, p)
		}
	}
	// Ben two hours behind as well: A1 cannot start before 11:00 nor end
	// after 11:00.
	a.TimeZones.Offsets[1].Hours = -2
	c, _ = certify(t, a)
	if core := nonCore(c.Core); c.Status != solver.Infeasible || !slices.Equal(slices.Sorted(slices.Values(core)), []string{"time zone of Ana", "time zone of Ben"}) {
		t.Fatalf("%v %v", c.Status, c.Core)
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
	if r := res[unitKeyPerson]; r.Pass || r.Detail != "Ben (replacing Ana) has A1 and A2 at the same time" {
		t.Fatalf("key person: %+v", r)
	}
	if r := res[itemPeople]; r.Pass {
		t.Fatalf("one at a time: %+v", r)
	}
	p := a.Prompt()
	for _, s := range []string{`"key-person change": Ana has left. Ben takes Ana's place and attends every meeting Ana was to attend: A1.`, "| A1 | Ben, Cy |"} {
		if !strings.Contains(p, s) {
			t.Fatalf("prompt lacks %q:\n%s", s, p)
		}
	}
	if ok, why := a.conflictHolds([]string{ruleKeyPerson}); ok || !strings.Contains(why, "can all hold together") {
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
		a, err := st.generate(spec, r)
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
	const seeds = 40
	for _, u := range extraUnits {
		t.Run(u, func(t *testing.T) {
			t.Parallel()
			st := extraSub(u)
			var optimal, infeasible, unique, combos, kept, binds, withOthers int
			for seed := uint64(1); kept < seeds; seed++ {
				if seed > 10*seeds {
					t.Fatalf("only %d instances small enough in %d seeds", kept, seed)
				}
				r := rand.New(rand.NewPCG(seed, 13))
				spec := mixExtra(u, seed, r)
				a, err := st.generate(spec, r)
				if err != nil {
					t.Fatal(err)
				}
				n := spaceSize(a)
				if n > 100_000 {
					continue
				}
				kept++
				combos += n
				if len(spec.Units()) > 1 {
					withOthers++
				}
				a.TieBreaks = int(seed % 3)
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
					continue
				}
				optimal++
				if isUnique {
					unique++
				}
			}
			t.Logf("%s: %d instances (%d with other units; %d optimal, %d unique, %d infeasible; the unit changes the outcome in %d), %d combinations enumerated",
				u, kept, withOthers, optimal, unique, infeasible, binds, combos)
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
	return c2.Status != c.Status || !equal(c2.Objective, c.Objective)
}

// checkItemExact enumerates every plan of a and compares the unit's item
// with an independent statement of its rule, on every plan (core rules
// kept or not): the item fails exactly when the rule is broken.
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
			if un.info().ID == u {
				un.check(a, ans, f)
			}
		}
		if broken := extraBroken(a, u, ans.pl); broken != (len(f[u]) > 0) {
			t.Fatalf("%s: placements %v: rule broken %v, item fails %v", u, ans.pl, broken, f[u])
		}
		i := 0
		for ; i < len(idx); i++ {
			if idx[i]++; idx[i] < len(opts[i]) {
				break
			}
			idx[i] = 0
		}
		if i == len(idx) {
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
		if a.TimeZones == nil {
			return false
		}
		for _, o := range a.TimeZones.Offsets {
			for _, i := range a.attends(o.Person) {
				local := a.DayStart + pl[i].start*a.SlotMin + 60*o.Hours
				if local < a.TimeZones.From || local+a.plen(i, pl[i])*a.SlotMin > a.TimeZones.To {
					return true
				}
			}
		}
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

// checkGroupsExtra: every rule of the units of units_extra.go is a model
// group, except the statement of the key-person change.
func checkGroupsExtra(t *testing.T, a *Agenda) {
	t.Helper()
	m, _ := a.Model()
	groups := map[string]bool{}
	for _, g := range m.Groups() {
		groups[g] = true
	}
	for _, u := range a.units() {
		if !slices.Contains(extraUnits, u.info().ID) {
			continue
		}
		for _, r := range u.rules(a) {
			if !groups[r.Name] && r.Name != ruleKeyPerson {
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
	var tasks []*domains.Task
	for _, tk := range domains.Tasks() {
		if tk.Family == domains.Scheduling {
			tasks = append(tasks, tk)
		}
	}
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
					in, err := tk.Generate(spec, r)
					if err != nil {
						t.Fatal(err)
					}
					a := in.(*Agenda)
					total++
					for _, un := range a.units() {
						if un.info().ID == u && len(un.rules(a)) > 0 {
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
