// Package routetest holds the test helpers the route task packages
// (domains/route/commute, delivery, dispatch, itinerary) share: the golden
// form of a record and its -update-golden flag, item results by ID, and
// the brute-force list of fleet plans.
package routetest

import (
	"flag"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/plancert/plancert/domains"
)

// UpdateGolden rewrites the golden files of the package under test: e.g.
// go test ./domains/route/delivery -run TestGolden -update-golden.
var UpdateGolden = flag.Bool("update-golden", false, "rewrite testdata/golden/*.txt from the current generator")

// GoldenText is the golden form of a record: ID, units, certificate, the
// prompt and the checklist (id | tier | kind | text), one item a line.
func GoldenText(rec *domains.Record) string {
	var b strings.Builder
	c := rec.Constraints
	fmt.Fprintf(&b, "record: %s\n", rec.ID)
	fmt.Fprintf(&b, "units: basic %v; medium %v; hard %v\n", c.Basic, c.Medium, c.Hard)
	fmt.Fprintf(&b, "certificate: %s %v\n", rec.Certificate.Status, rec.Certificate.Objective)
	b.WriteString("\n==== prompt ====\n")
	b.WriteString(rec.Prompt)
	b.WriteString("\n==== checklist (id | tier | kind | text) ====\n")
	for _, it := range rec.Checklist {
		fmt.Fprintf(&b, "%s | %s | %s | %s\n", it.ID, it.Tier, it.Kind, it.Text)
	}
	return b.String()
}

// Results maps item ID → pass.
func Results(rs []domains.Result) map[string]bool {
	out := map[string]bool{}
	for _, r := range rs {
		out[r.ID] = r.Pass
	}
	return out
}

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
