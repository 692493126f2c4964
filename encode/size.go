package encode

import (
	"fmt"
	"math"
	"slices"
	"sort"
)

// Size is the size of a CNF: its variables, its clauses and their
// literals (the sum of the clause lengths).
type Size struct {
	Vars, Clauses, Literals int64
}

// The memory the SAT backend (gini v1.0.4 behind encode's lowering) takes
// to hold a CNF, per variable, clause and literal, at the peak of loading
// it, rounded up: the growth of the resident set while loading measured
// 0.7 to 0.9 of what these figures give on order-encoded integers,
// all-different, no-overlap and totalizer models, and at most 1 for long
// clauses.
const (
	bytesPerVar     = 128
	bytesPerClause  = 64
	bytesPerLiteral = 12
)

// Bytes estimates the memory a SAT solver needs to hold a CNF of this size
// (not counting the clauses it learns while it searches).
func (s Size) Bytes() int64 {
	f := float64(s.Vars)*bytesPerVar + float64(s.Clauses)*bytesPerClause + float64(s.Literals)*bytesPerLiteral
	if f >= math.MaxInt64 {
		return math.MaxInt64
	}
	return int64(f)
}

// FormatBytes writes n bytes for a person: "512 B", "3.2 MiB", "16 GiB".
func FormatBytes(n int64) string {
	units := []string{"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"}
	f := float64(n)
	i := 0
	for f >= 1024 && i < len(units)-1 {
		f /= 1024
		i++
	}
	if i == 0 || f == math.Trunc(f) {
		return fmt.Sprintf("%.0f %s", f, units[i])
	}
	return fmt.Sprintf("%.1f %s", f, units[i])
}

// TooLargeError says a model's CNF needs more memory than its budget
// (LowerContext's maxBytes): Estimated before lowering, from the model
// (Size is then Estimate's upper bound), or found while lowering (Size is
// what was added when the budget was passed).
type TooLargeError struct {
	Size      Size
	MaxBytes  int64
	Estimated bool
}

func (e *TooLargeError) Error() string {
	if e.Estimated {
		return fmt.Sprintf("encode: the model's CNF would take about %s (at most %d variables, %d clauses and %d literals, estimated from the model), more than the budget of %s",
			FormatBytes(e.Size.Bytes()), e.Size.Vars, e.Size.Clauses, e.Size.Literals, FormatBytes(e.MaxBytes))
	}
	return fmt.Sprintf("encode: the CNF passed the budget of %s while it was lowered (%d variables, %d clauses and %d literals so far)",
		FormatBytes(e.MaxBytes), e.Size.Vars, e.Size.Clauses, e.Size.Literals)
}

// StoppedError says a lowering stopped because its context ended, after
// adding Size. It wraps the context's error.
type StoppedError struct {
	Size Size
	Err  error
}

func (e *StoppedError) Error() string {
	return fmt.Sprintf("encode: lowering stopped after %d variables and %d clauses: %v", e.Size.Vars, e.Size.Clauses, e.Err)
}

func (e *StoppedError) Unwrap() error { return e.Err }

