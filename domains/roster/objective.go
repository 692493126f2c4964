package roster

import (
	"fmt"
	"slices"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/encode"
)

// level is one objective level, minimized: its terms over the model's
// variables (terms), its value on a plan (value: exactly the model's
// optimum value at the assignment the plan determines, once the
// counters are at their least), the stated-value key (key; "" for levels
// that are not stated) and its sentence for the goal paragraph (text).
type level struct {
	key   string
	terms func(b *builder) []encode.Term
	value func(r *Roster, pl [][]int, bk []int) int64
	text  func(r *Roster) string
}

// Level keys of the stated objective (self-check unit).
const (
	keyChanges = "changes"
	keyWeekend = "max_weekend_shifts"
	keySpread  = "spread"
	keyPenalty = "penalty"
	keyCost    = "cost"
)

// levels returns the objective levels in order: the units' levels before
// the pay (leveler: fewest changes with the sick call, the weekend
// maximum, the spread of totals, the preference penalty), the pay
// (always), the units' levels after it (laterLeveler: the backup
// choice), then the stated tie-break.
func (r *Roster) levels() []level {
	us := r.units()
	var out []level
	for _, u := range domains.Facets[leveler](us) {
		out = append(out, u.before(r)...)
	}
	out = append(out, level{keyCost, costTerms, costValue, func(r *Roster) string {
		return fmt.Sprintf("minimise the total %s: the sum over all shifts worked of the %s's rate per shift", r.Voc.Pay, r.Voc.Person)
	}})
	for _, u := range domains.Facets[laterLeveler](us) {
		out = append(out, u.later(r)...)
	}
	if r.TieBreaks >= 1 {
		// One level per (person, day), in table order: the entry's code,
		// Off 0 and shift s s+1. Lexicographic over every entry, they
		// leave no tie.
		for p := range r.Staff {
			for d := range r.Days {
				out = append(out, level{"", func(b *builder) []encode.Term {
					var ts []encode.Term
					for s, v := range b.x[p][d] {
						ts = append(ts, encode.Term{Var: v, Coef: int64(s + 1)})
					}
					return ts
				}, func(_ *Roster, pl [][]int, _ []int) int64 { return int64(pl[p][d] + 1) }, nil})
			}
		}
	}
	return out
}

// goal adds the goal's levels to the model, each minimised in order: the
// units' levels before the pay (their domains.Leveler), then the pay and
// every later level.
func (b *builder) goal() {
	n := 0
	for _, u := range domains.Facets[leveler](b.r.units()) {
		for _, ts := range u.Levels(b) {
			b.m.Minimize(ts...)
			n++
		}
	}
	for _, l := range b.r.levels()[n:] {
		b.m.Minimize(l.terms(b)...)
	}
}

// levelTerms returns the terms of the levels ls in b's model, in order.
func levelTerms(b *builder, ls []level) [][]encode.Term {
	var out [][]encode.Term
	for _, l := range ls {
		out = append(out, l.terms(b))
	}
	return out
}

// stated returns the levels an answer states (self-check unit).
func (r *Roster) stated() []level {
	var out []level
	for _, l := range r.levels() {
		if l.key != "" {
			out = append(out, l)
		}
	}
	return out
}

// objective returns the objective vector of a plan.
func (r *Roster) objective(pl [][]int, bk []int) []int64 {
	var out []int64
	for _, l := range r.levels() {
		out = append(out, l.value(r, pl, bk))
	}
	return out
}

// costTerms: the pay of each day as an integer at least the day's sum of
// rate × works (group "core: pay"; minimized, it is the sum), the level
// their sum. Split by day, the solver learns a bound per day instead of
// counting the whole week at once.
func costTerms(b *builder) []encode.Term {
	// Σ rate × days worked: the same value as the pay of every shift
	// worked, on whole loads with their implied demand, which the solver
	// bounds far faster than per-day sums (max-shifts and balance
	// instances went from seconds, some over a minute, to milliseconds).
	// With holidays, regular days and holidays are separate loads: the
	// holidays' demand is a named rule, whose bound goes in its group.
	parts := [][]encode.Var{b.loads()}
	if hd := b.r.holidayDays(); len(hd) > 0 {
		var reg []int
		for d := range b.r.Days {
			if b.r.holiday(d) == nil {
				reg = append(reg, d)
			}
		}
		parts = [][]encode.Var{b.partLoads("regular load", reg), b.partLoads("holiday load", hd)}
	}
	var ts []encode.Term
	for _, part := range parts {
		for p, v := range part {
			ts = append(ts, encode.Term{Var: v, Coef: int64(b.r.Staff[p].Rate)})
		}
	}
	return ts
}

