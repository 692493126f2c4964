package project

import (
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/solver/sat"
)

func results(res []domains.Result) map[string]domains.Result {
	out := map[string]domains.Result{}
	for _, r := range res {
		out[r.ID] = r
	}
	return out
}

// TestFamilyMutation shifts one start of each kept reference plan by −2,
// −1, +1 or +2 (seeds 1..20 of both tasks; 6 in short mode, 200 with PLANCERT_LONG=1): a start
// outside the horizon fails coverage; otherwise the item of every unit
// whose rules the model says are broken (the SAT solver on that unit's
// groups with the starts fixed) fails, the items of units the model says
// hold pass, and "optimal" fails (every optimum is unique). A wrong
// stated value fails the stated-values item alone.
func TestFamilyMutation(t *testing.T) {
	seeds := uint64(20)
	switch {
	case testing.Short():
		seeds = 6
	case os.Getenv("PLANCERT_LONG") == "1":
		seeds = 200
	}
	for _, tk := range familyTasks(t) {
		t.Run(tk.ID, func(t *testing.T) {
			caught := map[string]int{}
			for seed := uint64(1); seed <= seeds; seed++ {
				_, rec, drop, err := cachedRecord(tk, seed)
				if err != nil {
					t.Fatal(err)
				}
				if drop != "" || !rec.Reference.Feasible {
					continue
				}
				_, inst, err := rec.Load()
				if err != nil {
					t.Fatal(err)
				}
				in := inst.(*Instance)
				ans := in.parse(rec.Reference.Plan)
				units := map[string]bool{}
				for _, r := range in.rules() {
					units[r.Unit] = true
				}
				if in.Exception != nil {
					units[unitException] = true
				}
				for k := range in.planLen() {
					i := k % in.n()
					for _, d := range []int{-2, -1, 1, 2} {
						start := append([]int(nil), ans.start...)
						start[k] += d
						res := results(in.Check(context.Background(), sat.Backend{}, in.encode(start), rec.Reference))
						if res[itemOptimal].Pass {
							t.Fatalf("%s: moving %s (position %d) by %d passes optimal", rec.ID, in.Activities[i].Name, k, d)
						}
						if e := start[k] + in.Activities[i].Duration; start[k] < 0 || e > in.Horizon {
							if k >= in.n() {
								if res[unitException].Pass {
									t.Fatalf("%s: backup start %d of %s is outside the horizon, %s passes", rec.ID, start[k], in.Activities[i].Name, unitException)
								}
								caught[unitException]++
								continue
							}
							if res[itemCoverage].Pass {
								t.Fatalf("%s: start %d of %s is outside the horizon, coverage passes", rec.ID, start[k], in.Activities[i].Name)
							}
							caught[itemCoverage]++
							continue
						}
						for u := range units {
							holds := modelHolds(t, in, u, start)
							if res[u].Pass != holds {
								t.Fatalf("%s: moving %s by %d: item %q passes %v, the model's rules of %q hold %v (%s)", rec.ID, in.Activities[i].Name, d, u, res[u].Pass, u, holds, res[u].Detail)
							}
							if !holds {
								caught[u]++
							}
						}
					}
				}
				if in.has(unitStated) {
					var obj map[string]any
					if err := json.Unmarshal(rec.Reference.Plan, &obj); err != nil {
						t.Fatal(err)
					}
					obj["makespan"] = obj["makespan"].(float64) + 1
					bad, _ := json.Marshal(obj)
					for id, r := range results(in.Check(context.Background(), sat.Backend{}, bad, rec.Reference)) {
						if r.Pass != (id != unitStated) {
							t.Fatalf("%s: a wrong stated makespan: item %q passes %v", rec.ID, id, r.Pass)
						}
					}
					caught[unitStated]++
				}
			}
			var parts []string
			for _, u := range append([]string{itemCoverage}, func() []string {
				var ids []string
				for _, u := range pool {
					ids = append(ids, u.ID)
				}
				return ids
			}()...) {
				if caught[u] > 0 {
					parts = append(parts, u)
				}
			}
			t.Logf("mutations caught by: %s (%v)", strings.Join(parts, ", "), caught)
		})
	}
}
