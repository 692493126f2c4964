package assign

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/domains/prose"
	"github.com/plancert/plancert/encode"
)

// The time dimension of the assign core (timed mode, Work Assignment
// Scheduling): each item also gets a start slot on a one-day grid, lasts
// Size slots and must end by the end of the day; a bin (a worker) does one
// item at a time. Units: deadlines (basic) and dependencies (medium);
// replanning counts an item as moved when its bin or its start changes;
// a backup keeps the item's time and needs the backup bin free then.

const itemOneAtATime = "one-at-a-time"

func groupOneAtATime(bin string) string { return "core: one at a time: " + bin }

const (
	groupDone   = "core: every item is done"
	groupTiming = "core: timing"
)

// clock formats slot boundary s as HH:MM.
func (a *Assign) clock(s int) string {
	m := a.DayStart + s*a.SlotMin
	return fmt.Sprintf("%02d:%02d", m/60, m%60)
}

// parseClock returns the slot of an HH:MM start time on the grid whose
// item of length d ends by the end of the day, or −1.
func (a *Assign) parseClock(t string, d int) int {
	for s := 0; s+d <= a.Slots; s++ {
		if a.clock(s) == t {
			return s
		}
	}
	return -1
}

// starts returns the start slots item i may take.
func (a *Assign) starts(i int) []int {
	var out []int
	for t := 0; t+a.Items[i].Size <= a.Slots; t++ {
		out = append(out, t)
	}
	return out
}

// timing adds the time variables and rules of timed mode: every item is
// done (u = 0); y[i][k][t] sums to x[i][k] over t; z[i][t] is the sum of
// y over bins; start and end follow z; a bin holds one item per slot.
func (b *builder) timing() {
	a, m := b.a, b.m
	n := len(a.Items)
	b.y, b.z = make([][][]encode.Var, n), make([][]encode.Var, n)
	b.start, b.end = make([]encode.Var, n), make([]encode.Var, n)
	for i, it := range a.Items {
		m.AddAtMost([]encode.Lit{b.u[i].Lit()}, 0).Named(groupDone + ": " + it.Name).InGroup(groupDone)
		b.start[i] = m.NewInt("start["+it.Name+"]", 0, int64(a.Slots))
		b.end[i] = m.NewInt("end["+it.Name+"]", 0, int64(a.Slots))
		m.AddLinear([]encode.Term{{Var: b.end[i], Coef: 1}, {Var: b.start[i], Coef: -1}}, encode.EQ, int64(it.Size)).
			Named(fmt.Sprintf("%s: end %s", groupTiming, it.Name)).InGroup(groupTiming)
		b.y[i] = make([][]encode.Var, len(a.Bins))
		b.z[i] = make([]encode.Var, a.Slots)
		for k, bin := range a.Bins {
			b.y[i][k] = make([]encode.Var, a.Slots)
			terms := []encode.Term{{Var: b.x[i][k], Coef: -1}}
			for _, t := range a.starts(i) {
				v := m.NewBool(fmt.Sprintf("y[%s|%s|%s]", it.Name, bin.Name, a.clock(t)))
				b.y[i][k][t] = v
				terms = append(terms, encode.Term{Var: v, Coef: 1})
			}
			m.AddLinear(terms, encode.EQ, 0).Named(fmt.Sprintf("%s: %s|%s", groupTiming, it.Name, bin.Name)).InGroup(groupTiming)
		}
		for _, t := range a.starts(i) {
			z := m.NewBool(fmt.Sprintf("z[%s|%s]", it.Name, a.clock(t)))
			b.z[i][t] = z
			terms := []encode.Term{{Var: z, Coef: -1}}
			for k := range a.Bins {
				terms = append(terms, encode.Term{Var: b.y[i][k][t], Coef: 1})
			}
			m.AddLinear(terms, encode.EQ, 0).Named(fmt.Sprintf("%s: %s@%d", groupTiming, it.Name, t)).InGroup(groupTiming)
			m.AddLinear([]encode.Term{{Var: b.start[i], Coef: 1}}, encode.EQ, int64(t)).OnlyIf(z.Lit()).
				Named(fmt.Sprintf("%s: start %s@%d", groupTiming, it.Name, t)).InGroup(groupTiming)
		}
	}
	for k, bin := range a.Bins {
		g := groupOneAtATime(bin.Name)
		for s := range a.Slots {
			var ls []encode.Lit
			for i := range a.Items {
				for _, t := range a.starts(i) {
					if t <= s && s < t+a.Items[i].Size {
						ls = append(ls, b.y[i][k][t].Lit())
					}
				}
			}
			if len(ls) > 1 {
				m.AddAtMost(ls, 1).Named(fmt.Sprintf("%s @%d", g, s)).InGroup(g)
			}
		}
	}
}