// Estimate returns an upper bound on the size of the CNF that Lower makes
// of m, which must pass Validate, without lowering it: the counts of
// Lower's encodings (lower.go) constraint by constraint, from the domain
// sizes, the terms and the literals alone. Its cost is linear in the model
// but for sorting (no-overlap, all-different) and the totalizer trees,
// which it follows node by node (linear in a constraint's terms). Where
// Lower skips work that a model's values make redundant (a pair of
// intervals that cannot meet, a value outside a domain), Estimate counts
// it when that is cheaper to decide; every clause is counted with its
// full guard. The objective's counters, which backends build while they
// solve (ObjectiveBound), are not in the estimate.
func Estimate(m *Model) Size {
	var s size
	// dom is the number of order literals of v.
	dom := func(v Var) int64 { return m.Vars[v].Hi - m.Vars[v].Lo }
	s.vars = 1 // the constant true
	s.clause(1, 1)
	for v := range m.Vars {
		d := dom(Var(v))
		s.vars += float64(d)
		if d > 1 {
			s.clause(float64(d-1), 2)
		}
	}
	s.vars += float64(len(m.Groups()))
	for _, c := range m.Constraints {
		g := float64(1 + len(c.Enforce)) // the guard: selector and OnlyIf
		switch c.Kind {
		case Linear:
			ts := mergeTerms(c.Terms)
			if c.Op != GE {
				s.leq(m, ts, c.RHS, g)
			}
			if c.Op != LE {
				neg := make([]Term, len(ts))
				for i, t := range ts {
					neg[i] = Term{t.Var, -t.Coef}
				}
				s.leq(m, neg, -c.RHS, g)
			}
		case AtMost, AtLeast, Exactly:
			n := int64(len(c.Lits))
			if c.Kind != AtLeast {
				s.atMost(n, int64(c.K), g)
			}
			if c.Kind != AtMost {
				switch k := int64(c.K); {
				case k <= 0:
				case k == 1 || k > n:
					s.clause(1, float64(n)+g)
				default:
					s.atMost(n, n-k, g)
				}
			}
		case AllDifferent:
			s.allDifferent(m, c.Vars, g)
		case NoOverlap:
			s.noOverlap(m, c.Intervals, g)
		case Circuit:
			s.circuit(c.Arcs, g)
		case Element:
			x := m.Vars[c.Index]
			s.clause(2, 1+g)
			if k := min(x.Hi, int64(len(c.Array))-1) - max(x.Lo, 0) + 1; k > 0 {
				s.clause(2*float64(k), 3+g)
			}
		case Table:
			n := float64(len(c.Vars))
			var kept float64
		tuples:
			for _, t := range c.Tuples {
				for j, v := range c.Vars {
					if x := m.Vars[v]; t[j] < x.Lo || t[j] > x.Hi {
						continue tuples
					}
				}
				kept++
			}
			s.vars += kept
			s.clause(2*n*kept, 2+g)
			s.clause(1, kept+g)
		case Max:
			for _, v := range c.Vars {
				s.clause(float64(dom(v)+1), 2+g)
			}
			s.clause(float64(dom(c.Target)+1), float64(len(c.Vars))+1+g)
		}
	}
	return s.size()
}

// size accumulates an estimate in float64, which cannot overflow for the
// sizes Validate allows (a model may ask for more than int64 literals).
type size struct{ vars, clauses, lits float64 }

// clause counts n clauses of at most length literals each.
func (s *size) clause(n, length float64) {
	s.clauses += n
	s.lits += n * length
}

func (s *size) size() Size {
	clamp := func(f float64) int64 {
		if f >= math.MaxInt64 {
			return math.MaxInt64
		}
		return int64(f)
	}
	return Size{clamp(s.vars), clamp(s.clauses), clamp(s.lits)}
}

// leq counts Encoding.leq: sum(ts) ≤ k over merged terms.
func (s *size) leq(m *Model, ts []Term, k int64, g float64) {
	switch len(ts) {
	case 0, 1:
		s.clause(1, 1+g)
		return
	case 2:
		dx, dy := m.Vars[ts[0].Var].Hi-m.Vars[ts[0].Var].Lo, m.Vars[ts[1].Var].Hi-m.Vars[ts[1].Var].Lo
		s.clause(float64(min(dx, dy)+1), 2+g) // one clause per value of the smaller domain
		return
	}
	// The leaves of Encoding.leaves and the bound of the totalizer.
	var off int64
	for _, t := range ts {
		x := m.Vars[t.Var]
		if t.Coef > 0 {
			off += t.Coef * x.Lo
		} else {
			off += t.Coef * x.Hi
		}
	}
	bound := k - off
	if bound < 0 {
		s.clause(1, g)
		return
	}
	leaves := make([]tnode, len(ts))
	for i, t := range ts {
		x := m.Vars[t.Var]
		d, c := x.Hi-x.Lo, t.Coef
		if c < 0 {
			c = -c
		}
		// Values c, 2c, ..., d·c, cut at bound+1 (Encoding.cut).
		n := min(d, bound/c)
		if d > n {
			n++
		}
		leaves[i] = tnode{n: float64(n), max: float64(c) * float64(d), gcd: c}
	}
	s.totalizer(leaves, bound, g)
	s.clause(1, 1+g) // the root's "not above the bound"
}

