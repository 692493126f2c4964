package assign

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/encode"
)

// Assign is an instance of the assign core: items to bins. In labelled
// mode (Partition false) the bins are distinct (rooms, teachers, kits) and
// a plan gives each item one bin or, when the "all-assigned" unit is not
// sampled, possibly none. In partition mode the bins are interchangeable
// groups of fixed sizes and a plan is a partition of the items: two plans
// are the same plan when they put the same items together, whatever the
// group numbers.
type Assign struct {
	Sp        domains.Spec `json:"spec"`
	Voc       Vocab        `json:"vocabulary"`
	Partition bool         `json:"partition"`
	// Timed adds a start time per item on a one-day grid of Slots slots
	// of SlotMin minutes from DayStart (minutes after midnight): an
	// item's Size is then its length in slots, and a bin (a worker) does
	// one item at a time.
	Timed    bool   `json:"timed,omitempty"`
	DayStart int    `json:"day_start_minutes,omitempty"`
	SlotMin  int    `json:"slot_minutes,omitempty"`
	Slots    int    `json:"slots,omitempty"`
	Items    []Item `json:"items"`
	Bins     []Bin  `json:"bins"`
	// Cost[i][b] is the cost of item i in bin b (labelled mode); the goal
	// is the sum of weight × cost over assigned items.
	Cost [][]int `json:"cost,omitempty"`
	// Requests are pairs of items that would like to share a group
	// (partition mode); the goal is the weight of the requests not met.
	Requests []Pair `json:"requests,omitempty"`
	// Sessions are the times at which a group may meet (compatibility
	// unit, partition mode): each group needs one at which all its
	// members are free.
	Sessions []string `json:"sessions,omitempty"`
	// Exclusive lists the items of the exclusive kind: a bin takes at
	// most one of them (exclusivity unit).
	Exclusive []string `json:"exclusive,omitempty"`
	// Together and Apart are the must-together and cannot-together pairs
	// (together-apart unit).
	Together []Pair `json:"together,omitempty"`
	Apart    []Pair `json:"apart,omitempty"`
	// Quotas bound, per bin, the number of items with an attribute
	// (quotas unit).
	Quotas []Quota `json:"quotas,omitempty"`
	// Current is the plan before the change (replanning unit): the bin of
	// each item (labelled) or its group number (partition), by item
	// order. Closed is the bin that closed (labelled); NewApart the pair
	// that may no longer share a group (partition).
	Current []int `json:"current,omitempty"`
	// CurrentStart is the start slot of each item in the current plan
	// (timed mode).
	CurrentStart []int `json:"current_start,omitempty"`
	// Deps are the dependencies (timed mode): A must end before B starts.
	Deps     []Pair `json:"dependencies,omitempty"`
	Closed   string `json:"closed,omitempty"`
	NewApart *Pair  `json:"new_apart,omitempty"`
	// Critical lists the items that need a backup bin (backups unit).
	Critical []string `json:"critical,omitempty"`
	// TieBreaks is the number of stated tie-break levels (0 or 1).
	TieBreaks int `json:"tie_breaks"`

	// x, s and bk are the variables of the last model built, for decoding.
	x  [][]encode.Var
	s  [][]encode.Var
	bk [][]encode.Var
	z  [][]encode.Var // z[i][t]: item i starts at slot t (timed)
	// planted is a hidden feasible plan drawn before the units sample
	// their data (bin per item); not part of the instance.
	planted []int
	// plantedBk are the hidden backup bins of the critical items;
	// plantedStart the hidden start slots (timed).
	plantedBk    []int
	plantedStart []int
	// kindOK reports whether an item name may be of the kind (the
	// subtask's KindNames; nil: any may), for the exclusivity unit's
	// draw.
	kindOK func(name string) bool
}

// Vocab is a task's skin: the words of the prompt and of the answer.
type Vocab struct {
	Item  string `json:"item"`  // "class"
	Items string `json:"items"` // "classes"
	Bin   string `json:"bin"`   // "room"
	Bins  string `json:"bins"`  // "rooms"
	// Size is what an item's size counts ("weekly hours", "skill points").
	Size string `json:"size"`
	// Attr names the attribute of the quotas ("year group").
	Attr string `json:"attr"`
	// Kind names the exclusive kind, plural ("lab classes", "captains").
	Kind string `json:"kind"`
	// Cost names the cost of an item in a bin ("walking minutes").
	Cost string `json:"cost,omitempty"`
	// Session names a meeting time of a group ("free period").
	Session string `json:"session,omitempty"`
	// Priority names the weight of an item under the priority-weighted
	// unit ("picks per day"); empty means "priority".
	Priority string `json:"priority,omitempty"`
	Intro    string `json:"intro"`
}