// overlap reports whether items i and j of plan p overlap in time.
func (a *Assign) overlap(p *plan, i, j int) bool {
	si, sj := p.start[i], p.start[j]
	return si < sj+a.Items[j].Size && sj < si+a.Items[i].Size
}

// checkTiming adds the failures of the core time rule: a bin does one
// item at a time.
func (a *Assign) checkTiming(p *plan, f fails) {
	for i := range a.Items {
		for j := i + 1; j < len(a.Items); j++ {
			if p.bin[i] >= 0 && p.bin[i] == p.bin[j] && a.overlap(p, i, j) {
				f.Add(itemOneAtATime, fmt.Sprintf("%s does %s and %s at the same time", a.Bins[p.bin[i]].Name, a.Items[i].Name, a.Items[j].Name))
			}
		}
	}
}

// plantTimes draws the hidden start times: each bin does its hidden items
// in a random order with gaps of 0 or 1 slot (none when packed); the day
// is stretched to the last end when needed.
func (a *Assign) plantTimes(r *rand.Rand, packed bool) {
	gap := func() int {
		if packed {
			return 0
		}
		return r.IntN(2)
	}
	a.plantedStart = make([]int, len(a.Items))
	for k := range a.Bins {
		cur := gap()
		for _, i := range r.Perm(len(a.Items)) {
			if a.planted[i] != k {
				continue
			}
			a.plantedStart[i] = cur
			cur += a.Items[i].Size + gap()
		}
	}
	a.stretch()
}

// stretch makes the day long enough for the hidden plan.
func (a *Assign) stretch() {
	for i, s := range a.plantedStart {
		a.Slots = max(a.Slots, s+a.Items[i].Size)
	}
}

// ---- deadlines (basic, timed) ----

type deadlines struct{}

const unitDeadlines = "deadlines"

func (deadlines) Info() domains.Unit {
	return domains.Unit{ID: unitDeadlines, Tier: domains.Basic, Title: "deadlines"}
}
func (deadlines) modes() mode { return modeTimed }

// Sample gives one to three items a deadline at or after their hidden end.
func (deadlines) Sample(a *Assign, r *rand.Rand) {
	n := 1 + r.IntN(3)
	for _, i := range r.Perm(len(a.Items))[:min(n, len(a.Items))] {
		end := a.plantedStart[i] + a.Items[i].Size
		a.Items[i].Deadline = min(a.Slots, end+r.IntN(2))
	}
}

func (deadlines) Model(b *builder) {
	a := b.a
	for i, it := range a.Items {
		if it.Deadline == 0 {
			continue
		}
		var late []encode.Lit
		for _, t := range a.starts(i) {
			if t+it.Size > it.Deadline {
				late = append(late, b.z[i][t].Lit())
			}
		}
		if len(late) > 0 {
			b.m.AddAtMost(late, 0).Named(unitDeadlines + ": " + it.Name).InGroup(unitDeadlines)
		}
	}
}

// Binds (domains.Binder) reports whether some deadline is before the end
// of the day (one at the end binds nothing: every item ends by then). When
// none is, the unit is left out of the spec rather than drawn again: a
// deadline is the item's hidden end or one slot later, and those ends
// were the day's.
func (deadlines) Binds(a *Assign) bool {
	return slices.ContainsFunc(a.Items, func(it Item) bool { return it.Deadline > 0 && it.Deadline < a.Slots })
}

