package domains

import (
	"context"
	"errors"
	"math/rand/v2"
	"time"

	"github.com/plancert/plancert/encode"
	"github.com/plancert/plancert/solver"
)

// Solving is what a caller lends a task for the solves the task makes
// itself: the context whose deadline and cancellation bound them, and the
// backend that runs them. A generator keeps it for one Generate call only
// (in an unexported field of the instance it is drawing, never marshalled),
// so that its units can solve without naming a backend.
//
// The zero Solving has no backend: its solves fail with ErrNoBackend.
type Solving struct {
	Ctx     context.Context
	Backend solver.Backend
}

// ErrNoBackend is returned by the solves of a Solving without a backend.
var ErrNoBackend = errors.New("domains: no solver backend was given for this solve")

// context returns s.Ctx, or context.Background when it is nil.
func (s Solving) context() context.Context {
	if s.Ctx == nil {
		return context.Background()
	}
	return s.Ctx
}

// Err returns the error of s.Ctx once it has ended (nil before, and for a
// nil context).
func (s Solving) Err() error { return s.context().Err() }

// Optimize loads m on s.Backend and optimizes it under s.Ctx, for at most
// limit when limit > 0. m is not modified. When the context ends first the
// result's status is solver.Unknown.
func (s Solving) Optimize(m *encode.Model, limit time.Duration) (*solver.Result, error) {
	if s.Backend == nil {
		return nil, ErrNoBackend
	}
	ctx := s.context()
	if limit > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, limit)
		defer cancel()
	}
	ld, err := s.Backend.Load(m)
	if err != nil {
		return nil, err
	}
	return ld.Optimize(ctx)
}

// Feasible reports whether m without its objectives has a solution; an
// undecided solve (the context ended) is an error, never a "no", so that a
// generator never takes another branch because time ran out.
func (s Solving) Feasible(m *encode.Model, limit time.Duration) (bool, error) {
	c := *m
	c.Objectives = nil
	res, err := s.Optimize(&c, limit)
	if err != nil {
		return false, err
	}
	switch res.Status {
	case solver.Optimal, solver.Feasible:
		return true, nil
	case solver.Infeasible:
		return false, nil
	}
	if err := s.Err(); err != nil {
		return false, err
	}
	return false, context.DeadlineExceeded
}

// Certify runs solver.Certify on s.Backend under s.Ctx.
func (s Solving) Certify(m *encode.Model) (*solver.Certificate, error) {
	if s.Backend == nil {
		return nil, ErrNoBackend
	}
	return solver.Certify(s.context(), s.Backend, m)
}

// Optimum builds a model with model and certifies it (Certify): the
// certificate of a proven optimum, or nil when building or solving fails
// or the model has no optimum (it is infeasible, or undecided).
func (s Solving) Optimum(model func() (*encode.Model, error)) *solver.Certificate {
	m, err := model()
	if err != nil {
		return nil
	}
	cert, err := s.Certify(m)
	if err != nil || cert.Status != solver.Optimal {
		return nil
	}
	return cert
}

// NoSolves adapts a generator that makes no solves of its own to
// Task.Generate: the context and the backend it is handed go unused.
func NoSolves(generate func(spec Spec, rng *rand.Rand) (Instance, error)) func(context.Context, solver.Backend, Spec, *rand.Rand) (Instance, error) {
	return func(_ context.Context, _ solver.Backend, spec Spec, rng *rand.Rand) (Instance, error) {
		return generate(spec, rng)
	}
}

// ErrRedraw is wrapped by a generator's error when the draw it was given
// admits no instance (its hidden plan could not be built within the
// generator's own budget): the caller draws again, deterministically,
// rather than failing the run.
var ErrRedraw = errors.New("domains: no instance for this draw")
