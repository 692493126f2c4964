package nrp

import (
	"fmt"

	"github.com/plancert/plancert/encode"
)

// Model is an instance as a 0/1 model on encode: one Boolean per employee,
// day and shift type, every hard rule a named constraint, and one objective
// level, the total soft penalty.
type Model struct {
	In *Instance
	M  *encode.Model
	// X[s][d][t] is true when employee s works shift type t on day d.
	X [][][]encode.Var
	// work[s][d] is a literal true exactly when employee s works on day d.
	work [][]encode.Lit
	// weekend[s][j] is implied by a shift of employee s on weekend j.
	weekend [][]encode.Lit
	// under[d][t] is the shortfall of cover on day d, shift type t, when
	// that cover has a weight for under (else undefined).
	under map[[2]int]encode.Var
}

// NewModel builds the model of in. The hard rules are encoded exactly as
// Evaluate reads them; the objective is the sum of
//
//   - Weight·u for each shift on request, u ⇔ ¬X (u + X = 1),
//   - Weight·X for each shift off request,
//   - Under·m + Over·e for each cover requirement, with m ≥ Requirement − x
//     and e ≥ x − Requirement over x = Σ_s X[s][d][t] (m, e ≥ 0 integers);
//
// m and e are only bounded from below, so a solution may overstate the
// cover penalty, but never at an optimum, and decoding keeps only X.
func NewModel(in *Instance) *Model {
	H, T := in.Horizon, len(in.Shifts)
	m := &Model{In: in, M: encode.NewModel()}
	em := m.M
	clause := func(name, group string, lits ...encode.Lit) {
		em.AddAtLeast(lits, 1).Named(name).InGroup(group)
	}
	m.X = make([][][]encode.Var, len(in.Staff))
	m.work = make([][]encode.Lit, len(in.Staff))
	var answer []encode.Var
	for s, st := range in.Staff {
		m.X[s] = make([][]encode.Var, H)
		m.work[s] = make([]encode.Lit, H)
		for d := range H {
			lits := make([]encode.Lit, T)
			for t, sh := range in.Shifts {
				v := em.NewBool(fmt.Sprintf("x[%s,%d,%s]", st.ID, d, sh.ID))
				m.X[s][d] = append(m.X[s][d], v)
				lits[t] = v.Lit()
				answer = append(answer, v)
			}
			if T == 1 {
				m.work[s][d] = lits[0]
				continue
			}
			g := fmt.Sprintf("%s: one shift a day", st.ID)
			em.AddAtMost(lits, 1).Named(fmt.Sprintf("%s day %d: one shift", st.ID, d)).InGroup(g)
			w := em.NewBool(fmt.Sprintf("works[%s,%d]", st.ID, d))
			m.work[s][d] = w.Lit()
			clause(fmt.Sprintf("%s day %d: works if on a shift", st.ID, d), g, append([]encode.Lit{w.Not()}, lits...)...)
			for t, l := range lits {
				clause(fmt.Sprintf("%s day %d: shift %s is work", st.ID, d, in.Shifts[t].ID), g, l.Not(), w.Lit())
			}
		}
	}
	em.SetAnswer(answer...)
	for s := range in.Staff {
		m.hard(s)
	}
	m.objective()
	m.implied()
	return m
}

