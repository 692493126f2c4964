package production

import (
	"fmt"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/encode"
)

// level is one level of the lexicographic goal, every level minimised:
// its name in the answer and the checklist, its sentence in the prompt,
// its value on a plan, and its terms in the model.
type level struct {
	Name  string
	Text  string
	Value func(s *Shop, st [][]int) int64
	// Terms adds the level's variables and definitions to the model and
	// returns its terms. A unit's level before the goal has none: its
	// terms are its domains.Leveler's.
	Terms func(b *builder) []encode.Term
}

// The level names.
const (
	levelChanges   = "re-sequenced pairs"
	levelMakespan  = "makespan"
	levelTardiness = "weighted tardiness"
	levelCost      = "cost"
	levelSumStarts = "sum of start times"
	levelWeighted  = "weighted sum of start times"
)

// levels returns the goal's levels in order: the units' levels before the
// goal (leveler: re-sequenced pairs with the delay unit), the main goal (a
// unit's mainGoal, the weighted tardiness; else the makespan), the units'
// later levels (laterGoal: the cost), then the stated tie-breaks.
func (s *Shop) levels() []level {
	us := s.units()
	var out []level
	for _, u := range domains.Facets[leveler](us) {
		out = append(out, u.Before(s)...)
	}
	main := level{levelMakespan, fmt.Sprintf("the makespan: the time the last %s ends", s.Voc.Job), makespanValue, makespanTerms}
	if gs := domains.Facets[mainGoal](us); len(gs) > 0 {
		main = gs[0].Goal(s)
	}
	out = append(out, main)
	for _, u := range domains.Facets[laterGoal](us) {
		out = append(out, u.Later(s)...)
	}
	if s.TieBreaks >= 1 {
		out = append(out, level{levelSumStarts, fmt.Sprintf("the sum of all start times (every step as early as its order on the %ss allows)", s.Voc.Machine), sumStartsValue, sumStartsTerms})
	}
	if s.TieBreaks >= 2 {
		out = append(out, level{levelWeighted, "the sum over the steps, numbered 1, 2, … in the order of the table (row by row, step by step), of number × start time", weightedStartsValue, weightedStartsTerms})
	}
	return out
}

// mainLevel is the index of the main goal (the stated objective value):
// the number of the units' levels before it.
func (s *Shop) mainLevel() int {
	n := 0
	for _, u := range domains.Facets[leveler](s.units()) {
		n += len(u.Before(s))
	}
	return n
}

func (s *Shop) objective(st [][]int) []int64 {
	var out []int64
	for _, l := range s.levels() {
		out = append(out, l.Value(s, st))
	}
	return out
}

// pairs returns the pairs of operations on each machine, each oriented as
// the given plan runs them (first, second) with the delay unit, else in
// table order.
func (s *Shop) pairs(m int) [][2]opRef {
	ops := s.machineOps(m)
	var out [][2]opRef
	for x, a := range ops {
		for _, b := range ops[x+1:] {
			if d := s.Delay; d != nil && d.Plan[b.j][b.k] < d.Plan[a.j][a.k] {
				a, b := b, a
				out = append(out, [2]opRef{a, b})
				continue
			}
			out = append(out, [2]opRef{a, b})
		}
	}
	return out
}

func makespanValue(s *Shop, st [][]int) int64 {
	var mk int
	for j := range s.Jobs {
		mk = max(mk, s.end(st, j))
	}
	return int64(mk)
}

func sumStartsValue(s *Shop, st [][]int) int64 {
	var t int64
	for j := range s.Jobs {
		for _, v := range st[j] {
			t += int64(v)
		}
	}
	return t
}

func weightedStartsValue(s *Shop, st [][]int) int64 {
	var t, n int64
	for j := range s.Jobs {
		for _, v := range st[j] {
			n++
			t += n * int64(v)
		}
	}
	return t
}

// goal adds the goal's levels to the model, every level minimised in
// order: the units' levels before the goal (their domains.Leveler), then
// the terms of the main goal and of every later level.
func (b *builder) goal() {
	s := b.s
	var levels [][]encode.Term
	for _, u := range domains.Facets[leveler](s.units()) {
		levels = append(levels, u.Levels(b)...)
	}
	for _, l := range s.levels()[s.mainLevel():] {
		levels = append(levels, l.Terms(b))
	}
	for _, ts := range levels {
		b.m.Minimize(ts...)
	}
}

func makespanTerms(b *builder) []encode.Term {
	s, m := b.s, b.m
	mk := m.NewInt("makespan", 0, int64(s.Horizon))
	for j := range s.Jobs {
		last := len(s.Jobs[j].Route) - 1
		m.AddLinear([]encode.Term{{Var: mk, Coef: 1}, {Var: b.starts[j][last], Coef: -1}}, encode.GE, int64(s.Jobs[j].Route[last].Duration)).
			Named(fmt.Sprintf("makespan after %s", s.Jobs[j].Name)).InGroup(groupDefs)
	}
	return []encode.Term{{Var: mk, Coef: 1}}
}

func sumStartsTerms(b *builder) []encode.Term {
	var ts []encode.Term
	for j := range b.s.Jobs {
		for _, v := range b.starts[j] {
			ts = append(ts, encode.Term{Var: v, Coef: 1})
		}
	}
	return ts
}

func weightedStartsTerms(b *builder) []encode.Term {
	var ts []encode.Term
	var n int64
	for j := range b.s.Jobs {
		for _, v := range b.starts[j] {
			n++
			ts = append(ts, encode.Term{Var: v, Coef: n})
		}
	}
	return ts
}
