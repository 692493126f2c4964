package nrp

import (
	"context"
	"fmt"
	"math"
	"time"

	"github.com/plancert/plancert/encode"
	"github.com/plancert/plancert/solver"
	"github.com/plancert/plancert/solver/sat"
)

// LagrangeOptions tunes SolveLagrange. The zero value is usable.
type LagrangeOptions struct {
	// K is the scale of the certificate's multipliers (default 1000): the
	// duals are rounded to integers after multiplying by K.
	K int64
	// MaxIterations caps the column generation rounds (default 2000).
	MaxIterations int
	// Log, when set, receives progress lines.
	Log func(format string, args ...any)
}

// LagrangeResult is the outcome of SolveLagrange.
type LagrangeResult struct {
	Instance string
	// Status is solver.Optimal when the roster's penalty equals the
	// certified bound, solver.Feasible when there is a roster but a gap,
	// solver.Unknown when there is no roster.
	Status solver.Status
	// Bound is the certified lower bound, Cert its certificate (checked by
	// LowerBound: every employee's minimum recomputed).
	Bound int64
	Cert  *Certificate
	// LP is the restricted master's last LP value (floating point, for
	// the record; not a proof) and LPConverged whether no column with a
	// negative reduced cost was left, i.e. LP is the column generation
	// bound.
	LP          float64
	LPConverged bool
	Iterations  int
	Columns     int
	// Roster, when HasRoster, is the best roster of the integer master
	// over the generated columns, re-scored by Evaluate (Score, Penalty).
	HasRoster bool
	Roster    Roster
	Score     Score
	Penalty   int64
	// MasterOptimal says the integer master was solved to optimality
	// over its columns (its optimum may still exceed the bound).
	MasterOptimal bool
	CGWall        time.Duration
	Wall          time.Duration
}

// column is one employee's schedule in the master.
type column struct {
	s    int
	row  []int
	cost int64 // the employee's request penalty
}

// cgState is the column pool of a column generation run.
type cgState struct {
	in       *Instance
	K        int64
	pr       []*Pricing
	coverRow map[[2]int]int // master row of a (day, shift) with a cover
	b        []float64      // master right-hand sides
	slack    []lpCol
	cols     []column
	seen     []map[string]bool
	// lp is the master over the pool, kept across runs so that every
	// simplex resumes from the last basis; lpOf[i] is pool column i's LP
	// column.
	lp   *masterLP
	lpOf []int
}

func newCGState(in *Instance, K int64) (*cgState, error) {
	S := len(in.Staff)
	g := &cgState{in: in, K: K, coverRow: map[[2]int]int{}, seen: make([]map[string]bool, S)}
	g.b = make([]float64, S)
	for s := range S {
		g.b[s] = 1
		g.seen[s] = map[string]bool{}
		p, err := NewPricing(in, s)
		if err != nil {
			return nil, err
		}
		g.pr = append(g.pr, p)
	}
	for _, c := range in.Cover {
		k := [2]int{c.Day, c.Shift}
		if _, dup := g.coverRow[k]; dup {
			return nil, fmt.Errorf("nrp: %s: two covers for day %d shift %s; the master LP needs one", in.Name, c.Day, in.Shifts[c.Shift].ID)
		}
		r := len(g.b)
		g.coverRow[k] = r
		g.b = append(g.b, float64(c.Requirement))
		g.slack = append(g.slack, lpCol{float64(c.Under), []int32{int32(r)}, []float64{1}}, lpCol{float64(c.Over), []int32{int32(r)}, []float64{-1}})
	}
	g.lp = newMasterLP(g.b)
	for _, c := range g.slack {
		g.lp.add(c)
	}
	return g, nil
}

// add puts employee s's schedule row in the pool unless it is there; it
// returns the column's index.
func (g *cgState) add(s int, row []int) (int, bool) {
	key := fmt.Sprint(row)
	if g.seen[s][key] {
		for i, c := range g.cols {
			if c.s == s && fmt.Sprint(c.row) == key {
				return i, false
			}
		}
	}
	g.seen[s][key] = true
	g.cols = append(g.cols, column{s, append([]int(nil), row...), g.pr[s].ScheduleCost(1, nil, row)})
	g.lpOf = append(g.lpOf, g.lp.add(g.lpCol(g.cols[len(g.cols)-1])))
	return len(g.cols) - 1, true
}

