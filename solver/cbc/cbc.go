//go:build cbc

package cbc

/*
#cgo pkg-config: cbc
#include <stdlib.h>
#include <coin/Cbc_C_Interface.h>
*/
import "C"

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"sync"
	"time"
	"unsafe"

	"github.com/plancert/plancert/encode"
	"github.com/plancert/plancert/solver"
)

// Available reports whether CBC is linked in: true, this build has the cbc
// tag.
func Available() bool { return true }

// mu serializes every use of CBC. CBC is not thread-safe, even with
// separate models: two goroutines solving at once were seen to give wrong
// answers. A CBC model lives from Cbc_newModel to Cbc_deleteModel inside
// one critical section.
var mu sync.Mutex

// Load validates m and translates it to a MIP (see the package doc). The
// MIP is kept in Go; every solve builds a fresh CBC model from it.
func (Backend) Load(m *encode.Model) (solver.Solver, error) {
	if err := m.Validate(); err != nil {
		return nil, err
	}
	p, err := translate(m)
	if err != nil {
		return nil, err
	}
	return &Solver{m: m, base: p}, nil
}

// Solver is a model translated for CBC. It implements solver.Solver.
type Solver struct {
	m    *encode.Model
	base *mip

	opt        *solver.Result // the last result of Optimize
	solveCalls int
	wall       time.Duration
}

// verdict is what one CBC solve established.
type verdict uint8

const (
	unproven   verdict = iota // time limit, context done, or CBC gave up
	optimal                   // proven optimal (feasible for no objective)
	infeasible                // proven infeasible
)

// outcome is the result of one CBC solve: the verdict, the best solution
// CBC holds (nil when none; one value per column) and its objective value.
type outcome struct {
	verdict verdict
	sol     []float64
	obj     float64
	// notRun: CBC stopped before branch and bound (status -1) without a
	// verdict. Seen with a MIP start on a level fixed at the previous
	// optimum (an email-scheduling instance with time zones); the same
	// model without the start is solved and proven.
	notRun bool
}

// run solves p with CBC, minimizing (or, with max, maximizing) obj; a nil
// obj asks for any solution. The time limit is what remains of ctx's
// deadline (wall clock); when ctx ends without a deadline (Ctrl-C) the
// solve in progress cannot be interrupted, and its result is discarded.
func (s *Solver) run(ctx context.Context, p *mip, obj []encode.Term, sense encode.Sense, mipStart []float64) (outcome, error) {
	if ctx.Err() != nil {
		return outcome{}, nil
	}
	limit := 0.0
	if dl, ok := ctx.Deadline(); ok {
		limit = time.Until(dl).Seconds()
		if limit <= 0 {
			return outcome{}, nil
		}
	}
	cols := p.cols
	if len(cols) == 0 {
		cols = []col{{0, 0}} // CBC wants a column
	}
	nc, nr := len(cols), len(p.rows)
	// Compressed sparse columns.
	count := make([]int, nc+1)
	for _, r := range p.rows {
		for _, c := range r.idx {
			count[c+1]++
		}
	}
	start := make([]C.CoinBigIndex, nc+1)
	for c := 0; c < nc; c++ {
		count[c+1] += count[c]
		start[c+1] = C.CoinBigIndex(count[c+1])
	}
	nz := count[nc]
	index := make([]C.int, nz+1) // +1: never empty, so &index[0] is valid
	value := make([]C.double, nz+1)
	next := count[:nc]
	rowlb, rowub := make([]C.double, nr+1), make([]C.double, nr+1)
	inf := C.double(math.MaxFloat64)
	for i, r := range p.rows {
		for k, c := range r.idx {
			index[next[c]] = C.int(i)
			value[next[c]] = C.double(r.coef[k])
			next[c]++
		}
		b := C.double(r.rhs)
		switch r.sense {
		case le:
			rowlb[i], rowub[i] = -inf, b
		case ge:
			rowlb[i], rowub[i] = b, inf
		default:
			rowlb[i], rowub[i] = b, b
		}
	}
	collb, colub, objc := make([]C.double, nc), make([]C.double, nc), make([]C.double, nc)
	for i, c := range cols {
		collb[i], colub[i] = C.double(c.lo), C.double(c.hi)
	}
	for _, t := range obj {
		objc[t.Var] += C.double(t.Coef)
	}

	mu.Lock()
	defer mu.Unlock()
	start0 := time.Now()
	s.solveCalls++
	defer func() { s.wall += time.Since(start0) }()
	m := C.Cbc_newModel()
	defer C.Cbc_deleteModel(m)
	C.Cbc_loadProblem(m, C.int(nc), C.int(nr), &start[0], &index[0], &value[0], &collb[0], &colub[0], &objc[0], &rowlb[0], &rowub[0])
	for i := 0; i < nc; i++ {
		C.Cbc_setInteger(m, C.int(i))
	}
	if sense == encode.Maximize {
		C.Cbc_setObjSense(m, -1)
	} else {
		C.Cbc_setObjSense(m, 1)
	}
	C.Cbc_setLogLevel(m, 0)
	// Objectives are integral; stop only when no better integer value
	// is left (an absolute gap below 1, no relative gap).
	C.Cbc_setAllowableGap(m, 1e-6)
	C.Cbc_setAllowableFractionGap(m, 0)
	C.Cbc_setAllowablePercentageGap(m, 0)
	setParam(m, "integerTolerance", "1e-9")
	if limit > 0 {
		setParam(m, "timeMode", "elapsed")
		C.Cbc_setMaximumSeconds(m, C.double(limit))
	}
	if len(mipStart) == len(p.cols) && len(mipStart) > 0 {
		idx := make([]C.int, len(mipStart))
		val := make([]C.double, len(mipStart))
		for i, v := range mipStart {
			idx[i], val[i] = C.int(i), C.double(math.Round(v))
		}
		C.Cbc_setMIPStartI(m, C.int(len(mipStart)), &idx[0], &val[0])
	}
	C.Cbc_solve(m)
	if ctx.Err() != nil {
		return outcome{}, nil
	}
	var out outcome
	switch {
	case C.Cbc_isProvenOptimal(m) != 0:
		out.verdict = optimal
	case C.Cbc_isProvenInfeasible(m) != 0:
		return outcome{verdict: infeasible}, nil
	default:
		out.notRun = C.Cbc_status(m) == -1
	}
	var sol *C.double
	if out.verdict == optimal {
		sol = C.Cbc_getColSolution(m)
		if sol == nil {
			return outcome{}, errors.New("cbc: CBC proved an optimum but gives no solution")
		}
	} else {
		sol = C.Cbc_bestSolution(m)
	}
	if sol != nil {
		vals := unsafe.Slice((*float64)(unsafe.Pointer(sol)), nc)
		out.sol = append([]float64(nil), vals...)
		out.obj = float64(C.Cbc_getObjValue(m))
	}
	return out, nil
}

