// Package routetest holds the test helpers that the route task packages
// (domains/route/commute, delivery, dispatch, itinerary) share: the
// brute-force list of fleet plans (AllPlans), the brute-force sweep and
// its level walk (brute.go), the load-error test (load.go), the
// familytest.Family settings they share (family.go: Family of a Skin)
// and the mutants they draw alike (mutation.go: Mutants). Their family tests (reference,
// goldens and the -update flag, mutations, brute-force agreement) run
// through internal/familytest. routetest is outside domains/ so that it
// may import gen and solver/sat, as familytest does; it is imported only
// from _test.go files.
package routetest

import (
	"fmt"
	"slices"
	"sort"
)

// AllPlans lists every set of at most k non-empty routes over stops 1..n,
// routes ordered by first stop: each plan once.
func AllPlans(n, k int) [][][]int {
	perm := make([]int, n)
	for i := range perm {
		perm[i] = i + 1
	}
	seen := map[string]bool{}
	var out [][][]int
	var try func(i int)
	try = func(i int) {
		if i < n {
			for j := i; j < n; j++ {
				perm[i], perm[j] = perm[j], perm[i]
				try(i + 1)
				perm[i], perm[j] = perm[j], perm[i]
			}
			return
		}
		for mask := 0; mask < 1<<(n-1); mask++ {
			var routes [][]int
			cur := []int{perm[0]}
			for p := 1; p < n; p++ {
				if mask&(1<<(p-1)) != 0 {
					routes, cur = append(routes, cur), nil
				}
				cur = append(cur, perm[p])
			}
			routes = append(routes, slices.Clone(cur))
			if len(routes) > k {
				continue
			}
			sort.Slice(routes, func(a, b int) bool { return routes[a][0] < routes[b][0] })
			if key := fmt.Sprint(routes); !seen[key] {
				seen[key] = true
				out = append(out, routes)
			}
		}
	}
	try(0)
	return out
}
