package nrp

import (
	"context"
	"fmt"
	"math"
	"time"
)

// Decision is a branching decision of branch-and-price: employee S works
// shift type T on day D (Work), or does not.
type Decision struct {
	S    int  `json:"s"`
	D    int  `json:"d"`
	T    int  `json:"t"`
	Work bool `json:"work"`
}

// TreeNode is a node of a branch-and-price proof. An inner node branches
// on employee Branch.S working shift Branch.T on day Branch.D: No holds
// the rosters where it does not, Yes those where it does (Branch.Work is
// ignored). A leaf holds multipliers Mu whose Lagrangian bound, with every
// employee's pricing restricted by the decisions on the path, is Bound;
// Infeasible marks a leaf where some employee has no schedule left.
type TreeNode struct {
	Branch *Decision `json:"branch,omitempty"`
	// Cover, instead of Branch, splits on the staff count y of shift
	// Cover.T on day Cover.D: No holds y ≤ Cover.At, Yes y ≥ Cover.At+1.
	Cover      *CoverSplit `json:"cover,omitempty"`
	No         *TreeNode   `json:"no,omitempty"`
	Yes        *TreeNode   `json:"yes,omitempty"`
	Mu         [][]int64   `json:"mu,omitempty"`
	Nu         int64       `json:"nu,omitempty"` // the leaf's multiplier of the shortfall cut
	Bound      int64       `json:"bound,omitempty"`
	Infeasible bool        `json:"infeasible,omitempty"`
}

// CoverSplit is a branching on the number of staff y working shift T on
// day D: y ≤ At, or y ≥ At+1.
type CoverSplit struct {
	D  int `json:"d"`
	T  int `json:"t"`
	At int `json:"at"`
}

// withRange returns a copy of ranges with (d,t) narrowed to [lo, hi].
func withRange(ranges map[[2]int][2]int, S, d, t, lo, hi int) map[[2]int][2]int {
	out := map[[2]int][2]int{}
	for k, v := range ranges {
		out[k] = v
	}
	k := [2]int{d, t}
	cur, ok := out[k]
	if !ok {
		cur = [2]int{0, S}
	}
	out[k] = [2]int{max(cur[0], lo), min(cur[1], hi)}
	return out
}

// consistent reports whether row keeps the decisions of its employee s.
func consistent(s int, row []int, ds []Decision) bool {
	for _, x := range ds {
		if x.S == s && (row[x.D] == x.T) != x.Work {
			return false
		}
	}
	return true
}

// nodeBound computes the Lagrangian bound of multipliers mu with each
// employee's pricing restricted by ds: ⌈L/K⌉, or infeasible when some
// employee has no schedule keeping the rules and ds. Cost: one pricing
// program per employee.
func nodeBound(in *Instance, pr []*Pricing, K int64, mu [][]int64, cut shortCut, ds []Decision, ranges map[[2]int][2]int) (bound int64, infeasible bool) {
	ct, ok := coverTermIn(in, K, mu, cut, ranges)
	if !ok {
		return 0, true
	}
	L := ct
	for s := range in.Staff {
		v, _, ok := pr[s].restrict(ds).Price(K, mu)
		if !ok {
			return 0, true
		}
		L += v
	}
	return ceilDiv(L, K), false
}

