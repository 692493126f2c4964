package encode

import "math"

// LP bound and reduced-cost fixing for a weighted sum.
//
// The rows are the model's unconditional AtMost, AtLeast and Exactly
// constraints over literals of boolean variables; a row over literals l
// says Σ a·x ⋈ b with a = ±1 (a negated literal is 1 − x). Integer
// multipliers Y (Y ≥ 0 on ≥ rows, Y ≤ 0 on ≤ rows, free on equalities)
// give, for D·cost with r = D·c − Aᵀ·Y and m_j the least of r_j·x_j over
// x_j's domain, D·cost ≥ Σ Y·b + Σ m_j + Σ (r_j·x_j − m_j) in every
// solution, each last term non-negative (weak duality). So under cost ≤ t,
// with G = D·t − Σ Y·b − Σ m_j, every boolean whose term can pass G is
// fixed: x_j = 0 when r_j > G, x_j = 1 when −r_j > G. The multipliers
// come from a subgradient method on the Lagrangian dual (Held, Wolfe &
// Crowder, "Validation of subgradient optimization", Math. Programming 6,
// 1974, with Polyak's step), in float64, rounded to multiples of 1/D: the
// bound and the fixings are then computed again exactly in int64, so the
// floats only choose the multipliers.

// lpD scales the multipliers (they are multiples of 1/lpD).
const lpD = 8

// lpRow is a row Σ a·x ⋈ b over boolean variables, a = ±1.
type lpRow struct {
	vars []Var
	neg  []bool // a = −1
	b    int64
	sign int // +1: ≥ (Y ≥ 0), −1: ≤ (Y ≤ 0), 0: = (Y free)
}

// lpFix is the LP data of one objective level: the scaled reduced costs
// and the exact bound's numerator.
type lpFix struct {
	ok    bool
	r     map[Var]int64 // D·c − Aᵀ·Y, over the rows' and the sum's variables
	base  int64         // Σ Y·b + Σ m_j
	order []Var         // the variables of r, in first-appearance order
	acts  map[int64]int32
}

func (e *Encoding) lpRows() []lpRow {
	var rows []lpRow
	for _, c := range e.m.Constraints {
		if len(c.Enforce) > 0 || (c.Kind != AtMost && c.Kind != AtLeast && c.Kind != Exactly) {
			continue
		}
		rw := lpRow{b: int64(c.K)}
		ok := true
		for _, l := range c.Lits {
			x := e.vars[l.Var]
			if x.lo != 0 || x.hi != 1 {
				ok = false
				break
			}
			rw.vars = append(rw.vars, l.Var)
			rw.neg = append(rw.neg, l.Neg)
			if l.Neg {
				rw.b--
			}
		}
		if !ok || len(rw.vars) == 0 {
			continue
		}
		switch c.Kind {
		case AtLeast:
			rw.sign = 1
		case AtMost:
			rw.sign = -1
		}
		rows = append(rows, rw)
	}
	return rows
}

// lpLimit bounds the row memberships the subgradient method takes on.
const lpLimit = 1 << 16

