package nrp

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
)

// Certificate is a Lagrangian lower bound on an instance's penalty, in
// exact integers, checkable by LowerBound alone. Relaxing the coupling
// y[d][t] = Σ_s x[s][d][t] with multipliers Mu (the objective scaled by K)
// splits the problem into one pricing problem per employee and one
// one-variable problem per day and shift type:
//
//	L(Mu) = Σ_s min_x (K·requests_s(x) + Σ Mu[d][t]·x[d][t])
//	      + Σ_{d,t} min_{0≤y≤staff} (K·C_dt(y) − Mu[d][t]·y)
//
// with C_dt(y) the cover penalty of y staff on shift t of day d (summed
// over the covers of (d,t)). By weak duality K·OPT ≥ L(Mu) for every Mu,
// so Bound = ⌈L(Mu)/K⌉ is a proven lower bound on the optimum, provided
// each employee's minimum (Minima) is proven: LowerBound recomputes every
// one by the exact pricing program (Pricing.Price).
type Certificate struct {
	Instance string `json:"instance"`
	K        int64  `json:"k"`
	// Mu[d][t] is the multiplier of day d, shift type t.
	Mu [][]int64 `json:"mu"`
	// Minima[s] is employee s's pricing minimum under Mu.
	Minima []int64 `json:"minima"`
	// Cover is the sum of the per-(day, shift) minima.
	Cover int64 `json:"cover"`
	// L is Σ Minima + Cover, and Bound = ⌈L/K⌉.
	L     int64 `json:"l"`
	Bound int64 `json:"bound"`
	// Tree, when set, is a complete branch-and-price proof under the same
	// K whose leaves all have bounds of at least TreeBound (CheckTree).
	Tree      *TreeNode `json:"tree,omitempty"`
	TreeBound int64     `json:"tree_bound,omitempty"`
}

// coverTerm returns Σ_{d,t} min_{0≤y≤staff} (K·C_dt(y) − mu[d][t]·y).
// Cost: O(H·T·staff + covers·staff).
func coverTerm(in *Instance, K int64, mu [][]int64) int64 {
	v, _ := coverTermIn(in, K, mu, nil)
	return v
}

// coverTermIn is coverTerm with y[d][t] restricted to ranges[(d,t)]
// (inclusive, within [0, staff]) where given; ok is false when a range is
// empty.
func coverTermIn(in *Instance, K int64, mu [][]int64, ranges map[[2]int][2]int) (int64, bool) {
	S := len(in.Staff)
	byDT := map[[2]int][]Cover{}
	for _, c := range in.Cover {
		k := [2]int{c.Day, c.Shift}
		byDT[k] = append(byDT[k], c)
	}
	var sum int64
	for d := range in.Horizon {
		for t := range in.Shifts {
			lo, hi := 0, S
			if rg, ok := ranges[[2]int{d, t}]; ok {
				lo, hi = max(rg[0], 0), min(rg[1], S)
			}
			if lo > hi {
				return 0, false
			}
			var best int64
			for y := lo; y <= hi; y++ {
				var c int64
				for _, cv := range byDT[[2]int{d, t}] {
					if y < cv.Requirement {
						c += int64(cv.Requirement-y) * int64(cv.Under)
					} else {
						c += int64(y-cv.Requirement) * int64(cv.Over)
					}
				}
				if v := K*c - mu[d][t]*int64(y); y == lo || v < best {
					best = v
				}
			}
			sum += best
		}
	}
	return sum, true
}

// ceilDiv returns ⌈a/b⌉ for b > 0.
func ceilDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 && a > 0 {
		q++
	}
	return q
}

