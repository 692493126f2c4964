package export

import (
	"fmt"
	"sort"
	"strconv"

	"github.com/plancert/plancert/encode"
)

// mip is a model linearised over integer columns: the model's variables
// are columns 0..len(Vars)-1, in order, followed by helper columns. It is
// what WriteLP prints.
type mip struct {
	m      *encode.Model
	nm     *namer
	cols   []col
	blocks []block
	onehot map[encode.Var][]int // per int variable: the column of value lo+k
	zero   int                  // a column fixed to 0, for constant rows; -1 until needed
	f      Format
}

type col struct {
	name   string
	lo, hi int64
	binary bool
}

// lin is sum(coef·column) + c.
type lin struct {
	terms []lterm
	c     int64
}

type lterm struct {
	col  int
	coef int64
}

// row is sum(terms) op rhs; rows are named when written.
type row struct {
	terms []lterm
	op    encode.Op
	rhs   int64
}

// block is the rows of one constraint (or of a helper), under a comment.
type block struct {
	comment string
	rows    []row
}

// maxOneHot bounds the domain of an integer variable that gets one binary
// column per value (element, all-different).
const maxOneHot = 1 << 16

func newMIP(m *encode.Model, f Format) (*mip, error) {
	if err := m.Validate(); err != nil {
		return nil, err
	}
	p := &mip{m: m, nm: newNamer(f), onehot: map[encode.Var][]int{}, zero: -1, f: f}
	for _, vi := range m.Vars {
		p.cols = append(p.cols, col{name: p.nm.name(vi.Name), lo: vi.Lo, hi: vi.Hi, binary: vi.Kind == encode.BoolVar})
	}
	for ci, c := range m.Constraints {
		p.blocks = append(p.blocks, block{comment: fmt.Sprintf("constraint %s (%s)", strconv.Quote(c.Name), c.Kind)})
		if err := p.constraint(ci, c); err != nil {
			return nil, &ExportError{Format: f, What: fmt.Sprintf("constraint %q", c.Name), Reason: err.Error()}
		}
	}
	return p, nil
}

func (p *mip) newCol(base string, lo, hi int64, binary bool) int {
	p.cols = append(p.cols, col{name: p.nm.name(base), lo: lo, hi: hi, binary: binary})
	return len(p.cols) - 1
}

func (p *mip) varExpr(v encode.Var) lin { return lin{terms: []lterm{{int(v), 1}}} }

// litExpr is 1 when l is true, 0 when it is false.
func litExpr(l encode.Lit) lin {
	if l.Neg {
		return lin{terms: []lterm{{int(l.Var), -1}}, c: 1}
	}
	return lin{terms: []lterm{{int(l.Var), 1}}}
}

func (p *mip) termsExpr(ts []encode.Term) lin {
	var e lin
	for _, t := range ts {
		e.terms = append(e.terms, lterm{int(t.Var), t.Coef})
	}
	return e
}

func (e lin) add(f lin, k int64) lin {
	out := lin{terms: append([]lterm(nil), e.terms...), c: e.c + k*f.c}
	for _, t := range f.terms {
		out.terms = append(out.terms, lterm{t.col, k * t.coef})
	}
	return out
}

// eqExpr is 1 when v = val and 0 otherwise, through v's one-hot columns
// for an integer variable.
func (p *mip) eqExpr(v encode.Var, val int64) (lin, error) {
	vi := p.m.Vars[v]
	switch {
	case val < vi.Lo || val > vi.Hi:
		return lin{}, nil
	case vi.Lo == vi.Hi:
		return lin{c: 1}, nil
	case vi.Kind == encode.BoolVar:
		return litExpr(encode.Lit{Var: v, Neg: val == 0}), nil
	}
	cols, err := p.oneHot(v)
	if err != nil {
		return lin{}, err
	}
	return lin{terms: []lterm{{cols[val-vi.Lo], 1}}}, nil
}

