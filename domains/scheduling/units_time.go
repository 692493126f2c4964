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

// ---- working hours (basic): a part-timer works one window each day ----

// Hours is the daily working window [From, To) of a part-timer, in slots;
// the same window holds on every day.
type Hours struct {
	Person string `json:"person"`
	From   int    `json:"from"`
	To     int    `json:"to"`
}

type workingHours struct{}

func (workingHours) Info() domains.Unit {
	return domains.Unit{ID: unitWorkingHours, Tier: domains.Basic, Title: "working hours"}
}

func groupHours(p string) string { return "working hours of " + p }

// Sample gives one or two people a daily window: at least half the day,
// at least their longest activity, and shorter than the day. With a
// hidden schedule the window holds the person's hidden activities; without
// one it is long enough that their activities, packed first fit by
// decreasing length, fit in it over the days, and it is drawn again (up
// to ten times) while it leaves some activity shared with an earlier
// part-timer less common time than its length. Only people who attend
// something and can have such a window are drawn.
func (workingHours) Sample(a *Agenda, r *rand.Rand) {
	var cand, los []int
	for pi, p := range a.People {
		acts := a.attends(p.Name)
		if len(acts) == 0 {
			continue
		}
		lo := (a.Slots + 1) / 2
		first, last := a.Slots, 0
		for _, i := range acts {
			lo = max(lo, a.Activities[i].Duration)
			if a.planted != nil {
				first = min(first, a.planted[i].start)
				last = max(last, a.planted[i].start+a.plen(i, a.planted[i]))
			}
		}
		if a.planted != nil {
			lo = max(lo, last-first)
		} else {
			for lo < a.Slots && !packs(a, acts, lo) {
				lo++
			}
		}
		if lo < a.Slots {
			cand, los = append(cand, pi), append(los, lo)
		}
	}
	if len(cand) == 0 {
		return
	}
	k := 1 + r.IntN(min(2, len(cand)))
	perm := r.Perm(len(cand))[:k]
	sort.Ints(perm)
	for _, c := range perm {
		p, lo := a.People[cand[c]], los[c]
		acts := a.attends(p.Name)
		if a.planted != nil {
			first, last := a.Slots, 0
			for _, i := range acts {
				first = min(first, a.planted[i].start)
				last = max(last, a.planted[i].start+a.plen(i, a.planted[i]))
			}
			w := lo + r.IntN(a.Slots-lo)
			from := max(0, last-w)
			from += r.IntN(min(first, a.Slots-w) - from + 1)
			a.WorkingHours = append(a.WorkingHours, Hours{p.Name, from, from + w})
			continue
		}
		var h Hours
		for try := 0; try < 10; try++ {
			w := lo + r.IntN(a.Slots-lo)
			from := r.IntN(a.Slots - w + 1)
			h = Hours{p.Name, from, from + w}
			if a.windowsFit(append(a.WorkingHours, h), acts) {
				break
			}
		}
		a.WorkingHours = append(a.WorkingHours, h)
	}
}

// packs reports whether the activities acts fit, first fit by decreasing
// length, into a window of w slots on each day.
func packs(a *Agenda, acts []int, w int) bool {
	durs := make([]int, len(acts))
	for k, i := range acts {
		durs[k] = a.Activities[i].Duration
	}
	sort.Sort(sort.Reverse(sort.IntSlice(durs)))
	free := make([]int, len(a.Days))
	for d := range free {
		free[d] = w
	}
	for _, x := range durs {
		placed := false
		for d := range free {
			if free[d] >= x {
				free[d] -= x
				placed = true
				break
			}
		}
		if !placed {
			return false
		}
	}
	return true
}

// windowsFit reports whether each of acts has, within the windows of all
// its attendees among hs, common time at least its length.
func (a *Agenda) windowsFit(hs []Hours, acts []int) bool {
	for _, i := range acts {
		from, to := 0, a.Slots
		for _, h := range hs {
			if attendsAct(a.Activities[i], h.Person) {
				from, to = max(from, h.From), min(to, h.To)
			}
		}
		if to-from < a.Activities[i].Duration {
			return false
		}
	}
	return true
}