// lpOf returns the LP data of level l with normalized terms ts (to
// minimize) and ub, the cost of a known solution, for Polyak's step.
func (e *Encoding) lpOf(l int, ts []Term, ub int64) *lpFix {
	if f := e.lps[l]; f != nil {
		return f
	}
	f := &lpFix{}
	e.lps[l] = f
	rows := e.lpRows()
	nnz := 0
	for _, rw := range rows {
		nnz += len(rw.vars)
	}
	if len(rows) == 0 || len(ts) < 2 || nnz > lpLimit {
		return f
	}
	// Dense indices: the sum's variables, then the rows' others.
	idx := map[Var]int{}
	var order []Var
	add := func(v Var) int {
		i, ok := idx[v]
		if !ok {
			i = len(order)
			idx[v] = i
			order = append(order, v)
		}
		return i
	}
	for _, t := range ts {
		add(t.Var)
	}
	type entry struct {
		j int
		a float64
	}
	ents := make([][]entry, len(rows))
	for i, rw := range rows {
		for k, v := range rw.vars {
			a := 1.0
			if rw.neg[k] {
				a = -1
			}
			ents[i] = append(ents[i], entry{add(v), a})
		}
	}
	c := make([]float64, len(order))
	lo, hi := make([]float64, len(order)), make([]float64, len(order))
	for _, t := range ts {
		c[idx[t.Var]] = float64(t.Coef)
	}
	for j, v := range order {
		lo[j], hi[j] = float64(e.vars[v].lo), float64(e.vars[v].hi)
	}
	y := make([]float64, len(rows))
	r := make([]float64, len(order))
	lag := func() float64 {
		copy(r, c)
		val := 0.0
		for i, es := range ents {
			val += y[i] * float64(rows[i].b)
			for _, en := range es {
				r[en.j] -= y[i] * en.a
			}
		}
		for j := range r {
			val += math.Min(r[j]*lo[j], r[j]*hi[j])
		}
		return val
	}
	best, bestY := math.Inf(-1), make([]float64, len(y))
	theta, stall := 2.0, 0
	g := make([]float64, len(rows))
	for it := 0; it < 150 && theta > 1e-3; it++ {
		val := lag()
		if val > best+1e-9 {
			best, stall = val, 0
			copy(bestY, y)
		} else if stall++; stall >= 12 {
			theta, stall = theta/2, 0
		}
		if math.Ceil(best-1e-6) >= float64(ub) {
			break // no bound can tell more than the known solution
		}
		norm := 0.0
		for i, es := range ents {
			ax := 0.0
			for _, en := range es {
				if r[en.j] < 0 {
					ax += en.a * hi[en.j]
				} else {
					ax += en.a * lo[en.j]
				}
			}
			g[i] = float64(rows[i].b) - ax
			if rows[i].sign > 0 && y[i] <= 0 && g[i] < 0 || rows[i].sign < 0 && y[i] >= 0 && g[i] > 0 {
				g[i] = 0
			}
			norm += g[i] * g[i]
		}
		if norm == 0 {
			break
		}
		step := theta * (float64(ub) - val) / norm
		for i, rw := range rows {
			y[i] += step * g[i]
			if rw.sign > 0 {
				y[i] = math.Max(y[i], 0)
			} else if rw.sign < 0 {
				y[i] = math.Min(y[i], 0)
			}
		}
	}
	// Exact integers from here on.
	ri := map[Var]int64{}
	for _, t := range ts {
		ri[t.Var] = lpD * t.Coef
	}
	var base int64
	for i, rw := range rows {
		yi := int64(math.Round(bestY[i] * lpD))
		if math.Abs(bestY[i]*lpD) > 1<<40 {
			return f
		}
		base += yi * rw.b
		for k, v := range rw.vars {
			if rw.neg[k] {
				ri[v] += yi
			} else {
				ri[v] -= yi
			}
		}
	}
	for _, v := range order {
		x := e.vars[v]
		base += min(ri[v]*x.lo, ri[v]*x.hi)
	}
	f.ok, f.r, f.base, f.order, f.acts = true, ri, base, order, map[int64]int32{}
	return f
}

// LPBound returns the LP bound of level l (a bound no solution beats, as
// LevelBound), from multipliers found with ub, the cost of a known
// solution in the level's sense; ok is false when the level has fewer
// than two terms or the model no rows to take (or more than lpLimit
// memberships). The multipliers are computed on the first call and kept
// (Extend drops them with the level): at most 150 subgradient steps, each
// linear in the rows' memberships.
func (e *Encoding) LPBound(l int, ub int64) (int64, bool) {
	ts, ub, sign := e.normalized(l, ub)
	f := e.lpOf(l, ts, ub)
	if !f.ok {
		return 0, false
	}
	return sign * ceilDiv(f.base, lpD), true
}

// normalized returns level l's merged terms as a sum to minimize, b in
// that sense, and the sign that turns it back.
func (e *Encoding) normalized(l int, b int64) ([]Term, int64, int64) {
	o := e.m.Objectives[l]
	ts := mergeTerms(o.Terms)
	if o.Sense == Maximize {
		for i := range ts {
			ts[i].Coef = -ts[i].Coef
		}
		return ts, -b, -1
	}
	return ts, b, 1
}

// LPFixing returns an activation literal that, when true, fixes every
// boolean that the LP bound of level l (LPBound, found with ub) shows
// fixed in every solution with the level at least as good as t; ok is
// false when t is beyond that bound (the fixings would make the bound
// false by the LP alone) or when nothing is fixed. The clauses hold only
// under the literal: a caller assumes it only for bounds it does not need
// proven by a refutation of its own. Cached per (level, t).
func (e *Encoding) LPFixing(l int, ub, t int64) (int32, bool) {
	ts, ub, _ := e.normalized(l, ub)
	_, t, _ = e.normalized(l, t)
	f := e.lpOf(l, ts, ub)
	if !f.ok {
		return 0, false
	}
	gap := lpD*t - f.base
	if gap < 0 {
		return 0, false
	}
	if a, ok := f.acts[t]; ok {
		return a, a != 0
	}
	var fix []int32
	for _, v := range f.order {
		x := e.vars[v]
		if x.lo != 0 || x.hi != 1 {
			continue
		}
		switch r := f.r[v]; {
		case r > gap:
			fix = append(fix, -x.lits[0])
		case -r > gap:
			fix = append(fix, x.lits[0])
		}
	}
	if len(fix) == 0 {
		f.acts[t] = 0
		return 0, false
	}
	saved := e.guard
	e.guard = nil
	a := e.newVar()
	for _, lit := range fix {
		e.emit(-a, lit)
	}
	e.guard = saved
	f.acts[t] = a
	return a, true
}