func (deadlines) Rules(a *Assign) []rule {
	return []rule{{Name: unitDeadlines, Text: fmt.Sprintf("%s with a deadline in the table must end by it.", prose.Capital(prose.An(a.Voc.Item)))}}
}

func (deadlines) Items(a *Assign) []domains.Item {
	var ds []string
	for _, it := range a.Items {
		if it.Deadline > 0 {
			ds = append(ds, it.Name+" by "+a.clock(it.Deadline))
		}
	}
	return []domains.Item{domains.FeasibilityItem(unitDeadlines, unitDeadlines, domains.Basic, fmt.Sprintf("Every %s with a deadline ends by it (%s).", a.Voc.Item, prose.JoinAnd(ds)))}
}

func (deadlines) Check(a *Assign, p *plan, f fails) {
	for i, it := range a.Items {
		if it.Deadline > 0 && p.start[i] >= 0 && p.start[i]+it.Size > it.Deadline {
			f.Add(unitDeadlines, fmt.Sprintf("%s ends at %s, after its deadline %s", it.Name, a.clock(p.start[i]+it.Size), a.clock(it.Deadline)))
		}
	}
}

// ---- dependencies (medium, timed) ----

type dependencies struct{}

const unitDeps = "dependencies"

func (dependencies) Info() domains.Unit {
	return domains.Unit{ID: unitDeps, Tier: domains.Medium, Title: "dependencies (precedence)"}
}
func (dependencies) modes() mode { return modeTimed }

// Sample picks one or two pairs that the hidden plan has in order, the
// first ending by the time the second starts.
func (dependencies) Sample(a *Assign, r *rand.Rand) {
	var cand []Pair
	for i := range a.Items {
		for j := range a.Items {
			if i != j && a.plantedStart[i]+a.Items[i].Size <= a.plantedStart[j] {
				cand = append(cand, Pair{A: a.Items[i].Name, B: a.Items[j].Name})
			}
		}
	}
	a.Deps = nil
	for _, k := range r.Perm(len(cand))[:min(len(cand), 1+r.IntN(2))] {
		a.Deps = append(a.Deps, cand[k])
	}
	slices.SortFunc(a.Deps, func(x, y Pair) int { return cmpPair(a, x, y) })
}

func (dependencies) Model(b *builder) {
	a := b.a
	for _, d := range a.pairs(a.Deps) {
		b.m.AddLinear([]encode.Term{{Var: b.end[d[0]], Coef: 1}, {Var: b.start[d[1]], Coef: -1}}, encode.LE, 0).
			Named(fmt.Sprintf("%s: %s|%s", unitDeps, a.Items[d[0]].Name, a.Items[d[1]].Name)).InGroup(unitDeps)
	}
}

func depList(ps []Pair) string {
	var out []string
	for _, p := range ps {
		out = append(out, p.A+" before "+p.B)
	}
	return prose.JoinAnd(out)
}

func (dependencies) Rules(a *Assign) []rule {
	return []rule{{Name: unitDeps, Text: fmt.Sprintf("In each pair below, the first %s must end by the time the second starts: %s.", a.Voc.Item, depList(a.Deps))}}
}

func (dependencies) Items(a *Assign) []domains.Item {
	return []domains.Item{domains.FeasibilityItem(unitDeps, unitDeps, domains.Medium, fmt.Sprintf("Every dependency holds: %s (the first ends by the time the second starts).", depList(a.Deps)))}
}

func (dependencies) Check(a *Assign, p *plan, f fails) {
	for _, d := range a.pairs(a.Deps) {
		i, j := d[0], d[1]
		if p.start[i] >= 0 && p.start[j] >= 0 && p.start[i]+a.Items[i].Size > p.start[j] {
			f.Add(unitDeps, fmt.Sprintf("%s ends at %s, after %s starts at %s", a.Items[i].Name, a.clock(p.start[i]+a.Items[i].Size), a.Items[j].Name, a.clock(p.start[j])))
		}
	}
}
