package project

import (
	"fmt"

	"github.com/plancert/plancert/encode"
)

// builder is a schedule's model under construction: the main schedule's,
// or the backup's (in is then the exception scenario, and prefix,
// backupPrefix, starts the names of its groups and variables). Units add
// their clauses in passes (each).
type builder struct {
	in     *Instance
	cm     *coreModel
	prefix string
	passes [numPasses][]func(k int)
}

// pass is a step of a schedule's model. Clauses are added pass by pass
// and, within a pass, resource by resource or activity by activity, unit
// by unit: the order in which the model has always added them (each
// resource's rules, then each activity's), on which the solver's runs,
// and so the certificates' statistics and conflict cores, depend.
type pass int

const (
	passOrder      pass = iota // per activity: its predecessors
	passResources              // per resource: capacity, maintenance
	passActivities             // per activity: release, deadline, slack
	passLast                   // once: the delay
	passSchedules              // once, after the main schedule's objective levels: the backup
	numPasses
)

// each has add(k) run in pass p for every activity or resource k (once,
// with k = 0, in passLast and passSchedules).
func (b *builder) each(p pass, add func(k int)) { b.passes[p] = append(b.passes[p], add) }

// run adds the clauses of the passes from … to.
func (b *builder) run(from, to pass) {
	for p := from; p <= to; p++ {
		n := 1
		switch p {
		case passOrder, passActivities:
			n = b.in.n()
		case passResources:
			n = len(b.in.Resources)
		}
		for k := range n {
			for _, add := range b.passes[p] {
				add(k)
			}
		}
	}
}

// newBuilder returns the builder of a schedule of in on cm, with every
// sampled unit's clauses in its passes.
func (in *Instance) newBuilder(cm *coreModel, prefix string) *builder {
	b := &builder{in: in, cm: cm, prefix: prefix}
	for _, u := range in.units() {
		u.Model(b)
	}
	return b
}

// startRanges returns the activities' names and the range of their
// starts: 0 … horizon − duration.
func (in *Instance) startRanges() (names []string, lo, hi []int) {
	names = make([]string, in.n())
	lo, hi = make([]int, in.n()), make([]int, in.n())
	for i, a := range in.Activities {
		names[i] = a.Name
		hi[i] = in.Horizon - a.Duration
	}
	return names, lo, hi
}

// Model implements domains.Instance. Every named rule is one group (its
// name as in the prompt); groups named "core: definition …" only define
// auxiliary literals (who runs when, tardiness, hire spans, changes) and
// hold for every plan. The answer variables are the starts.
func (in *Instance) Model() (*encode.Model, error) {
	if err := in.validate(); err != nil {
		return nil, err
	}
	names, lo, hi := in.startRanges()
	cm := newCoreModel(in.network(), names, lo, hi)
	m := cm.m
	b := in.newBuilder(cm, "")
	b.run(passOrder, passLast)

	// The objective levels, in the order of levelNames.
	if in.has(unitReplan) {
		var ts []encode.Term
		for i, a := range in.Activities {
			c := m.NewBool("_changed " + a.Name)
			m.AddLinear([]encode.Term{tm(cm.start[i], 1)}, encode.EQ, int64(in.Current[i])).OnlyIf(c.Not()).
				Named("_unchanged " + a.Name).InGroup(groupDefChange)
			ts = append(ts, tm(c, 1))
		}
		m.Minimize(ts...)
	}
	if in.has(unitTardiness) {
		var ts []encode.Term
		for i, a := range in.Activities {
			if a.Weight == 0 {
				continue
			}
			late := m.NewInt("_tardiness "+a.Name, 0, int64(max(0, in.Horizon-a.Due)))
			m.AddLinear([]encode.Term{tm(late, 1), tm(cm.start[i], -1)}, encode.GE, int64(a.Duration-a.Due)).
				Named("_late " + a.Name).InGroup(groupDefOther)
			ts = append(ts, tm(late, int64(a.Weight)))
		}
		m.Minimize(ts...)
	}
	ms := cm.makespan(0, in.Horizon, groupDefOther+": makespan")
	m.Minimize(tm(ms, 1))
	if in.has(unitCost) {
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
				m.AddLinear([]encode.Term{tm(to, 1), tm(cm.start[i], -1)}, encode.GE, int64(a.Duration)).
					Named(fmt.Sprintf("_hire to %s %s", res.Name, a.Name)).InGroup(groupDefOther)
				m.AddLinear([]encode.Term{tm(cm.start[i], 1), tm(from, -1)}, encode.GE, 0).
					Named(fmt.Sprintf("_hire from %s %s", res.Name, a.Name)).InGroup(groupDefOther)
			}
			if used {
				ts = append(ts, tm(to, int64(res.Rate)), tm(from, -int64(res.Rate)))
			}
		}
		m.Minimize(ts...)
	}
	var sum []encode.Term
	for _, s := range cm.start {
		sum = append(sum, tm(s, 1))
	}
	m.Minimize(sum...)
	if in.TieBreaks > 0 {
		for _, s := range cm.start {
			m.Minimize(tm(s, 1))
		}
	}
	b.run(passSchedules, passSchedules)
	return m, nil
}