// Item is one thing to assign: its size (load, hours, skill), attribute,
// priority (the weight of the priority-weighted unit), the bins it may go
// to (compatibility, labelled) or the sessions it is free for
// (compatibility, partition).
type Item struct {
	Name     string   `json:"name"`
	Size     int      `json:"size"`
	Attr     string   `json:"attr"`
	Priority int      `json:"priority"`
	Allowed  []string `json:"allowed,omitempty"`
	Free     []string `json:"free,omitempty"`
	// Deadline is the slot boundary by which the item must end (timed
	// mode, deadlines unit); 0 means none.
	Deadline int `json:"deadline,omitempty"`
}

// Bin is a place for items: its count and size capacity (capacity unit,
// labelled) or its exact size (partition).
type Bin struct {
	Name    string `json:"name"`
	Cap     int    `json:"cap,omitempty"`
	SizeCap int    `json:"size_cap,omitempty"`
	Size    int    `json:"size,omitempty"`
	// Rate is the cost per slot of a worker (timed mode): distinct rates
	// make workers distinct, so a worker's name is a real choice.
	Rate int `json:"rate,omitempty"`
}

// Pair is two items by name, with a weight where it matters.
type Pair struct {
	A      string `json:"a"`
	B      string `json:"b"`
	Weight int    `json:"weight,omitempty"`
}

// Quota says every bin holds at least Min and at most Max items whose
// attribute is Attr (Min 0: no lower bound; Max < 0: no upper bound).
type Quota struct {
	Attr string `json:"attr"`
	Min  int    `json:"min"`
	Max  int    `json:"max"`
}

// Spec implements domains.Instance.
func (a *Assign) Spec() domains.Spec { return a.Sp }

func (a *Assign) has(id string) bool { return a.Sp.Has(id) }

func (a *Assign) itemIndex(name string) int {
	return slices.IndexFunc(a.Items, func(it Item) bool { return it.Name == name })
}

func (a *Assign) binIndex(name string) int {
	return slices.IndexFunc(a.Bins, func(bn Bin) bool { return bn.Name == name })
}

// prio is the word for an item's weight under the priority-weighted unit.
func (v Vocab) prio() string {
	if v.Priority == "" {
		return "priority"
	}
	return v.Priority
}

// weight is the goal weight of item i: its priority with the
// priority-weighted unit, else 1.
func (a *Assign) weight(i int) int64 {
	if a.has(unitPriority) {
		return int64(a.Items[i].Priority)
	}
	return 1
}

// reqWeight is the goal weight of request r (partition).
func (a *Assign) reqWeight(r Pair) int64 {
	if a.has(unitPriority) {
		return int64(r.Weight)
	}
	return 1
}

// allowed reports whether item i may go to bin b (compatibility unit,
// labelled mode; always true otherwise).
func (a *Assign) allowed(i, b int) bool {
	if !a.has(unitCompat) || a.Partition {
		return true
	}
	for _, n := range a.Items[i].Allowed {
		if n == a.Bins[b].Name {
			return true
		}
	}
	return false
}

// free reports whether item i is free for session t (compatibility unit,
// partition mode).
func (a *Assign) free(i, t int) bool { return slices.Contains(a.Items[i].Free, a.Sessions[t]) }

// commonFree reports whether some session has every item of g free (the
// compatibility unit's rule for a group).
func (a *Assign) commonFree(g []int) bool {
	for t := range a.Sessions {
		if !slices.ContainsFunc(g, func(i int) bool { return !a.free(i, t) }) {
			return true
		}
	}
	return false
}

func (a *Assign) isExclusive(i int) bool {
	return slices.Contains(a.Exclusive, a.Items[i].Name)
}

func (a *Assign) criticalIdx() []int {
	if !a.has(unitBackups) {
		return nil
	}
	var out []int
	for _, n := range a.Critical {
		out = append(out, a.itemIndex(n))
	}
	return out
}

// pairs returns the index pairs of ps.
func (a *Assign) pairs(ps []Pair) [][2]int {
	out := make([][2]int, len(ps))
	for k, p := range ps {
		out[k] = [2]int{a.itemIndex(p.A), a.itemIndex(p.B)}
	}
	return out
}

