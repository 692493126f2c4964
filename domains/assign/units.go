package assign

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/domains/prose"
	"github.com/plancert/plancert/encode"
)

// unit is one constraint of the assign pool, under the unit contract of
// domains (domains.UnitOf with the Sampler facet): it adds its data to the
// instance (Sample), its constraints to the model under group names that
// are the rule names of the prompt (Model), its sentences to the prompt
// (Rules), its items to the checklist (Items) and its checks to the
// verifier (Check); modes says in which modes of the core it has a
// meaning. Adding a constraint is adding one unit to pool
// (docs/extending.md).
type unit interface {
	domains.UnitOf[*Assign, *builder, *plan]
	domains.Sampler[*Assign]
	// modes says in which modes of the core the unit has a meaning.
	modes() mode
}

// leveler is a unit (or core rule) that puts an objective level before the
// goal: level gives its terms, value the same level for a complete plan
// (exactly the model's value at the assignment the plan determines), text
// states it for the goal paragraph.
type leveler interface {
	level(b *builder) []encode.Term
	value(a *Assign, p *plan) int64
	text(a *Assign) string
}

// rule is one named rule of the prompt (domains.Rule); Name is also its
// model group and what a conflict answer names.
type rule = domains.Rule

// fails collects failures per item ID (domains.Fails).
type fails = domains.Fails

// Unit IDs.
const (
	unitCompat      = "compatibility"
	unitCapacity    = "capacity"
	unitAllAssigned = "all-assigned"
	unitExclusive   = "exclusivity"
	unitTogether    = "together-apart"
	unitBalance     = "balance"
	unitQuotas      = "quotas"
	unitPriority    = "priority-weighted"
	unitSelfCheck   = "self-check"
	unitReplan      = "replanning"
	unitBackups     = "backups"
	unitInfeasible  = "infeasibility"
)

// Item IDs beyond the units'.
const (
	itemTogether = "together"
	itemApart    = "apart"
	itemChange   = "change"
	itemStated   = "stated"
)

// Rule (group) names.
const (
	ruleCompat    = "compatibility"
	ruleCapacity  = "capacity"
	ruleAll       = "all assigned"
	ruleExclusive = "exclusivity"
	ruleTogether  = "together"
	ruleApart     = "apart"
	ruleChange    = "the change"
	ruleBackups   = "backups"
)

func ruleQuota(attr string) string { return "quota: " + attr }

// pool lists every unit in a fixed order; instances apply their sampled
// units in this order. Replanning comes first (it moves the hidden plan
// away from the closed bin), backups next (they choose backup bins that
// the later units keep feasible), infeasibility last (it breaks a quota).
var pool = domains.Pool[unit]{
	replanning{}, backups{},
	deadlines{}, dependencies{}, // timed mode: after every unit that moves the hidden plan
	compatibility{}, capacity{}, allAssigned{}, exclusivity{},
	togetherApart{}, quotas{}, balance{}, priority{}, selfCheck{},
	infeasibility{},
}

// mode is a set of modes of the core: a partition into interchangeable
// groups, distinct bins, or distinct bins with a start time per item.
type mode uint8

// The modes.
const (
	modePartition mode = 1 << iota
	modeLabelled
	modeTimed
	modeAll = modePartition | modeLabelled | modeTimed
)

// mode returns the instance's mode.
func (a *Assign) mode() mode {
	switch {
	case a.Partition:
		return modePartition
	case a.Timed:
		return modeTimed
	}
	return modeLabelled
}

// poolInfo returns the pool of a task in mode m: the units that have a
// meaning in it.
func poolInfo(m mode) []domains.Unit {
	var out []domains.Unit
	for _, u := range pool {
		if u.modes()&m != 0 {
			out = append(out, u.Info())
		}
	}
	return out
}

// units returns the sampled units of a, in pool order.
func (a *Assign) units() []unit {
	var out []unit
	for _, u := range pool {
		if a.has(u.Info().ID) {
			out = append(out, u)
		}
	}
	return out
}

// levelers returns the levels before the goal, in order: fewest changes,
// least unassigned weight (labelled without all-assigned), least gap.
func (a *Assign) levelers() []leveler {
	var out []leveler
	if a.has(unitReplan) {
		out = append(out, replanning{})
	}
	if !a.Partition && !a.Timed && !a.has(unitAllAssigned) {
		out = append(out, unassigned{})
	}
	if a.has(unitBalance) {
		out = append(out, balance{})
	}
	return out
}

