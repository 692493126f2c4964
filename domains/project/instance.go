package project

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/encode"
)

// Instance is an instance of the project core: activities with whole
// durations, finish-start precedences and per-period demands on renewable
// resources, scheduled on periods 0, 1, …, Horizon−1. An activity that
// starts at s with duration d occupies periods s … s+d−1 and ends at s+d.
//
// Always on: every activity starts once, at a whole period s ≥ 0, and ends
// by the horizon (s + d ≤ Horizon); activities are not interrupted. The
// sampled units add the rest (see units.go).
//
// Two plans are the same plan when every activity has the same start
// (the answer variables are the starts). Start times with slack would make
// many plans of one sequence; the stated objective removes them: after the
// primary levels, the plan minimises the sum of the start times, so every
// activity starts as early as its sequence allows (the earliest-start
// schedule of its order), and a stated tie-break (the first activity of
// the table as early as possible, then the second, …) picks one plan when
// that is not yet unique.
type Instance struct {
	Sp         domains.Spec `json:"spec"`
	Voc        Vocab        `json:"vocabulary"`
	Horizon    int          `json:"horizon"`
	Activities []Activity   `json:"activities"`
	Resources  []Resource   `json:"resources,omitempty"`
	// Slack is the minimum slack after each critical activity
	// (robustness-slack unit).
	Slack int `json:"min_slack,omitempty"`
	// Current is the plan made before the delay (delay-replan unit): the
	// start of every activity, in table order; Delay the disruption.
	Current []int  `json:"current_plan,omitempty"`
	Delay   *Delay `json:"delay,omitempty"`
	// Exception is the failure scenario of the exception-recovery unit:
	// the answer adds a backup schedule for it.
	Exception *Exception `json:"exception,omitempty"`
	// TieBreaks is 1 when the stated lexicographic tie-break is on.
	TieBreaks int `json:"tie_breaks"`
}

// Activity is one activity. Demand[r] is its per-period need of resource
// r (same order as Instance.Resources). Release and Deadline are 0 when
// absent (a deadline of 0 is never set: every duration is positive).
type Activity struct {
	Name     string   `json:"name"`
	Duration int      `json:"duration"`
	Demand   []int    `json:"demand,omitempty"`
	After    []string `json:"after,omitempty"`
	Release  int      `json:"release,omitempty"`
	Deadline int      `json:"deadline,omitempty"`
	Due      int      `json:"due,omitempty"`
	Weight   int      `json:"weight,omitempty"`
	Critical bool     `json:"critical,omitempty"`
}

// Resource is a renewable resource: Capacity units per period; Down lists
// maintenance windows (no activity that needs it may run in them); Rate
// is its hire cost per period, from the first start to the last end of
// the activities that need it (makespan-then-cost unit).
type Resource struct {
	Name     string   `json:"name"`
	Capacity int      `json:"capacity"`
	Down     []Window `json:"maintenance,omitempty"`
	Rate     int      `json:"rate,omitempty"`
}

// Window is the periods From … To−1.
type Window struct {
	From int `json:"from"`
	To   int `json:"to"`
}

// Delay is the disruption of the replanning unit: Activity cannot start
// before Earliest.
type Delay struct {
	Activity string `json:"activity"`
	Earliest int    `json:"earliest"`
}

// Exception says that Resource may lose units: in the scenario its
// capacity is Capacity (one less than usual) for the whole horizon.
type Exception struct {
	Resource string `json:"resource"`
	Capacity int    `json:"capacity"`
}

// Vocab is a task's skin: the words of the prompt and the answer keys.
type Vocab struct {
	Activity   string `json:"activity"`   // "task"
	Activities string `json:"activities"` // "tasks"
	Resource   string `json:"resource"`   // "team"
	Resources  string `json:"resources"`  // "teams"
	Unit       string `json:"unit"`       // "person" (of a resource's capacity)
	Units      string `json:"units"`      // "people"
	Period     string `json:"period"`     // "day"
	Periods    string `json:"periods"`    // "days"
	Project    string `json:"project"`    // "the release"
	Intro      string `json:"intro"`
}

// Spec implements domains.Instance.
func (in *Instance) Spec() domains.Spec { return in.Sp }

func (in *Instance) has(unit string) bool { return in.Sp.Has(unit) }

func (in *Instance) n() int { return len(in.Activities) }

