package route_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/plancert/plancert/domains/route"
	"github.com/plancert/plancert/internal/heldkarp"
	"github.com/plancert/plancert/solver"
	"github.com/plancert/plancert/solver/sat"
)

// randomMatrix returns n stops with travel times in [1, span]; small spans
// make several optimal tours common.
func randomMatrix(n int, span int64, sym bool, r *rand.Rand) [][]int64 {
	d := make([][]int64, n)
	for i := range d {
		d[i] = make([]int64, n)
	}
	for i := range d {
		for j := range d {
			if i != j && (!sym || j > i) {
				d[i][j] = 1 + r.Int64N(span)
				if sym {
					d[j][i] = d[i][j]
				}
			}
		}
	}
	return d
}

// TestTourAgainstHeldKarp: on seeded random instances of 3 to 10 stops,
// symmetric and not, the SAT certificate of the tour model and Held–Karp
// agree on the optimum and on uniqueness (one optimal tour, rotations and
// on symmetric matrices directions counted once); up to 7 stops the
// optimal solutions the solver enumerates are exactly Held–Karp's count,
// which checks that the direction rule keeps one representative per tour.
func TestTourAgainstHeldKarp(t *testing.T) {
	maxN, reps := 10, 3
	if testing.Short() {
		maxN, reps = 8, 2
	}
	r := rand.New(rand.NewPCG(21, 5))
	unique, several := 0, 0
	for n := 3; n <= maxN; n++ {
		for _, sym := range []bool{true, false} {
			for _, span := range []int64{4, 100} {
				for rep := range reps {
					d := randomMatrix(n, span, sym, r)
					name := fmt.Sprintf("n=%d sym=%v span=%d #%d", n, sym, span, rep)
					hk, err := heldkarp.Solve(d)
					if err != nil {
						t.Fatal(err)
					}
					tm, err := route.NewTourModel(d)
					if err != nil {
						t.Fatal(err)
					}
					if tm.Symmetric != hk.Symmetric {
						t.Fatalf("%s: model symmetric %v, Held–Karp %v", name, tm.Symmetric, hk.Symmetric)
					}
					c, err := solver.Certify(context.Background(), sat.Backend{}, tm.Model)
					if err != nil {
						t.Fatal(err)
					}
					if c.Status != solver.Optimal || c.Objective[0] != hk.Length || c.Unique == nil {
						t.Fatalf("%s: certificate %v %v unique=%v, Held–Karp %d", name, c.Status, c.Objective, c.Unique, hk.Length)
					}
					tour, err := tm.Decode(c.Solution)
					if err != nil || heldkarp.Length(d, tour) != hk.Length {
						t.Fatalf("%s: decoded %v (%v), length %d, want %d", name, tour, err, heldkarp.Length(d, tour), hk.Length)
					}
					if *c.Unique != (hk.Count == 1) {
						t.Fatalf("%s: SAT unique=%v, Held–Karp counts %d optimal tours", name, *c.Unique, hk.Count)
					}
					if !*c.Unique {
						several++
						w, err := tm.Decode(c.Witness)
						if err != nil || heldkarp.Length(d, w) != hk.Length || sameTour(w, tour, tm.Symmetric) {
							t.Fatalf("%s: witness %v (%v) is not a different optimal tour than %v", name, w, err, tour)
						}
					} else {
						unique++
					}
					if n <= 7 {
						s, err := sat.Backend{}.Load(tm.Model)
						if err != nil {
							t.Fatal(err)
						}
						e, err := s.Enumerate(context.Background(), int(hk.Count)+1)
						if err != nil || !e.Complete || uint64(len(e.Solutions)) != hk.Count {
							t.Fatalf("%s: enumerated %d optimal tours (complete %v, %v), Held–Karp %d", name, len(e.Solutions), e.Complete, err, hk.Count)
						}
					}
				}
			}
		}
	}
	if unique < 5 || several < 5 {
		t.Errorf("%d unique and %d non-unique optima: both sides need testing", unique, several)
	}
}

// sameTour reports whether two tours from stop 0 are one plan: equal, or
// reversed on a symmetric matrix.
func sameTour(a, b []int, sym bool) bool {
	if len(a) != len(b) {
		return false
	}
	fwd, rev := true, sym
	for i := range a {
		fwd = fwd && a[i] == b[i]
		rev = rev && a[i] == b[(len(b)-i)%len(b)]
	}
	return fwd || rev
}

func TestNewTourModelErrors(t *testing.T) {
	for _, tc := range []struct {
		d    [][]int64
		want string
	}{
		{[][]int64{{0}}, "route: a tour needs at least 2 stops, got 1"},
		{[][]int64{{0, 1}, {1}}, "route: travel-time row 1 has 1 entries, want 2"},
		{[][]int64{{0, 1}, {-2, 0}}, "route: travel time 1→0 is -2, want ≥ 0"},
	} {
		if _, err := route.NewTourModel(tc.d); err == nil || err.Error() != tc.want {
			t.Errorf("got %v, want %q", err, tc.want)
		}
	}
}

// TestDecodeErrors: assignments that are not one tour are refused.
func TestDecodeErrors(t *testing.T) {
	d := randomMatrix(4, 10, false, rand.New(rand.NewPCG(1, 1)))
	tm, err := route.NewTourModel(d)
	if err != nil {
		t.Fatal(err)
	}
	arcs := func(pairs ...[2]int) []int64 {
		a := make([]int64, len(tm.Model.Vars))
		for _, p := range pairs {
			a[tm.Arc[p[0]][p[1]]] = 1
		}
		return a
	}
	for _, tc := range []struct {
		a    []int64
		want string
	}{
		{arcs([2]int{0, 1}, [2]int{1, 0}, [2]int{2, 3}, [2]int{3, 2}), "route: the arcs close a cycle at stop 0 after 2 of 4 stops"},
		{arcs([2]int{0, 1}, [2]int{0, 2}), "route: stop 0 has two outgoing arcs (to 1 and 2)"},
		{arcs([2]int{0, 1}), "route: stop 1 has no outgoing arc"},
	} {
		if _, err := tm.Decode(tc.a); err == nil || err.Error() != tc.want {
			t.Errorf("got %v, want %q", err, tc.want)
		}
	}
}