// outside reports whether slots [start, start+dur) leave the window h.
func (h Hours) outside(start, dur int) bool { return start < h.From || start+dur > h.To }

func (workingHours) Model(b *builder) {
	a := b.a
	for _, h := range a.WorkingHours {
		for _, i := range a.mayAttend(h.Person) {
			ls := b.ptimes(h.Person, i, func(_, start, dur int) bool { return h.outside(start, dur) })
			if len(ls) > 0 {
				b.m.AddAtMost(ls, 0).Named(groupHours(h.Person) + ": " + a.Activities[i].Name).InGroup(groupHours(h.Person))
			}
		}
	}
}

func (workingHours) Rules(a *Agenda) []rule {
	var out []rule
	for _, h := range a.WorkingHours {
		if len(a.mayAttend(h.Person)) == 0 {
			continue
		}
		out = append(out, rule{Name: groupHours(h.Person), Text: fmt.Sprintf("Daily window of %s: only from %s to %s. Every %s starts at %s or later and ends by %s.",
			h.Person, a.clock(h.From), a.clock(h.To), a.Voc.with(a.Voc.Activity, h.Person), a.clock(h.From), a.clock(h.To))})
	}
	return out
}

// Binds (domains.Binder) reports whether someone who may attend an
// activity has a window (every window drawn is shorter than the day).
// When no one has, the unit is left out of the spec rather than drawn
// again: Sample gives a window only to the people who can have one, and
// there is none.
func (u workingHours) Binds(a *Agenda) bool { return len(u.Rules(a)) > 0 }

// Items lists the windows the rules state (of the people who attend
// something); with none there is no item, which no answer could fail.
func (workingHours) Items(a *Agenda) []domains.Item {
	var ws []string
	for _, h := range a.WorkingHours {
		if len(a.mayAttend(h.Person)) > 0 {
			ws = append(ws, fmt.Sprintf("%s %s–%s", h.Person, a.clock(h.From), a.clock(h.To)))
		}
	}
	if len(ws) == 0 {
		return nil
	}
	text := fmt.Sprintf("Every %s lies within the daily windows of all its %s that have one (%s).", a.Voc.Activity, a.Voc.attendees(), strings.Join(ws, "; "))
	return []domains.Item{domains.FeasibilityItem(unitWorkingHours, unitWorkingHours, domains.Basic, text)}
}

func (workingHours) Check(a *Agenda, ans *answer, f fails) {
	for _, h := range a.WorkingHours {
		for _, i := range a.attends(h.Person) {
			pl := ans.pl[i]
			dur := a.plen(i, pl)
			if pl.ok && h.outside(pl.start, dur) {
				f.Add(unitWorkingHours, fmt.Sprintf("%s attends %s on %s %s–%s, outside %s's working hours %s–%s",
					h.Person, a.Activities[i].Name, a.Days[pl.day], a.clock(pl.start), a.clock(pl.start+dur), h.Person, a.clock(h.From), a.clock(h.To)))
			}
		}
	}
}

// ---- priority order (medium): higher priority starts no later ----

// priorityOrder: an activity of higher priority starts no later than one
// of lower priority. Readings (see Readings): "priority 1 is the highest"
// (a priority column read as a rank), ruled out by the rule's sentence
// that the larger number is the higher priority (priorityScale).
type priorityOrder struct{}

// readingLowFirst is the reading of the priority column as a rank.
const readingLowFirst = "priority 1 is the highest (the column is a rank)"

// Readings implements domains.Reader.
func (priorityOrder) Readings() []domains.Reading {
	return []domains.Reading{{Name: readingLowFirst, RuledOutBy: "The larger the number in the priority column, the higher the priority"}}
}

func (priorityOrder) Info() domains.Unit {
	return domains.Unit{ID: unitPriorityOrder, Tier: domains.Medium, Title: "priority order (higher priority earlier)"}
}

// groupPriority is the one group of the unit: a conflict names the order
// as a whole.
const groupPriority = "priority order"

