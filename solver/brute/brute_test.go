package brute_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/plancert/plancert/encode"
	"github.com/plancert/plancert/solver"
	"github.com/plancert/plancert/solver/brute"
)

// sum returns the terms 1·v for every v.
func sum(vs ...encode.Var) []encode.Term {
	ts := make([]encode.Term, len(vs))
	for i, v := range vs {
		ts[i] = encode.Term{Var: v, Coef: 1}
	}
	return ts
}

func lits(vs ...encode.Var) []encode.Lit {
	ls := make([]encode.Lit, len(vs))
	for i, v := range vs {
		ls[i] = v.Lit()
	}
	return ls
}

func load(t *testing.T, m *encode.Model) solver.Solver {
	t.Helper()
	s, err := brute.Backend{}.Load(m)
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	return s
}

func asg(vs ...int64) encode.Assignment { return encode.Assignment(vs) }

func asgs(as ...encode.Assignment) []encode.Assignment { return as }

// threeSum: x, y, z in [0, 2], x + y + z ≤ 4, maximize x + y + z. The
// optimum 4 is reached by the six permutations of (2, 2, 0) and (2, 1, 1);
// in order (x slowest): 022, 112, 121, 202, 211, 220.
func threeSum(answer ...int) *encode.Model {
	m := encode.NewModel()
	x, y, z := m.NewInt("x", 0, 2), m.NewInt("y", 0, 2), m.NewInt("z", 0, 2)
	m.AddLinear(sum(x, y, z), encode.LE, 4).Named("cap")
	m.Maximize(sum(x, y, z)...)
	if answer != nil {
		vs := []encode.Var{x, y, z}
		var ans []encode.Var
		for _, i := range answer {
			ans = append(ans, vs[i])
		}
		m.SetAnswer(ans...)
	}
	return m
}

// bestOfTwo: maximize 2x + y with x + y ≤ 4, x, y in [0, 3]: only (3, 1)
// reaches 7.
func bestOfTwo() *encode.Model {
	m := encode.NewModel()
	x, y := m.NewInt("x", 0, 3), m.NewInt("y", 0, 3)
	m.AddLinear(sum(x, y), encode.LE, 4)
	m.Maximize(encode.Term{Var: x, Coef: 2}, encode.Term{Var: y, Coef: 1})
	return m
}

// lexico: x, y in [0, 3], x + y ≤ 4; maximize x + y, then minimize y. The
// first level ties between (1, 3), (2, 2) and (3, 1); the second picks
// (3, 1), which is not the first of the three.
func lexico() *encode.Model {
	m := encode.NewModel()
	x, y := m.NewInt("x", 0, 3), m.NewInt("y", 0, 3)
	m.AddLinear(sum(x, y), encode.LE, 4)
	m.Maximize(sum(x, y)...)
	m.Minimize(sum(y)...)
	return m
}

// onlyIf: b bool, y in [0, 3]; y ≤ 1 unless b; maximize 2y - 3b. With
// b = 0 the best is y = 1 (2); with b = 1, y = 3 (3). Solutions: 2 with
// b = 0 and 4 with b = 1.
func onlyIf() *encode.Model {
	m := encode.NewModel()
	b, y := m.NewBool("b"), m.NewInt("y", 0, 3)
	m.AddLinear(sum(y), encode.LE, 1).OnlyIf(b.Not()).Named("cap_unless_b")
	m.Maximize(encode.Term{Var: y, Coef: 2}, encode.Term{Var: b, Coef: -3})
	return m
}

// noObjective: bools x, y with x + y = rhs.
func noObjective(rhs int64) *encode.Model {
	m := encode.NewModel()
	x, y := m.NewBool("x"), m.NewBool("y")
	m.AddLinear(sum(x, y), encode.EQ, rhs).Named("sum")
	return m
}

// pigeonhole: pigeons 3 into holes 2, p_i_h means pigeon i sits in hole h.
// Groups pigeon_0..2 (at least one hole each) and hole_0..1 (at most one
// pigeon each); every one of the five is needed.
func pigeonhole() *encode.Model {
	m := encode.NewModel()
	var p [3][2]encode.Var
	for i := range 3 {
		for h := range 2 {
			p[i][h] = m.NewBool(fmt.Sprintf("p_%d_%d", i, h))
		}
	}
	for i := range 3 {
		m.AddAtLeast(lits(p[i][0], p[i][1]), 1).Named(fmt.Sprintf("pigeon_%d", i))
	}
	for h := range 2 {
		m.AddAtMost(lits(p[0][h], p[1][h], p[2][h]), 1).Named(fmt.Sprintf("hole_%d", h))
	}
	return m
}

