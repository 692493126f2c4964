package production

import (
	"fmt"
	"slices"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/encode"
)

// Shop is an instance of the shop core: jobs, each a route of operations
// (one machine, one duration each) done in order, on machines that run one
// operation at a time, everything finished by the closing time Horizon.
// Times are whole units (the vocabulary's Unit) counted from 0.
//
// A plan gives every operation its start time. Two plans are the same
// plan when every operation starts at the same time; the stated
// tie-break (the smallest sum of start times, see TieBreaks) makes the
// optimum the earliest-start schedule of its machine sequences, so that
// start times with slack are never a second answer.
type Shop struct {
	// solving is lent by Generate's caller for the generator's own
	// solves, for that call only.
	solving domains.Solving

	Sp       domains.Spec `json:"spec"`
	Voc      Vocab        `json:"vocabulary"`
	Horizon  int          `json:"horizon"`
	Machines []string     `json:"machines"`
	Jobs     []Job        `json:"jobs"`

	// Unit data; zero when the unit is not sampled.

	// Deps are cross-job precedences (precedence unit): job After starts
	// only when job Before is finished.
	Deps []Dep `json:"dependencies,omitempty"`
	// Families names the product families (changeovers unit); Setup[f][g]
	// is the changeover time on a machine of ChangeMachines between a
	// job of family f and the next job of family g (0 when f == g). Every
	// setup time is at most the shortest operation on those machines, so
	// the triangle inequality holds and "between consecutive jobs" is the
	// same as "between any two jobs in order".
	Families       []string `json:"families,omitempty"`
	Setup          [][]int  `json:"setup,omitempty"`
	ChangeMachines []int    `json:"changeover_machines,omitempty"`
	// Maintenance is a window during which a machine is down
	// (maintenance unit).
	Maintenance *Window `json:"maintenance,omitempty"`
	// Buffer is the robustness slack (robustness-slack unit): after every
	// operation on Machine, Time units stay free on that machine and
	// before the job's next operation.
	Buffer *Buffer `json:"buffer,omitempty"`
	// Delay is the disruption of a given plan (delay unit).
	Delay *Delay `json:"delay,omitempty"`
	// TieBreaks is the number of stated tie-break levels: 1, the smallest
	// sum of start times; 2, then the smallest sum of (row number × start
	// time) over the operations in table order.
	TieBreaks int `json:"tie_breaks"`

	// starts are the start variables of the last model built, for
	// decoding; groupItems caches itemOf until a model is built again.
	starts     [][]encode.Var
	groupItems map[string]string
}

// Vocab is a subtask's words.
type Vocab struct {
	Job     string `json:"job"`     // "batch"
	Jobs    string `json:"jobs"`    // "batches"
	Machine string `json:"machine"` // "station"
	Unit    string `json:"unit"`    // "hour"
	Units   string `json:"units"`   // "hours"
	Family  string `json:"family"`  // "flavour"
	Cost    string `json:"cost"`    // what the cost level counts: "storage cost"
	Intro   string `json:"intro"`
}

// Job is one job: its route, and the unit data of the job.
type Job struct {
	Name  string `json:"name"`
	Route []Op   `json:"route"`
	// Release: the job's first operation starts at Release or later
	// (release-dates unit; 0 = no release date).
	Release int `json:"release,omitempty"`
	// Deadline: the job's last operation ends by Deadline (deadlines
	// unit; 0 = none).
	Deadline int `json:"deadline,omitempty"`
	// Family is the index in Shop.Families (changeovers unit).
	Family int `json:"family,omitempty"`
	// Due and Weight (weighted-tardiness unit): each unit of time the job
	// ends after Due costs Weight.
	Due    int `json:"due,omitempty"`
	Weight int `json:"weight,omitempty"`
	// Cost per unit of time until the job ends (cost unit).
	Cost int `json:"cost,omitempty"`
}

// Op is one operation of a route.
type Op struct {
	Machine  int `json:"machine"`
	Duration int `json:"duration"`
}

// Dep says job After starts only after job Before has ended.
type Dep struct {
	Before int `json:"before"`
	After  int `json:"after"`
}

// Window is a maintenance window [From, To) of a machine.
type Window struct {
	Machine int `json:"machine"`
	From    int `json:"from"`
	To      int `json:"to"`
}

// Buffer is a robustness slack after every operation on a machine.
type Buffer struct {
	Machine int `json:"machine"`
	Time    int `json:"time"`
}

// Delay is a disruption of the given plan Plan (start times per job and
// step): operation Step of job Job cannot start before Earliest (late
// material).
type Delay struct {
	Plan     [][]int `json:"plan"`
	Job      int     `json:"job"`
	Step     int     `json:"step"`
	Earliest int     `json:"earliest"`
}

// Spec implements domains.Instance.
func (s *Shop) Spec() domains.Spec { return s.Sp }