// Sample makes the priorities agree with the hidden schedule when there
// is one (the priorities, sorted from high to low, go to the activities in
// the order of their hidden starts), else with the chains drawn before it
// (the first of a chain has a priority no lower than the second: otherwise
// the two rules contradict each other). Then it makes sure two priorities
// differ, so the order says something.
func (priorityOrder) Sample(a *Agenda, r *rand.Rand) {
	first := r.IntN(len(a.Activities)) // the one raised when all are equal
	if a.planted != nil {
		order := make([]int, len(a.Activities))
		prios := make([]int, len(a.Activities))
		for i, act := range a.Activities {
			order[i], prios[i] = i, act.Priority
		}
		start := func(i int) int { return a.planted[i].day*a.Slots + a.planted[i].start }
		sort.SliceStable(order, func(x, y int) bool { return start(order[x]) < start(order[y]) })
		sort.Sort(sort.Reverse(sort.IntSlice(prios)))
		for k, i := range order {
			a.Activities[i].Priority = prios[k]
		}
		first = order[0]
	} else {
		for _, c := range a.Chains {
			x, y := a.actIndex(c[0]), a.actIndex(c[1])
			if x >= 0 && y >= 0 {
				a.Activities[y].Priority = min(a.Activities[y].Priority, a.Activities[x].Priority)
			}
		}
		if len(a.Chains) > 0 {
			first = a.actIndex(a.Chains[0][0]) // the head of a chain may go up
		}
	}
	for _, act := range a.Activities[1:] {
		if act.Priority != a.Activities[0].Priority {
			return
		}
	}
	a.Activities[first].Priority++
}

// priorityPairs returns the pairs (i, j) where i has the higher priority.
func (a *Agenda) priorityPairs() [][2]int {
	var out [][2]int
	for i, ai := range a.Activities {
		for j, aj := range a.Activities {
			if ai.Priority > aj.Priority {
				out = append(out, [2]int{i, j})
			}
		}
	}
	return out
}

func (priorityOrder) Model(b *builder) {
	a := b.a
	for _, p := range a.priorityPairs() {
		i, j := p[0], p[1]
		b.m.AddLinear([]encode.Term{{Var: b.start[i], Coef: 1}, {Var: b.start[j], Coef: -1}}, encode.LE, 0).
			Named(fmt.Sprintf("%s: %s, %s", groupPriority, a.Activities[i].Name, a.Activities[j].Name)).InGroup(groupPriority)
	}
}

func (priorityOrder) Rules(a *Agenda) []rule {
	if len(a.priorityPairs()) == 0 {
		return nil
	}
	return []rule{{Name: groupPriority, Text: fmt.Sprintf("%s with a higher priority starts no later than every %s with a lower priority: on an earlier day, or on the same day at the same time or earlier. %s. %s of equal priority may come in any order.",
		prose.Capital(prose.An(a.Voc.Activity)), a.Voc.Activity, a.priorityScale(), prose.Capital(a.Voc.Activities))}}
}

// priorityScale says which way the priority column reads: the larger
// number is the higher priority (priorityPairs), which the table alone
// does not say ("priority 1" reads as the first priority as well).
func (a *Agenda) priorityScale() string {
	lo, hi := a.Activities[0].Priority, a.Activities[0].Priority
	for _, act := range a.Activities {
		lo, hi = min(lo, act.Priority), max(hi, act.Priority)
	}
	return fmt.Sprintf("The larger the number in the priority column, the higher the priority: priority %d is the highest here and %d the lowest", hi, lo)
}

func (priorityOrder) Items(a *Agenda) []domains.Item {
	return []domains.Item{domains.FeasibilityItem(unitPriorityOrder, unitPriorityOrder, domains.Medium, fmt.Sprintf("No %s starts later than %s of lower priority (comparing day, then start time).", a.Voc.Activity, prose.An(a.Voc.Activity)))}
}

