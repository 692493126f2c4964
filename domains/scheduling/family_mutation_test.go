package scheduling

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/solver/sat"
)

// mutationSeeds is the number of kept feasible records per task whose
// reference plans are mutated.
const mutationSeeds = 20

// mutation is one single-field change of a reference plan.
type mutation struct {
	kind   string      // shift, day, room, drop, rename, objective
	what   string      // for messages
	pl     []placement // the placements (a dropped activity is !ok)
	rename int         // the activity renamed, or -1
	stated *int64      // the stated objective (nil when the plan has none)
	tail   string      // written after the schedule: the failure schedule's key and object (room-failure unit)
}

// answerJSON writes an answer in the reference's form: placed activities in
// the order of the instance, the renamed one under a name not in the
// instance, and "objective" when stated is not nil.
func answerJSON(a *Agenda, m mutation) json.RawMessage {
	var b strings.Builder
	fmt.Fprintf(&b, "{%q: [", a.Voc.Activities)
	first := true
	for i, p := range m.pl {
		if !p.ok {
			continue
		}
		if !first {
			b.WriteString(", ")
		}
		first = false
		name := a.Activities[i].Name
		if i == m.rename {
			name = renamed(a, name)
		}
		a.writeEntry(&b, name, i, p, a.flexible())
	}
	b.WriteString("]")
	if m.stated != nil {
		fmt.Fprintf(&b, ", \"objective\": %d", *m.stated)
	}
	b.WriteString(m.tail)
	b.WriteString("}")
	return json.RawMessage(b.String())
}

// renamed returns a name that is no activity of a.
func renamed(a *Agenda, name string) string {
	for n := name + " (moved)"; ; n += "!" {
		if a.actIndex(n) < 0 {
			return n
		}
	}
}

// mutations lists every single-field mutation of the placements base with
// the stated objective stated (nil when the plan has none): each activity
// one slot earlier or later (a start on the grid, even one that makes it
// end after its day), on each other day, in each other room, dropped,
// renamed; and the objective ±1.
func mutations(a *Agenda, base []placement, stated *int64) []mutation {
	var out []mutation
	with := func(kind, what string, i int, p placement) {
		pl := append([]placement(nil), base...)
		pl[i] = p
		out = append(out, mutation{kind: kind, what: what, pl: pl, rename: -1, stated: stated})
	}
	for i, p := range base {
		name := a.Activities[i].Name
		for _, d := range []int{-1, 1} {
			if s := p.start + d; s >= 0 && s < a.Slots {
				q := p
				q.start = s
				with("shift", fmt.Sprintf("%s %+d slot", name, d), i, q)
			}
		}
		if a.Activities[i].Flexible {
			for _, d := range []int{-1, 1} {
				if l := a.plen(i, p) + d; l >= 1 {
					q := p
					q.dur = l
					with("length", fmt.Sprintf("%s %+d slot long", name, d), i, q)
				}
			}
		}
		for day := range a.Days {
			if day != p.day {
				q := p
				q.day = day
				with("day", fmt.Sprintf("%s to %s", name, a.Days[day]), i, q)
			}
		}
		for r := range a.Rooms {
			if r != p.room {
				q := p
				q.room = r
				with("room", fmt.Sprintf("%s to %s", name, a.Rooms[r].Name), i, q)
			}
		}
		with("drop", "drop "+name, i, placement{})
		out = append(out, mutation{kind: "rename", what: "rename " + name, pl: base, rename: i, stated: stated})
	}
	if stated != nil {
		for _, d := range []int64{-1, 1} {
			v := *stated + d
			out = append(out, mutation{kind: "objective", what: fmt.Sprintf("objective %+d", d), pl: base, rename: -1, stated: &v})
		}
	}
	return out
}

