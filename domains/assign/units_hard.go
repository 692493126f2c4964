package assign

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/domains/prose"
	"github.com/plancert/plancert/encode"
)

// ---- reassignment with minimum moves (hard) ----

type replanning struct{}

func (replanning) Info() domains.Unit {
	return domains.Unit{ID: unitReplan, Tier: domains.Hard, Title: "reassignment with minimum moves"}
}
func (replanning) modes() mode { return modeAll }

// Sample draws the change and the current plan. Labelled: a bin closes;
// the current plan is the hidden plan with at least one item in that bin,
// and the hidden plan moves those items elsewhere. Partition: two items
// of different hidden groups may no longer share a group; the current
// plan is the hidden one with the first swapped into the second's group.
func (replanning) Sample(a *Assign, r *rand.Rand) {
	if a.Partition {
		n := len(a.Items)
		for range 100 {
			i, j := r.IntN(n), r.IntN(n)
			if a.planted[i] == a.planted[j] {
				continue
			}
			var ks []int
			for k := range n {
				if k != j && a.planted[k] == a.planted[j] {
					ks = append(ks, k)
				}
			}
			if len(ks) == 0 {
				continue
			}
			k := ks[r.IntN(len(ks))]
			cur := slices.Clone(a.planted)
			cur[i], cur[k] = cur[k], cur[i]
			a.Current = cur
			x, y := min(i, j), max(i, j)
			a.NewApart = &Pair{A: a.Items[x].Name, B: a.Items[y].Name}
			return
		}
		return
	}
	c := r.IntN(len(a.Bins))
	a.Closed = a.Bins[c].Name
	cur := slices.Clone(a.planted)
	if !slices.Contains(cur, c) {
		cur[r.IntN(len(cur))] = c
	}
	a.Current = cur
	if a.Timed {
		a.CurrentStart = slices.Clone(a.plantedStart)
	}
	for i, b := range a.planted {
		if b == c {
			o := r.IntN(len(a.Bins) - 1)
			if o >= c {
				o++
			}
			a.planted[i] = o
			if a.Timed {
				// After the last hidden item of its new bin.
				end := 0
				for j, k := range a.planted {
					if k == o && j != i {
						end = max(end, a.plantedStart[j]+a.Items[j].Size)
					}
				}
				a.plantedStart[i] = end
			}
		}
	}
	if a.Timed {
		a.stretch()
	}
}

func (replanning) Model(b *builder) {
	a, m := b.a, b.m
	if a.Partition {
		addApart(b, a.itemIndex(a.NewApart.A), a.itemIndex(a.NewApart.B), ruleChange)
		return
	}
	c := a.binIndex(a.Closed)
	m.AddAtMost(b.binLits(c, func(int) bool { return true }), 0).Named(ruleChange).InGroup(ruleChange)
}

func (replanning) level(b *builder) []encode.Term {
	a, m := b.a, b.m
	var t []encode.Term
	if a.Partition {
		n := len(a.Items)
		for i := range n {
			for j := i + 1; j < n; j++ {
				c := m.NewBool(fmt.Sprintf("changed[%s|%s]", a.Items[i].Name, a.Items[j].Name))
				terms := []encode.Term{{Var: c, Coef: 1}, {Var: b.s[i][j], Coef: 1}}
				rhs := int64(1)
				if a.Current[i] != a.Current[j] {
					terms[1].Coef, rhs = -1, 0
				}
				m.AddLinear(terms, encode.EQ, rhs).Named(fmt.Sprintf("%s: %d.%d", groupMoves, i, j)).InGroup(groupMoves)
				t = append(t, encode.Term{Var: c, Coef: 1})
			}
		}
		return t
	}
	for i, it := range a.Items {
		mv := m.NewBool("moved[" + it.Name + "]")
		same := b.x[i][a.Current[i]]
		if a.Timed {
			same = b.y[i][a.Current[i]][a.CurrentStart[i]]
		}
		m.AddLinear([]encode.Term{{Var: mv, Coef: 1}, {Var: same, Coef: 1}}, encode.EQ, 1).
			Named(fmt.Sprintf("%s: %s", groupMoves, it.Name)).InGroup(groupMoves)
		t = append(t, encode.Term{Var: mv, Coef: 1})
	}
	return t
}

