package assign

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/encode"
)

// The oracle side of the brute-force and mutation tests: a plan is turned
// into the assignment of the model that it determines (every auxiliary
// variable set to its defined value), and each model group is judged at
// it. A group's item must pass exactly when every group mapped to it
// holds; the definitional groups must always hold (else the assignment —
// or the model's definitions — are wrong).

// itemOf maps a model constraint to the checklist item of its rule; ""
// for the definitional constraints, which every plan keeps. The always-on
// constraints share one group; their names say which rule they are.
func itemOf(c *encode.Constraint) string {
	g := c.Group
	if g == groupCore {
		g = c.Name
	}
	if _, orig, ok := strings.Cut(c.Name, coreCopy); ok {
		g = orig // a named group's copy of an always-on constraint
	}
	switch {
	case g == ruleCompat:
		return unitCompat
	case g == ruleCapacity:
		return unitCapacity
	case g == ruleAll:
		return unitAllAssigned
	case g == ruleExclusive:
		return unitExclusive
	case g == ruleTogether:
		return itemTogether
	case g == ruleApart:
		return itemApart
	case strings.HasPrefix(g, "quota: "):
		return unitQuotas
	case g == ruleChange:
		return itemChange
	case g == ruleBackups:
		return unitBackups
	case strings.HasPrefix(g, groupSizes+": "):
		return itemSizes
	case strings.HasPrefix(g, "core: one at a time: "):
		return itemOneAtATime
	case g == unitDeadlines:
		return unitDeadlines
	case g == unitDeps:
		return unitDeps
	}
	return ""
}

// canonical relabels the groups of a partition plan so that the groups of
// one size are in the order of their first items, the one labelling the
// model's symmetry breaking allows.
func canonical(a *Assign, p *plan) *plan {
	if !a.Partition {
		return p
	}
	q := &plan{bin: slices.Clone(p.bin), start: p.start, backup: p.backup, stated: p.stated}
	// Per size, the bins of that size in order, and the groups of p of
	// that size in order of their first items.
	first := map[int]int{}
	for i := len(p.bin) - 1; i >= 0; i-- {
		if p.bin[i] >= 0 {
			first[p.bin[i]] = i
		}
	}
	bySize := map[int][]int{}
	for k, b := range a.Bins {
		bySize[b.Size] = append(bySize[b.Size], k)
	}
	to := map[int]int{}
	for size, ks := range bySize {
		groups := slices.Clone(ks)
		slices.SortFunc(groups, func(x, y int) int { return first[x] - first[y] })
		for x, g := range groups {
			to[g] = ks[x]
		}
		_ = size
	}
	for i, k := range p.bin {
		if k >= 0 {
			q.bin[i] = to[k]
		}
	}
	return q
}

