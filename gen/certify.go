package gen

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/solver"
)

// Determinacy is the generator's policy on optimal plans that are not
// unique.
type Determinacy string

// The policies.
const (
	// Unique keeps only instances whose optimal plan is unique on the
	// answer variables, after stated tie-breaks.
	Unique Determinacy = "unique"
	// Value keeps instances whose optimal value is certified; every optimal
	// plan passes.
	Value Determinacy = "value"
	// Any keeps every certified instance.
	Any Determinacy = "any"
)

// ParseDeterminacy reads a policy name.
func ParseDeterminacy(s string) (Determinacy, error) {
	switch d := Determinacy(s); d {
	case Unique, Value, Any:
		return d, nil
	}
	return "", fmt.Errorf("gen: determinacy %q is not unique, value or any", s)
}

// Drop reasons, counted in the summary of a run.
const (
	DropNotUnique            = "not unique after the stated tie-breaks"
	DropUnexpectedInfeasible = "infeasible without the infeasibility unit"
	DropTimeout              = "not proven within the time limit"
	DropCoreOnly             = "infeasible by the always-on rules alone"
)

// DropError says an instance was certified but not kept, and why.
type DropError struct{ Reason string }

func (e *DropError) Error() string { return "gen: dropped: " + e.Reason }

// Certify solves inst with backend b under the policy and returns its
// record: the certificate, the reference (the decoded optimal plan, which
// must pass every checklist item, or the conflicting rules), the checklist
// and the prompt. A non-unique optimum gets the task's stated tie-breaks
// (policy Unique) or is kept as is (Value, Any). An instance that cannot be
// kept returns a *DropError; an integrity failure (a reference that fails
// its own checklist) is an error.
func Certify(ctx context.Context, b solver.Backend, t *domains.Task, inst domains.Instance, policy Determinacy) (*domains.Record, error) {
	spec := inst.Spec()
	var cert *solver.Certificate
	var hard domains.Hardness // round 0 sets the optimal plans
	// One session for the rounds: a tie-break round keeps the loaded
	// solver and the optimum proven in the round before.
	session := solver.NewSession(b)
	for round := 0; ; round++ {
		m, err := inst.Model()
		if err != nil {
			return nil, err
		}
		limit := 0
		if round == 0 {
			limit = OptimaCap
		}
		cert, err = session.Certify(ctx, m, limit)
		if err != nil {
			return nil, err
		}
		hard.SolveCalls += cert.Stats.SolveCalls
		hard.Conflicts += cert.Stats.Conflicts
		if !cert.Proven(m) {
			return nil, &DropError{DropTimeout}
		}
		if round == 0 {
			hard.OptimalPlans, hard.OptimalPlansComplete = cert.Optima, cert.OptimaComplete || cert.Status == solver.Infeasible
		}
		if cert.Status == solver.Infeasible {
			if !spec.Has("infeasibility") {
				return nil, &DropError{DropUnexpectedInfeasible}
			}
			break
		}
		if *cert.Unique || policy != Unique {
			break
		}
		if !inst.TieBreak() {
			return nil, &DropError{DropNotUnique}
		}
		hard.TieBreaks++
	}
	rec := &domains.Record{
		Family:      t.Family,
		Task:        t.ID,
		Subtask:     spec.Subtask,
		Seed:        spec.Seed,
		Level:       spec.AtLevel(),
		Constraints: domains.Constraints{Basic: nonNil(spec.Basic), Medium: nonNil(spec.Medium), Hard: nonNil(spec.Hard), Stateful: nonNil(spec.Stateful)},
		Certificate: domains.Certificate{
			Status: cert.Status.String(), Objective: cert.Objective, Unique: cert.Unique,
			Stats: domains.CertStats{SolveCalls: cert.Stats.SolveCalls, Conflicts: cert.Stats.Conflicts, Variables: cert.Stats.Variables, Clauses: cert.Stats.Clauses},
		},
	}
	rec.ID = RecordID(spec)
	rec.Hardness = &hard
	if cert.Status == solver.Infeasible {
		var conflict []string
		for _, g := range cert.Core {
			if !domains.AlwaysOn(g) {
				conflict = append(conflict, g)
			}
		}
		if len(conflict) == 0 {
			// Rules 1–3 alone conflict (the grid is too small): there is
			// no rule for an answer to name.
			return nil, &DropError{DropCoreOnly}
		}
		rec.Certificate.Core = cert.Core
		rec.Reference = domains.Reference{Feasible: false, Conflict: conflict,
			Plan: mustJSON(map[string]any{"feasible": false, "conflict": conflict})}
	} else {
		plan, err := inst.Plan(cert.Solution)
		if err != nil {
			return nil, err
		}
		rec.Reference = domains.Reference{Feasible: true, Plan: plan, Objective: cert.Objective}
		if cert.Witness != nil {
			if rec.Certificate.Witness, err = inst.Plan(cert.Witness); err != nil {
				return nil, err
			}
		}
	}
	data, err := json.Marshal(inst)
	if err != nil {
		return nil, err
	}
	rec.Instance = data
	rec.Prompt = inst.Prompt()
	rec.AnswerSchema = inst.AnswerSchema()
	if js, ok := inst.(domains.JSONSchemaer); ok {
		rec.AnswerJSONSchema = js.AnswerJSONSchema()
	}
	rec.Checklist = inst.Checklist(rec.Reference)
	for _, r := range inst.Check(ctx, b, rec.Reference.Plan, rec.Reference) {
		if !r.Pass && r.Detail == domains.ConflictUndecided {
			// The certified conflict was not re-proven in time: a
			// timeout of this draw, not a wrong certificate.
			return nil, &DropError{DropTimeout}
		}
		if !r.Pass {
			return nil, &solver.IntegrityError{Backend: b.Name(), What: fmt.Sprintf("%s: the certified reference fails item %q: %s", rec.ID, r.ID, r.Detail)}
		}
	}
	if g, ok := inst.(domains.Greedy); ok {
		greedy(ctx, b, inst, g, rec)
	}
	return rec, nil
}

// greedy grades the instance's greedy plan against the record's checklist
// and fills in the record's Greedy* hardness.
func greedy(ctx context.Context, b solver.Backend, inst domains.Instance, g domains.Greedy, rec *domains.Record) {
	plan := g.Greedy()
	var (
		res []domains.Result
		obj []int64 // nil unless the plan keeps every rule
	)
	if e, ok := inst.(domains.Evaluator); ok {
		res, obj = e.Evaluate(ctx, b, plan, rec.Reference)
	} else {
		res = inst.Check(ctx, b, plan, rec.Reference)
		if o, ok := inst.(domains.Objectiver); ok {
			obj, _ = o.Objective(plan)
		}
	}
	h := rec.Hardness
	h.GreedyItems = len(res)
	for _, r := range res {
		if r.Pass {
			h.GreedyPasses++
		}
	}
	if rec.Reference.Feasible && obj != nil && len(obj) == len(rec.Reference.Objective) {
		h.GreedyGap = make([]int64, len(obj))
		for k := range obj {
			h.GreedyGap[k] = obj[k] - rec.Reference.Objective[k]
		}
	}
}

// OptimaCap bounds the count of optimal plans before the tie-breaks that
// a record's hardness gives (Hardness.OptimalPlans).
const OptimaCap = 4

// RecordID is the stable ID of a spec's record: task, subtask and seed.
func RecordID(s domains.Spec) string { return fmt.Sprintf("%s/%s/%d", s.Task, s.Subtask, s.Seed) }

func nonNil(xs []string) []string {
	if xs == nil {
		return []string{}
	}
	return xs
}

func mustJSON(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}