// Group names of the always-on rules and of the units' rules. A unit's
// group name is the rule name the prompt uses.
func groupOnce(item string) string { return "core: " + item + " is placed at most once" }

const (
	groupCore     = "core: the numbered rules"
	groupSizes    = "core: group sizes"
	groupSymmetry = "core: symmetry breaking"
	groupRelation = "core: same-group relation"
	groupLoads    = "core: loads"
	groupMoves    = "core: moves"
)

// ---- the model ----

// builder holds a model under construction.
type builder struct {
	a    *Assign
	m    *encode.Model
	x    [][]encode.Var // x[i][b]: item i in bin b
	u    []encode.Var   // u[i]: item i unassigned (labelled)
	s    [][]encode.Var // s[i][j], i < j: i and j share a group (partition)
	load []encode.Var
	// Timed mode: y[i][k][t] item i by bin k from slot t; z[i][t] item i
	// from slot t; start and end of each item.
	y          [][][]encode.Var
	z          [][]encode.Var
	start, end []encode.Var
}

func lits(vs ...encode.Var) []encode.Lit {
	out := make([]encode.Lit, len(vs))
	for k, v := range vs {
		out[k] = v.Lit()
	}
	return out
}

// binLits returns x[i][b] over the items i selected by f.
func (b *builder) binLits(bin int, f func(i int) bool) []encode.Lit {
	var out []encode.Lit
	for i := range b.a.Items {
		if f(i) {
			out = append(out, b.x[i][bin].Lit())
		}
	}
	return out
}

// same returns the literal "items i and j share a bin": s[min][max] in
// partition mode; in labelled mode it is not needed (rules are per bin).
func (b *builder) same(i, j int) encode.Var {
	if i > j {
		i, j = j, i
	}
	return b.s[i][j]
}

