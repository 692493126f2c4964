package brute

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"math/big"
	"slices"
	"time"

	"github.com/plancert/plancert/encode"
	"github.com/plancert/plancert/solver"
)

// DefaultLimit is the number of assignments a Backend with Limit 0 accepts,
// and the limit of Feasible and CountSolutions.
const DefaultLimit = 2_000_000

// checkEvery is how many steps of a walk pass between two looks at the
// context.
const checkEvery = 4096

// Backend is the exhaustive backend. Limit is the largest number of
// assignments (the product of the domain sizes) a model may have for Load to
// accept it; 0 means DefaultLimit. The zero Backend is ready to use.
type Backend struct {
	Limit int64
}

// Name returns "brute".
func (Backend) Name() string { return "brute" }

// Load validates m and returns a solver for it, or an error when m is
// invalid or has more assignments than the limit. m must not change while
// the solver is in use.
func (b Backend) Load(m *encode.Model) (solver.Solver, error) {
	if b.Limit < 0 {
		return nil, fmt.Errorf("brute: negative limit %d", b.Limit)
	}
	limit := b.Limit
	if limit == 0 {
		limit = DefaultLimit
	}
	w, err := newWalker(m, limit)
	if err != nil {
		return nil, err
	}
	return &bruteSolver{m: m, w: w, ans: m.AnswerVars()}, nil
}

// Feasible returns the first assignment, in the package's order, that
// satisfies every constraint whose group is in groups (groups[g] is true),
// or all constraints when groups is nil, and reports whether there is one.
// It fails when m is invalid, has more than DefaultLimit assignments, or
// ctx is done before the answer is known. Tests use it to re-prove that a
// core is infeasible.
func Feasible(ctx context.Context, m *encode.Model, groups map[string]bool) (encode.Assignment, bool, error) {
	w, err := newWalker(m, DefaultLimit)
	if err != nil {
		return nil, false, err
	}
	var first encode.Assignment
	if err := w.walk(ctx, w.activeGroups(groups), func(a encode.Assignment) bool {
		first = slices.Clone(a)
		return false
	}); err != nil {
		return nil, false, err
	}
	return first, first != nil, nil
}

// CountSolutions returns the number of assignments of m that Check
// accepts. It fails when m is invalid or has more than DefaultLimit
// assignments.
func CountSolutions(m *encode.Model) (int64, error) {
	w, err := newWalker(m, DefaultLimit)
	if err != nil {
		return 0, err
	}
	var n int64
	err = w.walk(context.Background(), nil, func(encode.Assignment) bool {
		n++
		return true
	})
	return n, err
}

// walker visits the assignments of a model in the package's order.
type walker struct {
	m *encode.Model
	// at[k+1] lists the constraints whose highest variable is k: they are
	// decided once variables 0..k are fixed. at[0] lists the constraints
	// that mention no variable.
	at [][]*encode.Constraint
}

func newWalker(m *encode.Model, limit int64) (*walker, error) {
	if m == nil {
		return nil, errors.New("brute: nil model")
	}
	if err := m.Validate(); err != nil {
		return nil, err
	}
	size := big.NewInt(1)
	for _, vi := range m.Vars {
		d := new(big.Int).Sub(big.NewInt(vi.Hi), big.NewInt(vi.Lo))
		size.Mul(size, d.Add(d, big.NewInt(1)))
	}
	if size.Cmp(big.NewInt(limit)) > 0 {
		return nil, fmt.Errorf("brute: model has %s assignments, more than the limit %d", size, limit)
	}
	w := &walker{m: m, at: make([][]*encode.Constraint, len(m.Vars)+1)}
	for _, c := range m.Constraints {
		k := lastVar(c, len(m.Vars))
		w.at[k+1] = append(w.at[k+1], c)
	}
	return w, nil
}

