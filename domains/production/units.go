package production

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/domains/prose"
	"github.com/plancert/plancert/encode"
)

// unit is one constraint of the shop pool, under the unit contract of
// domains (domains.UnitOf): its description (Info, the pool entry), its
// named rules for the prompt (Rules; a rule's name is also its model group
// and what a conflict answer names), its checklist items (Items), its
// constraints in the model (Model, after the core's machine pairs, and
// the row facets below for rows inside the core's loops) and its checks of
// a plan (Check, on the plan's start times per job and step). The job
// routes, the machine rule and the closing time are the core's, always on;
// the units add the rest. Their data is drawn in generate.go, interleaved
// with the core's draws (moving it into a Sample would change the random
// draws and so every instance).
type unit interface {
	domains.UnitOf[*Shop, *builder, [][]int]
}

// rule is one named rule of the prompt (domains.Rule); Name is also its
// model group and what a conflict answer names.
type rule = domains.Rule

// fails collects failures per item (domains.Fails).
type fails = domains.Fails

// The core's own facets, for the parts of an instance whose layout is the
// core's: the job table and the paragraphs after it, the answer's other
// form, and rows that the model states inside the core's loops (so that
// every row keeps its place in the model, and a pair's rows share the
// core's pair Boolean). The core asks its sampled units for them with
// domains.Facets, in the order of units, never by a unit's ID.
type (
	// columner is a unit with columns in the prompt's job table.
	columner interface{ Columns(s *Shop) []column }
	// sectioner is a unit with a paragraph of its data after the job
	// table (a table of times, a given plan).
	sectioner interface{ Section(s *Shop) string }
	// disruption is a unit that disrupts a given plan: it applies after
	// every other unit (its rule and item close their lists).
	disruption interface{ disrupts() }

	// stepRower is a unit with rows between consecutive steps of a job:
	// step k of job j (k ≥ 1) and the step before it, after the core's
	// route row.
	stepRower interface{ StepRows(b *builder, j, k int) }
	// jobRower is a unit with rows on one job (its first or last step),
	// stated job by job after the routes.
	jobRower interface{ JobRows(b *builder, j int) }
	// linker is a unit with rows between jobs, after every job's own rows
	// and before the machine pairs.
	linker interface{ LinkRows(b *builder) }
	// pairRower is a unit with rows on a pair of operations on one
	// machine, selected by the pair's Boolean, after the core's two.
	pairRower interface {
		PairRows(b *builder, p machinePair)
	}

	// leveler is a unit with objective levels before the goal: the
	// domains.Leveler facet (their terms, which the model minimises
	// first), and Before, the same levels for the prompt and the checker
	// (name, sentence and value on a plan, level for level).
	leveler interface {
		domains.Leveler[*builder]
		Before(s *Shop) []level
	}
	// mainGoal is a unit whose level replaces the makespan as the main
	// goal.
	mainGoal interface{ Goal(s *Shop) level }
	// laterGoal is a unit with levels after the main goal, before the
	// tie-breaks.
	laterGoal interface{ Later(s *Shop) []level }
)

// machinePair is one pair of operations on machine mc, oriented (a before
// c unless the Boolean sw is true), with their start variables and
// durations and the name of the pair's rows.
type machinePair struct {
	mc     int
	a, c   opRef
	sa, sc encode.Var
	da, dc int
	sw     encode.Var
	name   string
}

// column is one column of the job table: its heading and its cell for a
// job. At places it in the table: release 1, deadline 2, due and weight 3,
// cost 4, family 5 (the table's order, which is not the pool's).
type column struct {
	At   int
	Head string
	Cell func(job Job) string
}

// The facets of each unit, listed so that a misspelt facet method fails to
// compile instead of being skipped.
var (
	_ = []columner{release{}, deadlines{}, changeovers{}, tardiness{}, cost{}}
	_ = []sectioner{changeovers{}, delay{}}
	_ = []disruption{delay{}}
	_ = []stepRower{buffer{}}
	_ = []jobRower{release{}, deadlines{}}
	_ = []linker{precedence{}}
	_ = []pairRower{changeovers{}, buffer{}}
	_ = []leveler{delay{}}
	_ = []mainGoal{tardiness{}}
	_ = []laterGoal{cost{}}
	_ = []domains.Validator[*Shop]{precedence{}, changeovers{}, maintenance{}, buffer{}, delay{}}
	_ = []domains.DataOwner[*Shop]{precedence{}, changeovers{}, maintenance{}, buffer{}, delay{}}
)

