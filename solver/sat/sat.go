package sat

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"time"

	"github.com/go-air/gini"
	"github.com/go-air/gini/z"

	"github.com/plancert/plancert/encode"
	"github.com/plancert/plancert/solver"
)

// Backend is the gini backend. The zero value is ready to use.
type Backend struct {
	// Sink, when not nil, also receives every clause (e.g. an encode.Log
	// for DIMACS output).
	Sink encode.Sink
	// CoreGuided makes Optimize minimize a model with one objective level
	// by unsatisfiable cores (OLL with stratification, cores.go) instead
	// of the descent on the objective counter: better when the proof is
	// the hard part and many soft terms have small weights (rostering).
	CoreGuided bool
	// MaxBytes, when positive, is the memory budget of the CNF, as
	// encode.Size.Bytes estimates it: a model whose encode.Estimate passes
	// it is refused before it is lowered, and lowering, or an objective
	// counter built later, stops when the CNF passes it; both with an
	// *encode.TooLargeError.
	MaxBytes int64
}

// Name returns "sat".
func (Backend) Name() string { return "sat" }

// Load lowers m to CNF into a fresh gini instance.
func (b Backend) Load(m *encode.Model) (solver.Solver, error) {
	return b.load(context.Background(), m)
}

// ContextBackend returns b (see solver.ContextLoader).
func (b Backend) ContextBackend() solver.Backend { return b }

// LoadContext is Load that stops, with an *encode.StoppedError, when ctx
// ends while m is lowered.
func (b Backend) LoadContext(ctx context.Context, m *encode.Model) (solver.Solver, error) {
	return b.load(ctx, m)
}

func (b Backend) load(ctx context.Context, m *encode.Model) (*Solver, error) {
	s := &Solver{m: m, g: gini.New(), coreGuided: b.CoreGuided}
	var sink encode.Sink = (*giniSink)(s)
	if b.Sink != nil {
		sink = encode.Tee(sink, b.Sink)
	}
	enc, err := encode.LowerContext(ctx, m, sink, b.MaxBytes)
	if err != nil {
		return nil, err
	}
	s.enc = enc
	return s, nil
}

// Solver is a model loaded into gini. It implements solver.Solver.
type Solver struct {
	m   *encode.Model
	g   *gini.Gini
	enc *encode.Encoding
	// running, when not nil, delivers the result of a search that was
	// left to run out its deadline after its context was cancelled: gini
	// is not touched again before it arrives (settle).
	running chan int

	clauses    int
	solveCalls int
	last       int     // the result of the last solve: 1, -1 or 0
	assumed    []int32 // the assumptions of the last solve
	lpSolves   int     // solves that assumed LP fixings
	conflicts  int64
	wall       time.Duration

	selAsserted bool           // the model is known feasible; selectors are units
	opt         *solver.Result // the last result of Optimize
	bounds      []int32        // literals fixing every optimized level
	keep        int            // levels of bounds the next Optimize keeps (Extend)
	infeasible  bool

	coreGuided bool
	bound      int64 // of objective level 0, when hasBound (ProvenBound)
	hasBound   bool
}

// ProvenBound returns the best bound on objective level 0 proven by the
// last Optimize: no solution has a smaller objective (Minimize) or a
// larger one (Maximize). At a proven optimum it is the optimum; after a
// timeout it is what the refutations so far established. ok is false
// before any bound is known.
func (s *Solver) ProvenBound() (bound int64, ok bool) { return s.bound, s.hasBound }

func (s *Solver) setBound(b int64) { s.bound, s.hasBound = b, true }

type giniSink Solver

func (s *giniSink) AddClause(c []int32) {
	(*Solver)(s).settle()
	for _, l := range c {
		s.g.Add(z.Dimacs2Lit(int(l)))
	}
	s.g.Add(z.LitNull)
	s.clauses++
}

// lpMinTerms is the least number of terms of a level whose descent uses
// the LP bound and fixings (encode.LPBound); a variable so that the tests
// can take the LP path on small models.
var lpMinTerms = 64

// forever bounds a search whose context has no deadline.
const forever = 100 * 365 * 24 * time.Hour

