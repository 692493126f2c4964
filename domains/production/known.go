package production

import (
	"fmt"
	"maps"
	"slices"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/internal/jobshop"
)

// FromJobShop returns the Shop of an OR-Library job-shop instance: its jobs
// ("J1", "J2", …) and machines ("M0", "M1", …), the core rules only, the
// makespan goal without tie-break (TieBreaks 0), and the closing time of
// the instance's greedy schedule (an upper bound of the optimum, so it
// cuts no optimal schedule). It is how the published optima are proven
// through this package's model.
func FromJobShop(in *jobshop.Instance) (*Shop, error) {
	s := &Shop{Sp: domains.Spec{Task: "production-planning"}, Voc: Vocab{Job: "job", Jobs: "jobs", Machine: "machine", Unit: "unit", Units: "units"}}
	for k := range in.Machines {
		s.Machines = append(s.Machines, fmt.Sprintf("M%d", k))
	}
	for j, ops := range in.Jobs {
		job := Job{Name: fmt.Sprintf("J%d", j+1)}
		for _, op := range ops {
			job.Route = append(job.Route, Op{Machine: op.Machine, Duration: int(op.Duration)})
		}
		s.Jobs = append(s.Jobs, job)
	}
	s.Horizon = int(in.Greedy())
	return s, s.validate()
}

// Makespan returns the makespan of plan st (start times per job and step)
// and why it breaks a rule ("" when it keeps every rule; with several
// broken rules, the one whose checklist item ID sorts first), by the
// package's checker.
func (s *Shop) Makespan(st [][]int) (int, string) {
	viol := s.violations(st)
	ids := slices.Sorted(maps.Keys(viol))
	if len(ids) > 0 {
		return makespanOf(s, st), ids[0] + ": " + viol[ids[0]]
	}
	return makespanOf(s, st), ""
}