// irrelevant: x in [0, 5], y in [0, 3]; "spare" (y ≤ 1) comes first and
// plays no part; "low" x ≥ 4 and "high" x ≤ 2 clash.
func irrelevant() *encode.Model {
	m := encode.NewModel()
	x, y := m.NewInt("x", 0, 5), m.NewInt("y", 0, 3)
	m.AddLinear(sum(y), encode.LE, 1).Named("spare")
	m.AddLinear(sum(x), encode.GE, 4).Named("low")
	m.AddLinear(sum(x), encode.LE, 2).Named("high")
	return m
}

// deletionOrder: a: x ≥ 4, b: x ≤ 2, c: x ≤ 1. Deletion in order keeps a
// ({b, c} is feasible), drops b ({a, c} is infeasible) and keeps c ({a} is
// feasible): the core is [a c] although [a b] is minimal too.
func deletionOrder() *encode.Model {
	m := encode.NewModel()
	x := m.NewInt("x", 0, 5)
	m.AddLinear(sum(x), encode.GE, 4).Named("a")
	m.AddLinear(sum(x), encode.LE, 2).Named("b")
	m.AddLinear(sum(x), encode.LE, 1).Named("c")
	return m
}

// grouped: the clashing pair shares the group "bounds"; "other" (y = 1)
// is not needed. The core is [bounds] and its witness satisfies nothing,
// so it is the first assignment, (0, 0).
func grouped() *encode.Model {
	m := encode.NewModel()
	x, y := m.NewInt("x", 0, 5), m.NewInt("y", 0, 3)
	m.AddLinear(sum(y), encode.EQ, 1).Named("other")
	m.AddLinear(sum(x), encode.GE, 4).Named("low").InGroup("bounds")
	m.AddLinear(sum(x), encode.LE, 2).Named("high").InGroup("bounds")
	return m
}

// circuit returns the complete digraph on n nodes under a circuit
// constraint; its solutions are the (n-1)! directed Hamiltonian cycles.
func circuit(n int) *encode.Model {
	m := encode.NewModel()
	var arcs []encode.Arc
	for i := range n {
		for j := range n {
			if i != j {
				arcs = append(arcs, encode.Arc{From: i, To: j, Lit: m.NewBool(fmt.Sprintf("a_%d_%d", i, j)).Lit()})
			}
		}
	}
	m.AddCircuit(arcs...).Named("tour")
	return m
}

func TestOptimize(t *testing.T) {
	for _, tc := range []struct {
		name   string
		m      *encode.Model
		status solver.Status
		obj    []int64
		sol    encode.Assignment
	}{
		{"three_sum", threeSum(), solver.Optimal, []int64{4}, asg(0, 2, 2)},
		{"best_of_two", bestOfTwo(), solver.Optimal, []int64{7}, asg(3, 1)},
		{"lexicographic", lexico(), solver.Optimal, []int64{4, 1}, asg(3, 1)},
		{"only_if", onlyIf(), solver.Optimal, []int64{3}, asg(1, 3)},
		{"no_objective_one", noObjective(2), solver.Feasible, []int64{}, asg(1, 1)},
		{"no_objective_two", noObjective(1), solver.Feasible, []int64{}, asg(0, 1)},
		{"no_objective_none", noObjective(3), solver.Infeasible, nil, nil},
		{"pigeonhole", pigeonhole(), solver.Infeasible, nil, nil},
		{"circuit_3", circuit(3), solver.Feasible, []int64{}, asg(0, 1, 1, 0, 0, 1)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := load(t, tc.m).Optimize(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if r.Status != tc.status || !slices.Equal(r.Objective, tc.obj) || !slices.Equal(r.Solution, tc.sol) {
				t.Errorf("got %v %v %v, want %v %v %v", r.Status, r.Objective, r.Solution, tc.status, tc.obj, tc.sol)
			}
			if tc.sol != nil && (r.Objective == nil || tc.m.Check(r.Solution) != nil) {
				t.Errorf("solution %v: objective %v, Check %v", r.Solution, r.Objective, tc.m.Check(r.Solution))
			}
		})
	}
}