func (g *cgState) lpCol(c column) lpCol {
	l := lpCol{cost: float64(c.cost), rows: []int32{int32(c.s)}, coef: []float64{1}}
	for d, u := range c.row {
		if u == Off {
			continue
		}
		if r, ok := g.coverRow[[2]int{d, u}]; ok {
			l.rows = append(l.rows, int32(r))
			l.coef = append(l.coef, 1)
		}
	}
	return l
}

// cgRun is the outcome of one column generation run.
type cgRun struct {
	lp         float64
	lambda     map[int]float64 // pool column → LP value, nonzero ones
	converged  bool
	iterations int
	bestL      int64 // best exact Lagrangian value (only without fixing)
	bestMu     [][]int64
}

// run generates columns until no free employee has one of negative
// reduced cost, maxIter rounds, or ctx ends. fixed[s] ≥ 0 restricts
// employee s to that pool column (no pricing); the Lagrangian value is
// tracked only when nothing is fixed.
func (g *cgState) run(ctx context.Context, fixed []int, maxIter int, logf func(string, ...any)) (*cgRun, error) {
	in, K := g.in, g.K
	S, H, T := len(in.Staff), in.Horizon, len(in.Shifts)
	lp := g.lp
	anyFixed := false
	for i, c := range g.cols {
		if fixed[c.s] >= 0 {
			anyFixed = true
			if fixed[c.s] != i {
				// Banned: priced out of every basis.
				lp.cols[g.lpOf[i]].cost = bigM
			}
		}
	}
	mu := make([][]int64, H)
	for d := range mu {
		mu[d] = make([]int64, T)
	}
	out := &cgRun{bestL: math.MinInt64}
	for it := 0; it < maxIter && ctx.Err() == nil; it++ {
		out.iterations = it + 1
		obj, err := lp.solve()
		if err != nil {
			return nil, fmt.Errorf("nrp: %s: %w", in.Name, err)
		}
		out.lp = obj
		for k, r := range g.coverRow {
			mu[k[0]][k[1]] = int64(math.Round(-float64(K) * lp.y[r]))
		}
		var L int64
		added := 0
		for s := range S {
			if fixed[s] >= 0 {
				continue
			}
			v, row, _ := g.pr[s].Price(K, mu)
			L += v
			rc := float64(g.pr[s].ScheduleCost(1, nil, row)) - lp.y[s]
			for d, u := range row {
				if u != Off {
					if r, ok := g.coverRow[[2]int{d, u}]; ok {
						rc -= lp.y[r]
					}
				}
			}
			if rc < -1e-6 {
				if _, fresh := g.add(s, row); fresh {
					added++
				}
			}
		}
		if !anyFixed {
			L += coverTerm(in, K, mu)
			if L > out.bestL {
				out.bestL, out.bestMu = L, clone2(mu)
			}
		}
		if logf != nil && (it%10 == 0 || added == 0) {
			logf("round %d: LP %.4f, Lagrangian %.4f (best %.4f), %d columns added, %d in the pool", it, obj, float64(L)/float64(K), float64(out.bestL)/float64(K), added, len(g.cols))
		}
		if added == 0 {
			out.converged = true
			break
		}
	}
	out.lambda = map[int]float64{}
	pool := map[int]int{}
	for i, j := range g.lpOf {
		pool[j] = i
	}
	for i, j := range lp.basis {
		if p, ok := pool[j]; ok && lp.x[i] > 1e-9 {
			out.lambda[p] = lp.x[i]
		}
	}
	return out, nil
}