// LowerBound computes, from scratch, the certificate of multipliers mu
// under scale K (K ≥ 1, mu[d][t] for every day and shift type): each
// employee's exact pricing minimum, the cover term, L and the bound
// ⌈L/K⌉ ≤ OPT. It fails when mu has the wrong shape, when an employee has
// no schedule keeping the hard rules (then there is no roster at all), or
// when ctx ends. Cost: one pricing program per employee.
func LowerBound(ctx context.Context, in *Instance, K int64, mu [][]int64) (*Certificate, error) {
	if K < 1 {
		return nil, fmt.Errorf("nrp: %s: scale K must be at least 1, got %d", in.Name, K)
	}
	if len(mu) != in.Horizon {
		return nil, fmt.Errorf("nrp: %s: %d multiplier rows for a horizon of %d", in.Name, len(mu), in.Horizon)
	}
	for d := range mu {
		if len(mu[d]) != len(in.Shifts) {
			return nil, fmt.Errorf("nrp: %s: day %d has %d multipliers for %d shift types", in.Name, d, len(mu[d]), len(in.Shifts))
		}
	}
	c := &Certificate{Instance: in.Name, K: K, Mu: mu}
	for s := range in.Staff {
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("nrp: %s: %w", in.Name, err)
		}
		p, err := NewPricing(in, s)
		if err != nil {
			return nil, err
		}
		v, _, ok := p.Price(K, mu)
		if !ok {
			return nil, fmt.Errorf("nrp: %s: employee %s has no schedule keeping the hard rules", in.Name, in.Staff[s].ID)
		}
		c.Minima = append(c.Minima, v)
		c.L += v
	}
	c.Cover = coverTerm(in, K, mu)
	c.L += c.Cover
	c.Bound = ceilDiv(c.L, K)
	return c, nil
}

// Check recomputes c with LowerBound and fails unless every field agrees:
// a certificate is accepted only when its minima, cover term, L and bound
// are exactly what its K and Mu give on in, and, with a Tree, when
// CheckTree proves exactly TreeBound. The proven lower bound is then
// max(Bound, TreeBound). Cost: LowerBound's plus CheckTree's.
func (c *Certificate) Check(ctx context.Context, in *Instance) error {
	if c.Instance != in.Name {
		return fmt.Errorf("nrp: certificate for %q, not %q", c.Instance, in.Name)
	}
	got, err := LowerBound(ctx, in, c.K, c.Mu)
	if err != nil {
		return err
	}
	if len(c.Minima) != len(got.Minima) {
		return fmt.Errorf("nrp: %s: certificate has %d minima for %d employees", in.Name, len(c.Minima), len(got.Minima))
	}
	for s := range got.Minima {
		if c.Minima[s] != got.Minima[s] {
			return fmt.Errorf("nrp: %s: certificate states minimum %d for employee %s, pricing gives %d", in.Name, c.Minima[s], in.Staff[s].ID, got.Minima[s])
		}
	}
	if c.Cover != got.Cover || c.L != got.L || c.Bound != got.Bound {
		return fmt.Errorf("nrp: %s: certificate states cover %d, L %d, bound %d; recomputed %d, %d, %d", in.Name, c.Cover, c.L, c.Bound, got.Cover, got.L, got.Bound)
	}
	if c.Tree != nil {
		tb, err := CheckTree(ctx, in, c.K, c.Tree)
		if err != nil {
			return err
		}
		if tb != c.TreeBound {
			return fmt.Errorf("nrp: %s: certificate states tree bound %d, the tree proves %d", in.Name, c.TreeBound, tb)
		}
	}
	return nil
}

// Write writes c as indented JSON and a newline, the form ReadCertificate
// reads (callers write files through a temporary file and a rename).
func (c *Certificate) Write(w io.Writer) error {
	data, err := json.MarshalIndent(c, "", " ")
	if err != nil {
		return fmt.Errorf("nrp: %w", err)
	}
	_, err = w.Write(append(data, '\n'))
	return err
}

// ReadCertificate reads a certificate written by Write; it does not
// check it (Check does).
func ReadCertificate(path string) (*Certificate, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("nrp: %w", err)
	}
	var c Certificate
	if err := json.Unmarshal(data, &c); err != nil {
		return nil, fmt.Errorf("nrp: %s: %w", path, err)
	}
	return &c, nil
}
