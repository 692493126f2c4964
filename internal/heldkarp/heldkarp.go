package heldkarp

import (
	"fmt"
	"math"
)

// MaxCities is the largest instance Solve accepts (2¹⁶·17 table entries,
// about 20 MB).
const MaxCities = 17

// Result is the exact answer for one instance.
type Result struct {
	Length int64 // length of a shortest tour
	// Count is the number of distinct optimal tours: rotations are one
	// tour, and on a symmetric matrix so is the reverse direction.
	Count uint64
	// Tour is one optimal tour, starting at city 0.
	Tour []int
	// Symmetric reports whether the matrix was symmetric, so that Count
	// counts undirected tours.
	Symmetric bool
}

// Symmetric reports whether d[i][j] == d[j][i] for all i, j.
func Symmetric(d [][]int64) bool {
	for i := range d {
		for j := range i {
			if d[i][j] != d[j][i] {
				return false
			}
		}
	}
	return true
}

// Solve returns the optimum of the tour through all len(d) cities with arc
// lengths d[i][j] (the diagonal is ignored). It needs 2 ≤ len(d) ≤
// MaxCities, a square matrix, and arc lengths in [0, 2⁴⁰] so that no sum
// overflows.
func Solve(d [][]int64) (*Result, error) {
	n := len(d)
	if n < 2 || n > MaxCities {
		return nil, fmt.Errorf("heldkarp: %d cities, want 2 to %d", n, MaxCities)
	}
	for i := range d {
		if len(d[i]) != n {
			return nil, fmt.Errorf("heldkarp: row %d has %d entries, want %d", i, len(d[i]), n)
		}
		for j, x := range d[i] {
			if i != j && (x < 0 || x > 1<<40) {
				return nil, fmt.Errorf("heldkarp: d[%d][%d] = %d is outside [0, 2^40]", i, j, x)
			}
		}
	}
	const inf = math.MaxInt64
	m := n - 1 // cities 1..n-1 are bits 0..m-1
	full := 1 << m
	// best[S*n+j]: shortest path from 0 through exactly the cities of S,
	// ending at j ∈ S; cnt: how many such paths.
	best := make([]int64, full*n)
	cnt := make([]uint64, full*n)
	for i := range best {
		best[i] = inf
	}
	for j := 1; j < n; j++ {
		best[(1<<(j-1))*n+j], cnt[(1<<(j-1))*n+j] = d[0][j], 1
	}
	for s := 1; s < full; s++ {
		for j := 1; j < n; j++ {
			b := best[s*n+j]
			if s&(1<<(j-1)) == 0 || b == inf {
				continue
			}
			c := cnt[s*n+j]
			for k := 1; k < n; k++ {
				if s&(1<<(k-1)) != 0 {
					continue
				}
				t := (s|1<<(k-1))*n + k
				switch v := b + d[j][k]; {
				case v < best[t]:
					best[t], cnt[t] = v, c
				case v == best[t]:
					cnt[t] += c
				}
			}
		}
	}
	r := &Result{Length: inf, Symmetric: Symmetric(d)}
	if n == 2 {
		r.Length, r.Count, r.Tour = d[0][1]+d[1][0], 1, []int{0, 1}
		return r, nil
	}
	last := full - 1
	for j := 1; j < n; j++ {
		switch v := best[last*n+j] + d[j][0]; {
		case v < r.Length:
			r.Length, r.Count = v, cnt[last*n+j]
		case v == r.Length:
			r.Count += cnt[last*n+j]
		}
	}
	if r.Symmetric {
		r.Count /= 2 // each undirected tour was counted in both directions
	}
	r.Tour = backtrack(d, best, n, r.Length)
	return r, nil
}

// backtrack rebuilds one optimal tour from the table: it walks from the
// end of the path back to city 0, choosing at each step the smallest city
// whose table entry extends exactly.
func backtrack(d [][]int64, best []int64, n int, length int64) []int {
	s := 1<<(n-1) - 1
	path := make([]int, 0, n)
	need, next := length, 0
	for s != 0 {
		pick := -1
		for j := 1; j < n; j++ {
			if s&(1<<(j-1)) != 0 && best[s*n+j] != math.MaxInt64 && best[s*n+j]+d[j][next] == need {
				pick = j
				break
			}
		}
		path = append(path, pick)
		need -= d[pick][next]
		s &^= 1 << (pick - 1)
		next = pick
	}
	path = append(path, 0)
	// path is the tour backwards from its end to 0: reverse it.
	for i, j := 0, len(path)-1; i < j; i, j = i+1, j-1 {
		path[i], path[j] = path[j], path[i]
	}
	return path
}

// Length returns the length of tour, a sequence of cities closed by the
// arc from its last city back to its first.
func Length(d [][]int64, tour []int) int64 {
	var sum int64
	for i, c := range tour {
		sum += d[c][tour[(i+1)%len(tour)]]
	}
	return sum
}