// oneHot returns v's value columns, making them on first use: binaries
// y_k with Σ y_k = 1 and Σ (lo+k)·y_k = v.
func (p *mip) oneHot(v encode.Var) ([]int, error) {
	if cols, ok := p.onehot[v]; ok {
		return cols, nil
	}
	vi := p.m.Vars[v]
	if vi.Hi-vi.Lo >= maxOneHot {
		return nil, fmt.Errorf("variable %q has %d values, too many for one binary per value (at most %d)", vi.Name, vi.Hi-vi.Lo+1, maxOneHot)
	}
	b := block{comment: fmt.Sprintf("one binary per value of %s", strconv.Quote(vi.Name))}
	var sum, val lin
	cols := make([]int, 0, vi.Hi-vi.Lo+1)
	for x := vi.Lo; x <= vi.Hi; x++ {
		c := p.newCol(fmt.Sprintf("%s_eq_%s", p.cols[v].name, valueTag(x)), 0, 1, true)
		cols = append(cols, c)
		sum.terms = append(sum.terms, lterm{c, 1})
		val.terms = append(val.terms, lterm{c, x})
	}
	p.onehot[v] = cols
	b.rows = append(b.rows, row{terms: sum.terms, op: encode.EQ, rhs: 1})
	val = val.add(p.varExpr(v), -1)
	b.rows = append(b.rows, row{terms: merge(val.terms), op: encode.EQ, rhs: 0})
	p.blocks = append(p.blocks, b)
	return cols, nil
}

// valueTag writes a value for a name: 3 or m3 for -3.
func valueTag(x int64) string {
	if x < 0 {
		return "m" + strconv.FormatInt(-x, 10)
	}
	return strconv.FormatInt(x, 10)
}

// merge sums the coefficients per column, drops zeros and keeps the order
// of first appearance.
func merge(ts []lterm) []lterm {
	pos := map[int]int{}
	var out []lterm
	for _, t := range ts {
		if i, ok := pos[t.col]; ok {
			out[i].coef += t.coef
			continue
		}
		pos[t.col] = len(out)
		out = append(out, t)
	}
	k := 0
	for _, t := range out {
		if t.coef != 0 {
			out[k] = t
			k++
		}
	}
	return out[:k]
}

// span returns the least and greatest value of sum(ts) over the column
// bounds.
func (p *mip) span(ts []lterm) (lo, hi int64) {
	for _, t := range ts {
		c := p.cols[t.col]
		a, b := t.coef*c.lo, t.coef*c.hi
		lo += min(a, b)
		hi += max(a, b)
	}
	return lo, hi
}

// addRow adds "e op rhs, unless one of relax is 1" to the current block:
// each relax expression is 0 or 1, and the row gets a big-M term per relax
// expression, M being the most the row can be violated by. A row that
// always holds is left out.
func (p *mip) addRow(e lin, op encode.Op, rhs int64, relax ...lin) {
	if op == encode.EQ {
		p.addRow(e, encode.LE, rhs, relax...)
		p.addRow(e, encode.GE, rhs, relax...)
		return
	}
	ts := merge(e.terms)
	rhs -= e.c
	lo, hi := p.span(ts)
	var bigM int64
	if op == encode.LE {
		if hi <= rhs {
			return
		}
		bigM = hi - rhs
	} else {
		if lo >= rhs {
			return
		}
		bigM = rhs - lo
	}
	// LE: e ≤ rhs + M·Σr, that is e − M·Σr.terms ≤ rhs + M·Σr.c;
	// GE: e ≥ rhs − M·Σr, that is e + M·Σr.terms ≥ rhs − M·Σr.c.
	k := int64(-1)
	if op == encode.GE {
		k = 1
	}
	for _, r := range relax {
		for _, t := range r.terms {
			ts = append(ts, lterm{t.col, k * bigM * t.coef})
		}
		rhs -= k * bigM * r.c
	}
	ts = merge(ts)
	if len(ts) == 0 {
		// A constant row that fails: keep it as zero op rhs over a column
		// fixed to 0, so the file says the model is infeasible.
		if p.zero < 0 {
			p.zero = p.newCol("zero", 0, 0, false)
		}
		ts = []lterm{{p.zero, 1}}
	}
	b := &p.blocks[len(p.blocks)-1]
	b.rows = append(b.rows, row{terms: ts, op: op, rhs: rhs})
}

