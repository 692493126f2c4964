package delivery

import (
	"encoding/json"
	"slices"

	"github.com/plancert/plancert/domains"
)

var _ domains.Greedy = (*Delivery)(nil)

// Greedy implements domains.Greedy: nearest-neighbour routes. Each vehicle
// in turn leaves the depot and goes, again and again, to the nearest
// unvisited stop (ties: the lower stop number) that still fits: its load
// within capacity, unloading within its window and back at the depot in
// time, the route's driving (back to the depot) within the driving limit,
// not over the closed road, and the second stop of a visit order only
// after the first on the same route. It returns when none fits. Stops no
// vehicle took are added to the end of the last route (a plan that breaks
// a rule). The current plan and the balance bound are not looked at; the
// stated total is the plan's own.
func (d *Delivery) Greedy() json.RawMessage {
	n := len(d.Stops)
	done := make([]bool, n+1)
	var routes [][]int
	for range d.Vehicles {
		var rt []int
		at := 0
		var t, load, drive int64
		for {
			best := -1
			var bestT int64
			for c := 1; c <= n; c++ {
				if done[c] || d.isClosed(at, c) || d.isClosed(c, 0) {
					continue
				}
				if d.Capacity > 0 && load+d.Demand[c] > d.Capacity {
					continue
				}
				if d.MaxDrive > 0 && drive+d.Travel[at][c]+d.Travel[c][0] > d.MaxDrive {
					continue
				}
				if !d.beforeReady(c, rt, done) {
					continue
				}
				var tc int64
				if d.Due != nil {
					tc = max(t+d.Service[at]+d.Travel[at][c], d.Ready[c])
					if tc > d.Due[c] || tc+d.Service[c]+d.Travel[c][0] > d.Due[0] {
						continue
					}
				}
				if best < 0 || d.Travel[at][c] < d.Travel[at][best] {
					best, bestT = c, tc
				}
			}
			if best < 0 {
				break
			}
			done[best] = true
			rt = append(rt, best)
			load += d.Demand[best]
			drive += d.Travel[at][best]
			t, at = bestT, best
		}
		if len(rt) > 0 {
			routes = append(routes, rt)
		}
	}
	for c := 1; c <= n; c++ {
		if done[c] {
			continue
		}
		if len(routes) == 0 {
			routes = append(routes, nil)
		}
		routes[len(routes)-1] = append(routes[len(routes)-1], c)
	}
	p := answer{Routes: [][]string{}, TotalMinutes: d.total(routes)}
	for _, rt := range routes {
		var names []string
		for _, c := range rt {
			names = append(names, d.Stops[c-1])
		}
		p.Routes = append(p.Routes, names)
	}
	out, _ := json.Marshal(p)
	return out
}

// isClosed reports whether the road between locations i and j is closed.
func (d *Delivery) isClosed(i, j int) bool {
	for _, c := range d.Closed {
		if c == [2]int{i, j} || c == [2]int{j, i} {
			return true
		}
	}
	return false
}

// beforeReady reports whether stop c may come next on route rt for the
// visit order: c is not the second stop of an order whose first stop is
// still unvisited (done) or on another route.
func (d *Delivery) beforeReady(c int, rt []int, done []bool) bool {
	for _, b := range d.Before {
		if b[1] == c && (!done[b[0]] || !slices.Contains(rt, b[0])) {
			return false
		}
	}
	return true
}
