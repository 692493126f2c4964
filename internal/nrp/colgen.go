package nrp

import (
	"context"
	"fmt"
	"math"
	"time"

	"github.com/plancert/plancert/solver"
)

// LagrangeOptions tunes SolveLagrange. The zero value is usable.
type LagrangeOptions struct {
	// K is the scale of the certificate's multipliers (default 1000): the
	// duals are rounded to integers after multiplying by K.
	K int64
	// MaxIterations caps the column generation rounds (default 2000).
	MaxIterations int
	// CoverFirst makes branch-and-price split on a fractional staff count
	// of a day and shift before splitting on one employee's shift: fewer
	// nodes on Instance1 (27 against 453), but Instance6 is proven in
	// 49 s without it and not in 5 minutes with it.
	CoverFirst bool
	// NoShortfallCut leaves out the shortfall cut: by default a first
	// column generation bounds the total shortfall U of every roster from
	// below (ShortfallInstance), and when that bound is fractional,
	// U ≥ ⌈bound⌉ joins the master and the certificate (Certificate.Short).
	// On Instance9 it lifts the root bound from 406 to the optimum.
	NoShortfallCut bool
	// BoundOnly stops after the root bound: no dive, no branch-and-price
	// (Status Unknown, no roster).
	BoundOnly bool
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
	// Nodes is the number of branch-and-price nodes (0 when the root
	// bound met the roster).
	Nodes  int
	CGWall time.Duration
	Wall   time.Duration
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
	lpOf []int // −1 when not in the current LP
	// ranges bound y[d][t] = Σ_s x[s][d][t] at the current
	// branch-and-price node (nil at the root); extra[(d,t)] lists the
	// LP rows stating them, in which x[s][d][t] has coefficient 1.
	ranges map[[2]int][2]int
	extra  map[[2]int][]int
	// short is the proven least total shortfall of every roster (0: no
	// cut); cutRow, when ≥ 0, is the master row Σ under − surplus = short
	// whose dual is the cut's multiplier.
	short  int64
	cutRow int
}

// newCGState makes the column pool and master of in under scale K, with
// the shortfall cut Σ under ≥ short when short > 0 (short must be
// proven).
func newCGState(in *Instance, K, short int64) (*cgState, error) {
	S := len(in.Staff)
	g := &cgState{in: in, K: K, coverRow: map[[2]int]int{}, seen: make([]map[string]bool, S), short: short, cutRow: -1}
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
	if short > 0 {
		g.cutRow = len(g.b)
		g.b = append(g.b, float64(short))
		for i := 0; i < len(g.slack); i += 2 { // the under columns
			g.slack[i].rows = append(g.slack[i].rows, int32(g.cutRow))
			g.slack[i].coef = append(g.slack[i].coef, 1)
		}
		g.slack = append(g.slack, lpCol{0, []int32{int32(g.cutRow)}, []float64{-1}})
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
		for _, r := range g.extra[[2]int{d, u}] {
			l.rows = append(l.rows, int32(r))
			l.coef = append(l.coef, 1)
		}
	}
	return l
}

// rebuild makes a fresh master LP for a branch-and-price node: the pool
// columns that keep the decisions ds, and one more row per bound of
// ranges (Σ x − surplus = lo, Σ x + slack = hi).
func (g *cgState) rebuild(ds []Decision, ranges map[[2]int][2]int) {
	S := len(g.in.Staff)
	b := append([]float64(nil), g.b...)
	slack := append([]lpCol(nil), g.slack...)
	g.ranges, g.extra = ranges, map[[2]int][]int{}
	for k, rg := range ranges {
		if rg[0] == rg[1] {
			// One equality row: two rows Σ x − surplus = lo and
			// Σ x + slack = hi would disagree by their perturbations
			// (newMasterLP), leaving an artificial in the basis.
			r := len(b)
			b = append(b, float64(rg[0]))
			g.extra[k] = append(g.extra[k], r)
			continue
		}
		if rg[0] > 0 {
			r := len(b)
			b = append(b, float64(rg[0]))
			slack = append(slack, lpCol{0, []int32{int32(r)}, []float64{-1}})
			g.extra[k] = append(g.extra[k], r)
		}
		if rg[1] < S {
			r := len(b)
			b = append(b, float64(rg[1]))
			slack = append(slack, lpCol{0, []int32{int32(r)}, []float64{1}})
			g.extra[k] = append(g.extra[k], r)
		}
	}
	g.lp = newMasterLP(b)
	for _, c := range slack {
		g.lp.add(c)
	}
	for i, c := range g.cols {
		g.lpOf[i] = -1
		if consistent(c.s, c.row, ds) {
			g.lpOf[i] = g.lp.add(g.lpCol(c))
		}
	}
}

// dual returns the sum of the LP duals of the rows where x[s][d][t]
// has coefficient 1, for any s.
func (g *cgState) dual(d, t int) float64 {
	var y float64
	if r, ok := g.coverRow[[2]int{d, t}]; ok {
		y += g.lp.y[r]
	}
	for _, r := range g.extra[[2]int{d, t}] {
		y += g.lp.y[r]
	}
	return y
}