// enforce returns the relax expressions of c's enforcement literals: the
// constraint may fail when one of them is false.
func enforce(c *encode.Constraint) []lin {
	var out []lin
	for _, l := range c.Enforce {
		out = append(out, litExpr(l.Not()))
	}
	return out
}

func with(rs []lin, more ...lin) []lin { return append(append([]lin(nil), rs...), more...) }

func (p *mip) constraint(ci int, c *encode.Constraint) error {
	enf := enforce(c)
	aux := func(what string, args ...any) string { return fmt.Sprintf("c%d_%s", ci, fmt.Sprintf(what, args...)) }
	switch c.Kind {
	case encode.Linear:
		p.addRow(p.termsExpr(c.Terms), c.Op, c.RHS, enf...)
	case encode.AtMost, encode.AtLeast, encode.Exactly:
		var e lin
		for _, l := range c.Lits {
			e = e.add(litExpr(l), 1)
		}
		op := map[encode.Kind]encode.Op{encode.AtMost: encode.LE, encode.AtLeast: encode.GE, encode.Exactly: encode.EQ}[c.Kind]
		p.addRow(e, op, int64(c.K), enf...)
	case encode.AllDifferent:
		if len(c.Vars) < 2 {
			return nil
		}
		vals := map[int64]bool{}
		for _, v := range c.Vars {
			vi := p.m.Vars[v]
			if vi.Hi-vi.Lo >= maxOneHot {
				return fmt.Errorf("variable %q has %d values, too many for one binary per value (at most %d)", vi.Name, vi.Hi-vi.Lo+1, maxOneHot)
			}
			for x := vi.Lo; x <= vi.Hi; x++ {
				vals[x] = true
			}
		}
		sorted := make([]int64, 0, len(vals))
		for x := range vals {
			sorted = append(sorted, x)
		}
		sort.Slice(sorted, func(i, j int) bool { return sorted[i] < sorted[j] })
		for _, x := range sorted {
			var e lin
			for _, v := range c.Vars {
				t, err := p.eqExpr(v, x)
				if err != nil {
					return err
				}
				e = e.add(t, 1)
			}
			p.addRow(e, encode.LE, 1, enf...)
		}
	case encode.NoOverlap:
		for i, a := range c.Intervals {
			for j := i + 1; j < len(c.Intervals); j++ {
				b := c.Intervals[j]
				x, y := p.m.Vars[a.Start], p.m.Vars[b.Start]
				if a.Duration == 0 || b.Duration == 0 || (a.Start != b.Start && (x.Hi+a.Duration <= y.Lo || y.Hi+b.Duration <= x.Lo)) {
					continue
				}
				rel := enf
				if a.Present != nil {
					rel = with(rel, litExpr(a.Present.Not()))
				}
				if b.Present != nil {
					rel = with(rel, litExpr(b.Present.Not()))
				}
				before := p.newCol(aux("before_%d_%d", i, j), 0, 1, true)
				bl := lin{terms: []lterm{{before, 1}}}
				diff := p.varExpr(a.Start).add(p.varExpr(b.Start), -1) // sa − sb
				// before: sa + da ≤ sb; otherwise sb + db ≤ sa.
				p.addRow(diff, encode.LE, -a.Duration, with(rel, lin{c: 1}.add(bl, -1))...)
				p.addRow(diff, encode.GE, b.Duration, with(rel, bl)...)
			}
		}
	case encode.Circuit:
		p.circuit(c, enf, aux)
	case encode.Element:
		iv := p.m.Vars[c.Index]
		var sel lin
		var outside lin
		for x := iv.Lo; x <= iv.Hi; x++ {
			t, err := p.eqExpr(c.Index, x)
			if err != nil {
				return err
			}
			if x >= 0 && x < int64(len(c.Array)) {
				sel = sel.add(t, c.Array[x])
			} else {
				outside = outside.add(t, 1)
			}
		}
		p.addRow(outside, encode.LE, 0, enf...)
		p.addRow(p.varExpr(c.Target).add(sel, -1), encode.EQ, 0, enf...)
	case encode.Table:
		var sum lin
		vals := make([]lin, len(c.Vars))
	tuples:
		for k, t := range c.Tuples {
			for j, v := range c.Vars {
				if vi := p.m.Vars[v]; t[j] < vi.Lo || t[j] > vi.Hi {
					continue tuples
				}
			}
			s := p.newCol(aux("tuple_%d", k), 0, 1, true)
			sum.terms = append(sum.terms, lterm{s, 1})
			for j := range c.Vars {
				vals[j].terms = append(vals[j].terms, lterm{s, t[j]})
			}
		}
		p.addRow(sum, encode.GE, 1, enf...)
		p.addRow(sum, encode.LE, 1)
		for j, v := range c.Vars {
			p.addRow(p.varExpr(v).add(vals[j], -1), encode.EQ, 0, enf...)
		}
	case encode.Max:
		var sum lin
		for i, v := range c.Vars {
			diff := p.varExpr(c.Target).add(p.varExpr(v), -1)
			p.addRow(diff, encode.GE, 0, enf...)
			z := p.newCol(aux("max_%d", i), 0, 1, true)
			sum.terms = append(sum.terms, lterm{z, 1})
			p.addRow(diff, encode.LE, 0, with(enf, lin{c: 1, terms: []lterm{{z, -1}}})...)
		}
		p.addRow(sum, encode.GE, 1, enf...)
	}
	return nil
}