// scenarios returns the hidden plan and, per critical item, the hidden
// plan with that item moved to its hidden backup bin (a partition: swapped
// with its hidden partner): generation keeps every one feasible.
func (a *Assign) scenarios(bk []int) [][]int {
	out := [][]int{a.planted}
	for c, i := range a.criticalIdx() {
		s := slices.Clone(a.planted)
		if a.Partition {
			j := bk[c]
			s[i], s[j] = s[j], s[i]
		} else {
			s[i] = bk[c]
		}
		out = append(out, s)
	}
	return out
}

// ---- compatibility (basic) ----

type compatibility struct{}

func (compatibility) Info() domains.Unit {
	return domains.Unit{ID: unitCompat, Tier: domains.Basic, Title: "compatibility"}
}
func (compatibility) modes() mode { return modeAll }

func (compatibility) Sample(a *Assign, r *rand.Rand) {
	if a.Partition {
		// Each group of the hidden partition meets at one session; every
		// member is free then and at some other sessions.
		meet := make([]int, len(a.Bins))
		for k := range meet {
			meet[k] = r.IntN(len(a.Sessions))
		}
		for i := range a.Items {
			a.Items[i].Free = nil
			for t, sn := range a.Sessions {
				// Free at the session of its group in every hidden
				// scenario (a backup swap moves it to another group).
				need := false
				for _, s := range a.scenarios(a.plantedBk) {
					need = need || t == meet[s[i]]
				}
				if need || r.IntN(2) == 0 {
					a.Items[i].Free = append(a.Items[i].Free, sn)
				}
			}
		}
		return
	}
	for i := range a.Items {
		a.Items[i].Allowed = nil
		for k, bn := range a.Bins {
			if a.usedBy(i, k) || r.IntN(2) == 0 {
				a.Items[i].Allowed = append(a.Items[i].Allowed, bn.Name)
			}
		}
	}
}

// Binds (domains.Binder) reports whether some plan can break the rule:
// labelled, an item that a bin does not allow; partition, a group of a
// stated size whose members share no free session (some items of at most
// that size with no session in common: the group may be filled up with
// any others). When none can (every group of the hidden partition meets
// at one session, which every student is then free at), the unit is left
// out of the spec rather than drawn again: the sessions are drawn around
// the hidden plan, and a second draw for these instances would change
// their odds.
func (compatibility) Binds(a *Assign) bool {
	if !a.Partition {
		for _, it := range a.Items {
			if len(it.Allowed) < len(a.Bins) {
				return true
			}
		}
		return false
	}
	free := make([]uint64, len(a.Items))
	for i, it := range a.Items {
		for _, sn := range it.Free {
			free[i] |= 1 << slices.Index(a.Sessions, sn)
		}
	}
	all := uint64(1)<<len(a.Sessions) - 1
	// apart reports whether at most k of the items from i on, with the
	// sessions mask in common so far, share no session.
	var apart func(i, k int, mask uint64) bool
	apart = func(i, k int, mask uint64) bool {
		if mask == 0 {
			return true
		}
		if k == 0 || i == len(free) {
			return false
		}
		return apart(i+1, k-1, mask&free[i]) || apart(i+1, k, mask)
	}
	for _, b := range a.Bins {
		if len(a.Sessions) <= 64 && apart(0, b.Size, all) {
			return true
		}
	}
	return len(a.Sessions) > 64
}

// usedBy reports whether a hidden scenario puts item i in bin k.
func (a *Assign) usedBy(i, k int) bool {
	for _, s := range a.scenarios(a.plantedBk) {
		if s[i] == k {
			return true
		}
	}
	return false
}

func (compatibility) Model(b *builder) {
	a, m := b.a, b.m
	if a.Partition {
		for k, bin := range a.Bins {
			var picks []encode.Lit
			for t, sn := range a.Sessions {
				p := m.NewBool(fmt.Sprintf("meet[%s|%s]", bin.Name, sn))
				picks = append(picks, p.Lit())
				for i := range a.Items {
					if !a.free(i, t) {
						m.AddAtMost([]encode.Lit{p.Lit(), b.x[i][k].Lit()}, 1).Named(fmt.Sprintf("%s: %s %s %s", ruleCompat, bin.Name, sn, a.Items[i].Name)).InGroup(ruleCompat)
					}
				}
			}
			m.AddAtLeast(picks, 1).Named(fmt.Sprintf("%s: %s meets", ruleCompat, bin.Name)).InGroup(ruleCompat)
		}
		return
	}
	for i, it := range a.Items {
		var bad []encode.Lit
		for k := range a.Bins {
			if !a.allowed(i, k) {
				bad = append(bad, b.x[i][k].Lit())
			}
		}
		if len(bad) > 0 {
			m.AddAtMost(bad, 0).Named(ruleCompat + ": " + it.Name).InGroup(ruleCompat)
		}
	}
}