// Unit IDs of the pool.
const (
	unitRelease     = "release-dates"
	unitDeadlines   = "deadlines"
	unitPrecedence  = "precedence"
	unitChangeovers = "changeovers"
	unitTardiness   = "weighted-tardiness"
	unitMaintenance = "maintenance"
	unitCost        = "cost"
	unitDelay       = "delay"
	unitBuffer      = "robustness-slack"
	unitInfeasible  = "infeasibility"
)

// Item IDs of the core.
const (
	itemFormat     = "format"
	itemCoverage   = "coverage"
	itemRoutes     = "routes"
	itemMachines   = "machines"
	itemOptimal    = "optimal"
	itemStated     = "stated"
	itemInfeasible = "infeasible"
	itemConflict   = "conflict"
)

// unitPool lists every unit of the core in the taxonomy's order, which the
// spec sampler draws in (changing it changes every spec).
var unitPool = domains.Pool[unit]{release{}, deadlines{}, precedence{}, changeovers{}, tardiness{}, maintenance{}, cost{}, delay{}, buffer{}, infeasible{}}

// pool is the registry's view of the pool, in the same order.
var pool = unitPool.Infos(nil)

// units returns the sampled units of s in pool order, except that a
// disruption (the delay unit) comes last: the prompt states the late
// material after every other rule. (The delay unit excludes the
// infeasibility unit, the one unit after it in the pool.)
func (s *Shop) units() []unit {
	var out, last []unit
	for _, u := range unitPool.Of(s.Sp) {
		if _, ok := u.(disruption); ok {
			last = append(last, u)
		} else {
			out = append(out, u)
		}
	}
	return append(out, last...)
}

// feasibility returns the feasibility item of unit id.
func feasibility(id string, tier domains.Tier, text string) domains.Item {
	return domains.FeasibilityItem(id, id, tier, text)
}

// ---- release-dates (basic) ----

type release struct{}

func (release) Info() domains.Unit {
	return domains.Unit{ID: unitRelease, Tier: domains.Basic, Title: "release dates (a job starts at its release or later)"}
}

func ruleRelease(job string) string { return "release of " + job }

func (release) Columns(*Shop) []column {
	return []column{{At: 1, Head: "release", Cell: func(j Job) string { return orDash(j.Release) }}}
}

func (release) JobRows(b *builder, j int) {
	if job := b.s.Jobs[j]; job.Release > 0 {
		b.m.AddLinear([]encode.Term{{Var: b.starts[j][0], Coef: 1}}, encode.GE, int64(job.Release)).Named(ruleRelease(job.Name))
	}
}

func (release) Model(*builder) {} // its rows are JobRows

func (release) Rules(s *Shop) []rule {
	var out []rule
	for _, job := range s.Jobs {
		if job.Release > 0 {
			out = append(out, rule{Name: ruleRelease(job.Name), Text: fmt.Sprintf("the first step of %s starts at time %d or later (its materials arrive then).", job.Name, job.Release)})
		}
	}
	return out
}

func (release) Items(s *Shop) []domains.Item {
	var rel []string
	for _, j := range s.Jobs {
		if j.Release > 0 {
			rel = append(rel, fmt.Sprintf("%s from %d", j.Name, j.Release))
		}
	}
	return []domains.Item{feasibility(unitRelease, domains.Basic, fmt.Sprintf("No %s starts before its release (%s).", s.Voc.Job, prose.JoinAnd(rel)))}
}

func (release) Check(s *Shop, st [][]int, f fails) {
	for j, job := range s.Jobs {
		if job.Release > 0 && st[j][0] < job.Release {
			f.Add(unitRelease, fmt.Sprintf("%s starts at %d, before its release at %d", job.Name, st[j][0], job.Release))
		}
	}
}

// ---- deadlines (basic) ----

type deadlines struct{}

func (deadlines) Info() domains.Unit {
	return domains.Unit{ID: unitDeadlines, Tier: domains.Basic, Title: "deadlines (a job ends by its deadline)"}
}

func ruleDeadline(job string) string { return "deadline of " + job }

func (deadlines) Columns(*Shop) []column {
	return []column{{At: 2, Head: "deadline", Cell: func(j Job) string { return orDash(j.Deadline) }}}
}

