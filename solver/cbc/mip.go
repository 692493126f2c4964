package cbc

import (
	"fmt"
	"math"
	"slices"
	"sort"

	"github.com/plancert/plancert/encode"
)

// This file is the translation of an encode.Model to a mixed-integer
// program. It is plain Go (no cgo), so it builds without the cbc tag; only
// cbc.go hands the result to CBC.

// maxColumns bounds the columns of one translated model, so that a model
// with huge domains is refused with an error instead of exhausting memory.
const maxColumns = 1 << 20

// maxBigM bounds every coefficient and right-hand side of the MIP, big-M
// values included. Beyond it a double cannot hold the integer sums exactly
// (2^53 ≈ 9e15), and the MIP would no longer mean the model.
const maxBigM = 4e15

// col is one integer column of the MIP with inclusive bounds. Every column
// is integer: the model's variables keep their domains, and the auxiliary
// columns are binaries or small integers.
type col struct {
	lo, hi int64
}

// lit is a literal over a binary column: the column, or 1 minus it.
type lit struct {
	col int
	neg bool
}

// sense is the relation of a row.
type sense uint8

const (
	le sense = iota // sum ≤ rhs
	ge              // sum ≥ rhs
	eq              // sum = rhs
)

// row is sum(coef[i]·x[idx[i]]) sense rhs, with distinct column indexes in
// increasing order.
type row struct {
	idx   []int32
	coef  []int64
	sense sense
	rhs   int64
}

// mip is an integer program: columns 0..nvars-1 are the model's variables
// in order, the rest are auxiliary columns of the translation. A mip is
// extended by appending (see clone) and never changed in place, so one
// translation serves every solve of a model.
type mip struct {
	cols  []col
	rows  []row
	nvars int
	// values maps a column to the first of its value indicators (see
	// valueOf), made while translating and never after.
	values map[int]int
}

// clone returns a copy of p that can be extended without touching p.
func (p *mip) clone() *mip {
	return &mip{cols: slices.Clip(p.cols), rows: slices.Clip(p.rows), nvars: p.nvars, values: p.values}
}

// maxValueCols is the widest domain that gets value indicators.
const maxValueCols = 512

// valueOf returns the first of the value indicators of column c, one
// binary per value of its domain in increasing order, made on first use
// with the rows "exactly one" and "c = sum(value·indicator)".
func (p *mip) valueOf(c int) (int, error) {
	if z, ok := p.values[c]; ok {
		return z, nil
	}
	lo, hi := p.cols[c].lo, p.cols[c].hi
	first := len(p.cols)
	var one, link expr
	link.add(c, -1)
	for v := lo; v <= hi; v++ {
		z, err := p.newBin()
		if err != nil {
			return 0, err
		}
		one.add(z.col, 1)
		link.add(z.col, v)
	}
	if err := p.addRow(one, eq, 1, nil); err != nil {
		return 0, err
	}
	if err := p.addRow(link, eq, 0, nil); err != nil {
		return 0, err
	}
	if p.values == nil {
		p.values = map[int]int{}
	}
	p.values[c] = first
	return first, nil
}

// unary writes a conditional row over one integer column with a small
// domain, "a·x s rhs when every literal of on is true", without a big-M:
// with the value indicators of x, the number of true literals of on minus
// (len(on) − 1) is at most the sum of the indicators of the values that
// satisfy the row. This is the tightest linear form of the implication
// and lets the LP relaxation see that x is forced. It reports false when
// the row is not of that shape (and adds nothing).
func (p *mip) unary(e expr, s sense, rhs int64, on []lit) (bool, error) {
	if len(on) == 0 {
		return false, nil
	}
	idx, coef := p.merge(e.terms)
	if len(idx) != 1 {
		return false, nil
	}
	c, a := int(idx[0]), coef[0]
	lo, hi := p.cols[c].lo, p.cols[c].hi
	if hi-lo+1 > maxValueCols || (lo == 0 && hi == 1) {
		return false, nil
	}
	b := rhs - e.k
	var sat []int64
	for v := lo; v <= hi; v++ {
		if x := a * v; (s == le && x <= b) || (s == ge && x >= b) || (s == eq && x == b) {
			sat = append(sat, v)
		}
	}
	if int64(len(sat)) == hi-lo+1 {
		return true, nil // always holds
	}
	first, err := p.valueOf(c)
	if err != nil {
		return true, err
	}
	var r expr // sum(val(l)) − sum(indicators of sat) ≤ len(on) − 1
	for _, l := range on {
		r.addLit(l, 1)
	}
	for _, v := range sat {
		r.add(first+int(v-lo), -1)
	}
	return true, p.addRow(r, le, int64(len(on)-1), nil)
}

