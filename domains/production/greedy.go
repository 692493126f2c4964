package production

import (
	"encoding/json"

	"github.com/plancert/plancert/domains"
)

var _ domains.Greedy = (*Shop)(nil)

// Greedy implements domains.Greedy: the jobs in the order of the table
// (a job after the jobs it depends on), each step at the earliest time at
// or after the end of the job's previous step (and its buffer), the job's
// release and the late material of the delay, when its machine is free:
// no overlap with the steps placed on it before, with their changeover
// times and buffers between, and none with the machine's maintenance
// window. Deadlines and the costs are not looked at; the stated objective
// is the schedule's own.
func (s *Shop) Greedy() json.RawMessage {
	st := make([][]int, len(s.Jobs))
	for j, job := range s.Jobs {
		st[j] = make([]int, len(job.Route))
		for k := range st[j] {
			st[j][k] = -1
		}
	}
	placed := make([][]opRef, len(s.Machines)) // per machine
	for _, j := range s.greedyJobOrder() {
		job := s.Jobs[j]
		t := job.Release
		for _, d := range s.Deps {
			if d.After == j && d.Before >= 0 && d.Before < len(s.Jobs) && st[d.Before][0] >= 0 {
				t = max(t, s.end(st, d.Before))
			}
		}
		for k, op := range job.Route {
			if k > 0 {
				prev := job.Route[k-1]
				t = max(t, st[j][k-1]+prev.Duration+s.buffer(prev.Machine))
			}
			if d := s.Delay; d != nil && d.Job == j && d.Step == k {
				t = max(t, d.Earliest)
			}
			a := opRef{j, k}
			for !s.greedyFree(st, placed[op.Machine], a, t) {
				t++
			}
			st[j][k] = t
			placed[op.Machine] = append(placed[op.Machine], a)
		}
	}
	return s.encodePlan(st)
}

// greedyFree reports whether operation a may start at t next to the
// operations on placed (its machine's, already started).
func (s *Shop) greedyFree(st [][]int, placed []opRef, a opRef, t int) bool {
	op := s.op(a)
	m := op.Machine
	e := t + op.Duration
	if w := s.Maintenance; w != nil && w.Machine == m && t < w.To && w.From < e {
		return false
	}
	for _, b := range placed {
		sb := st[b.j][b.k]
		eb := sb + s.op(b).Duration
		before := e+s.buffer(m)+s.setup(m, a, b) <= sb
		after := eb+s.buffer(m)+s.setup(m, b, a) <= t
		if !before && !after {
			return false
		}
	}
	return true
}

// greedyJobOrder returns the jobs in the table's order, each after the
// jobs it depends on (a cycle's jobs in table order).
func (s *Shop) greedyJobOrder() []int {
	n := len(s.Jobs)
	done := make([]bool, n)
	var out []int
	for len(out) < n {
		pick := -1
		for j := 0; j < n && pick < 0; j++ {
			if done[j] {
				continue
			}
			ready := true
			for _, d := range s.Deps {
				if d.After == j && d.Before >= 0 && d.Before < n && !done[d.Before] {
					ready = false
				}
			}
			if ready {
				pick = j
			}
		}
		if pick < 0 {
			for j := range done {
				if !done[j] {
					pick = j
					break
				}
			}
		}
		done[pick] = true
		out = append(out, pick)
	}
	return out
}
