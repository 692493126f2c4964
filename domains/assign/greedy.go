package assign

import (
	"encoding/json"
	"sort"

	"github.com/plancert/plancert/domains"
)

var _ domains.Greedy = (*Assign)(nil)

// Greedy implements domains.Greedy, one pass over the items in the order
// of the table:
//
//   - labelled: each item to its cheapest allowed bin with room left
//     (capacity, and one item of the exclusive kind per bin); with none, no
//     bin, or with the all-assigned unit its cheapest allowed bin anyway;
//   - timed (items in dependency order, ties by the table): each item at
//     the earliest end over its allowed bins with room left that are free
//     then, after the items it depends on (ties: the lower rate, then the
//     table's order of bins);
//   - partition: each item to the group, among those not yet full, holding
//     the most weight of its requests, ties to the first; apart pairs are
//     kept apart where a group allows.
//
// A critical item's backup is the first other bin, by cost, with room
// left (free at its time, when timed); a swap partner is the first item
// of another group. The other rules are not looked at; the stated goal
// value is the plan's own.
func (a *Assign) Greedy() json.RawMessage {
	p := &plan{bin: make([]int, len(a.Items))}
	switch {
	case a.Partition:
		a.greedyGroups(p)
	case a.Timed:
		a.greedyTimed(p)
	default:
		for i := range a.Items {
			p.bin[i] = -1
			if k := a.greedyBin(p, i, -1); k >= 0 {
				p.bin[i] = k
			} else if a.has(unitAllAssigned) {
				p.bin[i] = a.greedyBinAny(i)
			}
		}
	}
	for _, i := range a.criticalIdx() {
		p.backup = append(p.backup, a.greedyBackup(p, i))
	}
	return a.encode(p)
}

// greedyCost is the cost of item i in bin k (0 without costs: timed).
func (a *Assign) greedyCost(i, k int) int {
	if i < len(a.Cost) && k < len(a.Cost[i]) {
		return a.Cost[i][k]
	}
	return 0
}

// greedyByCost returns the bins that item i may go to, cheapest first
// (ties in the table's order).
func (a *Assign) greedyByCost(i int) []int {
	var ks []int
	for k := range a.Bins {
		if a.allowed(i, k) {
			ks = append(ks, k)
		}
	}
	sort.SliceStable(ks, func(x, y int) bool { return a.greedyCost(i, ks[x]) < a.greedyCost(i, ks[y]) })
	return ks
}

// greedyRoom reports whether bin k has room for item i next to the items
// of p that are in bins (skipping item i itself): the capacities, and one
// item of the exclusive kind.
func (a *Assign) greedyRoom(p *plan, i, k int) bool {
	cnt, load, excl := 0, 0, false
	for j, b := range p.bin {
		if j == i || b != k {
			continue
		}
		cnt++
		load += a.Items[j].Size
		excl = excl || a.isExclusive(j)
	}
	if a.has(unitCapacity) && (cnt+1 > a.Bins[k].Cap || load+a.Items[i].Size > a.Bins[k].SizeCap) {
		return false
	}
	return !(a.has(unitExclusive) && a.isExclusive(i) && excl)
}

// greedyBin returns the cheapest allowed bin other than skip with room for
// item i, or -1.
func (a *Assign) greedyBin(p *plan, i, skip int) int {
	for _, k := range a.greedyByCost(i) {
		if k != skip && a.greedyRoom(p, i, k) {
			return k
		}
	}
	return -1
}

// greedyBinAny returns item i's cheapest allowed bin, or the first bin.
func (a *Assign) greedyBinAny(i int) int {
	if ks := a.greedyByCost(i); len(ks) > 0 {
		return ks[0]
	}
	return 0
}

