package scheduling

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/domains/prose"
	"github.com/plancert/plancert/encode"
)

// ---- backup slots (hard): robustness ----
//
// The instance names one or two critical activities (Critical). For each,
// the answer gives a backup placement under backupKey: a day, start and
// room such that (a) it does not overlap the activity's own placement in
// the schedule (another day, or no shared slot), and (b) the schedule with
// that one activity moved to its backup satisfies every rule (the
// always-on rules and every other sampled unit's rules). The schedule is
// optimized first (its levels as without the unit), then the backups: the
// sum over critical activities of priority × end index of the backup, then
// with tie-breaks the weighted room positions and weighted start indexes
// of the backups (the weights of the schedule's tie-breaks).
//
// The model holds, for each critical activity c, a scenario: c's placement
// variables fresh, prefixed "backup of c: ", every other activity's the
// schedule's own; the scenario's constraints and groups carry the prefix.

const (
	unitBackupSlots  = "backup-slots"
	groupBackupSlots = "backup slots"
	// backupKey is the answer key of the list of backups.
	backupKey = "backups"
)

// backupSlots: a backup placement for each critical activity, chosen
// with the schedule. Readings (see Readings): "the schedule first, then
// its backups" (the schedule optimal on its own goal, the backups chosen
// for it afterwards; a schedule whose best backups are poor may lose to
// one ranked below it on the schedule's goal alone), ruled out by the
// goal's "So a schedule is chosen together with its backups".
type backupSlots struct{}

// readingBackupsAfter is the reading of the backups as chosen after the
// schedule.
const readingBackupsAfter = "the schedule is chosen first and its backups after it"

// Readings implements domains.Reader.
func (backupSlots) Readings() []domains.Reading {
	return []domains.Reading{{Name: readingBackupsAfter, RuledOutBy: "So a schedule is chosen together with its backups"}}
}

func (backupSlots) Info() domains.Unit {
	return domains.Unit{ID: unitBackupSlots, Tier: domains.Hard, Title: "robustness: a disjoint backup slot for each critical activity",
		Excludes: []string{unitInfeasible, unitReplanning, unitRoomFailure}}
}

// criticalIdx returns the indexes of the critical activities in the order
// of Critical, or nil when the unit is not sampled or names none.
func (a *Agenda) criticalIdx() []int {
	if len(a.Critical) == 0 || !a.has(unitBackupSlots) {
		return nil
	}
	var out []int
	for _, n := range a.Critical {
		for i, act := range a.Activities {
			if act.Name == n {
				out = append(out, i)
			}
		}
	}
	return out
}

// backupPrefix prefixes the names of the scenario of activity c: its
// variables, constraints and groups, and the details of its failures.
func (a *Agenda) backupPrefix(c int) string { return "backup of " + a.Activities[c].Name + ": " }

// Sample names one or two activities (in the order of the table) for
// which backups exist (solved); after a few draws that fail, one activity,
// and when none works Critical stays empty and the unit says nothing.
func (backupSlots) Sample(a *Agenda, r *rand.Rand) {
	a.Critical = nil
	n := len(a.Activities)
	k := min(n, 1+r.IntN(2))
	for try := 0; try < 6 && k > 0; try++ {
		if try == 3 {
			k = 1
		}
		idx := r.Perm(n)[:k]
		sort.Ints(idx)
		a.Critical = nil
		for _, i := range idx {
			a.Critical = append(a.Critical, a.Activities[i].Name)
		}
		if a.feasible() {
			return
		}
	}
	a.Critical = nil
}

// Model adds nothing to a schedule: the scenarios are built by
// buildBackups.
func (backupSlots) Model(*builder) {}

// buildBackups adds the scenario of each critical activity to m (see the
// unit's comment), the disjointness of each backup from its activity's
// placement in main, and the backups' objective levels. It returns the
// placement variables of each backup.
func (a *Agenda) buildBackups(main *builder) [][]encode.Var {
	crit := a.criticalIdx()
	if crit == nil {
		return nil
	}
	m := main.m
	var out [][]encode.Var
	var ends, rooms, starts []encode.Term
	n := int64(len(a.Activities))
	for _, c := range crit {
		b := &builder{a: a, m: m, pfx: a.backupPrefix(c),
			opts: slices.Clone(main.opts), x: slices.Clone(main.x), y: slices.Clone(main.y),
			end: slices.Clone(main.end), start: slices.Clone(main.start), room: slices.Clone(main.room)}
		c0 := len(m.Constraints)
		b.place(c)
		b.rules()
		// Disjoint: the backup and c's placement never share a slot.
		g := groupBackupSlots + ": " + a.Activities[c].Name
		for d := range a.Days {
			for t := 0; t < a.Slots; t++ {
				cov := func(day, s, dur int) bool { return day == d && s <= t && t < s+dur }
				ls := append(main.times(c, cov), b.times(c, cov)...)
				if len(ls) > 1 {
					m.AddAtMost(ls, 1).Named(fmt.Sprintf("%s @%d.%d", g, d, t)).InGroup(groupBackupSlots)
				}
			}
		}
		for _, con := range m.Constraints[c0:] {
			con.Name, con.Group = b.pfx+con.Name, b.pfx+con.Group
		}
		out = append(out, b.x[c])
		w := n - int64(c)
		ends = append(ends, encode.Term{Var: b.end[c], Coef: int64(a.Activities[c].Priority)})
		rooms = append(rooms, encode.Term{Var: b.room[c], Coef: w})
		starts = append(starts, encode.Term{Var: b.start[c], Coef: w})
	}
	m.Minimize(ends...)
	if a.TieBreaks >= 1 {
		m.Minimize(rooms...)
	}
	if a.TieBreaks >= 2 {
		m.Minimize(starts...)
	}
	return out
}

