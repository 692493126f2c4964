package encode

// Lowering a Model to CNF.
//
// Literals are DIMACS integers: variable v > 0, literal v or -v. Variable 1
// is the constant true (a unit clause); nothing else is assumed about the
// numbering, so the clauses can go to any Sink.
//
// Encodings, and where they come from:
//
//   - Integers: the order encoding, one literal [x ≥ t] per value with
//     [x ≥ t+1] → [x ≥ t] (Crawford & Baker 1994; Tamura, Taga, Kitagawa &
//     Banbara, "Compiling finite linear CSP into SAT", Constraints 14(2),
//     2009). Unit propagation then does bounds reasoning.
//   - Linear constraints with one or two terms: the support clauses of the
//     order encoding, x ≥ t → y ≥ f(t), one clause per value of the smaller
//     domain (Tamura et al. 2009). Precedences and disjunctions of job-shop
//     models are of this kind.
//   - Linear constraints with three or more terms, cardinality constraints
//     and objectives: the generalized totalizer (Joshi, Martins & Manquinho,
//     "Generalized Totalizer Encoding for Pseudo-Boolean Constraints", CP
//     2015), itself the weighted form of the totalizer of Bailleux &
//     Boufkhad (CP 2003). Each node keeps one output per attainable sum, cut
//     at bound+1, with the one-directional clauses "children sums a and b
//     imply output a+b" and "output v' implies output v for v < v'". The
//     bound "sum ≤ k" is then the single literal ¬out(k+1), which a solver
//     can assume; order-encoded integers enter as unary leaves, so an
//     objective that is a single integer (a makespan) costs no extra clauses.
//   - Objectives whose totalizer would pass 50k clauses (many distinct
//     weights: tour lengths): bit buckets with carries, the "global
//     polynomial watchdog" of Bailleux, Boufkhad & Roussel (SAT 2009),
//     built once and bounded through assumable constant inputs
//     (watchdog.go).
//   - Objectives over exactly-k groups (Exactly constraints, a circuit's
//     out- and in-arcs) are first rewritten to reduced costs plus a
//     constant by integer Lagrangian multipliers on the groups, found by
//     coordinate ascent on the LP bound of the groups (reduceCosts); the
//     constant and the negative reduced costs give LevelBound. The LP
//     bound over all cardinality rows, by subgradient steps, and the
//     reduced-cost fixings it implies under a bound, behind an
//     activation literal, only steer a backend's descent (lpfix.go).
//   - Objectives over the booleans of one unconditional at-most-one or
//     exactly-one constraint (the code of a choice, as a per-entry
//     tie-break) need no counter: "sum ≤ k" is "every term of weight > k is
//     false", one literal or a fresh one implying those negations
//     (exclusiveLevel).
//   - At-most-one of up to six literals: pairwise clauses.
//   - All-different: value literals x=v and at-most-one per value.
//   - No-overlap: one precedence literal per pair of intervals with the
//     two disjuncts as guarded difference constraints, plus one redundant
//     energy clause per distinct earliest start and latest end of the
//     mandatory intervals (energy), which makes the one-machine bound of
//     job shop (Carlier & Pinson 1989) a matter of unit propagation.
//   - Circuit: exactly one outgoing and one incoming arc per node, and
//     subtour elimination by order-encoded positions (Miller, Tucker &
//     Zemlin 1960): arc u→v implies pos(v) ≥ pos(u)+1 unless v is the first
//     node.
//   - Element, table: one clause per index value / a selector per tuple.
//   - Max: target ≥ each argument, and [target ≥ t] → OR [x_i ≥ t].
//
// Every clause of a constraint carries its guard: the negation of its
// group's selector literal (Selector) and of each OnlyIf literal. A backend
// either asserts the selectors or assumes them to extract cores.

import (
	"context"
	"fmt"
	"maps"
	"math"
	"slices"
	"sort"
)

// Sink receives clauses. The slice is only valid during the call.
type Sink interface {
	AddClause(c []int32)
}

// Log is a Sink that keeps every clause, for DIMACS output and tests.
type Log struct {
	Clauses [][]int32
}

// AddClause appends a copy of c.
func (l *Log) AddClause(c []int32) { l.Clauses = append(l.Clauses, append([]int32(nil), c...)) }

type tee []Sink

func (t tee) AddClause(c []int32) {
	for _, s := range t {
		s.AddClause(c)
	}
}

// Tee returns a Sink that passes every clause to each of sinks.
func Tee(sinks ...Sink) Sink { return tee(sinks) }

// ordInt is an order-encoded integer: lits[k] is [x ≥ lo+1+k].
type ordInt struct {
	lo, hi int64
	lits   []int32
}

// Encoding is a model lowered to CNF. It keeps what a backend needs to
// solve and decode: the order literals of every variable, one selector
// literal per constraint group, and counters for the objective levels,
// built on demand.
type Encoding struct {
	m     *Model
	sink  Sink
	nvars int32
	ncl   int
	nlits int64
	tru   int32
	vars  []ordInt
	guard []int32
	buf   []int32

	// While limited (in LowerContext and ObjectiveBoundContext), every
	// pollEvery variables, clauses or steps of a loop check ctx and
	// maxBytes, and abort the lowering by a panic of type abort.
	limited  bool
	ctx      context.Context
	maxBytes int64
	work     uint

	// Selector[g] is the selector literal of group Groups[g].
	Groups   []string
	Selector []int32
	groupIdx map[string]int

	counters []*counter // per objective level, nil until built
	// plainCounters: per level, over the costs before reduceCosts, for
	// bounds below what the reduction proves (see ObjectiveBound).
	plainCounters []*counter
	groups        *[]exactGroup
	// reductions: per level, reduceCosts of its terms, nil until used.
	reductions []*reduction
	// lps: per level, the LP multipliers and fixings (lpfix.go), nil
	// until used.
	lps []*lpFix
	// amo[v] is the index of an at-most-one group holding bool variable
	// v (see exclusiveLevel); built on first use.
	amo map[Var]int
	// exclusive caches the bound literals of exclusive levels by
	// (level, bound).
	exclusive map[[2]int64]int32
}