// Model implements domains.Instance. Labelled: one Boolean per (item,
// bin), at most one per item; the answer variables are these (and the
// backups). Partition: the same Booleans, exactly one per item, the group
// sizes exact, and one Boolean per pair of items that is true exactly
// when they share a group; the answer variables are the pair Booleans, so
// uniqueness is certified on the partition, not on group numbers.
func (a *Assign) Model() (*encode.Model, error) {
	if err := a.validate(); err != nil {
		return nil, err
	}
	m := encode.NewModel()
	b := &builder{a: a, m: m}
	n, nb := len(a.Items), len(a.Bins)
	b.x = make([][]encode.Var, n)
	for i, it := range a.Items {
		b.x[i] = make([]encode.Var, nb)
		for k, bin := range a.Bins {
			b.x[i][k] = m.NewBool(fmt.Sprintf("x[%s|%s]", it.Name, bin.Name))
		}
	}
	if a.Partition {
		for i, it := range a.Items {
			m.AddExactly(lits(b.x[i]...), 1).Named(groupOnce(it.Name))
		}
		for k, bin := range a.Bins {
			m.AddExactly(b.binLits(k, func(int) bool { return true }), bin.Size).Named(groupSizes + ": " + bin.Name).InGroup(groupSizes)
		}
		// Symmetry breaking between groups of the same size: group k
		// takes item i only if group k−1 has an item before i, so the
		// groups of one size are ordered by their first items and each
		// partition has exactly one labelling (see doc.go).
		for k := 1; k < len(a.Bins); k++ {
			if a.Bins[k].Size != a.Bins[k-1].Size {
				continue
			}
			for i := range a.Items {
				ls := []encode.Lit{b.x[i][k].Not()}
				for j := range i {
					ls = append(ls, b.x[j][k-1].Lit())
				}
				m.AddAtLeast(ls, 1).Named(fmt.Sprintf("%s: %d.%d", groupSymmetry, k, i)).InGroup(groupSymmetry)
			}
		}
		b.s = make([][]encode.Var, n)
		for i := range a.Items {
			b.s[i] = make([]encode.Var, n)
			for j := i + 1; j < n; j++ {
				s := m.NewBool(fmt.Sprintf("s[%s|%s]", a.Items[i].Name, a.Items[j].Name))
				b.s[i][j] = s
				for k := range a.Bins {
					// x_ik ∧ x_jk → s; s ∧ x_ik → x_jk.
					m.AddAtLeast([]encode.Lit{b.x[i][k].Not(), b.x[j][k].Not(), s.Lit()}, 1).
						Named(fmt.Sprintf("%s: %d.%d.%d+", groupRelation, i, j, k)).InGroup(groupRelation)
					m.AddAtLeast([]encode.Lit{s.Not(), b.x[i][k].Not(), b.x[j][k].Lit()}, 1).
						Named(fmt.Sprintf("%s: %d.%d.%d-", groupRelation, i, j, k)).InGroup(groupRelation)
				}
			}
		}
	} else {
		b.u = make([]encode.Var, n)
		for i, it := range a.Items {
			b.u[i] = m.NewBool(fmt.Sprintf("u[%s]", it.Name))
			terms := []encode.Term{{Var: b.u[i], Coef: 1}}
			for k := range a.Bins {
				terms = append(terms, encode.Term{Var: b.x[i][k], Coef: 1})
			}
			m.AddLinear(terms, encode.EQ, 1).Named(groupOnce(it.Name))
		}
		if a.Timed {
			b.timing()
		}
	}
	for _, u := range a.units() {
		u.Model(b)
	}
	b.objectives()
	a.x, a.s, a.z = b.x, b.s, b.z
	var answer []encode.Var
	if a.Partition {
		for i := range a.Items {
			answer = append(answer, b.s[i][i+1:]...)
		}
	} else {
		for i := range a.Items {
			answer = append(answer, b.x[i]...)
			if a.Timed {
				// The start of each item is part of the plan.
				for _, t := range a.starts(i) {
					answer = append(answer, b.z[i][t])
				}
			}
		}
	}
	for c, vs := range a.bk {
		for j, v := range vs {
			if !a.Partition || j != a.criticalIdx()[c] {
				answer = append(answer, v)
			}
		}
	}
	m.SetAnswer(answer...)
	// Every always-on constraint joins one group, placed after the named
	// rules: a minimal conflict over groups is then minimal over the
	// named rules given all the always-on rules (the solver's deletion
	// tries the named rules first, with the always-on group still in),
	// and cannot trade an always-on group for an extra named rule.
	// Constraint names keep which rule each is.
	var named, core []*encode.Constraint
	for _, c := range m.Constraints {
		if domains.AlwaysOn(c.Group) {
			c.Group = groupCore
			core = append(core, c)
		} else {
			named = append(named, c)
		}
	}
	m.Constraints = append(named, core...)
	if a.has(unitInfeasible) {
		// A conflict is a set of named rules that cannot hold together
		// with the numbered rules, so each named group also carries a
		// copy of every always-on constraint: a set of named groups is
		// then infeasible exactly when it is with the numbered rules,
		// and a minimal conflict over groups is minimal over the named
		// rules given all of them (never named rules that only conflict
		// without the numbered rules).
		var groups []string
		for _, g := range m.Groups() {
			if g != groupCore {
				groups = append(groups, g)
			}
		}
		for _, g := range groups {
			for _, c := range core {
				cp := *c
				cp.Name, cp.Group = g+coreCopy+c.Name, g
				m.Constraints = append(m.Constraints, &cp)
			}
		}
	}
	return m, nil
}

// coreCopy joins a named group to the name of an always-on constraint in
// the group's copy of it.
const coreCopy = " | copy of "

// loads returns the load variable of every bin (the sum of the sizes of
// its items), made once.
func (b *builder) loads() []encode.Var {
	if b.load != nil {
		return b.load
	}
	a := b.a
	total := 0
	for _, it := range a.Items {
		total += it.Size
	}
	for k, bin := range a.Bins {
		l := b.m.NewInt("load["+bin.Name+"]", 0, int64(total))
		terms := []encode.Term{{Var: l, Coef: -1}}
		for i, it := range a.Items {
			terms = append(terms, encode.Term{Var: b.x[i][k], Coef: int64(it.Size)})
		}
		b.m.AddLinear(terms, encode.EQ, 0).Named(fmt.Sprintf("%s: %s", groupLoads, bin.Name)).InGroup(groupLoads)
		b.load = append(b.load, l)
	}
	return b.load
}