// circuit: one arc out of and one into every node (Σ lits = 1), and
// subtour elimination by positions (Miller, Tucker & Zemlin 1960): the
// first node has position 0, the others a position in [1, n−1], and an arc
// u→v between two other nodes implies pos(v) ≥ pos(u) + 1.
func (p *mip) circuit(c *encode.Constraint, enf []lin, aux func(string, ...any) string) {
	out, in := map[int]lin{}, map[int]lin{}
	nodes := map[int]bool{}
	for _, a := range c.Arcs {
		l := litExpr(a.Lit)
		out[a.From] = out[a.From].add(l, 1)
		in[a.To] = in[a.To].add(l, 1)
		nodes[a.From], nodes[a.To] = true, true
	}
	ns := make([]int, 0, len(nodes))
	for n := range nodes {
		ns = append(ns, n)
	}
	sort.Ints(ns)
	for _, n := range ns {
		p.addRow(out[n], encode.EQ, 1, enf...)
		p.addRow(in[n], encode.EQ, 1, enf...)
	}
	if len(ns) <= 2 {
		return
	}
	root := ns[0]
	pos := map[int]int{}
	for _, n := range ns[1:] {
		pos[n] = p.newCol(aux("pos_%d", n), 1, int64(len(ns)-1), false)
	}
	for _, a := range c.Arcs {
		if a.From == root || a.To == root {
			continue
		}
		diff := lin{terms: []lterm{{pos[a.From], 1}, {pos[a.To], -1}}} // pos(u) − pos(v) ≤ −1
		p.addRow(diff, encode.LE, -1, with(enf, litExpr(a.Lit.Not()))...)
	}
}

// objective returns the objective to write: the single level as it is, or
// the levels combined (Combine). Minimize is false for a single level to
// maximize.
func (p *mip) objective() (ts []lterm, minimize bool, err error) {
	switch len(p.m.Objectives) {
	case 0:
		return nil, true, nil
	case 1:
		o := p.m.Objectives[0]
		return merge(p.termsExpr(o.Terms).terms), o.Sense == encode.Minimize, nil
	}
	comb, err := Combine(p.m)
	if err != nil {
		return nil, false, err
	}
	return merge(p.termsExpr(comb).terms), true, nil
}
