package scheduling

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/encode"
	"github.com/plancert/plancert/internal/familytest"
	"github.com/plancert/plancert/solver/sat"
)

// ---- placements against the model, the oracle of the brute force ----

// modelFix is one variable value that a placement fixes.
type modelFix struct {
	v   encode.Var
	val int64
}

// planModel ties complete placements of an agenda to the assignment of its
// model that they determine, and to the checklist items. It generalizes
// the per-combination checks of brute (units_more_test.go), which could
// be written over it: judge runs the checker (evaluate, the functions
// Check uses) and, for placements on the grid, compares its verdict with
// the model's, rule by rule.
type planModel struct {
	a    *Agenda
	m    *encode.Model
	opts [][]option
	at   []map[option]int // option index of a placement
	set  [][][]modelFix   // set[i][k]: the values option k of activity i fixes
	kind map[string]domains.ItemKind
	// item maps a model group to the checklist item of its rule: the
	// unit's item for a unit's rule, "one-at-a-time" and "room-conflicts"
	// for the always-on rules of people and rooms, "" for the structural
	// groups (scheduled once, change count), which placements always keep.
	item  map[string]string
	units []string // the unit items to compare when the core rules hold
	asg   encode.Assignment
	// idle lists the fragmentation unit's idle indicators, each with the
	// busy-up-to, busy-from and busy indicators it is the conjunction of
	// (the last negated); judge sets them after the options' fixes.
	idle [][4]encode.Var
}

func newPlanModel(t *testing.T, a *Agenda) *planModel {
	t.Helper()
	m, err := a.Model()
	if err != nil {
		t.Fatal(err)
	}
	pm := &planModel{a: a, m: m, kind: map[string]domains.ItemKind{}, item: map[string]string{}, asg: make(encode.Assignment, len(m.Vars))}
	for _, it := range a.Checklist(domains.Reference{Feasible: true}) {
		pm.kind[it.ID] = it.Kind
	}
	look := func(name string) encode.Var {
		v, ok := m.Lookup(name)
		if !ok {
			t.Fatalf("the model has no variable %s", name)
		}
		return v
	}
	cur := a.current()
	for i, act := range a.Activities {
		opts := a.options(i)
		pm.opts = append(pm.opts, opts)
		at := map[option]int{}
		var sets [][]modelFix
		for k, o := range opts {
			at[o] = k
			fs := []modelFix{
				{look(a.xName(i, o)), 1},
				{look(a.yName(i, tkey{o.day, o.start, o.dur})), 1},
			}
			if act.Flexible {
				fs = append(fs, modelFix{look("len[" + act.Name + "]"), int64(o.dur)})
			}
			fs = append(fs, []modelFix{
				{look("end[" + act.Name + "]"), int64(a.end(i, o))},
				{look("start[" + act.Name + "]"), int64(o.day*a.Slots + o.start)},
				{look("room[" + act.Name + "]"), int64(o.room)},
			}...)
			if len(a.Current) > 0 {
				changed := int64(1)
				if cur[i].ok && o == (a.opt(i, cur[i])) {
					changed = 0
				}
				fs = append(fs, modelFix{look("changed[" + act.Name + "]"), changed})
			}
			// The fragmentation unit's busy indicators (an OR over the
			// activities covering a slot) and its busy-up-to and
			// busy-from indicators (ORs over the slots up to and from a
			// slot): fixes only ever set them, so each option sets those
			// it makes true. Its idle indicators are derived after (idle).
			for _, p := range act.Attendees {
				dn := a.Days[o.day]
				for t := o.start; t < o.start+o.dur; t++ {
					if v, ok := m.Lookup(busyName(p, dn, t)); ok {
						fs = append(fs, modelFix{v, 1})
					}
				}
				for t := o.start; t < a.Slots; t++ {
					if v, ok := m.Lookup(busyUpName(p, dn, t)); ok {
						fs = append(fs, modelFix{v, 1})
					}
				}
				for t := 0; t < o.start+o.dur; t++ {
					if v, ok := m.Lookup(busyFrName(p, dn, t)); ok {
						fs = append(fs, modelFix{v, 1})
					}
				}
			}
			// The time-zone unit's worst-inconvenience indicators (an OR
			// over the activities' times of inconvenience k or more).
			if a.TimeZones != nil {
				for k := 1; k <= a.zoneCost(a.zoneHours(), i, o.start, o.dur); k++ {
					if v, ok := m.Lookup(worstName(k)); ok {
						fs = append(fs, modelFix{v, 1})
					}
				}
			}
			sets = append(sets, fs)
		}
		pm.at = append(pm.at, at)
		pm.set = append(pm.set, sets)
	}
	// idle[t] of the fragmentation unit is busyUpTo[t] ∧ busyFrom[t] ∧
	// ¬busy[t], set from the fixed values once every option's are in.
	for _, p := range a.People {
		for _, dn := range a.Days {
			for t := 1; t < a.Slots-1; t++ {
				if v, ok := m.Lookup(idleName(p.Name, dn, t)); ok {
					pm.idle = append(pm.idle, [4]encode.Var{v, look(busyUpName(p.Name, dn, t)), look(busyFrName(p.Name, dn, t)), look(busyName(p.Name, dn, t))})
				}
			}
		}
	}
	for _, u := range a.units() {
		id := u.Info().ID
		if _, ok := pm.kind[id]; !ok {
			continue // no item of its own (self-check, infeasibility)
		}
		pm.units = append(pm.units, id)
		for _, r := range u.Rules(a) {
			pm.item[r.Name] = id
		}
	}
	for _, p := range a.People {
		pm.item[groupPerson(p.Name)] = itemPeople
	}
	for _, r := range a.Rooms {
		pm.item[groupRoom(r.Name)] = itemRooms
	}
	for _, g := range m.Groups() {
		if _, ok := pm.item[g]; !ok && !background(g) {
			t.Fatalf("model group %q is no rule of a unit", g)
		}
	}
	return pm
}

