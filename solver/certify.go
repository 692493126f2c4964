package solver

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/plancert/plancert/encode"
)

// Certificate is everything plancert proves about a model: the status, the
// optimal objective vector, one optimal solution, whether it is unique on
// the answer variables (with a witness when not), and for an infeasible
// model a minimal unsatisfiable core of constraint groups with one witness
// per member. Unique is nil when uniqueness was not established.
type Certificate struct {
	Status        Status
	Objective     []int64
	Solution      encode.Assignment
	Unique        *bool
	Witness       encode.Assignment
	Core          []string
	CoreWitnesses []encode.Assignment
	// Optima counts the optimal solutions that differ on the answer
	// variables, up to the limit CertifyCounting was given (0 when it
	// was not asked for or the model is infeasible); OptimaComplete says
	// there are no others.
	Optima         int
	OptimaComplete bool
	Stats          Stats
}

// Proven reports whether c holds a proven result: optimal, infeasible, or
// feasible for a model with no objective — and, when a solution exists,
// a settled uniqueness question.
func (c *Certificate) Proven(m *encode.Model) bool {
	switch c.Status {
	case Infeasible:
		return c.Core != nil
	case Optimal:
		return c.Unique != nil
	case Feasible:
		return len(m.Objectives) == 0 && c.Unique != nil
	}
	return false
}

// IntegrityError says a backend returned an answer that the model's own
// Check rejects, or evidence that does not prove what it claims. It means an
// encoding or solver bug, never a property of the model; it must be reported
// loudly.
type IntegrityError struct {
	Backend string
	What    string
	Err     error
}

func (e *IntegrityError) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("solver: integrity failure in backend %s: %s: %v", e.Backend, e.What, e.Err)
	}
	return fmt.Sprintf("solver: integrity failure in backend %s: %s", e.Backend, e.What)
}

func (e *IntegrityError) Unwrap() error { return e.Err }

// ErrNoProof is returned by Certify-like helpers when a result could not be
// proven in time.
var ErrNoProof = errors.New("solver: not proven within the time limit")

// Certify optimizes m with b, then either checks uniqueness of the optimum
// or, when m is infeasible, explains it by a minimal core. Every solution a
// backend returns is checked against m.Check, witnesses are checked to
// differ on the answer variables with the same objective vector, and every
// core witness is checked to satisfy the rest of the core; a failure is an
// *IntegrityError. When ctx ends first, the certificate carries what was
// established (Proven reports false); when it ends while the model is
// loaded (a backend with LoadContext), that is nothing: status Unknown,
// and Stats counts the CNF lowered so far.
func Certify(ctx context.Context, b Backend, m *encode.Model) (*Certificate, error) {
	return CertifyCounting(ctx, b, m, 0)
}

// CertifyCounting is Certify that also counts the optimal solutions, up to
// limit (limit < 1 counts none), on the solver that proved the optimum, so
// that the count reuses what the proof learned: a unique optimum counts 1;
// otherwise Enumerate lists up to limit, each checked against m.Check. A
// count cut short by ctx leaves the certificate unproven.
func CertifyCounting(ctx context.Context, b Backend, m *encode.Model, limit int) (*Certificate, error) {
	return NewSession(b).Certify(ctx, m, limit)
}

// A Session certifies a sequence of models in which each is a stated
// tie-break of the one before: the same variables, constraints and answer
// variables, with objective levels added after the ones they share
// (encode.CommonLevels). When the backend's solver can move to such a
// model (it has a method Extend(m *encode.Model, keep int) error, as the
// SAT backend's has), one loaded solver serves the whole sequence: what it
// learned stays, and the optimum of the shared levels, proven before, is
// held by assumptions rather than proven again. Every certificate is
// checked exactly as CertifyCounting checks it; any other model, or a
// backend that cannot extend, is loaded afresh. A Session is not safe for
// concurrent use.
type Session struct {
	b Backend
	s Solver // the solver of the last proven feasible certificate, or nil
}

// NewSession returns a Session that loads models into b.
func NewSession(b Backend) *Session { return &Session{b: b} }

// extender is a Solver that can move to a model extending its own
// (sat.Solver.Extend), or says why not.
type extender interface {
	Extend(m *encode.Model) error
}

// Certify is CertifyCounting on the session's solver: m is loaded afresh
// unless the last certificate of the session was proven and m extends its
// model. The certificate's Stats count the work of this call alone (solve
// calls, conflicts, wall time) and the whole CNF held (variables,
// clauses).
func (ss *Session) Certify(ctx context.Context, m *encode.Model, limit int) (*Certificate, error) {
	start := time.Now()
	s := ss.extend(m)
	ss.s = nil
	if s == nil {
		var err error
		s, err = Load(ctx, ss.b, m)
		var stopped *encode.StoppedError
		if errors.As(err, &stopped) && ctx.Err() != nil {
			return &Certificate{Status: Unknown, Stats: Stats{
				Variables: int(stopped.Size.Vars), Clauses: int(stopped.Size.Clauses), Wall: time.Since(start)}}, nil
		}
		if err != nil {
			return nil, err
		}
	}
	before := s.Stats()
	cert, err := certifyLoaded(ctx, ss.b, s, m, limit)
	if cert != nil {
		cert.Stats = s.Stats()
		cert.Stats.SolveCalls -= before.SolveCalls
		if cert.Stats.Conflicts >= 0 && before.Conflicts >= 0 {
			cert.Stats.Conflicts -= before.Conflicts
		}
		cert.Stats.Wall = time.Since(start)
		if err == nil && cert.Proven(m) && cert.Status != Infeasible {
			ss.s = s
		}
	}
	return cert, err
}