// tnode bounds a totalizer node: the number of its values, the largest
// sum of its leaves before the cut, and a divisor of every coefficient.
type tnode struct {
	n, max float64
	gcd    int64
}

// totalizer counts Encoding.totalize over leaves cut at bound: the same
// pairing, each merge with at most a+b+ab outputs, and no more than the
// multiples of the coefficients' gcd up to the bound, plus the cut value
// bound+1 (every value at most the bound is a sum of leaf values, each a
// multiple of its coefficient); a+b+ab clauses from the children and one
// per output for the order; no more than maxTotalizerClauses in all, past
// which totalize fails.
func (s *size) totalizer(ns []tnode, bound int64, g float64) {
	var vars, clauses, lits float64
	ns = slices.Clone(ns)
	for len(ns) > 1 {
		next := ns[:0:0]
		for i := 0; i+1 < len(ns); i += 2 {
			a, b := ns[i], ns[i+1]
			t := tnode{max: a.max + b.max, gcd: gcd(a.gcd, b.gcd)}
			attainable := math.Floor(min(t.max, float64(bound)) / float64(t.gcd))
			if t.max > float64(bound) {
				attainable++ // bound+1, the cut
			}
			t.n = min(a.n+b.n+a.n*b.n, attainable)
			vars += t.n
			clauses += a.n*b.n + a.n + b.n + t.n
			lits += (a.n*b.n)*(3+g) + (a.n+b.n+t.n)*(2+g)
			next = append(next, t)
		}
		if len(ns)%2 == 1 {
			next = append(next, ns[len(ns)-1])
		}
		ns = next
	}
	if limit := float64(maxTotalizerClauses); clauses > limit {
		clauses = limit
		vars = min(vars, limit)
		lits = min(lits, limit*(3+g))
	}
	s.vars += vars
	s.clause(clauses, 0)
	s.lits += lits
}

// atMost counts Encoding.atMost of n literals.
func (s *size) atMost(n, k int64, g float64) {
	switch {
	case k >= n:
	case k == 0:
		s.clause(float64(n), 1+g)
	case k == 1 && n <= 6:
		s.clause(float64(n*(n-1)/2), 2+g)
	default:
		s.unitTotalizer(n, k, g)
		s.clause(1, 1+g)
	}
}

// unitTotalizer counts the totalizer of n unit leaves cut at k.
func (s *size) unitTotalizer(n, k int64, g float64) {
	leaves := make([]tnode, n)
	for i := range leaves {
		leaves[i] = tnode{n: 1, max: 1, gcd: 1}
	}
	s.totalizer(leaves, k, g)
}