// index returns the option indexes of complete placements, or nil when
// one is off the options (it ends after its day).
func (pm *planModel) index(pl []placement) []int {
	idx := make([]int, len(pl))
	for i, p := range pl {
		k, ok := pm.at[i][pm.a.opt(i, p)]
		if !p.ok || !ok {
			return nil
		}
		idx[i] = k
	}
	return idx
}

// judge runs the checker on complete placements pl and returns whether
// they are feasible (no failure under a feasibility or coverage item), the
// failures, and the objective vector when feasible. With idx (the option
// indexes of pl) it also checks the model: the assignment the placements
// determine satisfies the model exactly when the checker finds them
// feasible, and then has the same objective values; the always-on rules of
// people and rooms hold in the model exactly when their items pass; and,
// when those hold, every unit's rules hold exactly when its item passes
// (a unit's constraints may count on the always-on rules, e.g. the
// consecutive limit counts busy slots per activity).
func (pm *planModel) judge(t *testing.T, pl []placement, idx []int) (bool, fails, []int64) {
	t.Helper()
	a := pm.a
	f := a.evaluate(&answer{pl: pl})
	feasible := true
	for id := range f {
		k, known := pm.kind[id]
		if !known {
			t.Fatalf("placements %v: failure under %q, which is no checklist item", pl, id)
		}
		if k == domains.KindFeasibility || k == domains.KindCoverage {
			feasible = false
		}
	}
	var obj []int64
	if feasible {
		obj = a.objectives(pl)
	}
	if idx == nil {
		return feasible, f, obj
	}
	clear(pm.asg)
	for i, k := range idx {
		for _, fx := range pm.set[i][k] {
			pm.asg[fx.v] = fx.val
		}
	}
	for _, q := range pm.idle {
		pm.asg[q[0]] = 0
		if pm.asg[q[1]] == 1 && pm.asg[q[2]] == 1 && pm.asg[q[3]] == 0 {
			pm.asg[q[0]] = 1
		}
	}
	violated := map[string]bool{}
	modelOK := true
	for _, c := range pm.m.Constraints {
		if !pm.m.Holds(c, pm.asg) {
			modelOK = false
			item, ok := pm.item[c.Group]
			if !ok || item == "" {
				t.Fatalf("placements %v: structural constraint %s is violated: %s", pl, c.Name, pm.m.Why(c, pm.asg))
			}
			violated[item] = true
		}
	}
	if modelOK != feasible {
		t.Fatalf("placements %v: the model holds: %v; the checker finds feasible: %v (%v)", pl, modelOK, feasible, f)
	}
	for _, id := range []string{itemPeople, itemRooms} {
		if violated[id] != (len(f[id]) > 0) {
			t.Fatalf("placements %v: model rules of %s violated: %v; the item fails with %v", pl, id, violated[id], f[id])
		}
	}
	if len(f[itemPeople])+len(f[itemRooms])+len(f[itemCoverage]) == 0 {
		for _, id := range pm.units {
			if violated[id] != (len(f[id]) > 0) {
				t.Fatalf("placements %v: model rules of %s violated: %v; the item fails with %v", pl, id, violated[id], f[id])
			}
		}
	}
	if feasible {
		if got := pm.m.ObjectiveValues(pm.asg); !slices.Equal(got, obj) {
			t.Fatalf("placements %v: model objective %v, checker %v", pl, got, obj)
		}
	}
	return feasible, f, obj
}

