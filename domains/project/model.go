package project

import (
	"fmt"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/encode"
)

// level is one objective level before the sum of starts: its name in the
// optimal item, its key when the answer states its values, its sentence
// in the goal, and its value for a schedule's starts.
type level struct {
	name, key, goal string
	value           func(start []int) int
}

// leveler is a unit whose objective levels come before the makespan
// (domains.Leveler: the fewest changed starts, the weighted tardiness);
// describe says what they are, in the same order.
type leveler interface {
	domains.Leveler[*builder]
	describe(in *Instance) []level
}

// laterLeveler is a unit whose objective levels come after the makespan,
// before the sum of starts (the hire cost).
type laterLeveler interface {
	laterLevels(b *builder) [][]encode.Term
	describe(in *Instance) []level
}

// The units with a level facet, listed so that a misspelt method fails to
// compile instead of leaving a level out.
var (
	_ leveler      = replan{}
	_ leveler      = tardiness{}
	_ laterLeveler = cost{}
)

// levels returns the objective levels before the sum of starts, in
// order: the units' levels before the makespan, the makespan, the units'
// levels after it.
func (in *Instance) levels() []level {
	us := in.units()
	var out []level
	for _, u := range domains.Facets[leveler](us) {
		out = append(out, u.describe(in)...)
	}
	v := in.Voc
	out = append(out, level{name: "makespan", key: "makespan", goal: fmt.Sprintf("minimise the makespan: the %s when the last %s ends", v.Period, v.Activity),
		value: func(start []int) int { return in.network().makespan(start) }})
	for _, u := range domains.Facets[laterLeveler](us) {
		out = append(out, u.describe(in)...)
	}
	return out
}

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

	// The objective levels, in the order of levels.
	us := in.units()
	for _, u := range domains.Facets[leveler](us) {
		for _, ts := range u.Levels(b) {
			m.Minimize(ts...)
		}
	}
	ms := cm.makespan(0, in.Horizon, groupDefOther+": makespan")
	m.Minimize(tm(ms, 1))
	for _, u := range domains.Facets[laterLeveler](us) {
		for _, ts := range u.laterLevels(b) {
			m.Minimize(ts...)
		}
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