// settle waits for a search left running by a cancelled context.
func (s *Solver) settle() {
	if s.running != nil {
		<-s.running
		s.running = nil
	}
}

// solve runs gini under assumptions and returns 1 (SAT), -1 (UNSAT) or 0
// (ctx done). The search is never interrupted before ctx ends, so results
// do not depend on timing. gini bounds the search by ctx's deadline
// itself (Try), with no polling: with a context that cannot end it solves
// in this goroutine; otherwise in its own goroutine, whose result arrives
// on a channel. When ctx is cancelled before its deadline, solve returns 0
// at once and the search runs out its deadline (gini cannot be stopped
// without polling it); the Solver waits for it before it touches gini
// again.
func (s *Solver) solve(ctx context.Context, assume []int32) int {
	if ctx.Err() != nil {
		return 0
	}
	s.settle()
	limit := forever
	if dl, ok := ctx.Deadline(); ok {
		if limit = time.Until(dl); limit <= 0 {
			return 0
		}
	}
	s.solveCalls++
	start := time.Now()
	before := conflicts(s.g)
	defer func() {
		s.wall += time.Since(start)
		if s.running != nil {
			return // the search goes on: its conflicts are not read
		}
		if c := conflicts(s.g); c >= 0 && before >= 0 {
			s.conflicts += c - before
		} else {
			s.conflicts = -1
		}
	}()
	s.assumed = append(s.assumed[:0], assume...)
	for _, a := range assume {
		s.g.Assume(z.Dimacs2Lit(int(a)))
	}
	if ctx.Done() == nil {
		s.last = s.g.Try(limit)
		return s.last
	}
	done := make(chan int, 1)
	go func() { done <- s.g.Try(limit) }()
	select {
	case s.last = <-done:
		return s.last
	case <-ctx.Done():
		s.running = done
		s.last = 0
		return 0
	}
}

// conflicts reads gini's cumulative conflict count. gini v1.0.4 does not
// export its statistics, so this reads the counter by reflection; it
// returns -1 if the layout is not the one of v1.0.4.
func conflicts(g *gini.Gini) (n int64) {
	defer func() {
		if recover() != nil {
			n = -1
		}
	}()
	v := reflect.ValueOf(g).Elem().FieldByName("xo").Elem().FieldByName("Driver").Elem().FieldByName("Conflicts")
	if !v.IsValid() || v.Kind() != reflect.Int64 {
		return -1
	}
	return v.Int()
}

func (s *Solver) value(l int32) bool { s.settle(); return s.g.Value(z.Dimacs2Lit(int(l))) }

// decode reads the model's assignment from gini's model and checks it.
func (s *Solver) decode() (encode.Assignment, error) {
	a := s.enc.Decode(s.value)
	if err := s.m.Check(a); err != nil {
		return nil, &solver.IntegrityError{Backend: "sat", What: "decoded model fails Check", Err: err}
	}
	return a, nil
}

// base returns the assumptions every solve makes: the selectors while the
// model is not known feasible, then the fixed objective levels.
func (s *Solver) base(extra ...int32) []int32 {
	var as []int32
	if !s.selAsserted {
		as = append(as, s.enc.Selector...)
	}
	as = append(as, s.bounds...)
	return append(as, extra...)
}

func (s *Solver) assertSelectors() {
	if s.selAsserted {
		return
	}
	for _, l := range s.enc.Selector {
		s.enc.Add(l)
	}
	s.selAsserted = true
}

