package solver

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/plancert/plancert/encode"
)

// DisagreementError is the evidence of a failed cross-check: two backends
// proved incompatible things about one model. What names the property
// ("feasibility", "optimum", "uniqueness" or "optimal answer"); the arrays
// hold each backend's name, status and objective vector (and, for
// uniqueness, its answer), primary first.
type DisagreementError struct {
	What      string
	Backends  [2]string
	Status    [2]Status
	Objective [2][]int64
	Unique    [2]*bool
}

func (e *DisagreementError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s and %s disagree on the %s: ", e.Backends[0], e.Backends[1], e.What)
	for i := range 2 {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%s says %s", e.Backends[i], e.Status[i])
		if e.Status[i] == Optimal || e.Status[i] == Feasible {
			fmt.Fprintf(&b, " %v", e.Objective[i])
		}
		if e.Unique[i] != nil {
			if *e.Unique[i] {
				b.WriteString(" unique")
			} else {
				b.WriteString(" not unique")
			}
		}
	}
	return b.String()
}

// CrossCheck returns a backend that loads every model into primary and
// second and answers with primary, after second has confirmed it:
//
//   - Optimize solves with both. If one proves the model infeasible while
//     the other has a solution, or one proves an optimum that the other's
//     solution beats (or both prove different optima), Optimize fails with
//     an *IntegrityError wrapping a *DisagreementError. When both proved
//     the same, primary's result is returned; when either did not prove
//     its result in time, the result is not proven either (Feasible with
//     primary's solution for a model with objectives, else Unknown).
//   - Unique asks both (second about its own optimum): they must agree,
//     and two unique optima must be the same answer. It is proven only
//     when both are.
//   - Explain and Enumerate are primary's (cores need not be the same;
//     Certify checks primary's core).
//
// Every solution of second is checked with the model's Check, as Certify
// checks primary's. Name is "primary+second"; Stats are primary's, so
// records do not change with the cross-check.
func CrossCheck(primary, second Backend) Backend { return crossBackend{primary, second} }

type crossBackend struct{ primary, second Backend }

func (b crossBackend) Name() string { return b.primary.Name() + "+" + b.second.Name() }

func (b crossBackend) Load(m *encode.Model) (Solver, error) {
	return b.LoadContext(context.Background(), m)
}

// ContextBackend returns b (see ContextLoader).
func (b crossBackend) ContextBackend() Backend { return b }

// LoadContext loads m into both backends, each with its LoadContext when
// it has one.
func (b crossBackend) LoadContext(ctx context.Context, m *encode.Model) (Solver, error) {
	p, err := Load(ctx, b.primary, m)
	if err != nil {
		return nil, err
	}
	s, err := Load(ctx, b.second, m)
	if err != nil {
		return nil, err
	}
	return &crossSolver{b: b, m: m, p: p, s: s}, nil
}

type crossSolver struct {
	b    crossBackend
	m    *encode.Model
	p, s Solver
	r2   *Result // second's last result of Optimize
}

// proven reports whether r is a proven result for m.
func proven(m *encode.Model, r *Result) bool {
	switch r.Status {
	case Optimal, Infeasible:
		return true
	case Feasible:
		return len(m.Objectives) == 0
	}
	return false
}

// hasSolution reports whether r carries a (checked) solution.
func hasSolution(r *Result) bool { return r.Status == Optimal || r.Status == Feasible }

func (c *crossSolver) names() [2]string { return [2]string{c.b.primary.Name(), c.b.second.Name()} }

func (c *crossSolver) disagree(what string, r1, r2 *Result, u1, u2 *bool) error {
	return &IntegrityError{Backend: c.b.Name(), What: "cross-check", Err: &DisagreementError{
		What: what, Backends: c.names(),
		Status:    [2]Status{r1.Status, r2.Status},
		Objective: [2][]int64{r1.Objective, r2.Objective},
		Unique:    [2]*bool{u1, u2},
	}}
}