// backupObjectives returns the backups' objective levels for backups bk
// (one per critical activity, in the order of Critical).
func (a *Agenda) backupObjectives(bk []placement) []int64 {
	crit := a.criticalIdx()
	n := int64(len(a.Activities))
	out := make([]int64, 1+min(a.TieBreaks, 2))
	for k, c := range crit {
		p := bk[k]
		out[0] += int64(a.Activities[c].Priority) * int64(a.end(c, a.opt(c, p)))
		if a.TieBreaks >= 1 {
			out[1] += (n - int64(c)) * int64(p.room)
		}
		if a.TieBreaks >= 2 {
			out[2] += (n - int64(c)) * int64(p.day*a.Slots+p.start)
		}
	}
	return out
}

func (backupSlots) Rules(a *Agenda) []rule {
	if a.criticalIdx() == nil {
		return nil
	}
	v := a.Voc
	crit := prose.QuoteAnd(a.Critical)
	return []rule{{Name: groupBackupSlots, Text: fmt.Sprintf("The critical %s are %s. For each critical %s, besides its place in the schedule, give a backup placement (a day, a start time and %s, under %q in the answer): the backup does not overlap the %s's own time in the schedule (another day, or no shared slot), and the schedule with only that %s moved to its backup still satisfies rules 1–3 and every other named rule.",
		v.Activities, crit, v.Activity, prose.An(v.Room), backupKey, v.Activity, v.Activity)}}

}

// backupGoalText states the backups' levels, after every level of the
// schedule (the model's order): a schedule is chosen with its backups,
// and the backups decide between schedules that tie on everything before.
func (a *Agenda) backupGoalText() string {
	v := a.Voc
	s := fmt.Sprintf(" Then, among the schedules that tie on all of the above, choose the one whose backups minimise the sum over the critical %s of priority × end index of the backup (counted like the end index of the schedule)", v.Activities)
	if a.TieBreaks >= 1 {
		s += fmt.Sprintf("; if several do, the one whose backups minimise the sum over the critical %s of weight × the position of the backup's %s", v.Activities, v.Room)
		if a.TieBreaks >= 2 {
			s += "; if there is still a tie, the sum of weight × start index of the backup"
		}
		s += fmt.Sprintf(" (the weights of the %s as above)", v.Activities)
	}
	return s + ". So a schedule is chosen together with its backups: of the schedules that tie on everything before, the one with the best backups wins."
}

func (backupSlots) Items(a *Agenda) []domains.Item {
	if a.criticalIdx() == nil {
		return nil
	}
	return []domains.Item{domains.FeasibilityItem(unitBackupSlots, "robustness", domains.Hard, fmt.Sprintf("Each critical %s (%s) has a backup that does not overlap its own time, and the schedule with that %s moved to its backup satisfies every rule.",
		a.Voc.Activity, strings.Join(a.Critical, ", "), a.Voc.Activity))}
}

// Check adds nothing to one schedule: the backups are judged by
// checkBackups.
func (backupSlots) Check(*Agenda, *answer, fails) {}