func (replanning) value(a *Assign, p *plan) int64 {
	var n int64
	if a.Partition {
		for i := range a.Items {
			for j := i + 1; j < len(a.Items); j++ {
				if (a.Current[i] == a.Current[j]) != (p.bin[i] == p.bin[j]) {
					n++
				}
			}
		}
		return n
	}
	for i, b := range p.bin {
		if b != a.Current[i] || a.Timed && p.start[i] != a.CurrentStart[i] {
			n++
		}
	}
	return n
}

func (replanning) text(a *Assign) string {
	v := a.Voc
	if a.Partition {
		return fmt.Sprintf("change the current %s as little as possible: minimise the number of pairs of %s that shared a %s in the current plan and do not now, or did not and do now", v.Bins, v.Items, v.Bin)
	}
	if a.Timed {
		return fmt.Sprintf("change the current plan as little as possible: minimise the number of %s whose %s or start time differs from the current plan", v.Items, v.Bin)
	}
	return fmt.Sprintf("change the current plan as little as possible: minimise the number of %s whose %s differs from the current plan (%s left without a %s counts as changed)", v.Items, v.Bin, prose.An(v.Item), v.Bin)
}

func (replanning) Rules(a *Assign) []rule {
	v := a.Voc
	if a.Partition {
		return []rule{{Name: ruleChange, Text: fmt.Sprintf("%s and %s may no longer share a %s.", a.NewApart.A, a.NewApart.B, v.Bin)}}
	}
	return []rule{{Name: ruleChange, Text: fmt.Sprintf("%s is no longer available; no %s may go to it.", a.Closed, v.Item)}}
}

func (replanning) Items(a *Assign) []domains.Item {
	text := fmt.Sprintf("No %s goes to %s, which is no longer available.", a.Voc.Item, a.Closed)
	if a.Partition {
		text = fmt.Sprintf("%s and %s do not share a %s.", a.NewApart.A, a.NewApart.B, a.Voc.Bin)
	}
	return []domains.Item{domains.FeasibilityItem(itemChange, unitReplan, domains.Hard, text)}
}

func (replanning) Check(a *Assign, p *plan, f fails) {
	if a.Partition {
		i, j := a.itemIndex(a.NewApart.A), a.itemIndex(a.NewApart.B)
		if p.bin[i] >= 0 && p.bin[i] == p.bin[j] {
			f.Add(itemChange, fmt.Sprintf("%s and %s share a %s", a.NewApart.A, a.NewApart.B, a.Voc.Bin))
		}
		return
	}
	c := a.binIndex(a.Closed)
	for i, b := range p.bin {
		if b == c {
			f.Add(itemChange, fmt.Sprintf("%s goes to %s", a.Items[i].Name, a.Closed))
		}
	}
}

// ---- backup bin per critical item (hard, labelled) ----

// backups: a backup bin (a swap partner in a partition) for each critical
// item, chosen with the plan. Readings (see Readings): "the plan first,
// then its backups" (the plan optimal on its own goal, with no backup to
// keep; the backups found for it afterwards), ruled out by the goal's "So
// a plan is chosen together with its". The backups' positions read item by
// item in the order named (each critical item's backup the first it can
// take) instead of the weighted sum the goal states ("minimise the sum of
// weight × position") give the certified optimum on every seeded
// instance tried (400, PLANCERT_LONG=1): given the plan each backup is
// free of the others, so only plans that tie on every level before could
// tell the two apart; it is not listed, as no instance would show it.
type backups struct{}

// readingPlanFirst is the reading of the backups as chosen after the
// plan.
const readingPlanFirst = "the plan is chosen first and its backups after it"

// Readings implements domains.Reader.
func (backups) Readings() []domains.Reading {
	return []domains.Reading{{Name: readingPlanFirst, RuledOutBy: "So a plan is chosen together with its"}}
}

func (backups) Info() domains.Unit {
	return domains.Unit{ID: unitBackups, Tier: domains.Hard, Title: "backup per critical item (a second bin; a swap partner in a partition)", Excludes: []string{unitReplan}}
}
func (backups) modes() mode { return modeAll }