// extend returns the session's solver moved to m, or nil when m must be
// loaded afresh.
func (ss *Session) extend(m *encode.Model) Solver {
	if ss.s == nil {
		return nil
	}
	if x, ok := ss.s.(extender); !ok || x.Extend(m) != nil {
		return nil
	}
	return ss.s
}

// certifyLoaded is the body of Certify on a loaded solver.
func certifyLoaded(ctx context.Context, b Backend, s Solver, m *encode.Model, limit int) (*Certificate, error) {
	cert := &Certificate{}
	r, err := s.Optimize(ctx)
	if err != nil {
		return nil, err
	}
	cert.Status = r.Status
	switch r.Status {
	case Optimal, Feasible:
		if err := checkSolution(b, m, r.Solution, "optimum"); err != nil {
			return nil, err
		}
		got := m.ObjectiveValues(r.Solution)
		if !equal(got, r.Objective) {
			return nil, &IntegrityError{Backend: b.Name(), What: fmt.Sprintf("reported objective %v, solution has %v", r.Objective, got)}
		}
		cert.Objective, cert.Solution = r.Objective, r.Solution
		if r.Status == Feasible && len(m.Objectives) > 0 {
			return cert, nil // not optimal: uniqueness of what?
		}
		u, err := s.Unique(ctx, r)
		if err != nil {
			return nil, err
		}
		if u.Proven {
			unique := u.Unique
			cert.Unique = &unique
			if !unique {
				if err := checkSolution(b, m, u.Witness, "uniqueness witness"); err != nil {
					return nil, err
				}
				if got := m.ObjectiveValues(u.Witness); !equal(got, r.Objective) {
					return nil, &IntegrityError{Backend: b.Name(), What: fmt.Sprintf("uniqueness witness has objective %v, optimum is %v", got, r.Objective)}
				}
				if m.SameAnswer(u.Witness, r.Solution) {
					return nil, &IntegrityError{Backend: b.Name(), What: "uniqueness witness equals the solution on the answer variables"}
				}
				cert.Witness = u.Witness
			}
			if limit > 0 {
				if err := cert.count(ctx, b, s, m, limit); err != nil {
					return nil, err
				}
			}
		}
	case Infeasible:
		e, err := s.Explain(ctx)
		if err != nil {
			return nil, err
		}
		switch e.Status {
		case Infeasible:
			if err := CheckCore(m, e.Core, e.Witnesses); err != nil {
				return nil, &IntegrityError{Backend: b.Name(), What: "core", Err: err}
			}
			cert.Core, cert.CoreWitnesses = e.Core, e.Witnesses
		case Feasible, Optimal:
			return nil, &IntegrityError{Backend: b.Name(), What: "Optimize said infeasible, Explain found a solution"}
		}
	}
	return cert, nil
}

// count fills in Optima and OptimaComplete from s, whose uniqueness is
// settled; a count that ctx cut short unsettles the certificate.
func (cert *Certificate) count(ctx context.Context, b Backend, s Solver, m *encode.Model, limit int) error {
	if *cert.Unique {
		cert.Optima, cert.OptimaComplete = 1, true
		return nil
	}
	e, err := s.Enumerate(ctx, limit)
	if err != nil {
		return err
	}
	if ctx.Err() != nil || (e.Status != Optimal && e.Status != Feasible) {
		cert.Unique = nil // not settled in time: the certificate is unproven
		return nil
	}
	for _, a := range e.Solutions {
		if err := checkSolution(b, m, a, "enumerated optimum"); err != nil {
			return err
		}
		if got := m.ObjectiveValues(a); !equal(got, cert.Objective) {
			return &IntegrityError{Backend: b.Name(), What: fmt.Sprintf("enumerated optimum has objective %v, optimum is %v", got, cert.Objective)}
		}
	}
	cert.Optima, cert.OptimaComplete = len(e.Solutions), e.Complete
	return nil
}

func checkSolution(b Backend, m *encode.Model, a encode.Assignment, what string) error {
	if err := m.Check(a); err != nil {
		return &IntegrityError{Backend: b.Name(), What: what + " fails Check", Err: err}
	}
	return nil
}

// CheckCore checks the evidence of minimality of a core: witnesses[i]
// satisfies every variable domain and every constraint of every group in
// core except core[i]. (That the core itself is infeasible is what the
// backend proved; the brute backend re-proves it in tests.)
func CheckCore(m *encode.Model, core []string, witnesses []encode.Assignment) error {
	if len(core) == 0 {
		return fmt.Errorf("solver: empty core")
	}
	if len(witnesses) != len(core) {
		return fmt.Errorf("solver: %d witnesses for a core of %d", len(witnesses), len(core))
	}
	in := map[string]bool{}
	known := map[string]bool{}
	for _, g := range m.Groups() {
		known[g] = true
	}
	for _, g := range core {
		if !known[g] {
			return fmt.Errorf("solver: core names %q, which is not a constraint group of the model", g)
		}
		if in[g] {
			return fmt.Errorf("solver: core names %q twice", g)
		}
		in[g] = true
	}
	for i, w := range witnesses {
		if len(w) != len(m.Vars) {
			return fmt.Errorf("solver: witness for %q has %d values", core[i], len(w))
		}
		for v, vi := range m.Vars {
			if w[v] < vi.Lo || w[v] > vi.Hi {
				return fmt.Errorf("solver: witness for %q: %s = %d outside its domain", core[i], vi.Name, w[v])
			}
		}
		for _, c := range m.Constraints {
			if c.Group == core[i] || !in[c.Group] {
				continue
			}
			if why := m.Why(c, w); why != "" {
				return fmt.Errorf("solver: witness for %q violates %q of the core: %s", core[i], c.Name, why)
			}
		}
	}
	return nil
}

func equal(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