func (compatibility) Rules(a *Assign) []rule {
	v := a.Voc
	if a.Partition {
		return []rule{{Name: ruleCompat, Text: fmt.Sprintf("Each %s meets at one %s, so for each %s there must be at least one %s (in the list above) at which every member is free.", v.Bin, v.Session, v.Bin, v.Session)}}
	}
	return []rule{{Name: ruleCompat, Text: fmt.Sprintf("Each %s may only go to one of the %s listed as allowed for it.", v.Item, v.Bins)}}
}

func (compatibility) Items(a *Assign) []domains.Item {
	v := a.Voc
	text := fmt.Sprintf("Every %s is in one of its allowed %s.", v.Item, v.Bins)
	if a.Partition {
		text = fmt.Sprintf("Every %s has a %s at which all its members are free.", v.Bin, v.Session)
	}
	return []domains.Item{domains.FeasibilityItem(unitCompat, unitCompat, domains.Basic, text)}
}

func (compatibility) Check(a *Assign, p *plan, f fails) {
	if a.Partition {
		for _, g := range a.groupsOf(p) {
			if !a.commonFree(g) {
				f.Add(unitCompat, fmt.Sprintf("the %s of %s has no %s at which all its members are free", a.Voc.Bin, a.names(g), a.Voc.Session))
			}
		}
		return
	}
	for i, k := range p.bin {
		if k >= 0 && !a.allowed(i, k) {
			f.Add(unitCompat, fmt.Sprintf("%s may not go to %s", a.Items[i].Name, a.Bins[k].Name))
		}
	}
}

// names joins item names: "Ana, Ben and Cy".
func (a *Assign) names(is []int) string {
	var ns []string
	for _, i := range is {
		ns = append(ns, a.Items[i].Name)
	}
	return prose.JoinAnd(ns)
}

// ---- capacity (basic, labelled) ----

type capacity struct{}

func (capacity) Info() domains.Unit {
	return domains.Unit{ID: unitCapacity, Tier: domains.Basic, Title: "capacity per bin (count and size)"}
}
func (capacity) modes() mode { return modeLabelled | modeTimed }

func (capacity) Sample(a *Assign, r *rand.Rand) {
	for k := range a.Bins {
		cnt, load := 0, 0
		for _, s := range a.scenarios(a.plantedBk) {
			c, l := 0, 0
			for i, b := range s {
				if b == k {
					c++
					l += a.Items[i].Size
				}
			}
			cnt, load = max(cnt, c), max(load, l)
		}
		a.Bins[k].Cap = max(1, cnt+r.IntN(2))
		a.Bins[k].SizeCap = max(1, load+r.IntN(3))
	}
}

func (capacity) Model(b *builder) {
	a, m := b.a, b.m
	for k, bin := range a.Bins {
		m.AddAtMost(b.binLits(k, func(int) bool { return true }), bin.Cap).Named(fmt.Sprintf("%s: %s count", ruleCapacity, bin.Name)).InGroup(ruleCapacity)
		var terms []encode.Term
		for i, it := range a.Items {
			terms = append(terms, encode.Term{Var: b.x[i][k], Coef: int64(it.Size)})
		}
		m.AddLinear(terms, encode.LE, int64(bin.SizeCap)).Named(fmt.Sprintf("%s: %s size", ruleCapacity, bin.Name)).InGroup(ruleCapacity)
	}
}

func (capacity) Rules(a *Assign) []rule {
	v := a.Voc
	return []rule{{Name: ruleCapacity, Text: fmt.Sprintf("Each %s takes at most the number of %s in its \"max %s\" column, and their %s add up to at most its \"max %s\".", v.Bin, v.Items, v.Items, v.Size, v.Size)}}
}

func (capacity) Items(a *Assign) []domains.Item {
	v := a.Voc
	return []domains.Item{domains.FeasibilityItem(unitCapacity, unitCapacity, domains.Basic, fmt.Sprintf("No %s takes more %s, or more %s in total, than its capacity.", v.Bin, v.Items, v.Size))}
}

func (capacity) Check(a *Assign, p *plan, f fails) {
	for k, bin := range a.Bins {
		c, l := 0, 0
		for i, b := range p.bin {
			if b == k {
				c++
				l += a.Items[i].Size
			}
		}
		if c > bin.Cap {
			f.Add(unitCapacity, fmt.Sprintf("%s takes %d %s, at most %d allowed", bin.Name, c, a.Voc.Items, bin.Cap))
		}
		if l > bin.SizeCap {
			f.Add(unitCapacity, fmt.Sprintf("%s takes %d %s, at most %d allowed", bin.Name, l, a.Voc.Size, bin.SizeCap))
		}
	}
}