// Sample picks one or two critical items and, hidden, a backup bin for
// each; the later units keep the hidden plan with any one critical item
// moved to its backup feasible.
func (backups) Sample(a *Assign, r *rand.Rand) {
	if a.Partition {
		sampleSwap(a, r)
		return
	}
	n := 1 + r.IntN(2)
	idx := r.Perm(len(a.Items))[:min(n, len(a.Items))]
	slices.Sort(idx)
	a.Critical, a.plantedBk = nil, nil
	for _, i := range idx {
		o := r.IntN(len(a.Bins) - 1)
		if o >= a.planted[i] {
			o++
		}
		if a.Timed && a.busyHidden(o, i) {
			// The backup bin must be free at the item's time: move the
			// item after every hidden item of the day.
			end := 0
			for j, s := range a.plantedStart {
				if j != i {
					end = max(end, s+a.Items[j].Size)
				}
			}
			a.plantedStart[i] = end
			a.stretch()
		}
		a.Critical = append(a.Critical, a.Items[i].Name)
		a.plantedBk = append(a.plantedBk, o)
	}
}

// busyHidden reports whether bin k has a hidden item overlapping item i's
// hidden time.
func (a *Assign) busyHidden(k, i int) bool {
	p := &plan{bin: a.planted, start: a.plantedStart}
	for j, b := range a.planted {
		if j != i && b == k && a.overlap(p, i, j) {
			return true
		}
	}
	return false
}

// Model adds the backup variables and, per critical item i and bin k,
// what "the plan with only i moved to k keeps every rule" asks of k (and
// of i's own bin, for lower quotas).
func (backups) Model(b *builder) {
	if b.a.Partition {
		modelSwap(b)
		return
	}
	a, m := b.a, b.m
	g := ruleBackups
	a.bk = nil
	for _, i := range a.criticalIdx() {
		it := a.Items[i]
		vs := make([]encode.Var, len(a.Bins))
		for k, bin := range a.Bins {
			vs[k] = m.NewBool(fmt.Sprintf("backup[%s|%s]", it.Name, bin.Name))
		}
		a.bk = append(a.bk, vs)
		name := func(s string) string { return fmt.Sprintf("%s: %s %s", g, it.Name, s) }
		m.AddExactly(lits(vs...), 1).Named(name("one")).InGroup(g)
		m.AddAtMost([]encode.Lit{b.u[i].Lit()}, 0).Named(name("placed")).InGroup(g)
		for k, bin := range a.Bins {
			bk := vs[k].Lit()
			nk := func(s string) string { return name(bin.Name + " " + s) }
			m.AddAtMost([]encode.Lit{bk, b.x[i][k].Lit()}, 1).Named(nk("differs")).InGroup(g)
			if !a.allowed(i, k) {
				m.AddAtMost([]encode.Lit{bk}, 0).Named(nk("allowed")).InGroup(g)
			}
			if a.has(unitCapacity) {
				m.AddAtMost(b.binLits(k, func(int) bool { return true }), bin.Cap-1).OnlyIf(bk).Named(nk("count")).InGroup(g)
				var terms []encode.Term
				for j, jt := range a.Items {
					terms = append(terms, encode.Term{Var: b.x[j][k], Coef: int64(jt.Size)})
				}
				m.AddLinear(terms, encode.LE, int64(bin.SizeCap-it.Size)).OnlyIf(bk).Named(nk("size")).InGroup(g)
			}
			if a.has(unitExclusive) && a.isExclusive(i) {
				m.AddAtMost(b.binLits(k, a.isExclusive), 0).OnlyIf(bk).Named(nk("exclusive")).InGroup(g)
			}
			if a.Timed {
				// k is free while i runs: no item j in k overlaps.
				for _, t := range a.starts(i) {
					for j, jt := range a.Items {
						if j == i {
							continue
						}
						for _, t2 := range a.starts(j) {
							if t < t2+jt.Size && t2 < t+it.Size {
								m.AddAtMost([]encode.Lit{bk, b.z[i][t].Lit(), b.y[j][k][t2].Lit()}, 2).
									Named(nk(fmt.Sprintf("free %d %s %d", t, jt.Name, t2))).InGroup(g)
							}
						}
					}
				}
			}
			if a.has(unitTogether) {
				for _, pr := range a.pairs(a.Apart) {
					if j := other(pr, i); j >= 0 {
						m.AddAtMost([]encode.Lit{b.x[j][k].Lit()}, 0).OnlyIf(bk).Named(nk("apart " + a.Items[j].Name)).InGroup(g)
					}
				}
				for _, pr := range a.pairs(a.Together) {
					if j := other(pr, i); j >= 0 {
						m.AddAtLeast([]encode.Lit{b.x[j][k].Lit()}, 1).OnlyIf(bk).Named(nk("together " + a.Items[j].Name)).InGroup(g)
					}
				}
			}
			if a.has(unitQuotas) {
				for _, q := range a.Quotas {
					if q.Attr != it.Attr {
						continue
					}
					ls := b.binLits(k, func(j int) bool { return a.Items[j].Attr == q.Attr })
					if q.Max >= 0 {
						m.AddAtMost(ls, q.Max-1).OnlyIf(bk).Named(nk("quota max " + q.Attr)).InGroup(g)
					}
					if q.Min > 0 {
						// Leaving bin k: k keeps at least Min without i.
						m.AddAtLeast(ls, q.Min+1).OnlyIf(b.x[i][k].Lit()).Named(nk("quota min " + q.Attr)).InGroup(g)
					}
				}
			}
		}
	}
}