// objectives adds the levels: the fewest changes (replanning), the least
// unassigned weight (labelled, without all-assigned), the least load gap
// (balance), the goal, the tie-break, then the backups' levels.
func (b *builder) objectives() {
	a, m := b.a, b.m
	for _, l := range a.levelers() {
		m.Minimize(l.level(b)...)
	}
	var goal []encode.Term
	if a.Partition {
		for _, r := range a.Requests {
			i, j := a.itemIndex(r.A), a.itemIndex(r.B)
			d := m.NewBool(fmt.Sprintf("apart[%s|%s]", r.A, r.B))
			m.AddLinear([]encode.Term{{Var: d, Coef: 1}, {Var: b.same(i, j), Coef: 1}}, encode.EQ, 1).
				Named(fmt.Sprintf("%s: apart %s|%s", groupRelation, r.A, r.B)).InGroup(groupRelation)
			goal = append(goal, encode.Term{Var: d, Coef: a.reqWeight(r)})
		}
	} else if a.Timed {
		for i := range a.Items {
			goal = append(goal, encode.Term{Var: b.end[i], Coef: a.weight(i)})
		}
	} else {
		for i := range a.Items {
			for k := range a.Bins {
				if c := a.weight(i) * int64(a.Cost[i][k]); c != 0 {
					goal = append(goal, encode.Term{Var: b.x[i][k], Coef: c})
				}
			}
		}
	}
	m.Minimize(goal...)
	if a.Timed {
		var cost []encode.Term
		for i, it := range a.Items {
			for k, bin := range a.Bins {
				cost = append(cost, encode.Term{Var: b.x[i][k], Coef: int64(bin.Rate * it.Size)})
			}
		}
		m.Minimize(cost...)
	}
	if a.TieBreaks >= 1 {
		m.Minimize(b.tieTerms()...)
		if a.Timed {
			var t []encode.Term
			for i := range a.Items {
				t = append(t, encode.Term{Var: b.start[i], Coef: int64(len(a.Items) - i)})
			}
			m.Minimize(t...)
		}
	}
	b.backupLevels()
}

// tieTerms are the tie-break's terms. Labelled: the sum over items of
// (n − index) × (bin position + 1). Partition: the sum over pairs of
// items sharing a group of (position + 1) × (position + 1), a function of
// the partition alone.
func (b *builder) tieTerms() []encode.Term {
	a := b.a
	n := len(a.Items)
	var t []encode.Term
	if a.Partition {
		for i := range n {
			for j := i + 1; j < n; j++ {
				t = append(t, encode.Term{Var: b.s[i][j], Coef: int64((i + 1) * (j + 1))})
			}
		}
		return t
	}
	for i := range n {
		for k := range a.Bins {
			t = append(t, encode.Term{Var: b.x[i][k], Coef: int64((n - i) * (k + 1))})
		}
	}
	return t
}

// TieBreak implements domains.Instance: one stated tie-break level.
func (a *Assign) TieBreak() bool { return domains.NextTieBreak(&a.TieBreaks, 1) }

// Plan implements domains.Instance: the bins of the last model built's
// solution (or the groups, for a partition).
func (a *Assign) Plan(asg encode.Assignment) (json.RawMessage, error) {
	if a.x == nil {
		if _, err := a.Model(); err != nil {
			return nil, err
		}
	}
	p := &plan{bin: make([]int, len(a.Items))}
	for i, it := range a.Items {
		p.bin[i] = -1
		for k := range a.Bins {
			if asg[a.x[i][k]] == 1 {
				p.bin[i] = k
			}
		}
		if a.Partition && p.bin[i] < 0 {
			return nil, fmt.Errorf("assign: %s %q has no group in the solution", a.Voc.Item, it.Name)
		}
	}
	if a.Timed {
		p.start = make([]int, len(a.Items))
		for i := range a.Items {
			p.start[i] = -1
			for _, t := range a.starts(i) {
				if asg[a.z[i][t]] == 1 {
					p.start[i] = t
				}
			}
		}
	}
	for c, vs := range a.bk {
		p.backup = append(p.backup, -1)
		for k, v := range vs {
			if a.Partition && k == a.criticalIdx()[c] {
				continue
			}
			if asg[v] == 1 {
				p.backup[c] = k
			}
		}
	}
	return a.encode(p), nil
}

// plan is a decoded or parsed plan: the bin of each item (−1: none), the
// backup bin of each critical item, and the stated goal value.
type plan struct {
	bin    []int
	start  []int // timed: the start slot of each item (−1: none)
	backup []int
	stated *int64
}