// lastVar returns the highest variable c mentions, or -1. It looks at every
// field of a constraint that can hold a variable, whatever the kind: taking
// in a field the kind does not use only delays the evaluation, which is
// harmless, while missing one would evaluate c on unfixed values. Variables
// outside [0, n) can only sit in fields the kind does not use (Validate
// checks the used ones) and are ignored.
func lastVar(c *encode.Constraint, n int) int {
	last := -1
	see := func(v encode.Var) {
		if int(v) < n && int(v) > last {
			last = int(v)
		}
	}
	for _, l := range c.Enforce {
		see(l.Var)
	}
	for _, t := range c.Terms {
		see(t.Var)
	}
	for _, l := range c.Lits {
		see(l.Var)
	}
	for _, v := range c.Vars {
		see(v)
	}
	for _, iv := range c.Intervals {
		see(iv.Start)
		if iv.Present != nil {
			see(iv.Present.Var)
		}
	}
	for _, a := range c.Arcs {
		see(a.Lit.Var)
	}
	see(c.Index)
	see(c.Target)
	return last
}

// activeGroups returns the filter "the constraint's group is in groups", or
// nil (every constraint) when groups is nil.
func (w *walker) activeGroups(groups map[string]bool) func(*encode.Constraint) bool {
	if groups == nil {
		return nil
	}
	return func(c *encode.Constraint) bool { return groups[c.Group] }
}

// walk calls visit, in order, on every assignment that satisfies the
// constraints for which active returns true (every constraint when active
// is nil), until visit returns false. The assignment passed to visit is
// reused; visit must copy what it keeps. walk returns ctx.Err() when ctx
// ends before the walk does, and nil otherwise.
func (w *walker) walk(ctx context.Context, active func(*encode.Constraint) bool, visit func(encode.Assignment) bool) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	at := w.at
	if active != nil {
		at = make([][]*encode.Constraint, len(w.at))
		for k, cs := range w.at {
			for _, c := range cs {
				if active(c) {
					at[k] = append(at[k], c)
				}
			}
		}
	}
	n := len(w.m.Vars)
	a := make(encode.Assignment, n)
	for i, vi := range w.m.Vars {
		a[i] = vi.Lo
	}
	holds := func(cs []*encode.Constraint) bool {
		for _, c := range cs {
			if !w.m.Holds(c, a) {
				return false
			}
		}
		return true
	}
	if !holds(at[0]) {
		return nil
	}
	var steps int64
	var err error
	// rec fixes variable k to each of its values in turn and returns false
	// when the walk must stop.
	var rec func(k int) bool
	rec = func(k int) bool {
		if k == n {
			return visit(a)
		}
		lo, hi := w.m.Vars[k].Lo, w.m.Vars[k].Hi
		for v := lo; ; v++ {
			steps++
			if steps%checkEvery == 0 {
				if err = ctx.Err(); err != nil {
					return false
				}
			}
			a[k] = v
			if holds(at[k+1]) && !rec(k+1) {
				return false
			}
			if v == hi {
				return true
			}
		}
	}
	rec(0)
	return err
}

// bruteSolver is the Solver of Backend.
type bruteSolver struct {
	m   *encode.Model
	w   *walker
	ans []encode.Var

	opt   *optimum            // the last optimizing walk, nil before
	expl  *solver.Explanation // Explain's answer, nil before
	calls int                 // walks started
	wall  time.Duration       // time spent walking
}

// optimum is what an optimizing walk learned: whether some assignment is a
// solution, the best objective vector, and the first assignment of each of
// the first keep distinct answer projections among the optimal solutions,
// in order (reps[0] is the first optimal solution). more says there are
// other projections besides those in reps.
type optimum struct {
	feasible bool
	best     []int64
	reps     []encode.Assignment
	more     bool
}

// walk runs w.walk and counts it in the statistics.
func (s *bruteSolver) walk(ctx context.Context, active func(*encode.Constraint) bool, visit func(encode.Assignment) bool) error {
	start := time.Now()
	s.calls++
	err := s.w.walk(ctx, active, visit)
	s.wall += time.Since(start)
	return err
}

