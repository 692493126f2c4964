package nrp

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"

	"github.com/plancert/plancert/internal/bom"
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
	// Short, when set, is a certificate for the shortfall instance of
	// the same instance (ShortfallInstance): it proves that every roster
	// leaves at least m = Short.Proven() required staff-shifts uncovered.
	// That is a valid cut, U ≥ m with U the total shortfall, and Nu ≥ 0
	// its multiplier: the cover term then lowers every cover's weight
	// per missing employee by Nu/K and adds Nu·m (coverTermIn). Nu is 0
	// without Short.
	Short *Certificate `json:"short,omitempty"`
	Nu    int64        `json:"nu,omitempty"`
}

// Proven returns the lower bound c proves once checked: Bound, or
// TreeBound when there is a tree and it is higher.
func (c *Certificate) Proven() int64 {
	if c.Tree != nil && c.TreeBound > c.Bound {
		return c.TreeBound
	}
	return c.Bound
}

// ShortfallInstance returns the instance whose penalty is the total
// shortfall of in's rosters: the same staff, rules and covers, no shift
// requests, and every cover's weight 1 per missing and 0 per extra
// employee. Its name is in's with " shortfall" appended. Every roster of
// in is a roster of it, so a lower bound m on its optimum says that every
// roster of in leaves at least m required staff-shifts uncovered.
func ShortfallInstance(in *Instance) *Instance {
	out := *in
	out.Name = in.Name + " shortfall"
	out.On, out.Off = nil, nil
	out.Cover = append([]Cover(nil), in.Cover...)
	for i := range out.Cover {
		out.Cover[i].Under, out.Cover[i].Over = 1, 0
	}
	return &out
}

// shortCut is the cut U ≥ min on the total shortfall U with its
// multiplier nu (scaled by K); the zero value is no cut.
type shortCut struct{ min, nu int64 }

// Limits of a certificate's numbers. Within them, magnitudes decides
// whether the bound's int64 arithmetic is exact.
const (
	maxK         = 1 << 30
	maxMu        = 1 << 50
	maxMagnitude = 1 << 61 // a quarter of int64's range
)

// magnitudes fails unless the exact arithmetic of a bound under K, mu and
// cut cannot overflow int64: it bounds, in floating point and from above,
// the absolute value of every partial sum the bound forms — each
// employee's pricing program (K times the employee's request weights plus
// the horizon times the largest |mu|), each cover's term (K times its
// largest penalty, the cut's multiplier times the requirement, the largest
// |mu| times the staff) and the cut's constant — and requires the total
// to stay below 2^61. Without it a forged certificate with multipliers
// near 2^58 "checks" with a bound in the quadrillions on Instance1. Cost:
// one pass over the requests, covers and multipliers.
func magnitudes(in *Instance, K int64, mu [][]int64, cut shortCut) error {
	if K < 1 || K > maxK {
		return fmt.Errorf("nrp: %s: scale K must be between 1 and %d, got %d", in.Name, int64(maxK), K)
	}
	if cut.nu < 0 || cut.nu > maxMu || cut.min < 0 {
		return fmt.Errorf("nrp: %s: cut multiplier %d or shortfall %d out of range (0..%d)", in.Name, cut.nu, cut.min, int64(maxMu))
	}
	var mmax float64
	for d := range mu {
		for t, v := range mu[d] {
			if v < -maxMu || v > maxMu {
				return fmt.Errorf("nrp: %s: multiplier of day %d, shift %s is %d, beyond ±%d", in.Name, d, in.Shifts[t].ID, v, int64(maxMu))
			}
			mmax = max(mmax, math.Abs(float64(v)))
		}
	}
	k, S, H := float64(K), float64(len(in.Staff)), float64(in.Horizon)
	total := float64(cut.nu) * float64(cut.min)
	req := make([]float64, len(in.Staff))
	for _, rs := range [][]Request{in.On, in.Off} {
		for _, r := range rs {
			req[r.Staff] += float64(r.Weight)
		}
	}
	for s := range in.Staff {
		total += k*req[s] + H*mmax
	}
	for _, c := range in.Cover {
		q := float64(c.Requirement)
		total += k*max(q*float64(c.Under), (S-q)*float64(c.Over)) + float64(cut.nu)*q
	}
	total += H * float64(len(in.Shifts)) * mmax * (S + 1)
	if total >= maxMagnitude {
		return fmt.Errorf("nrp: %s: multipliers too large for exact arithmetic: the bound's sums could reach %.3g (limit 2^61)", in.Name, total)
	}
	return nil
}

