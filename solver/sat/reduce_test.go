package sat_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/plancert/plancert/encode"
	"github.com/plancert/plancert/solver"
	"github.com/plancert/plancert/solver/sat"
)

// tourModel is a circuit over n cities with arc lengths d.
func tourModel(d [][]int64) *encode.Model {
	m := encode.NewModel()
	var arcs []encode.Arc
	var obj []encode.Term
	for i := range d {
		for j := range d[i] {
			if i != j {
				v := m.NewBool(fmt.Sprintf("a_%d_%d", i, j))
				arcs = append(arcs, encode.Arc{From: i, To: j, Lit: v.Lit()})
				obj = append(obj, encode.Term{Var: v, Coef: d[i][j]})
			}
		}
	}
	m.AddCircuit(arcs...).Named("tour")
	m.Minimize(obj...)
	return m
}

// bruteTour returns the shortest tour length by trying every order.
func bruteTour(d [][]int64) int64 {
	n := len(d)
	best := int64(1) << 62
	perm := make([]int, n)
	used := make([]bool, n)
	var rec func(k int, cost int64)
	rec = func(k int, cost int64) {
		if k == n {
			best = min(best, cost+d[perm[n-1]][perm[0]])
			return
		}
		for c := 1; c < n; c++ {
			if !used[c] {
				used[c] = true
				perm[k] = c
				rec(k+1, cost+d[perm[k-1]][c])
				used[c] = false
			}
		}
	}
	rec(1, 0)
	return best
}

// TestTourOptimumAndLevelBound: on random asymmetric tours with wide
// lengths (so the objective takes the bucket network), the optimum is the
// brute-force one, and the reduced-cost bound is a lower bound at least
// the sum of the row minima.
func TestTourOptimumAndLevelBound(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for iter := 0; iter < 12; iter++ {
		n := 3 + iter%4
		d := make([][]int64, n)
		var rows int64
		for i := range d {
			d[i] = make([]int64, n)
			rmin := int64(1) << 62
			for j := range d[i] {
				if i != j {
					d[i][j] = 1 + r.Int64N(5000)
					rmin = min(rmin, d[i][j])
				}
			}
			rows += rmin
		}
		m := tourModel(d)
		want := bruteTour(d)
		c, err := solver.Certify(context.Background(), sat.Backend{}, m)
		if err != nil {
			t.Fatal(err)
		}
		if c.Objective[0] != want {
			t.Fatalf("n=%d: optimum %d, brute force %d", n, c.Objective[0], want)
		}
		enc, err := encode.Lower(m, &encode.Log{})
		if err != nil {
			t.Fatal(err)
		}
		if lb := enc.LevelBound(0); lb > want || lb < rows {
			t.Fatalf("n=%d: LevelBound %d, optimum %d, row minima %d", n, lb, want, rows)
		}
	}
}

// TestWideWeights: weights up to 10^12 (about 40 buckets, the bucket
// network since the totalizer would have thousands of sums) under "at
// least 17 of 20": the optimum is the sum of the 17 least weights.
func TestWideWeights(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for iter := 0; iter < 3; iter++ {
		m := encode.NewModel()
		var ts []encode.Term
		var ls []encode.Lit
		ws := make([]int64, 20)
		for i := range ws {
			v := m.NewBool(fmt.Sprintf("b%d", i))
			ws[i] = 1 + r.Int64N(1_000_000_000_000)
			ts = append(ts, encode.Term{Var: v, Coef: ws[i]})
			ls = append(ls, v.Lit())
		}
		m.AddAtLeast(ls, 17).Named("seventeen")
		m.Minimize(ts...)
		slices.Sort(ws)
		var want int64
		for _, w := range ws[:17] {
			want += w
		}
		c, err := solver.Certify(context.Background(), sat.Backend{}, m)
		if err != nil {
			t.Fatal(err)
		}
		if c.Objective[0] != want {
			t.Fatalf("optimum %d, want %d", c.Objective[0], want)
		}
	}
}