// setParam passes "-name value" to CBC's command-line parser.
func setParam(m unsafe.Pointer, name, value string) {
	cn, cv := C.CString(name), C.CString(value)
	defer C.free(unsafe.Pointer(cn))
	defer C.free(unsafe.Pointer(cv))
	C.Cbc_setParameter(m, cn, cv)
}

// assignment rounds the model's columns of a CBC solution to integers.
func (s *Solver) assignment(sol []float64) encode.Assignment {
	a := make(encode.Assignment, len(s.m.Vars))
	for i := range a {
		a[i] = int64(math.Round(sol[i]))
	}
	return a
}

// decode rounds a CBC solution and checks it against the model.
func (s *Solver) decode(sol []float64, what string) (encode.Assignment, error) {
	a := s.assignment(sol)
	if err := s.m.Check(a); err != nil {
		return nil, &solver.IntegrityError{Backend: "cbc", What: what + " fails Check", Err: err}
	}
	return a, nil
}

// Optimize implements solver.Solver: level by level, a fresh CBC model
// with the earlier levels held at their proven optima by equality rows.
// Optimal and Infeasible are returned only when CBC proves them; when the
// time runs out the best checked solution so far gives Feasible, or
// nothing gives Unknown.
func (s *Solver) Optimize(ctx context.Context) (*solver.Result, error) {
	s.opt = nil
	if len(s.m.Objectives) == 0 {
		o, err := s.run(ctx, s.base, nil, encode.Minimize, nil)
		if err != nil {
			return nil, err
		}
		switch {
		case o.verdict == infeasible:
			return &solver.Result{Status: solver.Infeasible}, nil
		case o.sol == nil:
			return &solver.Result{Status: solver.Unknown}, nil
		}
		a, err := s.decode(o.sol, "solution")
		if err != nil {
			return nil, err
		}
		s.opt = &solver.Result{Status: solver.Feasible, Objective: []int64{}, Solution: a}
		return s.opt, nil
	}
	p := s.base
	var best encode.Assignment
	var start []float64 // the last level's optimum, a solution of the next
	for l, obj := range s.m.Objectives {
		o, err := s.run(ctx, p, obj.Terms, obj.Sense, start)
		if err == nil && o.verdict == unproven && o.notRun && start != nil && ctx.Err() == nil {
			o, err = s.run(ctx, p, obj.Terms, obj.Sense, nil) // without the MIP start
		}
		if err != nil {
			return nil, err
		}
		switch o.verdict {
		case infeasible:
			if l == 0 {
				return &solver.Result{Status: solver.Infeasible}, nil
			}
			return nil, &solver.IntegrityError{Backend: "cbc", What: fmt.Sprintf("objective level %d: infeasible with the earlier levels at the values of a checked solution", l)}
		case unproven:
			if o.sol != nil {
				a, err := s.decode(o.sol, "best solution")
				if err != nil {
					return nil, err
				}
				best = a // as good as best on the earlier levels
			}
			if best == nil {
				return &solver.Result{Status: solver.Unknown}, nil
			}
			return &solver.Result{Status: solver.Feasible, Objective: s.m.ObjectiveValues(best), Solution: best}, nil
		}
		a, err := s.decode(o.sol, fmt.Sprintf("optimum of level %d", l))
		if err != nil {
			return nil, err
		}
		v := encode.SumTerms(obj.Terms, a)
		if math.Abs(float64(v)-o.obj) > 0.5 {
			return nil, &solver.IntegrityError{Backend: "cbc", What: fmt.Sprintf("objective level %d: CBC reports %g, its rounded solution has %d", l, o.obj, v)}
		}
		best, start = a, o.sol
		p = p.clone()
		if err := p.fixLevel(obj.Terms, v); err != nil {
			return nil, err
		}
	}
	s.opt = &solver.Result{Status: solver.Optimal, Objective: s.m.ObjectiveValues(best), Solution: best}
	return s.opt, nil
}

