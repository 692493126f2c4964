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

// Span is an inclusive range [Lo, Hi] of sizes, Lo <= Hi, as the cores'
// subtask and level tables state them. Each core declares its own
// `type span domains.Span`, so that its tables may write span{lo, hi}
// (go vet wants the fields named in a literal of another package's
// struct type), and draws from one with Draw.
type Span struct{ Lo, Hi int }

// Draw returns a number of the range s drawn with r: one call of
// r.IntN, as the cores' own copies made, so every instance stays as it
// was.
func Draw[S ~struct{ Lo, Hi int }](r *rand.Rand, s S) int {
	x := Span(s)
	return x.Lo + r.IntN(x.Hi-x.Lo+1)
}