// checkSecond checks a solution of the second backend as Certify checks
// the primary's: Check, and the objective it claims.
func (c *crossSolver) checkSecond(a encode.Assignment, obj []int64, what string) error {
	if err := c.m.Check(a); err != nil {
		return &IntegrityError{Backend: c.b.second.Name(), What: what + " fails Check", Err: err}
	}
	if obj != nil && !slices.Equal(c.m.ObjectiveValues(a), obj) {
		return &IntegrityError{Backend: c.b.second.Name(), What: fmt.Sprintf("%s: reported objective %v, solution has %v", what, obj, c.m.ObjectiveValues(a))}
	}
	return nil
}

// Extend moves the cross-check to m (Session): the primary by its own
// Extend, so that its work, and the record's counters, are those of the
// primary alone; the second by its Extend when it has one, else loaded
// afresh. An error leaves the caller to load m afresh into both.
func (c *crossSolver) Extend(m *encode.Model) error {
	p, ok := c.p.(extender)
	if !ok {
		return errors.New("solver: cross-check: the primary backend does not extend")
	}
	s := c.s
	if x, ok := c.s.(extender); !ok || x.Extend(m) != nil {
		var err error
		if s, err = Load(context.Background(), c.b.second, m); err != nil {
			return err
		}
	}
	if err := p.Extend(m); err != nil {
		return err
	}
	c.m, c.s, c.r2 = m, s, nil
	return nil
}

func (c *crossSolver) Optimize(ctx context.Context) (*Result, error) {
	c.r2 = nil
	r1, err := c.p.Optimize(ctx)
	if err != nil {
		return nil, err
	}
	r2, err := c.s.Optimize(ctx)
	if err != nil {
		return nil, err
	}
	if hasSolution(r2) {
		if err := c.checkSecond(r2.Solution, r2.Objective, "solution"); err != nil {
			return nil, err
		}
	}
	switch {
	case r1.Status == Infeasible && hasSolution(r2), r2.Status == Infeasible && hasSolution(r1):
		return nil, c.disagree("feasibility", r1, r2, nil, nil)
	case r1.Status == Optimal && hasSolution(r2) && c.m.Better(r2.Objective, r1.Objective),
		r2.Status == Optimal && hasSolution(r1) && c.m.Better(r1.Objective, r2.Objective):
		return nil, c.disagree("optimum", r1, r2, nil, nil)
	}
	if proven(c.m, r1) && proven(c.m, r2) {
		c.r2 = r2
		return r1, nil
	}
	if hasSolution(r1) && len(c.m.Objectives) > 0 {
		return &Result{Status: Feasible, Objective: r1.Objective, Solution: r1.Solution}, nil
	}
	return &Result{Status: Unknown}, nil
}

func (c *crossSolver) Unique(ctx context.Context, r *Result) (*Uniqueness, error) {
	u1, err := c.p.Unique(ctx, r)
	if err != nil || !u1.Proven {
		return u1, err
	}
	r2 := c.r2
	if r2 == nil || !hasSolution(r2) {
		return nil, fmt.Errorf("solver: cross-check: Unique before a proven Optimize")
	}
	u2, err := c.s.Unique(ctx, r2)
	if err != nil {
		return nil, err
	}
	if !u2.Proven {
		return &Uniqueness{}, nil
	}
	if !u2.Unique {
		if err := c.checkSecond(u2.Witness, r2.Objective, "uniqueness witness"); err != nil {
			return nil, err
		}
		if c.m.SameAnswer(u2.Witness, r2.Solution) {
			return nil, &IntegrityError{Backend: c.b.second.Name(), What: "uniqueness witness equals the solution on the answer variables"}
		}
	}
	switch {
	case u1.Unique != u2.Unique:
		return nil, c.disagree("uniqueness", r, r2, &u1.Unique, &u2.Unique)
	case u1.Unique && !c.m.SameAnswer(r.Solution, r2.Solution):
		return nil, c.disagree("optimal answer", r, r2, &u1.Unique, &u2.Unique)
	}
	return u1, nil
}

func (c *crossSolver) Explain(ctx context.Context) (*Explanation, error) { return c.p.Explain(ctx) }

func (c *crossSolver) Enumerate(ctx context.Context, limit int) (*Enumeration, error) {
	return c.p.Enumerate(ctx, limit)
}

func (c *crossSolver) Stats() Stats { return c.p.Stats() }