// coverTerm returns Σ_{d,t} min_{0≤y≤staff} (K·C_dt(y) − mu[d][t]·y)
// with the cut's term: with the cut U ≥ cut.min, every missing employee
// costs cut.nu less and cut.nu·cut.min is added (valid when every roster
// keeps the cut: cut.nu·(U − cut.min) ≥ 0 was subtracted).
// Cost: O(H·T·staff + covers·staff).
func coverTerm(in *Instance, K int64, mu [][]int64, cut shortCut) int64 {
	v, _ := coverTermIn(in, K, mu, cut, nil)
	return v
}

// coverTermIn is coverTerm with y[d][t] restricted to ranges[(d,t)]
// (inclusive, within [0, staff]) where given; ok is false when a range is
// empty.
func coverTermIn(in *Instance, K int64, mu [][]int64, cut shortCut, ranges map[[2]int][2]int) (int64, bool) {
	S := len(in.Staff)
	byDT := map[[2]int][]Cover{}
	for _, c := range in.Cover {
		k := [2]int{c.Day, c.Shift}
		byDT[k] = append(byDT[k], c)
	}
	sum := cut.nu * cut.min
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
						c += int64(cv.Requirement-y) * (K*int64(cv.Under) - cut.nu)
					} else {
						c += int64(y-cv.Requirement) * K * int64(cv.Over)
					}
				}
				if v := c - mu[d][t]*int64(y); y == lo || v < best {
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
	return lowerBound(ctx, in, K, mu, nil, 0)
}

// lowerBound is LowerBound with the shortfall cut of short, a checked
// certificate for ShortfallInstance(in), under multiplier nu ≥ 0 (short
// nil and nu 0: no cut): every roster leaves at least short.Proven()
// staff-shifts uncovered, so nu·(shortfall − short.Proven()) ≥ 0 can be
// subtracted from the penalty.
func lowerBound(ctx context.Context, in *Instance, K int64, mu [][]int64, short *Certificate, nu int64) (*Certificate, error) {
	if short == nil && nu != 0 {
		return nil, fmt.Errorf("nrp: %s: cut multiplier nu %d without a shortfall certificate", in.Name, nu)
	}
	if len(mu) != in.Horizon {
		return nil, fmt.Errorf("nrp: %s: %d multiplier rows for a horizon of %d", in.Name, len(mu), in.Horizon)
	}
	for d := range mu {
		if len(mu[d]) != len(in.Shifts) {
			return nil, fmt.Errorf("nrp: %s: day %d has %d multipliers for %d shift types", in.Name, d, len(mu[d]), len(in.Shifts))
		}
	}
	c := &Certificate{Instance: in.Name, K: K, Mu: mu, Short: short, Nu: nu}
	var cut shortCut
	if short != nil {
		cut = shortCut{short.Proven(), nu}
	}
	if err := magnitudes(in, K, mu, cut); err != nil {
		return nil, err
	}
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
	c.Cover = coverTerm(in, K, mu, cut)
	c.L += c.Cover
	c.Bound = ceilDiv(c.L, K)
	return c, nil
}

// Check recomputes c with LowerBound and fails unless every field agrees:
// a certificate is accepted only when its minima, cover term, L and bound
// are exactly what its K and Mu give on in, and, with a Tree, when
// CheckTree proves exactly TreeBound. With Short, that certificate is
// checked first, against ShortfallInstance(in), and its proven bound is
// the cut of the cover term and of every leaf. The proven lower bound is
// then Proven(). Cost: LowerBound's plus CheckTree's, and Short's.
func (c *Certificate) Check(ctx context.Context, in *Instance) error {
	if c.Instance != in.Name {
		return fmt.Errorf("nrp: certificate for %q, not %q", c.Instance, in.Name)
	}
	var m int64
	if c.Short != nil {
		if c.Short.Short != nil {
			return fmt.Errorf("nrp: %s: the shortfall certificate has a shortfall certificate of its own", in.Name)
		}
		if err := c.Short.Check(ctx, ShortfallInstance(in)); err != nil {
			return err
		}
		m = c.Short.Proven()
	}
	got, err := lowerBound(ctx, in, c.K, c.Mu, c.Short, c.Nu)
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
		tb, err := CheckTree(ctx, in, c.K, m, c.Tree)
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
	if err := json.Unmarshal(bom.Trim(data), &c); err != nil {
		return nil, fmt.Errorf("nrp: %s: %w", path, err)
	}
	return &c, nil
}
