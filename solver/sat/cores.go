package sat

import (
	"context"
	"fmt"
	"slices"
	"sort"

	"github.com/plancert/plancert/encode"
	"github.com/plancert/plancert/solver"
)

// Core-guided minimization of one objective level: OLL (Andres, Kaufmann,
// Matheis & Schaub, "Unsatisfiability-based optimization in clasp", ICLP
// 2012; Morgado, Dodaro & Marques-Silva, "Core-guided MaxSAT with soft
// cardinality constraints", CP 2014), with weight stratification and
// incremental totalizers (Martins, Joshi, Manquinho & Lynce, "Incremental
// cardinality constraints for MaxSAT", CP 2014), as in RC2 (Ignatiev,
// Morgado & Marques-Silva, JSAT 2019).
//
// The objective, normalized to a cost to minimize, is written as a
// constant plus a weighted sum of soft literals (a literal true costs its
// weight): a Boolean term is one literal, an order-encoded integer term is
// one literal [x ≥ t] per value. Each solve assumes every soft literal
// false whose weight is at least the current stratum (first the largest
// weight; after a model of a stratum, the next lower weight and every
// weight within a factor of ten of it, so that close weights — 1, 2, 3
// beside 100 — share one stratum instead of costing a pass each). UNSAT
// gives a core C of soft literals of which at least one must be true: the
// lower bound rises by the least weight w in C, every weight in C drops by
// w, and a totalizer over C adds the soft literal "at least 2 of C" with
// weight w (and "at least k+1" when "at least k" is in a later core). The
// cost of every solution is at least the bound plus the weights of its
// true soft literals, so a model that makes every soft literal false,
// found once all of them are assumed, costs exactly the bound: the
// optimum, proven by the UNSATs that raised it. Unlike the descent on the
// counter's bound literals, the lower bound rises from below, and is
// reported when the time runs out (ProvenBound).

// soft is a soft literal: true costs w.
type soft struct {
	lit int32
	w   int64
	tot *tnode // the totalizer whose output lit is, or nil
	k   int    // lit = tot.outs[k]
}

// tnode is a node of an incremental totalizer: outs[i] is implied by "at
// least i+1 of the leaves below are true"; w is the weight of the core the
// totalizer was built for.
type tnode struct {
	left, right *tnode
	outs        []int32
	size        int
	w           int64
}

// leafNode is a totalizer leaf.
func leafNode(l int32) *tnode { return &tnode{outs: []int32{l}, size: 1} }

// totalizer builds a balanced totalizer over lits with outputs for "at
// least 1" and "at least 2".
func (s *Solver) totalizer(lits []int32) *tnode {
	if len(lits) == 1 {
		return leafNode(lits[0])
	}
	h := len(lits) / 2
	n := &tnode{left: s.totalizer(lits[:h]), right: s.totalizer(lits[h:]), size: len(lits)}
	s.extend(n, 2)
	return n
}

// extend gives n outputs up to "at least k" (or all of them), adding only
// the clauses of the new sums: "a of the left and b of the right imply
// a+b" for old < a+b ≤ k. The clauses for sums up to old were added when n
// had old outputs, and every child had at least min(old, size) then.
func (s *Solver) extend(n *tnode, k int) {
	k = min(k, n.size)
	if n.left == nil || len(n.outs) >= k {
		return
	}
	s.extend(n.left, k)
	s.extend(n.right, k)
	old := len(n.outs)
	for len(n.outs) < k {
		n.outs = append(n.outs, s.enc.NewVar())
	}
	for a := 0; a <= len(n.left.outs); a++ {
		for b := 0; b <= len(n.right.outs); b++ {
			sum := a + b
			if sum <= old || sum > k {
				continue
			}
			cl := []int32{n.outs[sum-1]}
			if a > 0 {
				cl = append(cl, -n.left.outs[a-1])
			}
			if b > 0 {
				cl = append(cl, -n.right.outs[b-1])
			}
			s.enc.Add(cl...)
		}
	}
}

// softs returns the soft literals of level l as a cost to minimize
// (sign·objective) and the constant part of that cost.
func (s *Solver) softs(l int, sign int64) ([]*soft, int64) {
	coef := map[encode.Var]int64{}
	var order []encode.Var
	for _, t := range s.m.Objectives[l].Terms {
		if _, ok := coef[t.Var]; !ok {
			order = append(order, t.Var)
		}
		coef[t.Var] += sign * t.Coef
	}
	var out []*soft
	var off int64
	tru := s.enc.True()
	add := func(lit int32, w int64) {
		switch lit {
		case tru:
			off += w
		case -tru:
		default:
			out = append(out, &soft{lit: lit, w: w})
		}
	}
	for _, v := range order {
		c := coef[v]
		lo, hi := s.m.Vars[v].Lo, s.m.Vars[v].Hi
		switch {
		case c > 0: // c·x = c·lo + c·Σ_t [x ≥ t]
			off += c * lo
			for t := lo + 1; t <= hi; t++ {
				add(s.enc.Ge(v, t), c)
			}
		case c < 0: // c·x = c·hi + |c|·Σ_t ¬[x ≥ t]
			off += c * hi
			for t := lo + 1; t <= hi; t++ {
				add(-s.enc.Ge(v, t), -c)
			}
		}
	}
	return out, off
}

