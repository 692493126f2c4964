package assign

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/plancert/plancert/encode"
)

// The backups unit on a partition (Student Grouping). Groups have fixed
// sizes and no names, so "a second group" for a student is no plan: the
// backup of a critical item is a swap partner, an item of another group
// such that the partition with the two exchanged keeps every rule. It is
// a function of the partition (who is with whom), not of group numbers.
// Only the two groups the swap changes, and the pair rules of the two
// items, can break; the model and the checker test exactly those.

// swapKey names the partner in an answer's backup entry.
const swapKey = "swap with"

// sampleSwap picks one or two critical items and, hidden, a partner of
// another group for each; later units keep every swapped partition
// feasible (scenarios).
func sampleSwap(a *Assign, r *rand.Rand) {
	n := 1 + r.IntN(2)
	idx := r.Perm(len(a.Items))[:min(n, len(a.Items))]
	slices.Sort(idx)
	a.Critical, a.plantedBk = nil, nil
	for _, i := range idx {
		var cand []int
		for j := range a.Items {
			if a.planted[j] != a.planted[i] {
				cand = append(cand, j)
			}
		}
		a.Critical = append(a.Critical, a.Items[i].Name)
		a.plantedBk = append(a.plantedBk, cand[r.IntN(len(cand))])
	}
}

// modelSwap adds the partner variables w[c][j] (critical item c swaps with
// item j) and what "the partition with c and j exchanged keeps every
// rule" asks: j is in another group; the new group of c (j's, without j)
// and the new group of j (c's, without c) each keep the exclusivity,
// quota and common-session rules; and every together or apart pair of c
// or of j holds after the swap.
func modelSwap(b *builder) {
	a, m := b.a, b.m
	g := ruleBackups
	n := len(a.Items)
	a.bk = nil
	for _, i := range a.criticalIdx() {
		it := a.Items[i]
		vs := make([]encode.Var, n)
		var ws []encode.Lit
		for j := range n {
			if j != i {
				vs[j] = m.NewBool(fmt.Sprintf("swap[%s|%s]", it.Name, a.Items[j].Name))
				ws = append(ws, vs[j].Lit())
			}
		}
		a.bk = append(a.bk, vs)
		m.AddExactly(ws, 1).Named(fmt.Sprintf("%s: %s one", g, it.Name)).InGroup(g)
		for j := range n {
			if j == i {
				continue
			}
			w := vs[j].Lit()
			name := func(s string) string { return fmt.Sprintf("%s: %s|%s %s", g, it.Name, a.Items[j].Name, s) }
			m.AddAtMost([]encode.Lit{w, b.same(i, j).Lit()}, 1).Named(name("apart")).InGroup(g)
			// The new groups: x joins the group of y, which loses y.
			for side, xy := range [2][2]int{{i, j}, {j, i}} {
				x, y := xy[0], xy[1]
				// members(f): s[y][l] over the items l ∉ {x, y} with f(l).
				members := func(f func(l int) bool) []encode.Lit {
					var ls []encode.Lit
					for l := range n {
						if l != x && l != y && f(l) {
							ls = append(ls, b.same(y, l).Lit())
						}
					}
					return ls
				}
				bound := func(ls []encode.Lit, lo, hi int, what string) {
					if lo > 0 {
						m.AddAtLeast(ls, lo).OnlyIf(w).Named(name(fmt.Sprintf("%d %s min", side, what))).InGroup(g)
					}
					if hi < 0 {
						m.AddAtMost([]encode.Lit{w}, 0).Named(name(fmt.Sprintf("%d %s max", side, what))).InGroup(g)
					} else if hi < len(ls) {
						m.AddAtMost(ls, hi).OnlyIf(w).Named(name(fmt.Sprintf("%d %s max", side, what))).InGroup(g)
					}
				}
				one := func(c bool) int {
					if c {
						return 1
					}
					return 0
				}
				if a.has(unitExclusive) {
					bound(members(a.isExclusive), 0, 1-one(a.isExclusive(x)), "exclusive")
				}
				if a.has(unitQuotas) {
					for _, q := range a.Quotas {
						in := one(a.Items[x].Attr == q.Attr)
						hi := len(a.Items)
						if q.Max >= 0 {
							hi = q.Max - in
						}
						bound(members(func(l int) bool { return a.Items[l].Attr == q.Attr }), q.Min-in, hi, "quota "+q.Attr)
					}
				}
				if a.has(unitCompat) {
					var meets []encode.Lit
					for t, sn := range a.Sessions {
						c := m.NewBool(fmt.Sprintf("swapmeet[%s|%s|%d|%s]", it.Name, a.Items[j].Name, side, sn))
						meets = append(meets, c.Lit())
						if !a.free(x, t) {
							m.AddAtMost([]encode.Lit{c.Lit()}, 0).Named(name(fmt.Sprintf("%d meet %s", side, sn))).InGroup(g)
						}
						for l := range n {
							if l != x && l != y && !a.free(l, t) {
								m.AddAtMost([]encode.Lit{c.Lit(), b.same(y, l).Lit()}, 1).Named(name(fmt.Sprintf("%d meet %s %s", side, sn, a.Items[l].Name))).InGroup(g)
							}
						}
					}
					m.AddAtLeast(meets, 1).OnlyIf(w).Named(name(fmt.Sprintf("%d meets", side))).InGroup(g)
				}
				if a.has(unitTogether) {
					// After the swap x is with l exactly when l was with y.
					for _, pr := range a.pairs(a.Together) {
						if l := other(pr, x); l >= 0 {
							if l == y {
								m.AddAtMost([]encode.Lit{w}, 0).Named(name(fmt.Sprintf("%d together %s", side, a.Items[l].Name))).InGroup(g)
							} else {
								m.AddAtLeast([]encode.Lit{b.same(y, l).Lit()}, 1).OnlyIf(w).Named(name(fmt.Sprintf("%d together %s", side, a.Items[l].Name))).InGroup(g)
							}
						}
					}
					for _, pr := range a.pairs(a.Apart) {
						if l := other(pr, x); l >= 0 && l != y {
							m.AddAtMost([]encode.Lit{b.same(y, l).Lit()}, 0).OnlyIf(w).Named(name(fmt.Sprintf("%d apart %s", side, a.Items[l].Name))).InGroup(g)
						}
					}
				}
			}
		}
	}
}