func (deadlines) JobRows(b *builder, j int) {
	if job := b.s.Jobs[j]; job.Deadline > 0 {
		last := len(job.Route) - 1
		b.m.AddLinear([]encode.Term{{Var: b.starts[j][last], Coef: 1}}, encode.LE, int64(job.Deadline-job.Route[last].Duration)).Named(ruleDeadline(job.Name))
	}
}

func (deadlines) Model(*builder) {} // its rows are JobRows

func (deadlines) Rules(s *Shop) []rule {
	var out []rule
	for _, job := range s.Jobs {
		if job.Deadline > 0 {
			out = append(out, rule{Name: ruleDeadline(job.Name), Text: fmt.Sprintf("the last step of %s ends by time %d.", job.Name, job.Deadline)})
		}
	}
	return out
}

func (deadlines) Items(s *Shop) []domains.Item {
	var dl []string
	for _, j := range s.Jobs {
		if j.Deadline > 0 {
			dl = append(dl, fmt.Sprintf("%s by %d", j.Name, j.Deadline))
		}
	}
	return []domains.Item{feasibility(unitDeadlines, domains.Basic, fmt.Sprintf("Every %s with a deadline ends by it (%s).", s.Voc.Job, prose.JoinAnd(dl)))}
}

func (deadlines) Check(s *Shop, st [][]int, f fails) {
	for j, job := range s.Jobs {
		if job.Deadline > 0 && s.end(st, j) > job.Deadline {
			f.Add(unitDeadlines, fmt.Sprintf("%s ends at %d, after its deadline %d", job.Name, s.end(st, j), job.Deadline))
		}
	}
}

// ---- precedence (basic): one job after another ----

type precedence struct{}

func (precedence) Info() domains.Unit {
	return domains.Unit{ID: unitPrecedence, Tier: domains.Basic, Title: "precedence between jobs (one job starts after another ends)"}
}

func ruleDep(before, after string) string { return after + " after " + before }

func (precedence) LinkRows(b *builder) {
	s := b.s
	for _, d := range s.Deps {
		bj := s.Jobs[d.Before]
		last := len(bj.Route) - 1
		b.diff(b.starts[d.After][0], b.starts[d.Before][last], bj.Route[last].Duration).
			Named(ruleDep(bj.Name, s.Jobs[d.After].Name))
	}
}

func (precedence) Model(*builder) {} // its rows are LinkRows

func (precedence) DataField(s *Shop) string { return domains.Given("dependencies", len(s.Deps) > 0) }

func (precedence) Validate(s *Shop) error {
	for i, d := range s.Deps {
		if d.Before < 0 || d.Before >= len(s.Jobs) || d.After < 0 || d.After >= len(s.Jobs) || d.Before == d.After {
			return fmt.Errorf("production: dependencies[%d]: bad jobs %d, %d", i, d.Before, d.After)
		}
	}
	return nil
}

func (precedence) Rules(s *Shop) []rule {
	var out []rule
	for _, d := range s.Deps {
		a, c := s.Jobs[d.Before].Name, s.Jobs[d.After].Name
		out = append(out, rule{Name: ruleDep(a, c), Text: fmt.Sprintf("the first step of %s starts only after the last step of %s has ended (it needs its output).", c, a)})
	}
	return out
}

func (precedence) Items(s *Shop) []domains.Item {
	if len(s.Deps) == 0 {
		return nil
	}
	var ds []string
	for _, d := range s.Deps {
		ds = append(ds, fmt.Sprintf("%s after %s", s.Jobs[d.After].Name, s.Jobs[d.Before].Name))
	}
	return []domains.Item{feasibility(unitPrecedence, domains.Basic, fmt.Sprintf("Dependent %s start only after the %s they need have ended (%s).", s.Voc.Jobs, s.Voc.Jobs, prose.JoinAnd(ds)))}
}

func (precedence) Check(s *Shop, st [][]int, f fails) {
	for _, d := range s.Deps {
		if st[d.After][0] < s.end(st, d.Before) {
			f.Add(unitPrecedence, fmt.Sprintf("%s starts at %d, before %s ends at %d", s.Jobs[d.After].Name, st[d.After][0], s.Jobs[d.Before].Name, s.end(st, d.Before)))
		}
	}
}

// ---- changeovers (medium): setup times between product families ----

type changeovers struct{}

func (changeovers) Info() domains.Unit {
	return domains.Unit{ID: unitChangeovers, Tier: domains.Medium, Title: "sequence-dependent changeovers between product families"}
}

const ruleChangeovers = "changeovers"