// nextIndex advances idx, the digits of a combination of one option of
// each list of opts (the first digit turning fastest), and reports false
// after the last combination, with idx back at all zeros.
func nextIndex[T any](idx []int, opts [][]T) bool {
	for i := range idx {
		if idx[i]++; idx[i] < len(opts[i]) {
			return true
		}
		idx[i] = 0
	}
	return false
}

// exhaustive is what enumerating every combination of placements finds,
// per tie-break setting (0, 1, 2): the least objective vector, how many
// feasible combinations reach it and the first that does.
type exhaustive struct {
	combos, feasible int
	best             [3][]int64
	count            [3]int
	argmin           [3][]placement
}

// exhaust enumerates every combination of options of a, judging each with
// the checker and the model (judge). The objective vector of tie-break
// setting k is the prefix of the full vector (TieBreaks 2) without its
// last 2−k levels: the tie-break levels come last.
func exhaust(t *testing.T, a *Agenda) exhaustive {
	t.Helper()
	tb := a.TieBreaks
	a.TieBreaks = 2
	defer func() { a.TieBreaks = tb }()
	pm := newPlanModel(t, a)
	levels := len(pm.m.Objectives)
	var ex exhaustive
	n := len(a.Activities)
	idx := make([]int, n)
	pl := make([]placement, n)
	for {
		for i, k := range idx {
			o := pm.opts[i][k]
			pl[i] = placement{true, o.day, o.start, o.room, o.dur}
		}
		ex.combos++
		if ok, _, obj := pm.judge(t, pl, idx); ok {
			ex.feasible++
			if len(obj) != levels {
				t.Fatalf("%d objective values, the model has %d levels", len(obj), levels)
			}
			for k := range 3 {
				v := obj[:levels-2+k]
				switch c := lexCmp(v, ex.best[k]); {
				case ex.best[k] == nil || c < 0:
					ex.best[k], ex.count[k], ex.argmin[k] = slices.Clone(v), 1, slices.Clone(pl)
				case c == 0:
					ex.count[k]++
				}
			}
		}
		if !nextIndex(idx, pm.opts) {
			return ex
		}
	}
}

// ---- tiny instances for every unit of the pool ----

// mixUnits returns a spec of unit u plus lo..hi other units of the pool,
// drawn with r until the set is compatible (task.Compatible), in pool
// order. It generalizes mix (units_more_test.go), which is mixUnits with
// 1..2 others and the brute subtask.
func mixUnits(u, subtaskID string, seed uint64, r *rand.Rand, lo, hi int) domains.Spec {
	tk := &domains.Task{ID: "tiny", Pool: poolInfo()}
	var others []string
	for _, p := range tk.Pool {
		if p.ID != u && p.ID != unitRoomFailure && p.ID != unitBackupSlots && p.ID != unitRequiredRole { // their brute forces pair schedules (units_failure_test.go, units_backup_test.go)
			others = append(others, p.ID)
		}
	}
	for {
		ids := map[string]bool{u: true}
		list := []string{u}
		for _, k := range r.Perm(len(others))[:lo+r.IntN(hi-lo+1)] {
			ids[others[k]] = true
			list = append(list, others[k])
		}
		if tk.Compatible(list) != nil {
			continue
		}
		spec, err := tk.NewSpec(subtaskID, seed, ids)
		if err != nil {
			panic(err)
		}
		return spec
	}
}

