package quantity

import (
	"encoding/json"
	"sort"

	"github.com/plancert/plancert/domains"
)

var _ domains.Greedy = (*Instance)(nil)

// Greedy implements domains.Greedy: period by period and sink by sink (in
// the order of the tables), the demand of that period not yet covered
// (allocation: by what arrives then and, in the first period, the
// starting stock; procurement: by the stock carried over, the safety
// stock included) is filled from the sources in order of unit cost to
// that sink (ties by the table), each sending in time for its lead time
// as much as its supply left in that period and the lane limit allow, and
// skipped when that is below its minimum order. With the recovery unit,
// the recovery plan keeps the shipments sent before the failure and fills
// the same way from then on without the failing source. Budget, fairness,
// ramp, runs and the other rules are not looked at; the stated values are
// the plan's own.
func (in *Instance) Greedy() json.RawMessage {
	q := in.greedyFill(in.zero(), 0)
	var rq quantities
	if in.recovering() {
		rq = in.scenario().greedyFill(q, in.failFrom())
	}
	return in.encode(q, rq)
}

// greedyFill returns base's shipments sent before period from, with the
// demand still uncovered filled greedily by shipments sent in period from
// or later.
func (in *Instance) greedyFill(base quantities, from int) quantities {
	q := in.zero()
	left := make([][]int, in.S()) // supply left per source and period
	for s, src := range in.Sources {
		left[s] = append([]int(nil), src.Supply...)
		for k := range in.Sinks {
			for t := 0; t < from && t < in.T(); t++ {
				q[s][k][t] = base[s][k][t]
				left[s][t] -= base[s][k][t]
			}
		}
	}
	stock := make([]int, in.K())
	for k, sk := range in.Sinks {
		stock[k] = sk.Init
	}
	for t := range in.Periods {
		f := in.flows(q) // the arrivals of the shipments so far
		for k, sk := range in.Sinks {
			have := f.arrive[k][t]
			if in.alloc() {
				if t == 0 {
					have += sk.Init
				}
			} else {
				have += stock[k]
			}
			need := sk.Demand[t] - have
			if !in.alloc() {
				need += sk.Min
			}
			for _, s := range in.greedyByCost(k) {
				if need <= 0 {
					break
				}
				st := t - in.Sources[s].Lead // the period it must be sent
				if st < from || st < 0 {
					continue
				}
				n := min(need, max(0, left[s][st]))
				if len(in.Lanes) > s && len(in.Lanes[s]) > k {
					n = min(n, max(0, in.Lanes[s][k]-q[s][k][st]))
				}
				if n <= 0 || n < in.Sources[s].MOQ && q[s][k][st] == 0 {
					continue
				}
				q[s][k][st] += n
				left[s][st] -= n
				need -= n
				have += n
			}
			if !in.alloc() {
				stock[k] = max(0, have-sk.Demand[t])
			}
		}
	}
	return q
}

// greedyByCost returns the sources in order of unit cost to sink k (ties
// by the table).
func (in *Instance) greedyByCost(k int) []int {
	ss := make([]int, in.S())
	for s := range ss {
		ss[s] = s
	}
	sort.SliceStable(ss, func(x, y int) bool { return in.Cost[ss[x]][k] < in.Cost[ss[y]][k] })
	return ss
}