// optimizeCores minimizes the model's single objective level from the
// first solution sol (the selectors are asserted).
func (s *Solver) optimizeCores(ctx context.Context, sol encode.Assignment) (*solver.Result, error) {
	o := s.m.Objectives[0]
	sign := int64(1)
	if o.Sense == encode.Maximize {
		sign = -1
	}
	cost := func(a encode.Assignment) int64 { return sign * encode.SumTerms(o.Terms, a) }
	softs, lb := s.softs(0, sign)
	best, bestSol := cost(sol), sol
	s.setBound(sign * lb)
	// The first stratum: the largest weight.
	wt := int64(0)
	for _, sf := range softs {
		wt = max(wt, sf.w)
	}
	wt = max(wt, 1)
	for best > lb {
		var as []int32
		idx := map[int32]*soft{}
		for _, sf := range softs {
			if sf.w >= wt {
				as = append(as, -sf.lit)
				idx[-sf.lit] = sf
			}
		}
		switch s.solve(ctx, s.base(as...)) {
		case 0:
			return s.feasible(bestSol), nil
		case 1:
			a, err := s.decode()
			if err != nil {
				return nil, err
			}
			if c := cost(a); c < best {
				best, bestSol = c, a
			}
			if len(as) == len(softs) {
				// Every soft literal false: the model costs at most lb.
				if best != lb {
					return nil, &solver.IntegrityError{Backend: "sat", What: fmt.Sprintf("core-guided: every soft literal false, cost %d, lower bound %d", best, lb)}
				}
				continue
			}
			next := int64(0) // the next stratum: the largest weight below wt
			for _, sf := range softs {
				if sf.w < wt {
					next = max(next, sf.w)
				}
			}
			// Weights within a factor of ten of it join the same stratum.
			low := next
			for _, sf := range softs {
				if sf.w < wt && sf.w*10 >= next {
					low = min(low, sf.w)
				}
			}
			wt = low
		case -1:
			var core []*soft
			s.settle()
			for _, l := range s.g.Why(nil) {
				if sf, ok := idx[int32(l.Dimacs())]; ok {
					core = append(core, sf)
				}
			}
			if len(core) == 0 {
				return nil, &solver.IntegrityError{Backend: "sat", What: "core-guided: UNSAT without soft literals after a solution was found"}
			}
			// Deterministic order: as assumed.
			pos := map[*soft]int{}
			for i, sf := range softs {
				pos[sf] = i
			}
			sort.Slice(core, func(i, j int) bool { return pos[core[i]] < pos[core[j]] })
			w := core[0].w
			for _, sf := range core {
				w = min(w, sf.w)
			}
			lb += w
			var lits []int32
			for _, sf := range core {
				sf.w -= w
				lits = append(lits, sf.lit)
				if sf.tot != nil && sf.k == len(sf.tot.outs)-1 && sf.k+1 < sf.tot.size {
					s.extend(sf.tot, sf.k+2)
					softs = append(softs, &soft{lit: sf.tot.outs[sf.k+1], w: sf.tot.w, tot: sf.tot, k: sf.k + 1})
				}
			}
			if len(core) == 1 {
				// The literal is true in every solution: its remaining
				// weight is a constant.
				s.enc.Add(core[0].lit)
				lb += core[0].w
				core[0].w = 0
			} else {
				t := s.totalizer(lits)
				t.w = w
				s.enc.Add(t.outs[0]) // at least one of the core
				softs = append(softs, &soft{lit: t.outs[1], w: w, tot: t, k: 1})
			}
			softs = slices.DeleteFunc(softs, func(sf *soft) bool { return sf.w == 0 })
			if lb > best {
				return nil, &solver.IntegrityError{Backend: "sat", What: fmt.Sprintf("core-guided: lower bound %d above a solution's cost %d", lb, best)}
			}
			s.setBound(sign * lb)
		}
	}
	s.setBound(sign * best)
	lit, err := s.enc.ObjectiveBound(0, sign*best)
	if err != nil {
		return nil, err
	}
	s.bounds = append(s.bounds, lit)
	s.opt = &solver.Result{Status: solver.Optimal, Objective: s.m.ObjectiveValues(bestSol), Solution: bestSol}
	return s.opt, nil
}