// holidayDays returns the days that are holidays.
func (r *Roster) holidayDays() []int {
	var out []int
	for d := range r.Days {
		if r.holiday(d) != nil {
			out = append(out, d)
		}
	}
	return out
}

// perDay returns one integer per day, each at least the day's sum of the
// terms f(p, d) (group g), as the terms of a level, each weighted by
// dw(d) (1 when dw is nil).
func (b *builder) perDay(name, g string, f func(p, d int) []encode.Term, dw func(d int) int64) []encode.Term {
	var out []encode.Term
	for d, dn := range b.r.Days {
		var ts []encode.Term
		var hi int64
		for p := range b.r.Staff {
			var top int64
			for _, t := range f(p, d) {
				ts = append(ts, t)
				top = max(top, t.Coef)
			}
			hi += top
		}
		v := b.m.NewInt(fmt.Sprintf("%s[%s]", name, dn), 0, hi)
		b.m.AddLinear(append(ts, encode.Term{Var: v, Coef: -1}), encode.LE, 0).Named(g + " @" + dn).InGroup(g)
		c := int64(1)
		if dw != nil {
			c = dw(d)
		}
		out = append(out, encode.Term{Var: v, Coef: c})
	}
	return out
}

func costValue(r *Roster, pl [][]int, _ []int) int64 {
	var v int64
	for p, st := range r.Staff {
		v += int64(st.Rate) * int64(shiftsWorked(pl, p))
	}
	return v
}

// prefCells returns the cells that break preference f of person p.
func (r *Roster) prefCells(p int, f Pref) []cell {
	days := []int{f.Day}
	if f.Day < 0 {
		days = allDays(len(r.Days))
	}
	var out []cell
	for _, d := range days {
		if f.Shift == Off {
			out = append(out, cell{p, d, anyShift})
		} else {
			out = append(out, cell{p, d, f.Shift})
		}
	}
	return out
}

func penaltyTerms(b *builder) []encode.Term {
	var ts []encode.Term
	for p, st := range b.r.Staff {
		for _, f := range st.Prefs {
			for _, c := range b.r.prefCells(p, f) {
				for s := range b.r.Shifts {
					if c.s == anyShift || c.s == s {
						ts = append(ts, encode.Term{Var: b.x[p][c.d][s], Coef: int64(f.Weight)})
					}
				}
			}
		}
	}
	return ts
}

func penaltyValue(r *Roster, pl [][]int, _ []int) int64 {
	var v int64
	for p, st := range r.Staff {
		for _, f := range st.Prefs {
			for _, c := range r.prefCells(p, f) {
				if on(pl, c) {
					v += int64(f.Weight)
				}
			}
		}
	}
	return v
}

// changeTerms: one change indicator per (person, day), defined both ways
// (group "core: change count"): with current shift c, changed = 1 − x_c;
// with the day off, changed = Σ_s x_s.
func changeTerms(b *builder) []encode.Term {
	r, m := b.r, b.m
	var ts []encode.Term
	g := "core: change count"
	for p, st := range r.Staff {
		for d, dn := range r.Days {
			v := m.NewBool(fmt.Sprintf("changed[%s|%s]", st.Name, dn))
			ts = append(ts, encode.Term{Var: v, Coef: 1})
			terms := []encode.Term{{Var: v, Coef: 1}}
			rhs := int64(0)
			if c := r.Current[p][d]; c != Off {
				terms = append(terms, encode.Term{Var: b.x[p][d][c], Coef: 1})
				rhs = 1
			} else {
				for s := range r.Shifts {
					terms = append(terms, encode.Term{Var: b.x[p][d][s], Coef: -1})
				}
			}
			m.AddLinear(terms, encode.EQ, rhs).Named(fmt.Sprintf("%s @%s|%s", g, st.Name, dn)).InGroup(g)
		}
	}
	return ts
}

func changeValue(r *Roster, pl [][]int, _ []int) int64 {
	var v int64
	for p := range r.Staff {
		for d := range r.Days {
			if pl[p][d] != r.Current[p][d] {
				v++
			}
		}
	}
	return v
}

// weekendTerms: W ≥ each person's weekend shifts (group "core: weekend
// maximum"); minimizing W makes it the maximum.
func weekendTerms(b *builder) []encode.Term {
	r, m := b.r, b.m
	w := m.NewInt("weekend_max", 0, int64(len(r.Weekend)))
	g := "core: weekend maximum"
	for p, st := range r.Staff {
		ts := []encode.Term{{Var: w, Coef: -1}}
		for _, d := range r.Weekend {
			for s := range r.Shifts {
				ts = append(ts, encode.Term{Var: b.x[p][d][s], Coef: 1})
			}
		}
		m.AddLinear(ts, encode.LE, 0).Named(g + " @" + st.Name).InGroup(g)
	}
	return []encode.Term{{Var: w, Coef: 1}}
}

