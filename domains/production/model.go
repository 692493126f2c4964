package production

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/encode"
)

// builder holds the variables of a model under construction.
type builder struct {
	s      *Shop
	m      *encode.Model
	starts [][]encode.Var
	swaps  []encode.Var // one per machine pair, true when the pair runs against its orientation
}

// lin is a linear row "x − y ≥ c".
func (b *builder) diff(x, y encode.Var, c int) *encode.Constraint {
	return b.m.AddLinear([]encode.Term{{Var: x, Coef: 1}, {Var: y, Coef: -1}}, encode.GE, int64(c))
}

// Model implements domains.Instance. One start variable per operation,
// with domain [head, Horizon − tail] (head and tail: the durations before
// and after it in its route); the route rows "next start − start ≥
// duration"; for every pair of operations on a machine one Boolean, true
// when the pair runs against its orientation (the given plan's order with
// the delay unit, else table order), which selects one of the two
// disjunctive rows of the machine rule, and the same Boolean selects the
// rows of the changeover and slack rules of that pair. The sampled units
// add their rows where the core's loops ask for them (units.go: StepRows
// after a route row, JobRows job by job, LinkRows, PairRows after a pair's
// machine rows), then each unit's Model; so every row keeps its place in
// the model. The goal's levels follow (objective.go). The answer
// variables are the start times.
func (s *Shop) Model() (*encode.Model, error) {
	if err := s.validate(); err != nil {
		return nil, err
	}
	m := encode.NewModel()
	b := &builder{s: s, m: m}
	us := s.units()
	steps := domains.Facets[stepRower](us)
	var answer []encode.Var
	for j, job := range s.Jobs {
		tail := 0
		for _, op := range job.Route {
			tail += op.Duration
		}
		head := 0
		b.starts = append(b.starts, nil)
		for k, op := range job.Route {
			tail -= op.Duration
			v := m.NewInt(fmt.Sprintf("start %s/%d", job.Name, k+1), int64(head), int64(s.Horizon-tail-op.Duration))
			b.starts[j] = append(b.starts[j], v)
			answer = append(answer, v)
			if k > 0 {
				b.diff(v, b.starts[j][k-1], job.Route[k-1].Duration).Named(fmt.Sprintf("%s step %d after step %d", job.Name, k+1, k)).InGroup(groupRoutes)
				for _, u := range steps {
					u.StepRows(b, j, k)
				}
			}
			head += op.Duration
		}
	}
	jobs := domains.Facets[jobRower](us)
	for j := range s.Jobs {
		for _, u := range jobs {
			u.JobRows(b, j)
		}
	}
	for _, u := range domains.Facets[linker](us) {
		u.LinkRows(b)
	}
	pairs := domains.Facets[pairRower](us)
	for mc := range s.Machines {
		for _, op := range s.pairs(mc) {
			a, c := op[0], op[1]
			p := machinePair{mc: mc, a: a, c: c, sa: b.starts[a.j][a.k], sc: b.starts[c.j][c.k], da: s.op(a).Duration, dc: s.op(c).Duration,
				name: fmt.Sprintf("%s and %s", s.opName(a), s.opName(c))}
			p.sw = m.NewBool(fmt.Sprintf("%s before %s", s.opName(c), s.opName(a)))
			b.swaps = append(b.swaps, p.sw)
			b.diff(p.sc, p.sa, p.da).OnlyIf(p.sw.Not()).Named(p.name + ": in order").InGroup(groupMachines)
			b.diff(p.sa, p.sc, p.dc).OnlyIf(p.sw.Lit()).Named(p.name + ": swapped").InGroup(groupMachines)
			for _, u := range pairs {
				u.PairRows(b, p)
			}
		}
	}
	for _, u := range us {
		u.Model(b)
	}
	b.goal()
	m.SetAnswer(answer...)
	s.starts, s.groupItems = b.starts, nil
	return m, nil
}

// TieBreak implements domains.Instance. Generated instances state the
// first tie-break (the smallest sum of start times) from the start; the
// second (start times weighted by their row number) is added when the
// first leaves a tie.
func (s *Shop) TieBreak() bool { return domains.NextTieBreak(&s.TieBreaks, 2) }