// newCol adds an integer column with bounds [lo, hi] and returns it.
func (p *mip) newCol(lo, hi int64) (int, error) {
	if len(p.cols) >= maxColumns {
		return 0, fmt.Errorf("cbc: the MIP of this model needs more than %d columns", maxColumns)
	}
	p.cols = append(p.cols, col{lo, hi})
	return len(p.cols) - 1, nil
}

// newBin adds a binary column and returns its positive literal.
func (p *mip) newBin() (lit, error) {
	c, err := p.newCol(0, 1)
	return lit{col: c}, err
}

// expr is a linear expression over columns: sum(terms) + k. Terms may
// repeat a column; addRow merges them.
type expr struct {
	terms []term
	k     int64
}

type term struct {
	col  int
	coef int64
}

func (e *expr) add(c int, coef int64) { e.terms = append(e.terms, term{c, coef}) }

// addLit adds coef times the 0/1 value of l: coef·x, or coef − coef·x.
func (e *expr) addLit(l lit, coef int64) {
	if l.neg {
		e.k += coef
		e.add(l.col, -coef)
	} else {
		e.add(l.col, coef)
	}
}

// addRow adds "e s rhs" that must hold when every literal of on is true
// (always when on is empty). Such a conditional row gets a big-M relaxation
// computed from the column bounds: with D = the number of false literals of
// on, e ≤ rhs becomes e ≤ rhs + M·D where M is the largest excess e − rhs
// can have, so one false literal frees the row entirely. A row that every
// assignment within the bounds satisfies is left out; an equality is two
// rows when it is conditional.
func (p *mip) addRow(e expr, s sense, rhs int64, on []lit) error {
	switch s {
	case eq:
		if len(on) == 0 {
			return p.emit(e, eq, rhs)
		}
		if err := p.addRow(e, le, rhs, on); err != nil {
			return err
		}
		return p.addRow(e, ge, rhs, on)
	case ge: // −e ≤ −rhs
		neg := expr{k: -e.k, terms: make([]term, len(e.terms))}
		for i, t := range e.terms {
			neg.terms[i] = term{t.col, -t.coef}
		}
		e, rhs = neg, -rhs
	}
	// e ≤ rhs, that is sum(terms) ≤ rhs − k.
	idx, coef := p.merge(e.terms)
	b := rhs - e.k
	_, hi, err := p.bounds(idx, coef)
	if err != nil {
		return err
	}
	if hi <= float64(b) {
		return nil // holds within the bounds
	}
	if len(on) == 0 {
		return p.emit(expr{terms: zip(idx, coef)}, le, b)
	}
	m := hi - float64(b)
	if m > maxBigM {
		return fmt.Errorf("cbc: a conditional row needs a big-M of %.3g, beyond %.0e: the domains are too wide for an exact MIP", m, maxBigM)
	}
	big := int64(m)
	// sum − M·sum(1 − val(l)) ≤ b, written with the literals' columns.
	r := expr{terms: zip(idx, coef)}
	for _, l := range on {
		r.addLit(lit{col: l.col, neg: !l.neg}, -big) // −M·(1 − val(l))
	}
	return p.emit(r, le, b)
}

// emit adds the row "e s rhs" as it is (constant moved to the right).
func (p *mip) emit(e expr, s sense, rhs int64) error {
	idx, coef := p.merge(e.terms)
	b := rhs - e.k
	if math.Abs(float64(b)) > maxBigM {
		return fmt.Errorf("cbc: right-hand side %d beyond %.0e", b, maxBigM)
	}
	for _, c := range coef {
		if math.Abs(float64(c)) > maxBigM {
			return fmt.Errorf("cbc: coefficient %d beyond %.0e", c, maxBigM)
		}
	}
	if len(idx) == 0 {
		// A constant row: keep it only when it fails, as 0 = 1 would.
		ok := (s == le && 0 <= b) || (s == ge && 0 >= b) || (s == eq && b == 0)
		if ok {
			return nil
		}
	}
	p.rows = append(p.rows, row{idx: idx, coef: coef, sense: s, rhs: b})
	return nil
}