// has reports whether the spec has the unit. Only the generator's own
// draws (generate.go) and validate's refusal of a unit's data without the
// unit ask it; everything else asks the sampled units (units).
func (s *Shop) has(unit string) bool { return s.Sp.Has(unit) }

// opRef names one operation: job j, step k.
type opRef struct{ j, k int }

// machineOps returns the operations on machine m in table order.
func (s *Shop) machineOps(m int) []opRef {
	var out []opRef
	for j, job := range s.Jobs {
		for k, op := range job.Route {
			if op.Machine == m {
				out = append(out, opRef{j, k})
			}
		}
	}
	return out
}

func (s *Shop) op(o opRef) Op { return s.Jobs[o.j].Route[o.k] }

// end returns the end of job j's last operation in plan st.
func (s *Shop) end(st [][]int, j int) int {
	r := s.Jobs[j].Route
	return st[j][len(r)-1] + r[len(r)-1].Duration
}

// setup returns the changeover time on machine m from operation a to
// operation b (0 on a machine without changeovers; without the unit no
// machine has them).
func (s *Shop) setup(m int, a, b opRef) int {
	if !slices.Contains(s.ChangeMachines, m) {
		return 0
	}
	return s.Setup[s.Jobs[a.j].Family][s.Jobs[b.j].Family]
}

// buffer returns the robustness slack after an operation on machine m.
func (s *Shop) buffer(m int) int {
	if s.Buffer != nil && s.Buffer.Machine == m {
		return s.Buffer.Time
	}
	return 0
}

// opName is the prompt's name of an operation: "Rye step 2 (Oven)".
func (s *Shop) opName(o opRef) string {
	return fmt.Sprintf("%s step %d (%s)", s.Jobs[o.j].Name, o.k+1, s.Machines[s.op(o).Machine])
}

// Rule (model group) names. The core's are always on.
const (
	groupRoutes   = "core: every job follows its route"
	groupMachines = "core: one operation at a time on each machine"
	groupDefs     = "core: goal definitions"
)

// rules returns the prompt's named rules (those a conflict answer may
// name), in prompt order.
func (s *Shop) rules() []rule {
	return domains.RulesOf(s, s.units())
}

// itemOf returns the checklist item of a model group: the core's, or the
// item of the unit whose rule the group is ("" for the goal's
// definitions).
func (s *Shop) itemOf(group string) string {
	if s.groupItems == nil {
		s.groupItems = map[string]string{groupRoutes: itemRoutes, groupMachines: itemMachines}
		for _, u := range s.units() {
			if its := u.Items(s); len(its) > 0 {
				for _, r := range u.Rules(s) {
					s.groupItems[r.Name] = its[0].ID
				}
			}
		}
	}
	return s.groupItems[group]
}

// violations evaluates every feasibility rule on plan st (start times per
// job and step, complete) and returns, per item ID, why the plan breaks it
// (the first failure found; no entry when it keeps it): the core's rules,
// then each unit's Check. The model adds the same rules as constraints;
// the brute-force tests check that the two agree.
func (s *Shop) violations(st [][]int) map[string]string {
	f := fails{}
	s.checkCore(st, f)
	for _, u := range s.units() {
		u.Check(s, st, f)
	}
	out := make(map[string]string, len(f))
	for id, why := range f {
		out[id] = why[0]
	}
	return out
}

// checkCore checks the core's rules: coverage and the closing time, the
// routes and one operation at a time on each machine.
func (s *Shop) checkCore(st [][]int, f fails) {
	for j, job := range s.Jobs {
		for k, op := range job.Route {
			if st[j][k] < 0 || st[j][k]+op.Duration > s.Horizon {
				f.Add(itemCoverage, fmt.Sprintf("%s runs %d–%d, outside 0–%d", s.opName(opRef{j, k}), st[j][k], st[j][k]+op.Duration, s.Horizon))
			}
			if k > 0 {
				prev := job.Route[k-1]
				if st[j][k] < st[j][k-1]+prev.Duration {
					f.Add(itemRoutes, fmt.Sprintf("%s starts at %d, before step %d ends at %d", s.opName(opRef{j, k}), st[j][k], k, st[j][k-1]+prev.Duration))
				}
			}
		}
	}
	for m := range s.Machines {
		ops := s.machineOps(m)
		for x, a := range ops {
			for _, b := range ops[x+1:] {
				sa, sb := st[a.j][a.k], st[b.j][b.k]
				ea, eb := sa+s.op(a).Duration, sb+s.op(b).Duration
				if sa < eb && sb < ea {
					f.Add(itemMachines, fmt.Sprintf("on %s, %s (%d–%d) and %s (%d–%d) overlap", s.Machines[m], s.opName(a), sa, ea, s.opName(b), sb, eb))
				}
			}
		}
	}
}