// counter is the encoding of an objective level, normalized to minimize
// sum(w·lit) + offset with w > 0: a generalized totalizer (values, outs)
// or, when that would be too large, a bucket network (pw).
type counter struct {
	cap    int64 // outputs above cap collapse into cap+1
	values []int64
	outs   []int32
	pw     *watchdog
}

// Lower encodes m into clauses sent to sink. m must pass Validate. Its cost
// is linear in the model for most constraints; no-overlap is quadratic in
// the intervals times the domain sizes, and totalizers are quadratic in the
// number of attainable sums below the bound. It is LowerContext without a
// context or a budget.
func Lower(m *Model, sink Sink) (*Encoding, error) {
	return LowerContext(context.Background(), m, sink, 0)
}

// LowerContext is Lower bounded in time and memory. When ctx ends, it
// stops within a few thousand clauses with a *StoppedError (wrapping
// ctx's error). With maxBytes > 0, a model whose Estimate passes maxBytes
// (as Size.Bytes counts it) is refused before anything is lowered, and the
// lowering stops when what it added passes maxBytes, both with a
// *TooLargeError; the budget also bounds the objective counters that
// ObjectiveBound builds later. What reached sink before an error is to be
// discarded with the Encoding.
func LowerContext(ctx context.Context, m *Model, sink Sink, maxBytes int64) (*Encoding, error) {
	if err := m.Validate(); err != nil {
		return nil, err
	}
	if maxBytes > 0 {
		if est := Estimate(m); est.Bytes() > maxBytes {
			return nil, &TooLargeError{Size: est, MaxBytes: maxBytes, Estimated: true}
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, &StoppedError{Err: err}
	}
	e := &Encoding{m: m, sink: sink, groupIdx: map[string]int{}, maxBytes: maxBytes}
	if err := e.bounded(ctx, e.lowerAll); err != nil {
		return nil, err
	}
	return e, nil
}

func (e *Encoding) lowerAll() error {
	m := e.m
	e.tru = e.newVar()
	// The unit clause of the constant (emit would drop it as satisfied):
	// ObjectiveBound returns -True() for an impossible bound, which a
	// caller may assume.
	e.ncl++
	e.nlits++
	e.sink.AddClause([]int32{e.tru})
	e.vars = make([]ordInt, len(m.Vars))
	for i, vi := range m.Vars {
		e.vars[i] = e.newInt(vi.Lo, vi.Hi)
	}
	for _, g := range m.Groups() {
		e.groupIdx[g] = len(e.Groups)
		e.Groups = append(e.Groups, g)
		e.Selector = append(e.Selector, e.newVar())
	}
	e.counters = make([]*counter, len(m.Objectives))
	e.plainCounters = make([]*counter, len(m.Objectives))
	e.reductions = make([]*reduction, len(m.Objectives))
	e.lps = make([]*lpFix, len(m.Objectives))
	for _, c := range m.Constraints {
		e.guard = e.guard[:0]
		e.guard = append(e.guard, -e.Selector[e.groupIdx[c.Group]])
		for _, l := range c.Enforce {
			e.guard = append(e.guard, -e.Lit(l))
		}
		if err := e.lower(c); err != nil {
			return fmt.Errorf("encode: constraint %q: %w", c.Name, err)
		}
	}
	e.guard = e.guard[:0]
	return nil
}

// pollEvery is how many variables, clauses or loop steps go between two
// checks of the context and the budget (a power of two).
const pollEvery = 1024

// abort carries the error that stops a limited lowering out of the
// clause-emitting code, which has no error results; bounded recovers it.
type abort struct{ err error }

// bounded runs f with the context and the budget checked (poll), and
// returns the error that stopped it, if any. On a stop, the guard is what
// it was before f.
func (e *Encoding) bounded(ctx context.Context, f func() error) (err error) {
	prevCtx, prevLimited := e.ctx, e.limited
	guard := append([]int32(nil), e.guard...)
	e.ctx, e.limited = ctx, true
	defer func() {
		e.ctx, e.limited = prevCtx, prevLimited
		if r := recover(); r != nil {
			a, ok := r.(abort)
			if !ok {
				panic(r)
			}
			e.guard = append(e.guard[:0], guard...)
			err = a.err
		}
	}()
	return f()
}

// poll counts a step of work and, every pollEvery steps of a limited
// lowering, stops it when its context has ended or its size has passed
// the budget.
func (e *Encoding) poll() {
	e.work++
	if !e.limited || e.work%pollEvery != 0 {
		return
	}
	if e.maxBytes > 0 {
		if sz := e.Size(); sz.Bytes() > e.maxBytes {
			panic(abort{&TooLargeError{Size: sz, MaxBytes: e.maxBytes}})
		}
	}
	if e.ctx != nil {
		if err := e.ctx.Err(); err != nil {
			panic(abort{&StoppedError{Size: e.Size(), Err: err}})
		}
	}
}

// Size returns the size of the CNF so far: the variables allocated and
// the clauses sent to the sink, with their literals.
func (e *Encoding) Size() Size {
	return Size{Vars: int64(e.nvars), Clauses: int64(e.ncl), Literals: e.nlits}
}

// NumVars returns the number of CNF variables allocated so far.
func (e *Encoding) NumVars() int { return int(e.nvars) }

// NumClauses returns the number of clauses sent to the sink so far.
func (e *Encoding) NumClauses() int { return e.ncl }

// True returns the literal that is constant true.
func (e *Encoding) True() int32 { return e.tru }

func (e *Encoding) newVar() int32 {
	e.nvars++
	e.poll()
	return e.nvars
}

func (e *Encoding) newInt(lo, hi int64) ordInt {
	x := ordInt{lo: lo, hi: hi, lits: make([]int32, hi-lo)}
	for k := range x.lits {
		x.lits[k] = e.newVar()
		if k > 0 {
			e.emitRaw(-x.lits[k], x.lits[k-1])
		}
	}
	return x
}

// ge returns the literal [x ≥ t].
func (e *Encoding) ge(x ordInt, t int64) int32 {
	switch {
	case t <= x.lo:
		return e.tru
	case t > x.hi:
		return -e.tru
	}
	return x.lits[t-x.lo-1]
}

// NewVar allocates a fresh CNF variable, for a backend's activation
// literals; backends must not number variables on their own.
func (e *Encoding) NewVar() int32 { return e.newVar() }

// Add sends a clause to the sink without any guard, for a backend's
// blocking clauses and units, so that a Log sees every clause.
func (e *Encoding) Add(lits ...int32) { e.emitRaw(lits...) }

// Ge returns the literal [v ≥ t] of variable v.
func (e *Encoding) Ge(v Var, t int64) int32 { return e.ge(e.vars[v], t) }

// Lit returns the CNF literal of a model literal (v ≠ 0, negated if Neg).
func (e *Encoding) Lit(l Lit) int32 {
	x := e.ge(e.vars[l.Var], 1)
	if l.Neg {
		return -x
	}
	return x
}

// Differs returns literals whose disjunction says v ≠ val.
func (e *Encoding) Differs(v Var, val int64) []int32 {
	x := e.vars[v]
	var out []int32
	if l := -e.ge(x, val); l != -e.tru {
		out = append(out, l)
	}
	if l := e.ge(x, val+1); l != -e.tru {
		out = append(out, l)
	}
	return out
}

// Decode reads an assignment of the model's variables from a SAT model,
// given as a function from CNF literal to truth value.
func (e *Encoding) Decode(value func(int32) bool) Assignment {
	a := make(Assignment, len(e.vars))
	for i, x := range e.vars {
		v := x.lo
		for _, l := range x.lits {
			if !value(l) {
				break
			}
			v++
		}
		a[i] = v
	}
	return a
}

// emit adds a clause with the current guard, after simplification against
// the constant true.
func (e *Encoding) emit(lits ...int32) {
	e.buf = e.buf[:0]
	for _, l := range lits {
		if l == e.tru {
			return
		}
		if l == -e.tru {
			continue
		}
		e.buf = append(e.buf, l)
	}
	for _, l := range e.guard {
		if l == e.tru {
			return
		}
		if l == -e.tru {
			continue
		}
		e.buf = append(e.buf, l)
	}
	e.ncl++
	e.nlits += int64(len(e.buf))
	e.sink.AddClause(e.buf)
	e.poll()
}

// emitRaw adds a clause without the guard.
func (e *Encoding) emitRaw(lits ...int32) {
	g := e.guard
	e.guard = nil
	e.emit(lits...)
	e.guard = g
}

// with runs f with extra guard literals.
func (e *Encoding) with(extra []int32, f func()) {
	n := len(e.guard)
	e.guard = append(e.guard, extra...)
	f()
	e.guard = e.guard[:n]
}

func (e *Encoding) lower(c *Constraint) error {
	switch c.Kind {
	case Linear:
		return e.linear(c.Terms, c.Op, c.RHS)
	case AtMost, AtLeast, Exactly:
		lits := make([]int32, len(c.Lits))
		for i, l := range c.Lits {
			lits[i] = e.Lit(l)
		}
		if c.Kind != AtLeast {
			if err := e.atMost(lits, c.K); err != nil {
				return err
			}
		}
		if c.Kind != AtMost {
			return e.atLeast(lits, c.K)
		}
	case AllDifferent:
		return e.allDifferent(c.Vars)
	case NoOverlap:
		e.noOverlap(c.Intervals)
	case Circuit:
		return e.circuit(c.Arcs)
	case Element:
		x, y := e.vars[c.Index], e.vars[c.Target]
		e.emit(e.ge(x, 0))
		e.emit(-e.ge(x, int64(len(c.Array))))
		for k, val := range c.Array {
			k := int64(k)
			if k < x.lo || k > x.hi {
				continue
			}
			e.emit(-e.ge(x, k), e.ge(x, k+1), e.ge(y, val))
			e.emit(-e.ge(x, k), e.ge(x, k+1), -e.ge(y, val+1))
		}
	case Table:
		e.table(c.Vars, c.Tuples)
	case Max:
		y := e.vars[c.Target]
		for _, v := range c.Vars {
			e.binary(1, e.vars[v], -1, y, 0) // x - y ≤ 0
		}
		or := make([]int32, len(c.Vars)+1)
		for t := y.lo; t <= y.hi; t++ {
			or[0] = -e.ge(y, t)
			for i, v := range c.Vars {
				or[i+1] = e.ge(e.vars[v], t)
			}
			e.emit(or...)
		}
	default:
		return fmt.Errorf("unknown kind %s", c.Kind)
	}
	return nil
}

// linear encodes sum(terms) op rhs.
func (e *Encoding) linear(terms []Term, op Op, rhs int64) error {
	ts := mergeTerms(terms)
	if op != GE {
		if err := e.leq(ts, rhs); err != nil {
			return err
		}
	}
	if op != LE {
		neg := make([]Term, len(ts))
		for i, t := range ts {
			neg[i] = Term{t.Var, -t.Coef}
		}
		return e.leq(neg, -rhs)
	}
	return nil
}

// mergeTerms sums the coefficients of repeated variables and drops zeros,
// keeping first-appearance order.
func mergeTerms(terms []Term) []Term {
	idx := map[Var]int{}
	var out []Term
	for _, t := range terms {
		if i, ok := idx[t.Var]; ok {
			out[i].Coef += t.Coef
			continue
		}
		idx[t.Var] = len(out)
		out = append(out, t)
	}
	k := 0
	for _, t := range out {
		if t.Coef != 0 {
			out[k] = t
			k++
		}
	}
	return out[:k]
}

// leq encodes sum(ts) ≤ k over distinct variables with non-zero
// coefficients.
func (e *Encoding) leq(ts []Term, k int64) error {
	switch len(ts) {
	case 0:
		if 0 > k {
			e.emit()
		}
		return nil
	case 1:
		e.emit(e.unaryLeq(ts[0].Coef, e.vars[ts[0].Var], k))
		return nil
	case 2:
		x, y := e.vars[ts[0].Var], e.vars[ts[1].Var]
		if x.hi-x.lo <= y.hi-y.lo {
			e.binary(ts[0].Coef, x, ts[1].Coef, y, k)
		} else {
			e.binary(ts[1].Coef, y, ts[0].Coef, x, k)
		}
		return nil
	}
	leaves, offset := e.leaves(ts)
	bound := k - offset
	if bound < 0 {
		e.emit()
		return nil
	}
	root, err := e.totalize(leaves, bound)
	if err != nil {
		return err
	}
	if n := len(root.values); n > 0 && root.values[n-1] > bound {
		e.emit(-root.outs[n-1])
	}
	return nil
}

// unaryLeq returns the literal of c·x ≤ k.
func (e *Encoding) unaryLeq(c int64, x ordInt, k int64) int32 {
	if c > 0 {
		return -e.ge(x, floorDiv(k, c)+1)
	}
	return e.ge(x, ceilDiv(k, c))
}

// binary encodes a·x + b·y ≤ k with one clause per value of x (Tamura et
// al. 2009): for a > 0, x ≥ t → b·y ≤ k − a·t; for a < 0, x ≤ t → the same.
func (e *Encoding) binary(a int64, x ordInt, b int64, y ordInt, k int64) {
	for t := x.lo; t <= x.hi; t++ {
		r := e.unaryLeq(b, y, k-a*t)
		if a > 0 {
			e.emit(-e.ge(x, t), r)
		} else {
			e.emit(e.ge(x, t+1), r)
		}
	}
}

// node is a totalizer node: outs[i] is implied by "sum ≥ values[i]";
// values ascend, and outs[i+1] → outs[i].
type node struct {
	values []int64
	outs   []int32
}

// leaves turns terms into unary leaves with positive weights and the
// constant offset: c·x = c·lo + c·(x−lo) for c > 0 and c·hi + |c|·(hi−x)
// for c < 0.
func (e *Encoding) leaves(ts []Term) ([]node, int64) {
	var off int64
	ns := make([]node, 0, len(ts))
	for _, t := range ts {
		x := e.vars[t.Var]
		n := node{}
		if t.Coef > 0 {
			off += t.Coef * x.lo
			for k, l := range x.lits {
				n.values = append(n.values, t.Coef*int64(k+1))
				n.outs = append(n.outs, l)
			}
		} else {
			c := -t.Coef
			off += t.Coef * x.hi
			for k := range x.lits {
				// hi − x ≥ k+1  ⇔  ¬[x ≥ hi−k]
				n.values = append(n.values, c*int64(k+1))
				n.outs = append(n.outs, -e.ge(x, x.hi-int64(k)))
			}
		}
		ns = append(ns, n)
	}
	return ns, off
}

// maxTotalizerClauses bounds the clauses one totalizer may add (a
// variable for tests).
var maxTotalizerClauses = 20_000_000

// totalize merges leaves pairwise into one node whose values are cut at
// bound+1 (generalized totalizer, Joshi et al. 2015).
func (e *Encoding) totalize(ns []node, bound int64) (node, error) {
	for i := range ns {
		ns[i] = e.cut(ns[i], bound)
	}
	budget := maxTotalizerClauses
	for len(ns) > 1 {
		var next []node
		for i := 0; i+1 < len(ns); i += 2 {
			n, err := e.merge(ns[i], ns[i+1], bound, &budget)
			if err != nil {
				return node{}, err
			}
			next = append(next, n)
		}
		if len(ns)%2 == 1 {
			next = append(next, ns[len(ns)-1])
		}
		ns = next
	}
	if len(ns) == 0 {
		return node{}, nil
	}
	return ns[0], nil
}

// cut collapses the values above bound+1 of a leaf: its output for the
// smallest value above bound stands for all of them.
func (e *Encoding) cut(n node, bound int64) node {
	for i, v := range n.values {
		if v > bound {
			return node{values: append(n.values[:i:i], bound+1), outs: append(n.outs[:i:i], n.outs[i])}
		}
	}
	return n
}

func (e *Encoding) merge(a, b node, bound int64, budget *int) (node, error) {
	sums := map[int64]bool{}
	add := func(s int64) {
		if s > bound {
			s = bound + 1
		}
		sums[s] = true
	}
	for _, x := range a.values {
		add(x)
		for _, y := range b.values {
			add(x + y)
		}
	}
	for _, y := range b.values {
		add(y)
	}
	*budget -= len(a.values)*len(b.values) + len(a.values) + len(b.values) + len(sums)
	if *budget < 0 {
		return node{}, fmt.Errorf("totalizer needs more than %d clauses; the sum has too many distinct values below %d", maxTotalizerClauses, bound+1)
	}
	n := node{values: make([]int64, 0, len(sums))}
	for s := range sums {
		n.values = append(n.values, s)
	}
	sort.Slice(n.values, func(i, j int) bool { return n.values[i] < n.values[j] })
	n.outs = make([]int32, len(n.values))
	pos := make(map[int64]int, len(n.values))
	for i, s := range n.values {
		n.outs[i] = e.newVar()
		pos[s] = i
		if i > 0 {
			e.emit(-n.outs[i], n.outs[i-1])
		}
	}
	out := func(s int64) int32 {
		if s > bound {
			s = bound + 1
		}
		return n.outs[pos[s]]
	}
	for i, x := range a.values {
		e.emit(-a.outs[i], out(x))
		for j, y := range b.values {
			e.emit(-a.outs[i], -b.outs[j], out(x+y))
		}
	}
	for j, y := range b.values {
		e.emit(-b.outs[j], out(y))
	}
	return n, nil
}

// atMost encodes "at most k of lits". The totalizer of unit weights has
// at most n·(k+1) clauses per level of its tree; past maxTotalizerClauses
// it is an error (before, an index panic).
func (e *Encoding) atMost(lits []int32, k int) error {
	switch {
	case k >= len(lits):
		return nil
	case k == 0:
		for _, l := range lits {
			e.emit(-l)
		}
		return nil
	case k == 1 && len(lits) <= 6:
		for i := range lits {
			for j := i + 1; j < len(lits); j++ {
				e.emit(-lits[i], -lits[j])
			}
		}
		return nil
	}
	ns := make([]node, len(lits))
	for i, l := range lits {
		ns[i] = node{values: []int64{1}, outs: []int32{l}}
	}
	root, err := e.totalize(ns, int64(k))
	if err != nil {
		return err
	}
	e.emit(-root.outs[len(root.outs)-1])
	return nil
}

// atLeast encodes "at least k of lits" as "at most n−k of their negations".
func (e *Encoding) atLeast(lits []int32, k int) error {
	switch {
	case k <= 0:
		return nil
	case k > len(lits):
		e.emit()
		return nil
	case k == 1:
		e.emit(lits...)
		return nil
	}
	neg := make([]int32, len(lits))
	for i, l := range lits {
		neg[i] = -l
	}
	return e.atMost(neg, len(lits)-k)
}

// eq returns a literal implied by x = v (x ≥ v ∧ ¬(x ≥ v+1)).
func (e *Encoding) eq(x ordInt, v int64) int32 {
	switch {
	case v < x.lo || v > x.hi:
		return -e.tru
	case v == x.lo:
		return -e.ge(x, v+1)
	case v == x.hi:
		return e.ge(x, v)
	}
	l := e.newVar()
	e.emit(-e.ge(x, v), e.ge(x, v+1), l)
	return l
}

func (e *Encoding) allDifferent(vs []Var) error {
	lo, hi := int64(math.MaxInt64), int64(math.MinInt64)
	for _, v := range vs {
		lo = min(lo, e.vars[v].lo)
		hi = max(hi, e.vars[v].hi)
	}
	var ls []int32
	for val := lo; val <= hi; val++ {
		e.poll() // values in no domain add nothing but take time
		ls = ls[:0]
		for _, v := range vs {
			if x := e.vars[v]; val >= x.lo && val <= x.hi {
				ls = append(ls, e.eq(x, val))
			}
		}
		if err := e.atMost(ls, 1); err != nil {
			return err
		}
	}
	return nil
}

func (e *Encoding) noOverlap(ivs []Interval) {
	for i, p := range ivs {
		for _, q := range ivs[i+1:] {
			e.poll() // pairs that cannot meet add nothing but take time
			if p.Duration == 0 || q.Duration == 0 {
				continue
			}
			x, y := e.vars[p.Start], e.vars[q.Start]
			if x.hi+p.Duration <= y.lo || y.hi+q.Duration <= x.lo {
				continue // they cannot meet
			}
			var extra []int32
			if p.Present != nil {
				extra = append(extra, -e.Lit(*p.Present))
			}
			if q.Present != nil {
				extra = append(extra, -e.Lit(*q.Present))
			}
			before := e.newVar() // p ends before q starts
			e.with(append(extra, -before), func() { e.binary(1, x, -1, y, -p.Duration) })
			e.with(append(extra, before), func() { e.binary(1, y, -1, x, -q.Duration) })
		}
	}
	e.energy(ivs)
}

// energy adds the redundant energy clauses of a no-overlap: the mandatory
// intervals that cannot start before a need their total duration P from a
// on, so one of them ends after a+P−1 (one clause per distinct earliest
// start a), and, mirrored, the mandatory intervals that cannot end after c
// need P up to c, so one of them starts before c−P+1 (one clause per
// distinct latest end c). A clause over a subset stays valid for any
// window, so only the widest impossible one is needed: a narrower window
// is implied. The pairwise disjunctions imply both clauses, but unit
// propagation does not find them: with them, a makespan bound below a
// machine's head + load + tail (the classical one-machine bound of job
// shop; Carlier & Pinson, Management Science 35(2), 1989) fails by
// propagation alone instead of a search over the orders. Optional
// intervals bring no energy and are left out.
func (e *Encoding) energy(ivs []Interval) {
	type iv struct {
		x ordInt
		d int64
	}
	var all []iv
	for _, p := range ivs {
		if p.Present == nil && p.Duration > 0 {
			all = append(all, iv{e.vars[p.Start], p.Duration})
		}
	}
	if len(all) < 3 {
		return // two intervals: the pair's disjunction is the whole story
	}
	heads := map[int64]bool{}
	ends := map[int64]bool{}
	for _, p := range all {
		heads[p.x.lo] = true
		ends[p.x.hi+p.d] = true
	}
	var lits []int32
	for _, a := range slices.Sorted(maps.Keys(heads)) {
		var load int64
		for _, p := range all {
			e.poll()
			if p.x.lo >= a {
				load += p.d
			}
		}
		lits = lits[:0]
		for _, p := range all {
			if p.x.lo >= a {
				lits = append(lits, e.ge(p.x, a+load-p.d))
			}
		}
		if len(lits) >= 2 {
			e.emit(lits...)
		}
	}
	for _, c := range slices.Sorted(maps.Keys(ends)) {
		var load int64
		for _, p := range all {
			e.poll()
			if p.x.hi+p.d <= c {
				load += p.d
			}
		}
		lits = lits[:0]
		for _, p := range all {
			if p.x.hi+p.d <= c {
				lits = append(lits, -e.ge(p.x, c-load+1))
			}
		}
		if len(lits) >= 2 {
			e.emit(lits...)
		}
	}
}

func (e *Encoding) circuit(arcs []Arc) error {
	out, in := map[int][]int32{}, map[int][]int32{}
	nodes := map[int]bool{}
	for _, a := range arcs {
		l := e.Lit(a.Lit)
		out[a.From] = append(out[a.From], l)
		in[a.To] = append(in[a.To], l)
		nodes[a.From], nodes[a.To] = true, true
	}
	ns := make([]int, 0, len(nodes))
	for n := range nodes {
		ns = append(ns, n)
	}
	sort.Ints(ns)
	for _, n := range ns {
		for _, ls := range [][]int32{out[n], in[n]} {
			if err := e.atMost(ls, 1); err != nil {
				return err
			}
			e.emit(ls...)
		}
	}
	if len(ns) <= 2 {
		return nil
	}
	root := ns[0]
	pos := map[int]ordInt{}
	for _, n := range ns[1:] {
		pos[n] = e.newInt(1, int64(len(ns)-1))
	}
	for _, a := range arcs {
		if a.From == root || a.To == root {
			continue
		}
		e.with([]int32{-e.Lit(a.Lit)}, func() { e.binary(1, pos[a.From], -1, pos[a.To], -1) })
	}
	return nil
}

func (e *Encoding) table(vs []Var, tuples [][]int64) {
	var sel []int32
tuples:
	for _, t := range tuples {
		for j, v := range vs {
			if x := e.vars[v]; t[j] < x.lo || t[j] > x.hi {
				continue tuples
			}
		}
		s := e.newVar()
		sel = append(sel, s)
		for j, v := range vs {
			e.emit(-s, e.ge(e.vars[v], t[j]))
			e.emit(-s, -e.ge(e.vars[v], t[j]+1))
		}
	}
	e.emit(sel...)
}

// ObjectiveBound returns a literal that, when true, enforces that level l
// of the objective is at least as good as b (≤ b for Minimize, ≥ b for
// Maximize). Assume it; do not add it. The level's counter is built on the
// first call and rebuilt, with new clauses, when b needs a higher cut.
// It returns True() when the bound cannot be violated.
func (e *Encoding) ObjectiveBound(level int, b int64) (int32, error) {
	return e.ObjectiveBoundContext(context.Background(), level, b)
}

// ObjectiveBoundContext is ObjectiveBound stopped when ctx ends (a
// *StoppedError) or when the encoding passes the budget it was lowered
// with (a *TooLargeError); a counter cut short is not kept, and the
// clauses it added constrain only its own fresh variables.
func (e *Encoding) ObjectiveBoundContext(ctx context.Context, level int, b int64) (int32, error) {
	var lit int32
	err := e.bounded(ctx, func() error {
		var err error
		lit, err = e.objectiveBound(level, b)
		return err
	})
	return lit, err
}

func (e *Encoding) objectiveBound(level int, b int64) (int32, error) {
	o := e.m.Objectives[level]
	ts := mergeTerms(o.Terms)
	if o.Sense == Maximize {
		for i := range ts {
			ts[i].Coef = -ts[i].Coef
		}
		b = -b
	}
	// The counter runs over the reduced costs (reduceCosts) unless the
	// bound is below what the groups must pay: then the reduced counter
	// would make the bound the constant false, and the claim "no solution
	// is this good" would rest on the reduction alone, with nothing for a
	// solver or a proof checker to refute. A second counter over the plain
	// costs keeps that claim a refutation.
	if lits, ok := e.exclusiveLevel(ts); ok {
		return e.exclusiveBound(level, ts, lits, b), nil
	}
	plain := ts
	red := e.reductionOf(level, ts)
	leaves, off := e.leaves(red.terms)
	off += red.shift
	k := b - off // normalized: sum ≤ k
	counters := e.counters
	if k < 0 && red.applied {
		leaves, off = e.leaves(plain)
		k = b - off
		counters = e.plainCounters
	}
	if k < 0 {
		return -e.tru, nil
	}
	c := counters[level]
	if c == nil || c.cap < k {
		saved := e.guard
		e.guard = nil
		var err error
		c = &counter{cap: k}
		if gteSize(leaves, k, maxObjectiveGTE) > maxObjectiveGTE {
			c.pw, err = e.watchdog(leaves, k)
		} else {
			var root node
			root, err = e.totalize(leaves, k)
			c.values, c.outs = root.values, root.outs
		}
		e.guard = saved
		if err != nil {
			return 0, fmt.Errorf("encode: objective level %d: %w", level, err)
		}
		counters[level] = c
	}
	if c.pw != nil {
		return e.pwBound(c.pw, k), nil
	}
	i := sort.Search(len(c.values), func(i int) bool { return c.values[i] > k })
	if i == len(c.values) {
		return e.tru, nil
	}
	return -c.outs[i], nil
}

// exclusiveLevel reports whether the normalized terms ts (positive
// weights, to minimize) are boolean variables of which at most one is
// true in every solution: all in one unconditional at-most-one or
// exactly-one constraint of the model. It returns their literals. Such a
// level (the code of a choice among exclusive options, as a stated
// per-entry tie-break) has the value of its one true term, so a bound
// needs no counter (see exclusiveBound).
func (e *Encoding) exclusiveLevel(ts []Term) ([]int32, bool) {
	if len(ts) < 2 {
		return nil, false
	}
	if e.amo == nil {
		e.amo = map[Var]int{}
		for i, c := range e.m.Constraints {
			if len(c.Enforce) > 0 || c.K != 1 || (c.Kind != AtMost && c.Kind != Exactly) {
				continue
			}
			for _, l := range c.Lits {
				x := e.vars[l.Var]
				if l.Neg || x.lo != 0 || x.hi != 1 {
					continue
				}
				if _, ok := e.amo[l.Var]; !ok {
					e.amo[l.Var] = i
				}
			}
		}
	}
	g, ok := e.amo[ts[0].Var]
	if !ok {
		return nil, false
	}
	lits := make([]int32, len(ts))
	for i, t := range ts {
		x := e.vars[t.Var]
		if t.Coef <= 0 || x.lo != 0 || x.hi != 1 {
			return nil, false
		}
		if h, ok := e.amo[t.Var]; !ok || h != g {
			return nil, false
		}
		lits[i] = x.lits[0]
	}
	// The group's variables must be distinct and unrepeated, or "at most
	// one" would not bound the sum (x + x ≤ 1 is not a constraint on x).
	seen := map[Var]bool{}
	for _, l := range e.m.Constraints[g].Lits {
		if seen[l.Var] {
			return nil, false
		}
		seen[l.Var] = true
	}
	return lits, true
}

// exclusiveBound returns a literal that, when true, makes the exclusive
// level's sum at most b: every term of weight above b false. It is one
// literal of the model when a single term is above b, else a fresh one
// implying each such term false (cached per level and bound).
func (e *Encoding) exclusiveBound(level int, ts []Term, lits []int32, b int64) int32 {
	if b < 0 {
		return -e.tru
	}
	var over []int32
	for i, t := range ts {
		if t.Coef > b {
			over = append(over, lits[i])
		}
	}
	switch len(over) {
	case 0:
		return e.tru
	case 1:
		return -over[0]
	}
	key := [2]int64{int64(level), b}
	if s, ok := e.exclusive[key]; ok {
		return s
	}
	if e.exclusive == nil {
		e.exclusive = map[[2]int64]int32{}
	}
	saved := e.guard
	e.guard = nil
	s := e.newVar()
	for _, l := range over {
		e.emit(-s, -l)
	}
	e.guard = saved
	e.exclusive[key] = s
	return s
}

// LevelBound returns a bound that level l of the objective cannot beat
// in any solution: a lower bound for Minimize, an upper bound for
// Maximize. It is LevelRange's bound after reduceCosts, so it counts
// what every exactly-k group of the model must pay.
func (e *Encoding) LevelBound(l int) int64 {
	o := e.m.Objectives[l]
	ts := mergeTerms(o.Terms)
	if o.Sense == Maximize {
		for i := range ts {
			ts[i].Coef = -ts[i].Coef
		}
	}
	red := e.reductionOf(l, ts)
	lb := red.shift
	for _, t := range red.terms {
		x := e.vars[t.Var]
		lb += min(t.Coef*x.lo, t.Coef*x.hi)
	}
	if o.Sense == Maximize {
		return -lb
	}
	return lb
}

// reductionOf returns reduceCosts of level l's normalized terms ts,
// computed on first use and kept.
func (e *Encoding) reductionOf(l int, ts []Term) *reduction {
	if r := e.reductions[l]; r != nil {
		return r
	}
	r := e.reduceCosts(ts)
	e.reductions[l] = &r
	return &r
}

// exactGroup is a set of distinct boolean variables of which exactly k are
// true in every solution (the model constraints hold unconditionally).
type exactGroup struct {
	vars []Var
	k    int64
}

// exactGroups lists the model's exactly-k constraints over positive
// literals of distinct boolean variables without enforcement literals, and
// the out- and in-arcs of each node of a circuit, in model order.
func (e *Encoding) exactGroups() []exactGroup {
	if e.groups != nil {
		return *e.groups
	}
	var gs []exactGroup
	boolLits := func(ls []Lit) []Var {
		seen := map[Var]bool{}
		var vs []Var
		for _, l := range ls {
			if l.Neg || seen[l.Var] || e.vars[l.Var].lo != 0 || e.vars[l.Var].hi != 1 {
				return nil
			}
			seen[l.Var] = true
			vs = append(vs, l.Var)
		}
		return vs
	}
	for _, c := range e.m.Constraints {
		if len(c.Enforce) > 0 {
			continue
		}
		switch c.Kind {
		case Exactly:
			if vs := boolLits(c.Lits); vs != nil {
				gs = append(gs, exactGroup{vs, int64(c.K)})
			}
		case Circuit:
			out, in := map[int][]Lit{}, map[int][]Lit{}
			var nodes []int
			for _, a := range c.Arcs {
				for _, n := range []int{a.From, a.To} {
					if out[n] == nil && in[n] == nil {
						nodes = append(nodes, n)
						out[n], in[n] = []Lit{}, []Lit{}
					}
				}
				out[a.From] = append(out[a.From], a.Lit)
				in[a.To] = append(in[a.To], a.Lit)
			}
			sort.Ints(nodes)
			for _, side := range []map[int][]Lit{out, in} {
				for _, n := range nodes {
					if vs := boolLits(side[n]); vs != nil {
						gs = append(gs, exactGroup{vs, 1})
					}
				}
			}
		}
	}
	e.groups = &gs
	return gs
}

// reduction is the rewrite of a sum to minimize by reduceCosts: terms
// (the reduced costs, zeros dropped) plus shift, equal to the sum in every
// solution; applied says some group had a non-zero multiplier, so that the
// reduced sum's least value, shift plus its negative terms, may exceed
// the plain sum's.
type reduction struct {
	terms   []Term
	shift   int64
	applied bool
}

// Limits of reduceCosts: the passes of coordinate ascent, the group
// memberships they may visit in all, and the magnitude of a multiplier
// or a reduced cost (far below int64's range, so that shift = Σ k·π
// cannot overflow for any group size a model can hold).
const (
	reducePasses = 32
	reduceWork   = 1 << 22
	reduceMax    = 1 << 40
)

// reduceCosts rewrites a sum to minimize, ts, as reduced costs plus a
// constant, by Lagrangian multipliers π_G on the exactly-k groups G: it
// subtracts π_G·(Σ_G x − k_G), which is zero in every solution, so
// Σ c·x = Σ (c − Σ_{G∋x} π_G)·x + Σ_G k_G·π_G exactly, in int64. The
// reduced sum's least value over the domains, shift plus its negative
// terms, is a lower bound (weak duality for the LP relaxation of the
// groups with 0 ≤ x ≤ 1). The multipliers come from integer coordinate
// ascent on that bound: a pass sets each group's π_G, in model order, to
// the k-th least of its members' costs reduced by the other groups — the
// best π_G for the others fixed — when that strictly raises the bound;
// passes repeat until none does (at most reducePasses, and reduceWork
// memberships in all). The first pass is the classical one: for a tour,
// the row, then the column reductions of the assignment problem's first
// Hungarian step; for a group with k ≥ 2, its k least costs. The rewrite
// assumes the groups' constraints hold, as they do once their selectors
// are asserted: backends ask for objective bounds only then.
//
// Cost: the passes, each O(Σ_G |G| log |G|); the result is cached per
// level by reductionOf.
func (e *Encoding) reduceCosts(ts []Term) reduction {
	gs := e.exactGroups()
	if len(gs) == 0 {
		return reduction{terms: ts}
	}
	r := make(map[Var]int64, len(ts))
	for _, t := range ts {
		r[t.Var] = t.Coef
	}
	pi := make([]int64, len(gs))
	var a []int64
	work := 0
	for pass := 0; pass < reducePasses && work < reduceWork; pass++ {
		raised := false
		for gi, g := range gs {
			work += len(g.vars)
			// a: the members' costs reduced by the other groups.
			a = a[:0]
			for _, v := range g.vars {
				a = append(a, r[v]+pi[gi])
			}
			p := kthLeast(a, g.k)
			if p == pi[gi] || p > reduceMax || p < -reduceMax || groupGain(a, g.k, p) <= groupGain(a, g.k, pi[gi]) {
				continue
			}
			ok := true
			for _, x := range a {
				if x-p > reduceMax || x-p < -reduceMax {
					ok = false
				}
			}
			if !ok {
				continue
			}
			for i, v := range g.vars {
				r[v] = a[i] - p
			}
			pi[gi] = p
			raised = true
		}
		if !raised {
			break
		}
	}
	var shift int64
	applied := false
	for gi, g := range gs {
		shift += g.k * pi[gi]
		applied = applied || pi[gi] != 0
	}
	if !applied {
		return reduction{terms: ts}
	}
	out := make([]Term, 0, len(ts))
	for _, t := range ts {
		if c := r[t.Var]; c != 0 {
			out = append(out, Term{t.Var, c})
		}
	}
	// Group members outside the sum enter it with their reduced cost.
	seen := make(map[Var]bool, len(ts))
	for _, t := range ts {
		seen[t.Var] = true
	}
	for _, g := range gs {
		for _, v := range g.vars {
			if !seen[v] {
				seen[v] = true
				if c := r[v]; c != 0 {
					out = append(out, Term{v, c})
				}
			}
		}
	}
	return reduction{terms: out, shift: shift, applied: true}
}

// kthLeast returns the best multiplier of a group with member costs a
// (reduced by the other groups) and k members true: the k-th least of a
// (the least for k = 0, the greatest for k ≥ |a|). It sorts a copy.
func kthLeast(a []int64, k int64) int64 {
	s := slices.Clone(a)
	slices.Sort(s)
	switch {
	case k <= 0:
		return s[0]
	case k >= int64(len(s)):
		return s[len(s)-1]
	}
	return s[k-1]
}

// groupGain is the group's part of the bound for multiplier p:
// k·p + Σ min(0, a_i − p), the least of Σ (a_i − p)·x_i + k·p over
// x ∈ {0,1}.
func groupGain(a []int64, k, p int64) int64 {
	g := k * p
	for _, x := range a {
		g += min(0, x-p)
	}
	return g
}

// LevelRange returns the least and greatest values that level l of the
// objective can take over the variable domains.
func (e *Encoding) LevelRange(l int) (lo, hi int64) {
	for _, t := range mergeTerms(e.m.Objectives[l].Terms) {
		x := e.vars[t.Var]
		a, b := t.Coef*x.lo, t.Coef*x.hi
		lo += min(a, b)
		hi += max(a, b)
	}
	return lo, hi
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

func ceilDiv(a, b int64) int64 {
	q := a / b
	if (a%b != 0) && ((a < 0) == (b < 0)) {
		q++
	}
	return q
}
