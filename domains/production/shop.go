package production

import (
	"fmt"
	"slices"
	"strings"

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

	// starts and swaps are the variables of the last model built, for
	// decoding.
	starts [][]encode.Var
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
// operation b (0 on a machine without changeovers or without the unit).
func (s *Shop) setup(m int, a, b opRef) int {
	if !s.has(unitChangeovers) || !slices.Contains(s.ChangeMachines, m) {
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

func ruleRelease(job string) string       { return "release of " + job }
func ruleDeadline(job string) string      { return "deadline of " + job }
func ruleDep(before, after string) string { return after + " after " + before }
func ruleMaintenance(m string) string     { return "maintenance of " + m }
func ruleBuffer(m string) string          { return "slack after " + m }

const ruleChangeovers = "changeovers"

func (s *Shop) ruleLate() string {
	d := s.Delay
	return fmt.Sprintf("late material for %s step %d", s.Jobs[d.Job].Name, d.Step+1)
}

// ruleNames returns the names of the prompt's named rules (those a
// conflict answer may name), in prompt order.
func (s *Shop) ruleNames() []string {
	var out []string
	for _, j := range s.Jobs {
		if s.has(unitRelease) && j.Release > 0 {
			out = append(out, ruleRelease(j.Name))
		}
	}
	for _, j := range s.Jobs {
		if s.has(unitDeadlines) && j.Deadline > 0 {
			out = append(out, ruleDeadline(j.Name))
		}
	}
	for _, d := range s.Deps {
		out = append(out, ruleDep(s.Jobs[d.Before].Name, s.Jobs[d.After].Name))
	}
	if s.has(unitChangeovers) {
		out = append(out, ruleChangeovers)
	}
	if s.Maintenance != nil {
		out = append(out, ruleMaintenance(s.Machines[s.Maintenance.Machine]))
	}
	if s.Buffer != nil {
		out = append(out, ruleBuffer(s.Machines[s.Buffer.Machine]))
	}
	if s.Delay != nil {
		out = append(out, s.ruleLate())
	}
	return out
}

// itemOf returns the checklist item of a model group.
func (s *Shop) itemOf(group string) string {
	switch {
	case group == groupRoutes:
		return itemRoutes
	case group == groupMachines:
		return itemMachines
	case group == groupDefs:
		return ""
	case strings.HasPrefix(group, "release of "):
		return unitRelease
	case strings.HasPrefix(group, "deadline of "):
		return unitDeadlines
	case group == ruleChangeovers:
		return unitChangeovers
	case strings.HasPrefix(group, "maintenance of "):
		return unitMaintenance
	case strings.HasPrefix(group, "slack after "):
		return unitBuffer
	case strings.HasPrefix(group, "late material for "):
		return unitDelay
	case strings.Contains(group, " after "):
		return unitPrecedence
	}
	return ""
}

// violations evaluates every feasibility rule on plan st (start times per
// job and step, complete) and returns, per item ID, why the plan breaks it
// (no entry when it keeps it). The model adds the same rules as
// constraints; the brute-force tests check that the two agree.
func (s *Shop) violations(st [][]int) map[string]string {
	out := map[string]string{}
	set := func(item, why string) {
		if _, ok := out[item]; !ok {
			out[item] = why
		}
	}
	for j, job := range s.Jobs {
		for k, op := range job.Route {
			if st[j][k] < 0 || st[j][k]+op.Duration > s.Horizon {
				set(itemCoverage, fmt.Sprintf("%s runs %d–%d, outside 0–%d", s.opName(opRef{j, k}), st[j][k], st[j][k]+op.Duration, s.Horizon))
			}
			if k > 0 {
				prev := job.Route[k-1]
				if st[j][k] < st[j][k-1]+prev.Duration {
					set(itemRoutes, fmt.Sprintf("%s starts at %d, before step %d ends at %d", s.opName(opRef{j, k}), st[j][k], k, st[j][k-1]+prev.Duration))
				}
				if b := s.buffer(prev.Machine); b > 0 && st[j][k] < st[j][k-1]+prev.Duration+b {
					set(unitBuffer, fmt.Sprintf("%s starts at %d, less than %d after step %d on %s ends", s.opName(opRef{j, k}), st[j][k], b, k, s.Machines[prev.Machine]))
				}
			}
		}
		if s.has(unitRelease) && job.Release > 0 && st[j][0] < job.Release {
			set(unitRelease, fmt.Sprintf("%s starts at %d, before its release at %d", job.Name, st[j][0], job.Release))
		}
		if s.has(unitDeadlines) && job.Deadline > 0 && s.end(st, j) > job.Deadline {
			set(unitDeadlines, fmt.Sprintf("%s ends at %d, after its deadline %d", job.Name, s.end(st, j), job.Deadline))
		}
	}
	for _, d := range s.Deps {
		if st[d.After][0] < s.end(st, d.Before) {
			set(unitPrecedence, fmt.Sprintf("%s starts at %d, before %s ends at %d", s.Jobs[d.After].Name, st[d.After][0], s.Jobs[d.Before].Name, s.end(st, d.Before)))
		}
	}
	for m := range s.Machines {
		ops := s.machineOps(m)
		for x, a := range ops {
			for _, b := range ops[x+1:] {
				sa, sb := st[a.j][a.k], st[b.j][b.k]
				ea, eb := sa+s.op(a).Duration, sb+s.op(b).Duration
				if sa < eb && sb < ea {
					set(itemMachines, fmt.Sprintf("on %s, %s (%d–%d) and %s (%d–%d) overlap", s.Machines[m], s.opName(a), sa, ea, s.opName(b), sb, eb))
				}
				if bf := s.buffer(m); bf > 0 && sb < ea+bf && sa < eb+bf {
					set(unitBuffer, fmt.Sprintf("on %s, %s (%d–%d) and %s (%d–%d) are less than %d apart", s.Machines[m], s.opName(a), sa, ea, s.opName(b), sb, eb, bf))
				}
			}
		}
		if s.has(unitChangeovers) && slices.Contains(s.ChangeMachines, m) {
			byStart := slices.Clone(ops)
			slices.SortStableFunc(byStart, func(a, b opRef) int { return st[a.j][a.k] - st[b.j][b.k] })
			for i := 1; i < len(byStart); i++ {
				a, b := byStart[i-1], byStart[i]
				ea := st[a.j][a.k] + s.op(a).Duration
				if c := s.setup(m, a, b); st[b.j][b.k] < ea+c {
					set(unitChangeovers, fmt.Sprintf("on %s, %s starts at %d, but after %s (%s, ends %d) the changeover to %s takes %d", s.Machines[m], s.opName(b), st[b.j][b.k], s.opName(a), s.Families[s.Jobs[a.j].Family], ea, s.Families[s.Jobs[b.j].Family], c))
				}
			}
		}
	}
	if w := s.Maintenance; w != nil {
		for _, o := range s.machineOps(w.Machine) {
			so := st[o.j][o.k]
			if so < w.To && w.From < so+s.op(o).Duration {
				set(unitMaintenance, fmt.Sprintf("%s runs %d–%d, during maintenance %d–%d", s.opName(o), so, so+s.op(o).Duration, w.From, w.To))
			}
		}
	}
	if d := s.Delay; d != nil && st[d.Job][d.Step] < d.Earliest {
		set(unitDelay, fmt.Sprintf("%s starts at %d, before its material arrives at %d", s.opName(opRef{d.Job, d.Step}), st[d.Job][d.Step], d.Earliest))
	}
	return out
}