// tinyShape returns the subtask of a brute-force instance: the brute
// subtask of units_more_test.go in one of four shapes, by seed — four
// activities on one short day; two or three activities on a day of eight
// slots; three activities over two days; three or four activities over
// three days of three slots (a cool-down of two days can bind). At most 4
// activities and 8 slots a day.
func tinyShape(seed uint64) subtask {
	st := bruteSub
	st.ID = "tiny"
	st.Activities = []string{"A1", "A2", "A3", "A4"}
	st.People, st.NPeople = meetingPeople[:4], span{3, 4}
	switch seed % 4 {
	case 0:
		st.NActs, st.NDays, st.Slots, st.NRooms = span{4, 4}, span{1, 1}, span{4, 5}, span{1, 1}
	case 1:
		st.NActs, st.NDays, st.Slots, st.NRooms = span{2, 3}, span{1, 1}, span{8, 8}, span{1, 2}
	case 2:
		st.NActs, st.NDays, st.Slots, st.NRooms = span{3, 3}, span{2, 2}, span{3, 4}, span{1, 2}
	case 3:
		st.NActs, st.NDays, st.Slots, st.NRooms = span{3, 4}, span{3, 3}, span{3, 3}, span{1, 1}
	}
	return st
}

// bruteStats counts the brute-force instances of one unit.
type bruteStats struct {
	instances, skipped, combos, feasibleCombos int
	optimal, infeasible                        int
	unique                                     [3]int
	conflicts                                  int // non-empty conflicts checked
	coreOnly                                   int // infeasible under rules 1–3 alone
}

func (s bruteStats) String() string {
	return fmt.Sprintf("%d instances (%d over the size cap skipped), %d combinations (%d feasible); %d optimal (unique with tie-breaks 0/1/2: %d/%d/%d), %d infeasible (%d with a named conflict, %d under rules 1–3 alone)",
		s.instances, s.skipped, s.combos, s.feasibleCombos, s.optimal, s.unique[0], s.unique[1], s.unique[2], s.infeasible, s.conflicts, s.coreOnly)
}

// Sizes of the brute force: instances per unit (30 with PLANCERT_LONG=1),
// combinations per instance.
func bruteInstances() int { return int(familytest.Levels{Short: 6, Default: 6, Long: 30}.N()) }

const bruteMaxCombos = 200_000

// TestFamilyBrute: for every unit of the pool, tiny instances with the unit
// and 0–2 compatible others; exhaustive search with the checker as the
// oracle (and the model checked against it on every combination) gives the
// SAT certificate's status, optimum and uniqueness, for tie-breaks 0, 1
// and 2; a unique optimum is the reference plan; an infeasible instance's
// conflict holds, and no plan passes its checklist.
func TestFamilyBrute(t *testing.T) {
	var mu sync.Mutex
	report := map[string]bruteStats{}
	t.Cleanup(func() {
		var total bruteStats
		for _, u := range poolInfo() {
			if s, ok := report[u.ID]; ok {
				t.Logf("%-20s %s", u.ID, s)
				total.instances += s.instances
				total.combos += s.combos
			}
		}
		t.Logf("total: %d instances, %d combinations", total.instances, total.combos)
	})
	for ui, u := range poolInfo() {
		if u.ID == unitRoomFailure || u.ID == unitBackupSlots || u.ID == unitRequiredRole {
			continue // two schedules per answer: TestRoomFailureBrute, TestBackupSlotsBrute
		}
		t.Run(u.ID, func(t *testing.T) {
			t.Parallel()
			var st bruteStats
			n := bruteInstances()
			for seed := uint64(1); st.instances < n; seed++ {
				if seed > 20*uint64(n) {
					t.Fatalf("only %d instances within the size cap in %d seeds", st.instances, seed)
				}
				r := rand.New(rand.NewPCG(seed, 1000+uint64(ui)))
				sub := tinyShape(seed)
				spec := mixUnits(u.ID, sub.ID, seed, r, 0, 2)
				a, err := sub.generate(testSolving, spec, r)
				if err != nil {
					t.Fatal(err)
				}
				if spaceSize(a) > bruteMaxCombos {
					st.skipped++
					continue
				}
				st.instances++
				if a.has(unitReplanning) {
					checkCurrent(t, a)
				}
				if (seed/4)%2 == 1 {
					squeeze(a)
				}
				checkRoundTrip(t, a)
				checkGroups(t, a)
				bruteCompare(t, a, fmt.Sprintf("seed %d %v", seed, spec.Units()), &st)
			}
			mu.Lock()
			report[u.ID] = st
			mu.Unlock()
		})
	}
}