// Optimize implements solver.Solver: an upper bound from a first solution,
// then, per level, a descent on assumed bound literals (each model's cost is
// the next bound; binary steps while the gap is wide; the LP bound of the
// level's cardinality rows first, when it has one, with the LP's
// reduced-cost fixings assumed below best − 1). The final UNSAT of
// "better than the optimum", made without the fixings, is the proof. Each
// level's optimum is fixed, as an assumption, before the next.
//
// After Extend(m, keep), the first keep levels keep the optimum proven
// before, held by their bound literals as assumptions, and only the
// levels after them are optimized; a later Optimize starts from level 0.
func (s *Solver) Optimize(ctx context.Context) (*solver.Result, error) {
	from := min(s.keep, len(s.bounds))
	s.keep = 0
	s.bounds = s.bounds[:from]
	s.opt = nil
	if from == 0 {
		s.hasBound = false
	}
	switch s.solve(ctx, s.base()) {
	case 0:
		return &solver.Result{Status: solver.Unknown}, nil
	case -1:
		if from > 0 {
			return nil, &solver.IntegrityError{Backend: "sat", What: fmt.Sprintf("the %d levels proven before Extend have no solution", from)}
		}
		s.infeasible = true
		return &solver.Result{Status: solver.Infeasible}, nil
	}
	sol, err := s.decode()
	if err != nil {
		return nil, err
	}
	s.assertSelectors()
	if s.coreGuided && len(s.m.Objectives) == 1 {
		return s.optimizeCores(ctx, sol)
	}
	for l := from; l < len(s.m.Objectives); l++ {
		o := s.m.Objectives[l]
		sign := int64(1) // cost = sign·objective, minimized
		if o.Sense == encode.Maximize {
			sign = -1
		}
		best := sign * encode.SumTerms(o.Terms, sol)
		// No cost is below lb. The reduced-cost bound steers the search;
		// when a cost meets it (the first or a later one), lb drops to
		// that cost − 1, so the loop still makes the final UNSAT solve
		// and the optimum is always a refutation. Only the domains'
		// bound, floor, is taken as it is: below it there is nothing to
		// refute.
		lo, hi := s.enc.LevelRange(l)
		floor := min(sign*lo, sign*hi)
		lb := max(floor, min(sign*s.enc.LevelBound(l), best-1))
		// The LP bound of the level's cardinality rows (encode.LPBound)
		// only steers too: the descent tries it first, and every solve
		// below best − 1 assumes the LP's reduced-cost fixings
		// (encode.LPFixing), which prune the search for a better
		// solution. An UNSAT under fixings raises hint, never lb: the
		// proof of an optimum is the UNSAT of "≤ best − 1", which never
		// assumes them, so no optimum rests on the LP.
		// It costs 150 passes over the rows: small sums and a gap of one
		// or two bounds are closed as fast without it.
		ub := best
		var lpb int64
		hasLP := false
		if best-lb > 2 && len(o.Terms) >= lpMinTerms {
			lpb, hasLP = s.enc.LPBound(l, sign*ub)
			lpb *= sign
		}
		// Build the level's counter cut at the first cost, or at the LP
		// bound when the descent jumps there first, so every later bound,
		// and the final fixing one, reuse it (a jump that fails builds it
		// again, higher). A large counter takes time: when ctx ends while
		// it is built, the solution so far is the answer.
		cut := best
		if hasLP && lpb > lb && lpb < best-1 {
			cut = lpb
		}
		if _, err := s.enc.ObjectiveBoundContext(ctx, l, sign*cut); err != nil {
			var stopped *encode.StoppedError
			if errors.As(err, &stopped) && ctx.Err() != nil {
				return s.feasible(sol), nil
			}
			return nil, err
		}
		if l == 0 {
			s.setBound(sign * lb)
		}
		hint, jumped := lb, false
		for best > lb {
			steer := min(max(lb, hint), best)
			t := best - 1 // try cost ≤ t
			if best-steer > 16 {
				t = steer + (best-steer)/2
			}
			if hasLP && !jumped && lpb > steer && lpb < best-1 {
				t, jumped = lpb, true
			}
			lit, err := s.enc.ObjectiveBound(l, sign*t)
			if err != nil {
				return nil, err
			}
			as := s.base(lit)
			fixed := false
			if hasLP && t < best-1 {
				var act int32
				if act, fixed = s.enc.LPFixing(l, sign*ub, sign*t); fixed {
					as = append(as, act)
					s.lpSolves++
				}
			}
			switch s.solve(ctx, as) {
			case 0:
				return s.feasible(sol), nil
			case 1:
				if sol, err = s.decode(); err != nil {
					return nil, err
				}
				cost := sign * encode.SumTerms(o.Terms, sol)
				if cost > t {
					return nil, &solver.IntegrityError{Backend: "sat", What: fmt.Sprintf("level %d: bound cost ≤ %d assumed, model has %d", l, t, cost)}
				}
				best = cost
				lb = max(floor, min(lb, best-1))
			case -1:
				if fixed {
					hint = t + 1
					break
				}
				lb = t + 1
				if l == 0 {
					s.setBound(sign * lb)
				}
			}
		}
		if l == 0 {
			s.setBound(sign * best)
		}
		lit, err := s.enc.ObjectiveBound(l, sign*best)
		if err != nil {
			return nil, err
		}
		s.bounds = append(s.bounds, lit)
	}
	st := solver.Optimal
	if len(s.m.Objectives) == 0 {
		st = solver.Feasible
	}
	s.opt = &solver.Result{Status: st, Objective: s.m.ObjectiveValues(sol), Solution: sol}
	return s.opt, nil
}