// coreBroken returns the always-on items that placements pl break,
// computed here without the checker: an activity missing or ending after
// its day (coverage), a person in two activities at once (one-at-a-time),
// a room holding two at once (room-conflicts).
func coreBroken(a *Agenda, pl []placement) map[string]bool {
	out := map[string]bool{}
	busy := map[string]int{} // "who|day|slot" → activities there
	for i, p := range pl {
		act := a.Activities[i]
		if !p.ok || p.start+a.plen(i, p) > a.Slots || (act.Flexible && a.plen(i, p) > act.Duration) {
			out[itemCoverage] = true
		}
		if !p.ok {
			continue
		}
		for t := p.start; t < p.start+a.plen(i, p); t++ {
			for _, who := range act.Attendees {
				busy[fmt.Sprintf("person %s|%d|%d", who, p.day, t)]++
			}
			busy[fmt.Sprintf("room %d|%d|%d", p.room, p.day, t)]++
		}
	}
	for k, n := range busy {
		if n < 2 {
			continue
		}
		if strings.HasPrefix(k, "person ") {
			out[itemPeople] = true
		} else {
			out[itemRooms] = true
		}
	}
	return out
}

// mutationStats counts mutations per kind and the items they fail.
type mutationStats struct {
	records  int
	kinds    map[string]int
	feasible map[string]int // mutations of a kind that keep every rule
	fails    map[string]int // item → mutations failing it
}

func (s *mutationStats) add(o *mutationStats) {
	s.records += o.records
	for k, n := range o.kinds {
		s.kinds[k] += n
	}
	for k, n := range o.feasible {
		s.feasible[k] += n
	}
	for k, n := range o.fails {
		s.fails[k] += n
	}
}

func newMutationStats() *mutationStats {
	return &mutationStats{kinds: map[string]int{}, feasible: map[string]int{}, fails: map[string]int{}}
}

func countList(m map[string]int) string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	var out []string
	for _, k := range ks {
		out = append(out, fmt.Sprintf("%s %d", k, m[k]))
	}
	return strings.Join(out, ", ")
}

func (s *mutationStats) String() string {
	total := 0
	for _, n := range s.kinds {
		total += n
	}
	return fmt.Sprintf("%d records, %d mutations (%s); still feasible: %s; items failed (renames, which fail every item, apart): %s",
		s.records, total, countList(s.kinds), countList(s.feasible), countList(s.fails))
}

// TestFamilyMutation: for every task, the first 20 kept feasible records
// (seeds 1, 2, …, gen.Unique): every single-field mutation of the
// reference plan passes fewer than every item; the feasibility and
// coverage items that fail are exactly those whose rules the mutated plan
// breaks (the checker's evaluate, cross-checked with the model rule by
// rule and with an independent check of the always-on rules); "optimal"
// fails whenever the plan changed, and a plan that still keeps every
// rule is strictly worse than the unique optimum; "format" fails for a
// renamed activity, "coverage" for a dropped one, "stated" for a changed
// objective (and whenever the stated value is no longer the plan's goal).
func TestFamilyMutation(t *testing.T) {
	var mu sync.Mutex
	total := newMutationStats()
	report := map[string]*mutationStats{}
	tasks := familyTasks(t)
	t.Cleanup(func() {
		for _, tk := range tasks {
			if s, ok := report[tk.ID]; ok {
				t.Logf("%-30s %s", tk.ID, s)
			}
		}
		t.Logf("%-30s %s", "total", total)
	})
	for _, tk := range tasks {
		t.Run(tk.ID, func(t *testing.T) {
			t.Parallel()
			st := newMutationStats()
			for seed := uint64(1); st.records < mutationSeeds; seed++ {
				if seed > 10*mutationSeeds {
					t.Fatalf("only %d kept feasible records in %d seeds", st.records, seed-1)
				}
				spec, rec, drop, err := cachedRecord(tk, seed)
				if err != nil {
					t.Fatalf("seed %d %v: %v", seed, spec.Units(), err)
				}
				if drop != "" || !rec.Reference.Feasible {
					continue
				}
				st.records++
				mutateRecord(t, tk, rec, st)
			}
			mu.Lock()
			report[tk.ID] = st
			total.add(st)
			mu.Unlock()
		})
	}
}