// ---- every item assigned (basic, labelled) ----

type allAssigned struct{}

func (allAssigned) Info() domains.Unit {
	return domains.Unit{ID: unitAllAssigned, Tier: domains.Basic, Title: "every item assigned"}
}
func (allAssigned) modes() mode                { return modeLabelled }
func (allAssigned) Sample(*Assign, *rand.Rand) {}
func (allAssigned) Model(b *builder) {
	for i, it := range b.a.Items {
		b.m.AddAtMost([]encode.Lit{b.u[i].Lit()}, 0).Named(ruleAll + ": " + it.Name).InGroup(ruleAll)
	}
}
func (allAssigned) Rules(a *Assign) []rule {
	return []rule{{Name: ruleAll, Text: fmt.Sprintf("Every %s gets a %s.", a.Voc.Item, a.Voc.Bin)}}
}
func (allAssigned) Items(a *Assign) []domains.Item {
	return []domains.Item{domains.CoverageItem(unitAllAssigned, unitAllAssigned, fmt.Sprintf("Every one of the %d %s has a %s.", len(a.Items), a.Voc.Items, a.Voc.Bin))}
}
func (allAssigned) Check(a *Assign, p *plan, f fails) {
	for i, k := range p.bin {
		if k < 0 {
			f.Add(unitAllAssigned, a.Items[i].Name+" has no "+a.Voc.Bin)
		}
	}
}

// unassigned is the level of the labelled core without the all-assigned
// unit: the least total weight of the items left without a bin.
type unassigned struct{}

func (unassigned) level(b *builder) []encode.Term {
	var t []encode.Term
	for i := range b.a.Items {
		t = append(t, encode.Term{Var: b.u[i], Coef: b.a.weight(i)})
	}
	return t
}
func (unassigned) value(a *Assign, p *plan) int64 {
	var s int64
	for i, k := range p.bin {
		if k < 0 {
			s += a.weight(i)
		}
	}
	return s
}
func (unassigned) text(a *Assign) string {
	v := a.Voc
	if a.has(unitPriority) {
		return fmt.Sprintf("leave as few %s without a %s as possible: minimise the sum of the priorities of the %s left without one", v.Items, v.Bin, v.Items)
	}
	return fmt.Sprintf("leave as few %s without a %s as possible (minimise their number)", v.Items, v.Bin)
}

// ---- exclusivity (basic) ----

type exclusivity struct{}

func (exclusivity) Info() domains.Unit {
	return domains.Unit{ID: unitExclusive, Tier: domains.Basic, Title: "exclusivity: at most one item of a kind per bin"}
}
func (exclusivity) modes() mode { return modeAll }

// Sample: greedy over a random order, an item joins the kind when no
// hidden scenario then has two of the kind in one bin, at least two items
// when they can; only items whose names may be of the kind join it (the
// subtask's KindNames: no "Ice cream" among the hazmat SKUs).
func (exclusivity) Sample(a *Assign, r *rand.Rand) {
	scen := a.scenarios(a.plantedBk)
	var chosen []int
	for _, i := range r.Perm(len(a.Items)) {
		ok := a.kindOK == nil || a.kindOK(a.Items[i].Name)
		for _, s := range scen {
			for _, j := range chosen {
				if s[i] == s[j] && s[i] >= 0 {
					ok = false
				}
			}
		}
		if ok && (len(chosen) < 2 || r.IntN(2) == 0) {
			chosen = append(chosen, i)
		}
	}
	slices.Sort(chosen)
	a.Exclusive = nil
	for _, i := range chosen {
		a.Exclusive = append(a.Exclusive, a.Items[i].Name)
	}
}

// Binds (domains.Binder) reports whether two items or more are of the
// kind: with one or none, no bin can take two. The unit is then left out
// of the spec rather than drawn again: the kind is drawn among the items
// whose names may be of it, and the hidden plan has put every other
// such item with one of the kind already, or there is no other.
func (exclusivity) Binds(a *Assign) bool { return len(a.Exclusive) >= 2 }

func (exclusivity) Model(b *builder) {
	a := b.a
	for k, bin := range a.Bins {
		ls := b.binLits(k, a.isExclusive)
		if len(ls) > 1 {
			b.m.AddAtMost(ls, 1).Named(ruleExclusive + ": " + bin.Name).InGroup(ruleExclusive)
		}
	}
}

