package project

import (
	"fmt"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/domains/prose"
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

func (tardiness) activityHead(*Instance) []string { return []string{"due", "weight"} }

func (tardiness) activityCells(in *Instance, i int) []string {
	a := in.Activities[i]
	return []string{fmt.Sprint(a.Due), fmt.Sprint(a.Weight)}
}

func (tardiness) columnsNote(in *Instance) string {
	v := in.Voc
	return fmt.Sprintf("%s's tardiness is how many %s after its due %s it ends (0 if it ends by then): max(0, end − due).", prose.Capital(prose.An(v.Activity)), v.Periods, v.Period)
}

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

func (cost) resourceHead(in *Instance) []string { return []string{"hire cost per " + in.Voc.Period} }

func (cost) resourceCells(in *Instance, r int) []string {
	return []string{fmt.Sprint(in.Resources[r].Rate)}
}

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

// stated has the answer state its plan's objective values, one per level
// before the sum of starts (stater), and checks them against the plan's.
type stated struct{}

// stater is a unit that has the answer state values of its plan next to
// the schedules (stated-values): their keys and a plan vector's values.
type stater interface {
	statedKeys(in *Instance) []string
	statedValues(in *Instance, plan []int) []int64
}

var _ stater = stated{}

// statedKeys are the keys of the values the answer states, unit by unit.
func (in *Instance) statedKeys() []string {
	var out []string
	for _, s := range domains.Facets[stater](in.units()) {
		out = append(out, s.statedKeys(in)...)
	}
	return out
}

// statedValues are a plan vector's values under statedKeys.
func (in *Instance) statedValues(plan []int) []int64 {
	var out []int64
	for _, s := range domains.Facets[stater](in.units()) {
		out = append(out, s.statedValues(in, plan)...)
	}
	return out
}

func (stated) statedKeys(in *Instance) []string {
	var out []string
	for _, l := range in.levels() {
		out = append(out, l.key)
	}
	return out
}

func (stated) statedValues(in *Instance, plan []int) []int64 {
	return in.objectives(plan)[:len(in.levels())]
}

func (stated) Info() domains.Unit {
	return domains.Unit{ID: unitStated, Tier: domains.Medium, Title: "conflict validation: the answer states its objective values"}
}

func (stated) Rules(*Instance) []rule { return nil }

func (stated) Model(*builder) {}

// Check compares the answer's stated values with the plan's.
func (u stated) Check(in *Instance, c checked, f fails) {
	if c.stated == nil {
		return // a plan without an answer
	}
	got := u.statedValues(in, c.plan)
	for k, key := range u.statedKeys(in) {
		switch s := c.stated[key]; {
		case s == nil:
			f.Add(unitStated, domains.Missing(key))
		case *s != got[k]:
			f.Add(unitStated, fmt.Sprintf("stated %s %d, the plan's is %d", key, *s, got[k]))
		}
	}
}

func (stated) Items(in *Instance) []domains.Item {
	return []domains.Item{{ID: unitStated, Tier: domains.Medium, Constraint: unitStated, Kind: domains.KindStated,
		Text: fmt.Sprintf("The stated values %s equal the plan's own values.", in.statedWords())}}
}
