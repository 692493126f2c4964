package quantity

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/domains/prose"
	"github.com/plancert/plancert/encode"
)

// ---- replanning (hard): minimum-change replanning ----

const unitReplan = "replanning"

// Disruption is what changed after the current plan was made: the supply
// of a source in a period fell (Supply is the new value, Was the old), or
// the cost of a route rose (Sink set: Cost is the new cost, Was the old).
type Disruption struct {
	Source string `json:"source"`
	Period string `json:"period,omitempty"`
	Sink   string `json:"sink,omitempty"`
	Supply int    `json:"supply,omitempty"`
	Cost   int    `json:"cost,omitempty"`
	Was    int    `json:"was"`
}

type replanning struct{}

func (replanning) Info() domains.Unit {
	return domains.Unit{ID: unitReplan, Tier: domains.Hard, Title: "minimum-change replanning", Excludes: []string{unitInfeasible}}
}

// replanning reports whether the instance has a current plan to change.
func (in *Instance) replanning() bool { return in.Current != nil }

// Sample solves the instance as it is (with the stated tie-break, so the
// current plan is its unique optimum), records that plan, then disrupts:
// the supply of a source in a period where the plan sends at least 2
// falls below what it sends (to 1 or more, so every shipment keeps its
// variable), or, when there is no such period, the cost of the most used
// route rises by 2.
func (replanning) Sample(in *Instance, r *rand.Rand) {
	c := *in
	c.TieBreaks = 1
	cert := in.solving.Optimum(c.Model)
	if cert == nil {
		return // infeasible as it is: gen drops it
	}
	cur := in.zero()
	in.eachShipment(func(s, k, t int) { cur[s][k][t] = int(cert.Solution[c.xv[s][k][t]]) })
	in.Current = cur
	f := in.flows(cur)
	type st struct{ s, t int }
	var opts []st
	for s := range in.Sources {
		for t := range in.Periods {
			if f.shipped[s][t] >= 2 {
				opts = append(opts, st{s, t})
			}
		}
	}
	if len(opts) > 0 {
		o := opts[r.IntN(len(opts))]
		was := in.Sources[o.s].Supply[o.t]
		now := f.shipped[o.s][o.t] - 1 - r.IntN(min(2, f.shipped[o.s][o.t]-1))
		in.Sources[o.s].Supply[o.t] = now
		in.Disruption = &Disruption{Source: in.Sources[o.s].Name, Period: in.Periods[o.t], Supply: now, Was: was}
		return
	}
	bs, bk, most := 0, 0, -1
	for s := range in.Sources {
		for k := range in.Sinks {
			if n := sum(cur[s][k]); n > most {
				bs, bk, most = s, k, n
			}
		}
	}
	was := in.Cost[bs][bk]
	in.Cost[bs][bk] += 2
	in.Disruption = &Disruption{Source: in.Sources[bs].Name, Sink: in.Sinks[bk].Name, Cost: in.Cost[bs][bk], Was: was}
}

const groupChanges = "core: definition of changed shipments"

// changeTerms adds, per shipment variable, a Boolean "changed" defined
// both ways (changed ⇔ quantity ≠ current) and returns the terms of the
// number of changes.
func (b *builder) changeTerms() []encode.Term {
	in, m := b.in, b.m
	var ts []encode.Term
	in.eachShipment(func(s, k, t int) {
		x, c := b.x[s][k][t], int64(in.Current[s][k][t])
		name := m.Name(x)
		ch := m.NewBool("changed" + strings.TrimPrefix(name, "x"))
		up := m.NewBool("up" + strings.TrimPrefix(name, "x"))
		xs := []encode.Term{term(x, 1)}
		m.AddLinear(xs, encode.EQ, c).OnlyIf(ch.Not()).Named(groupChanges + ": same " + name).InGroup(groupChanges)
		m.AddLinear(xs, encode.GE, c+1).OnlyIf(ch.Lit(), up.Lit()).Named(groupChanges + ": up " + name).InGroup(groupChanges)
		m.AddLinear(xs, encode.LE, c-1).OnlyIf(ch.Lit(), up.Not()).Named(groupChanges + ": down " + name).InGroup(groupChanges)
		ts = append(ts, term(ch, 1))
	})
	return ts
}

func (replanning) Model(*builder) {} // the level: see builder.objectives

// changes counts the shipments whose quantity differs from the current
// plan.
func (in *Instance) changes(q quantities) int {
	n := 0
	for s := range in.Sources {
		for k := range in.Sinks {
			for t := range in.Periods {
				if q[s][k][t] != in.Current[s][k][t] {
					n++
				}
			}
		}
	}
	return n
}

const ruleReplan = "fewest changes"

func (replanning) Rules(in *Instance) []rule {
	if !in.replanning() {
		return nil
	}
	v := in.Voc
	var cur []string
	for s := range in.Sources {
		for k := range in.Sinks {
			for t := range in.Periods {
				if x := in.Current[s][k][t]; x > 0 {
					cur = append(cur, fmt.Sprintf("%s%s: %d", in.route(s, k), in.inPeriod(t), x))
				}
			}
		}
	}
	if len(cur) == 0 {
		cur = []string{"nothing"}
	}
	d := in.Disruption
	var what string
	if d.Period != "" {
		what = fmt.Sprintf("the supply of %s%s has fallen from %d to %d (the table shows the new value)", d.Source, in.inPeriod(in.periodIndex(d.Period)), d.Was, d.Supply)
	} else {
		what = fmt.Sprintf("the cost per %s from %s to %s has risen from %d to %d (the table shows the new value)", v.unit(), d.Source, d.Sink, d.Was, d.Cost)
	}
	return []rule{{Name: ruleReplan, Text: fmt.Sprintf("A plan was made before a change: %s. Since then %s. Change as few %s of that plan as possible before anything else in the goal: %s counts as changed when its quantity differs from the plan (from or to 0 too).",
		strings.Join(cur, "; "), what, v.Shipments, prose.An(v.Shipment))}}

}

func (replanning) Items(in *Instance) []domains.Item {
	if !in.replanning() {
		return nil
	}
	return []domains.Item{{ID: unitReplan, Tier: domains.Hard, Constraint: unitReplan, Kind: domains.KindObjective,
		Text: fmt.Sprintf("The plan changes the fewest possible %s of the current plan.", in.Voc.Shipments)}}
}

func (replanning) Check(*Instance, checked, fails) {} // compared with the optimum in Evaluate