// mutateRecord applies every mutation to the reference plan of rec and
// checks the results.
func mutateRecord(t *testing.T, tk *domains.Task, rec *domains.Record, st *mutationStats) {
	t.Helper()
	inst, err := tk.Load(rec.Instance)
	if err != nil {
		t.Fatalf("%s: %v", rec.ID, err)
	}
	a := inst.(*Agenda)
	ref := rec.Reference
	base := a.parse(ref.Plan)
	if base.formatErr != "" || !base.complete() {
		t.Fatalf("%s: the reference %s does not parse: %s", rec.ID, ref.Plan, base.formatErr)
	}
	if (base.stated != nil) != a.has(unitSelfCheck) {
		t.Fatalf("%s: the reference %s states an objective: %v; self-check: %v", rec.ID, ref.Plan, base.stated != nil, a.has(unitSelfCheck))
	}
	// With the room-failure unit, the normal schedule is mutated with the
	// reference's failure schedule kept (tail), then the other way round
	// (mutateFailure); the model is not compared (it pairs two schedules).
	var fbase *answer
	tail := ""
	if a.failIndex() >= 0 {
		if fbase = a.parseFailure(ref.Plan); fbase.formatErr != "" || !fbase.complete() {
			t.Fatalf("%s: the failure schedule of %s does not parse: %s", rec.ID, ref.Plan, fbase.formatErr)
		}
		tail = fmt.Sprintf(", %q: %s", failKey, answerJSON(a, mutation{pl: fbase.pl, rename: -1, stated: fbase.stated}))
	}
	// With the backup-slots unit, likewise: the schedule is mutated with
	// the reference's backups kept, then the backups (mutateBackups).
	var bk []placement
	if a.criticalIdx() != nil {
		var why string
		if bk, why = a.parseBackups(ref.Plan); why != "" {
			t.Fatalf("%s: the backups of %s do not parse: %s", rec.ID, ref.Plan, why)
		}
		var sb strings.Builder
		a.writeBackups(&sb, bk)
		tail = sb.String()
	}
	// With the required-role unit, the schedule is mutated with the
	// reference's role choices kept; the rules are judged on the agenda
	// with the role persons added (withRoles), without the plan model.
	ea := a
	var roles []int
	if a.roleIdx() != nil {
		var why string
		if roles, why = a.parseRoles(ref.Plan); why != "" {
			t.Fatalf("%s: the roles of %s do not parse: %s", rec.ID, ref.Plan, why)
		}
		tail, ea = a.rolesJSON(roles), a.withRoles(roles)
	}
	if string(answerJSON(a, mutation{pl: base.pl, rename: -1, stated: base.stated, tail: tail})) != string(ref.Plan) {
		t.Fatalf("%s: the reference %s is not in the form the mutations are written in", rec.ID, ref.Plan)
	}
	items := a.Checklist(ref)
	kind := map[string]domains.ItemKind{}
	for _, it := range items {
		kind[it.ID] = it.Kind
	}
	var pm *planModel
	switch {
	case bk != nil:
		mutateBackups(t, a, rec, base, bk, st)
	case roles != nil:
	case fbase == nil:
		pm = newPlanModel(t, a)
	default:
		mutateFailure(t, a, rec, base, fbase, st)
	}
	for _, m := range mutations(a, base.pl, base.stated) {
		m.tail = tail
		what := fmt.Sprintf("%s: %s", rec.ID, m.what)
		plan := answerJSON(a, m)
		res := a.Check(context.Background(), sat.Backend{}, plan, ref)
		failed := map[string]bool{}
		for _, r := range res {
			if !r.Pass {
				failed[r.ID] = true
				if m.kind != "rename" { // a rename fails every item
					st.fails[r.ID]++
				}
			}
		}
		st.kinds[m.kind]++
		if len(failed) == 0 {
			t.Fatalf("%s: %s passes every item", what, plan)
		}
		switch m.kind {
		case "rename":
			// An entry that names no activity is a format error, and an
			// answer with a format error fails every item.
			if len(failed) != len(items) {
				t.Fatalf("%s: %s fails only %v", what, plan, failed)
			}
			continue
		case "objective":
			if len(failed) != 1 || !failed[itemStated] {
				t.Fatalf("%s: %s fails %v, want only %q", what, plan, failed, itemStated)
			}
			continue
		}
		// The plan changed: drop, shift, day, room.
		ans := a.parse(plan)
		if ans.formatErr != "" {
			t.Fatalf("%s: %s: %s", what, plan, ans.formatErr)
		}
		var f fails
		feasible := true
		var idx []int
		if pm != nil {
			idx = pm.index(ans.pl)
		}
		if idx != nil {
			feasible, f, _ = pm.judge(t, ans.pl, idx)
		} else {
			f = ea.evaluate(ans)
			for id := range f {
				if k := kind[id]; k == domains.KindFeasibility || k == domains.KindCoverage {
					feasible = false
				}
			}
		}
		if bk != nil {
			// The backups judged against the mutated schedule.
			details, ok := a.checkBackups(ans.pl, bk, kind)
			f[unitBackupSlots] = details
			feasible = feasible && ok
		}
		for _, it := range items {
			if it.Kind != domains.KindFeasibility && it.Kind != domains.KindCoverage {
				continue
			}
			if broken := len(f[it.ID]) > 0; broken != failed[it.ID] {
				t.Fatalf("%s: %s breaks %q: %v (%v); the item fails: %v", what, plan, it.ID, broken, f[it.ID], failed[it.ID])
			}
		}
		for id := range coreBroken(ea, ans.pl) {
			if !failed[id] {
				t.Fatalf("%s: %s breaks the always-on rule of %q, which passes", what, plan, id)
			}
		}
		if failed[itemFormat] {
			t.Fatalf("%s: %s fails the format item", what, plan)
		}
		if !failed[itemOptimal] {
			t.Fatalf("%s: %s changes the plan and passes %q", what, plan, itemOptimal)
		}
		if m.kind == "drop" && !failed[itemCoverage] {
			t.Fatalf("%s: %s passes %q", what, plan, itemCoverage)
		}
		if feasible {
			st.feasible[m.kind]++
			got := a.objectives(ans.pl)
			if fbase != nil {
				got = append(got, a.objectives(fbase.pl)...)
			}
			if bk != nil {
				got = append(got, a.backupObjectives(bk)...)
			}
			got = append(got, roleValues(roles)...)
			if lexCmp(got, ref.Objective) <= 0 {
				t.Fatalf("%s: %s keeps every rule with values %v, not worse than the unique optimum %v", what, plan, got, ref.Objective)
			}
		}
		if m.stated != nil {
			wantStated := !ans.complete() || a.goal(ans.pl) != *m.stated
			if failed[itemStated] != wantStated {
				t.Fatalf("%s: %s: %q fails: %v, want %v", what, plan, itemStated, failed[itemStated], wantStated)
			}
		}
	}
}

