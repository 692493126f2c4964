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
			em.AddLinear(append(xs[:len(xs):len(xs)], encode.Term{Var: u, Coef: 1}), encode.GE, req).Named(name + " under").InGroup("cover")
			obj = append(obj, encode.Term{Var: u, Coef: int64(c.Under)})
		}
		if c.Over > 0 && n > req {
			o := em.NewInt(fmt.Sprintf("over[%d,%s]", c.Day, in.Shifts[c.Shift].ID), 0, n-req)
			em.AddLinear(append(xs[:len(xs):len(xs)], encode.Term{Var: o, Coef: -1}), encode.LE, req).Named(name + " over").InGroup("cover")
			obj = append(obj, encode.Term{Var: o, Coef: int64(c.Over)})
		}
	}
	if !splitObjective {
		em.Minimize(obj...)
		return
	}
	// One order-encoded integer per weight class: S_W ≥ Σ terms of weight W.
	byW := map[int64][]encode.Term{}
	var ws []int64
	for _, t := range obj {
		if byW[t.Coef] == nil {
			ws = append(ws, t.Coef)
		}
		byW[t.Coef] = append(byW[t.Coef], t)
	}
	var top []encode.Term
	for _, w := range ws {
		var hi int64
		var ts []encode.Term
		for _, t := range byW[w] {
			hi += em.Vars[t.Var].Hi
			ts = append(ts, encode.Term{Var: t.Var, Coef: 1})
		}
		sv := em.NewInt(fmt.Sprintf("sum_w%d", w), 0, hi)
		em.AddLinear(append(ts, encode.Term{Var: sv, Coef: -1}), encode.LE, 0).Named(fmt.Sprintf("weight %d sum", w))
		top = append(top, encode.Term{Var: sv, Coef: w})
	}
	em.Minimize(top...)
}

var splitObjective = true

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
