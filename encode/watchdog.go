package encode

import (
	"fmt"
	"math/bits"
)

// Wide weighted sums: bucket totalizers per bit with carries, after the
// "global polynomial watchdog" of Bailleux, Boufkhad & Roussel, "New
// encodings of pseudo-Boolean constraints into CNF", SAT 2009.
//
// The generalized totalizer keeps one output per attainable sum, so a sum
// whose weights are many distinct numbers (the arc lengths of a tour) has
// thousands of values below the bound and a root merge of millions of
// clauses. The watchdog splits every weight into its bits: bucket b is a
// unit-weight totalizer over the literals whose weight has bit b, plus the
// carries of bucket b−1 (its outputs "count ≥ 2j", which stand for
// ⌊count/2⌋ ≥ j). By induction, bucket b counts at least
// ⌊(sum of the weights' bits 0..b)/2^b⌋, and bucket p, with 2^p above the
// bound, is at least 1 exactly when the whole sum reaches 2^p. Bailleux et
// al. compare against a bound k by adding the constant 2^p−(k+1) to the
// sum, so that "sum ≤ k" is the single literal ¬[bucket p ≥ 1]. Here the
// constant enters through one input literal d_b per bucket b < p, shared by
// all bounds: the bound literal of k implies d_b for the bits of
// 2^p−(k+1) and ¬[bucket p ≥ 1], so each new bound costs a handful of
// clauses and the network is built once. The clauses are one-directional
// (inputs imply outputs), like the totalizer's: a model may set an output
// or a free d_b true without need, which only strengthens the bound.
//
// Consequence: two bound literals of the same level must not be true
// together (their constants would add up); a backend assumes one bound per
// level at a time, which is what Optimize, Unique, Enumerate and
// Refutation do.
//
// Size: bucket b is cut at 2^(p−b), so it has at most min(n_b, 2^(p−b))
// outputs for n_b inputs; about Σ_b n_b² clauses in all, against the
// totalizer's (number of attainable sums)².

// maxObjectiveGTE is the size (in clauses, as gteSize counts them) above
// which an objective level uses the watchdog instead of the generalized
// totalizer.
var maxObjectiveGTE = 50_000

type watchdog struct {
	p   int     // 2^p > cap
	d   []int32 // d[b]: the constant input of bucket b < p
	top int32   // [bucket p ≥ 1]: sum + constant ≥ 2^p
	lit map[int64]int32
}

// gteSize returns the number of clauses (and outputs) the generalized
// totalizer over ns cut at bound would add, or a number above limit once
// it exceeds limit. It computes only the value sets.
func gteSize(ns []node, bound int64, limit int) int {
	sets := make([][]int64, len(ns))
	for i, n := range ns {
		for _, v := range n.values {
			sets[i] = append(sets[i], min(v, bound+1))
		}
		sets[i] = dedup(sets[i])
	}
	total := 0
	for len(sets) > 1 {
		var next [][]int64
		for i := 0; i+1 < len(sets); i += 2 {
			a, b := sets[i], sets[i+1]
			total += len(a)*len(b) + len(a) + len(b)
			if total > limit {
				return total
			}
			seen := map[int64]bool{}
			var out []int64
			put := func(s int64) {
				s = min(s, bound+1)
				if !seen[s] {
					seen[s] = true
					out = append(out, s)
				}
			}
			for _, x := range a {
				put(x)
				for _, y := range b {
					put(x + y)
				}
			}
			for _, y := range b {
				put(y)
			}
			total += len(out)
			next = append(next, out)
		}
		if len(sets)%2 == 1 {
			next = append(next, sets[len(sets)-1])
		}
		sets = next
	}
	return total
}

func dedup(vs []int64) []int64 {
	seen := map[int64]bool{}
	out := vs[:0]
	for _, v := range vs {
		if !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	return out
}

// watchdog builds the bucket network for "sum of leaves ≤ k" for every
// k ≤ cap. A leaf with values v_1 < v_2 < … and outputs o_1, o_2, … is
// the sum Σ (v_j − v_{j−1})·o_j, since o_{j+1} → o_j.
func (e *Encoding) watchdog(leaves []node, cap int64) (*watchdog, error) {
	p := bits.Len64(uint64(cap)) // 2^p > cap
	if p > 61 {
		return nil, fmt.Errorf("bound %d is too wide for the bucket network (2^61 at most)", cap)
	}
	w := &watchdog{p: p, lit: map[int64]int32{}}
	lim := int64(1) << p
	inputs := make([][]int32, p+1)
	for _, n := range leaves {
		prev := int64(0)
		for j, v := range n.values {
			dw := min(v-prev, lim)
			prev = v
			for b := 0; b <= p; b++ {
				if dw>>b&1 == 1 {
					inputs[b] = append(inputs[b], n.outs[j])
				}
			}
		}
	}
	var carries []int32
	for b := 0; b <= p; b++ {
		in := append(inputs[b], carries...)
		if b == p {
			w.top = e.newVar()
			for _, l := range in {
				e.emit(-l, w.top)
			}
			break
		}
		db := e.newVar()
		w.d = append(w.d, db)
		in = append(in, db)
		ns := make([]node, len(in))
		for i, l := range in {
			ns[i] = node{values: []int64{1}, outs: []int32{l}}
		}
		cut := int64(1) << (p - b) // counts at or above cut carry all that is needed
		root, err := e.totalize(ns, cut-1)
		if err != nil {
			return nil, fmt.Errorf("watchdog bucket %d: %w", b, err)
		}
		carries = carries[:0:0]
		for i, v := range root.values {
			if v%2 == 0 {
				carries = append(carries, root.outs[i])
			}
		}
	}
	return w, nil
}

// pwBound returns the literal of "sum ≤ k", 0 ≤ k < 2^p.
func (e *Encoding) pwBound(w *watchdog, k int64) int32 {
	if l, ok := w.lit[k]; ok {
		return l
	}
	c := int64(1)<<w.p - (k + 1)
	l := e.newVar()
	for b := 0; b < w.p; b++ {
		if c>>b&1 == 1 {
			e.emitRaw(-l, w.d[b])
		}
	}
	e.emitRaw(-l, -w.top)
	w.lit[k] = l
	return l
}