func (exclusivity) Rules(a *Assign) []rule {
	if len(a.Exclusive) == 1 {
		return []rule{{Name: ruleExclusive, Text: fmt.Sprintf("The only one of the %s here is %s; no %s may take more than one of the %s.", a.Voc.Kind, a.Exclusive[0], a.Voc.Bin, a.Voc.Kind)}}
	}
	return []rule{{Name: ruleExclusive, Text: fmt.Sprintf("The %s are %s: no %s takes more than one of them.", a.Voc.Kind, prose.JoinAnd(a.Exclusive), a.Voc.Bin)}}
}

func (exclusivity) Items(a *Assign) []domains.Item {
	return []domains.Item{domains.FeasibilityItem(unitExclusive, unitExclusive, domains.Basic, fmt.Sprintf("No %s takes two of the %s (%s).", a.Voc.Bin, a.Voc.Kind, prose.JoinAnd(a.Exclusive)))}
}

func (exclusivity) Check(a *Assign, p *plan, f fails) {
	seen := map[int]int{}
	for i, k := range p.bin {
		if k < 0 || !a.isExclusive(i) {
			continue
		}
		if j, ok := seen[k]; ok {
			f.Add(unitExclusive, fmt.Sprintf("%s and %s share a %s", a.Items[j].Name, a.Items[i].Name, a.Voc.Bin))
			continue
		}
		seen[k] = i
	}
}

// ---- must-together / cannot-together (medium) ----

type togetherApart struct{}

func (togetherApart) Info() domains.Unit {
	return domains.Unit{ID: unitTogether, Tier: domains.Medium, Title: "must-together and cannot-together pairs"}
}
func (togetherApart) modes() mode { return modeAll }

func (togetherApart) Sample(a *Assign, r *rand.Rand) {
	scen := a.scenarios(a.plantedBk)
	crit := map[int]bool{}
	for _, i := range a.criticalIdx() {
		crit[i] = true
	}
	var tog, apart [][2]int
	n := len(a.Items)
	for i := range n {
		for j := i + 1; j < n; j++ {
			same, diff := true, true
			for _, s := range scen {
				same = same && s[i] == s[j] && s[i] >= 0
				diff = diff && s[i] != s[j]
			}
			if same && !crit[i] && !crit[j] {
				tog = append(tog, [2]int{i, j})
			}
			if diff && (a.NewApart == nil || !a.isPair(*a.NewApart, i, j)) {
				apart = append(apart, [2]int{i, j})
			}
		}
	}
	pick := func(c [][2]int) []Pair {
		var out []Pair
		for _, k := range r.Perm(len(c))[:min(len(c), 1+r.IntN(2))] {
			out = append(out, Pair{A: a.Items[c[k][0]].Name, B: a.Items[c[k][1]].Name})
		}
		slices.SortFunc(out, func(x, y Pair) int {
			return cmpPair(a, x, y)
		})
		return out
	}
	a.Together, a.Apart = pick(tog), pick(apart)
}

func cmpPair(a *Assign, x, y Pair) int {
	if d := a.itemIndex(x.A) - a.itemIndex(y.A); d != 0 {
		return d
	}
	return a.itemIndex(x.B) - a.itemIndex(y.B)
}

func (a *Assign) isPair(p Pair, i, j int) bool {
	x, y := a.itemIndex(p.A), a.itemIndex(p.B)
	return (x == i && y == j) || (x == j && y == i)
}

func (togetherApart) Model(b *builder) {
	a, m := b.a, b.m
	for _, pr := range a.pairs(a.Together) {
		i, j := pr[0], pr[1]
		name := fmt.Sprintf("%s: %s|%s", ruleTogether, a.Items[i].Name, a.Items[j].Name)
		if a.Partition {
			m.AddAtLeast([]encode.Lit{b.same(i, j).Lit()}, 1).Named(name).InGroup(ruleTogether)
			continue
		}
		// Same bin or both without one: x_ik = x_jk for every bin.
		for k := range a.Bins {
			m.AddLinear([]encode.Term{{Var: b.x[i][k], Coef: 1}, {Var: b.x[j][k], Coef: -1}}, encode.EQ, 0).Named(fmt.Sprintf("%s @%d", name, k)).InGroup(ruleTogether)
		}
	}
	for _, pr := range a.pairs(a.Apart) {
		addApart(b, pr[0], pr[1], ruleApart)
	}
}

// addApart adds "items i and j do not share a bin" to group g.
func addApart(b *builder, i, j int, g string) {
	a, m := b.a, b.m
	name := fmt.Sprintf("%s: %s|%s", g, a.Items[i].Name, a.Items[j].Name)
	if a.Partition {
		m.AddAtMost([]encode.Lit{b.same(i, j).Lit()}, 0).Named(name).InGroup(g)
		return
	}
	for k := range a.Bins {
		m.AddAtMost([]encode.Lit{b.x[i][k].Lit(), b.x[j][k].Lit()}, 1).Named(fmt.Sprintf("%s @%d", name, k)).InGroup(g)
	}
}