func TestUnique(t *testing.T) {
	for _, tc := range []struct {
		name    string
		m       *encode.Model
		unique  bool
		witness encode.Assignment
	}{
		{"three_sum", threeSum(), false, asg(1, 1, 2)},
		{"three_sum_answer_x", threeSum(0), false, asg(1, 1, 2)},
		// With answer z every optimum with z = 2 is the same plan; the
		// first optimum with z ≠ 2 is (1, 2, 1).
		{"three_sum_answer_z", threeSum(2), false, asg(1, 2, 1)},
		{"best_of_two", bestOfTwo(), true, nil},
		{"lexicographic", lexico(), true, nil},
		{"only_if", onlyIf(), true, nil},
		{"no_objective_one", noObjective(2), true, nil},
		{"no_objective_two", noObjective(1), false, asg(1, 0)},
		{"circuit_3", circuit(3), false, asg(1, 0, 0, 1, 1, 0)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			s := load(t, tc.m)
			r, err := s.Optimize(ctx)
			if err != nil {
				t.Fatal(err)
			}
			u, err := s.Unique(ctx, r)
			if err != nil {
				t.Fatal(err)
			}
			if !u.Proven || u.Unique != tc.unique || !slices.Equal(u.Witness, tc.witness) {
				t.Errorf("got proven %v unique %v witness %v, want unique %v witness %v", u.Proven, u.Unique, u.Witness, tc.unique, tc.witness)
			}
			// A fresh solver answers without the cached walk, by its
			// own walk; the answer must be the same.
			u2, err := load(t, tc.m).Unique(ctx, r)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(u, u2) {
				t.Errorf("uncached Unique gave %+v, cached %+v", u2, u)
			}
		})
	}
}

// TestUniqueOtherResult asks Unique about a result that is not the first
// optimum: the witness is then the first optimum itself.
func TestUniqueOtherResult(t *testing.T) {
	ctx := context.Background()
	s := load(t, threeSum())
	if _, err := s.Optimize(ctx); err != nil {
		t.Fatal(err)
	}
	u, err := s.Unique(ctx, &solver.Result{Status: solver.Optimal, Objective: []int64{4}, Solution: asg(2, 2, 0)})
	if err != nil {
		t.Fatal(err)
	}
	if !u.Proven || u.Unique || !slices.Equal(u.Witness, asg(0, 2, 2)) {
		t.Errorf("got %+v, want witness [0 2 2]", u)
	}
	// A non-optimal objective vector takes a walk of its own: sum 3 is
	// reached first by (0, 1, 2).
	u, err = s.Unique(ctx, &solver.Result{Status: solver.Feasible, Objective: []int64{3}, Solution: asg(1, 1, 1)})
	if err != nil {
		t.Fatal(err)
	}
	if !u.Proven || u.Unique || !slices.Equal(u.Witness, asg(0, 1, 2)) {
		t.Errorf("got %+v, want witness [0 1 2]", u)
	}
	if _, err := s.Unique(ctx, &solver.Result{}); err == nil {
		t.Error("Unique without a solution: no error")
	}
}

func TestEnumerate(t *testing.T) {
	for _, tc := range []struct {
		name     string
		m        *encode.Model
		limit    int
		status   solver.Status
		sols     []encode.Assignment
		complete bool
	}{
		{"three_sum_all", threeSum(), 10, solver.Optimal, asgs(asg(0, 2, 2), asg(1, 1, 2), asg(1, 2, 1), asg(2, 0, 2), asg(2, 1, 1), asg(2, 2, 0)), true},
		{"three_sum_exact", threeSum(), 6, solver.Optimal, asgs(asg(0, 2, 2), asg(1, 1, 2), asg(1, 2, 1), asg(2, 0, 2), asg(2, 1, 1), asg(2, 2, 0)), true},
		{"three_sum_three", threeSum(), 3, solver.Optimal, asgs(asg(0, 2, 2), asg(1, 1, 2), asg(1, 2, 1)), false},
		{"three_sum_answer_x", threeSum(0), 5, solver.Optimal, asgs(asg(0, 2, 2), asg(1, 1, 2), asg(2, 0, 2)), true},
		{"best_of_two", bestOfTwo(), 5, solver.Optimal, asgs(asg(3, 1)), true},
		{"no_objective_two", noObjective(1), 5, solver.Feasible, asgs(asg(0, 1), asg(1, 0)), true},
		{"no_objective_two_limit_1", noObjective(1), 1, solver.Feasible, asgs(asg(0, 1)), false},
		{"infeasible", noObjective(3), 5, solver.Infeasible, nil, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e, err := load(t, tc.m).Enumerate(context.Background(), tc.limit)
			if err != nil {
				t.Fatal(err)
			}
			if e.Status != tc.status || !reflect.DeepEqual(e.Solutions, tc.sols) || e.Complete != tc.complete {
				t.Errorf("got %v %v complete %v, want %v %v complete %v", e.Status, e.Solutions, e.Complete, tc.status, tc.sols, tc.complete)
			}
		})
	}
}