// bruteCompare enumerates a and compares with the SAT certificate under
// every tie-break setting.
func bruteCompare(t *testing.T, a *Agenda, what string, st *bruteStats) {
	t.Helper()
	ex := exhaust(t, a)
	st.combos += ex.combos
	st.feasibleCombos += ex.feasible
	if ex.feasible == 0 {
		st.infeasible++
	} else {
		st.optimal++
	}
	for tb := range 3 {
		a.TieBreaks = tb
		w := fmt.Sprintf("%s, tie-breaks %d", what, tb)
		// The certificate against the enumeration's tally of this
		// tie-break setting (familytest.Brute: status, optimum, uniqueness,
		// the certified plan passes its checklist).
		o := &familytest.Optima{Better: a.Better, Feasible: ex.feasible, Best: ex.best[tb], Count: ex.count[tb]}
		c, plan := familytest.Brute{Name: w, Inst: a, Optima: o}.Agree(t)
		if ex.feasible == 0 {
			if tb == 0 {
				ref := domains.Reference{Feasible: false, Conflict: nonCore(c.Core)}
				checkInfeasible(t, a, ref, w)
				if len(ref.Conflict) > 0 {
					st.conflicts++
				} else {
					st.coreOnly++
				}
			}
			continue
		}
		ref := domains.Reference{Feasible: true, Plan: plan, Objective: c.Objective}
		if *c.Unique {
			st.unique[tb]++
			want, err := a.encodePlan(ex.argmin[tb], a.goal(ex.argmin[tb]))
			if err != nil {
				t.Fatal(err)
			}
			if string(want) != string(ref.Plan) {
				t.Fatalf("%s: the unique optimum is %s, the reference %s", w, want, ref.Plan)
			}
			continue
		}
		wp, err := a.Plan(c.Witness)
		if err != nil {
			t.Fatal(err)
		}
		if string(wp) == string(ref.Plan) {
			t.Fatalf("%s: the witness is the reference", w)
		}
		for _, res := range a.Check(context.Background(), sat.Backend{}, wp, ref) {
			if !res.Pass {
				t.Fatalf("%s: witness %s fails %s: %s", w, wp, res.ID, res.Detail)
			}
		}
	}
}