func pairList(ps []Pair) string {
	var out []string
	for _, p := range ps {
		out = append(out, p.A+" and "+p.B)
	}
	return strings.Join(out, "; ")
}

func (togetherApart) Rules(a *Assign) []rule {
	v := a.Voc
	var out []rule
	if len(a.Together) > 0 {
		text := fmt.Sprintf("These pairs must share a %s: %s.", v.Bin, pairList(a.Together))
		if !a.Partition && !a.Timed {
			text = fmt.Sprintf("These pairs must share a %s (or both go without one): %s.", v.Bin, pairList(a.Together))
		}
		out = append(out, rule{Name: ruleTogether, Text: text})
	}
	if len(a.Apart) > 0 {
		out = append(out, rule{Name: ruleApart, Text: fmt.Sprintf("These pairs must not share a %s: %s.", v.Bin, pairList(a.Apart))})
	}
	return out
}

func (togetherApart) Items(a *Assign) []domains.Item {
	var out []domains.Item
	if len(a.Together) > 0 {
		out = append(out, domains.FeasibilityItem(itemTogether, unitTogether, domains.Medium, fmt.Sprintf("Each must-together pair shares a %s (%s).", a.Voc.Bin, pairList(a.Together))))
	}
	if len(a.Apart) > 0 {
		out = append(out, domains.FeasibilityItem(itemApart, unitTogether, domains.Medium, fmt.Sprintf("No cannot-together pair shares a %s (%s).", a.Voc.Bin, pairList(a.Apart))))
	}
	return out
}

func (togetherApart) Check(a *Assign, p *plan, f fails) {
	for _, pr := range a.pairs(a.Together) {
		if p.bin[pr[0]] != p.bin[pr[1]] {
			f.Add(itemTogether, fmt.Sprintf("%s and %s are not together", a.Items[pr[0]].Name, a.Items[pr[1]].Name))
		}
	}
	for _, pr := range a.pairs(a.Apart) {
		if p.bin[pr[0]] >= 0 && p.bin[pr[0]] == p.bin[pr[1]] {
			f.Add(itemApart, fmt.Sprintf("%s and %s share a %s", a.Items[pr[0]].Name, a.Items[pr[1]].Name, a.Voc.Bin))
		}
	}
}

// ---- diversity quotas (medium) ----

type quotas struct{}

func (quotas) Info() domains.Unit {
	return domains.Unit{ID: unitQuotas, Tier: domains.Medium, Title: "diversity quotas per bin"}
}
func (quotas) modes() mode { return modeAll }

// attrs returns the attribute values in order of first appearance.
func (a *Assign) attrs() []string {
	var out []string
	for _, it := range a.Items {
		if !slices.Contains(out, it.Attr) {
			out = append(out, it.Attr)
		}
	}
	return out
}

func (quotas) Sample(a *Assign, r *rand.Rand) {
	scen := a.scenarios(a.plantedBk)
	a.Quotas = nil
	for _, at := range a.attrs() {
		lo, hi := len(a.Items), 0
		for _, s := range scen {
			for k := range a.Bins {
				if k == a.binIndex(a.Closed) {
					continue
				}
				c := 0
				for i, b := range s {
					if b == k && a.Items[i].Attr == at {
						c++
					}
				}
				lo, hi = min(lo, c), max(hi, c)
			}
		}
		total := 0
		for _, it := range a.Items {
			if it.Attr == at {
				total++
			}
		}
		q := Quota{Attr: at, Min: lo, Max: hi}
		if hi >= total {
			q.Max = -1
		}
		if q.Min > 0 || q.Max >= 0 {
			a.Quotas = append(a.Quotas, q)
		}
	}
	if len(a.Quotas) > 2 {
		k := r.Perm(len(a.Quotas))[:2]
		slices.Sort(k)
		a.Quotas = []Quota{a.Quotas[k[0]], a.Quotas[k[1]]}
	}
	if len(a.Quotas) == 0 { // every attribute spread without bounds: cap the first
		at := a.attrs()[0]
		a.Quotas = []Quota{{Attr: at, Min: 0, Max: a.countAttr(at)}}
	}
}

func (a *Assign) countAttr(at string) int {
	c := 0
	for _, it := range a.Items {
		if it.Attr == at {
			c++
		}
	}
	return c
}

