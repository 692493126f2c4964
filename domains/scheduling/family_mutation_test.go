package scheduling

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/internal/familytest"
)

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
	// A length one slot below an activity's minimum (min-duration), when
	// that is a length at all.
	for k, i := range a.minLenIdx() {
		if ml := a.MinLengths[k].Slots; ml >= 2 && base[i].ok && a.plen(i, base[i]) != ml-1 {
			q := base[i]
			q.dur = ml - 1
			with("length", fmt.Sprintf("%s one slot below its minimum", a.Activities[i].Name), i, q)
		}
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

// TestFamilyMutation: for every task, the first 20 kept feasible records
// (seeds 1, 2, …, gen.Unique; infeasible records met on the way too):
// every single-field mutation of the reference plan passes fewer than
// every item; the feasibility and coverage items that fail are exactly
// those whose rules the mutated plan breaks (the checker's evaluate,
// cross-checked with the model rule by rule and with an independent check
// of the always-on rules); "optimal" fails whenever the plan changed, and
// a plan that still keeps every rule is strictly worse than the unique
// optimum; "format" fails for a renamed activity, "coverage" for a dropped
// one, "stated" for a changed objective (and whenever the stated value is
// no longer the plan's goal). An infeasible record's conflict with a rule
// added or left out fails "conflict" alone. Every unit of every task's
// pool is caught by its own item.
func TestFamilyMutation(t *testing.T) {
	familytest.Mutations(t, family, func(t *testing.T, rec *domains.Record, inst domains.Instance) []familytest.Mutant {
		if !rec.Reference.Feasible {
			return familytest.ConflictMutants(rec, false)
		}
		return mutateRecord(t, rec, inst.(*Agenda))
	})
}

// mutateRecord returns every mutation of the reference plan of rec, each
// with its verdict.
func mutateRecord(t *testing.T, rec *domains.Record, a *Agenda) []familytest.Mutant {
	t.Helper()
	ref := rec.Reference
	base := a.parse(ref.Plan)
	if base.FormatErr != "" || !base.complete() {
		t.Fatalf("%s: the reference %s does not parse: %s", rec.ID, ref.Plan, base.FormatErr)
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
		var absent string
		if fbase, absent = a.parseFailure(ref.Plan); fbase == nil {
			t.Fatalf("%s: the reference %s has no failure schedule: %s", rec.ID, ref.Plan, absent)
		}
		if fbase.FormatErr != "" || !fbase.complete() {
			t.Fatalf("%s: the failure schedule of %s does not parse: %s", rec.ID, ref.Plan, fbase.FormatErr)
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
	items, kind := itemKinds(a, ref)
	var out []familytest.Mutant
	var pm *planModel
	switch {
	case bk != nil:
		out = mutateBackups(t, rec, a, base, bk)
	case roles != nil:
		out = mutateRoles(rec, a, base, roles)
	case fbase == nil:
		pm = newPlanModel(t, a)
	default:
		out = mutateFailure(rec, a, base, fbase)
	}
	for _, m := range mutations(a, base.pl, base.stated) {
		m.tail = tail
		plan := answerJSON(a, m)
		mu := familytest.Mutant{Name: m.what, Kind: m.kind, Answer: plan}
		if formatOrStated(&mu, rec, m.kind, len(items)) {
			out = append(out, mu)
			continue
		}
		// The plan changed: drop, shift, day, room, length.
		mu.Changed = true
		if m.kind == "drop" {
			mu.Fail = []string{itemCoverage}
		}
		mu.Pass = []string{itemFormat}
		mu.Verdict = func(t *testing.T, got familytest.Results, _ []int64) []string {
			what := fmt.Sprintf("%s: %s", rec.ID, m.what)
			ans := a.parse(plan)
			if ans.FormatErr != "" {
				t.Fatalf("%s: %s: %s", what, plan, ans.FormatErr)
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
			caught, _ := brokenItems(t, what, plan, items, f, got)
			for id := range coreBroken(ea, ans.pl) {
				if got[id].Pass {
					t.Fatalf("%s: %s breaks the always-on rule of %q, which passes", what, plan, id)
				}
			}
			if feasible {
				objs := a.objectives(ans.pl)
				if fbase != nil {
					objs = append(objs, a.objectives(fbase.pl)...)
				}
				if bk != nil {
					objs = append(objs, a.backupObjectives(bk)...)
				}
				objs = append(objs, roleValues(roles)...)
				if lexCmp(objs, ref.Objective) <= 0 {
					t.Fatalf("%s: %s keeps every rule with values %v, not worse than the unique optimum %v", what, plan, objs, ref.Objective)
				}
			}
			if m.stated != nil {
				wantStated := !ans.complete() || a.goal(ans.pl) != *m.stated
				if !got[itemStated].Pass != wantStated {
					t.Fatalf("%s: %s: %q fails: %v, want %v", what, plan, itemStated, !got[itemStated].Pass, wantStated)
				}
			}
			return caught
		}
		out = append(out, mu)
	}
	return out
}

// itemKinds returns the checklist of a for ref and the kind of each item.
func itemKinds(a *Agenda, ref domains.Reference) ([]domains.Item, map[string]domains.ItemKind) {
	items := a.Checklist(ref)
	kind := map[string]domains.ItemKind{}
	for _, it := range items {
		kind[it.ID] = it.Kind
	}
	return items, kind
}

// formatOrStated completes mu, a mutation of the given kind of a plan
// with n items, when it is a rename or an objective change, and reports
// whether it was: an entry that names no activity is a format error, and
// an answer with a format error fails every item; a changed objective
// fails "stated" alone.
func formatOrStated(mu *familytest.Mutant, rec *domains.Record, kind string, n int) bool {
	switch kind {
	case "rename":
		mu.Fail = []string{itemFormat}
		mu.Verdict = failsEvery(rec, mu.Name, mu.Answer, n)
		return true
	case "objective":
		mu.Fail, mu.Exact = []string{itemStated}, true
		return true
	}
	return false
}

// brokenItems compares the failing feasibility and coverage items (got)
// with the rules f says plan breaks; it returns those items, and whether
// none is broken. what prefixes the messages.
func brokenItems(t *testing.T, what string, plan json.RawMessage, items []domains.Item, f fails, got familytest.Results) (broken []string, feasible bool) {
	t.Helper()
	for _, it := range items {
		if it.Kind != domains.KindFeasibility && it.Kind != domains.KindCoverage {
			continue
		}
		b := len(f[it.ID]) > 0
		if b != !got[it.ID].Pass {
			t.Fatalf("%s: %s breaks %q: %v (%v); the item fails: %v", what, plan, it.ID, b, f[it.ID], !got[it.ID].Pass)
		}
		if b {
			broken = append(broken, it.ID)
		}
	}
	return broken, len(broken) == 0
}

// failsEvery is the verdict of an answer with a format error: it fails
// every one of the n items.
func failsEvery(rec *domains.Record, what string, plan json.RawMessage, n int) func(*testing.T, familytest.Results, []int64) []string {
	return func(t *testing.T, got familytest.Results, _ []int64) []string {
		if f := got.Failing(); len(f) != n {
			t.Fatalf("%s: %s: %s fails only %v", rec.ID, what, plan, f)
		}
		return nil
	}
}

// mutateFailure returns every mutation of the failure schedule of rec's
// reference, the normal schedule kept: the items of the normal schedule
// pass; the room-failure item fails exactly when the mutated schedule uses
// the failing room or breaks a rule (evaluate); the optimum fails; a
// rename fails the format item and the failure schedule's items, an
// objective change only "stated".
func mutateFailure(rec *domains.Record, a *Agenda, base, fbase *answer) []familytest.Mutant {
	ref := rec.Reference
	items, kind := itemKinds(a, ref)
	var out []familytest.Mutant
	for _, m := range mutations(a, fbase.pl, fbase.stated) {
		what := fmt.Sprintf("if %s fails: %s", a.FailRoom, m.what)
		plan := answerJSON(a, mutation{pl: base.pl, rename: -1, stated: base.stated,
			tail: fmt.Sprintf(", %q: %s", failKey, answerJSON(a, m))})
		mu := familytest.Mutant{Name: what, Kind: "failure " + m.kind, Answer: plan}
		if m.kind == "rename" {
			// A name the instance does not have makes the failure schedule
			// unreadable: the format item and the items that read it fail,
			// and nothing else (docs/grading.md).
			mu.Fail, mu.Exact = append([]string{itemFormat}, a.failurePart().Items...), true
			out = append(out, mu)
			continue
		}
		if formatOrStated(&mu, rec, m.kind, len(items)) {
			out = append(out, mu)
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
		mu.Changed, mu.Exact, mu.MayFail = true, true, []string{itemStated}
		if broken {
			mu.Fail = []string{unitRoomFailure}
		} else {
			mu.Pass = []string{unitRoomFailure}
		}
		out = append(out, mu)
	}
	return out
}

// mutateBackups moves each backup of rec's reference, the schedule kept:
// onto its activity's own time (which fails the backup-slots item), one
// slot earlier or later, to every other day and every other room. The
// items of the schedule pass; the backup-slots item fails exactly when a
// backup overlaps its activity or a scenario breaks a rule; the optimum
// fails.
func mutateBackups(t *testing.T, rec *domains.Record, a *Agenda, base *answer, bk []placement) []familytest.Mutant {
	ref := rec.Reference
	_, kind := itemKinds(a, ref)
	var out []familytest.Mutant
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
		for _, mv := range slices.Sorted(maps.Keys(moves)) {
			p := moves[mv]
			if p == q {
				continue
			}
			what := fmt.Sprintf("%s%s", a.backupPrefix(c), mv)
			mb := slices.Clone(bk)
			mb[k] = p
			var sb strings.Builder
			a.writeBackups(&sb, mb)
			plan := answerJSON(a, mutation{pl: base.pl, rename: -1, stated: base.stated, tail: sb.String()})
			_, ok := a.checkBackups(base.pl, mb, kind)
			if mv == "own time" && ok {
				t.Fatalf("%s: %s: %s: a backup on its own time passes the backup checks", rec.ID, what, plan)
			}
			mu := familytest.Mutant{Name: what, Kind: "backup " + strings.Fields(mv)[0], Answer: plan, Changed: true, Exact: true}
			if ok {
				mu.Pass = []string{unitBackupSlots}
			} else {
				mu.Fail = []string{unitBackupSlots}
			}
			out = append(out, mu)
		}
	}
	return out
}

// mutateRoles changes each role choice of rec's reference, the schedule
// kept: to a person who is not qualified, which fails every item (a role
// the answer cannot take is a format error) and so the required-role item;
// and to every other qualified person, which passes the required-role
// item, fails "optimal" (the role levels), and fails exactly the items of
// the rules the new person breaks (evaluate, with that person added to the
// activity); a choice that keeps every rule is strictly worse.
func mutateRoles(rec *domains.Record, a *Agenda, base *answer, roles []int) []familytest.Mutant {
	ref := rec.Reference
	items := a.Checklist(ref)
	var out []familytest.Mutant
	for k, rn := range a.Roles {
		for _, p := range a.People {
			if slices.Contains(rn.Qualified, p.Name) {
				continue
			}
			es := make([]string, len(roles))
			for j, x := range roles {
				name := a.Roles[j].Qualified[x]
				if j == k {
					name = p.Name
				}
				es[j] = fmt.Sprintf("{%q: %q, \"person\": %q}", a.Voc.Activity, a.Roles[j].Activity, name)
			}
			what := fmt.Sprintf("%s of %s: %s, who is not qualified", rn.Role, rn.Activity, p.Name)
			plan := answerJSON(a, mutation{pl: base.pl, rename: -1, stated: base.stated, tail: fmt.Sprintf(", %q: [%s]", rolesKey, strings.Join(es, ", "))})
			out = append(out, familytest.Mutant{Name: what, Kind: "role unqualified", Answer: plan, Fail: []string{unitRequiredRole}, Changed: true, Exact: true})
			break
		}
		for x := range rn.Qualified {
			if x == roles[k] {
				continue
			}
			other := slices.Clone(roles)
			other[k] = x
			what := fmt.Sprintf("%s of %s: %s", rn.Role, rn.Activity, rn.Qualified[x])
			plan := answerJSON(a, mutation{pl: base.pl, rename: -1, stated: base.stated, tail: a.rolesJSON(other)})
			out = append(out, familytest.Mutant{Name: what, Kind: "role", Answer: plan, Changed: true, Pass: []string{unitRequiredRole, itemFormat},
				Verdict: func(t *testing.T, got familytest.Results, _ []int64) []string {
					caught, feasible := brokenItems(t, rec.ID+": "+what, plan, items, a.withRoles(other).evaluate(base), got)
					if objs := append(a.objectives(base.pl), roleValues(other)...); feasible && lexCmp(objs, ref.Objective) <= 0 {
						t.Fatalf("%s: %s: %s keeps every rule with values %v, not worse than the unique optimum %v", rec.ID, what, plan, objs, ref.Objective)
					}
					return caught
				}})
		}
	}
	return out
}