// TestEnumerateCache checks that answers do not depend on which calls came
// before: Optimize keeps two projections, so a larger Enumerate walks
// again, and a smaller one afterwards reuses the larger walk.
func TestEnumerateCache(t *testing.T) {
	ctx := context.Background()
	s := load(t, threeSum())
	r, err := s.Optimize(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, limit := range []int{1, 2, 6, 3, 1, 10} {
		e, err := s.Enumerate(ctx, limit)
		if err != nil {
			t.Fatal(err)
		}
		if n := min(limit, 6); len(e.Solutions) != n || e.Complete != (limit >= 6) || !slices.Equal(e.Solutions[0], r.Solution) {
			t.Errorf("limit %d: got %v complete %v", limit, e.Solutions, e.Complete)
		}
		// The caller owns what it gets.
		e.Solutions[0][0] = 99
	}
	if got := s.Stats().SolveCalls; got != 2 {
		t.Errorf("SolveCalls = %d, want 2 (Optimize, then Enumerate(6))", got)
	}
	if _, err := s.Enumerate(ctx, 0); err == nil {
		t.Error("Enumerate(0): no error")
	}
}

func TestExplain(t *testing.T) {
	for _, tc := range []struct {
		name      string
		m         *encode.Model
		status    solver.Status
		core      []string
		witnesses []encode.Assignment // nil: not checked
	}{
		{"pigeonhole", pigeonhole(), solver.Infeasible, []string{"pigeon_0", "pigeon_1", "pigeon_2", "hole_0", "hole_1"}, nil},
		{"irrelevant", irrelevant(), solver.Infeasible, []string{"low", "high"}, asgs(asg(0, 0), asg(4, 0))},
		{"deletion_order", deletionOrder(), solver.Infeasible, []string{"a", "c"}, asgs(asg(0), asg(4))},
		{"grouped", grouped(), solver.Infeasible, []string{"bounds"}, asgs(asg(0, 0))},
		{"no_objective_none", noObjective(3), solver.Infeasible, []string{"sum"}, asgs(asg(0, 0))},
		{"feasible", threeSum(), solver.Feasible, nil, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			e, err := load(t, tc.m).Explain(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if e.Status != tc.status || !slices.Equal(e.Core, tc.core) {
				t.Fatalf("got %v core %v, want %v core %v", e.Status, e.Core, tc.status, tc.core)
			}
			if tc.witnesses != nil && !reflect.DeepEqual(e.Witnesses, tc.witnesses) {
				t.Errorf("witnesses %v, want %v", e.Witnesses, tc.witnesses)
			}
			if e.Status != solver.Infeasible {
				return
			}
			if err := solver.CheckCore(tc.m, e.Core, e.Witnesses); err != nil {
				t.Error(err)
			}
			checkCoreMinimal(t, tc.m, e.Core)
		})
	}
}

// checkCoreMinimal re-proves with Feasible that core is infeasible and that
// each of its members is needed.
func checkCoreMinimal(t *testing.T, m *encode.Model, core []string) {
	t.Helper()
	ctx := context.Background()
	in := map[string]bool{}
	for _, g := range core {
		in[g] = true
	}
	if a, ok, err := brute.Feasible(ctx, m, in); err != nil || ok {
		t.Errorf("core %v: Feasible = %v, %v, %v; want infeasible", core, a, ok, err)
	}
	for _, g := range core {
		in[g] = false
		a, ok, err := brute.Feasible(ctx, m, in)
		if err != nil || !ok {
			t.Errorf("core %v without %s: Feasible = %v, %v; want feasible", core, g, ok, err)
		}
		for _, c := range m.Constraints {
			if in[c.Group] && !m.Holds(c, a) {
				t.Errorf("core %v without %s: %v breaks %s", core, g, a, c.Name)
			}
		}
		in[g] = true
	}
}

func TestFeasible(t *testing.T) {
	ctx := context.Background()
	m := irrelevant()
	for _, tc := range []struct {
		groups map[string]bool
		want   encode.Assignment
	}{
		{nil, nil},
		{map[string]bool{}, asg(0, 0)},
		{map[string]bool{"spare": true, "low": true}, asg(4, 0)},
		{map[string]bool{"low": true, "high": false}, asg(4, 0)},
		{map[string]bool{"high": true, "spare": true}, asg(0, 0)},
		{map[string]bool{"low": true, "high": true}, nil},
	} {
		a, ok, err := brute.Feasible(ctx, m, tc.groups)
		if err != nil || ok != (tc.want != nil) || !slices.Equal(a, tc.want) {
			t.Errorf("groups %v: got %v %v %v, want %v", tc.groups, a, ok, err, tc.want)
		}
	}
}

func TestCountSolutions(t *testing.T) {
	for _, tc := range []struct {
		name string
		m    *encode.Model
		want int64
	}{
		{"circuit_2", circuit(2), 1},
		{"circuit_3", circuit(3), 2},
		{"circuit_4", circuit(4), 6},  // 3! directed Hamiltonian cycles of K4
		{"three_sum", threeSum(), 23}, // 27 minus (2,2,1)×3 and (2,2,2)
		{"only_if", onlyIf(), 6},
		{"no_objective_one", noObjective(2), 1},
		{"no_objective_two", noObjective(1), 2},
		{"pigeonhole", pigeonhole(), 0},
		{"empty", encode.NewModel(), 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := brute.CountSolutions(tc.m)
			if err != nil || got != tc.want {
				t.Errorf("got %d, %v; want %d", got, err, tc.want)
			}
			if naive := naiveCount(tc.m); naive != tc.want {
				t.Errorf("the naive count is %d", naive)
			}
		})
	}
}