// dive fixes employees one at a time to the column with the largest LP
// value (every column at 1 at once), re-running column generation for
// the free ones after each fixing, until every employee has a column: a
// roster keeping every hard rule (each column does), returned with the
// pool column per employee. It returns nil when ctx ends first.
func (g *cgState) dive(ctx context.Context, maxIter int, logf func(string, ...any)) ([]int, error) {
	S := len(g.in.Staff)
	fixed := make([]int, S)
	for s := range fixed {
		fixed[s] = -1
	}
	for free := S; free > 0; {
		r, err := g.run(ctx, fixed, maxIter, logf)
		if err != nil {
			return nil, err
		}
		if ctx.Err() != nil {
			return nil, nil
		}
		best, bestV := -1, 0.0
		n := 0
		for p, v := range r.lambda {
			s := g.cols[p].s
			if fixed[s] >= 0 {
				continue
			}
			if v > 1-1e-6 {
				fixed[s] = p
				n++
				continue
			}
			if v > bestV || (v == bestV && p < best) {
				best, bestV = p, v
			}
		}
		if n == 0 {
			if best < 0 {
				return nil, fmt.Errorf("nrp: %s: dive found no column to fix", g.in.Name)
			}
			fixed[g.cols[best].s] = best
			n = 1
		}
		free -= n
		if logf != nil {
			logf("dive: LP %.4f after %d rounds, %d fixed, %d free, %d columns", r.lp, r.iterations, n, free, len(g.cols))
		}
	}
	return fixed, nil
}

// SolveLagrange bounds and solves in by column generation over
// per-employee schedules: a restricted master LP (one convexity row per
// employee, one cover row per day and shift type with under and over
// slack columns) whose duals π, rounded to μ = round(−K·π), are both the
// pricing weights (Pricing.Price, exact) and the multipliers of the
// Lagrangian bound, evaluated exactly at every round; the best
// certificate is kept and recomputed from scratch by LowerBound. Column
// generation stops when no employee has a column of negative reduced
// cost, at MaxIterations or when ctx ends. A roster then comes from a
// dive (fix the column of largest LP value, generate again, repeat), and
// an integer master over all generated columns (exactly one per
// employee, exact cover penalties) is minimized with the SAT backend for
// the time left, starting from the dive's penalty as the bar to beat.
// Every roster is re-scored by Evaluate. Cost: per round one pricing
// program per employee and a simplex over the pool; a dive is at most
// one column generation per employee.
func SolveLagrange(ctx context.Context, in *Instance, opt LagrangeOptions) (*LagrangeResult, error) {
	start := time.Now()
	K := opt.K
	if K == 0 {
		K = 1000
	}
	maxIter := opt.MaxIterations
	if maxIter == 0 {
		maxIter = 2000
	}
	S, H, T := len(in.Staff), in.Horizon, len(in.Shifts)
	res := &LagrangeResult{Instance: in.Name, Status: solver.Unknown}
	g, err := newCGState(in, K)
	if err != nil {
		return nil, err
	}
	zero := make([][]int64, H)
	for d := range H {
		zero[d] = make([]int64, T)
	}
	fixed := make([]int, S)
	for s := range S {
		fixed[s] = -1
		_, row, ok := g.pr[s].Price(1, zero)
		if !ok {
			return nil, fmt.Errorf("nrp: %s: employee %s has no schedule keeping the hard rules", in.Name, in.Staff[s].ID)
		}
		g.add(s, row)
	}
	root, err := g.run(ctx, fixed, maxIter, opt.Log)
	if err != nil {
		return nil, err
	}
	res.LP, res.LPConverged, res.Iterations = root.lp, root.converged, root.iterations
	res.CGWall = time.Since(start)
	if root.bestMu != nil {
		// Recompute the kept certificate from scratch, minima included.
		c, err := LowerBound(context.WithoutCancel(ctx), in, K, root.bestMu)
		if err != nil {
			return nil, err
		}
		if c.L != root.bestL {
			return nil, fmt.Errorf("nrp: %s: certificate recomputes to L %d, not %d", in.Name, c.L, root.bestL)
		}
		res.Cert, res.Bound = c, c.Bound
	}
	if pick, err := g.dive(ctx, maxIter, opt.Log); err != nil {
		return nil, err
	} else if pick != nil {
		ro := make(Roster, S)
		for s, p := range pick {
			ro[s] = append([]int(nil), g.cols[p].row...)
		}
		sc := Evaluate(in, ro)
		if !sc.Feasible() {
			return nil, &MismatchError{in.Name, -1, sc.Penalty(), sc.Violations}
		}
		res.HasRoster, res.Roster, res.Score, res.Penalty = true, ro, sc, int64(sc.Penalty())
		if opt.Log != nil {
			opt.Log("dive: roster of penalty %d, %d columns in the pool, %v", res.Penalty, len(g.cols), time.Since(start).Round(time.Millisecond))
		}
	}
	res.Columns = len(g.cols)
	if !(res.HasRoster && res.Cert != nil && res.Penalty == res.Bound) {
		if err := integerMaster(ctx, in, g.cols, res); err != nil {
			return nil, err
		}
	}
	if res.HasRoster && res.Cert != nil && res.Penalty == res.Bound {
		res.Status = solver.Optimal
	} else if res.HasRoster {
		res.Status = solver.Feasible
	}
	res.Wall = time.Since(start)
	return res, nil
}