// key encodes the answer projection of a.
func (s *bruteSolver) key(a encode.Assignment) string {
	b := make([]byte, 0, 8*len(s.ans))
	for _, v := range s.ans {
		b = binary.LittleEndian.AppendUint64(b, uint64(a[v]))
	}
	return string(b)
}

// optimize runs an optimizing walk keeping up to keep (at least 1)
// representatives.
func (s *bruteSolver) optimize(ctx context.Context, keep int) (*optimum, error) {
	m := s.m
	o := &optimum{}
	seen := map[string]bool{}
	err := s.walk(ctx, nil, func(a encode.Assignment) bool {
		obj := m.ObjectiveValues(a)
		switch {
		case !o.feasible || m.Better(obj, o.best):
			o.feasible, o.best, o.more = true, obj, false
			o.reps = []encode.Assignment{slices.Clone(a)}
			clear(seen)
			seen[s.key(a)] = true
		case slices.Equal(obj, o.best):
			if k := s.key(a); !seen[k] {
				if len(o.reps) < keep {
					o.reps = append(o.reps, slices.Clone(a))
					seen[k] = true
				} else {
					o.more = true
				}
			}
		}
		// Without objectives nothing can beat what is known, so the walk
		// can stop once it is known that there are more than keep.
		return !(o.more && len(m.Objectives) == 0)
	})
	if err != nil {
		return nil, err
	}
	s.opt = o
	return o, nil
}

// okStatus is the status of a model with a solution.
func (s *bruteSolver) okStatus() solver.Status {
	if len(s.m.Objectives) == 0 {
		return solver.Feasible
	}
	return solver.Optimal
}

// Optimize returns the first assignment with the lexicographically best
// objective vector: status Optimal, or Feasible when the model has no
// objective; Infeasible when no assignment passes Check.
func (s *bruteSolver) Optimize(ctx context.Context) (*solver.Result, error) {
	if ctx.Err() != nil {
		return &solver.Result{Status: solver.Unknown}, nil
	}
	o := s.opt
	if o == nil {
		var err error
		if o, err = s.optimize(ctx, 2); err != nil {
			return &solver.Result{Status: solver.Unknown}, nil
		}
	}
	if !o.feasible {
		return &solver.Result{Status: solver.Infeasible}, nil
	}
	return &solver.Result{
		Status:    s.okStatus(),
		Objective: slices.Clone(o.best),
		Solution:  slices.Clone(o.reps[0]),
	}, nil
}

// Unique reports whether a solution with objective vector r.Objective
// differs from r.Solution on the answer variables; Witness is the first
// such solution.
func (s *bruteSolver) Unique(ctx context.Context, r *solver.Result) (*solver.Uniqueness, error) {
	if r == nil || len(r.Solution) != len(s.m.Vars) {
		return nil, errors.New("brute: Unique needs a result with a solution of the loaded model")
	}
	if len(r.Objective) != len(s.m.Objectives) {
		return nil, fmt.Errorf("brute: Unique: result has %d objective values, model has %d levels", len(r.Objective), len(s.m.Objectives))
	}
	if ctx.Err() != nil {
		return &solver.Uniqueness{}, nil
	}
	differs := func(a encode.Assignment) bool { return !s.m.SameAnswer(a, r.Solution) }
	// An optimizing walk that kept two or more projections, or all of them,
	// holds the first assignment of every projection up to the first that
	// differs from r.Solution's, and so the first witness.
	if o := s.opt; o != nil && o.feasible && slices.Equal(o.best, r.Objective) && (len(o.reps) >= 2 || !o.more) {
		for _, a := range o.reps {
			if differs(a) {
				return &solver.Uniqueness{Proven: true, Witness: slices.Clone(a)}, nil
			}
		}
		return &solver.Uniqueness{Proven: true, Unique: true}, nil
	}
	var witness encode.Assignment
	err := s.walk(ctx, nil, func(a encode.Assignment) bool {
		if differs(a) && slices.Equal(s.m.ObjectiveValues(a), r.Objective) {
			witness = slices.Clone(a)
			return false
		}
		return true
	})
	if err != nil {
		return &solver.Uniqueness{}, nil
	}
	return &solver.Uniqueness{Proven: true, Unique: witness == nil, Witness: witness}, nil
}