// Extend moves s to m, a model with the variables, constraints and answer
// variables of s's model, with any objective levels (a stated tie-break:
// encode.CommonLevels; else encode.ErrNotExtension). The clauses gini
// holds, learned ones included, stay valid for m, since m's rules are the
// same and an objective counter only defines fresh variables. When the
// last Optimize proved the optimum of the levels the two models share, the
// next Optimize keeps it and optimizes only the later levels. A
// core-guided or infeasible Solver does not extend (core-guided hardening
// is proven for its one level): Extend returns an error and the caller
// loads m afresh.
func (s *Solver) Extend(m *encode.Model) error {
	switch {
	case s.coreGuided:
		return errors.New("sat: Extend: a core-guided solver does not extend")
	case s.infeasible:
		return errors.New("sat: Extend: the model is infeasible")
	}
	s.settle()
	keep, err := s.enc.Extend(m)
	if err != nil {
		return err
	}
	s.m, s.opt = m, nil
	if s.keep = keep; len(s.bounds) < keep {
		s.keep = 0 // the shared levels were not proven: start from level 0
	}
	return nil
}

func (s *Solver) feasible(sol encode.Assignment) *solver.Result {
	s.bounds = nil
	return &solver.Result{Status: solver.Feasible, Objective: s.m.ObjectiveValues(sol), Solution: sol}
}

// fixTo returns the assumptions that hold every level at r's objective.
func (s *Solver) fixTo(r *solver.Result) ([]int32, error) {
	var as []int32
	if !s.selAsserted {
		as = append(as, s.enc.Selector...)
	}
	for l := range s.m.Objectives {
		lit, err := s.enc.ObjectiveBound(l, r.Objective[l])
		if err != nil {
			return nil, err
		}
		as = append(as, lit)
	}
	return as, nil
}

// block adds "¬act ∨ the answer differs from a" and returns the clause size.
func (s *Solver) block(act int32, a encode.Assignment) {
	cl := []int32{-act}
	for _, v := range s.m.AnswerVars() {
		cl = append(cl, s.enc.Differs(v, a[v])...)
	}
	s.enc.Add(cl...)
}

// Unique implements solver.Solver: with every level held at r's objective,
// one solve under an activation literal that blocks r's answer; UNSAT
// proves uniqueness, SAT gives the witness. The blocking clause is retired
// by a unit afterwards.
func (s *Solver) Unique(ctx context.Context, r *solver.Result) (*solver.Uniqueness, error) {
	if r == nil || r.Solution == nil || len(r.Objective) != len(s.m.Objectives) {
		return nil, errors.New("sat: Unique needs a solution and its objective vector from Optimize")
	}
	as, err := s.fixTo(r)
	if err != nil {
		return nil, err
	}
	act := s.enc.NewVar()
	s.block(act, r.Solution)
	defer s.enc.Add(-act)
	switch s.solve(ctx, append(as, act)) {
	case 0:
		return &solver.Uniqueness{}, nil
	case -1:
		return &solver.Uniqueness{Proven: true, Unique: true}, nil
	}
	w, err := s.decode()
	if err != nil {
		return nil, err
	}
	return &solver.Uniqueness{Proven: true, Witness: w}, nil
}