// CheckTree recomputes every leaf of the proof tree root under scale K
// (restricted pricing and cover term in exact integers, with the
// shortfall cut U ≥ short under each leaf's Nu; short must be proven, 0
// when there is none) and returns the
// bound it proves: the least leaf bound (an infeasible leaf bounds
// nothing from below; math.MaxInt64 when every leaf is infeasible). The
// branching is binary on one (employee, day, shift) at a time, so the
// leaves cover every roster. It fails on a malformed tree or a leaf whose
// stated bound or infeasibility differs from the recomputed one. Cost:
// one pricing program per employee per leaf.
func CheckTree(ctx context.Context, in *Instance, K, short int64, root *TreeNode) (int64, error) {
	if K < 1 {
		return 0, fmt.Errorf("nrp: %s: scale K must be at least 1", in.Name)
	}
	if short < 0 {
		return 0, fmt.Errorf("nrp: %s: shortfall cut %d is negative", in.Name, short)
	}
	pr := make([]*Pricing, len(in.Staff))
	for s := range in.Staff {
		p, err := NewPricing(in, s)
		if err != nil {
			return 0, err
		}
		pr[s] = p
	}
	S := len(in.Staff)
	var walk func(n *TreeNode, ds []Decision, ranges map[[2]int][2]int) (int64, error)
	walk = func(n *TreeNode, ds []Decision, ranges map[[2]int][2]int) (int64, error) {
		if err := ctx.Err(); err != nil {
			return 0, fmt.Errorf("nrp: %s: %w", in.Name, err)
		}
		if n == nil {
			return 0, fmt.Errorf("nrp: %s: proof tree has a missing child", in.Name)
		}
		if n.Branch != nil && n.Cover != nil {
			return 0, fmt.Errorf("nrp: %s: proof tree node branches twice", in.Name)
		}
		if c := n.Cover; c != nil {
			if c.D < 0 || c.D >= in.Horizon || c.T < 0 || c.T >= len(in.Shifts) {
				return 0, fmt.Errorf("nrp: %s: proof tree splits cover (%d, %d), out of range", in.Name, c.D, c.T)
			}
			no, err := walk(n.No, ds, withRange(ranges, S, c.D, c.T, 0, c.At))
			if err != nil {
				return 0, err
			}
			yes, err := walk(n.Yes, ds, withRange(ranges, S, c.D, c.T, c.At+1, S))
			if err != nil {
				return 0, err
			}
			return min(no, yes), nil
		}
		if n.Branch != nil {
			b := *n.Branch
			if b.S < 0 || b.S >= len(in.Staff) || b.D < 0 || b.D >= in.Horizon || b.T < 0 || b.T >= len(in.Shifts) {
				return 0, fmt.Errorf("nrp: %s: proof tree branches on (%d, %d, %d), out of range", in.Name, b.S, b.D, b.T)
			}
			no, err := walk(n.No, append(ds[:len(ds):len(ds)], Decision{b.S, b.D, b.T, false}), ranges)
			if err != nil {
				return 0, err
			}
			yes, err := walk(n.Yes, append(ds[:len(ds):len(ds)], Decision{b.S, b.D, b.T, true}), ranges)
			if err != nil {
				return 0, err
			}
			return min(no, yes), nil
		}
		mu := n.Mu
		if n.Infeasible && mu == nil {
			// Infeasibility does not depend on the multipliers.
			mu = make([][]int64, in.Horizon)
			for d := range mu {
				mu[d] = make([]int64, len(in.Shifts))
			}
		}
		if len(mu) != in.Horizon {
			return 0, fmt.Errorf("nrp: %s: proof tree leaf has %d multiplier rows for a horizon of %d", in.Name, len(mu), in.Horizon)
		}
		for d := range mu {
			if len(mu[d]) != len(in.Shifts) {
				return 0, fmt.Errorf("nrp: %s: proof tree leaf: day %d has %d multipliers", in.Name, d, len(mu[d]))
			}
		}
		if short == 0 && n.Nu != 0 {
			return 0, fmt.Errorf("nrp: %s: proof tree leaf at %v %v has cut multiplier %d (cut %d)", in.Name, ds, ranges, n.Nu, short)
		}
		if err := magnitudes(in, K, mu, shortCut{short, n.Nu}); err != nil {
			return 0, err
		}
		b, inf := nodeBound(in, pr, K, mu, shortCut{short, n.Nu}, ds, ranges)
		if inf != n.Infeasible || (!inf && b != n.Bound) {
			return 0, fmt.Errorf("nrp: %s: proof tree leaf at %v %v states bound %d (infeasible %v), recomputed %d (infeasible %v)", in.Name, ds, ranges, n.Bound, n.Infeasible, b, inf)
		}
		if inf {
			return math.MaxInt64, nil
		}
		return b, nil
	}
	return walk(root, nil, nil)
}

