package scheduling

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/domains/prose"
)

// ---- mutual exclusion (medium): activities that never overlap in time ----
//
// A set of two or three activities of which no two overlap in time, even
// with different people and rooms (IT maintenance: jobs that take down
// services which must not be down together). Only the skins that list it
// draw it (register excludes it from the others, whose unit draws are
// therefore unchanged); the family brute force covers it on the tiny
// shapes like every unit of the pool.

const unitApart = "mutual-exclusion"

type apart struct{}

func (apart) Info() domains.Unit {
	return domains.Unit{ID: unitApart, Tier: domains.Medium, Title: "mutual exclusion (activities that never overlap in time)", OptIn: true}
}

// groupApart names the rule of one set: "apart: A, B and C".
func groupApart(set []string) string { return "apart: " + prose.JoinAnd(set) }

// Sample draws one set, and a second one disjoint from it when there are
// four activities or more (odds 1/2). A set is two activities, grown to
// three with odds 1/2. With a hidden schedule every two activities of a
// set are apart in it (different days or disjoint slots), and pairs that
// share no person are preferred (for a pair that shares one, rule 2
// already keeps them apart); without one, any activities are drawn.
func (apart) Sample(a *Agenda, r *rand.Rand) {
	a.Apart = nil
	n := len(a.Activities)
	used := make([]bool, n)
	sets := 1
	if n >= 4 && r.IntN(2) == 0 {
		sets = 2
	}
	for range sets {
		var pairs, shared [][2]int
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j++ {
				if used[i] || used[j] || !a.plantedApart(i, j) {
					continue
				}
				if a.share(i, j) {
					shared = append(shared, [2]int{i, j})
				} else {
					pairs = append(pairs, [2]int{i, j})
				}
			}
		}
		if len(pairs) == 0 {
			pairs = shared
		}
		if len(pairs) == 0 {
			return
		}
		p := pairs[r.IntN(len(pairs))]
		set := []int{p[0], p[1]}
		if r.IntN(2) == 0 {
			var third []int
			for k := range n {
				if !used[k] && k != p[0] && k != p[1] && a.plantedApart(k, p[0]) && a.plantedApart(k, p[1]) {
					third = append(third, k)
				}
			}
			if len(third) > 0 {
				set = append(set, third[r.IntN(len(third))])
			}
		}
		sort.Ints(set)
		var names []string
		for _, i := range set {
			used[i] = true
			names = append(names, a.Activities[i].Name)
		}
		a.Apart = append(a.Apart, names)
	}
}

// plantedApart reports whether activities i and j do not overlap in the
// hidden schedule (true without one).
func (a *Agenda) plantedApart(i, j int) bool {
	if a.planted == nil {
		return true
	}
	p, q := a.planted[i], a.planted[j]
	return !overlap(p.day, p.start, a.plen(i, p), q.day, q.start, a.plen(j, q))
}

// overlap reports whether [s1, s1+d1) on day1 and [s2, s2+d2) on day2
// share a slot.
func overlap(day1, s1, d1, day2, s2, d2 int) bool {
	return day1 == day2 && s1 < s2+d2 && s2 < s1+d1
}

// Model: for every slot of every day, at most one activity of the set
// occupies it (its time literals, any room).
func (apart) Model(b *builder) {
	a := b.a
	for _, set := range a.Apart {
		g := groupApart(set)
		for d := range a.Days {
			for t := 0; t < a.Slots; t++ {
				var ls = b.times(a.actIndex(set[0]), func(day, s, dur int) bool { return day == d && s <= t && t < s+dur })
				for _, n := range set[1:] {
					ls = append(ls, b.times(a.actIndex(n), func(day, s, dur int) bool { return day == d && s <= t && t < s+dur })...)
				}
				if len(ls) > 1 {
					b.m.AddAtMost(ls, 1).Named(fmt.Sprintf("%s @%d.%d", g, d, t)).InGroup(g)
				}
			}
		}
	}
}

func (apart) Rules(a *Agenda) []rule {
	var out []rule
	why := ""
	if a.Voc.Apart != "" {
		why = " (" + a.Voc.Apart + ")"
	}
	for _, set := range a.Apart {
		what := "These two %s never overlap"
		if len(set) > 2 {
			what = "No two of these %s overlap"
		}
		out = append(out, rule{Name: groupApart(set), Text: fmt.Sprintf(what+" in time, even with different %s and %s%s: %s.",
			a.Voc.Activities, a.Voc.attendees(), a.Voc.Rooms, why, prose.JoinAnd(set))})
	}
	return out
}