// encode writes p in the answer's JSON form.
func (a *Assign) encode(p *plan) json.RawMessage {
	var sb strings.Builder
	v := a.Voc
	if a.Partition {
		fmt.Fprintf(&sb, "{%q: [", v.Bins)
		for k, g := range a.groupsOf(p) {
			if k > 0 {
				sb.WriteString(", ")
			}
			sb.WriteString("[")
			for x, i := range g {
				if x > 0 {
					sb.WriteString(", ")
				}
				fmt.Fprintf(&sb, "%q", a.Items[i].Name)
			}
			sb.WriteString("]")
		}
		sb.WriteString("]")
	} else {
		fmt.Fprintf(&sb, "{%q: [", v.Items)
		for i, it := range a.Items {
			if i > 0 {
				sb.WriteString(", ")
			}
			if a.Timed && (p.bin[i] < 0 || p.start[i] < 0) {
				fmt.Fprintf(&sb, "{%q: %q, %q: null, \"start\": null}", v.Item, it.Name, v.Bin)
			} else if a.Timed {
				fmt.Fprintf(&sb, "{%q: %q, %q: %q, \"start\": %q}", v.Item, it.Name, v.Bin, a.Bins[p.bin[i]].Name, a.clock(p.start[i]))
			} else if p.bin[i] < 0 {
				fmt.Fprintf(&sb, "{%q: %q, %q: null}", v.Item, it.Name, v.Bin)
			} else {
				fmt.Fprintf(&sb, "{%q: %q, %q: %q}", v.Item, it.Name, v.Bin, a.Bins[p.bin[i]].Name)
			}
		}
		sb.WriteString("]")
	}
	if crit := a.criticalIdx(); crit != nil {
		sb.WriteString(`, "backups": [`)
		for c, i := range crit {
			if c > 0 {
				sb.WriteString(", ")
			}
			if a.Partition {
				fmt.Fprintf(&sb, "{%q: %q, %q: %q}", v.Item, a.Items[i].Name, swapKey, a.Items[p.backup[c]].Name)
				continue
			}
			fmt.Fprintf(&sb, "{%q: %q, %q: %q}", v.Item, a.Items[i].Name, v.Bin, a.Bins[p.backup[c]].Name)
		}
		sb.WriteString("]")
	}
	if a.has(unitSelfCheck) {
		fmt.Fprintf(&sb, `, "objective": %d`, a.goal(p))
	}
	sb.WriteString("}")
	return json.RawMessage(sb.String())
}

// groupsOf returns the groups of a partition plan as item index lists,
// each in item order, the groups ordered by their first item: the
// canonical form of the partition.
func (a *Assign) groupsOf(p *plan) [][]int {
	var out [][]int
	at := map[int]int{}
	for i, k := range p.bin {
		if k < 0 {
			continue
		}
		g, ok := at[k]
		if !ok {
			g = len(out)
			at[k] = g
			out = append(out, nil)
		}
		out[g] = append(out[g], i)
	}
	return out
}

// AnswerSchema implements domains.Instance.
func (a *Assign) AnswerSchema() string {
	v := a.Voc
	var s string
	if a.Partition {
		var g []string
		for _, it := range a.Items[:min(2, len(a.Items))] {
			g = append(g, fmt.Sprintf("%q", it.Name))
		}
		s = fmt.Sprintf("{%q: [[%s, ...], ...]", v.Bins, strings.Join(g, ", "))
	} else if a.Timed {
		s = fmt.Sprintf("{%q: [{%q: %q, %q: %q, \"start\": %q}, ...]", v.Items, v.Item, a.Items[0].Name, v.Bin, a.Bins[0].Name, a.clock(0))
	} else {
		s = fmt.Sprintf("{%q: [{%q: %q, %q: %q}, ...]", v.Items, v.Item, a.Items[0].Name, v.Bin, a.Bins[0].Name)
	}
	if crit := a.criticalIdx(); crit != nil {
		if a.Partition {
			s += fmt.Sprintf(`, "backups": [{%q: %q, %q: %q}, ...]`, v.Item, a.Items[crit[0]].Name, swapKey, a.Items[(crit[0]+1)%len(a.Items)].Name)
		} else {
			s += fmt.Sprintf(`, "backups": [{%q: %q, %q: %q}, ...]`, v.Item, a.Items[crit[0]].Name, v.Bin, a.Bins[0].Name)
		}
	}
	if a.has(unitSelfCheck) {
		s += `, "objective": 0`
	}
	return s + "}"
}