// cgRun is the outcome of one column generation run.
type cgRun struct {
	lp         float64
	lambda     map[int]float64 // pool column → LP value, nonzero ones
	converged  bool
	iterations int
	bestL      int64 // best exact Lagrangian value (only without fixing)
	bestMu     [][]int64
	bestNu     int64 // the shortfall cut's multiplier at bestL
	infeasible bool  // a pricing program has no schedule
}

// run generates columns until no free employee has one of negative
// reduced cost, maxIter rounds, or ctx ends. fixed[s] ≥ 0 restricts
// employee s to that pool column (no pricing); the Lagrangian value is
// tracked only when nothing is fixed.
func (g *cgState) run(ctx context.Context, fixed []int, maxIter int, logf func(string, ...any)) (*cgRun, error) {
	return g.runWith(ctx, fixed, g.pr, 0, maxIter, logf)
}

// runWith is run with the pricing programs pr (restricted ones in
// branch-and-price) and a bar: generation stops as soon as the best
// Lagrangian bound ⌈L/K⌉ reaches bar (bar 0: never). A pricing program
// without a schedule ends the run with infeasible set.
func (g *cgState) runWith(ctx context.Context, fixed []int, pr []*Pricing, bar int64, maxIter int, logf func(string, ...any)) (*cgRun, error) {
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
		for k := range g.coverRow {
			mu[k[0]][k[1]] = int64(math.Round(-float64(K) * g.dual(k[0], k[1])))
		}
		var cut shortCut
		if g.cutRow >= 0 {
			cut = shortCut{g.short, max(0, int64(math.Round(float64(K)*lp.y[g.cutRow])))}
		}
		var L int64
		added := 0
		for s := range S {
			if fixed[s] >= 0 {
				continue
			}
			v, row, ok := pr[s].Price(K, mu)
			if !ok {
				out.infeasible = true
				return out, nil
			}
			L += v
			rc := float64(g.pr[s].ScheduleCost(1, nil, row)) - lp.y[s]
			for d, u := range row {
				if u != Off {
					rc -= g.dual(d, u)
				}
			}
			if rc < -1e-6 {
				if _, fresh := g.add(s, row); fresh {
					added++
				}
			}
		}
		if !anyFixed {
			ct, ok := coverTermIn(in, K, mu, cut, g.ranges)
			if !ok {
				out.infeasible = true
				return out, nil
			}
			L += ct
			if L > out.bestL {
				out.bestL, out.bestMu, out.bestNu = L, clone2(mu), cut.nu
			}
			if bar != 0 && ceilDiv(out.bestL, K) >= bar {
				break
			}
		}
		if logf != nil && (it%10 == 0 || added == 0) {
			if out.bestL == math.MinInt64 { // no exact bound in this run (fixed columns)
				logf("round %d: LP %.4f, %d columns added, %d in the pool", it, obj, added, len(g.cols))
			} else {
				logf("round %d: LP %.4f, Lagrangian %.4f (best %.4f), %d columns added, %d in the pool", it, obj, float64(L)/float64(K), float64(out.bestL)/float64(K), added, len(g.cols))
			}
		}
		if added == 0 {
			out.converged = true
			break
		}
	}
	out.lambda = map[int]float64{}
	pool := map[int]int{}
	for i, j := range g.lpOf {
		if j >= 0 {
			pool[j] = i
		}
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
// cost, at MaxIterations or when ctx ends. Before that, unless
// NoShortfallCut, shortfall bounds the total shortfall of every roster,
// and when that bound rounds up, the cut joins the master (a row over the
// under slacks) and the certificate (Short, and the cut's multiplier Nu
// from the row's dual). A roster then comes from a
// dive (fix the column of largest LP value, generate again, repeat).
// When the root bound is below it, branch-and-price (branchAndPrice)
// runs for the time left: when it completes, its proof tree joins the
// certificate (Certificate.Tree, recomputed leaf by leaf by CheckTree)
// and the bound rises to the roster's penalty. Every roster is re-scored
// by Evaluate. Cost: per round one pricing program per employee and a
// simplex over the pool; a dive is at most one column generation per
// employee; branch-and-price one column generation per node.
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
	S := len(in.Staff)
	res := &LagrangeResult{Instance: in.Name, Status: solver.Unknown}
	var short *Certificate
	if !opt.NoShortfallCut {
		var err error
		if short, err = shortfall(ctx, in, K, maxIter); err != nil {
			return nil, err
		}
		// Only the rounding up of a fractional L/K cuts: when L is a
		// multiple of K, the cut U ≥ L/K is implied by the master LP
		// (whose shortfall is at least the shortfall LP's optimum, at
		// least L/K) and would only change which of its many optimal
		// solutions the simplex picks (on Instance6 that turned a
		// 103-node proof into 1,419 nodes without one).
		if short != nil && (short.L <= 0 || short.L%K == 0) {
			short = nil
		}
		if short != nil && opt.Log != nil {
			opt.Log("shortfall: every roster leaves at least %d required staff-shifts uncovered (Lagrangian bound, %v)", short.Bound, time.Since(start).Round(time.Millisecond))
		}
	}
	var m int64
	if short != nil {
		m = short.Proven()
	}
	g, err := newCGState(in, K, m)
	if err != nil {
		return nil, err
	}
	fixed, err := g.seed(in.Name)
	if err != nil {
		return nil, err
	}
	root, err := g.run(ctx, fixed, maxIter, opt.Log)
	if err != nil {
		return nil, err
	}
	res.LP, res.LPConverged, res.Iterations = root.lp, root.converged, root.iterations
	res.CGWall = time.Since(start)
	if root.bestMu != nil {
		// Recompute the kept certificate from scratch, minima included.
		c, err := lowerBound(context.WithoutCancel(ctx), in, K, root.bestMu, short, root.bestNu)
		if err != nil {
			return nil, err
		}
		if c.L != root.bestL {
			return nil, fmt.Errorf("nrp: %s: certificate recomputes to L %d, not %d", in.Name, c.L, root.bestL)
		}
		res.Cert, res.Bound = c, c.Bound
	}
	if opt.BoundOnly {
		res.Columns = len(g.cols)
		res.Wall = time.Since(start)
		return res, nil
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
	if res.Cert != nil && !(res.HasRoster && res.Penalty == res.Bound) && ctx.Err() == nil {
		ub := int64(math.MaxInt64)
		if res.HasRoster {
			ub = res.Penalty
		}
		b, err := g.branchAndPrice(ctx, ub, maxIter, opt.CoverFirst, opt.Log)
		if err != nil {
			return nil, err
		}
		res.Nodes = b.nodes
		if b.roster != nil {
			sc := Evaluate(in, b.roster)
			res.HasRoster, res.Roster, res.Score, res.Penalty = true, b.roster, sc, int64(sc.Penalty())
		}
		if b.complete && res.HasRoster {
			// Recompute every leaf from scratch.
			tb, err := CheckTree(context.WithoutCancel(ctx), in, K, m, b.root)
			if err != nil {
				return nil, err
			}
			res.Cert.Tree, res.Cert.TreeBound = b.root, tb
			res.Bound = max(res.Bound, min(tb, res.Penalty))
		}
		if opt.Log != nil {
			opt.Log("branch-and-price: %d nodes, complete %v, roster %d, bound %d, %v", b.nodes, b.complete, res.Penalty, res.Bound, time.Since(start).Round(time.Millisecond))
		}
	}
	res.Columns = len(g.cols)
	if res.HasRoster && res.Cert != nil && res.Penalty == res.Bound {
		res.Status = solver.Optimal
	} else if res.HasRoster {
		res.Status = solver.Feasible
	}
	res.Wall = time.Since(start)
	return res, nil
}

// seed puts each employee's cheapest schedule without multipliers in the
// pool and returns the fixing of a run with nothing fixed (all −1). It
// fails, naming the instance name, when an employee has no schedule.
func (g *cgState) seed(name string) ([]int, error) {
	in := g.in
	zero := make([][]int64, in.Horizon)
	for d := range zero {
		zero[d] = make([]int64, len(in.Shifts))
	}
	fixed := make([]int, len(in.Staff))
	for s := range fixed {
		fixed[s] = -1
		_, row, ok := g.pr[s].Price(1, zero)
		if !ok {
			return nil, fmt.Errorf("nrp: %s: employee %s has no schedule keeping the hard rules", name, in.Staff[s].ID)
		}
		g.add(s, row)
	}
	return fixed, nil
}

// shortfall bounds the total shortfall of in's rosters from below: the
// root column generation of ShortfallInstance(in), whose best Lagrangian
// certificate is recomputed by LowerBound. It returns nil when ctx ended
// before any bound. Cost: one root column generation, usually a few
// rounds.
func shortfall(ctx context.Context, in *Instance, K int64, maxIter int) (*Certificate, error) {
	si := ShortfallInstance(in)
	g, err := newCGState(si, K, 0)
	if err != nil {
		return nil, err
	}
	fixed, err := g.seed(in.Name) // the rules are in's
	if err != nil {
		return nil, err
	}
	r, err := g.run(ctx, fixed, maxIter, nil)
	if err != nil || r.bestMu == nil {
		return nil, err
	}
	c, err := LowerBound(context.WithoutCancel(ctx), si, K, r.bestMu)
	if err != nil {
		return nil, err
	}
	if c.L != r.bestL {
		return nil, fmt.Errorf("nrp: %s: shortfall certificate recomputes to L %d, not %d", in.Name, c.L, r.bestL)
	}
	return c, nil
}

func clone2(a [][]int64) [][]int64 {
	b := make([][]int64, len(a))
	for i := range a {
		b[i] = append([]int64(nil), a[i]...)
	}
	return b
}