func (apart) Items(a *Agenda) []domains.Item {
	if len(a.Apart) == 0 {
		return nil
	}
	var parts []string
	for _, set := range a.Apart {
		parts = append(parts, prose.JoinAnd(set))
	}
	return []domains.Item{domains.FeasibilityItem(unitApart, unitApart, domains.Medium, fmt.Sprintf("No two %s of a set that must be kept apart overlap in time: %s.", a.Voc.Activities, strings.Join(parts, "; ")))}
}

func (apart) Check(a *Agenda, ans *answer, f fails) {
	for _, set := range a.Apart {
		for x, n := range set {
			for _, m := range set[x+1:] {
				i, j := a.actIndex(n), a.actIndex(m)
				p, q := ans.pl[i], ans.pl[j]
				if p.ok && q.ok && overlap(p.day, p.start, a.plen(i, p), q.day, q.start, a.plen(j, q)) {
					f.Add(unitApart, fmt.Sprintf("%s and %s overlap on %s", n, m, a.Days[p.day]))
				}
			}
		}
	}
}

// ---- deadline (medium): an activity ends by a stated time ----
//
// One or two activities, preferably of the highest priority, must end by a
// stated time of a stated day (or on an earlier day): a patient's
// waiting-time target, a change freeze. Like the mutual exclusion, only
// the skins that list it draw it.

const unitDeadline = "deadline"

// Deadline is the latest end of an activity: slot By (0 < By ≤ slots per
// day) of day Day; an end on an earlier day is in time.
type Deadline struct {
	Activity string `json:"activity"`
	Day      int    `json:"day"`
	By       int    `json:"by"`
}

// limit is the deadline as an end index (the goal's, from the first day).
func (dl Deadline) limit(a *Agenda) int { return dl.Day*a.Slots + dl.By }

// binds reports whether some option of the activity ends after the
// deadline: a deadline at the end of the last day, say, binds nothing
// (every activity ends by then) and is neither stated nor written.
func (dl Deadline) binds(a *Agenda) bool {
	i := a.actIndex(dl.Activity)
	return i >= 0 && slices.ContainsFunc(a.options(i), func(o option) bool { return a.end(i, o) > dl.limit(a) })
}

// binding returns the deadlines that bind (Deadline.binds), in order.
func (a *Agenda) binding() []Deadline {
	return slices.DeleteFunc(slices.Clone(a.Deadlines), func(dl Deadline) bool { return !dl.binds(a) })
}

type deadline struct{}

func (deadline) Info() domains.Unit {
	return domains.Unit{ID: unitDeadline, Tier: domains.Medium, Title: "deadline (latest end) of an activity", OptIn: true}
}

func groupDeadline(act string) string { return "deadline of " + act }

// Sample gives one or two activities a deadline, drawn among those of the
// highest priority (and the next, when there is one such activity only):
// with a hidden schedule, the activity is first moved there to its
// earliest end that keeps the rules drawn so far (earliest), and the
// deadline is that end or one slot later (within the day); without, an
// end from its length to the end of a random day.
func (deadline) Sample(a *Agenda, r *rand.Rand) {
	a.Deadlines = nil
	order := make([]int, len(a.Activities))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(x, y int) bool { return a.Activities[order[x]].Priority > a.Activities[order[y]].Priority })
	top := a.Activities[order[0]].Priority
	cand := order[:1]
	for k := 1; k < len(order) && (a.Activities[order[k]].Priority == top || k < 2); k++ {
		cand = order[:k+1]
	}
	k := min(1+r.IntN(2), len(cand))
	chosen := slices.Clone(cand)
	r.Shuffle(len(chosen), func(x, y int) { chosen[x], chosen[y] = chosen[y], chosen[x] })
	chosen = chosen[:k]
	sort.Ints(chosen)
	for _, i := range chosen {
		dl := Deadline{Activity: a.Activities[i].Name}
		if a.planted != nil {
			p := a.earliest(i)
			dl.Day, dl.By = p.day, min(a.Slots, p.start+a.plen(i, p)+r.IntN(2))
		} else {
			d := a.Activities[i].Duration
			dl.Day, dl.By = r.IntN(len(a.Days)), d+r.IntN(a.Slots-d+1)
		}
		a.Deadlines = append(a.Deadlines, dl)
	}
}

