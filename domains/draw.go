package domains

import (
	"math/rand/v2"
	"slices"
)

// The draws that the cores' generators share. They consume r exactly as
// the cores' own copies did, so that every instance stays as it was.

// PickIndex returns k distinct indexes of 0..n-1 drawn with r, in
// increasing order.
func PickIndex(r *rand.Rand, n, k int) []int {
	idx := r.Perm(n)[:k]
	slices.Sort(idx)
	return idx
}

// Pick returns n distinct elements of xs drawn with r, in their order in
// xs.
func Pick[T any](r *rand.Rand, xs []T, n int) []T {
	out := make([]T, n)
	for i, k := range PickIndex(r, len(xs), n) {
		out[i] = xs[k]
	}
	return out
}
