package solver

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"time"

	"github.com/plancert/plancert/encode"
)

// Status is what a solve established.
type Status uint8

// The statuses. Optimal, Infeasible, and Feasible for a model without an
// objective are proven results; Feasible for a model with an objective means
// a checked solution whose optimality was not proven (the time ran out);
// Unknown means nothing was established.
const (
	Unknown Status = iota
	Optimal
	Feasible
	Infeasible
)

var statusNames = [...]string{"unknown", "optimal", "feasible", "infeasible"}

// String returns "unknown", "optimal", "feasible" or "infeasible".
func (s Status) String() string {
	if int(s) < len(statusNames) {
		return statusNames[s]
	}
	return fmt.Sprintf("status(%d)", s)
}

// MarshalText writes the status as its name.
func (s Status) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText reads a status name.
func (s *Status) UnmarshalText(b []byte) error {
	for i, n := range statusNames {
		if n == string(b) {
			*s = Status(i)
			return nil
		}
	}
	return fmt.Errorf("solver: unknown status %q", b)
}

// Stats counts a solver's work. Conflicts is -1 where the backend cannot
// count them.
type Stats struct {
	SolveCalls int           `json:"solve_calls"`
	Conflicts  int64         `json:"conflicts"`
	Variables  int           `json:"variables"`
	Clauses    int           `json:"clauses"`
	Wall       time.Duration `json:"-"`
}

// MarshalJSON adds wall_ms to the counters.
func (s Stats) MarshalJSON() ([]byte, error) {
	type plain Stats
	return json.Marshal(struct {
		plain
		WallMS float64 `json:"wall_ms"`
	}{plain(s), float64(s.Wall.Microseconds()) / 1000})
}

// Result is the outcome of Optimize. Solution and Objective are set when
// Status is Optimal or Feasible; Objective has one value per level, in the
// model's senses.
type Result struct {
	Status    Status
	Objective []int64
	Solution  encode.Assignment
}

// Uniqueness is the outcome of Unique. When Proven is false (time ran out)
// Unique means nothing. When Unique is false, Witness is a second solution
// with the same objective vector that differs on the answer variables.
type Uniqueness struct {
	Proven  bool
	Unique  bool
	Witness encode.Assignment
}

// Explanation is the outcome of Explain: when Status is Infeasible, Core is
// a minimal unsatisfiable set of constraint groups, and Witnesses[i] is an
// assignment that satisfies every group of Core except Core[i] (the proof
// that Core[i] is needed). Status Feasible means the model has a solution;
// Unknown means the time ran out.
type Explanation struct {
	Status    Status
	Core      []string
	Witnesses []encode.Assignment
}

// Enumeration is the outcome of Enumerate: distinct solutions (different on
// the answer variables), all optimal when the model has an objective.
// Complete says there are no others.
type Enumeration struct {
	Status    Status
	Solutions []encode.Assignment
	Complete  bool
}

// Solver answers questions about one loaded model. Calls may reuse what
// earlier calls learned. A Solver is not safe for concurrent use. Every call
// honours ctx: when it is done, the call returns promptly with status
// Unknown (or Feasible with the best solution so far) and never a proof.
type Solver interface {
	// Optimize finds an optimal solution and proves it optimal, level by
	// level, or proves the model infeasible.
	Optimize(ctx context.Context) (*Result, error)
	// Unique asks whether another solution with r's objective vector
	// differs from r.Solution on the answer variables. r must come from
	// Optimize with status Optimal (or Feasible for a model with no
	// objective); anything else is an error.
	Unique(ctx context.Context, r *Result) (*Uniqueness, error)
	// Explain finds a minimal unsatisfiable set of constraint groups.
	Explain(ctx context.Context) (*Explanation, error)
	// Enumerate lists up to limit optimal solutions (feasible ones for a
	// model without objective) that differ on the answer variables. A
	// limit below 1 is an error; an infeasible model gives status
	// Infeasible and Complete.
	Enumerate(ctx context.Context, limit int) (*Enumeration, error)
	// Stats returns the work done so far.
	Stats() Stats
}

// Backend loads models into solvers.
type Backend interface {
	Name() string
	Load(m *encode.Model) (Solver, error)
}

// ContextLoader is a Backend whose loading can be cut short: LoadContext
// is Load that stops when ctx ends, with an error that wraps an
// *encode.StoppedError (the SAT backend lowers a large model for seconds).
// ContextBackend returns the receiver itself, so that Load can tell a
// backend's own LoadContext from one promoted from an embedded backend.
type ContextLoader interface {
	LoadContext(ctx context.Context, m *encode.Model) (Solver, error)
	ContextBackend() Backend
}

// Load loads m into b: with b's LoadContext when b has one of its own,
// else with Load, which runs to the end whatever ctx. A backend that
// embeds a ContextLoader to override its Load (a test's corrupted solver,
// say) is loaded with that Load.
func Load(ctx context.Context, b Backend, m *encode.Model) (Solver, error) {
	if cl, ok := b.(ContextLoader); ok && reflect.TypeOf(cl.ContextBackend()) == reflect.TypeOf(b) {
		return cl.LoadContext(ctx, m)
	}
	return b.Load(m)
}