func clone2(a [][]int64) [][]int64 {
	b := make([][]int64, len(a))
	for i := range a {
		b[i] = append([]int64(nil), a[i]...)
	}
	return b
}

// integerMaster picks one generated column per employee minimizing the
// columns' request penalties plus the exact cover penalties, with the SAT
// backend (core-guided) until ctx ends; the roster is re-scored by
// Evaluate and must keep every hard rule with the master's objective.
func integerMaster(ctx context.Context, in *Instance, cols []column, res *LagrangeResult) error {
	S := len(in.Staff)
	em := encode.NewModel()
	z := make([]encode.Var, len(cols))
	byStaff := make([][]encode.Lit, S)
	var obj []encode.Term
	works := map[[2]int][]encode.Term{}
	for i, c := range cols {
		z[i] = em.NewBool(fmt.Sprintf("col[%s,%d]", in.Staff[c.s].ID, i))
		byStaff[c.s] = append(byStaff[c.s], z[i].Lit())
		if c.cost > 0 {
			obj = append(obj, encode.Term{Var: z[i], Coef: c.cost})
		}
		for d, u := range c.row {
			if u != Off {
				k := [2]int{d, u}
				works[k] = append(works[k], encode.Term{Var: z[i], Coef: 1})
			}
		}
	}
	em.SetAnswer(z...)
	for s, ls := range byStaff {
		em.AddExactly(ls, 1).Named(fmt.Sprintf("%s: one schedule", in.Staff[s].ID))
	}
	n := int64(S)
	for _, c := range in.Cover {
		xs := works[[2]int{c.Day, c.Shift}]
		req := int64(c.Requirement)
		name := fmt.Sprintf("cover day %d %s", c.Day, in.Shifts[c.Shift].ID)
		if c.Under > 0 && req > 0 {
			u := em.NewInt("under "+name, 0, req)
			em.AddLinear(append(xs[:len(xs):len(xs)], encode.Term{Var: u, Coef: 1}), encode.GE, req).Named(name + " under")
			obj = append(obj, encode.Term{Var: u, Coef: int64(c.Under)})
		}
		if c.Over > 0 && n > req {
			o := em.NewInt("over "+name, 0, n-req)
			em.AddLinear(append(xs[:len(xs):len(xs)], encode.Term{Var: o, Coef: -1}), encode.LE, req).Named(name + " over")
			obj = append(obj, encode.Term{Var: o, Coef: int64(c.Over)})
		}
	}
	em.Minimize(obj...)
	ls, err := sat.Backend{CoreGuided: true}.Load(em)
	if err != nil {
		return fmt.Errorf("nrp: %s: integer master: %w", in.Name, err)
	}
	r, err := ls.(*sat.Solver).Optimize(ctx)
	if err != nil {
		return fmt.Errorf("nrp: %s: integer master: %w", in.Name, err)
	}
	if r.Status != solver.Optimal && r.Status != solver.Feasible {
		return nil
	}
	ro := make(Roster, S)
	for i, c := range cols {
		if r.Solution[z[i]] == 1 {
			ro[c.s] = append([]int(nil), c.row...)
		}
	}
	sc := Evaluate(in, ro)
	p := int64(sc.Penalty())
	if !sc.Feasible() || p > r.Objective[0] || (r.Status == solver.Optimal && p != r.Objective[0]) {
		return &MismatchError{in.Name, r.Objective[0], sc.Penalty(), sc.Violations}
	}
	res.MasterOptimal = r.Status == solver.Optimal
	if !res.HasRoster || p < res.Penalty {
		res.HasRoster, res.Roster, res.Score, res.Penalty = true, ro, sc, p
	}
	return nil
}