// TestCertify runs the real certification pipeline on the brute backend.
func TestCertify(t *testing.T) {
	for _, tc := range []struct {
		name   string
		m      *encode.Model
		status solver.Status
		unique *bool
		core   []string
	}{
		{"three_sum", threeSum(), solver.Optimal, ptr(false), nil},
		{"best_of_two", bestOfTwo(), solver.Optimal, ptr(true), nil},
		{"lexicographic", lexico(), solver.Optimal, ptr(true), nil},
		{"only_if", onlyIf(), solver.Optimal, ptr(true), nil},
		{"no_objective_one", noObjective(2), solver.Feasible, ptr(true), nil},
		{"no_objective_two", noObjective(1), solver.Feasible, ptr(false), nil},
		{"circuit_4", circuit(4), solver.Feasible, ptr(false), nil},
		{"pigeonhole", pigeonhole(), solver.Infeasible, nil, []string{"pigeon_0", "pigeon_1", "pigeon_2", "hole_0", "hole_1"}},
		{"irrelevant", irrelevant(), solver.Infeasible, nil, []string{"low", "high"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := solver.Certify(context.Background(), brute.Backend{}, tc.m)
			if err != nil {
				t.Fatal(err)
			}
			if !c.Proven(tc.m) || c.Status != tc.status || !reflect.DeepEqual(c.Unique, tc.unique) || !slices.Equal(c.Core, tc.core) {
				t.Errorf("got proven %v status %v unique %v core %v", c.Proven(tc.m), c.Status, c.Unique, c.Core)
			}
			if c.Stats.SolveCalls < 1 || c.Stats.Conflicts != -1 || c.Stats.Variables != len(tc.m.Vars) || c.Stats.Clauses != 0 {
				t.Errorf("stats %+v", c.Stats)
			}
		})
	}
}

func ptr[T any](v T) *T { return &v }

func TestCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	s := load(t, threeSum())
	if r, err := s.Optimize(ctx); err != nil || r.Status != solver.Unknown || r.Solution != nil {
		t.Errorf("Optimize: %+v, %v", r, err)
	}
	r := &solver.Result{Status: solver.Optimal, Objective: []int64{4}, Solution: asg(0, 2, 2)}
	if u, err := s.Unique(ctx, r); err != nil || u.Proven {
		t.Errorf("Unique: %+v, %v", u, err)
	}
	if e, err := s.Enumerate(ctx, 3); err != nil || e.Status != solver.Unknown || e.Complete || e.Solutions != nil {
		t.Errorf("Enumerate: %+v, %v", e, err)
	}
	if e, err := load(t, pigeonhole()).Explain(ctx); err != nil || e.Status != solver.Unknown || e.Core != nil {
		t.Errorf("Explain: %+v, %v", e, err)
	}
	if _, _, err := brute.Feasible(ctx, threeSum(), nil); err != context.Canceled {
		t.Errorf("Feasible: err %v, want context.Canceled", err)
	}
	// Even with the answer cached, a done context gives no proof.
	s = load(t, threeSum())
	if _, err := s.Optimize(context.Background()); err != nil {
		t.Fatal(err)
	}
	if r, err := s.Optimize(ctx); err != nil || r.Status != solver.Unknown {
		t.Errorf("cached Optimize: %+v, %v", r, err)
	}
}

// countdownCtx is a context that turns cancelled after its Err has been
// asked n times, so a walk can be cut at a chosen point.
type countdownCtx struct {
	context.Context
	n int
}

func (c *countdownCtx) Err() error {
	if c.n <= 0 {
		return context.Canceled
	}
	c.n--
	return nil
}

