package project

import (
	"context"
	"fmt"

	"github.com/plancert/plancert/encode"
	"github.com/plancert/plancert/internal/psplib"
	"github.com/plancert/plancert/solver"
)

// rcpspModel is the project core's model of a PSPLIB instance: the same
// start variables, precedences, task-decomposed capacities and makespan as
// the family's instances (coreModel), with the bounds a proof can use
// because no rule of it will ever be dropped: starts within [earliest
// start by the critical path, ub − tail], where ub is the makespan of the
// serial schedule-generation scheme; the makespan within [critical-path
// length, ub]; and no overlap literal for pairs that precedence (or those
// windows) keeps apart.
func rcpspModel(in *psplib.Instance) (*encode.Model, encode.Var, int, int) {
	nw := &network{dur: in.Duration, dem: in.Demand, cap: in.Capacity, succ: in.Succ}
	ub := nw.makespan(nw.serial(nil, nil))
	es, tl := nw.earliest(nil), nw.tails()
	lb := 0
	for i := range es {
		lb = max(lb, es[i]+tl[i])
	}
	hi := make([]int, nw.n())
	names := make([]string, nw.n())
	for i := range hi {
		hi[i] = ub - tl[i]
		names[i] = fmt.Sprint(i + 1)
	}
	cm := newCoreModel(nw, names, es, hi)
	for i, ss := range nw.succ {
		for _, j := range ss {
			cm.precedence(i, j, 0, "precedence")
		}
	}
	reach := nw.closure()
	apart := func(i, j int) bool {
		return reach[i][j] || reach[j][i] || hi[i]+nw.dur[i] <= es[j] || es[i] > hi[j]
	}
	for r := range nw.cap {
		cm.capacity(r, fmt.Sprintf("capacity R%d", r+1), "definitions", apart)
	}
	ms := cm.makespan(lb, ub, "makespan")
	cm.m.Minimize(tm(ms, 1))
	return cm.m, ms, lb, ub
}

// proveRCPSP returns the proven optimal makespan of a PSPLIB instance (ok
// false when ctx ended first), and the critical-path bound and the serial
// schedule's makespan it started from. The optimal schedule is checked
// against the PSPLIB semantics by checkRCPSP.
func proveRCPSP(ctx context.Context, b solver.Backend, in *psplib.Instance) (opt, lb, ub int, ok bool, err error) {
	m, _, lb, ub := rcpspModel(in)
	s, err := b.Load(m)
	if err != nil {
		return 0, lb, ub, false, err
	}
	r, err := s.Optimize(ctx)
	if err != nil {
		return 0, lb, ub, false, err
	}
	if r.Status != solver.Optimal {
		return 0, lb, ub, false, nil
	}
	start := make([]int, in.Jobs())
	for i := range start {
		v, _ := m.Lookup(fmt.Sprintf("start %d", i+1))
		start[i] = int(r.Solution[v])
	}
	if err := checkRCPSP(in, start); err != nil {
		return 0, lb, ub, false, err
	}
	return int(r.Objective[0]), lb, ub, true, nil
}

// checkRCPSP checks a schedule against the PSPLIB semantics directly
// (period by period), independent of the model.
func checkRCPSP(in *psplib.Instance, start []int) error {
	for i, ss := range in.Succ {
		for _, j := range ss {
			if start[j] < start[i]+in.Duration[i] {
				return fmt.Errorf("project: %s: job %d starts at %d before job %d ends at %d", in.Name, j+1, start[j], i+1, start[i]+in.Duration[i])
			}
		}
	}
	end := 0
	for i, s := range start {
		if s < 0 {
			return fmt.Errorf("project: %s: job %d starts at %d", in.Name, i+1, s)
		}
		end = max(end, s+in.Duration[i])
	}
	for r, c := range in.Capacity {
		for t := range end {
			use := 0
			for i, s := range start {
				if s <= t && t < s+in.Duration[i] {
					use += in.Demand[i][r]
				}
			}
			if use > c {
				return fmt.Errorf("project: %s: R%d is used %d > %d at %d", in.Name, r+1, use, c, t)
			}
		}
	}
	return nil
}