func gcd(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// allDifferent counts Encoding.allDifferent: for every value, a literal
// "x = v" per variable whose domain holds it (one variable and clause
// each, at most) and an at-most-one over them. The number of variables
// holding a value changes only at the domains' ends, so the values are
// counted by runs.
func (s *size) allDifferent(m *Model, vs []Var, g float64) {
	type event struct {
		at    int64
		delta int
	}
	var evs []event
	for _, v := range vs {
		evs = append(evs, event{m.Vars[v].Lo, 1}, event{m.Vars[v].Hi + 1, -1})
	}
	sort.Slice(evs, func(i, j int) bool { return evs[i].at < evs[j].at })
	amo := map[int]size{} // the at-most-one of n literals, by n
	cover := 0
	for i, ev := range evs {
		cover += ev.delta
		if i+1 == len(evs) || evs[i+1].at == ev.at || cover == 0 {
			continue
		}
		run := float64(evs[i+1].at - ev.at) // values held by cover variables
		one, ok := amo[cover]
		if !ok {
			one.atMost(int64(cover), 1, g)
			amo[cover] = one
		}
		s.vars += run * (float64(cover) + one.vars)
		s.clause(run*float64(cover), 3+g)
		s.clauses += run * one.clauses
		s.lits += run * one.lits
	}
}

// noOverlap counts Encoding.noOverlap: per pair of intervals that can
// meet (both of positive duration, each window [lo, hi+duration) reaching
// into the other's), one variable and one clause per value of each start;
// then the energy clauses over the mandatory intervals.
func (s *size) noOverlap(m *Model, ivs []Interval, g float64) {
	var los, ends []int64 // of the intervals of positive duration
	for _, iv := range ivs {
		if iv.Duration > 0 {
			x := m.Vars[iv.Start]
			los = append(los, x.Lo)
			ends = append(ends, x.Hi+iv.Duration)
		}
	}
	slices.Sort(los)
	slices.Sort(ends)
	n := len(los)
	var pairs2 float64 // twice the pairs that can meet
	for _, iv := range ivs {
		if iv.Duration <= 0 {
			continue
		}
		x := m.Vars[iv.Start]
		end := x.Hi + iv.Duration
		// The others that cannot meet it: ending by its start, or starting
		// at its end or later (never itself, as end > lo).
		apart := sort.Search(n, func(i int) bool { return ends[i] > x.Lo }) +
			n - sort.Search(n, func(i int) bool { return los[i] >= end })
		deg := float64(n - 1 - apart)
		pairs2 += deg
		s.clause(deg*float64(x.Hi-x.Lo+1), 2+g+3) // the guard, both presences and the order literal
	}
	s.vars += pairs2 / 2

	// Energy: one clause per distinct earliest start a over the mandatory
	// intervals starting at a or later, and one per distinct latest end c
	// over those ending by c, when there are three or more.
	var mlo, mend []int64
	for _, iv := range ivs {
		if iv.Present == nil && iv.Duration > 0 {
			x := m.Vars[iv.Start]
			mlo = append(mlo, x.Lo)
			mend = append(mend, x.Hi+iv.Duration)
		}
	}
	if len(mlo) < 3 {
		return
	}
	slices.Sort(mlo)
	slices.Sort(mend)
	k := len(mlo)
	for i := range mlo {
		if i == 0 || mlo[i] != mlo[i-1] {
			s.clause(1, float64(k-i)+g) // the intervals from i on start at mlo[i] or later
		}
	}
	for i := range mend {
		if i+1 == k || mend[i] != mend[i+1] {
			s.clause(1, float64(i+1)+g) // those up to i end by mend[i]
		}
	}
}

// circuit counts Encoding.circuit: per node an at-most-one and an
// at-least-one over its out-arcs and over its in-arcs; then, with three or
// more nodes, an order-encoded position 1..N-1 per node but the first and
// one clause per position value for each arc between two other nodes.
func (s *size) circuit(arcs []Arc, g float64) {
	out, in := map[int]int64{}, map[int]int64{}
	first := math.MaxInt
	for _, a := range arcs {
		out[a.From]++
		in[a.To]++
		first = min(first, a.From, a.To)
	}
	nodes := map[int]bool{}
	for _, a := range arcs {
		nodes[a.From], nodes[a.To] = true, true
	}
	for n := range nodes {
		for _, d := range []int64{out[n], in[n]} {
			s.atMost(d, 1, g)
			s.clause(1, float64(d)+g)
		}
	}
	N := int64(len(nodes))
	if N <= 2 {
		return
	}
	d := N - 2 // order literals of a position in [1, N-1]
	s.vars += float64((N - 1) * d)
	if d > 1 {
		s.clause(float64((N-1)*(d-1)), 2)
	}
	for _, a := range arcs {
		if a.From != first && a.To != first {
			s.clause(float64(d+1), 2+g+1)
		}
	}
}
