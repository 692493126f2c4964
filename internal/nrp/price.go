package nrp

import (
	"fmt"
	"slices"
)

// Pricing is a per-employee pricing problem: the schedules of one
// employee that keep all of the employee's hard rules, costed by the
// employee's own requests (scaled by K) plus a weight per shift worked.
// It is solved exactly by a dynamic program over the days (Price).
type Pricing struct {
	in *Instance
	s  int
	// bounded[t] is the slot of shift type t in a label's counts, or −1
	// when the type's maximum cannot bind (or the type is forbidden).
	bounded []int
	nb      int
	allowed [][]bool // allowed[d][t]: t may be worked on day d
	maxMin  int      // the longest shift's minutes
	// req[d][u] is the employee's request penalty for choice u on day d
	// (u = T for Off), unscaled.
	req [][]int64
	// must[d] ≥ 0 forces shift type must[d] on day d (branching); nil
	// when nothing is forced.
	must []int
}

// restrict returns a copy of p in which each decision of employee p.s
// holds: Work forces shift T on day D, else forbids it.
func (p *Pricing) restrict(ds []Decision) *Pricing {
	q := *p
	q.allowed = make([][]bool, len(p.allowed))
	for d := range p.allowed {
		q.allowed[d] = append([]bool(nil), p.allowed[d]...)
	}
	for _, x := range ds {
		if x.S != p.s {
			continue
		}
		if x.Work {
			if q.must == nil {
				q.must = make([]int, len(p.allowed))
				for d := range q.must {
					q.must[d] = -1
				}
			}
			if q.must[x.D] >= 0 && q.must[x.D] != x.T {
				clear(q.allowed[x.D]) // two shifts forced on one day
			}
			q.must[x.D] = x.T
		} else {
			q.allowed[x.D][x.T] = false
		}
	}
	return &q
}

// label is one state of the dynamic program at the end of a day.
type label struct {
	key  pkey
	cost int64
	prev int32 // index of the label on the day before, −1 on day 0
	u    int8  // the choice of the day: a shift type, or Off
}

// pkey is a label's state: minutes so far, the last day's choice, the
// length of the current run (work runs exact, off runs capped at the
// minimum days off), whether that run started on day 0, the weekends
// worked so far and the counts of the bounded shift types, 6 bits each.
type pkey struct {
	minutes int32
	last    int8
	run     uint8
	first   bool
	wk      uint8
	counts  uint64
}

// NewPricing prepares the pricing problem of employee s of in. It fails
// when s has more than ten shift types whose maximum can bind, or a bound
// above 63 (the counts are packed in 64 bits).
func NewPricing(in *Instance, s int) (*Pricing, error) {
	if s < 0 || s >= len(in.Staff) {
		return nil, fmt.Errorf("nrp: pricing: no employee %d", s)
	}
	st := in.Staff[s]
	T, H := len(in.Shifts), in.Horizon
	p := &Pricing{in: in, s: s, bounded: make([]int, T)}
	p.allowed = make([][]bool, H)
	for d := range H {
		p.allowed[d] = make([]bool, T)
		for t := range T {
			p.allowed[d][t] = st.MaxShifts[t] > 0
		}
	}
	for _, d := range in.DaysOff[s] {
		if d >= 0 && d < H {
			clear(p.allowed[d])
		}
	}
	for t, sh := range in.Shifts {
		p.bounded[t] = -1
		days := 0
		for d := range H {
			if p.allowed[d][t] {
				days++
			}
		}
		if st.MaxShifts[t] > 0 && st.MaxShifts[t] < days {
			if st.MaxShifts[t] > 63 || p.nb == 10 {
				return nil, fmt.Errorf("nrp: pricing: employee %s: too many binding shift maxima to pack", st.ID)
			}
			p.bounded[t] = p.nb
			p.nb++
		}
		p.maxMin = max(p.maxMin, sh.Minutes)
	}
	p.req = make([][]int64, H)
	for d := range H {
		p.req[d] = make([]int64, T+1)
		for u := range T + 1 {
			c := u
			if u == T {
				c = Off
			}
			p.req[d][u] = requestCost(in, s, d, c, 1)
		}
	}
	return p, nil
}

// requestCost returns K times employee s's request penalty for working
// shift u (or Off) on day d: the on requests of that day not met and the
// off requests met.
func requestCost(in *Instance, s, d, u int, K int64) int64 {
	var c int64
	for _, q := range in.On {
		if q.Staff == s && q.Day == d && q.Shift != u {
			c += int64(q.Weight)
		}
	}
	for _, q := range in.Off {
		if q.Staff == s && q.Day == d && q.Shift == u {
			c += int64(q.Weight)
		}
	}
	return K * c
}