// merge sums the coefficients per column, drops zeros and sorts by column.
func (p *mip) merge(ts []term) ([]int32, []int64) {
	sum := make(map[int]int64, len(ts))
	for _, t := range ts {
		sum[t.col] += t.coef
	}
	idx := make([]int32, 0, len(sum))
	for c, v := range sum {
		if v != 0 {
			idx = append(idx, int32(c))
		}
	}
	sort.Slice(idx, func(i, j int) bool { return idx[i] < idx[j] })
	coef := make([]int64, len(idx))
	for i, c := range idx {
		coef[i] = sum[int(c)]
	}
	return idx, coef
}

// bounds returns the least and greatest value of sum(coef·x) within the
// column bounds (in float64, which is exact below 2^53), and an error when
// they exceed maxBigM.
func (p *mip) bounds(idx []int32, coef []int64) (lo, hi float64, err error) {
	for i, c := range idx {
		a, b := float64(coef[i])*float64(p.cols[c].lo), float64(coef[i])*float64(p.cols[c].hi)
		lo += math.Min(a, b)
		hi += math.Max(a, b)
	}
	if math.Abs(lo) > maxBigM || math.Abs(hi) > maxBigM {
		return 0, 0, fmt.Errorf("cbc: a row ranges over [%.3g, %.3g], beyond ±%.0e", lo, hi, maxBigM)
	}
	return lo, hi, nil
}

func zip(idx []int32, coef []int64) []term {
	ts := make([]term, len(idx))
	for i := range idx {
		ts[i] = term{int(idx[i]), coef[i]}
	}
	return ts
}

// modelLit is the MIP literal of a model literal (a bool variable is its
// own column).
func modelLit(l encode.Lit) lit { return lit{col: int(l.Var), neg: l.Neg} }

// translate returns the MIP of m: one integer column per variable with its
// domain, and the rows of every constraint (objectives are set per solve).
// m must be valid (see encode.Model.Validate).
func translate(m *encode.Model) (*mip, error) {
	p := &mip{nvars: len(m.Vars)}
	for _, vi := range m.Vars {
		if _, err := p.newCol(vi.Lo, vi.Hi); err != nil {
			return nil, err
		}
	}
	for _, c := range m.Constraints {
		if err := p.constraint(m, c); err != nil {
			return nil, fmt.Errorf("%w (constraint %q)", err, c.Name)
		}
	}
	return p, nil
}

// with returns on extended by more literals (a fresh slice).
func with(on []lit, more ...lit) []lit {
	out := make([]lit, 0, len(on)+len(more))
	return append(append(out, on...), more...)
}

// never adds a row that fails whenever every literal of on is true.
func (p *mip) never(on []lit) error { return p.addRow(expr{}, ge, 1, on) }

// constraint adds the rows of c. Each kind is translated so that, when
// every enforcement literal is true, the rows have an integer solution in
// the auxiliary columns exactly when c holds on the model's variables; when
// one is false, every row is relaxed (big-M) and c imposes nothing.
func (p *mip) constraint(m *encode.Model, c *encode.Constraint) error {
	on := make([]lit, len(c.Enforce))
	for i, l := range c.Enforce {
		on[i] = modelLit(l)
	}
	switch c.Kind {
	case encode.Linear:
		var e expr
		for _, t := range c.Terms {
			e.add(int(t.Var), t.Coef)
		}
		s := map[encode.Op]sense{encode.LE: le, encode.GE: ge, encode.EQ: eq}[c.Op]
		if ok, err := p.unary(e, s, c.RHS, on); ok || err != nil {
			return err
		}
		return p.addRow(e, s, c.RHS, on)
	case encode.AtMost, encode.AtLeast, encode.Exactly:
		var e expr
		for _, l := range c.Lits {
			e.addLit(modelLit(l), 1)
		}
		s := map[encode.Kind]sense{encode.AtMost: le, encode.AtLeast: ge, encode.Exactly: eq}[c.Kind]
		return p.addRow(e, s, int64(c.K), on)
	case encode.AllDifferent:
		return p.allDifferent(c.Vars, on)
	case encode.NoOverlap:
		return p.noOverlap(c.Intervals, on)
	case encode.Circuit:
		return p.circuit(c.Arcs, on)
	case encode.Element:
		return p.element(c.Index, c.Array, c.Target, on)
	case encode.Table:
		return p.table(c.Vars, c.Tuples, on)
	case encode.Max:
		return p.max(c.Target, c.Vars, on)
	}
	return fmt.Errorf("cbc: constraint kind %v is not translated", c.Kind)
}