// parseBackups reads the backups of an answer: a list under backupKey with
// one entry per critical activity, in any order. It returns them in the
// order of Critical, or what is wrong.
func (a *Agenda) parseBackups(raw json.RawMessage) ([]placement, string) {
	var obj map[string]json.RawMessage
	_ = json.Unmarshal(raw, &obj)
	sub, ok := obj[backupKey]
	if !ok {
		// No backups: every critical activity has none (checkBackups).
		return make([]placement, len(a.criticalIdx())), ""
	}
	var entries []map[string]json.RawMessage
	if err := json.Unmarshal(sub, &entries); err != nil || entries == nil {
		return nil, fmt.Sprintf("%q must be a list of backups", backupKey)
	}
	crit := a.criticalIdx()
	pos := map[string]int{}
	for k, c := range crit {
		pos[a.Activities[c].Name] = k
	}
	_, dayIdx, roomIdx := a.indexes()
	out := make([]placement, len(crit))
	var bad []string
	for n, e := range entries {
		var name, day, start, room string
		okA := json.Unmarshal(e[a.Voc.Activity], &name) == nil
		okD := json.Unmarshal(e["day"], &day) == nil
		okS := json.Unmarshal(e["start"], &start) == nil
		okR := json.Unmarshal(e[a.Voc.Room], &room) == nil
		if !okA || !okD || !okS || !okR {
			bad = append(bad, fmt.Sprintf("backup %d lacks %q, \"day\", \"start\" or %q as strings", n+1, a.Voc.Activity, a.Voc.Room))
			continue
		}
		k, isCrit := pos[name]
		d, okDay := dayIdx[day]
		r, okRoom := roomIdx[room]
		s := a.parseClock(start)
		switch {
		case !isCrit:
			bad = append(bad, fmt.Sprintf("backup %d: %q is not a critical %s", n+1, name, a.Voc.Activity))
		case out[k].ok:
			bad = append(bad, fmt.Sprintf("the backup of %q is given twice", name))
		case !okDay:
			bad = append(bad, fmt.Sprintf("backup of %q: no day is called %q", name, day))
		case !okRoom:
			bad = append(bad, fmt.Sprintf("backup of %q: no %s is called %q", name, a.Voc.Room, room))
		case s < 0:
			bad = append(bad, fmt.Sprintf("backup of %q: start %q is not a start time of the grid", name, start))
		default:
			out[k] = placement{true, d, s, r, 0}
		}
	}
	if bad != nil {
		return nil, strings.Join(bad, "; ")
	}
	return out, ""
}

// checkBackups judges backups bk against the schedule pl: a backup that
// shares a slot with its activity's placement, or a scenario (pl with one
// critical activity moved to its backup) with a failure under a
// feasibility or coverage item, fails the unit's item. It returns the
// details and whether every backup passes. kinds gives the kind of each
// item.
func (a *Agenda) checkBackups(pl, bk []placement, kinds map[string]domains.ItemKind) ([]string, bool) {
	var details []string
	for k, c := range a.criticalIdx() {
		pfx := a.backupPrefix(c)
		p, q := pl[c], bk[k]
		if !q.ok {
			details = append(details, pfx+"it has no backup")
			continue
		}
		if p.ok && p.day == q.day && p.start < q.start+a.plen(c, q) && q.start < p.start+a.plen(c, p) {
			details = append(details, pfx+"it overlaps the "+a.Voc.Activity+"'s own time")
		}
		sc := &answer{pl: slices.Clone(pl)}
		sc.pl[c] = q
		ff := a.evaluate(sc)
		ids := make([]string, 0, len(ff))
		for id := range ff {
			ids = append(ids, id)
		}
		sort.Strings(ids)
		for _, id := range ids {
			if kd, known := kinds[id]; !known || (kd != domains.KindFeasibility && kd != domains.KindCoverage) {
				continue
			}
			for _, d := range ff[id] {
				details = append(details, pfx+d)
			}
		}
	}
	return details, len(details) == 0
}

// writeBackups writes the answer's list of backups (with its key).
func (a *Agenda) writeBackups(b *strings.Builder, bk []placement) {
	fmt.Fprintf(b, ", %q: [", backupKey)
	for k, c := range a.criticalIdx() {
		if k > 0 {
			b.WriteString(", ")
		}
		p := bk[k]
		fmt.Fprintf(b, "{%q: %q, \"day\": %q, \"start\": %q, %q: %q}",
			a.Voc.Activity, a.Activities[c].Name, a.Days[p.day], a.clock(p.start), a.Voc.Room, a.Rooms[p.room].Name)
	}
	b.WriteString("]")
}

// encodeBackups writes the answer of the backup-slots unit: the schedule
// and the backups.
func (a *Agenda) encodeBackups(pl, bk []placement) (json.RawMessage, error) {
	var b strings.Builder
	a.writePlan(&b, pl, a.goal(pl))
	a.writeBackups(&b, bk)
	b.WriteString("}")
	return json.RawMessage(b.String()), nil
}

// decodeBackups reads the backups of a solution.
func (a *Agenda) decodeBackups(asg encode.Assignment) ([]placement, error) {
	crit := a.criticalIdx()
	out := make([]placement, len(crit))
	for k, c := range crit {
		for j, o := range a.options(c) {
			if v := a.bxvars[k][j]; int(v) < len(asg) && asg[v] == 1 {
				out[k] = placement{true, o.day, o.start, o.room, o.dur}
			}
		}
		if !out[k].ok {
			return nil, fmt.Errorf("scheduling: the backup of %q has no placement in the solution", a.Activities[c].Name)
		}
	}
	return out, nil
}