func (changeovers) Columns(s *Shop) []column {
	return []column{{At: 5, Head: s.Voc.Family, Cell: func(j Job) string { return s.Families[j.Family] }}}
}

// Section is the table of changeover times.
func (changeovers) Section(s *Shop) string {
	v := s.Voc
	var b strings.Builder
	var ms []string
	for _, mc := range s.ChangeMachines {
		ms = append(ms, s.Machines[mc])
	}
	fmt.Fprintf(&b, "**Changeover times** on %s (in %s), from the %s of one %s to the %s of the next %s on that %s:\n", prose.JoinAnd(ms), v.Units, v.Family, v.Job, v.Family, v.Job, v.Machine)
	head := []string{"from \\ to"}
	head = append(head, s.Families...)
	b.WriteString(prose.Head(head))
	for f, row := range s.Setup {
		cells := []string{s.Families[f]}
		for _, c := range row {
			cells = append(cells, fmt.Sprint(c))
		}
		b.WriteString(prose.Row(cells))
	}
	b.WriteString("\n")
	return b.String()
}

// PairRows: the changeover after whichever of the pair runs first.
func (changeovers) PairRows(b *builder, p machinePair) {
	s := b.s
	if ac, ca := s.setup(p.mc, p.a, p.c), s.setup(p.mc, p.c, p.a); ac > 0 || ca > 0 {
		b.diff(p.sc, p.sa, p.da+ac).OnlyIf(p.sw.Not()).Named(p.name + ": changeover in order").InGroup(ruleChangeovers)
		b.diff(p.sa, p.sc, p.dc+ca).OnlyIf(p.sw.Lit()).Named(p.name + ": changeover swapped").InGroup(ruleChangeovers)
	}
}

func (changeovers) Model(*builder) {} // its rows are PairRows

func (changeovers) DataField(s *Shop) string {
	return cmp.Or(domains.Given("families", len(s.Families) > 0), domains.Given("setup", len(s.Setup) > 0), domains.Given("changeover_machines", len(s.ChangeMachines) > 0))
}

// Validate: every setup time is at most the shortest operation on the
// machine (the triangle inequality the model relies on, see Shop.Setup).
func (changeovers) Validate(s *Shop) error {
	if len(s.Families) == 0 || len(s.ChangeMachines) == 0 {
		return fmt.Errorf("production: the changeovers unit needs families and changeover_machines")
	}
	if len(s.Setup) != len(s.Families) {
		return fmt.Errorf("production: setup has %d rows for %d families", len(s.Setup), len(s.Families))
	}
	for _, mc := range s.ChangeMachines {
		if mc < 0 || mc >= len(s.Machines) {
			return fmt.Errorf("production: changeover_machines: no machine %d", mc)
		}
		short := s.Horizon
		for _, o := range s.machineOps(mc) {
			short = min(short, s.op(o).Duration)
		}
		for f, row := range s.Setup {
			if len(row) != len(s.Families) {
				return fmt.Errorf("production: setup[%d] has %d entries for %d families", f, len(row), len(s.Families))
			}
			for g, c := range row {
				if c < 0 || c > short || (f == g && c != 0) {
					return fmt.Errorf("production: setup[%d][%d] = %d: must be 0 on the diagonal and 0..%d (the shortest operation on %s)", f, g, c, short, s.Machines[mc])
				}
			}
		}
	}
	return nil
}

func (changeovers) Rules(s *Shop) []rule {
	v := s.Voc
	return []rule{{Name: ruleChangeovers, Text: fmt.Sprintf("on a %s with changeover times, between two consecutive steps whose %s have different %ss, the %s stays idle for at least the changeover time in the table (none between the same %s).", v.Machine, v.Jobs, v.Family, v.Machine, v.Family)}}
}

func (changeovers) Items(s *Shop) []domains.Item {
	v := s.Voc
	return []domains.Item{feasibility(unitChangeovers, domains.Medium, fmt.Sprintf("Between consecutive steps of different %ss on a %s with changeovers, the %s is idle for at least the table's changeover time.", v.Family, v.Machine, v.Machine))}
}