// Price returns the least cost of a schedule of the employee that keeps
// all of the employee's hard rules, the cost being K times the
// employee's request penalty plus Σ w[d][t] over the shifts worked (w may
// be negative), and one schedule of that cost (row[d] a shift type or
// Off). ok is false when no schedule keeps the rules. The program is
// exact: its states are the minutes worked, the last day's shift, the
// current run's length and whether it touches day 0, the weekends worked
// and the counts of the shift types whose maximum can bind; identical
// states merge. Cost: O(H·T·states), at most a few ms per employee on
// the benchmark's 4-week instances.
func (p *Pricing) Price(K int64, w [][]int64) (cost int64, row []int, ok bool) {
	in, st := p.in, p.in.Staff[p.s]
	T, H := len(in.Shifts), in.Horizon
	dayCost := make([]int64, T+1) // index T is Off
	days := make([][]label, H)
	var cur []label
	index := map[pkey]int32{}
	offCap := uint8(max(st.MinDaysOff, 1))
	for d := range H {
		for u := range T {
			dayCost[u] = K*p.req[d][u] + w[d][u]
		}
		dayCost[T] = K * p.req[d][T]
		clear(index)
		var next []label
		add := func(k pkey, c int64, prev int32, u int) {
			if i, seen := index[k]; seen {
				if c < next[i].cost {
					next[i].cost, next[i].prev, next[i].u = c, prev, int8(u)
				}
				return
			}
			index[k] = int32(len(next))
			next = append(next, label{k, c, prev, int8(u)})
		}
		remaining := int32(H-d-1) * int32(p.maxMin)
		sat, sun := d%7 == 5, d%7 == 6
		step := func(from pkey, c int64, prev int32) {
			// A day off.
			if p.must == nil || p.must[d] < 0 {
				k := from
				switch {
				case d == 0:
					k.last, k.run, k.first = Off, 1, true
				case from.last == Off:
					k.run = min(k.run+1, offCap)
				default:
					if !from.first && int(from.run) < st.MinConsecutive {
						goto work
					}
					k.last, k.run, k.first = Off, 1, false
				}
				if k.minutes+remaining >= int32(st.MinMinutes) {
					add(k, c+dayCost[T], prev, Off)
				}
			}
		work:
			for u := range T {
				if !p.allowed[d][u] || (p.must != nil && p.must[d] >= 0 && p.must[d] != u) {
					continue
				}
				k := from
				k.minutes += int32(in.Shifts[u].Minutes)
				if k.minutes > int32(st.MaxMinutes) || k.minutes+remaining < int32(st.MinMinutes) {
					continue
				}
				if b := p.bounded[u]; b >= 0 {
					n := (k.counts >> (6 * b)) & 63
					if int(n) >= st.MaxShifts[u] {
						continue
					}
					k.counts += 1 << (6 * b)
				}
				switch {
				case d == 0:
					k.run, k.first = 1, true
				case from.last == Off:
					if !from.first && int(from.run) < st.MinDaysOff {
						continue
					}
					k.run, k.first = 1, false
				default:
					if slices.Contains(in.Shifts[from.last].NotNext, u) {
						continue
					}
					k.run++
				}
				if int(k.run) > st.MaxConsecutive {
					continue
				}
				if sat || (sun && (d == 0 || from.last == Off)) {
					k.wk++
					if int(k.wk) > st.MaxWeekends {
						continue
					}
				}
				k.last = int8(u)
				add(k, c+dayCost[u], prev, u)
			}
		}
		if d == 0 {
			step(pkey{last: Off}, 0, -1)
		} else {
			for i, l := range cur {
				step(l.key, l.cost, int32(i))
			}
		}
		days[d] = next
		cur = next
	}
	best := int32(-1)
	for i, l := range cur {
		if l.key.minutes >= int32(st.MinMinutes) && (best < 0 || l.cost < cur[best].cost) {
			best = int32(i)
		}
	}
	if best < 0 {
		return 0, nil, false
	}
	cost = cur[best].cost
	row = make([]int, H)
	for d, i := H-1, best; d >= 0; d-- {
		l := days[d][i]
		row[d] = int(l.u)
		i = l.prev
	}
	return cost, row, true
}

// ScheduleCost returns the cost Price minimizes for the given schedule:
// K times the employee's request penalty plus Σ w[d][t] over the shifts
// of row (w nil counts as all zero). It does not check the hard rules (hardRules does).
func (p *Pricing) ScheduleCost(K int64, w [][]int64, row []int) int64 {
	var c int64
	for d, u := range row {
		c += requestCost(p.in, p.s, d, u, K)
		if u != Off && w != nil {
			c += w[d][u]
		}
	}
	return c
}
