package dispatch

import (
	"encoding/json"
	"slices"

	"github.com/plancert/plancert/domains"
)

var _ domains.Greedy = (*Dispatch)(nil)

// Greedy implements domains.Greedy: the jobs in order of their earliest
// pickup (without windows, the table's order; ties by job number; the
// first job of a pickup-before-delivery pair moved just before the
// second when it would come later), each appended to the route of the
// vehicle that reaches it with the least empty driving from where it is
// (ties: the vehicle listed first), among the vehicles whose type may take
// it and that still make its pickup window, the depot's closing time and
// the driving limit; the second job of a pair goes to the vehicle of the
// first. A job no vehicle fits goes to the nearest vehicle whose type may
// take it (or, with none, the nearest vehicle). Backups, balance and the
// current plan are not looked at; the stated deadhead is the plan's own.
func (d *Dispatch) Greedy() json.RawMessage {
	n, k := len(d.Jobs), len(d.Vehicles)
	order := make([]int, n)
	for i := range order {
		order[i] = i + 1
	}
	if d.Ready != nil {
		slices.SortStableFunc(order, func(a, b int) int { return int(d.Ready[a] - d.Ready[b]) })
	}
	for _, b := range d.Before {
		i, j := slices.Index(order, b[0]), slices.Index(order, b[1])
		if i > j {
			order = slices.Delete(order, i, i+1)
			order = slices.Insert(order, j, b[0])
		}
	}
	ts := domains.Facets[taker](d.units())
	routes := make([][]int, k)
	at := make([]int, k)       // each vehicle's last job, 0 at the depot
	t := make([]int64, k)      // the start of its last pickup
	driven := make([]int64, k) // its driving so far, loaded and empty
	if d.Ready != nil {
		for v := range t {
			t[v] = d.Ready[0]
		}
	}
	for _, c := range order {
		forced := -1
		for _, b := range d.Before {
			if b[1] == c {
				for v, rt := range routes {
					if slices.Contains(rt, b[0]) {
						forced = v
					}
				}
			}
		}
		best, bestTake, bestAny := -1, -1, -1
		var bestT int64
		for v := range k {
			if forced >= 0 && v != forced {
				continue
			}
			dh := d.Deadhead[at[v]][c]
			nearer := func(w int) bool { return w < 0 || dh < d.Deadhead[at[w]][c] }
			if nearer(bestAny) {
				bestAny = v
			}
			if !d.takes(ts, c, d.Vehicles[v].Type) {
				continue
			}
			if nearer(bestTake) {
				bestTake = v
			}
			var tc int64
			if d.Ready != nil {
				tc = max(t[v]+d.Handle[at[v]]+d.drive(at[v], c), d.Ready[c])
				if tc > d.Due[c] || tc+d.Handle[c]+d.drive(c, 0) > d.Due[0] {
					continue
				}
			}
			if d.MaxDrive > 0 && driven[v]+d.drive(at[v], c)+d.drive(c, 0) > d.MaxDrive {
				continue
			}
			if nearer(best) {
				best, bestT = v, tc
			}
		}
		v := best
		switch {
		case v >= 0:
		case bestTake >= 0:
			v = bestTake
		default:
			v = bestAny
		}
		if v != best && d.Ready != nil {
			bestT = max(t[v]+d.Handle[at[v]]+d.drive(at[v], c), d.Ready[c])
		}
		routes[v] = append(routes[v], c)
		driven[v] += d.drive(at[v], c)
		t[v], at[v] = bestT, c
	}
	p := answer{Routes: []vehicleRoute{}}
	var used [][]int
	for v, rt := range routes {
		if len(rt) > 0 {
			p.Routes = append(p.Routes, vehicleRoute{Vehicle: d.Vehicles[v].Name, Jobs: d.names(rt)})
			used = append(used, rt)
		}
	}
	p.Deadhead = d.deadhead(used)
	out, _ := json.Marshal(p)
	return out
}