// Check tests consecutive steps on each machine with changeovers (the
// model states every pair in order, the same by the triangle inequality).
func (changeovers) Check(s *Shop, st [][]int, f fails) {
	for m := range s.Machines {
		if !slices.Contains(s.ChangeMachines, m) {
			continue
		}
		byStart := s.machineOps(m)
		slices.SortStableFunc(byStart, func(a, b opRef) int { return st[a.j][a.k] - st[b.j][b.k] })
		for i := 1; i < len(byStart); i++ {
			a, b := byStart[i-1], byStart[i]
			ea := st[a.j][a.k] + s.op(a).Duration
			if c := s.setup(m, a, b); st[b.j][b.k] < ea+c {
				f.Add(unitChangeovers, fmt.Sprintf("on %s, %s starts at %d, but after %s (%s, ends %d) the changeover to %s takes %d", s.Machines[m], s.opName(b), st[b.j][b.k], s.opName(a), s.Families[s.Jobs[a.j].Family], ea, s.Families[s.Jobs[b.j].Family], c))
			}
		}
	}
}

// ---- weighted-tardiness (medium): the main goal ----

type tardiness struct{}

func (tardiness) Info() domains.Unit {
	return domains.Unit{ID: unitTardiness, Tier: domains.Medium, Title: "weighted tardiness goal (due times and weights)", Excludes: []string{unitCost}}
}

func (tardiness) Columns(*Shop) []column {
	return []column{
		{At: 3, Head: "due", Cell: func(j Job) string { return fmt.Sprint(j.Due) }},
		{At: 3, Head: "weight", Cell: func(j Job) string { return fmt.Sprint(j.Weight) }},
	}
}

// Goal: the weighted tardiness, a lateness counter per job with a weight.
func (tardiness) Goal(s *Shop) level {
	return level{levelTardiness, fmt.Sprintf("the weighted tardiness: the sum over %s of weight × (%s late after the due time, 0 if on time)", s.Voc.Jobs, s.Voc.Units), tardinessValue, tardinessTerms}
}

func tardinessValue(s *Shop, st [][]int) int64 {
	var t int64
	for j, job := range s.Jobs {
		t += int64(job.Weight * max(0, s.end(st, j)-job.Due))
	}
	return t
}

func tardinessTerms(b *builder) []encode.Term {
	s, m := b.s, b.m
	var ts []encode.Term
	for j, job := range s.Jobs {
		if job.Weight == 0 {
			continue
		}
		last := len(job.Route) - 1
		late := m.NewInt("late_"+job.Name, 0, int64(max(0, s.Horizon-job.Due)))
		m.AddLinear([]encode.Term{{Var: late, Coef: 1}, {Var: b.starts[j][last], Coef: -1}}, encode.GE, int64(job.Route[last].Duration-job.Due)).
			Named("lateness of " + job.Name).InGroup(groupDefs)
		ts = append(ts, encode.Term{Var: late, Coef: int64(job.Weight)})
	}
	return ts
}

func (tardiness) Model(*builder)              {}
func (tardiness) Rules(*Shop) []rule          { return nil }
func (tardiness) Items(*Shop) []domains.Item  { return nil }
func (tardiness) Check(*Shop, [][]int, fails) {}

// ---- maintenance (medium): a machine is down for a window ----

type maintenance struct{}

func (maintenance) Info() domains.Unit {
	return domains.Unit{ID: unitMaintenance, Tier: domains.Medium, Title: "maintenance window on a machine"}
}

func ruleMaintenance(m string) string { return "maintenance of " + m }

// Model: a Boolean per step on the machine, true when the step runs
// before the window (else it runs after).
func (maintenance) Model(b *builder) {
	s, m := b.s, b.m
	w := s.Maintenance
	if w == nil {
		return
	}
	g := ruleMaintenance(s.Machines[w.Machine])
	for _, o := range s.machineOps(w.Machine) {
		v, d := b.starts[o.j][o.k], s.op(o).Duration
		before := m.NewBool(fmt.Sprintf("%s before maintenance", s.opName(o)))
		m.AddLinear([]encode.Term{{Var: v, Coef: 1}}, encode.LE, int64(w.From-d)).OnlyIf(before.Lit()).Named(s.opName(o) + ": before maintenance").InGroup(g)
		m.AddLinear([]encode.Term{{Var: v, Coef: 1}}, encode.GE, int64(w.To)).OnlyIf(before.Not()).Named(s.opName(o) + ": after maintenance").InGroup(g)
	}
}

func (maintenance) DataField(s *Shop) string {
	return domains.Given("maintenance", s.Maintenance != nil)
}

func (maintenance) Validate(s *Shop) error {
	if w := s.Maintenance; w != nil && (w.Machine < 0 || w.Machine >= len(s.Machines) || w.From < 0 || w.To <= w.From) {
		return fmt.Errorf("production: maintenance: bad window %+v", *w)
	}
	return nil
}