// TestCancelledDuringWalk cuts a long walk: 9 pigeons into 2 holes is
// infeasible, but the hole constraints are only decided once the last
// variables are fixed, so the walk takes tens of thousands of steps and
// must look at the context on the way.
func TestCancelledDuringWalk(t *testing.T) {
	m := encode.NewModel()
	var hole [2][]encode.Lit
	for i := range 9 {
		var ls []encode.Lit
		for h := range 2 {
			l := m.NewBool(fmt.Sprintf("p_%d_%d", i, h)).Lit()
			ls = append(ls, l)
			hole[h] = append(hole[h], l)
		}
		m.AddAtLeast(ls, 1).Named(fmt.Sprintf("pigeon_%d", i))
	}
	m.AddAtMost(hole[0], 1).Named("hole_0")
	m.AddAtMost(hole[1], 1).Named("hole_1")

	// Err is asked by Optimize and at the start of the walk; the third
	// time, 4096 steps in, the context is done.
	r, err := load(t, m).Optimize(&countdownCtx{context.Background(), 2})
	if err != nil || r.Status != solver.Unknown {
		t.Errorf("cut Optimize: %+v, %v", r, err)
	}
	e, err := load(t, m).Explain(&countdownCtx{context.Background(), 2})
	if err != nil || e.Status != solver.Unknown {
		t.Errorf("cut Explain: %+v, %v", e, err)
	}
	r, err = load(t, m).Optimize(context.Background())
	if err != nil || r.Status != solver.Infeasible {
		t.Errorf("Optimize: %+v, %v", r, err)
	}
}

func TestLoadLimit(t *testing.T) {
	bools := func(n int) *encode.Model {
		m := encode.NewModel()
		for i := range n {
			m.NewBool(fmt.Sprintf("b%d", i))
		}
		return m
	}
	huge := encode.NewModel()
	for i := range 10 {
		huge.NewInt(fmt.Sprintf("x%d", i), 0, encode.MaxDomain-1)
	}
	for _, tc := range []struct {
		name  string
		b     brute.Backend
		m     *encode.Model
		error string // "" for success
	}{
		{"default_ok", brute.Backend{}, bools(20), ""},
		{"default_too_big", brute.Backend{}, bools(30), "brute: model has 1073741824 assignments, more than the limit 2000000"},
		{"custom_ok", brute.Backend{Limit: 4}, bools(2), ""},
		{"custom_too_big", brute.Backend{Limit: 3}, bools(2), "brute: model has 4 assignments, more than the limit 3"},
		{"ints", brute.Backend{Limit: 11}, threeSum(), "brute: model has 27 assignments, more than the limit 11"},
		{"overflow", brute.Backend{}, huge, "brute: model has 1606938044258990275541962092341162602522202993782792835301376 assignments, more than the limit 2000000"},
		{"negative", brute.Backend{Limit: -1}, bools(1), "brute: negative limit -1"},
		{"invalid", brute.Backend{}, invalid(), "encode: variable \"x\": empty domain [1, 0]"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := tc.b.Load(tc.m)
			switch {
			case tc.error == "" && err != nil:
				t.Errorf("Load: %v", err)
			case tc.error != "" && (err == nil || err.Error() != tc.error):
				t.Errorf("Load: error %v, want %q", err, tc.error)
			}
		})
	}
	if _, err := brute.CountSolutions(bools(30)); err == nil || !strings.Contains(err.Error(), "more than the limit") {
		t.Errorf("CountSolutions: %v", err)
	}
}

func invalid() *encode.Model {
	m := encode.NewModel()
	m.NewInt("x", 1, 0)
	return m
}