// earliest moves activity i in the hidden schedule to its earliest end
// that keeps rules 1–3 and every rule drawn before the deadline unit's
// (the first such option in the options' order), and returns it; a
// deadline drawn from it binds more often than one drawn from a random
// hidden placement.
func (a *Agenda) earliest(i int) placement {
	best := a.planted[i]
	pl := slices.Clone(a.planted)
	for _, o := range a.options(i) {
		if a.end(i, o) >= a.end(i, a.opt(i, best)) {
			continue
		}
		pl[i] = placement{true, o.day, o.start, o.room, o.dur}
		if a.plantable(pl, i, pl[i]) && a.plantedOK(pl, unitDeadline) {
			best = pl[i]
		}
	}
	a.planted[i] = best
	return best
}

// Model forbids the times of each activity that end after its deadline.
func (deadline) Model(b *builder) {
	a := b.a
	for _, dl := range a.Deadlines {
		lim := dl.limit(a)
		ls := b.times(a.actIndex(dl.Activity), func(day, s, dur int) bool { return day*a.Slots+s+dur > lim })
		if len(ls) > 0 {
			b.m.AddAtMost(ls, 0).Named(groupDeadline(dl.Activity))
		}
	}
}

// byText is a deadline in words: "by 10:30" with one day, else "by 10:30
// on Tue (or on an earlier day)".
func (a *Agenda) byText(dl Deadline) string {
	s := "by " + a.clock(dl.By)
	if len(a.Days) > 1 {
		s += " on " + a.Days[dl.Day]
		if dl.Day > 0 {
			s += " (or on an earlier day)"
		}
	}
	return s
}

// Binds (domains.Binder) reports whether some deadline binds. When none
// does (each is the end of the schedule), the unit is left out of the
// spec rather than drawn again: a deadline is the earliest end of its
// activity that keeps the rules drawn before it, or one slot later, and
// that end is the schedule's.
func (deadline) Binds(a *Agenda) bool { return len(a.binding()) > 0 }

func (deadline) Rules(a *Agenda) []rule {
	var out []rule
	what := orDefault(a.Voc.Deadline, "deadline")
	for _, dl := range a.binding() {
		out = append(out, rule{Name: groupDeadline(dl.Activity), Text: fmt.Sprintf("%s must end %s (its %s).", dl.Activity, a.byText(dl), what)})
	}
	return out
}

func (deadline) Items(a *Agenda) []domains.Item {
	if len(a.binding()) == 0 {
		return nil
	}
	var parts []string
	for _, dl := range a.binding() {
		parts = append(parts, dl.Activity+" ends "+a.byText(dl))
	}
	return []domains.Item{domains.FeasibilityItem(unitDeadline, unitDeadline, domains.Medium, fmt.Sprintf("Every %s with a %s ends in time: %s.", a.Voc.Activity, orDefault(a.Voc.Deadline, "deadline"), strings.Join(parts, "; ")))}
}

func (deadline) Check(a *Agenda, ans *answer, f fails) {
	for _, dl := range a.Deadlines {
		i := a.actIndex(dl.Activity)
		if p := ans.pl[i]; p.ok && a.end(i, a.opt(i, p)) > dl.limit(a) {
			f.Add(unitDeadline, fmt.Sprintf("%s ends at %s on %s, after its %s %s", dl.Activity, a.clock(p.start+a.plen(i, p)), a.Days[p.day], orDefault(a.Voc.Deadline, "deadline"), a.byText(dl)))
		}
	}
}

// validateApart checks the data of the mutual-exclusion and deadline
// units in an instance read from JSON: names resolve, a set has two
// distinct activities or more, a deadline is on the grid.
func (a *Agenda) validateApart() error {
	for _, set := range a.Apart {
		if len(set) < 2 {
			return fmt.Errorf("apart: set %v has fewer than two activities", set)
		}
		for x, n := range set {
			if a.actIndex(n) < 0 {
				return fmt.Errorf("apart: unknown activity %q", n)
			}
			if slices.Contains(set[x+1:], n) {
				return fmt.Errorf("apart: %q is twice in set %v", n, set)
			}
		}
	}
	for _, dl := range a.Deadlines {
		switch {
		case a.actIndex(dl.Activity) < 0:
			return fmt.Errorf("deadlines: unknown activity %q", dl.Activity)
		case dl.Day < 0 || dl.Day >= len(a.Days) || dl.By < 1 || dl.By > a.Slots:
			return fmt.Errorf("deadlines: %q: day %d, by %d not on the grid", dl.Activity, dl.Day, dl.By)
		}
	}
	return nil
}