// checkInfeasible: the certificate's conflict (its core without the
// always-on groups) holds; the infeasibility answer passes every item;
// plans never pass (the first and the last combination, and a plan of
// the right form are tried), and a conflict naming no rule, or only rules
// that hold together, fails the conflict item.
func checkInfeasible(t *testing.T, a *Agenda, ref domains.Reference, what string) {
	t.Helper()
	if ok, why := a.conflictHolds(context.Background(), sat.Backend{}, ref.Conflict); !ok {
		t.Fatalf("%s: conflict %v: %s", what, ref.Conflict, why)
	}
	if len(ref.Conflict) == 0 {
		// Only the always-on rules conflict (the grid is too small for
		// the activities): no answer of the form {"feasible": false,
		// "conflict": [...]} passes, since a claim that names no rule
		// fails the conflict item (and only it: the claim reads and is
		// true). Tiny shapes meet this; the family's tasks keep rules 1–3
		// satisfiable (a hidden schedule, or drawn again), and
		// TestFamilyReference would see an integrity failure otherwise.
		got := map[string]bool{}
		claim := json.RawMessage(`{"feasible": false, "conflict": []}`)
		for _, r := range a.Check(context.Background(), sat.Backend{}, claim, ref) {
			got[r.ID] = r.Pass
		}
		if !got[itemFormat] || !got[itemInfeasible] || got[itemConflict] {
			t.Fatalf("%s: core-only conflict, answer %s: %v", what, claim, got)
		}
	} else {
		claim, _ := json.Marshal(map[string]any{"feasible": false, "conflict": ref.Conflict})
		for _, r := range a.Check(context.Background(), sat.Backend{}, claim, ref) {
			if !r.Pass {
				t.Fatalf("%s: the infeasibility answer %s fails %s: %s", what, claim, r.ID, r.Detail)
			}
		}
	}
	first := make([]placement, len(a.Activities))
	last := make([]placement, len(a.Activities))
	for i := range a.Activities {
		opts := a.options(i)
		o, z := opts[0], opts[len(opts)-1]
		first[i], last[i] = placement{true, o.day, o.start, o.room, o.dur}, placement{true, z.day, z.start, z.room, z.dur}
	}
	for _, pl := range [][]placement{first, last} {
		plan, _ := a.encodePlan(pl, a.goal(pl))
		got := map[string]bool{}
		for _, r := range a.Check(context.Background(), sat.Backend{}, plan, ref) {
			got[r.ID] = r.Pass
		}
		if got[itemFormat] || got[itemInfeasible] || got[itemConflict] {
			t.Fatalf("%s: the plan %s passes an item of an infeasible instance: %v", what, plan, got)
		}
	}
	if len(ref.Conflict) == 0 {
		return
	}
	// A conflict naming no rule of the problem fails the conflict item.
	bad, _ := json.Marshal(map[string]any{"feasible": false, "conflict": []string{"no such rule"}})
	for _, r := range a.Check(context.Background(), sat.Backend{}, bad, ref) {
		if r.ID == itemConflict && r.Pass {
			t.Fatalf("%s: a conflict naming no rule passes", what)
		}
	}
}

// briefUnits are the units the family brief lists; the pool may hold more,
// and TestFamilyBrute covers every unit of the pool.
var briefUnits = []string{unitAvailability, unitRoomFit, unitDailyCap, unitBuffer, unitChain, unitSelfCheck, unitInfeasible,
	unitWorkingHours, unitPriorityOrder, unitConsecutive, unitCooldown, unitUncertain, unitReplanning,
	unitFragmentation, unitTimeZones, unitKeyPerson, unitConfidential, unitRoomFailure, unitBackupSlots, unitRequiredRole,
	unitMinDuration, unitSplit}

// TestFamilyBruteUnitsCovered: the units of the brief are in the pool, every
// task's pool is the agenda pool (so TestFamilyBrute covers it), and the
// tiny shapes stay within the sizes of the brief (≤ 4 activities, ≤ 8
// slots a day).
func TestFamilyBruteUnitsCovered(t *testing.T) {
	ids := map[string]bool{}
	for _, u := range poolInfo() {
		ids[u.ID] = true
	}
	for _, id := range briefUnits {
		if !ids[id] {
			t.Errorf("unit %q of the brief is not in the pool", id)
		}
	}
	for _, tk := range familyTasks(t) {
		if !slices.EqualFunc(tk.Pool, poolInfo(), func(x, y domains.Unit) bool { return x.ID == y.ID }) {
			t.Errorf("%s: its pool is not the agenda pool", tk.ID)
		}
	}
	for seed := range uint64(4) {
		st := tinyShape(seed)
		if st.NActs.Hi > 4 || st.Slots.Hi > 8 || st.NActs.Hi > len(st.Activities) {
			t.Errorf("shape %d: %+v", seed, st)
		}
	}
	t.Logf("%d units in the pool: %s", len(ids), strings.Join(slices.Sorted(maps.Keys(ids)), ", "))
}
