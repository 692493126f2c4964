package domains_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/plancert/plancert/domains"
)

// TestPick: Pick keeps the order of xs and draws from r as sorting
// r.Perm's first n does (the cores' draws before it), no more.
func TestPick(t *testing.T) {
	xs := []string{"a", "b", "c", "d", "e"}
	r1, r2 := rand.New(rand.NewPCG(7, 7)), rand.New(rand.NewPCG(7, 7))
	got := domains.Pick(r1, xs, 3)
	idx := r2.Perm(len(xs))[:3]
	slices.Sort(idx)
	want := []string{xs[idx[0]], xs[idx[1]], xs[idx[2]]}
	if !slices.Equal(got, want) {
		t.Errorf("Pick = %v, want %v", got, want)
	}
	if r1.Uint64() != r2.Uint64() {
		t.Error("Pick drew more or less from r than one Perm")
	}
	if got := domains.PickIndex(rand.New(rand.NewPCG(7, 7)), len(xs), 3); !slices.Equal(got, idx) {
		t.Errorf("PickIndex = %v, want %v", got, idx)
	}
}

// TestDraw: Draw gives every number of the span, nothing outside it, and
// draws from r as one IntN of the span's width does, no more.
func TestDraw(t *testing.T) {
	type span domains.Span
	r1, r2 := rand.New(rand.NewPCG(3, 5)), rand.New(rand.NewPCG(3, 5))
	seen := map[int]bool{}
	for range 200 {
		got := domains.Draw(r1, span{-2, 3})
		if want := -2 + r2.IntN(6); got != want {
			t.Fatalf("Draw = %d, want %d", got, want)
		}
		seen[got] = true
	}
	if len(seen) != 6 || !seen[-2] || !seen[3] {
		t.Errorf("Draw over 200 draws gave %v, want every number of -2..3", seen)
	}
	if r1.Uint64() != r2.Uint64() {
		t.Error("Draw drew more or less from r than one IntN")
	}
	if got := domains.Draw(r1, span{4, 4}); got != 4 {
		t.Errorf("Draw of 4..4 = %d", got)
	}
}
