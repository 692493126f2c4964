package project

import (
	"fmt"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/encode"
)

// ---- weighted-tardiness (medium): due dates and weights, the first goal ----

// tardiness holds the activities' due dates and weights: the weighted
// tardiness is the first level of the goal, before the makespan
// (domains.Leveler), and two columns of the activities' table.
type tardiness struct{}

func (tardiness) Info() domains.Unit {
	return domains.Unit{ID: unitTardiness, Tier: domains.Medium, Title: "weighted tardiness against due dates, minimised first"}
}

func (tardiness) Rules(*Instance) []rule          { return nil }
func (tardiness) Items(*Instance) []domains.Item  { return nil }
func (tardiness) Model(*builder)                  {}
func (tardiness) Check(*Instance, checked, fails) {}

func (tardiness) describe(in *Instance) []level {
	return []level{{name: "weighted tardiness", key: "weighted_tardiness",
		goal:  fmt.Sprintf("minimise the weighted tardiness: the sum over %s of weight × tardiness", in.Voc.Activities),
		value: in.tardiness}}
}

// Levels: the weighted sum of each weighted activity's tardiness, a
// variable at least its end minus its due date.
func (tardiness) Levels(b *builder) [][]encode.Term {
	in, m := b.in, b.cm.m
	var ts []encode.Term
	for i, a := range in.Activities {
		if a.Weight == 0 {
			continue
		}
		late := m.NewInt("_tardiness "+a.Name, 0, int64(max(0, in.Horizon-a.Due)))
		m.AddLinear([]encode.Term{tm(late, 1), tm(b.cm.start[i], -1)}, encode.GE, int64(a.Duration-a.Due)).
			Named("_late " + a.Name).InGroup(groupDefOther)
		ts = append(ts, tm(late, int64(a.Weight)))
	}
	return [][]encode.Term{ts}
}

func (in *Instance) tardiness(start []int) int {
	t := 0
	for i, a := range in.Activities {
		if a.Weight > 0 {
			t += a.Weight * max(0, start[i]+a.Duration-a.Due)
		}
	}
	return t
}

// ---- makespan-then-cost (medium): the hire cost after the makespan ----

// cost holds the resources' hire rates: the hire cost is a level after
// the makespan (laterLeveler), and a column of the resources' table.
type cost struct{}

func (cost) Info() domains.Unit {
	return domains.Unit{ID: unitCost, Tier: domains.Medium, Title: "multi-objective: makespan, then the hire cost of the resources", Requires: []string{unitCapacity}}
}

func (cost) Rules(*Instance) []rule          { return nil }
func (cost) Items(*Instance) []domains.Item  { return nil }
func (cost) Model(*builder)                  {}
func (cost) Check(*Instance, checked, fails) {}

func (cost) describe(in *Instance) []level {
	v := in.Voc
	return []level{{name: "hire cost", key: "hire_cost",
		goal:  fmt.Sprintf("minimise the hire cost: for each %s, its hire cost per %s times the %s from the first start to the last end of the %s that need it, summed", v.Resource, v.Period, v.Periods, v.Activities),
		value: in.hireCost}}
}

// laterLevels: per used resource, its rate times the span from the first
// start to the last end of its users, two variables bounded by them.
func (cost) laterLevels(b *builder) [][]encode.Term {
	in, m := b.in, b.cm.m
	var ts []encode.Term
	for r, res := range in.Resources {
		from := m.NewInt("_hire from "+res.Name, 0, int64(in.Horizon))
		to := m.NewInt("_hire to "+res.Name, 0, int64(in.Horizon))
		used := false
		for i, a := range in.Activities {
			if in.demand(i, r) == 0 {
				continue
			}
			used = true
			m.AddLinear([]encode.Term{tm(to, 1), tm(b.cm.start[i], -1)}, encode.GE, int64(a.Duration)).
				Named(fmt.Sprintf("_hire to %s %s", res.Name, a.Name)).InGroup(groupDefOther)
			m.AddLinear([]encode.Term{tm(b.cm.start[i], 1), tm(from, -1)}, encode.GE, 0).
				Named(fmt.Sprintf("_hire from %s %s", res.Name, a.Name)).InGroup(groupDefOther)
		}
		if used {
			ts = append(ts, tm(to, int64(res.Rate)), tm(from, -int64(res.Rate)))
		}
	}
	return [][]encode.Term{ts}
}

// hireSpan returns the first start and last end of the activities that
// need resource r (ok false when none does).
func (in *Instance) hireSpan(r int, start []int) (from, to int, ok bool) {
	for i, a := range in.Activities {
		if in.demand(i, r) == 0 {
			continue
		}
		if !ok {
			from, to, ok = start[i], start[i]+a.Duration, true
			continue
		}
		from, to = min(from, start[i]), max(to, start[i]+a.Duration)
	}
	return
}

func (in *Instance) hireCost(start []int) int {
	c := 0
	for r, res := range in.Resources {
		if from, to, ok := in.hireSpan(r, start); ok {
			c += res.Rate * (to - from)
		}
	}
	return c
}

// ---- stated-values (medium): the answer states its values ----

type stated struct{}

func (stated) Info() domains.Unit {
	return domains.Unit{ID: unitStated, Tier: domains.Medium, Title: "conflict validation: the answer states its objective values"}
}

func (stated) Rules(*Instance) []rule { return nil }

func (stated) Model(*builder) {}

// Check: the stated values are checked against the plan's in Evaluate.
func (stated) Check(*Instance, checked, fails) {}

func (stated) Items(in *Instance) []domains.Item {
	return []domains.Item{{ID: unitStated, Tier: domains.Medium, Constraint: unitStated, Kind: domains.KindStated,
		Text: fmt.Sprintf("The stated values %s equal the plan's own values.", in.statedWords())}}
}