// fixed returns the base MIP with every objective level held at obj.
func (s *Solver) fixed(obj []int64) (*mip, error) {
	p := s.base.clone()
	for l, o := range s.m.Objectives {
		if err := p.fixLevel(o.Terms, obj[l]); err != nil {
			return nil, err
		}
	}
	return p, nil
}

// Unique implements solver.Solver: one solve with every level held at r's
// objective and a no-good row saying the answer variables differ from r's
// (binary indicators for "below" and "above" an integer's value). Proven
// infeasible means unique; a solution is the witness.
func (s *Solver) Unique(ctx context.Context, r *solver.Result) (*solver.Uniqueness, error) {
	if r == nil || r.Solution == nil || len(r.Objective) != len(s.m.Objectives) || len(r.Solution) != len(s.m.Vars) {
		return nil, errors.New("cbc: Unique needs a solution and its objective vector from Optimize")
	}
	p, err := s.fixed(r.Objective)
	if err != nil {
		return nil, err
	}
	if err := p.exclude(s.m.AnswerVars(), r.Solution); err != nil {
		return nil, err
	}
	o, err := s.run(ctx, p, nil, encode.Minimize, nil)
	if err != nil {
		return nil, err
	}
	switch {
	case o.verdict == infeasible:
		return &solver.Uniqueness{Proven: true, Unique: true}, nil
	case o.sol == nil:
		return &solver.Uniqueness{}, nil
	}
	w, err := s.decode(o.sol, "uniqueness witness")
	if err != nil {
		return nil, err
	}
	return &solver.Uniqueness{Proven: true, Witness: w}, nil
}