// mutateFailure applies every mutation to the failure schedule of rec's
// reference, the normal schedule kept: the items of the normal schedule
// pass; the room-failure item fails exactly when the mutated schedule uses
// the failing room or breaks a rule (evaluate); the optimum fails; a
// rename fails every item, an objective change only "stated".
func mutateFailure(t *testing.T, a *Agenda, rec *domains.Record, base, fbase *answer, st *mutationStats) {
	t.Helper()
	ref := rec.Reference
	kind := map[string]domains.ItemKind{}
	items := a.Checklist(ref)
	for _, it := range items {
		kind[it.ID] = it.Kind
	}
	for _, m := range mutations(a, fbase.pl, fbase.stated) {
		what := fmt.Sprintf("%s: if %s fails: %s", rec.ID, a.FailRoom, m.what)
		plan := answerJSON(a, mutation{pl: base.pl, rename: -1, stated: base.stated,
			tail: fmt.Sprintf(", %q: %s", failKey, answerJSON(a, m))})
		failed := map[string]bool{}
		for _, r := range a.Check(context.Background(), sat.Backend{}, plan, ref) {
			if !r.Pass {
				failed[r.ID] = true
			}
		}
		st.kinds["failure "+m.kind]++
		switch m.kind {
		case "rename":
			if len(failed) != len(items) {
				t.Fatalf("%s: %s fails only %v", what, plan, failed)
			}
			continue
		case "objective":
			if len(failed) != 1 || !failed[itemStated] {
				t.Fatalf("%s: %s fails %v, want only %q", what, plan, failed, itemStated)
			}
			continue
		}
		fans := &answer{pl: m.pl, failure: true}
		broken := false
		for id := range a.evaluate(fans) {
			if k := kind[id]; k == domains.KindFeasibility || k == domains.KindCoverage {
				broken = true
			}
		}
		for _, p := range m.pl {
			broken = broken || (p.ok && p.room == a.failIndex())
		}
		if failed[unitRoomFailure] != broken {
			t.Fatalf("%s: %s breaks a rule: %v; %q fails: %v", what, plan, broken, unitRoomFailure, failed[unitRoomFailure])
		}
		if broken {
			st.fails[unitRoomFailure]++
		} else {
			st.feasible["failure "+m.kind]++
		}
		for id := range failed {
			if id != unitRoomFailure && id != itemOptimal && id != itemStated {
				t.Fatalf("%s: %s fails %q", what, plan, id)
			}
		}
		if !failed[itemOptimal] {
			t.Fatalf("%s: %s changes the failure schedule and passes %q", what, plan, itemOptimal)
		}
	}
}

