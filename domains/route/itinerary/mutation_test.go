package itinerary_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	"github.com/plancert/plancert/domains/route/internal/routetest"
	"github.com/plancert/plancert/solver/sat"
)

// mutations lists single changes of a plan (stop numbers per day) over
// n stops: a stop dropped, two neighbours swapped, a stop moved to another
// day, an unvisited stop inserted anywhere or put in a visited stop's
// place.
func mutations(plan [][]int, n int) [][][]int {
	clone := func() [][]int {
		c := make([][]int, len(plan))
		for i := range plan {
			c[i] = slices.Clone(plan[i])
		}
		return c
	}
	visited := map[int]bool{}
	for _, day := range plan {
		for _, s := range day {
			visited[s] = true
		}
	}
	var out [][][]int
	for d, day := range plan {
		for i := range day {
			c := clone()
			c[d] = slices.Delete(c[d], i, i+1)
			out = append(out, c)
			if i+1 < len(day) {
				c = clone()
				c[d][i], c[d][i+1] = c[d][i+1], c[d][i]
				out = append(out, c)
			}
			for e := range plan {
				if e != d {
					c = clone()
					s := c[d][i]
					c[d] = slices.Delete(c[d], i, i+1)
					c[e] = append(c[e], s)
					out = append(out, c)
				}
			}
			for s := 1; s <= n; s++ {
				if !visited[s] {
					c = clone()
					c[d][i] = s
					out = append(out, c)
				}
			}
		}
		for s := 1; s <= n; s++ {
			if visited[s] {
				continue
			}
			for i := 0; i <= len(day); i++ {
				c := clone()
				c[d] = slices.Insert(c[d], i, s)
				out = append(out, c)
			}
		}
	}
	return out
}

// TestMutation: single changes of each kept reference plan (seeds
// 1..30) are caught by the item that names the broken rule: the items of
// the rules the oracle says are broken fail, and a change that keeps every
// rule fails "optimal" (every kept optimum is unique); a repeated stop
// fails coverage, a wrong stated score fails "stated" only, an unknown name
// fails format. No mutation passes every item. Infeasible references: a
// plan, an unknown rule name and each single rule (which alone can hold:
// the empty plan or the generator's hidden plan keeps it) are refused.
func TestMutation(t *testing.T) {
	caught := map[string]int{}
	for seed := uint64(1); seed <= seeds(); seed++ {
		rec, inst, drop := record(t, seed)
		if drop != "" {
			continue
		}
		var d data
		if err := json.Unmarshal(rec.Instance, &d); err != nil {
			t.Fatal(err)
		}
		ref := rec.Reference
		check := func(what string, ans json.RawMessage, want ...string) map[string]bool {
			t.Helper()
			got := routetest.Results(inst.Check(context.Background(), sat.Backend{}, ans, ref))
			all := true
			for _, p := range got {
				all = all && p
			}
			if all {
				t.Fatalf("seed %d: %s passes every item: %s", seed, what, ans)
			}
			for _, id := range want {
				if got[id] {
					t.Fatalf("seed %d: %s: item %s passes: %s (%v)", seed, what, id, ans, got)
				}
				caught[id]++
			}
			return got
		}
		if !ref.Feasible {
			check("a plan for an infeasible instance", planJSON(d, make([][]int, len(d.Days)), 0, 0), "format", "infeasible")
			check("an unknown rule", json.RawMessage(`{"feasible": false, "conflict": ["no such rule"]}`), "conflict")
			for _, r := range []string{"must-visit", "opening hours", "events", "budget", "visit order", "daily travel limit", "balanced days"} {
				if r == "opening hours" && (d.Open == nil || d.Vocab.Trip) || r == "events" && (d.Open == nil || !d.Vocab.Trip) || r == "budget" && d.Fee == nil || r == "visit order" && d.Before == nil || r == "daily travel limit" && d.MaxTravel == 0 || r == "balanced days" && d.Balance == 0 {
					continue
				}
				check("a single rule", json.RawMessage(fmt.Sprintf(`{"feasible": false, "conflict": [%q]}`, r)), "conflict")
			}
			continue
		}
		plan := planOf(t, d, ref.Plan)
		got := check("a wrong stated value", statedJSON(d, plan, 1), "stated")
		for id, pass := range got {
			if !pass && id != "stated" {
				t.Fatalf("seed %d: a wrong stated score fails %s", seed, id)
			}
		}
		check("an unknown name", json.RawMessage(`{"days": [["Nowhere"]], "total_score": 0, "travel_minutes": 0, "cities": ["Nowhere"], "first_days": [1]}`), "format")
		if len(plan[0]) > 0 {
			rep := slices.Clone(plan)
			rep[len(rep)-1] = append(slices.Clone(rep[len(rep)-1]), plan[0][0])
			check("a repeated stop", statedJSON(d, rep, 0), "coverage")
		}
		for _, mut := range mutations(plan, len(d.Stops)) {
			kept := d.rulesKept(mut)
			if d.Backup != nil {
				kept["backup"] = d.backupKept(mut)
			}
			var broken []string
			for id, ok := range kept {
				if !ok {
					broken = append(broken, id)
				}
			}
			slices.Sort(broken)
			if len(broken) == 0 {
				broken = []string{"optimal"}
			}
			// True stated values: only the broken rules' items (and
			// "optimal") may fail.
			got := check(fmt.Sprintf("mutation %v", mut), statedJSON(d, mut, 0), broken...)
			for id, pass := range got {
				if !pass && id != "optimal" && !slices.Contains(broken, id) {
					t.Fatalf("seed %d: mutation %v fails %s, which the oracle says it keeps", seed, mut, id)
				}
			}
		}
	}
	t.Logf("caught by item: %v", caught)
	for _, id := range []string{"optimal", "must-visit", "opening-hours", "budget", "day-times", "stated", "format", "coverage", "conflict"} {
		if caught[id] == 0 {
			t.Errorf("no mutation was caught by %s", id)
		}
	}
}
