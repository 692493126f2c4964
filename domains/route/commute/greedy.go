package commute

import (
	"encoding/json"
	"slices"
	"sort"

	"github.com/plancert/plancert/domains"
)

var _ domains.Greedy = (*Commute)(nil)

// Greedy implements domains.Greedy: a one-pass earliest-arrival scan of
// the rides in order of departure (ties: the timetable's order), keeping
// one label per stop, the earliest way in by ride and by walk, and no
// search over alternatives. A ride is taken from its stop's label when it
// leaves at or after it (after the transfer time, from a ride at that
// stop), is not on the run that label came in on, not on the avoided line,
// not over the closed section, and, as a first ride, not before the
// earliest departure; a walk follows a ride (or leads to the first) where
// a link is listed and no longer than the walking limit. The trip is the
// earlier of the destination's two labels. The backup trip is the same
// scan without the main trip's rides and its first ride's line. With no
// trip found, the plan is the first ride out of the start (or the first
// ride of the timetable). Fare, changes, deadline and the current plan
// are not looked at; the stated values are the plan's own.
func (c *Commute) Greedy() json.RawMessage {
	rs := c.rides()
	main := c.greedyTrip(rs, func(ride) bool { return true })
	var backup []leg
	if c.Backup {
		firstLine := -1
		for _, l := range main {
			if l.Ride >= 0 {
				firstLine = rs[l.Ride].Line
				break
			}
		}
		backup = c.greedyTrip(rs, func(rd ride) bool {
			if rd.Line == firstLine {
				return false
			}
			return !slices.ContainsFunc(main, func(l leg) bool { return l.Ride >= 0 && rs[l.Ride] == rd })
		})
	}
	return c.planJSON(rs, main, backup)
}

// greedyNode is a leg of a trip the scan has found: a ride (Ride ≥ 0)
// or a walk, reached at time t, after the legs of parent (nil: the first
// leg).
type greedyNode struct {
	leg    leg
	t      int64
	parent *greedyNode
}

// greedyTrip returns the trip of the earliest-arrival scan over the rides
// that allow accepts.
func (c *Commute) greedyTrip(rs []ride, allow func(ride) bool) []leg {
	n := len(c.Stops)
	byRide, byWalk := make([]*greedyNode, n), make([]*greedyNode, n)
	walkOK := func(a, b int) (int64, bool) {
		w, ok := c.walk(a, b)
		return w, ok && a != b && (c.MaxWalk <= 0 || w <= c.MaxWalk)
	}
	order := make([]int, len(rs))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(x, y int) bool { return rs[order[x]].Dep < rs[order[y]].Dep })
	for _, id := range order {
		rd := rs[id]
		if !allow(rd) || c.closes(rd) || c.Avoid != nil && rd.Line == *c.Avoid {
			continue
		}
		var parent *greedyNode
		found := true
		if r, w := byRide[rd.From], byWalk[rd.From]; rd.From == 0 && rd.Dep >= c.Earliest {
			parent = nil
		} else if r != nil && rs[r.leg.Ride].Run != rd.Run && r.t+c.transferAt(rd.From) <= rd.Dep {
			parent = r
		} else if w != nil && w.t <= rd.Dep {
			parent = w
		} else if m, ok := walkOK(0, rd.From); ok && rd.Dep-m >= c.Earliest {
			parent = &greedyNode{leg: leg{Ride: -1, From: 0, To: rd.From, Minutes: m}, t: rd.Dep} // from the start, just in time
		} else {
			found = false
		}
		if !found || byRide[rd.To] != nil && byRide[rd.To].t <= rd.Arr {
			continue
		}
		nd := &greedyNode{leg: leg{Ride: id, From: rd.From, To: rd.To}, t: rd.Arr, parent: parent}
		byRide[rd.To] = nd
		for s := range n {
			if m, ok := walkOK(rd.To, s); ok && (byWalk[s] == nil || rd.Arr+m < byWalk[s].t) {
				byWalk[s] = &greedyNode{leg: leg{Ride: -1, From: rd.To, To: s, Minutes: m}, t: rd.Arr + m, parent: nd}
			}
		}
	}
	end := byRide[1]
	if w := byWalk[1]; w != nil && (end == nil || w.t < end.t) {
		end = w
	}
	if end == nil {
		for id, rd := range rs {
			if rd.From == 0 {
				return []leg{{Ride: id, From: rd.From, To: rd.To}}
			}
		}
		return []leg{{Ride: 0, From: rs[0].From, To: rs[0].To}}
	}
	var legs []leg
	for nd := end; nd != nil; nd = nd.parent {
		legs = append(legs, nd.leg)
	}
	slices.Reverse(legs)
	return legs
}

// transferAt is the transfer time at stop s (0 without the unit).
func (c *Commute) transferAt(s int) int64 {
	if c.Transfer == nil {
		return 0
	}
	return c.Transfer[s]
}