func (priorityOrder) Check(a *Agenda, ans *answer, f fails) {
	for _, p := range a.priorityPairs() {
		pi, pj := ans.pl[p[0]], ans.pl[p[1]]
		if !pi.ok || !pj.ok {
			continue
		}
		if pi.day*a.Slots+pi.start > pj.day*a.Slots+pj.start {
			ai, aj := a.Activities[p[0]], a.Activities[p[1]]
			f.Add(unitPriorityOrder, fmt.Sprintf("%s (priority %d) starts on %s %s, after %s (priority %d) on %s %s",
				ai.Name, ai.Priority, a.Days[pi.day], a.clock(pi.start), aj.Name, aj.Priority, a.Days[pj.day], a.clock(pj.start)))
		}
	}
}

// ---- consecutive limit (medium): no one busy for more than MaxRun slots in a row ----

type consecutiveLimit struct{}

func (consecutiveLimit) Info() domains.Unit {
	// With a buffer between a person's activities nothing is back to back,
	// and every stretch is one activity, at most MaxRun long: the rule
	// would say nothing.
	return domains.Unit{ID: unitConsecutive, Tier: domains.Medium, Title: "consecutive-activity limit", Excludes: []string{unitBuffer}}
}

func groupRun(p string) string { return "consecutive limit of " + p }

// Sample sets the limit to the longest activity or one slot more, so
// every activity fits alone. With a hidden schedule whose longest stretch
// of a person is longer, up to ten new hidden schedules are drawn (the
// unit is early in the pool, before any unit draws data from the hidden
// schedule) and the one with the shortest longest stretch is kept; the
// limit is raised to that stretch. Without a hidden schedule the limit is
// raised while some person's activities do not pack into the days with
// stretches of at most the limit (first fit by decreasing length, a free
// slot between stretches).
func (consecutiveLimit) Sample(a *Agenda, r *rand.Rand) {
	md := 0
	for _, act := range a.Activities {
		md = max(md, act.Duration)
	}
	a.MaxRun = md + r.IntN(2)
	if a.planted != nil {
		best, run := a.planted, a.longestRun(a.planted)
		for try := 0; try < 10 && run > a.MaxRun; try++ {
			if pl := a.plant(r); pl != nil {
				if x := a.longestRun(pl); x < run {
					best, run = pl, x
				}
			}
		}
		a.planted = best
		a.MaxRun = max(a.MaxRun, run)
		return
	}
	for _, p := range a.People {
		for a.MaxRun < a.Slots && !runPacks(a, a.attends(p.Name), a.MaxRun) {
			a.MaxRun++
		}
	}
}

// longestRun returns the longest stretch of busy slots of any person in
// the placements pl.
func (a *Agenda) longestRun(pl []placement) int {
	longest := 0
	for _, p := range a.People {
		busy := map[[2]int]bool{}
		for _, i := range a.attends(p.Name) {
			for t := pl[i].start; t < pl[i].start+a.plen(i, pl[i]); t++ {
				busy[[2]int{pl[i].day, t}] = true
			}
		}
		for d := range a.Days {
			run := 0
			for t := 0; t < a.Slots; t++ {
				if busy[[2]int{d, t}] {
					run++
					longest = max(longest, run)
				} else {
					run = 0
				}
			}
		}
	}
	return longest
}

// runPacks reports whether acts fit into the days, first fit by
// decreasing length, with stretches of at most L slots separated by a
// free slot.
func runPacks(a *Agenda, acts []int, L int) bool {
	durs := make([]int, len(acts))
	for k, i := range acts {
		durs[k] = a.Activities[i].Duration
	}
	sort.Sort(sort.Reverse(sort.IntSlice(durs)))
	used := make([]int, len(a.Days)) // slots used, gaps included
	run := make([]int, len(a.Days))  // length of the day's last stretch
	for _, x := range durs {
		placed := false
		for d := range used {
			switch {
			case used[d] == 0 && x <= min(L, a.Slots):
				used[d], run[d] = x, x
			case used[d] > 0 && run[d]+x <= L && used[d]+x <= a.Slots:
				used[d], run[d] = used[d]+x, run[d]+x
			case used[d] > 0 && used[d]+1+x <= a.Slots && x <= L:
				used[d], run[d] = used[d]+1+x, x
			default:
				continue
			}
			placed = true
			break
		}
		if !placed {
			return false
		}
	}
	return true
}