// planLen is the length of a plan vector: the starts, then each schedule
// part's (the exception unit's backup).
func (in *Instance) planLen() int { return (1 + len(in.parts())) * in.n() }

// partStarts returns the starts of the j-th schedule part in a plan vector.
func (in *Instance) partStarts(plan []int, j int) []int { return plan[(j+1)*in.n() : (j+2)*in.n()] }

func (in *Instance) index(name string) int {
	return slices.IndexFunc(in.Activities, func(a Activity) bool { return a.Name == name })
}

func (in *Instance) demand(i, r int) int {
	if r < len(in.Activities[i].Demand) {
		return in.Activities[i].Demand[r]
	}
	return 0
}

// network returns the numeric core of the instance.
func (in *Instance) network() *network {
	nw := &network{horizon: in.Horizon}
	for _, r := range in.Resources {
		nw.cap = append(nw.cap, r.Capacity)
	}
	nw.succ = make([][]int, in.n())
	for i, a := range in.Activities {
		nw.dur = append(nw.dur, a.Duration)
		d := make([]int, len(in.Resources))
		for r := range d {
			d[r] = in.demand(i, r)
		}
		nw.dem = append(nw.dem, d)
		for _, p := range a.After {
			if k := in.index(p); k >= 0 {
				nw.succ[k] = append(nw.succ[k], i)
			}
		}
	}
	return nw
}

// Objective implements domains.Objectiver.
func (in *Instance) Objective(answer json.RawMessage) ([]int64, bool) {
	ans := in.parse(answer)
	if !ans.Readable() || ans.coverErr != "" || len(ans.partErr) > 0 || ans.Infeasible {
		return nil, false
	}
	if len(in.violations(ans.start)) > 0 {
		return nil, false
	}
	return in.objectives(ans.start), true
}

// Better implements domains.Objectiver: every level is minimised.
func (in *Instance) Better(x, y []int64) bool {
	return domains.Lower(x, y)
}

// TieBreak implements domains.Instance: it states the lexicographic
// tie-break (earliest start of the first activity of the table, then the
// second, …), once.
func (in *Instance) TieBreak() bool { return domains.NextTieBreak(&in.TieBreaks, 1) }

// levelNames names the objective levels before the tie-break, in order.
func (in *Instance) levelNames() []string {
	var out []string
	for _, l := range in.levels() {
		out = append(out, l.name)
	}
	return append(out, "sum of start times")
}

// partLevelNames names the schedule parts' levels before their
// tie-breaks, part by part.
func (in *Instance) partLevelNames() []string {
	var out []string
	for _, p := range in.parts() {
		out = append(out, p.partLevels(in)...)
	}
	return out
}

// objectives returns the objective vector of a plan (starts, then each
// schedule part's), level by level, as the model defines them: the main
// levels and tie-break, then each part's levels and tie-break.
func (in *Instance) objectives(plan []int) []int64 {
	start := plan[:in.n()]
	out := in.mainObjectives(start)
	for j, p := range in.parts() {
		own := in.partStarts(plan, j)
		out = append(out, p.partObjectives(in, start, own)...)
		if in.TieBreaks > 0 {
			for _, s := range own {
				out = append(out, int64(s))
			}
		}
	}
	return out
}

func (in *Instance) mainObjectives(start []int) []int64 {
	var out []int64
	for _, l := range in.levels() {
		out = append(out, int64(l.value(start)))
	}
	sum := 0
	for _, s := range start {
		sum += s
	}
	out = append(out, int64(sum))
	if in.TieBreaks > 0 {
		for _, s := range start {
			out = append(out, int64(s))
		}
	}
	return out
}

// Plan implements domains.Instance: the starts of a solution of Model.
func (in *Instance) Plan(a encode.Assignment) (json.RawMessage, error) {
	m, err := in.Model()
	if err != nil {
		return nil, err
	}
	plan := make([]int, in.planLen())
	parts := in.parts()
	for k := range plan {
		name := startName(in.Activities[k%in.n()].Name)
		if j := k/in.n() - 1; j >= 0 {
			name = parts[j].partPrefix() + name
		}
		v, ok := m.Lookup(name)
		if !ok || int(v) >= len(a) {
			return nil, fmt.Errorf("project: no variable %q in the assignment", name)
		}
		plan[k] = int(a[v])
	}
	return in.encode(plan), nil
}

func startName(a string) string { return "start " + a }