func weekendValue(r *Roster, pl [][]int, _ []int) int64 {
	best := 0
	for p := range r.Staff {
		n := 0
		for _, d := range r.Weekend {
			if pl[p][d] != Off {
				n++
			}
		}
		best = max(best, n)
	}
	return int64(best)
}

// loads returns each person's load (days worked) as an exact integer
// (group "core: loads"), made on the first call, with the implied demand
// bound: the loads sum to at least the always-on demand. It is redundant
// (each person works at most one shift a day, so the days worked cover
// every demanded shift), but CDCL cannot count: with pay and spread on
// whole loads, proofs that took seconds to minutes take milliseconds.
func (b *builder) loads() []encode.Var {
	if b.load == nil {
		b.load = b.partLoads("load", nil)
	}
	return b.load
}

// partLoads returns each person's days worked among days (every day when
// nil; group "core: loads") and adds the implied demand bound of those
// days: the always-on staffing's (group "core: loads"), then the units'
// (loadBounder: for holidays alone, the holiday rule's high ends, in the
// group of that rule, which an always-on bound must not carry).
func (b *builder) partLoads(name string, days []int) []encode.Var {
	r, m := b.r, b.m
	if days == nil {
		days = make([]int, len(r.Days))
		for d := range days {
			days[d] = d
		}
	}
	g := "core: loads"
	var sum []encode.Term
	var out []encode.Var
	for p, st := range r.Staff {
		v := m.NewInt(name+"["+st.Name+"]", 0, int64(len(days)))
		ts := []encode.Term{{Var: v, Coef: -1}}
		for _, d := range days {
			ts = append(ts, encode.Term{Var: b.w[p][d], Coef: 1})
		}
		m.AddLinear(ts, encode.EQ, 0).Named(g + " " + name + " @" + st.Name).InGroup(g)
		sum = append(sum, encode.Term{Var: v, Coef: 1})
		out = append(out, v)
	}
	in := map[int]bool{}
	for _, d := range days {
		in[d] = true
	}
	var core int64
	for _, c := range r.staffingCounts(false) {
		if in[c.Cells[0].d] {
			core += int64(c.K)
		}
	}
	if core > 0 {
		m.AddLinear(slices.Clone(sum), encode.GE, core).Named(g + " " + name + " implied demand").InGroup(g)
	}
	for _, u := range domains.Facets[loadBounder](r.units()) {
		u.loadBound(b, in, sum, core)
	}
	return out
}

// spreadTerms: hi ≥ each load ≥ lo (group "core: spread"), with the
// implied n·lo ≤ Σ loads ≤ n·hi; minimizing hi − lo makes it max − min.
func spreadTerms(b *builder) []encode.Term {
	r, m := b.r, b.m
	nd := int64(len(r.Days))
	hi, lo := m.NewInt("total_max", 0, nd), m.NewInt("total_min", 0, nd)
	g := "core: spread"
	var sum []encode.Term
	for p, load := range b.loads() {
		st := r.Staff[p]
		m.AddLinear([]encode.Term{{Var: load, Coef: 1}, {Var: hi, Coef: -1}}, encode.LE, 0).Named(g + " hi @" + st.Name).InGroup(g)
		m.AddLinear([]encode.Term{{Var: load, Coef: 1}, {Var: lo, Coef: -1}}, encode.GE, 0).Named(g + " lo @" + st.Name).InGroup(g)
		sum = append(sum, encode.Term{Var: load, Coef: 1})
	}
	n := int64(len(r.Staff))
	m.AddLinear(append(slices.Clone(sum), encode.Term{Var: hi, Coef: -n}), encode.LE, 0).Named(g + " implied hi").InGroup(g)
	m.AddLinear(append(slices.Clone(sum), encode.Term{Var: lo, Coef: -n}), encode.GE, 0).Named(g + " implied lo").InGroup(g)
	return []encode.Term{{Var: hi, Coef: 1}, {Var: lo, Coef: -1}}
}

func spreadValue(r *Roster, pl [][]int, _ []int) int64 {
	hi, lo := 0, len(r.Days)
	for p := range r.Staff {
		n := shiftsWorked(pl, p)
		hi, lo = max(hi, n), min(lo, n)
	}
	return int64(hi - lo)
}