// runBound returns the activities of p when the limit can bind for p (two
// or more activities, longer than the limit together, and a day longer
// than the limit), else nil.
func (a *Agenda) runBound(p string) []int {
	acts := a.attends(p)
	sum := 0
	for _, i := range acts {
		sum += a.Activities[i].Duration
	}
	if len(acts) < 2 || sum <= a.MaxRun || a.MaxRun >= a.Slots {
		return nil
	}
	return acts
}

// Model: in every window of MaxRun+1 slots of a day, p's activities occupy
// at most MaxRun slots. Occupied slots are counted per activity; since p
// attends one activity at a time (always on), the count is the number of
// busy slots.
func (consecutiveLimit) Model(b *builder) {
	a := b.a
	L := a.MaxRun
	for _, p := range a.People {
		acts := a.runBound(p.Name)
		if acts == nil {
			continue
		}
		for d := range a.Days {
			for w := 0; w+L+1 <= a.Slots; w++ {
				var terms []encode.Term
				for _, i := range acts {
					for _, k := range a.timeKeys(i) {
						if k.day != d {
							continue
						}
						if c := min(k.start+k.dur, w+L+1) - max(k.start, w); c > 0 {
							terms = append(terms, encode.Term{Var: b.y[i][k], Coef: int64(c)})
						}
					}
				}
				b.m.AddLinear(terms, encode.LE, int64(L)).Named(fmt.Sprintf("%s @%d.%d", groupRun(p.Name), d, w)).InGroup(groupRun(p.Name))
			}
		}
	}
}

func (consecutiveLimit) Rules(a *Agenda) []rule {
	var out []rule
	for _, p := range a.People {
		if a.runBound(p.Name) != nil {
			out = append(out, rule{Name: groupRun(p.Name), Text: fmt.Sprintf("At most %d minutes in a row of %s: back-to-back %s (one starting when the other ends) count as one stretch, and every stretch lasts at most %d minutes.",
				a.MaxRun*a.SlotMin, a.Voc.with(a.Voc.Activities, p.Name), a.Voc.Activities, a.MaxRun*a.SlotMin)})
		}
	}
	return out
}

// Binds (domains.Binder) reports whether the limit can bind for someone
// (runBound). When it cannot (no one's activities together exceed it, or
// it is a whole day), the unit is left out of the spec rather than drawn
// again: the limit is at least the longest activity and the hidden
// schedule's longest stretch, so no limit that binds keeps it.
func (consecutiveLimit) Binds(a *Agenda) bool {
	return slices.ContainsFunc(a.People, func(p Person) bool { return a.runBound(p.Name) != nil })
}

func (u consecutiveLimit) Items(a *Agenda) []domains.Item {
	if !u.Binds(a) {
		return nil // no stretch can pass the limit: nothing to check
	}
	return []domains.Item{domains.FeasibilityItem(unitConsecutive, unitConsecutive, domains.Medium, fmt.Sprintf("No stretch of back-to-back %s that share %s lasts more than %d minutes.", a.Voc.Activities, prose.An(a.Voc.person()), a.MaxRun*a.SlotMin))}
}

func (consecutiveLimit) Check(a *Agenda, ans *answer, f fails) {
	for _, p := range a.People {
		busy := make([][]bool, len(a.Days))
		for d := range busy {
			busy[d] = make([]bool, a.Slots)
		}
		for _, i := range a.attends(p.Name) {
			if pl := ans.pl[i]; pl.ok {
				for t := pl.start; t < min(pl.start+a.plen(i, pl), a.Slots); t++ {
					busy[pl.day][t] = true
				}
			}
		}
		for d := range a.Days {
			for t := 0; t < a.Slots; {
				if !busy[d][t] {
					t++
					continue
				}
				u := t
				for u < a.Slots && busy[d][u] {
					u++
				}
				if u-t > a.MaxRun {
					f.Add(unitConsecutive, fmt.Sprintf("%s is in %s from %s to %s on %s (%d minutes in a row)", p.Name, a.Voc.Activities, a.clock(t), a.clock(u), a.Days[d], (u-t)*a.SlotMin))
				}
				t = u
			}
		}
	}
}
