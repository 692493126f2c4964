package scheduling

import (
	"context"
	"encoding/json"
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

// ---- hand-made instances with known optima ----

// tinyAgenda is one day (unless days are given) of slots half hours from
// 09:00 with the given rooms, people and activities; every unit is put in
// the basic list (an agenda only asks whether a unit is sampled).
func tinyAgenda(units []string, days []string, slots int, rooms []string, people []string, acts ...Activity) *Agenda {
	a := &Agenda{
		Sp:   domains.Spec{Task: "meeting-planning", Subtask: "tiny", Basic: units},
		Voc:  Vocab{Activity: "meeting", Activities: "meetings", Room: "room", Rooms: "rooms", People: "people", Intro: "Test."},
		Days: days, DayStart: 9 * 60, SlotMin: 30, Slots: slots, Activities: acts,
	}
	if a.Days == nil {
		a.Days = []string{"Mon"}
	}
	for _, r := range rooms {
		a.Rooms = append(a.Rooms, Room{Name: r})
	}
	for _, p := range people {
		a.People = append(a.People, Person{Name: p})
	}
	return a
}

func act(name string, dur, prio int, att ...string) Activity {
	return Activity{Name: name, Duration: dur, Priority: prio, Attendees: att}
}

// certify solves a, decodes the reference and checks that it passes every
// item of its own checklist.
func certify(t *testing.T, a *Agenda) (*solver.Certificate, domains.Reference) {
	t.Helper()
	m, err := a.Model()
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Validate(); err != nil {
		t.Fatal(err)
	}
	c, err := solver.Certify(context.Background(), sat.Backend{}, m)
	if err != nil {
		t.Fatal(err)
	}
	if !c.Proven(m) {
		t.Fatalf("not proven: %v", c.Status)
	}
	if c.Status != solver.Optimal {
		return c, domains.Reference{Feasible: false, Conflict: nonCore(c.Core)}
	}
	plan, err := a.Plan(c.Solution)
	if err != nil {
		t.Fatal(err)
	}
	ref := domains.Reference{Feasible: true, Plan: plan, Objective: c.Objective}
	for _, r := range a.Check(context.Background(), sat.Backend{}, plan, ref) {
		if !r.Pass {
			t.Fatalf("reference %s fails %s: %s", plan, r.ID, r.Detail)
		}
	}
	return c, ref
}

func nonCore(core []string) []string {
	var out []string
	for _, g := range core {
		if !background(g) {
			out = append(out, g)
		}
	}
	return out
}

// planJSON writes an answer for a: entries "activity day start room".
func planJSON(a *Agenda, entries ...string) json.RawMessage {
	var es []string
	for _, e := range entries {
		f := strings.Split(e, " ")
		es = append(es, fmt.Sprintf(`{"meeting": %q, "day": %q, "start": %q, "room": %q}`, f[0], f[1], f[2], f[3]))
	}
	return json.RawMessage(`{"meetings": [` + strings.Join(es, ", ") + `]}`)
}

// results maps item IDs to results.
func results(a *Agenda, plan json.RawMessage, ref domains.Reference) map[string]domains.Result {
	out := map[string]domains.Result{}
	for _, r := range a.Check(context.Background(), sat.Backend{}, plan, ref) {
		out[r.ID] = r
	}
	return out
}

// wantFails fails t unless item id of res fails with detail.
func wantFails(t *testing.T, res map[string]domains.Result, id, detail string) {
	t.Helper()
	if r := res[id]; r.Pass || r.Detail != detail {
		t.Fatalf("%s: %+v, want it to fail with %q", id, r, detail)
	}
}

func wantOptimum(t *testing.T, c *solver.Certificate, obj []int64, unique bool) {
	t.Helper()
	if c.Status != solver.Optimal || !slices.Equal(c.Objective, obj) || *c.Unique != unique {
		t.Fatalf("got %v %v unique=%v, want optimal %v unique=%v", c.Status, c.Objective, c.Unique != nil && *c.Unique, obj, unique)
	}
}

func TestWorkingHoursTiny(t *testing.T) {
	// Ana works 10:00–11:30. Without it A1 would start at 09:00 or 09:30.
	a := tinyAgenda([]string{unitWorkingHours}, nil, 6, []string{"Oak"}, []string{"Ana", "Ben"},
		act("A1", 2, 1, "Ana"), act("A2", 1, 1, "Ben"))
	a.WorkingHours = []Hours{{"Ana", 2, 5}}
	c, ref := certify(t, a)
	wantOptimum(t, c, []int64{5}, true)
	if !strings.Contains(string(ref.Plan), `"meeting": "A1", "day": "Mon", "start": "10:00"`) {
		t.Fatalf("plan %s", ref.Plan)
	}
	res := results(a, planJSON(a, "A1 Mon 10:30 Oak", "A2 Mon 09:00 Oak"), ref)
	if !res[unitWorkingHours].Pass || res[itemOptimal].Pass {
		t.Fatalf("10:30–11:30 is within the hours, but not optimal: %v", res)
	}
	res = results(a, planJSON(a, "A1 Mon 09:30 Oak", "A2 Mon 11:00 Oak"), ref)
	if r := res[unitWorkingHours]; r.Pass || !strings.Contains(r.Detail, "outside Ana's working hours 10:00–11:30") {
		t.Fatalf("working hours: %+v", r)
	}
	if !strings.Contains(a.Prompt(), `"working hours of Ana": Daily window of Ana: only from 10:00 to 11:30. Every meeting with Ana starts at 10:00 or later`) {
		t.Fatal(a.Prompt())
	}
}

func TestPriorityOrderTiny(t *testing.T) {
	// Ben (A2, priority 3) is busy until 10:00; A1 (priority 1) may not
	// start before A2, and the one room holds one at a time.
	a := tinyAgenda([]string{unitAvailability, unitPriorityOrder}, nil, 5, []string{"Oak"}, []string{"Ana", "Ben"},
		act("A1", 2, 1, "Ana"), act("A2", 1, 3, "Ben"))
	a.People[1].Busy = []Span{{0, 0, 2}}
	c, ref := certify(t, a)
	wantOptimum(t, c, []int64{14}, true)
	res := results(a, planJSON(a, "A1 Mon 09:00 Oak", "A2 Mon 10:00 Oak"), ref)
	wantFails(t, res, unitPriorityOrder, "A2 (priority 3) starts on Mon 10:00, after A1 (priority 1) on Mon 09:00")
	// Without the unit the optimum is A1 first.
	a.Sp.Basic = []string{unitAvailability}
	c, _ = certify(t, a)
	wantOptimum(t, c, []int64{11}, true)
}

func TestConsecutiveLimitTiny(t *testing.T) {
	// Ana has three half-hour meetings and may be in meetings at most an
	// hour in a row.
	a := tinyAgenda([]string{unitConsecutive}, nil, 5, []string{"Oak"}, []string{"Ana"},
		act("A1", 1, 1, "Ana"), act("A2", 1, 1, "Ana"), act("A3", 1, 1, "Ana"))
	a.MaxRun, a.TieBreaks = 2, 2
	c, ref := certify(t, a)
	wantOptimum(t, c, []int64{7, 0, 5}, true)
	res := results(a, planJSON(a, "A1 Mon 09:00 Oak", "A2 Mon 09:30 Oak", "A3 Mon 10:00 Oak"), ref)
	wantFails(t, res, unitConsecutive, "Ana is in meetings from 09:00 to 10:30 on Mon (90 minutes in a row)")
	a.Sp.Basic = nil
	c, _ = certify(t, a)
	wantOptimum(t, c, []int64{6, 0, 4}, true)
}

func TestCooldownTiny(t *testing.T) {
	a := tinyAgenda([]string{unitCooldown}, []string{"Mon", "Tue", "Wed"}, 2, []string{"Oak"}, []string{"Ana", "Ben", "Cy"},
		act("A1", 1, 3, "Ana"), act("A2", 1, 2, "Ben"), act("A3", 1, 1, "Cy"))
	a.Activities[0].Tag, a.Activities[1].Tag, a.Activities[2].Tag = "legs", "legs", "chest"
	a.Cooldown = 2
	c, ref := certify(t, a)
	wantOptimum(t, c, []int64{15}, true)
	want := `{"meetings": [{"meeting": "A1", "day": "Mon", "start": "09:00", "room": "Oak"}, {"meeting": "A2", "day": "Wed", "start": "09:00", "room": "Oak"}, {"meeting": "A3", "day": "Mon", "start": "09:30", "room": "Oak"}]}`
	if string(ref.Plan) != want {
		t.Fatalf("plan %s", ref.Plan)
	}
	res := results(a, planJSON(a, "A1 Mon 09:00 Oak", "A2 Tue 09:00 Oak", "A3 Mon 09:30 Oak"), ref)
	wantFails(t, res, unitCooldown, "A1 and A2 (group legs) are on Mon and Tue, less than 2 days apart")
	// One day: two meetings on legs cannot be on different days.
	b := tinyAgenda([]string{unitCooldown}, nil, 4, []string{"Oak"}, []string{"Ana"},
		act("A1", 1, 1, "Ana"), act("A2", 1, 1, "Ana"))
	b.Activities[0].Tag, b.Activities[1].Tag, b.Cooldown = "legs", "legs", 1
	c, _ = certify(t, b)
	if c.Status != solver.Infeasible || len(nonCore(c.Core)) != 1 || nonCore(c.Core)[0] != "cooldown for legs" {
		t.Fatalf("one day: %v %v", c.Status, c.Core)
	}
	if ok, why := b.conflictHolds(context.Background(), sat.Backend{}, []string{"cooldown for legs"}); !ok {
		t.Fatal(why)
	}
}

func TestUncertainDurationsTiny(t *testing.T) {
	a := tinyAgenda([]string{unitUncertain}, nil, 4, []string{"Oak"}, []string{"Ana", "Ben"},
		act("A1", 2, 3, "Ana"), act("A2", 1, 1, "Ben"))
	a.Activities[0].DurationMin = 1
	c, ref := certify(t, a)
	wantOptimum(t, c, []int64{9}, true)
	// Fits only if A1 takes 30 minutes.
	res := results(a, planJSON(a, "A1 Mon 09:00 Oak", "A2 Mon 09:30 Oak"), ref)
	wantFails(t, res, unitUncertain, "A1 at its longest (60 minutes) overlaps A2 (the same room Oak)")
	res = results(a, planJSON(a, "A1 Mon 10:30 Oak", "A2 Mon 09:00 Oak"), ref)
	wantFails(t, res, unitUncertain, "A1 at its longest (60 minutes) ends after the end of Mon")
	if p := a.Prompt(); !strings.Contains(p, "A1, between 30 and 60 minutes") {
		t.Fatal(p)
	}
}

func TestReplanningTiny(t *testing.T) {
	a := tinyAgenda([]string{unitReplanning}, nil, 4, []string{"Oak", "Pine"}, []string{"Ana", "Ben"},
		act("A1", 1, 1, "Ana"), act("A2", 1, 1, "Ben"))
	a.Current = []Booking{{"A1", 0, 0, "Oak"}, {"A2", 0, 0, "Pine"}}
	a.Disruption = &Disruption{Room: "Oak", Day: 0, From: 0, To: 2}
	c, ref := certify(t, a)
	wantOptimum(t, c, []int64{1, 3}, true)
	want := `{"meetings": [{"meeting": "A1", "day": "Mon", "start": "09:30", "room": "Pine"}, {"meeting": "A2", "day": "Mon", "start": "09:00", "room": "Pine"}]}`
	if string(ref.Plan) != want {
		t.Fatalf("plan %s", ref.Plan)
	}
	// Same goal, two changes: suboptimal.
	res := results(a, planJSON(a, "A1 Mon 09:00 Pine", "A2 Mon 09:30 Pine"), ref)
	if r := res[itemOptimal]; r.Pass || !strings.Contains(r.Detail, "[2 3]") {
		t.Fatalf("optimal: %+v", r)
	}
	res = results(a, planJSON(a, "A1 Mon 09:30 Oak", "A2 Mon 09:00 Pine"), ref)
	wantFails(t, res, unitReplanning, "A1 is in Oak while it is closed (Mon 09:00–10:00)")
	p := a.Prompt()
	for _, s := range []string{`"current plan": Before a change, the schedule was: A1 (Mon 09:00, Oak); A2 (Mon 09:00, Pine).`,
		`"disruption": A change since then: no meeting that uses Oak may overlap the span from 09:00 to 10:00 (Oak unavailable).`, "First, change as few meetings as possible"} {
		if !strings.Contains(p, s) {
			t.Fatalf("prompt lacks %q:\n%s", s, p)
		}
	}
	// "current plan" is a named rule of the prompt that constrains nothing:
	// naming it alone is no conflict.
	if ok, why := a.conflictHolds(context.Background(), sat.Backend{}, []string{ruleCurrentPlan}); ok || !strings.Contains(why, "can all hold together") {
		t.Fatalf("current plan alone is no conflict: %v %s", ok, why)
	}
	if ok, why := a.conflictHolds(context.Background(), sat.Backend{}, []string{"no such rule"}); ok || !strings.Contains(why, "not the name of a rule") {
		t.Fatalf("unknown rule accepted: %v %s", ok, why)
	}
	// A person away instead: Ana is away 09:00–09:30. A1 moves to 09:30
	// in Oak or in Pine (one change, goal 3 either way); the room
	// tie-break picks Oak.
	a.Disruption = &Disruption{Person: "Ana", Day: 0, From: 0, To: 1}
	c, _ = certify(t, a)
	wantOptimum(t, c, []int64{1, 3}, false)
	a.TieBreaks = 1
	c, ref = certify(t, a)
	wantOptimum(t, c, []int64{1, 3, 1}, true)
	if want := `{"meetings": [{"meeting": "A1", "day": "Mon", "start": "09:30", "room": "Oak"}, {"meeting": "A2", "day": "Mon", "start": "09:00", "room": "Pine"}]}`; string(ref.Plan) != want {
		t.Fatalf("plan %s", ref.Plan)
	}
	res = results(a, planJSON(a, "A1 Mon 09:00 Oak", "A2 Mon 09:30 Pine"), ref)
	wantFails(t, res, unitReplanning, "Ana attends A1 while away (Mon 09:00–09:30)")
}

// ---- brute force against SAT on generated instances ----

// bruteSub is a subtask small enough to enumerate.
var bruteSub = subtask{
	ID: "brute", Title: "brute",
	Voc:  Vocab{Activity: "meeting", Activities: "meetings", Room: "room", Rooms: "rooms", People: "people", Intro: "Test."},
	Days: weekdays, NDays: span{1, 2}, DayStart: 9 * 60, SlotMin: 30, Slots: span{4, 5},
	People: meetingPeople[:4], NPeople: span{3, 3},
	Rooms: []string{"Oak", "Pine"}, NRooms: span{1, 2},
	Activities: []string{"A1", "A2", "A3"}, NActs: span{2, 3}, Duration: span{1, 2}, Attendees: span{1, 2},
}

// brute enumerates every combination of options of a and returns whether
// one is feasible (no failure under a feasibility or coverage item), the
// least objective vector, and how many feasible combinations reach it.
// On every combination it also checks the model itself (planModel.judge):
// the assignment that the combination determines satisfies the model
// exactly when the checks find it feasible, unit by unit, and then has the
// same objective values.
func brute(t *testing.T, a *Agenda) (bool, []int64, int) {
	t.Helper()
	pm := newPlanModel(t, a)
	idx := make([]int, len(pm.opts))
	pl := make([]placement, len(pm.opts))
	var best []int64
	count := 0
	for {
		for i, k := range idx {
			o := pm.opts[i][k]
			pl[i] = placement{true, o.day, o.start, o.room, o.dur}
		}
		if ok, _, v := pm.judge(t, pl, idx); ok {
			switch c := lexCmp(v, best); {
			case best == nil || c < 0:
				best, count = v, 1
			case c == 0:
				count++
			}
		}
		if !nextIndex(idx, pm.opts) {
			break
		}
	}
	return best != nil, best, count
}

func lexCmp(x, y []int64) int {
	for i := range min(len(x), len(y)) {
		if x[i] != y[i] {
			if x[i] < y[i] {
				return -1
			}
			return 1
		}
	}
	return len(x) - len(y)
}

// spaceSize is the number of combinations brute enumerates.
func spaceSize(a *Agenda) int {
	n := 1
	for i := range a.Activities {
		n *= len(a.options(i))
	}
	return n
}

// newUnits are the units of this file's tests, with the subtask changes
// they need (cooldown: two or three days).
var newUnits = []string{unitWorkingHours, unitPriorityOrder, unitConsecutive, unitCooldown, unitUncertain, unitReplanning}

// mix returns the spec of seed: unit u plus one or two others of the pool,
// compatible with it.
func mix(u string, seed uint64, r *rand.Rand) domains.Spec {
	tk := &domains.Task{ID: "test", Pool: poolInfo()}
	tier := map[string]domains.Tier{}
	var others []string
	for _, p := range poolInfo() {
		tier[p.ID] = p.Tier
		if p.ID != u && p.ID != unitRoomFailure && p.ID != unitBackupSlots && p.ID != unitRequiredRole { // two schedules: units_failure_test.go, units_backup_test.go
			others = append(others, p.ID)
		}
	}
	for {
		ids := []string{u}
		for _, k := range r.Perm(len(others))[:1+r.IntN(2)] {
			ids = append(ids, others[k])
		}
		if tk.Compatible(ids) != nil {
			continue
		}
		spec := domains.Spec{Task: "meeting-planning", Subtask: bruteSub.ID, Seed: seed}
		for _, id := range ids {
			switch tier[id] {
			case domains.Basic:
				spec.Basic = append(spec.Basic, id)
			case domains.Medium:
				spec.Medium = append(spec.Medium, id)
			case domains.Hard:
				spec.Hard = append(spec.Hard, id)
			case domains.Stateful:
				spec.Stateful = append(spec.Stateful, id)
			}
		}
		return spec
	}
}

// smallInstances draws the instances of a unit's brute-force test: the
// specs mix(u, seed, r) on st for seeds 1, 2, … (at most 10×want), with
// the seed's stream of random draws; each instance whose plans number at
// most 100 000 (spaceSize) gets its tie-breaks by its seed (seed mod 3)
// and is handed to each with its seed, spec and number of plans, until
// want have been.
func smallInstances(t *testing.T, st subtask, u string, want int, stream uint64, mix func(u string, seed uint64, r *rand.Rand) domains.Spec, each func(seed uint64, spec domains.Spec, a *Agenda, n int)) {
	t.Helper()
	kept := 0
	for seed := uint64(1); kept < want; seed++ {
		if seed > uint64(10*want) {
			t.Fatalf("only %d instances small enough in %d seeds", kept, seed)
		}
		r := rand.New(rand.NewPCG(seed, stream))
		spec := mix(u, seed, r)
		a, err := st.generate(testSolving, spec, r)
		if err != nil {
			t.Fatal(err)
		}
		n := spaceSize(a)
		if n > 100_000 {
			continue
		}
		kept++
		a.TieBreaks = int(seed % 3)
		each(seed, spec, a, n)
	}
}

func TestNewUnitsBrute(t *testing.T) {
	seeds := int(familytest.Levels{Short: 10, Default: 10, Long: 50}.N())
	for _, u := range newUnits {
		t.Run(u, func(t *testing.T) {
			t.Parallel()
			st := bruteSub
			if u == unitCooldown {
				st.NDays, st.Slots = span{2, 3}, span{3, 4}
			}
			var optimal, infeasible, unique, combos int
			smallInstances(t, st, u, seeds, 7, mix, func(seed uint64, spec domains.Spec, a *Agenda, n int) {
				combos += n
				if u == unitReplanning {
					checkCurrent(t, a)
				}
				if seed%2 == 0 {
					squeeze(a)
				}
				checkRoundTrip(t, a)
				checkGroups(t, a)
				c, ref := certify(t, a)
				feasible, best, count := brute(t, a)
				what := fmt.Sprintf("seed %d %v", seed, spec.Units())
				isOptimal, isUnique := agreeWithBrute(t, a, what, c, ref, feasible, best, count)
				if !isOptimal {
					infeasible++
					return
				}
				optimal++
				if isUnique {
					unique++
				}
			})
			t.Logf("%s: %d instances (%d optimal, %d unique, %d infeasible), %d combinations enumerated", u, seeds, optimal, unique, infeasible, combos)
		})
	}
}

// checkRoundTrip: the instance survives JSON with the same prompt and
// model size, and the unit data validates.
func checkRoundTrip(t *testing.T, a *Agenda) {
	t.Helper()
	if err := a.validateUnits(); err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	b := &Agenda{}
	if err := json.Unmarshal(data, b); err != nil {
		t.Fatal(err)
	}
	if err := b.validate(); err != nil {
		t.Fatal(err)
	}
	if a.Prompt() != b.Prompt() {
		t.Fatal("the prompt changes through JSON")
	}
	ma, _ := a.Model()
	mb, _ := b.Model()
	if len(ma.Constraints) != len(mb.Constraints) || len(ma.Vars) != len(mb.Vars) {
		t.Fatal("the model changes through JSON")
	}
}

// checkGroups: every rule of the new units is a model group (except the
// rules that state facts: uncertain lengths, current plan), and every
// group of the model that is not background is a rule of the prompt.
func checkGroups(t *testing.T, a *Agenda) {
	t.Helper()
	m, _ := a.Model()
	groups := map[string]bool{}
	for _, g := range m.Groups() {
		groups[g] = true
	}
	names := map[string]bool{}
	for _, u := range a.units() {
		isNew := false
		for _, n := range newUnits {
			isNew = isNew || u.Info().ID == n
		}
		for _, r := range u.Rules(a) {
			names[r.Name] = true
			if isNew && !groups[r.Name] && r.Name != ruleUncertain && r.Name != ruleCurrentPlan {
				t.Fatalf("rule %q is no model group", r.Name)
			}
		}
	}
	for g := range groups {
		if !background(g) && !names[g] {
			t.Fatalf("model group %q is no rule", g)
		}
	}
}

// checkCurrent: the current plan obeys every rule but the disruption (or
// there is no plan under the other rules), and the disruption hits it.
func checkCurrent(t *testing.T, a *Agenda) {
	t.Helper()
	f := a.evaluate(&answer{pl: a.current()})
	if len(f[unitReplanning]) == 0 {
		t.Fatal("the disruption does not touch the current plan")
	}
	for id, d := range f {
		if id == unitReplanning {
			continue
		}
		old := *a
		old.Current, old.Disruption = nil, nil
		if c, _ := certify(t, &old); c.Status != solver.Infeasible {
			t.Fatalf("current plan fails %s: %v", id, d)
		}
	}
}

func TestAddDay(t *testing.T) {
	for last, want := range map[string]string{"Mon": "Tue", "Sat": "Sun", "Day 2": "Day 3", "Sun": "", "Day 2b": "", "Opening": ""} {
		a := &Agenda{Days: []string{last}}
		a.addDay()
		if got := a.Days[len(a.Days)-1]; (want == "" && len(a.Days) != 1) || (want != "" && got != want) {
			t.Errorf("after %q: %v", last, a.Days)
		}
	}
}

// squeeze tightens the data of the new units in a, so that the brute-force
// comparison also meets tight and infeasible instances (sampling keeps a
// hidden schedule feasible, so generated instances rarely are): working
// hours lose a slot at the end (keeping the longest activity), the
// consecutive limit drops to the longest activity, the cool-down grows by
// a day, a disruption covers its whole day.
func squeeze(a *Agenda) {
	md := 0
	for _, act := range a.Activities {
		md = max(md, act.Duration)
	}
	for k, h := range a.WorkingHours {
		if h.To-h.From > md {
			a.WorkingHours[k].To--
		}
	}
	if a.MaxRun > 0 {
		a.MaxRun = md
	}
	if a.Cooldown > 0 {
		a.Cooldown++
	}
	if d := a.Disruption; d != nil {
		d.From, d.To = 0, a.Slots
	}
}

// agreeWithBrute asserts that the SAT certificate c (with reference ref)
// matches brute force (feasible, best, count): the same status; for an
// infeasible instance with the infeasibility unit, a core that conflicts;
// otherwise the same optimum, the same uniqueness, and a witness that
// passes every item. It reports whether the instance is feasible and its
// optimum unique.
func agreeWithBrute(t *testing.T, a *Agenda, what string, c *solver.Certificate, ref domains.Reference, feasible bool, best []int64, count int) (optimal, unique bool) {
	t.Helper()
	if feasible != (c.Status == solver.Optimal) {
		t.Fatalf("%s: SAT %v, brute feasible %v", what, c.Status, feasible)
	}
	if !feasible {
		if a.has(unitInfeasible) {
			if ok, why := a.conflictHolds(context.Background(), sat.Backend{}, ref.Conflict); !ok {
				t.Fatalf("%s: core %v: %s", what, ref.Conflict, why)
			}
		}
		return false, false
	}
	if !slices.Equal(best, c.Objective) {
		t.Fatalf("%s: SAT optimum %v, brute %v", what, c.Objective, best)
	}
	if *c.Unique != (count == 1) {
		t.Fatalf("%s: SAT unique %v, brute finds %d optimal plans", what, *c.Unique, count)
	}
	if !*c.Unique {
		w, err := a.Plan(c.Witness)
		if err != nil {
			t.Fatal(err)
		}
		for _, res := range a.Check(context.Background(), sat.Backend{}, w, ref) {
			if !res.Pass {
				t.Fatalf("%s: witness %s fails %s: %s", what, w, res.ID, res.Detail)
			}
		}
	}
	return true, *c.Unique
}