// Enumerate implements solver.Solver: optimize (if not done), then block
// each answer found under one activation literal until UNSAT or limit.
func (s *Solver) Enumerate(ctx context.Context, limit int) (*solver.Enumeration, error) {
	if limit <= 0 {
		return nil, fmt.Errorf("sat: Enumerate: limit %d is not positive", limit)
	}
	r := s.opt
	if r == nil {
		var err error
		if r, err = s.Optimize(ctx); err != nil {
			return nil, err
		}
		if r.Status == solver.Infeasible {
			return &solver.Enumeration{Status: solver.Infeasible, Complete: true}, nil
		}
		if r.Status != solver.Optimal && !(r.Status == solver.Feasible && len(s.m.Objectives) == 0) {
			return &solver.Enumeration{Status: r.Status}, nil
		}
	}
	out := &solver.Enumeration{Status: r.Status}
	out.Solutions = append(out.Solutions, r.Solution)
	as, err := s.fixTo(r)
	if err != nil {
		return nil, err
	}
	act := s.enc.NewVar()
	defer s.enc.Add(-act)
	s.block(act, r.Solution)
	for len(out.Solutions) < limit {
		switch s.solve(ctx, append(as, act)) {
		case 0:
			return out, nil
		case -1:
			out.Complete = true
			return out, nil
		}
		a, err := s.decode()
		if err != nil {
			return nil, err
		}
		out.Solutions = append(out.Solutions, a)
		s.block(act, a)
	}
	// Limit reached: one more solve says whether the list is complete.
	if s.solve(ctx, append(as, act)) == -1 {
		out.Complete = true
	}
	return out, nil
}

// Explain implements solver.Solver: a deletion-based minimal unsatisfiable
// subset of the constraint groups, starting from gini's failed
// assumptions. For each member, a solve without it: UNSAT shrinks the core
// to the new failed assumptions, SAT proves the member necessary and its
// model is the witness. At most |core|+1 solves after the first.
func (s *Solver) Explain(ctx context.Context) (*solver.Explanation, error) {
	if s.selAsserted {
		return &solver.Explanation{Status: solver.Feasible}, nil
	}
	sel := s.enc.Selector
	group := make(map[int32]int, len(sel))
	for i, l := range sel {
		group[l] = i
	}
	switch s.solve(ctx, sel) {
	case 0:
		return &solver.Explanation{Status: solver.Unknown}, nil
	case 1:
		return &solver.Explanation{Status: solver.Feasible}, nil
	}
	core := s.why(group, nil)
	var witnesses []encode.Assignment
	for i := 0; i < len(core); {
		rest := make([]int32, 0, len(core)-1)
		for j, g := range core {
			if j != i {
				rest = append(rest, sel[g])
			}
		}
		switch s.solve(ctx, rest) {
		case 0:
			return &solver.Explanation{Status: solver.Unknown}, nil
		case 1:
			w := s.enc.Decode(s.value)
			witnesses = append(witnesses, w)
			i++
		case -1:
			keep := map[int]bool{}
			for j, g := range core {
				if j != i {
					keep[g] = true
				}
			}
			core = s.why(group, keep)
		}
	}
	out := &solver.Explanation{Status: solver.Infeasible, Witnesses: witnesses}
	for _, g := range core {
		out.Core = append(out.Core, s.enc.Groups[g])
	}
	return out, nil
}

// why returns the groups of the last UNSAT's failed assumptions, in group
// order, restricted to keep when it is not nil.
func (s *Solver) why(group map[int32]int, keep map[int]bool) []int {
	in := map[int]bool{}
	s.settle()
	for _, l := range s.g.Why(nil) {
		d := int32(l.Dimacs())
		if g, ok := group[d]; ok && (keep == nil || keep[g]) {
			in[g] = true
		}
	}
	var core []int
	for g := range s.enc.Selector {
		if in[g] {
			core = append(core, g)
		}
	}
	return core
}

// Stats implements solver.Solver.
func (s *Solver) Stats() solver.Stats {
	return solver.Stats{
		SolveCalls: s.solveCalls,
		Conflicts:  s.conflicts,
		Variables:  s.enc.NumVars(),
		Clauses:    s.clauses,
		Wall:       s.wall,
	}
}