// bnpOutcome is the result of branchAndPrice.
type bnpOutcome struct {
	root     *TreeNode
	complete bool // every node closed: the tree proves the bound ub
	nodes    int
	ub       int64
	roster   Roster // set when a node's LP gave a better roster than ub
}

// branchAndPrice searches depth first for a roster below ub, closing a
// node when its Lagrangian bound (restricted pricing, exact) reaches ub,
// or when some employee has no schedule left; otherwise it branches on
// the (employee, day, shift) whose LP value is closest to ½, the Yes
// child first; with coverFirst, on the staff count y of the (day, shift)
// whose LP value is most fractional first (y ≤ ⌊ȳ⌋ or y ≥ ⌊ȳ⌋+1). An integral LP solution at a node is a roster (Evaluate
// checks it) that lowers ub when better. It stops when ctx ends; the tree
// is then incomplete. Cost: a column generation per node.
func (g *cgState) branchAndPrice(ctx context.Context, ub int64, maxIter int, coverFirst bool, logf func(string, ...any)) (*bnpOutcome, error) {
	in, K := g.in, g.K
	S := len(in.Staff)
	out := &bnpOutcome{ub: ub}
	out.root = &TreeNode{}
	type item struct {
		n      *TreeNode
		ds     []Decision
		ranges map[[2]int][2]int
	}
	stack := []item{{out.root, nil, nil}}
	free := make([]int, S)
	for s := range free {
		free[s] = -1
	}
	start := time.Now()
	for len(stack) > 0 {
		if ctx.Err() != nil {
			return out, nil
		}
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		out.nodes++
		pr := make([]*Pricing, S)
		for s := range S {
			pr[s] = g.pr[s].restrict(it.ds)
		}
		g.rebuild(it.ds, it.ranges)
		have := make([]bool, S)
		for i, c := range g.cols {
			if g.lpOf[i] >= 0 {
				have[c.s] = true
			}
		}
		zero := make([][]int64, in.Horizon)
		for d := range zero {
			zero[d] = make([]int64, len(in.Shifts))
		}
		infeasible := false
		for s := range S {
			if !have[s] {
				_, row, ok := pr[s].Price(1, zero)
				if !ok {
					infeasible = true
					break
				}
				g.add(s, row)
			}
		}
		var r *cgRun
		if !infeasible {
			var err error
			r, err = g.runWith(ctx, free, pr, out.ub, maxIter, nil)
			if err != nil {
				return nil, err
			}
			infeasible = r.infeasible
		}
		if infeasible {
			it.n.Infeasible = true
			continue
		}
		if ctx.Err() != nil {
			return out, nil
		}
		bound := ceilDiv(r.bestL, K)
		// x[s][d][t] of the LP solution; an integral x is a roster.
		xs := map[[3]int]float64{}
		if r.converged {
			for p, v := range r.lambda {
				c := g.cols[p]
				for d, u := range c.row {
					if u != Off {
						xs[[3]int{c.s, d, u}] += v
					}
				}
			}
		}
		if bound < out.ub && r.converged {
			ro := make(Roster, S)
			integral := true
			for s := range ro {
				ro[s] = make([]int, in.Horizon)
				for d := range ro[s] {
					ro[s][d] = Off
				}
			}
			for k, v := range xs {
				switch {
				case v > 1-1e-4:
					ro[k[0]][k[1]] = k[2]
				case v > 1e-4:
					integral = false
				}
			}
			if integral {
				sc := Evaluate(in, ro)
				if p := int64(sc.Penalty()); sc.Feasible() && p < out.ub {
					out.ub, out.roster = p, ro
					if logf != nil {
						logf("branch-and-price: roster of penalty %d at node %d", p, out.nodes)
					}
				}
			}
		}
		if bound >= out.ub {
			it.n.Mu, it.n.Nu, it.n.Bound = r.bestMu, r.bestNu, bound
			if logf != nil && out.nodes%100 == 0 {
				logf("branch-and-price: node %d closed at bound %d (depth %d), %d open, %d columns, %v", out.nodes, bound, len(it.ds), len(stack), len(g.cols), time.Since(start).Round(time.Second))
			}
			continue
		}
		if !r.converged {
			return out, nil // the iteration cap: stop, incomplete
		}
		// With coverFirst, branch on the most fractional cover count
		// y[d][t] first.
		ys := map[[2]int]float64{}
		for k, v := range xs {
			if _, ok := g.coverRow[[2]int{k[1], k[2]}]; ok {
				ys[[2]int{k[1], k[2]}] += v
			}
		}
		var bestY [2]int
		bestYF := -1.0
		for k, v := range ys {
			f := v - math.Floor(v)
			f = math.Min(f, 1-f)
			if f > 1e-4 && (f > bestYF+1e-12 || (math.Abs(f-bestYF) <= 1e-12 && (k[0] < bestY[0] || (k[0] == bestY[0] && k[1] < bestY[1])))) {
				bestY, bestYF = k, f
			}
		}
		if coverFirst && bestYF > 0 {
			at := int(math.Floor(ys[bestY]))
			it.n.Cover = &CoverSplit{D: bestY[0], T: bestY[1], At: at}
			it.n.No, it.n.Yes = &TreeNode{}, &TreeNode{}
			stack = append(stack,
				item{it.n.No, it.ds, withRange(it.ranges, S, bestY[0], bestY[1], 0, at)},
				item{it.n.Yes, it.ds, withRange(it.ranges, S, bestY[0], bestY[1], at+1, S)})
			if logf != nil && out.nodes%100 == 0 {
				logf("branch-and-price: node %d bound %d < %d, depth %d, %d open, %d columns, %v", out.nodes, bound, out.ub, len(it.ds)+len(it.ranges), len(stack), len(g.cols), time.Since(start).Round(time.Second))
			}
			continue
		}
		// Then on the most fractional x[s][d][t].
		var best [3]int
		bestF := -1.0
		for k, v := range xs {
			f := math.Min(v, 1-v)
			if f > 1e-4 && (f > bestF+1e-12 || (math.Abs(f-bestF) <= 1e-12 && less3(k, best))) {
				best, bestF = k, f
			}
		}
		if bestF < 0 {
			// An integral x whose roster does not meet the bound (rounding
			// of the multipliers): nothing to branch on; stop, incomplete.
			if logf != nil {
				logf("branch-and-price: node %d has an integral LP solution but bound %d below %d; stopping", out.nodes, bound, out.ub)
			}
			return out, nil
		}
		it.n.Branch = &Decision{S: best[0], D: best[1], T: best[2]}
		it.n.No, it.n.Yes = &TreeNode{}, &TreeNode{}
		no := append(it.ds[:len(it.ds):len(it.ds)], Decision{best[0], best[1], best[2], false})
		yes := append(it.ds[:len(it.ds):len(it.ds)], Decision{best[0], best[1], best[2], true})
		stack = append(stack, item{it.n.No, no, it.ranges}, item{it.n.Yes, yes, it.ranges})
		if logf != nil && out.nodes%100 == 0 {
			logf("branch-and-price: node %d bound %d < %d, depth %d, %d open, %d columns, %v", out.nodes, bound, out.ub, len(it.ds), len(stack), len(g.cols), time.Since(start).Round(time.Second))
		}
	}
	out.complete = true
	return out, nil
}

func less3(a, b [3]int) bool {
	for i := range a {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return false
}