func (maintenance) Rules(s *Shop) []rule {
	w := s.Maintenance
	if w == nil {
		return nil
	}
	return []rule{{Name: ruleMaintenance(s.Machines[w.Machine]), Text: fmt.Sprintf("%s is down for maintenance from time %d to time %d: no step on it may run during that time (a step may end at %d or start at %d).", s.Machines[w.Machine], w.From, w.To, w.From, w.To)}}
}

func (maintenance) Items(s *Shop) []domains.Item {
	w := s.Maintenance
	if w == nil {
		return nil
	}
	return []domains.Item{feasibility(unitMaintenance, domains.Medium, fmt.Sprintf("No step runs on %s during its maintenance (%d–%d).", s.Machines[w.Machine], w.From, w.To))}
}

func (maintenance) Check(s *Shop, st [][]int, f fails) {
	w := s.Maintenance
	if w == nil {
		return
	}
	for _, o := range s.machineOps(w.Machine) {
		so := st[o.j][o.k]
		if so < w.To && w.From < so+s.op(o).Duration {
			f.Add(unitMaintenance, fmt.Sprintf("%s runs %d–%d, during maintenance %d–%d", s.opName(o), so, so+s.op(o).Duration, w.From, w.To))
		}
	}
}

// ---- cost (medium): a second goal ----

type cost struct{}

func (cost) Info() domains.Unit {
	return domains.Unit{ID: unitCost, Tier: domains.Medium, Title: "multi-objective: makespan, then cost", Excludes: []string{unitTardiness}}
}

func (cost) Columns(s *Shop) []column {
	return []column{{At: 4, Head: s.Voc.Cost + " per " + s.Voc.Unit, Cell: func(j Job) string { return fmt.Sprint(j.Cost) }}}
}

// Later: the cost after the makespan, an end variable per job with its
// cost per unit of time.
func (cost) Later(s *Shop) []level {
	return []level{{levelCost, fmt.Sprintf("the %s: the sum over %s of cost per %s × its end time", s.Voc.Cost, s.Voc.Jobs, s.Voc.Unit), costValue, costTerms}}
}

func costValue(s *Shop, st [][]int) int64 {
	var c int64
	for j, job := range s.Jobs {
		c += int64(job.Cost * s.end(st, j))
	}
	return c
}

func costTerms(b *builder) []encode.Term {
	s, m := b.s, b.m
	var ts []encode.Term
	for j, job := range s.Jobs {
		last := len(job.Route) - 1
		e := m.NewInt("end_"+job.Name, 0, int64(s.Horizon))
		m.AddLinear([]encode.Term{{Var: e, Coef: 1}, {Var: b.starts[j][last], Coef: -1}}, encode.EQ, int64(job.Route[last].Duration)).
			Named("end of " + job.Name).InGroup(groupDefs)
		ts = append(ts, encode.Term{Var: e, Coef: int64(job.Cost)})
	}
	return ts
}

func (cost) Model(*builder)              {}
func (cost) Rules(*Shop) []rule          { return nil }
func (cost) Items(*Shop) []domains.Item  { return nil }
func (cost) Check(*Shop, [][]int, fails) {}

// ---- delay (hard): late material for one step of a given plan ----

type delay struct{}

func (delay) Info() domains.Unit {
	return domains.Unit{ID: unitDelay, Tier: domains.Hard, Title: "late material for one operation: re-plan with the fewest re-sequenced pairs", Excludes: []string{unitInfeasible}}
}

func (delay) disrupts() {}

func (s *Shop) ruleLate() string {
	d := s.Delay
	return fmt.Sprintf("late material for %s step %d", s.Jobs[d.Job].Name, d.Step+1)
}

// Section is the given plan and the disruption.
func (delay) Section(s *Shop) string {
	d := s.Delay
	if d == nil {
		return ""
	}
	v := s.Voc
	var b strings.Builder
	fmt.Fprintf(&b, "**The plan agreed yesterday** (start time of each step):\n")
	b.WriteString(prose.Head([]string{v.Job, "step starts"}))
	for j, job := range s.Jobs {
		var xs []string
		for k := range job.Route {
			xs = append(xs, fmt.Sprintf("%d. %d", k+1, d.Plan[j][k]))
		}
		b.WriteString(prose.Row([]string{job.Name, strings.Join(xs, ", ")}))
	}
	fmt.Fprintf(&b, "\n**Disruption.** The material for %s arrives late: that step cannot start before time %d. Re-plan the whole shift.\n\n", s.opName(opRef{d.Job, d.Step}), d.Earliest)
	return b.String()
}