// swapWhy says why swapping critical item i with item j in partition p
// would break a rule ("" when it would not): the conditions of modelSwap.
func (a *Assign) swapWhy(p *plan, i, j int) string {
	v := a.Voc
	if j < 0 || j == i || p.bin[i] == p.bin[j] {
		return fmt.Sprintf("%s is not in another %s", a.Items[max(j, 0)].Name, v.Bin)
	}
	for _, xy := range [2][2]int{{i, j}, {j, i}} {
		x, y := xy[0], xy[1]
		// The new group of x: y's group without y, with x.
		grp := []int{x}
		for l, k := range p.bin {
			if l != x && l != y && k == p.bin[y] {
				grp = append(grp, l)
			}
		}
		label := fmt.Sprintf("the new %s of %s", v.Bin, a.Items[x].Name)
		if a.has(unitExclusive) {
			c := 0
			for _, l := range grp {
				if a.isExclusive(l) {
					c++
				}
			}
			if c > 1 {
				return fmt.Sprintf("%s would have two of the %s", label, v.Kind)
			}
		}
		if a.has(unitQuotas) {
			for _, q := range a.Quotas {
				c := 0
				for _, l := range grp {
					if a.Items[l].Attr == q.Attr {
						c++
					}
				}
				if c < q.Min || q.Max >= 0 && c > q.Max {
					return fmt.Sprintf("%s would have %s whose %s is %s", label, a.count(c), v.Attr, q.Attr)
				}
			}
		}
		if a.has(unitCompat) {
			if !a.commonFree(grp) {
				return fmt.Sprintf("%s would have no %s at which all are free", label, v.Session)
			}
		}
		if a.has(unitTogether) {
			for _, pr := range a.pairs(a.Together) {
				if l := other(pr, x); l >= 0 && (l == y || p.bin[l] != p.bin[y]) {
					return fmt.Sprintf("%s would no longer be with %s", a.Items[x].Name, a.Items[l].Name)
				}
			}
			for _, pr := range a.pairs(a.Apart) {
				if l := other(pr, x); l >= 0 && l != y && p.bin[l] == p.bin[y] {
					return fmt.Sprintf("%s would be with %s", a.Items[x].Name, a.Items[l].Name)
				}
			}
		}
	}
	return ""
}
