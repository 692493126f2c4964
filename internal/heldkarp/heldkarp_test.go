package heldkarp_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/plancert/plancert/internal/heldkarp"
)

// brute enumerates every tour from city 0 and returns the optimum and the
// number of distinct optimal tours: a sequence and its reverse are one
// tour when sym.
func brute(d [][]int64, sym bool) (int64, uint64) {
	n := len(d)
	rest := make([]int, n-1)
	for i := range rest {
		rest[i] = i + 1
	}
	best, seen := int64(-1), map[string]bool{}
	var perm func(k int)
	perm = func(k int) {
		if k == len(rest) {
			tour := append([]int{0}, rest...)
			l := heldkarp.Length(d, tour)
			key := fmt.Sprint(tour)
			if sym && n > 2 {
				rev := append([]int{0}, rest...)
				slices.Reverse(rev[1:])
				if k2 := fmt.Sprint(rev); k2 < key {
					key = k2
				}
			}
			switch {
			case best < 0 || l < best:
				best, seen = l, map[string]bool{key: true}
			case l == best:
				seen[key] = true
			}
			return
		}
		for i := k; i < len(rest); i++ {
			rest[k], rest[i] = rest[i], rest[k]
			perm(k + 1)
			rest[k], rest[i] = rest[i], rest[k]
		}
	}
	perm(0)
	return best, uint64(len(seen))
}

// random returns an n-city matrix with entries in [1, span]; small spans
// make ties (several optimal tours) common.
func random(n int, span int64, sym bool, r *rand.Rand) [][]int64 {
	d := make([][]int64, n)
	for i := range d {
		d[i] = make([]int64, n)
	}
	for i := range d {
		for j := range d {
			if i == j || (sym && j < i) {
				continue
			}
			d[i][j] = 1 + r.Int64N(span)
			if sym {
				d[j][i] = d[i][j]
			}
		}
	}
	return d
}

// TestAgainstBrute: optimum, count of optimal tours and the returned tour
// agree with full enumeration on seeded random instances, symmetric and
// not, with many ties and with few.
func TestAgainstBrute(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 1))
	ties, asym := 0, 0
	for _, sym := range []bool{true, false} {
		for n := 2; n <= 8; n++ {
			for _, span := range []int64{3, 10, 1000} {
				for rep := 0; rep < 4; rep++ {
					d := random(n, span, sym, r)
					got, err := heldkarp.Solve(d)
					if err != nil {
						t.Fatal(err)
					}
					isSym := heldkarp.Symmetric(d) // a small asymmetric draw may come out symmetric
					if sym && !isSym {
						t.Fatal("Symmetric: false on a symmetric matrix")
					}
					wl, wc := brute(d, isSym)
					if got.Length != wl || got.Count != wc || got.Symmetric != isSym {
						t.Fatalf("n=%d sym=%v span=%d: got (%d, %d, %v), brute (%d, %d)\n%v", n, sym, span, got.Length, got.Count, got.Symmetric, wl, wc, d)
					}
					if l := heldkarp.Length(d, got.Tour); l != wl || len(got.Tour) != n || got.Tour[0] != 0 {
						t.Fatalf("n=%d: tour %v has length %d, want %d", n, got.Tour, l, wl)
					}
					if s := slices.Sorted(slices.Values(got.Tour)); !slices.Equal(s, rangeN(n)) {
						t.Fatalf("n=%d: tour %v is not a permutation", n, got.Tour)
					}
					if wc > 1 {
						ties++
					}
					if !isSym {
						asym++
					}
				}
			}
		}
	}
	if asym < 50 {
		t.Errorf("only %d asymmetric instances: directed counting is barely tested", asym)
	}
	if ties < 20 {
		t.Errorf("only %d instances with several optimal tours: the count is barely tested", ties)
	}
}

func rangeN(n int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = i
	}
	return s
}

func TestErrors(t *testing.T) {
	for _, tc := range []struct {
		d    [][]int64
		want string
	}{
		{[][]int64{{0}}, "heldkarp: 1 cities, want 2 to 17"},
		{make([][]int64, 18), "heldkarp: 18 cities, want 2 to 17"},
		{[][]int64{{0, 1}, {1}}, "heldkarp: row 1 has 1 entries, want 2"},
		{[][]int64{{0, -1}, {1, 0}}, "heldkarp: d[0][1] = -1 is outside [0, 2^40]"},
	} {
		if _, err := heldkarp.Solve(tc.d); err == nil || err.Error() != tc.want {
			t.Errorf("got %v, want %q", err, tc.want)
		}
	}
}

// ExampleSolve: four cities on a square; the two diagonals are long, so
// the perimeter is the one optimal tour (in either direction).
func ExampleSolve() {
	d := [][]int64{
		{0, 1, 5, 1},
		{1, 0, 1, 5},
		{5, 1, 0, 1},
		{1, 5, 1, 0},
	}
	r, _ := heldkarp.Solve(d)
	fmt.Println(r.Length, r.Count, r.Tour)
	// Output: 4 1 [0 3 2 1]
}