// Enumerate lists the first assignment of each distinct answer projection
// among the optimal solutions (all solutions when the model has no
// objective), in order, up to limit, which must be positive.
func (s *bruteSolver) Enumerate(ctx context.Context, limit int) (*solver.Enumeration, error) {
	if limit <= 0 {
		return nil, fmt.Errorf("brute: Enumerate limit %d is not positive", limit)
	}
	if ctx.Err() != nil {
		return &solver.Enumeration{Status: solver.Unknown}, nil
	}
	o := s.opt
	if o == nil || (o.more && len(o.reps) < limit) {
		var err error
		if o, err = s.optimize(ctx, max(limit, 2)); err != nil {
			return &solver.Enumeration{Status: solver.Unknown}, nil
		}
	}
	if !o.feasible {
		return &solver.Enumeration{Status: solver.Infeasible, Complete: true}, nil
	}
	n := min(limit, len(o.reps))
	sols := make([]encode.Assignment, n)
	for i := range sols {
		sols[i] = slices.Clone(o.reps[i])
	}
	return &solver.Enumeration{
		Status:    s.okStatus(),
		Solutions: sols,
		Complete:  !o.more && len(o.reps) <= limit,
	}, nil
}

// Explain returns status Feasible when the model has a solution, and
// otherwise a minimal unsatisfiable set of groups found by deletion: going
// through m.Groups() in order, a group is dropped when the groups still
// kept without it remain infeasible. When a group is kept, the solution of
// the others found at that point is its witness; it satisfies every group
// of the final core but that one, since the kept set only shrinks.
func (s *bruteSolver) Explain(ctx context.Context) (*solver.Explanation, error) {
	unknown := &solver.Explanation{Status: solver.Unknown}
	if ctx.Err() != nil {
		return unknown, nil
	}
	if s.expl != nil {
		return cloneExplanation(s.expl), nil
	}
	feasible := false
	if s.opt != nil {
		feasible = s.opt.feasible
	} else {
		err := s.walk(ctx, nil, func(encode.Assignment) bool {
			feasible = true
			return false
		})
		if err != nil {
			return unknown, nil
		}
	}
	if feasible {
		s.expl = &solver.Explanation{Status: solver.Feasible}
		return cloneExplanation(s.expl), nil
	}
	groups := s.m.Groups()
	keep := make(map[string]bool, len(groups))
	for _, g := range groups {
		keep[g] = true
	}
	witness := map[string]encode.Assignment{}
	for _, g := range groups {
		keep[g] = false
		var found encode.Assignment
		err := s.walk(ctx, s.w.activeGroups(keep), func(a encode.Assignment) bool {
			found = slices.Clone(a)
			return false
		})
		if err != nil {
			return unknown, nil
		}
		if found != nil {
			keep[g] = true
			witness[g] = found
		}
	}
	e := &solver.Explanation{Status: solver.Infeasible}
	for _, g := range groups {
		if keep[g] {
			e.Core = append(e.Core, g)
			e.Witnesses = append(e.Witnesses, witness[g])
		}
	}
	s.expl = e
	return cloneExplanation(e), nil
}

func cloneExplanation(e *solver.Explanation) *solver.Explanation {
	c := &solver.Explanation{Status: e.Status, Core: slices.Clone(e.Core)}
	for _, w := range e.Witnesses {
		c.Witnesses = append(c.Witnesses, slices.Clone(w))
	}
	return c
}

// Stats returns the number of walks started (SolveCalls), Conflicts -1,
// the number of model variables, no clauses, and the time spent walking.
func (s *bruteSolver) Stats() solver.Stats {
	return solver.Stats{
		SolveCalls: s.calls,
		Conflicts:  -1,
		Variables:  len(s.m.Vars),
		Clauses:    0,
		Wall:       s.wall,
	}
}