// disjunction adds "a ∨ b" for two conditional rows: a binary column z,
// row a enforced by z and row b enforced by ¬z (each also by on).
func (p *mip) disjunction(a, b expr, on []lit) error {
	z, err := p.newBin()
	if err != nil {
		return err
	}
	if err := p.addRow(a, le, 0, with(on, z)); err != nil {
		return err
	}
	return p.addRow(b, le, 0, with(on, lit{col: z.col, neg: true}))
}

// allDifferent: for each pair, x < y or y < x (a disjunction on a binary);
// a variable listed twice can never differ from itself.
func (p *mip) allDifferent(vs []encode.Var, on []lit) error {
	for i, x := range vs {
		for _, y := range vs[i+1:] {
			if x == y {
				if err := p.never(on); err != nil {
					return err
				}
				continue
			}
			cx, cy := p.cols[x], p.cols[y]
			if cx.hi < cy.lo || cy.hi < cx.lo {
				continue // disjoint domains
			}
			var a, b expr // x − y + 1 ≤ 0, y − x + 1 ≤ 0
			a.add(int(x), 1)
			a.add(int(y), -1)
			a.k = 1
			b.add(int(y), 1)
			b.add(int(x), -1)
			b.k = 1
			if err := p.disjunction(a, b, on); err != nil {
				return err
			}
		}
	}
	return nil
}

// noOverlap: for each pair of present intervals of positive duration,
// one ends before the other starts (a disjunction), enforced by on and
// both presence literals.
func (p *mip) noOverlap(ivs []encode.Interval, on []lit) error {
	for i, x := range ivs {
		if x.Duration == 0 {
			continue
		}
		for _, y := range ivs[i+1:] {
			if y.Duration == 0 {
				continue
			}
			pon := on
			if x.Present != nil {
				pon = with(pon, modelLit(*x.Present))
			}
			if y.Present != nil {
				pon = with(pon, modelLit(*y.Present))
			}
			if x.Start == y.Start {
				if err := p.never(pon); err != nil {
					return err
				}
				continue
			}
			cx, cy := p.cols[x.Start], p.cols[y.Start]
			if cx.hi+x.Duration <= cy.lo || cy.hi+y.Duration <= cx.lo {
				continue // one always before the other
			}
			var a, b expr // sx + dx − sy ≤ 0, sy + dy − sx ≤ 0
			a.add(int(x.Start), 1)
			a.add(int(y.Start), -1)
			a.k = x.Duration
			b.add(int(y.Start), 1)
			b.add(int(x.Start), -1)
			b.k = y.Duration
			if err := p.disjunction(a, b, pon); err != nil {
				return err
			}
		}
	}
	return nil
}

// circuit: out-degree and in-degree 1 at every node named by an arc
// (counting every true arc, repeats included), and Miller–Tucker–Zemlin
// ranks to rule out subtours: rank 0 at the smallest node, ranks 1..N−1
// elsewhere, and a chosen arc i→j into a non-root node j forces
// rank(j) ≥ rank(i) + 1. A cycle that misses the root would need ranks
// that grow all the way around it.
func (p *mip) circuit(arcs []encode.Arc, on []lit) error {
	nodeSet := map[int]bool{}
	for _, a := range arcs {
		nodeSet[a.From], nodeSet[a.To] = true, true
	}
	nodes := make([]int, 0, len(nodeSet))
	for n := range nodeSet {
		nodes = append(nodes, n)
	}
	sort.Ints(nodes)
	n := int64(len(nodes))
	for _, v := range nodes {
		var out, in expr
		for _, a := range arcs {
			if a.From == v {
				out.addLit(modelLit(a.Lit), 1)
			}
			if a.To == v {
				in.addLit(modelLit(a.Lit), 1)
			}
		}
		if err := p.addRow(out, eq, 1, on); err != nil {
			return err
		}
		if err := p.addRow(in, eq, 1, on); err != nil {
			return err
		}
	}
	rank := map[int]int{}
	for i, v := range nodes {
		lo, hi := int64(1), n-1
		if i == 0 {
			lo, hi = 0, 0
		}
		c, err := p.newCol(lo, hi)
		if err != nil {
			return err
		}
		rank[v] = c
	}
	root := nodes[0]
	for _, a := range arcs {
		if a.To == root {
			continue
		}
		var e expr // rank(from) − rank(to) + 1 ≤ 0
		e.add(rank[a.From], 1)
		e.add(rank[a.To], -1)
		e.k = 1
		if err := p.addRow(e, le, 0, with(on, modelLit(a.Lit))); err != nil {
			return err
		}
	}
	return nil
}