func TestStats(t *testing.T) {
	ctx := context.Background()
	s := load(t, pigeonhole())
	if st := s.Stats(); st.SolveCalls != 0 || st.Conflicts != -1 || st.Variables != 6 || st.Clauses != 0 {
		t.Errorf("fresh: %+v", st)
	}
	if _, err := s.Optimize(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Explain(ctx); err != nil {
		t.Fatal(err)
	}
	// One optimizing walk, then one walk per group; Explain reuses
	// Optimize's verdict and a second Explain reuses the first.
	if _, err := s.Explain(ctx); err != nil {
		t.Fatal(err)
	}
	if got := s.Stats().SolveCalls; got != 1+5 {
		t.Errorf("SolveCalls = %d, want 6", got)
	}
}

// TestConstraintFields guards lastVar: if encode.Constraint grows a field
// that can hold a variable, the walk must learn about it.
func TestConstraintFields(t *testing.T) {
	known := map[string]bool{"Enforce": true, "Terms": true, "Lits": true, "Vars": true, "Intervals": true, "Arcs": true, "Index": true, "Target": true}
	varType := reflect.TypeFor[encode.Var]()
	var mentions func(reflect.Type, map[reflect.Type]bool) bool
	mentions = func(ty reflect.Type, seen map[reflect.Type]bool) bool {
		if ty == varType {
			return true
		}
		if seen[ty] {
			return false
		}
		seen[ty] = true
		switch ty.Kind() {
		case reflect.Slice, reflect.Array, reflect.Pointer:
			return mentions(ty.Elem(), seen)
		case reflect.Map:
			return mentions(ty.Key(), seen) || mentions(ty.Elem(), seen)
		case reflect.Struct:
			for i := range ty.NumField() {
				if mentions(ty.Field(i).Type, seen) {
					return true
				}
			}
		}
		return false
	}
	ct := reflect.TypeFor[encode.Constraint]()
	for i := range ct.NumField() {
		f := ct.Field(i)
		if mentions(f.Type, map[reflect.Type]bool{}) && !known[f.Name] {
			t.Errorf("encode.Constraint.%s holds variables; teach lastVar in brute.go about it", f.Name)
		}
	}
}

// naiveAll calls f on every assignment of m that Check accepts, as a
// mixed-radix counter with the last variable fastest: the definition the
// pruned walk must agree with.
func naiveAll(m *encode.Model, f func(encode.Assignment)) {
	a := make(encode.Assignment, len(m.Vars))
	for i, vi := range m.Vars {
		a[i] = vi.Lo
	}
	for {
		if m.Check(a) == nil {
			f(slices.Clone(a))
		}
		i := len(a) - 1
		for ; i >= 0 && a[i] == m.Vars[i].Hi; i-- {
			a[i] = m.Vars[i].Lo
		}
		if i < 0 {
			return
		}
		a[i]++
	}
}

func naiveCount(m *encode.Model) int64 {
	var n int64
	naiveAll(m, func(encode.Assignment) { n++ })
	return n
}

// TestAgainstNaive compares the pruned walk with checking every assignment
// on random small models using every constraint kind and enforcement
// literals.
func TestAgainstNaive(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for iter := range 300 {
		m := randomModel(rng)
		if err := m.Validate(); err != nil {
			t.Fatalf("model %d: %v", iter, err)
		}
		var all []encode.Assignment
		naiveAll(m, func(a encode.Assignment) { all = append(all, a) })

		n, err := brute.CountSolutions(m)
		if err != nil || n != int64(len(all)) {
			t.Fatalf("model %d: CountSolutions = %d, %v; naive %d", iter, n, err, len(all))
		}
		first, ok, err := brute.Feasible(context.Background(), m, nil)
		if err != nil || ok != (len(all) > 0) || (ok && !slices.Equal(first, all[0])) {
			t.Fatalf("model %d: Feasible = %v %v %v; naive first of %d", iter, first, ok, err, len(all))
		}

		ctx := context.Background()
		s := load(t, m)
		r, err := s.Optimize(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if len(all) == 0 {
			if r.Status != solver.Infeasible {
				t.Fatalf("model %d: status %v, naive infeasible", iter, r.Status)
			}
			e, err := s.Explain(ctx)
			if err != nil || e.Status != solver.Infeasible {
				t.Fatalf("model %d: Explain %+v, %v", iter, e, err)
			}
			if err := solver.CheckCore(m, e.Core, e.Witnesses); err != nil {
				t.Fatalf("model %d: %v", iter, err)
			}
			checkCoreMinimal(t, m, e.Core)
			continue
		}
		var best encode.Assignment
		var opt []encode.Assignment // first of each projection among the optima
		for _, a := range all {
			switch {
			case best == nil || m.Better(m.ObjectiveValues(a), m.ObjectiveValues(best)):
				best, opt = a, []encode.Assignment{a}
			case slices.Equal(m.ObjectiveValues(a), m.ObjectiveValues(best)):
				if !slices.ContainsFunc(opt, func(b encode.Assignment) bool { return m.SameAnswer(a, b) }) {
					opt = append(opt, a)
				}
			}
		}
		if !slices.Equal(r.Solution, best) || !slices.Equal(r.Objective, m.ObjectiveValues(best)) {
			t.Fatalf("model %d: Optimize %v %v, naive %v", iter, r.Solution, r.Objective, best)
		}
		u, err := s.Unique(ctx, r)
		if err != nil || !u.Proven || u.Unique != (len(opt) == 1) || (len(opt) > 1 && !slices.Equal(u.Witness, opt[1])) {
			t.Fatalf("model %d: Unique %+v %v, naive optima %v", iter, u, err, opt)
		}
		for _, limit := range []int{1, (len(opt) + 1) / 2, len(opt), len(all) + 1} {
			e, err := s.Enumerate(ctx, limit)
			n := min(limit, len(opt))
			if err != nil || e.Complete != (limit >= len(opt)) || !reflect.DeepEqual(e.Solutions, opt[:n]) {
				t.Fatalf("model %d: Enumerate(%d) %+v %v, naive %v", iter, limit, e, err, opt)
			}
		}
	}
}

// randomModel returns a model of 3 to 6 variables and 1 to 4 constraints
// of random kinds, with an objective and an answer projection half the
// time.
func randomModel(rng *rand.Rand) *encode.Model {
	m := encode.NewModel()
	var bools, ints, all []encode.Var
	for i := range 3 + rng.IntN(4) {
		var v encode.Var
		if rng.IntN(2) == 0 {
			v = m.NewBool(fmt.Sprintf("b%d", i))
			bools = append(bools, v)
		} else {
			v = m.NewInt(fmt.Sprintf("x%d", i), int64(rng.IntN(3)-1), int64(rng.IntN(3)+1))
			ints = append(ints, v)
		}
		all = append(all, v)
	}
	for i := 0; len(bools) < 2; i++ {
		b := m.NewBool(fmt.Sprintf("bx%d", i))
		bools, all = append(bools, b), append(all, b)
	}
	for i := 0; len(ints) < 2; i++ {
		x := m.NewInt(fmt.Sprintf("xx%d", i), 0, 2)
		ints, all = append(ints, x), append(all, x)
	}
	pick := func(vs []encode.Var, n int) []encode.Var {
		p := slices.Clone(vs)
		rng.Shuffle(len(p), func(i, j int) { p[i], p[j] = p[j], p[i] })
		return p[:min(n, len(p))]
	}
	lit := func() encode.Lit {
		l := pick(bools, 1)[0].Lit()
		if rng.IntN(2) == 0 {
			l = l.Not()
		}
		return l
	}
	for range 1 + rng.IntN(4) {
		var c *encode.Constraint
		switch rng.IntN(10) {
		case 0:
			var ts []encode.Term
			for _, v := range pick(all, 1+rng.IntN(3)) {
				ts = append(ts, encode.Term{Var: v, Coef: int64(rng.IntN(5) - 2)})
			}
			c = m.AddLinear(ts, encode.Op(rng.IntN(3)), int64(rng.IntN(5)-1))
		case 1, 2, 3:
			var ls []encode.Lit
			for range 2 + rng.IntN(3) {
				ls = append(ls, lit())
			}
			k := rng.IntN(3)
			switch rng.IntN(3) {
			case 0:
				c = m.AddAtMost(ls, k)
			case 1:
				c = m.AddAtLeast(ls, k)
			default:
				c = m.AddExactly(ls, k)
			}
		case 4:
			c = m.AddAllDifferent(pick(ints, 2+rng.IntN(2))...)
		case 5:
			var ivs []encode.Interval
			for _, v := range pick(ints, 2+rng.IntN(2)) {
				iv := encode.Interval{Start: v, Duration: int64(rng.IntN(3))}
				if rng.IntN(2) == 0 {
					l := lit()
					iv.Present = &l
				}
				ivs = append(ivs, iv)
			}
			c = m.AddNoOverlap(ivs...)
		case 6:
			ls := pick(bools, 3)
			arcs := []encode.Arc{{From: 0, To: 1, Lit: ls[0].Lit()}, {From: 1, To: 0, Lit: ls[1].Lit()}}
			if len(ls) > 2 {
				arcs = append(arcs, encode.Arc{From: 1, To: 2, Lit: ls[2].Lit()}, encode.Arc{From: 2, To: 0, Lit: ls[2].Lit()})
			}
			c = m.AddCircuit(arcs...)
		case 7:
			p := pick(ints, 2)
			var arr []int64
			for range 1 + rng.IntN(4) {
				arr = append(arr, int64(rng.IntN(4)-1))
			}
			c = m.AddElement(p[0], arr, p[1])
		case 8:
			vs := pick(all, 2)
			var tuples [][]int64
			for range rng.IntN(5) {
				tuples = append(tuples, []int64{int64(rng.IntN(4) - 1), int64(rng.IntN(3))})
			}
			c = m.AddTable(vs, tuples)
		case 9:
			p := pick(ints, 2+rng.IntN(2))
			c = m.AddMax(p[0], p[1:]...)
		}
		if rng.IntN(3) == 0 {
			c.OnlyIf(lit())
		}
		if rng.IntN(4) == 0 {
			c.InGroup("shared")
		}
	}
	for range rng.IntN(3) {
		var ts []encode.Term
		for _, v := range pick(all, 1+rng.IntN(3)) {
			ts = append(ts, encode.Term{Var: v, Coef: int64(rng.IntN(5) - 2)})
		}
		if rng.IntN(2) == 0 {
			m.Minimize(ts...)
		} else {
			m.Maximize(ts...)
		}
	}
	if rng.IntN(2) == 0 {
		m.SetAnswer(pick(all, 1+rng.IntN(2))...)
	}
	return m
}