// Before: the re-sequenced pairs, the pairs of operations on one machine
// that run in the opposite order to the given plan (the pairs are oriented
// as the plan runs them, so these are the pairs whose Boolean is true).
func (delay) Before(s *Shop) []level {
	if s.Delay == nil {
		return nil
	}
	return []level{{Name: levelChanges, Text: fmt.Sprintf("the number of re-sequenced pairs: pairs of steps on the same %s that run in the opposite order to the plan agreed yesterday", s.Voc.Machine), Value: changesValue}}
}

// Levels implements domains.Leveler: the sum of the pair Booleans.
func (delay) Levels(b *builder) [][]encode.Term {
	if b.s.Delay == nil {
		return nil
	}
	var ts []encode.Term
	for _, v := range b.swaps {
		ts = append(ts, encode.Term{Var: v, Coef: 1})
	}
	return [][]encode.Term{ts}
}

func changesValue(s *Shop, st [][]int) int64 {
	var n int64
	for m := range s.Machines {
		for _, p := range s.pairs(m) {
			if st[p[1].j][p[1].k] < st[p[0].j][p[0].k] {
				n++
			}
		}
	}
	return n
}

func (delay) Model(b *builder) {
	if d := b.s.Delay; d != nil {
		b.m.AddLinear([]encode.Term{{Var: b.starts[d.Job][d.Step], Coef: 1}}, encode.GE, int64(d.Earliest)).Named(b.s.ruleLate())
	}
}

func (delay) DataField(s *Shop) string { return domains.Given("delay", s.Delay != nil) }

// Validate: the delayed operation exists and the given plan has a start
// for every step. (The unit without its data is the undisrupted instance,
// which the generator solves to make the given plan.)
func (delay) Validate(s *Shop) error {
	d := s.Delay
	if d == nil {
		return nil
	}
	if d.Job < 0 || d.Job >= len(s.Jobs) || d.Step < 0 || d.Step >= len(s.Jobs[d.Job].Route) {
		return fmt.Errorf("production: delay: no operation job %d step %d", d.Job, d.Step)
	}
	if len(d.Plan) != len(s.Jobs) {
		return fmt.Errorf("production: delay.plan has %d rows for %d jobs", len(d.Plan), len(s.Jobs))
	}
	for j := range s.Jobs {
		if len(d.Plan[j]) != len(s.Jobs[j].Route) {
			return fmt.Errorf("production: delay.plan[%d] has %d starts for %d steps", j, len(d.Plan[j]), len(s.Jobs[j].Route))
		}
	}
	return nil
}

func (delay) Rules(s *Shop) []rule {
	d := s.Delay
	if d == nil {
		return nil
	}
	return []rule{{Name: s.ruleLate(), Text: fmt.Sprintf("%s starts at time %d or later.", s.opName(opRef{d.Job, d.Step}), d.Earliest)}}
}

func (delay) Items(s *Shop) []domains.Item {
	d := s.Delay
	if d == nil {
		return nil
	}
	return []domains.Item{feasibility(unitDelay, domains.Hard, fmt.Sprintf("%s starts at %d or later (the late material).", s.opName(opRef{d.Job, d.Step}), d.Earliest))}
}

func (delay) Check(s *Shop, st [][]int, f fails) {
	if d := s.Delay; d != nil && st[d.Job][d.Step] < d.Earliest {
		f.Add(unitDelay, fmt.Sprintf("%s starts at %d, before its material arrives at %d", s.opName(opRef{d.Job, d.Step}), st[d.Job][d.Step], d.Earliest))
	}
}

// ---- robustness-slack (hard): free time after the bottleneck's steps ----

type buffer struct{}

func (buffer) Info() domains.Unit {
	return domains.Unit{ID: unitBuffer, Tier: domains.Hard, Title: "robustness slack after every operation on the bottleneck machine"}
}

func ruleBuffer(m string) string { return "slack after " + m }

// StepRows: the job waits the slack after its step on the machine.
func (buffer) StepRows(b *builder, j, k int) {
	s := b.s
	job := s.Jobs[j]
	prev := job.Route[k-1]
	if bf := s.buffer(prev.Machine); bf > 0 {
		b.diff(b.starts[j][k], b.starts[j][k-1], prev.Duration+bf).Named(fmt.Sprintf("slack before %s step %d", job.Name, k+1)).InGroup(ruleBuffer(s.Machines[prev.Machine]))
	}
}

