package itinerary

import (
	"encoding/json"
	"slices"

	"github.com/plancert/plancert/domains"
)

var _ domains.Greedy = (*Itinerary)(nil)

// Greedy implements domains.Greedy, one pass without search:
//
//   - days of sightseeing: the must-visit stops first (table order), then
//     the others by score per minute of visit, highest first (ties by stop
//     number); each stop goes where inserting it adds the least travel
//     (ties: the earlier day, then the earlier place in the day) among the
//     places that keep the days' times, the opening hours, the budget, the
//     daily travel limit and the visit order; a stop that fits nowhere is
//     left out. The closed stop and the backup stop are never visited;
//     balance and the current plan are not looked at.
//   - a trip sequence: from the first city, again and again the unvisited
//     city with a direct flight whose event is soonest over (without
//     events, the lowest number), preferring one whose event the stay
//     would cover, the second city of a visit order only after the first;
//     with no flight on, the next such city anyway.
//
// The stated values (score and travel, or the first days) are the plan's
// own.
func (it *Itinerary) Greedy() json.RawMessage {
	if it.Voc.Trip {
		out, _ := json.Marshal(it.tripAnswer(it.greedyTrip()))
		return out
	}
	n := len(it.Stops)
	var must, rest []int
	for s := 1; s <= n; s++ {
		switch {
		case s == it.Closed || len(it.Backup) == 2 && s == it.Backup[1]:
		case slices.Contains(it.Must, s):
			must = append(must, s)
		default:
			rest = append(rest, s)
		}
	}
	slices.SortStableFunc(rest, func(a, b int) int {
		x, y := it.Score[a-1]*it.Visit[b-1], it.Score[b-1]*it.Visit[a-1]
		switch {
		case x > y:
			return -1
		case x < y:
			return 1
		}
		return 0
	})
	plan := make([][]int, len(it.Days))
	for d := range plan {
		plan[d] = []int{}
	}
	for _, s := range append(must, rest...) {
		bestD, bestI := -1, -1
		var bestAdd int64
		for d := range plan {
			base := it.dayTravel(d, plan[d])
			for i := 0; i <= len(plan[d]); i++ {
				day := slices.Insert(slices.Clone(plan[d]), i, s)
				add := it.dayTravel(d, day) - base
				if bestD >= 0 && add >= bestAdd {
					continue
				}
				try := slices.Clone(plan)
				try[d] = day
				if it.greedyFits(try, d) {
					bestD, bestI, bestAdd = d, i, add
				}
			}
		}
		if bestD >= 0 {
			plan[bestD] = slices.Insert(plan[bestD], bestI, s)
		}
	}
	out, _ := json.Marshal(it.answer(plan))
	return out
}

// greedyFits reports whether plan, changed on day d, keeps the days'
// times, the opening hours, the budget, the daily travel limit on day d
// and the visit order.
func (it *Itinerary) greedyFits(plan [][]int, d int) bool {
	if it.timing(plan, it.Open != nil) != "" {
		return false
	}
	if it.MaxTravel > 0 && it.dayTravel(d, plan[d]) > it.MaxTravel {
		return false
	}
	if it.Fee != nil {
		var fees int64
		for _, day := range plan {
			for _, s := range day {
				fees += it.Fee[s-1]
			}
		}
		if fees > it.Budget {
			return false
		}
	}
	for _, p := range it.Before {
		for _, day := range plan {
			if j := slices.Index(day, p[1]); j >= 0 {
				if i := slices.Index(day, p[0]); i < 0 || i > j {
					return false
				}
			}
		}
	}
	return true
}

// greedyTrip returns the greedy order of a trip sequence's cities.
func (it *Itinerary) greedyTrip() []int {
	n := len(it.Stops)
	var order []int
	t := it.Days[0].Leave
	for len(order) < n {
		best, bestRank := -1, 0
		for c := 1; c <= n; c++ {
			if slices.Contains(order, c) || !it.tripReady(c, order) {
				continue
			}
			// rank: flight first, then covering its event, then soonest over.
			rank := 0
			if len(order) > 0 && !it.flight(order[len(order)-1], c) {
				rank += 2
			}
			if it.Open != nil && (t < it.Open[c-1] || t+it.Visit[c-1] > it.Close[c-1]) {
				rank++
			}
			if best < 0 || rank < bestRank || rank == bestRank && it.Close != nil && it.Close[c-1] < it.Close[best-1] {
				best, bestRank = c, rank
			}
		}
		if best < 0 { // only the second city of a visit order is left
			for c := 1; c <= n; c++ {
				if !slices.Contains(order, c) {
					best = c
					break
				}
			}
		}
		order = append(order, best)
		t += it.Visit[best-1]
	}
	return order
}

// tripReady reports whether city c may come next after order for the
// visit order: it is not the second city of an order whose first is not
// yet visited.
func (it *Itinerary) tripReady(c int, order []int) bool {
	for _, p := range it.Before {
		if p[1] == c && !slices.Contains(order, p[0]) {
			return false
		}
	}
	return true
}
