package nrp

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/plancert/plancert/solver"
	"github.com/plancert/plancert/solver/sat"
)

// Result is the outcome of Solve.
type Result struct {
	Instance string
	// Status is solver.Optimal when the penalty is proven optimal,
	// solver.Feasible when the time ran out with a roster (Penalty is then
	// an upper bound), solver.Infeasible when no roster keeps the hard
	// rules, solver.Unknown when the time ran out before any roster.
	Status solver.Status
	// Penalty is the penalty of Roster: the proven optimum when Status is
	// Optimal, else the best upper bound found. Score is the evaluator's
	// independent reading of the same roster, and Score.Penalty() equals
	// Penalty.
	Penalty int64
	Roster  Roster
	Score   Score
	// Bound is the proven lower bound on the penalty (equal to Penalty
	// when Status is Optimal); HasBound is false when none was proven.
	Bound    int64
	HasBound bool
	Stats    solver.Stats
	Wall     time.Duration // model building, lowering and solving
}

// MismatchError says the evaluator disagrees with the solver on a decoded
// roster: a hard rule broken, or a penalty other than the objective. It is
// a bug in the model or the evaluator, never a property of the instance.
type MismatchError struct {
	Instance   string
	Objective  int64
	Penalty    int
	Violations []Violation
}

func (e *MismatchError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "nrp: %s: the evaluator disagrees with the solver: objective %d, evaluated penalty %d", e.Instance, e.Objective, e.Penalty)
	for i, v := range e.Violations {
		if i == 3 {
			fmt.Fprintf(&b, "; and %d more", len(e.Violations)-3)
			break
		}
		b.WriteString("; " + v.String())
	}
	return b.String()
}

// Solve builds in's model, minimizes the total penalty with the SAT
// backend (solver/sat, core-guided) until it is proven optimal or ctx
// ends, decodes the roster and re-scores it with Evaluate. A roster that
// breaks a hard rule, or whose evaluated penalty differs from the
// objective (above it, before the proof), is a *MismatchError.
func Solve(ctx context.Context, in *Instance) (*Result, error) {
	start := time.Now()
	m := NewModel(in)
	ls, err := sat.Backend{CoreGuided: true}.Load(m.M)
	if err != nil {
		return nil, fmt.Errorf("nrp: %s: %w", in.Name, err)
	}
	s := ls.(*sat.Solver)
	r, err := s.Optimize(ctx)
	if err != nil {
		return nil, fmt.Errorf("nrp: %s: %w", in.Name, err)
	}
	res := &Result{Instance: in.Name, Status: r.Status, Stats: s.Stats()}
	res.Bound, res.HasBound = s.ProvenBound()
	if r.Status == solver.Optimal || r.Status == solver.Feasible {
		res.Penalty = r.Objective[0]
		res.Roster = m.Decode(r.Solution)
		res.Score = Evaluate(in, res.Roster)
		// The model's cover and class counters are bounded from below
		// only: a roster found before the proof may be scored above its
		// true penalty, never below; at the optimum they are equal.
		p := int64(res.Score.Penalty())
		if !res.Score.Feasible() || p > res.Penalty || (r.Status == solver.Optimal && p != res.Penalty) {
			return nil, &MismatchError{in.Name, res.Penalty, res.Score.Penalty(), res.Score.Violations}
		}
		res.Penalty = p
	}
	res.Wall = time.Since(start)
	return res, nil
}