// Enumerate implements solver.Solver: optimize (if not done), then solve
// again with a no-good row per answer found, until CBC proves nothing is
// left or limit answers are found (one more solve then says whether the
// list is complete).
func (s *Solver) Enumerate(ctx context.Context, limit int) (*solver.Enumeration, error) {
	if limit <= 0 {
		return nil, fmt.Errorf("cbc: Enumerate: limit %d is not positive", limit)
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
	out := &solver.Enumeration{Status: r.Status, Solutions: []encode.Assignment{r.Solution}}
	p, err := s.fixed(r.Objective)
	if err != nil {
		return nil, err
	}
	for {
		if err := p.exclude(s.m.AnswerVars(), out.Solutions[len(out.Solutions)-1]); err != nil {
			return nil, err
		}
		o, err := s.run(ctx, p, nil, encode.Minimize, nil)
		if err != nil {
			return nil, err
		}
		switch {
		case o.verdict == infeasible:
			out.Complete = true
			return out, nil
		case o.sol == nil:
			return out, nil
		case len(out.Solutions) == limit:
			return out, nil // there is another one
		}
		a, err := s.decode(o.sol, "enumerated solution")
		if err != nil {
			return nil, err
		}
		for i, b := range out.Solutions {
			if s.m.SameAnswer(a, b) {
				return nil, &solver.IntegrityError{Backend: "cbc", What: fmt.Sprintf("enumerated solution %d is solution %d again on the answer variables", len(out.Solutions)+1, i+1)}
			}
		}
		out.Solutions = append(out.Solutions, a)
	}
}

// Explain implements solver.Solver: a minimal unsatisfiable set of
// constraint groups by QuickXplain (divide and conquer over the groups,
// each test a fresh MIP of a subset), then one solve per member without
// it, whose solution is the member's witness (a member whose removal is
// still infeasible is dropped instead, so the core is minimal whatever
// QuickXplain returned).
func (s *Solver) Explain(ctx context.Context) (*solver.Explanation, error) {
	if s.opt != nil {
		return &solver.Explanation{Status: solver.Feasible}, nil
	}
	groups := s.m.Groups()
	all := make([]int, len(groups))
	for i := range all {
		all[i] = i
	}
	e := &explainer{s: s, ctx: ctx, groups: groups}
	v, _, err := e.test(all)
	if err != nil || v != infeasible {
		return e.stop(v, err)
	}
	core, err := e.quick(nil, false, all)
	if err != nil || e.unknown {
		return e.stop(unproven, err)
	}
	slices.Sort(core)
	var witnesses []encode.Assignment
	for i := 0; i < len(core); {
		rest := append(append([]int(nil), core[:i]...), core[i+1:]...)
		v, w, err := e.test(rest)
		if err != nil || v == unproven {
			return e.stop(unproven, err)
		}
		if v == infeasible {
			core = rest
			continue
		}
		witnesses = append(witnesses, w)
		i++
	}
	out := &solver.Explanation{Status: solver.Infeasible, Witnesses: witnesses}
	for _, g := range core {
		out.Core = append(out.Core, groups[g])
	}
	return out, nil
}

// explainer runs the feasibility tests of Explain over subsets of groups.
type explainer struct {
	s       *Solver
	ctx     context.Context
	groups  []string
	unknown bool // a test was not proven
}

// stop turns a first test that is not "infeasible" into the explanation.
func (e *explainer) stop(v verdict, err error) (*solver.Explanation, error) {
	switch {
	case err != nil:
		return nil, err
	case v == optimal:
		return &solver.Explanation{Status: solver.Feasible}, nil
	}
	return &solver.Explanation{Status: solver.Unknown}, nil
}

// test solves the model restricted to the groups set (indexes into
// e.groups) for feasibility. A solution is checked against the restricted
// model and returned.
func (e *explainer) test(set []int) (verdict, encode.Assignment, error) {
	keep := make(map[string]bool, len(set))
	for _, g := range set {
		keep[e.groups[g]] = true
	}
	sub := e.s.m.Restrict(func(g string) bool { return keep[g] })
	p, err := translate(sub)
	if err != nil {
		return unproven, nil, err
	}
	o, err := e.s.run(e.ctx, p, nil, encode.Minimize, nil)
	if err != nil {
		return unproven, nil, err
	}
	switch {
	case o.verdict == infeasible:
		return infeasible, nil, nil
	case o.sol == nil:
		e.unknown = true
		return unproven, nil, nil
	}
	a := e.s.assignment(o.sol)
	if err := sub.Check(a); err != nil {
		return unproven, nil, &solver.IntegrityError{Backend: "cbc", What: "solution of a subset of the groups fails their Check", Err: err}
	}
	return optimal, a, nil
}

// quick is QuickXplain: given that background ∪ cands is infeasible, it
// returns a subset X of cands, minimal such that background ∪ X is
// infeasible. changed says background grew since the caller's last test.
// When a test is not proven it sets e.unknown and returns nil.
func (e *explainer) quick(background []int, changed bool, cands []int) ([]int, error) {
	if e.unknown {
		return nil, nil
	}
	if changed {
		v, _, err := e.test(background)
		if err != nil || e.unknown {
			return nil, err
		}
		if v == infeasible {
			return nil, nil
		}
	}
	if len(cands) == 1 {
		return cands, nil
	}
	c1, c2 := cands[:len(cands)/2], cands[len(cands)/2:]
	d2, err := e.quick(union(background, c1), true, c2)
	if err != nil {
		return nil, err
	}
	d1, err := e.quick(union(background, d2), len(d2) > 0, c1)
	if err != nil {
		return nil, err
	}
	return union(d1, d2), nil
}

func union(a, b []int) []int { return append(append([]int(nil), a...), b...) }

// Stats implements solver.Solver. Conflicts is -1 (a MIP has none);
// Variables and Clauses count the columns and rows of the translated
// model.
func (s *Solver) Stats() solver.Stats {
	return solver.Stats{
		SolveCalls: s.solveCalls,
		Conflicts:  -1,
		Variables:  len(s.base.cols),
		Clauses:    len(s.base.rows),
		Wall:       s.wall,
	}
}