// other returns the partner of i in pair pr, or −1.
func other(pr [2]int, i int) int {
	switch i {
	case pr[0]:
		return pr[1]
	case pr[1]:
		return pr[0]
	}
	return -1
}

// backupLevels adds the backups' levels after the plan's: the least
// weighted cost of the backups, then (with the tie-break) the least sum
// of (critical items − position) × (bin position + 1).
func (b *builder) backupLevels() {
	a := b.a
	if a.bk == nil {
		return
	}
	crit := a.criticalIdx()
	var cost, tie []encode.Term
	for c, vs := range a.bk {
		i := crit[c]
		for k, v := range vs {
			if a.Partition && k == i {
				continue // no variable: an item is not its own partner
			}
			if a.Timed || a.Partition {
				// no cost matrix: the backups' level is the positions
			} else if w := a.weight(i) * int64(a.Cost[i][k]); w != 0 {
				cost = append(cost, encode.Term{Var: v, Coef: w})
			}
			tie = append(tie, encode.Term{Var: v, Coef: int64((len(crit) - c) * (k + 1))})
		}
	}
	if a.Timed || a.Partition {
		b.m.Minimize(tie...)
		return
	}
	b.m.Minimize(cost...)
	if a.TieBreaks >= 1 {
		b.m.Minimize(tie...)
	}
}

// backupValues are the backups' levels for a plan with backups.
func (a *Assign) backupValues(p *plan) []int64 {
	crit := a.criticalIdx()
	var cost, tie int64
	for c, k := range p.backup {
		i := crit[c]
		if !a.Timed && !a.Partition {
			cost += a.weight(i) * int64(a.Cost[i][k])
		}
		tie += int64((len(crit) - c) * (k + 1))
	}
	if a.Timed || a.Partition {
		return []int64{tie}
	}
	out := []int64{cost}
	if a.TieBreaks >= 1 {
		out = append(out, tie)
	}
	return out
}

func (backups) Rules(a *Assign) []rule {
	v := a.Voc
	if a.Partition {
		return []rule{{Name: ruleBackups, Text: fmt.Sprintf("The critical %s are %s. For each of them, name a swap partner (under \"backups\" in the answer): %s of another %s such that, with the two exchanged (the partner takes the critical %s's place and the other way round), the %s still keep every rule above and every other named rule.", v.Items, prose.JoinAnd(a.Critical), prose.An(v.Item), v.Bin, v.Item, v.Bins)}}
	}
	also := ""
	if a.Timed {
		also = fmt.Sprintf(" (at the same start time, so the backup %s must be free then)", v.Bin)
	}
	return []rule{{Name: ruleBackups, Text: fmt.Sprintf("The critical %s are %s. Each of them must have a %s, and also a backup %s (under \"backups\" in the answer): a %s other than its own such that the plan with only that %s moved to its backup%s still keeps every rule above and every other named rule.", v.Items, prose.JoinAnd(a.Critical), v.Bin, v.Bin, v.Bin, v.Item, also)}}
}