// hard adds employee s's hard rules.
func (m *Model) hard(s int) {
	in, em := m.In, m.M
	st := in.Staff[s]
	H := in.Horizon
	w := m.work[s]
	clause := func(group, name string, lits ...encode.Lit) {
		em.AddAtLeast(lits, 1).Named(fmt.Sprintf("%s: %s %s", st.ID, group, name)).InGroup(st.ID + ": " + group)
	}
	for _, d := range in.DaysOff[s] {
		for t := range in.Shifts {
			clause(RuleDaysOff, fmt.Sprintf("day %d shift %s", d, in.Shifts[t].ID), m.X[s][d][t].Not())
		}
	}
	var minutes []encode.Term
	for t, sh := range in.Shifts {
		var ls []encode.Lit
		for d := range H {
			ls = append(ls, m.X[s][d][t].Lit())
			minutes = append(minutes, encode.Term{Var: m.X[s][d][t], Coef: int64(sh.Minutes)})
		}
		em.AddAtMost(ls, st.MaxShifts[t]).Named(fmt.Sprintf("%s: %s %s", st.ID, RuleMaxShifts, sh.ID)).InGroup(st.ID + ": " + RuleMaxShifts)
	}
	em.AddLinear(minutes, encode.LE, int64(st.MaxMinutes)).Named(st.ID + ": " + RuleMaxMinutes)
	em.AddLinear(minutes, encode.GE, int64(st.MinMinutes)).Named(st.ID + ": " + RuleMinMinutes)
	// Max consecutive shifts K: every K+1 days in a row hold a day off
	// (the days around the horizon are off, so windows inside suffice).
	if K := st.MaxConsecutive; K < H {
		for d := 0; d+K < H; d++ {
			var ls []encode.Lit
			for i := d; i <= d+K; i++ {
				ls = append(ls, w[i].Not())
			}
			clause(RuleMaxConsecutive, fmt.Sprintf("days %d-%d", d, d+K), ls...)
		}
	}
	// Min consecutive shifts / days off: no inner run of length l below the
	// minimum, i.e. not (other, l × this, other) with both others inside
	// the horizon.
	runs := func(rule string, min int, work bool) {
		for l := 1; l < min; l++ {
			for d := 1; d+l < H; d++ {
				edge := func(i int) encode.Lit { // the literal "day i is not of the run's kind"
					if work {
						return w[i]
					}
					return w[i].Not()
				}
				ls := []encode.Lit{edge(d - 1), edge(d + l)}
				for i := d; i < d+l; i++ {
					ls = append(ls, edge(i).Not())
				}
				clause(rule, fmt.Sprintf("days %d-%d", d, d+l-1), ls...)
			}
		}
	}
	runs(RuleMinConsecutive, st.MinConsecutive, true)
	runs(RuleMinDaysOff, st.MinDaysOff, false)
	// Max weekends: wk ≥ works(Sat), wk ≥ works(Sun), Σ wk ≤ MaxWeekends.
	var wks []encode.Lit
	for sat := 5; sat < H; sat += 7 {
		wk := em.NewBool(fmt.Sprintf("weekend[%s,%d]", st.ID, sat))
		wks = append(wks, wk.Lit())
		for d := sat; d <= sat+1 && d < H; d++ {
			clause(RuleMaxWeekends, fmt.Sprintf("day %d counts", d), w[d].Not(), wk.Lit())
		}
	}
	m.weekend = append(m.weekend, wks)
	em.AddAtMost(wks, st.MaxWeekends).Named(st.ID + ": " + RuleMaxWeekends).InGroup(st.ID + ": " + RuleMaxWeekends)
	for d := 0; d+1 < H; d++ {
		for t, sh := range in.Shifts {
			for _, u := range sh.NotNext {
				clause(RuleRotation, fmt.Sprintf("day %d %s then %s", d, sh.ID, in.Shifts[u].ID), m.X[s][d][t].Not(), m.X[s][d+1][u].Not())
			}
		}
	}
}

// objective adds the soft penalties as one level to minimize.
func (m *Model) objective() {
	in, em := m.In, m.M
	m.under = map[[2]int]encode.Var{}
	var obj []encode.Term
	for i, q := range in.On {
		if q.Weight == 0 {
			continue
		}
		x := m.X[q.Staff][q.Day][q.Shift]
		u := em.NewBool(fmt.Sprintf("unmet_on[%d]", i))
		em.AddExactly([]encode.Lit{x.Lit(), u.Lit()}, 1).Named(fmt.Sprintf("on request %d: %s day %d %s", i, in.Staff[q.Staff].ID, q.Day, in.Shifts[q.Shift].ID)).InGroup("on requests")
		obj = append(obj, encode.Term{Var: u, Coef: int64(q.Weight)})
	}
	for _, q := range in.Off {
		if q.Weight > 0 {
			obj = append(obj, encode.Term{Var: m.X[q.Staff][q.Day][q.Shift], Coef: int64(q.Weight)})
		}
	}
	n := int64(len(in.Staff))
	for _, c := range in.Cover {
		var xs []encode.Term
		for s := range in.Staff {
			xs = append(xs, encode.Term{Var: m.X[s][c.Day][c.Shift], Coef: 1})
		}
		req := int64(c.Requirement)
		name := fmt.Sprintf("cover day %d %s", c.Day, in.Shifts[c.Shift].ID)
		if c.Under > 0 && req > 0 {
			u := em.NewInt(fmt.Sprintf("under[%d,%s]", c.Day, in.Shifts[c.Shift].ID), 0, req)
			m.under[[2]int{c.Day, c.Shift}] = u
			em.AddLinear(append(xs[:len(xs):len(xs)], encode.Term{Var: u, Coef: 1}), encode.GE, req).Named(name + " under").InGroup("cover")
			obj = append(obj, encode.Term{Var: u, Coef: int64(c.Under)})
		}
		if c.Over > 0 && n > req {
			o := em.NewInt(fmt.Sprintf("over[%d,%s]", c.Day, in.Shifts[c.Shift].ID), 0, n-req)
			em.AddLinear(append(xs[:len(xs):len(xs)], encode.Term{Var: o, Coef: -1}), encode.LE, req).Named(name + " over").InGroup("cover")
			obj = append(obj, encode.Term{Var: o, Coef: int64(c.Over)})
		}
	}
	em.Minimize(obj...)
}

// Decode reads the roster from a solution of the model.
func (m *Model) Decode(a encode.Assignment) Roster {
	r := make(Roster, len(m.X))
	for s, days := range m.X {
		r[s] = make([]int, len(days))
		for d, xs := range days {
			r[s][d] = Off
			for t, v := range xs {
				if a[v] == 1 {
					r[s][d] = t
				}
			}
		}
	}
	return r
}