// PairRows: the machine stays free for the slack after whichever of the
// pair runs first.
func (buffer) PairRows(b *builder, p machinePair) {
	if bf := b.s.buffer(p.mc); bf > 0 {
		g := ruleBuffer(b.s.Machines[p.mc])
		b.diff(p.sc, p.sa, p.da+bf).OnlyIf(p.sw.Not()).Named(p.name + ": slack in order").InGroup(g)
		b.diff(p.sa, p.sc, p.dc+bf).OnlyIf(p.sw.Lit()).Named(p.name + ": slack swapped").InGroup(g)
	}
}

func (buffer) Model(*builder) {} // its rows are StepRows and PairRows

func (buffer) DataField(s *Shop) string { return domains.Given("buffer", s.Buffer != nil) }

func (buffer) Validate(s *Shop) error {
	if bf := s.Buffer; bf != nil && (bf.Machine < 0 || bf.Machine >= len(s.Machines) || bf.Time <= 0) {
		return fmt.Errorf("production: buffer: bad slack %+v", *bf)
	}
	return nil
}

func (buffer) Rules(s *Shop) []rule {
	bf := s.Buffer
	if bf == nil {
		return nil
	}
	v, mn := s.Voc, s.Machines[bf.Machine]
	return []rule{{Name: ruleBuffer(mn), Text: fmt.Sprintf("%s is the bottleneck and its steps may overrun: after every step on %s, %s stays free for %d %s before its next step, and that %s's next step starts at least %d %s after it ends.", mn, mn, mn, bf.Time, unitWord(v, bf.Time), v.Job, bf.Time, unitWord(v, bf.Time))}}
}

func (buffer) Items(s *Shop) []domains.Item {
	bf := s.Buffer
	if bf == nil {
		return nil
	}
	v, mn := s.Voc, s.Machines[bf.Machine]
	return []domains.Item{feasibility(unitBuffer, domains.Hard, fmt.Sprintf("After every step on %s, %s stays free and the %s waits at least %d %s.", mn, mn, v.Job, bf.Time, unitWord(v, bf.Time)))}
}

// Check tests the slack before a job's next step, then on the machine.
func (buffer) Check(s *Shop, st [][]int, f fails) {
	for j, job := range s.Jobs {
		for k := 1; k < len(job.Route); k++ {
			prev := job.Route[k-1]
			if b := s.buffer(prev.Machine); b > 0 && st[j][k] < st[j][k-1]+prev.Duration+b {
				f.Add(unitBuffer, fmt.Sprintf("%s starts at %d, less than %d after step %d on %s ends", s.opName(opRef{j, k}), st[j][k], b, k, s.Machines[prev.Machine]))
			}
		}
	}
	for m := range s.Machines {
		bf := s.buffer(m)
		if bf == 0 {
			continue
		}
		ops := s.machineOps(m)
		for x, a := range ops {
			for _, b := range ops[x+1:] {
				sa, sb := st[a.j][a.k], st[b.j][b.k]
				ea, eb := sa+s.op(a).Duration, sb+s.op(b).Duration
				if sb < ea+bf && sa < eb+bf {
					f.Add(unitBuffer, fmt.Sprintf("on %s, %s (%d–%d) and %s (%d–%d) are less than %d apart", s.Machines[m], s.opName(a), sa, ea, s.opName(b), sb, eb, bf))
				}
			}
		}
	}
}

// ---- infeasibility (hard): two deadlines that cannot both hold ----

type infeasible struct{}

func (infeasible) Info() domains.Unit {
	return domains.Unit{ID: unitInfeasible, Tier: domains.Hard, Title: "infeasible deadlines: detect and name a conflicting set of rules", Requires: []string{unitDeadlines}, Excludes: []string{unitDelay}}
}

// infeasibleAnswer is the answer form for an instance without a plan,
// stated in every prompt (drawn or not, the unit must not show in the
// prompt's form).
const infeasibleAnswer = "If no schedule keeps every rule, answer instead {\"feasible\": false, \"conflict\": [...]}, listing the names (in quotes above) of rules that cannot all hold together; rules 1–3 always hold and are not named.\n"

func (infeasible) Model(*builder)              {}
func (infeasible) Rules(*Shop) []rule          { return nil }
func (infeasible) Items(*Shop) []domains.Item  { return nil }
func (infeasible) Check(*Shop, [][]int, fails) {}
