package itinerary_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/domains/route/itinerary"
	"github.com/plancert/plancert/internal/familytest"
	"github.com/plancert/plancert/internal/routetest"
	"github.com/plancert/plancert/solver/sat"
)

// TestFamilyMutation: single changes of each kept reference plan (seeds
// 1..30; 10 with -short, 200 with PLANCERT_LONG=1) are caught by the item
// that names the broken rule: the items of the rules the oracle says are
// broken fail, and no other item but "optimal"; a change that keeps every
// rule fails "optimal" (every kept optimum is unique); a repeated stop
// fails coverage, a wrong stated score fails "stated" only, an unknown
// name fails format. No mutant passes every item. Infeasible references:
// a plan, an unknown rule name, each single rule (which alone can hold:
// the empty plan or the generator's hidden plan keeps it) and the
// conflict with a rule added or left out are refused. Every unit's item
// catches some mutant, and each item of the old list one of the sweep.
func TestFamilyMutation(t *testing.T) { familytest.Mutations(t, family, mutants) }

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

// mutants returns the mutants of a kept record (see TestFamilyMutation).
func mutants(t *testing.T, rec *domains.Record, _ domains.Instance) []familytest.Mutant {
	var d data
	if err := json.Unmarshal(rec.Instance, &d); err != nil {
		t.Fatal(err)
	}
	ref := rec.Reference
	var out routetest.Mutants
	if !ref.Feasible {
		out.Infeasible(rec, planJSON(d, make([][]int, len(d.Days)), 0, 0))
		for _, r := range []string{"must-visit", "opening hours", "events", "budget", "visit order", "daily travel limit", "balanced days"} {
			if r == "opening hours" && (d.Open == nil || d.Vocab.Trip) || r == "events" && (d.Open == nil || !d.Vocab.Trip) || r == "budget" && d.Fee == nil || r == "visit order" && d.Before == nil || r == "daily travel limit" && d.MaxTravel == 0 || r == "balanced days" && d.Balance == 0 {
				continue
			}
			out.Add("conflict", fmt.Sprintf("the single rule %q", r), json.RawMessage(fmt.Sprintf(`{"feasible": false, "conflict": [%q]}`, r)), "conflict")
		}
		return out
	}
	plan := planOf(t, d, ref.Plan)
	out = append(out, familytest.Mutant{Name: "a wrong stated value", Kind: "stated", Answer: statedJSON(d, plan, 1), Fail: []string{"stated"}, Exact: true})
	out.Add("format", "an unknown name", json.RawMessage(`{"days": [["Nowhere"]], "total_score": 0, "travel_minutes": 0, "cities": ["Nowhere"], "first_days": [1]}`), "format")
	if len(plan[0]) > 0 {
		rep := slices.Clone(plan)
		rep[len(rep)-1] = append(slices.Clone(rep[len(rep)-1]), plan[0][0])
		out.Add("coverage", "a repeated stop", statedJSON(d, rep, 0), "coverage")
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
		out = append(out, familytest.Mutant{Name: fmt.Sprintf("mutation %v", mut), Kind: "change", Answer: statedJSON(d, mut, 0),
			Fail: broken, Changed: true, Exact: true})
	}
	return out
}

// TestCheckMalformed: answers that do not parse, have the wrong
// shape or the wrong number of day lists fail every item (and never panic),
// for a two-day itinerary and a trip sequence. Answers whose plan reads
// but whose stated values are left out or do not read fail the stated
// item, and the format item exactly when a value does not read
// (docs/grading.md).
func TestCheckMalformed(t *testing.T) {
	tk := itinerary.TravelItinerary()
	common := []string{`[]`, `null`, `"plan"`, `{"feasible": true}`, `{"feasible": false}`, `{"feasible": false, "conflict": []}`}
	for _, tc := range []struct {
		subtask string
		answers []string
		// stated are answers with a readable plan: each with whether its
		// stated values read.
		stated map[string]bool
	}{
		{"museum-weekend", []string{`{"days": "Saturday"}`, `{"days": [[1, 2]], "total_score": 0, "travel_minutes": 0}`,
			`{"days": [["Louvre"], []], "total_score": 0, "travel_minutes": 0}`,
			`{"days": [[], [], []], "total_score": 0, "travel_minutes": 0}`, `{"days": [["M1 National Gallery"]], "total_score": 3, "travel_minutes": 0}`,
			`{"cities": ["M1 National Gallery"], "first_days": [1]}`},
			map[string]bool{`{"days": [["M1 National Gallery"], []], "total_score": 0}`: true, `{"days": [["M1 National Gallery"], []], "total_score": 0, "travel_minutes": "0"}`: false}},
		{"city-hopping", []string{`{"cities": "C1 Porto", "first_days": [1]}`, `{"cities": ["Paris"], "first_days": [1]}`,
			`{"days": [["C1 Porto"]], "total_score": 1, "travel_minutes": 0}`},
			map[string]bool{`{"cities": ["C1 Porto"], "first_days": [1, 2]}`: false, `{"cities": ["C1 Porto"], "first_days": "1"}`: false, `{"cities": ["C1 Porto"]}`: true}},
	} {
		o := familytest.Certify(tk, familytest.NewSpec(t, tk, tc.subtask, 2, "must-visit", "opening-hours"), family.Timeout)
		if !o.Kept() {
			t.Fatalf("%s: %v (dropped: %q)", tc.subtask, o.Err, o.Drop)
		}
		rec := o.Rec
		_, inst, err := rec.Load()
		if err != nil {
			t.Fatal(err)
		}
		if !rec.Reference.Feasible {
			t.Fatalf("%s: infeasible", rec.ID)
		}
		for _, answer := range append(common, tc.answers...) {
			res := inst.Check(context.Background(), sat.Backend{}, json.RawMessage(answer), rec.Reference)
			if len(res) != len(rec.Checklist) {
				t.Fatalf("%s: %s: %d results for %d items", tc.subtask, answer, len(res), len(rec.Checklist))
			}
			for _, r := range res {
				if r.Pass {
					t.Errorf("%s: %s passes %s", tc.subtask, answer, r.ID)
				}
			}
		}
		for answer, reads := range tc.stated {
			res := inst.Check(context.Background(), sat.Backend{}, json.RawMessage(answer), rec.Reference)
			for _, r := range res {
				if r.ID == "format" && r.Pass != reads || r.ID == "stated" && r.Pass {
					t.Errorf("%s: %s: %s passes %v (%s)", tc.subtask, answer, r.ID, r.Pass, r.Detail)
				}
			}
		}
	}
}