// implied adds constraints that every solution already satisfies, stated
// so that unit propagation can count across employees (a SAT solver cannot
// find such counting arguments on its own). With D_d the number of staff
// working on day d and W_j the number working on weekend j:
//
//   - D_d + Σ_t under[d][t] ≥ Σ_t Requirement[d][t] over the covers of day
//     d with an under weight (each employee covers at most one of them);
//   - D_d ≤ W_j for the Saturday and Sunday of weekend j, and
//     Σ_j W_j ≤ Σ_s MaxWeekends_s;
//   - each employee works at most f days, f from workCapacity given the
//     weekend the employee works (when at most one is allowed), and
//     Σ_d D_d is at most the sum of these.
//
// Together they give, for instance, the bound of Instance2: 35 staff-days
// wanted on two weekends, 14 employees with one weekend each, so at least
// seven shifts short.
func (m *Model) implied() {
	in, em := m.In, m.M
	S, H := len(in.Staff), in.Horizon
	D := make([]encode.Var, H)
	var total []encode.Term
	for d := range H {
		D[d] = em.NewInt(fmt.Sprintf("staff_on_day[%d]", d), 0, int64(S))
		ts := []encode.Term{{Var: D[d], Coef: -1}}
		for s := range in.Staff {
			ts = append(ts, litTerm(m.M, m.work[s][d]))
		}
		em.AddLinear(ts, encode.EQ, 0).Named(fmt.Sprintf("implied: staff on day %d", d)).InGroup("implied")
		total = append(total, encode.Term{Var: D[d], Coef: 1})
	}
	for d := range H {
		ts := []encode.Term{{Var: D[d], Coef: 1}}
		var req int64
		for t := range in.Shifts {
			if u, ok := m.under[[2]int{d, t}]; ok {
				ts = append(ts, encode.Term{Var: u, Coef: 1})
				for _, c := range in.Cover {
					if c.Day == d && c.Shift == t {
						req += int64(c.Requirement)
					}
				}
			}
		}
		if len(ts) > 1 {
			em.AddLinear(ts, encode.GE, req).Named(fmt.Sprintf("implied: cover of day %d", d)).InGroup("implied")
		}
	}
	if len(m.weekend) == S && S > 0 {
		var ws []encode.Term
		var maxW int64
		for _, st := range in.Staff {
			maxW += int64(st.MaxWeekends)
		}
		for j := range m.weekend[0] {
			W := em.NewInt(fmt.Sprintf("staff_on_weekend[%d]", j), 0, int64(S))
			ts := []encode.Term{{Var: W, Coef: -1}}
			for s := range in.Staff {
				ts = append(ts, litTerm(m.M, m.weekend[s][j]))
			}
			em.AddLinear(ts, encode.GE, 0).Named(fmt.Sprintf("implied: staff on weekend %d", j)).InGroup("implied")
			for d := 5 + 7*j; d <= 6+7*j && d < H; d++ {
				em.AddLinear([]encode.Term{{Var: D[d], Coef: 1}, {Var: W, Coef: -1}}, encode.LE, 0).Named(fmt.Sprintf("implied: day %d within weekend %d", d, j)).InGroup("implied")
			}
			ws = append(ws, encode.Term{Var: W, Coef: 1})
		}
		if len(ws) > 0 {
			em.AddLinear(ws, encode.LE, maxW).Named("implied: weekends of all staff").InGroup("implied")
		}
	}
	// Work capacity per employee and weekend case (workCapacity): with at
	// most one weekend, T_s ≤ f0 + Σ_j (f_j − f0)·weekend[s][j]; else
	// T_s ≤ F. Summed over the staff, it bounds Σ_d D_d.
	var cap int64
	for s, st := range in.Staff {
		ts := make([]encode.Term, 0, H)
		for d := range H {
			ts = append(ts, litTerm(m.M, m.work[s][d]))
		}
		var f0 int64
		var wts []encode.Term
		if st.MaxWeekends <= 1 {
			f, _ := workCapacity(in, s, -1)
			f0 = int64(f)
			for j := range m.weekend[s] {
				if st.MaxWeekends == 0 {
					break
				}
				fj, _ := workCapacity(in, s, j)
				if c := int64(fj) - f0; c != 0 {
					wts = append(wts, encode.Term{Var: m.weekend[s][j].Var, Coef: -c})
				}
			}
		} else {
			f, _ := workCapacity(in, s, anyWeekends)
			f0 = int64(f)
		}
		cap += f0
		em.AddLinear(append(ts, wts...), encode.LE, f0).Named(fmt.Sprintf("implied: %s work capacity", st.ID)).InGroup("implied")
		total = append(total, wts...)
	}
	em.AddLinear(total, encode.LE, cap).Named("implied: work capacity of all staff").InGroup("implied")
}

// litTerm returns the term 1·l for a positive literal; the model's work
// and weekend literals are all positive.
func litTerm(_ *encode.Model, l encode.Lit) encode.Term {
	if l.Neg {
		panic("nrp: litTerm of a negative literal")
	}
	return encode.Term{Var: l.Var, Coef: 1}
}