// element: one binary per index value v in range whose array[v] the target
// can take; exactly one is chosen, and index and target are their sums.
func (p *mip) element(index encode.Var, array []int64, target encode.Var, on []lit) error {
	ci, ct := p.cols[index], p.cols[target]
	var one, idx, tgt expr
	idx.add(int(index), -1)
	tgt.add(int(target), -1)
	for v := max(ci.lo, 0); v <= min(ci.hi, int64(len(array))-1); v++ {
		if array[v] < ct.lo || array[v] > ct.hi {
			continue
		}
		z, err := p.newBin()
		if err != nil {
			return err
		}
		one.add(z.col, 1)
		idx.add(z.col, v)
		tgt.add(z.col, array[v])
	}
	if err := p.addRow(one, eq, 1, on); err != nil {
		return err
	}
	if err := p.addRow(idx, eq, 0, on); err != nil {
		return err
	}
	return p.addRow(tgt, eq, 0, on)
}

// table: one binary per tuple whose values lie in the variables' domains;
// exactly one is chosen, and each variable is the sum of its column.
func (p *mip) table(vs []encode.Var, tuples [][]int64, on []lit) error {
	var one expr
	sums := make([]expr, len(vs))
	for j, v := range vs {
		sums[j].add(int(v), -1)
	}
tuples:
	for _, t := range tuples {
		for j, v := range vs {
			if c := p.cols[v]; t[j] < c.lo || t[j] > c.hi {
				continue tuples
			}
		}
		z, err := p.newBin()
		if err != nil {
			return err
		}
		one.add(z.col, 1)
		for j := range vs {
			sums[j].add(z.col, t[j])
		}
	}
	if err := p.addRow(one, eq, 1, on); err != nil {
		return err
	}
	for _, s := range sums {
		if err := p.addRow(s, eq, 0, on); err != nil {
			return err
		}
	}
	return nil
}

// max: target ≥ every variable, and target ≤ the variable picked by one of
// a set of binaries that sum to 1.
func (p *mip) max(target encode.Var, vs []encode.Var, on []lit) error {
	var one expr
	for _, v := range vs {
		var geq expr // target − v ≥ 0
		geq.add(int(target), 1)
		geq.add(int(v), -1)
		if err := p.addRow(geq, ge, 0, on); err != nil {
			return err
		}
		w, err := p.newBin()
		if err != nil {
			return err
		}
		one.add(w.col, 1)
		if err := p.addRow(geq, le, 0, with(on, w)); err != nil {
			return err
		}
	}
	return p.addRow(one, eq, 1, on)
}

// fixLevel adds "sum(terms) = value", holding an objective level at its
// optimum.
func (p *mip) fixLevel(terms []encode.Term, value int64) error {
	var e expr
	for _, t := range terms {
		e.add(int(t.Var), t.Coef)
	}
	return p.addRow(e, eq, value, nil)
}

// exclude adds "the answer variables differ from a somewhere": a bool
// variable counts its flipped value, an integer variable x with value v
// gets binaries for x ≤ v−1 and x ≥ v+1 (those its domain allows), and at
// least one of these must hold.
func (p *mip) exclude(answer []encode.Var, a encode.Assignment) error {
	var differs expr
	for _, v := range answer {
		c, x := p.cols[v], a[v]
		if c.lo == 0 && c.hi == 1 {
			differs.addLit(lit{col: int(v), neg: x == 1}, 1)
			continue
		}
		if x > c.lo {
			d, err := p.newBin()
			if err != nil {
				return err
			}
			var e expr // v ≤ x − 1
			e.add(int(v), 1)
			if err := p.addRow(e, le, x-1, []lit{d}); err != nil {
				return err
			}
			differs.add(d.col, 1)
		}
		if x < c.hi {
			d, err := p.newBin()
			if err != nil {
				return err
			}
			var e expr // v ≥ x + 1
			e.add(int(v), 1)
			if err := p.addRow(e, ge, x+1, []lit{d}); err != nil {
				return err
			}
			differs.add(d.col, 1)
		}
	}
	return p.addRow(differs, ge, 1, nil)
}