// assignmentOf returns the model assignment that plan p determines.
func assignmentOf(t *testing.T, a *Assign, m *encode.Model, p *plan) encode.Assignment {
	t.Helper()
	p = canonical(a, p)
	asg := make(encode.Assignment, len(m.Vars))
	set := func(name string, v int64) {
		x, ok := m.Lookup(name)
		if !ok {
			t.Fatalf("the model has no variable %s", name)
		}
		asg[x] = v
	}
	maybe := func(name string, v int64) {
		if x, ok := m.Lookup(name); ok {
			asg[x] = v
		}
	}
	b2i := func(b bool) int64 {
		if b {
			return 1
		}
		return 0
	}
	for i, it := range a.Items {
		for k, bin := range a.Bins {
			set(fmt.Sprintf("x[%s|%s]", it.Name, bin.Name), b2i(p.bin[i] == k))
		}
		if !a.Partition {
			set(fmt.Sprintf("u[%s]", it.Name), b2i(p.bin[i] < 0))
		}
		if a.has(unitReplan) && !a.Partition {
			set("moved["+it.Name+"]", b2i(p.bin[i] != a.Current[i] || a.Timed && p.start[i] != a.CurrentStart[i]))
		}
		if a.Timed {
			set("start["+it.Name+"]", int64(p.start[i]))
			set("end["+it.Name+"]", int64(p.start[i]+it.Size))
			for _, t2 := range a.starts(i) {
				set(fmt.Sprintf("z[%s|%s]", it.Name, a.clock(t2)), b2i(p.start[i] == t2))
				for k, bin := range a.Bins {
					set(fmt.Sprintf("y[%s|%s|%s]", it.Name, bin.Name, a.clock(t2)), b2i(p.start[i] == t2 && p.bin[i] == k))
				}
			}
		}
	}
	if a.Partition {
		for i := range a.Items {
			for j := i + 1; j < len(a.Items); j++ {
				same := p.bin[i] >= 0 && p.bin[i] == p.bin[j]
				set(fmt.Sprintf("s[%s|%s]", a.Items[i].Name, a.Items[j].Name), b2i(same))
				maybe(fmt.Sprintf("changed[%s|%s]", a.Items[i].Name, a.Items[j].Name), b2i(same != (a.Current != nil && a.Current[i] == a.Current[j])))
			}
		}
		for _, r := range a.Requests {
			i, j := a.itemIndex(r.A), a.itemIndex(r.B)
			set(fmt.Sprintf("apart[%s|%s]", r.A, r.B), b2i(!(p.bin[i] >= 0 && p.bin[i] == p.bin[j])))
		}
		for k, bin := range a.Bins {
			for t2, sn := range a.Sessions {
				all := true
				for i, b := range p.bin {
					if b == k {
						all = all && a.free(i, t2)
					}
				}
				maybe(fmt.Sprintf("meet[%s|%s]", bin.Name, sn), b2i(all))
			}
		}
	}
	hi, lo := 0, -1
	for k, bin := range a.Bins {
		l := a.load(p, k)
		maybe("load["+bin.Name+"]", int64(l))
		if slices.Contains(a.quotaBins(), k) {
			hi = max(hi, l)
			if lo < 0 || l < lo {
				lo = l
			}
		}
	}
	maybe("load.max", int64(hi))
	maybe("load.min", int64(max(lo, 0)))
	for c, i := range a.criticalIdx() {
		if a.Partition {
			it := a.Items[i]
			for j, jt := range a.Items {
				if j == i {
					continue
				}
				set(fmt.Sprintf("swap[%s|%s]", it.Name, jt.Name), b2i(p.backup[c] == j))
				for side, xy := range [2][2]int{{i, j}, {j, i}} {
					x, y := xy[0], xy[1]
					for t2, sn := range a.Sessions {
						ok := a.free(x, t2)
						for l := range a.Items {
							if l != x && l != y && p.bin[l] == p.bin[y] {
								ok = ok && a.free(l, t2)
							}
						}
						maybe(fmt.Sprintf("swapmeet[%s|%s|%d|%s]", it.Name, jt.Name, side, sn), b2i(ok))
					}
				}
			}
			continue
		}
		for k, bin := range a.Bins {
			set(fmt.Sprintf("backup[%s|%s]", a.Items[i].Name, bin.Name), b2i(p.backup[c] == k))
		}
	}
	return asg
}

// judge compares the checklist results of an answer with the model's
// groups at the assignment of the plan: every feasibility or coverage
// item passes exactly when its groups hold; definitional groups hold; and
// when every rule holds, the model's objective values are the checker's.
// It returns the items the model says fail.
func judge(t *testing.T, what string, a *Assign, m *encode.Model, p *plan, res []domains.Result, obj []int64) map[string]bool {
	t.Helper()
	asg := assignmentOf(t, a, m, p)
	broken := map[string]bool{}
	for _, c := range m.Constraints {
		if why := m.Why(c, asg); why != "" {
			it := itemOf(c)
			if it == "" {
				t.Fatalf("%s: definitional group %q fails at the plan's assignment (%s): %s", what, c.Group, c.Name, why)
			}
			broken[it] = true
		}
	}
	kinds := map[string]domains.ItemKind{}
	for _, it := range a.Checklist(domains.Reference{Feasible: true}) {
		kinds[it.ID] = it.Kind
	}
	for _, r := range res {
		k := kinds[r.ID]
		if k != domains.KindFeasibility && k != domains.KindCoverage || r.ID == itemCoverage {
			continue
		}
		if r.Pass == broken[r.ID] {
			t.Fatalf("%s: item %q passes %v, the model says the rule holds %v (%s)", what, r.ID, r.Pass, !broken[r.ID], r.Detail)
		}
	}
	if len(broken) == 0 && obj != nil {
		if got := m.ObjectiveValues(asg); !slices.Equal(got, obj) {
			t.Fatalf("%s: the checker's objective %v, the model's %v", what, obj, got)
		}
	}
	return broken
}
