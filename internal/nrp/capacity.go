package nrp

// workCapacity returns an upper bound on the number of days employee s can
// work in any roster that keeps the employee's own hard rules, when the
// weekends the employee works are exactly those of case c: c = −1 means
// no weekend, c = j ≥ 0 means weekend j and no other, c = anyWeekends
// leaves weekends free. ok is false when no
// row of that case keeps the rules. The bound is exact for the rules it
// follows (days off, runs of shifts and of days off with the boundary
// conventions, the weekend case) and relaxes the others (shift types,
// rotations, minutes beyond the count they allow), so it is a valid upper
// bound: a dynamic program over (day, kind of the current run, its length,
// whether it touches day 0, whether this weekend's Saturday was worked).
const anyWeekends = -2

func workCapacity(in *Instance, s, c int) (best int, ok bool) {
	st := in.Staff[s]
	H := in.Horizon
	can := false
	minLen := 0
	maxShifts := 0
	for t, sh := range in.Shifts {
		if st.MaxShifts[t] > 0 {
			can = true
			maxShifts += st.MaxShifts[t]
			if minLen == 0 || sh.Minutes < minLen {
				minLen = sh.Minutes
			}
		}
	}
	off := make([]bool, H)
	for _, d := range in.DaysOff[s] {
		off[d] = true
	}
	for d := range H {
		if !can {
			off[d] = true
		}
		if (d%7 == 5 || d%7 == 6) && c != anyWeekends {
			if d/7 != c {
				off[d] = true
			}
		}
	}
	limit := H
	if minLen > 0 {
		limit = min(limit, st.MaxMinutes/minLen)
	}
	limit = min(limit, maxShifts)
	runCap := max(st.MaxConsecutive, st.MinConsecutive, st.MinDaysOff) + 1
	type state struct {
		work    bool
		n       int // length of the current run, capped at runCap
		edge    bool
		satWork bool
	}
	const none = -1
	cur := map[state]int{}
	for _, w := range []bool{false, true} {
		if w && off[0] {
			continue
		}
		if w && st.MaxConsecutive < 1 {
			continue
		}
		v := 0
		if w {
			v = 1
		}
		cur[state{w, 1, true, w && 0%7 == 5}] = v
	}
	for d := 1; d < H; d++ {
		next := map[state]int{}
		for p, v := range cur {
			for _, w := range []bool{false, true} {
				if w && off[d] {
					continue
				}
				q := state{work: w, satWork: p.satWork}
				if w == p.work {
					q.n, q.edge = min(p.n+1, runCap), p.edge
					if w && q.n > st.MaxConsecutive {
						continue
					}
				} else {
					// p's run ends at d−1, inside the horizon.
					if !p.edge && p.work && p.n < st.MinConsecutive {
						continue
					}
					if !p.edge && !p.work && p.n < st.MinDaysOff {
						continue
					}
					q.n, q.edge = 1, false
					if w && st.MaxConsecutive < 1 {
						continue
					}
				}
				if d%7 == 5 {
					q.satWork = w
				}
				if d%7 == 6 && d/7 == c && !w && !q.satWork {
					continue // weekend c must be worked
				}
				nv := v
				if w {
					nv++
				}
				if old, seen := next[q]; !seen || nv > old {
					next[q] = nv
				}
			}
		}
		cur = next
	}
	best = none
	for p, v := range cur {
		// A Saturday on the last day with weekend c unworked so far.
		if c >= 0 && (H-1)%7 == 5 && (H-1)/7 == c && !p.satWork {
			continue
		}
		best = max(best, v)
	}
	if best == none {
		return 0, false
	}
	return min(best, limit), true
}
