package flow

import (
	"encoding/json"

	"github.com/plancert/plancert/domains"
)

var _ domains.Greedy = (*Instance)(nil)

// Greedy implements domains.Greedy: the groups in the order of the table,
// each along its shortest path by travel time to the nearest exit it may
// use (avoiding a link closed for good when another path exists), step by
// step: at every step, the people at each place of the path enter its
// next link, as many as the link's capacity left at that step and the
// exit's capacity left at their arrival allow (none while the link is
// closed, none who would arrive after the horizon); the others wait. The
// capacities are shared with the groups sent before. Waiting limits and
// the vulnerable deadline are not looked at; the stated total is the
// plan's own.
func (in *Instance) Greedy() json.RawMessage {
	x := in.zero()
	H := in.H()
	enter := make([][]int, len(in.Links)) // entries per link and step, all groups
	for l := range enter {
		enter[l] = make([]int, H+1)
	}
	exitAt := make([][]int, len(in.Places)) // arrivals per exit and step
	for p := range exitAt {
		exitAt[p] = make([]int, H+1)
	}
	for g, gr := range in.Groups {
		path := in.greedyPath(g, true)
		if path == nil {
			path = in.greedyPath(g, false)
		}
		if len(path) == 0 {
			continue // no exit it may use is reachable: everyone stays
		}
		// at[j][t]: people of g arriving at the start of path[j] at t.
		at := make([][]int, len(path))
		for j := range at {
			at[j] = make([]int, H+1)
		}
		at[0][0] = gr.Size
		wait := make([]int, len(path))
		for t := 0; t <= H; t++ {
			for j, l := range path {
				now := at[j][t] + wait[j]
				lk := in.Links[l]
				n := now
				if a := t + lk.Time; a > H || in.greedyClosed(l, t) {
					n = 0
				} else {
					if c, ok := in.capAt(l, t); ok {
						n = min(n, max(0, c-enter[l][t]))
					}
					if b := in.place(lk.To); in.exitBinds(b) && in.has(unitExitCap) {
						n = min(n, max(0, in.Places[b].ExitCap-exitAt[b][a]))
					}
				}
				wait[j] = now - n
				if n == 0 {
					continue
				}
				x[g][l][t] = n
				enter[l][t] += n
				a := t + lk.Time
				if j+1 < len(path) {
					at[j+1][a] += n
				} else {
					exitAt[in.place(lk.To)][a] += n
				}
			}
		}
	}
	return in.encode(x)
}

// greedyClosed reports whether link l may not be entered at step t: the
// closure, or the disruption when replanning.
func (in *Instance) greedyClosed(l, t int) bool {
	if in.closed(l, t) {
		return true
	}
	d := in.Disruption
	return in.replanning() && in.Links[l].From == d.From && in.Links[l].To == d.To && d.covers(t)
}

// greedyPath returns the links of group g's shortest path by travel time
// (ties: the links' order) from its origin to the nearest exit it may
// use, or nil when there is none; with avoid, links closed from some step
// to the end are left out.
func (in *Instance) greedyPath(g int, avoid bool) []int {
	P := len(in.Places)
	dist, via := make([]int, P), make([]int, P)
	for p := range dist {
		dist[p], via[p] = -1, -1
	}
	o := in.place(in.Groups[g].Origin)
	if o < 0 {
		return nil
	}
	dist[o] = 0
	forever := func(c *Closure, lk Link) bool { return c != nil && c.End == 0 && lk.From == c.From && lk.To == c.To }
	// Bellman-Ford: the network is small.
	for changed := true; changed; {
		changed = false
		for l, lk := range in.Links {
			a, b := in.place(lk.From), in.place(lk.To)
			if a < 0 || b < 0 || dist[a] < 0 || in.Places[a].Kind == KindExit || !in.allowed(g, b) {
				continue
			}
			if avoid && (in.has(unitClosure) && forever(in.Closure, lk) || in.replanning() && forever(in.Disruption, lk)) {
				continue
			}
			if nd := dist[a] + lk.Time; dist[b] < 0 || nd < dist[b] {
				dist[b], via[b], changed = nd, l, true
			}
		}
	}
	best := -1
	for p, pl := range in.Places {
		if pl.Kind == KindExit && dist[p] >= 0 && in.allowed(g, p) && (best < 0 || dist[p] < dist[best]) {
			best = p
		}
	}
	if best < 0 {
		return nil
	}
	var rev []int
	for p := best; p != o; p = in.place(in.Links[via[p]].From) {
		rev = append(rev, via[p])
	}
	path := make([]int, len(rev))
	for k, l := range rev {
		path[len(rev)-1-k] = l
	}
	return path
}