// quotaBins are the bins a quota applies to: every bin but a closed one.
func (a *Assign) quotaBins() []int {
	var out []int
	for k := range a.Bins {
		if a.Bins[k].Name != a.Closed {
			out = append(out, k)
		}
	}
	return out
}

func (quotas) Model(b *builder) {
	a, m := b.a, b.m
	for _, q := range a.Quotas {
		g := ruleQuota(q.Attr)
		for _, k := range a.quotaBins() {
			ls := b.binLits(k, func(i int) bool { return a.Items[i].Attr == q.Attr })
			if q.Min > 0 {
				m.AddAtLeast(ls, q.Min).Named(fmt.Sprintf("%s: %s min", g, a.Bins[k].Name)).InGroup(g)
			}
			if q.Max >= 0 {
				m.AddAtMost(ls, q.Max).Named(fmt.Sprintf("%s: %s max", g, a.Bins[k].Name)).InGroup(g)
			}
		}
	}
}

// quotaText states one quota.
func (a *Assign) quotaText(q Quota) string {
	v := a.Voc
	every := "every " + v.Bin
	if a.Closed != "" {
		every = "every open " + v.Bin
	}
	switch {
	case q.Min > 0 && q.Max == q.Min:
		return fmt.Sprintf("%s has exactly %s whose %s is %s", every, a.count(q.Min), v.Attr, q.Attr)
	case q.Min > 0 && q.Max >= 0:
		return fmt.Sprintf("%s has at least %d and at most %s whose %s is %s", every, q.Min, a.count(q.Max), v.Attr, q.Attr)
	case q.Min > 0:
		return fmt.Sprintf("%s has at least %s whose %s is %s", every, a.count(q.Min), v.Attr, q.Attr)
	}
	return fmt.Sprintf("%s has at most %s whose %s is %s", every, a.count(q.Max), v.Attr, q.Attr)
}

// count writes n items: "1 class", "3 classes".
func (a *Assign) count(n int) string {
	if n == 1 {
		return "1 " + a.Voc.Item
	}
	return fmt.Sprintf("%d %s", n, a.Voc.Items)
}

func (quotas) Rules(a *Assign) []rule {
	var out []rule
	for _, q := range a.Quotas {
		t := a.quotaText(q)
		out = append(out, rule{Name: ruleQuota(q.Attr), Text: prose.Capital(t) + "."})
	}
	return out
}

func (quotas) Items(a *Assign) []domains.Item {
	var ts []string
	for _, q := range a.Quotas {
		ts = append(ts, a.quotaText(q))
	}
	return []domains.Item{domains.FeasibilityItem(unitQuotas, unitQuotas, domains.Medium, "Every quota holds: "+strings.Join(ts, "; ")+".")}
}

func (quotas) Check(a *Assign, p *plan, f fails) {
	// Partition: count per answer group; a group the answer does not have
	// (fewer groups than asked) counts 0, which the sizes item reports
	// anyway.
	for _, q := range a.Quotas {
		for _, k := range a.quotaBins() {
			c := 0
			for i, b := range p.bin {
				if b == k && a.Items[i].Attr == q.Attr {
					c++
				}
			}
			if c < q.Min || (q.Max >= 0 && c > q.Max) {
				f.Add(unitQuotas, fmt.Sprintf("%s has %d %s whose %s is %s", a.binLabel(p, k), c, a.Voc.Items, a.Voc.Attr, q.Attr))
			}
		}
	}
}

// binLabel names bin k of a plan: its name, or for a partition the group
// by its members.
func (a *Assign) binLabel(p *plan, k int) string {
	if !a.Partition {
		return a.Bins[k].Name
	}
	var m []int
	for i, b := range p.bin {
		if b == k {
			m = append(m, i)
		}
	}
	if len(m) == 0 {
		return "an empty " + a.Voc.Bin
	}
	return "the " + a.Voc.Bin + " of " + a.names(m)
}

// ---- balance (medium) ----

type balance struct{}