// Plan implements domains.Instance: it decodes a solution of the model
// built last by Model (building one if there is none).
func (s *Shop) Plan(a encode.Assignment) (json.RawMessage, error) {
	if s.starts == nil {
		if _, err := s.Model(); err != nil {
			return nil, err
		}
	}
	st := make([][]int, len(s.Jobs))
	for j := range s.Jobs {
		for _, v := range s.starts[j] {
			if int(v) >= len(a) {
				return nil, fmt.Errorf("production: the assignment has %d values, the model more", len(a))
			}
			st[j] = append(st[j], int(a[v]))
		}
	}
	return s.encodePlan(st), nil
}

// encodePlan writes a plan in the answer's form, with its stated
// objective (the main goal's value).
func (s *Shop) encodePlan(st [][]int) json.RawMessage {
	var b strings.Builder
	b.WriteString(`{"schedule": [`)
	for j, job := range s.Jobs {
		for k, op := range job.Route {
			if j > 0 || k > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, `{"job": %q, "step": %d, "machine": %q, "start": %d}`, job.Name, k+1, s.Machines[op.Machine], st[j][k])
		}
	}
	fmt.Fprintf(&b, `], "objective": %d}`, s.objective(st)[s.mainLevel()])
	return json.RawMessage(b.String())
}

// validate reports the first inconsistency of an instance (a loaded file,
// or a bug in the generator), naming the field: the core's data, then the
// data of units the spec does not have, then each sampled unit's data
// (its domains.Validator).
func (s *Shop) validate() error {
	if s.Horizon <= 0 {
		return fmt.Errorf("production: horizon %d is not positive", s.Horizon)
	}
	if len(s.Machines) == 0 || len(s.Jobs) == 0 {
		return fmt.Errorf("production: machines and jobs must not be empty")
	}
	seen := map[string]bool{}
	for j, job := range s.Jobs {
		if job.Name == "" || seen[job.Name] {
			return fmt.Errorf("production: jobs[%d].name %q is empty or repeated", j, job.Name)
		}
		seen[job.Name] = true
		if len(job.Route) == 0 {
			return fmt.Errorf("production: jobs[%d] (%s): empty route", j, job.Name)
		}
		tot := 0
		for k, op := range job.Route {
			if op.Machine < 0 || op.Machine >= len(s.Machines) {
				return fmt.Errorf("production: jobs[%d].route[%d].machine %d: no such machine", j, k, op.Machine)
			}
			if op.Duration <= 0 {
				return fmt.Errorf("production: jobs[%d].route[%d].duration %d is not positive", j, k, op.Duration)
			}
			tot += op.Duration
		}
		if tot > s.Horizon {
			return fmt.Errorf("production: jobs[%d] (%s): route takes %d, more than the horizon %d", j, job.Name, tot, s.Horizon)
		}
		if job.Family < 0 || (len(s.Families) > 0 && job.Family >= len(s.Families)) {
			return fmt.Errorf("production: jobs[%d].family %d: no such family", j, job.Family)
		}
		if job.Release < 0 || job.Deadline < 0 || job.Due < 0 || job.Weight < 0 || job.Cost < 0 {
			return fmt.Errorf("production: jobs[%d] (%s): negative release, deadline, due, weight or cost", j, job.Name)
		}
	}
	// A unit's data acts only with its unit: data without it is refused
	// (else its rule would be stated nowhere, its rows in no model, and
	// the generator's schedules would still keep it).
	if err := domains.StrayData(s, unitPool, s.has); err != nil {
		return fmt.Errorf("production: %w", err)
	}
	for _, v := range domains.Facets[domains.Validator[*Shop]](s.units()) {
		if err := v.Validate(s); err != nil {
			return err
		}
	}
	if s.TieBreaks < 0 || s.TieBreaks > 2 {
		return fmt.Errorf("production: tie_breaks %d is not 0, 1 or 2", s.TieBreaks)
	}
	return nil
}