// mutateBackups moves each backup of rec's reference, the schedule kept:
// onto its activity's own time (which fails the backup-slots item), one
// slot earlier or later, to every other day and every other room. The
// items of the schedule pass; the backup-slots item fails exactly when a
// backup overlaps its activity or a scenario breaks a rule; the optimum
// fails.
func mutateBackups(t *testing.T, a *Agenda, rec *domains.Record, base *answer, bk []placement, st *mutationStats) {
	t.Helper()
	ref := rec.Reference
	kind := map[string]domains.ItemKind{}
	for _, it := range a.Checklist(ref) {
		kind[it.ID] = it.Kind
	}
	for k, c := range a.criticalIdx() {
		q := bk[k]
		moves := map[string]placement{"own time": base.pl[c]}
		for _, d := range []int{-1, 1} {
			if s := q.start + d; s >= 0 && s+a.Activities[c].Duration <= a.Slots {
				moves[fmt.Sprintf("shift %+d", d)] = placement{true, q.day, s, q.room, q.dur}
			}
		}
		for d := range a.Days {
			if d != q.day {
				moves["day "+a.Days[d]] = placement{true, d, q.start, q.room, q.dur}
			}
		}
		for r := range a.Rooms {
			if r != q.room {
				moves["room "+a.Rooms[r].Name] = placement{true, q.day, q.start, r, q.dur}
			}
		}
		for mv, p := range moves {
			if p == q {
				continue
			}
			what := fmt.Sprintf("%s: %s%s", rec.ID, a.backupPrefix(c), mv)
			mb := slices.Clone(bk)
			mb[k] = p
			var sb strings.Builder
			a.writeBackups(&sb, mb)
			plan := answerJSON(a, mutation{pl: base.pl, rename: -1, stated: base.stated, tail: sb.String()})
			failed := map[string]bool{}
			for _, r := range a.Check(context.Background(), sat.Backend{}, plan, ref) {
				if !r.Pass {
					failed[r.ID] = true
				}
			}
			st.kinds["backup "+strings.Fields(mv)[0]]++
			_, ok := a.checkBackups(base.pl, mb, kind)
			if failed[unitBackupSlots] == ok {
				t.Fatalf("%s: %s: the backups pass the checks: %v; %q fails: %v", what, plan, ok, unitBackupSlots, failed[unitBackupSlots])
			}
			if mv == "own time" && ok {
				t.Fatalf("%s: %s: a backup on its own time passes", what, plan)
			}
			if ok {
				st.feasible["backup "+strings.Fields(mv)[0]]++
			} else {
				st.fails[unitBackupSlots]++
			}
			for id := range failed {
				if id != unitBackupSlots && id != itemOptimal {
					t.Fatalf("%s: %s fails %q", what, plan, id)
				}
			}
			if !failed[itemOptimal] {
				t.Fatalf("%s: %s changes a backup and passes %q", what, plan, itemOptimal)
			}
		}
	}
}