func (balance) Info() domains.Unit {
	return domains.Unit{ID: unitBalance, Tier: domains.Medium, Title: "balance of sums across bins (least max − min)"}
}
func (balance) modes() mode                  { return modeAll }
func (balance) Sample(*Assign, *rand.Rand)   {}
func (balance) Model(*builder)               {}
func (balance) Rules(*Assign) []rule         { return nil }
func (balance) Items(*Assign) []domains.Item { return nil }
func (balance) Check(*Assign, *plan, fails)  {}
func (balance) level(b *builder) []encode.Term {
	a, m := b.a, b.m
	loads := b.loads()
	total := 0
	for _, it := range a.Items {
		total += it.Size
	}
	hi := m.NewInt("load.max", 0, int64(total))
	lo := m.NewInt("load.min", 0, int64(total))
	for _, k := range a.quotaBins() {
		m.AddLinear([]encode.Term{{Var: loads[k], Coef: 1}, {Var: hi, Coef: -1}}, encode.LE, 0).Named(fmt.Sprintf("%s: max %d", groupLoads, k)).InGroup(groupLoads)
		m.AddLinear([]encode.Term{{Var: loads[k], Coef: 1}, {Var: lo, Coef: -1}}, encode.GE, 0).Named(fmt.Sprintf("%s: min %d", groupLoads, k)).InGroup(groupLoads)
	}
	return []encode.Term{{Var: hi, Coef: 1}, {Var: lo, Coef: -1}}
}
func (balance) value(a *Assign, p *plan) int64 {
	hi, lo := 0, -1
	for _, k := range a.quotaBins() {
		l := a.load(p, k)
		hi = max(hi, l)
		if lo < 0 || l < lo {
			lo = l
		}
	}
	return int64(hi - max(lo, 0))
}
func (balance) text(a *Assign) string {
	v := a.Voc
	which := "the " + v.Bins
	if a.Closed != "" {
		which = "the open " + v.Bins
	}
	if a.Partition {
		return fmt.Sprintf("balance the %s: minimise the gap between the largest and the smallest total %s of a %s", v.Size, v.Size, v.Bin)
	}
	return fmt.Sprintf("balance the %s: minimise the gap between the largest and the smallest total %s of a %s, over %s (a %s with nothing counts 0)", v.Size, v.Size, v.Bin, which, v.Bin)
}

// load returns the total size in bin k of plan p.
func (a *Assign) load(p *plan, k int) int {
	l := 0
	for i, b := range p.bin {
		if b == k {
			l += a.Items[i].Size
		}
	}
	return l
}

// ---- priority-weighted cost (medium) ----

type priority struct{}

func (priority) Info() domains.Unit {
	return domains.Unit{ID: unitPriority, Tier: domains.Medium, Title: "priority-weighted cost"}
}
func (priority) modes() mode                  { return modeAll }
func (priority) Sample(*Assign, *rand.Rand)   {}
func (priority) Model(*builder)               {}
func (priority) Rules(*Assign) []rule         { return nil }
func (priority) Items(*Assign) []domains.Item { return nil }
func (priority) Check(*Assign, *plan, fails)  {}

// ---- self-check (medium): the answer states its goal value ----

type selfCheck struct{}

func (selfCheck) Info() domains.Unit {
	return domains.Unit{ID: unitSelfCheck, Tier: domains.Medium, Title: "conflict validation: stated goal value"}
}
func (selfCheck) modes() mode                { return modeAll }
func (selfCheck) Sample(*Assign, *rand.Rand) {}
func (selfCheck) Model(*builder)             {}
func (selfCheck) Rules(*Assign) []rule       { return nil }
func (selfCheck) Items(a *Assign) []domains.Item {
	return []domains.Item{{ID: itemStated, Tier: domains.Medium, Constraint: unitSelfCheck, Kind: domains.KindStated,
		Text: `The "objective" stated in the answer equals the plan's true goal value.`}}
}
func (selfCheck) Check(*Assign, *plan, fails) {}

// ---- infeasibility detection (hard) ----

type infeasibility struct{}

func (infeasibility) Info() domains.Unit {
	return domains.Unit{ID: unitInfeasible, Tier: domains.Hard, Title: "infeasible quota detection", Requires: []string{unitQuotas}}
}
func (infeasibility) modes() mode { return modeAll }

// Sample makes the instance infeasible on purpose half of the time: a
// quota asks every bin for more items of an attribute than there are
// (Min × bins > count), or — where every item must be placed — allows too
// few (Max × bins < count).
func (infeasibility) Sample(a *Assign, r *rand.Rand) {
	if r.IntN(2) == 0 || len(a.Quotas) == 0 {
		return
	}
	q := &a.Quotas[r.IntN(len(a.Quotas))]
	nb, total := len(a.quotaBins()), a.countAttr(q.Attr)
	placed := a.Partition || a.Timed || a.has(unitAllAssigned)
	if placed && r.IntN(2) == 0 && total > nb-1 && a.Closed == "" {
		q.Min, q.Max = 0, (total-1)/nb
		return
	}
	q.Min = total/nb + 1
	if q.Max >= 0 && q.Max < q.Min {
		q.Max = -1
	}
}
func (infeasibility) Model(*builder)               {}
func (infeasibility) Rules(*Assign) []rule         { return nil }
func (infeasibility) Items(*Assign) []domains.Item { return nil }
func (infeasibility) Check(*Assign, *plan, fails)  {}
