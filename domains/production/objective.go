package production

import (
	"fmt"

	"github.com/plancert/plancert/encode"
)

// level is one level of the lexicographic goal, every level minimised:
// its name in the answer and the checklist, its sentence in the prompt,
// its value on a plan, and its terms in the model.
type level struct {
	Name  string
	Text  string
	Value func(s *Shop, st [][]int) int64
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

// levels returns the goal's levels in order: re-sequenced pairs (delay
// unit), the main goal (weighted tardiness with that unit, else the
// makespan), the cost (cost unit), then the stated tie-breaks.
func (s *Shop) levels() []level {
	var out []level
	if s.Delay != nil {
		out = append(out, level{levelChanges, fmt.Sprintf("the number of re-sequenced pairs: pairs of steps on the same %s that run in the opposite order to the plan agreed yesterday", s.Voc.Machine), changesValue})
	}
	if s.has(unitTardiness) {
		out = append(out, level{levelTardiness, fmt.Sprintf("the weighted tardiness: the sum over %s of weight × (%s late after the due time, 0 if on time)", s.Voc.Jobs, s.Voc.Units), tardinessValue})
	} else {
		out = append(out, level{levelMakespan, fmt.Sprintf("the makespan: the time the last %s ends", s.Voc.Job), makespanValue})
	}
	if s.has(unitCost) {
		out = append(out, level{levelCost, fmt.Sprintf("the %s: the sum over %s of cost per %s × its end time", s.Voc.Cost, s.Voc.Jobs, s.Voc.Unit), costValue})
	}
	if s.TieBreaks >= 1 {
		out = append(out, level{levelSumStarts, fmt.Sprintf("the sum of all start times (every step as early as its order on the %ss allows)", s.Voc.Machine), sumStartsValue})
	}
	if s.TieBreaks >= 2 {
		out = append(out, level{levelWeighted, "the sum over the steps, numbered 1, 2, … in the order of the table (row by row, step by step), of number × start time", weightedStartsValue})
	}
	return out
}

// mainLevel is the index of the main goal (the stated objective value).
func (s *Shop) mainLevel() int {
	if s.Delay != nil {
		return 1
	}
	return 0
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

func changesValue(s *Shop, st [][]int) int64 {
	var n int64
	for m := range s.Machines {
		for _, p := range s.pairs(m) {
			if st[p[1].j][p[1].k] < st[p[0].j][p[0].k] {
				n++
			}
		}
	}
	return n
}

func makespanValue(s *Shop, st [][]int) int64 {
	var mk int
	for j := range s.Jobs {
		mk = max(mk, s.end(st, j))
	}
	return int64(mk)
}

func tardinessValue(s *Shop, st [][]int) int64 {
	var t int64
	for j, job := range s.Jobs {
		t += int64(job.Weight * max(0, s.end(st, j)-job.Due))
	}
	return t
}

func costValue(s *Shop, st [][]int) int64 {
	var c int64
	for j, job := range s.Jobs {
		c += int64(job.Cost * s.end(st, j))
	}
	return c
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

// goalTerms adds the model's variables of the levels and returns the
// terms of each level.
func (b *builder) goalTerms() [][]encode.Term {
	s, m := b.s, b.m
	var out [][]encode.Term
	for _, l := range s.levels() {
		var ts []encode.Term
		switch l.Name {
		case levelChanges:
			for _, v := range b.swaps {
				ts = append(ts, encode.Term{Var: v, Coef: 1})
			}
		case levelMakespan:
			mk := m.NewInt("makespan", 0, int64(s.Horizon))
			for j := range s.Jobs {
				last := len(s.Jobs[j].Route) - 1
				m.AddLinear([]encode.Term{{Var: mk, Coef: 1}, {Var: b.starts[j][last], Coef: -1}}, encode.GE, int64(s.Jobs[j].Route[last].Duration)).
					Named(fmt.Sprintf("makespan after %s", s.Jobs[j].Name)).InGroup(groupDefs)
			}
			ts = []encode.Term{{Var: mk, Coef: 1}}
		case levelTardiness:
			for j, job := range s.Jobs {
				if job.Weight == 0 {
					continue
				}
				last := len(job.Route) - 1
				late := m.NewInt("late_"+job.Name, 0, int64(max(0, s.Horizon-job.Due)))
				m.AddLinear([]encode.Term{{Var: late, Coef: 1}, {Var: b.starts[j][last], Coef: -1}}, encode.GE, int64(job.Route[last].Duration-job.Due)).
					Named("lateness of " + job.Name).InGroup(groupDefs)
				ts = append(ts, encode.Term{Var: late, Coef: int64(job.Weight)})
			}
		case levelCost:
			for j, job := range s.Jobs {
				last := len(job.Route) - 1
				e := m.NewInt("end_"+job.Name, 0, int64(s.Horizon))
				m.AddLinear([]encode.Term{{Var: e, Coef: 1}, {Var: b.starts[j][last], Coef: -1}}, encode.EQ, int64(job.Route[last].Duration)).
					Named("end of " + job.Name).InGroup(groupDefs)
				ts = append(ts, encode.Term{Var: e, Coef: int64(job.Cost)})
			}
		case levelSumStarts:
			for j := range s.Jobs {
				for _, v := range b.starts[j] {
					ts = append(ts, encode.Term{Var: v, Coef: 1})
				}
			}
		case levelWeighted:
			var n int64
			for j := range s.Jobs {
				for _, v := range b.starts[j] {
					n++
					ts = append(ts, encode.Term{Var: v, Coef: n})
				}
			}
		}
		out = append(out, ts)
	}
	return out
}