func (backups) Items(a *Assign) []domains.Item {
	if a.Partition {
		return []domains.Item{domains.FeasibilityItem(unitBackups, unitBackups, domains.Hard, fmt.Sprintf("Each critical %s (%s) has a swap partner in another %s, and the %s with the two exchanged keep every rule.", a.Voc.Item, prose.JoinAnd(a.Critical), a.Voc.Bin, a.Voc.Bins))}
	}
	return []domains.Item{domains.FeasibilityItem(unitBackups, unitBackups, domains.Hard, fmt.Sprintf("Each critical %s (%s) has a %s and a backup %s other than its own, and the plan with only that %s moved to its backup keeps every rule.", a.Voc.Item, prose.JoinAnd(a.Critical), a.Voc.Bin, a.Voc.Bin, a.Voc.Item))}
}

func (backups) Check(a *Assign, p *plan, f fails) {
	for c, i := range a.criticalIdx() {
		why := ""
		if p.backup[c] < 0 {
			f.Add(unitBackups, a.Items[i].Name+": it has no backup")
			continue
		}
		if a.Partition {
			why = a.swapWhy(p, i, p.backup[c])
		} else {
			why = a.backupWhy(p, i, p.backup[c])
		}
		if why != "" {
			f.Add(unitBackups, a.Items[i].Name+": "+why)
		}
	}
}

// backupWhy says why moving critical item i of plan p to bin k would
// break a rule ("" when it would not): the same conditions as the model.
func (a *Assign) backupWhy(p *plan, i, k int) string {
	v := a.Voc
	it := a.Items[i]
	s := p.bin[i]
	switch {
	case s < 0:
		return "it has no " + v.Bin
	case s == k:
		return "the backup is its own " + v.Bin
	case !a.allowed(i, k):
		return fmt.Sprintf("it may not go to %s", a.Bins[k].Name)
	}
	cnt, load, excl := 0, 0, 0
	attr := map[string]int{}
	for j, b := range p.bin {
		if b == k {
			cnt++
			load += a.Items[j].Size
			attr[a.Items[j].Attr]++
			if a.isExclusive(j) {
				excl++
			}
		}
	}
	if a.Timed {
		for j, b := range p.bin {
			if b == k && a.overlap(p, i, j) {
				return fmt.Sprintf("%s is busy with %s then", a.Bins[k].Name, a.Items[j].Name)
			}
		}
	}
	if a.has(unitCapacity) && (cnt+1 > a.Bins[k].Cap || load+it.Size > a.Bins[k].SizeCap) {
		return fmt.Sprintf("%s has no room for it", a.Bins[k].Name)
	}
	if a.has(unitExclusive) && a.isExclusive(i) && excl > 0 {
		return fmt.Sprintf("%s already has one of the %s", a.Bins[k].Name, v.Kind)
	}
	if a.has(unitTogether) {
		for _, pr := range a.pairs(a.Apart) {
			if j := other(pr, i); j >= 0 && p.bin[j] == k {
				return fmt.Sprintf("%s is in %s", a.Items[j].Name, a.Bins[k].Name)
			}
		}
		for _, pr := range a.pairs(a.Together) {
			if j := other(pr, i); j >= 0 && p.bin[j] != k {
				return fmt.Sprintf("%s would no longer be with %s", it.Name, a.Items[j].Name)
			}
		}
	}
	if a.has(unitQuotas) {
		for _, q := range a.Quotas {
			if q.Attr != it.Attr {
				continue
			}
			if q.Max >= 0 && attr[q.Attr]+1 > q.Max {
				return fmt.Sprintf("%s would have too many %s whose %s is %s", a.Bins[k].Name, v.Items, v.Attr, q.Attr)
			}
			if q.Min > 0 {
				c := 0
				for j, b := range p.bin {
					if b == s && a.Items[j].Attr == q.Attr {
						c++
					}
				}
				if c-1 < q.Min {
					return fmt.Sprintf("%s would have too few %s whose %s is %s", a.Bins[s].Name, v.Items, v.Attr, q.Attr)
				}
			}
		}
	}
	return ""
}