// greedyTimed places the items of a timed plan.
func (a *Assign) greedyTimed(p *plan) {
	n := len(a.Items)
	p.start = make([]int, n)
	for i := range p.bin {
		p.bin[i], p.start[i] = -1, -1
	}
	deps := a.pairs(a.Deps)
	for _, i := range a.greedyDepOrder(deps) {
		earliest := 0
		for _, d := range deps {
			if d[1] == i && d[0] >= 0 && p.bin[d[0]] >= 0 {
				earliest = max(earliest, p.start[d[0]]+a.Items[d[0]].Size)
			}
		}
		bestK, bestT := -1, -1
		try := func(room bool) {
			for _, k := range a.greedyByCost(i) {
				if room && !a.greedyRoom(p, i, k) {
					continue
				}
				for _, t := range a.starts(i) {
					if t < earliest && room {
						continue
					}
					if room && !a.greedyIdle(p, i, k, t) {
						continue
					}
					if bestK < 0 || t < bestT || t == bestT && a.Bins[k].Rate < a.Bins[bestK].Rate {
						bestK, bestT = k, t
					}
					break
				}
			}
		}
		if try(true); bestK < 0 {
			try(false) // no bin is free: the first start of the cheapest
		}
		if bestK < 0 { // no start fits the day
			bestK, bestT = a.greedyBinAny(i), 0
		}
		p.bin[i], p.start[i] = bestK, bestT
	}
}

// greedyIdle reports whether bin k is free for item i from slot t.
func (a *Assign) greedyIdle(p *plan, i, k, t int) bool {
	for j, b := range p.bin {
		if j != i && b == k && p.start[j] >= 0 && t < p.start[j]+a.Items[j].Size && p.start[j] < t+a.Items[i].Size {
			return false
		}
	}
	return true
}

// greedyDepOrder returns the items in dependency order, each as early in
// the table as its dependencies allow (a cycle's items in table order).
func (a *Assign) greedyDepOrder(deps [][2]int) []int {
	n := len(a.Items)
	done := make([]bool, n)
	var out []int
	for len(out) < n {
		pick := -1
		for i := 0; i < n && pick < 0; i++ {
			if done[i] {
				continue
			}
			ready := true
			for _, d := range deps {
				ready = ready && !(d[1] == i && d[0] >= 0 && !done[d[0]])
			}
			if ready {
				pick = i
			}
		}
		if pick < 0 {
			for i := range done {
				if !done[i] {
					pick = i
					break
				}
			}
		}
		done[pick] = true
		out = append(out, pick)
	}
	return out
}

// greedyGroups fills the groups of a partition.
func (a *Assign) greedyGroups(p *plan) {
	n := len(a.Items)
	for i := range p.bin {
		p.bin[i] = -1
	}
	size := make([]int, len(a.Bins))
	apart := a.pairs(a.Apart)
	for i := range n {
		best, bestW := -1, int64(-2)
		for k, bin := range a.Bins {
			if size[k] >= bin.Size {
				continue
			}
			var w int64
			for _, r := range a.Requests {
				x, y := a.itemIndex(r.A), a.itemIndex(r.B)
				if x == i && y >= 0 && p.bin[y] == k || y == i && x >= 0 && p.bin[x] == k {
					w += a.reqWeight(r)
				}
			}
			if a.has(unitTogether) {
				for _, q := range apart {
					if q[0] == i && q[1] >= 0 && p.bin[q[1]] == k || q[1] == i && q[0] >= 0 && p.bin[q[0]] == k {
						w = -1 // only when no other group has room
					}
				}
			}
			if w > bestW {
				best, bestW = k, w
			}
		}
		if best < 0 { // every group is full: the sizes add up to fewer items
			best = 0
		}
		size[best]++
		p.bin[i] = best
	}
}

// greedyBackup returns the backup of critical item i: a bin (labelled,
// timed) or a swap partner (partition).
func (a *Assign) greedyBackup(p *plan, i int) int {
	if a.Partition {
		for j := range a.Items {
			if j != i && p.bin[j] != p.bin[i] {
				return j
			}
		}
		return (i + 1) % len(a.Items)
	}
	for _, k := range a.greedyByCost(i) {
		if k == p.bin[i] || !a.greedyRoom(p, i, k) {
			continue
		}
		if a.Timed && p.start[i] >= 0 && !a.greedyIdle(p, i, k, p.start[i]) {
			continue
		}
		return k
	}
	for k := range a.Bins {
		if k != p.bin[i] {
			return k
		}
	}
	return 0
}
