package project

import (
	"encoding/json"

	"github.com/plancert/plancert/domains"
)

var _ domains.Greedy = (*Instance)(nil)

// Greedy implements domains.Greedy: the serial schedule-generation scheme.
// The activities in a topological order of the precedences (ties by the
// table), each at the earliest start at or after its release (and the
// delay, when replanning) and its predecessors' ends (plus the minimum
// slack after a critical one) where every resource it needs has room for
// its whole duration outside the maintenance windows. The backup schedule
// of the exception unit is the same scheme at the reduced capacity.
// Deadlines, due dates and costs are not looked at; an activity that never
// fits (a demand above a capacity) starts when its predecessors allow;
// the stated values are the plan's own.
func (in *Instance) Greedy() json.RawMessage {
	plan := make([]int, 0, in.planLen())
	plan = append(plan, in.greedySerial()...)
	for range in.parts() {
		// The one schedule part is the exception unit's backup.
		plan = append(plan, in.scenario().greedySerial()...)
	}
	return in.encode(plan)
}

// greedySerial returns the starts of the serial scheme on in.
func (in *Instance) greedySerial() []int {
	nw := in.network()
	n := nw.n()
	order := nw.topo()
	if order == nil { // a precedence cycle: the table's order
		order = make([]int, n)
		for i := range order {
			order[i] = i
		}
	}
	pred := make([][]int, n)
	for i, ss := range nw.succ {
		for _, s := range ss {
			pred[s] = append(pred[s], i)
		}
	}
	total := 0
	for _, d := range nw.dur {
		total += max(d, 0)
	}
	limit := max(in.Horizon, 0) + total + 1 // beyond it, nothing more frees up
	use := make([][]int, len(in.Resources)) // use[r][t]
	for r := range use {
		use[r] = make([]int, limit+total+1)
	}
	down := func(r, t int) bool {
		if !in.has(unitMaintenance) {
			return false
		}
		for _, w := range in.Resources[r].Down {
			if w.From <= t && t < w.To {
				return true
			}
		}
		return false
	}
	fits := func(i, t int) bool {
		for r := range in.Resources {
			q := in.demand(i, r)
			if q == 0 {
				continue
			}
			for u := t; u < t+nw.dur[i]; u++ {
				if use[r][u]+q > nw.cap[r] || down(r, u) {
					return false
				}
			}
		}
		return true
	}
	start := make([]int, n)
	for _, i := range order {
		a := in.Activities[i]
		t0 := a.Release
		if in.Delay != nil && in.has(unitReplan) && in.index(in.Delay.Activity) == i {
			t0 = max(t0, in.Delay.Earliest)
		}
		for _, p := range pred[i] {
			g := 0
			if in.has(unitSlack) && in.Activities[p].Critical {
				g = in.Slack
			}
			t0 = max(t0, start[p]+nw.dur[p]+g)
		}
		t := t0
		for t < limit && !fits(i, t) {
			t++
		}
		if t >= limit {
			t = t0
		}
		start[i] = t
		for r := range in.Resources {
			for u := t; u < t+nw.dur[i] && u < len(use[r]); u++ {
				use[r][u] += in.demand(i, r)
			}
		}
	}
	return start
}
