package project

import (
	"fmt"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/internal/familytest"
)

// TestFamilyMutation shifts one start of each kept reference plan by −2,
// −1, +1 or +2 (seeds 1..20 of both tasks; 6 in short mode, 200 with
// PLANCERT_LONG=1): a start outside the horizon fails coverage (a backup
// start, the exception item); otherwise the item of every unit whose rules
// the model says are broken (the SAT solver on that unit's groups with
// the starts fixed) fails, the items of units the model says hold pass,
// and "optimal" fails (every optimum is unique). A wrong stated value
// fails the stated-values item alone. An infeasible record has the
// harness's InfeasibleMutants.
func TestFamilyMutation(t *testing.T) { familytest.Mutations(t, family, mutants) }

func mutants(t *testing.T, rec *domains.Record, inst domains.Instance) []familytest.Mutant {
	in := inst.(*Instance)
	if !rec.Reference.Feasible {
		return familytest.InfeasibleMutants(rec, in.encode(make([]int, in.planLen())))
	}
	ans := in.parse(rec.Reference.Plan)
	units := map[string]bool{}
	for _, r := range in.rules() {
		units[r.Unit] = true
	}
	if in.Exception != nil {
		units[unitException] = true
	}
	var out []familytest.Mutant
	for k := range in.planLen() {
		i := k % in.n()
		for _, d := range []int{-2, -1, 1, 2} {
			start := append([]int(nil), ans.start...)
			start[k] += d
			name := fmt.Sprintf("moving %s (position %d) by %d", in.Activities[i].Name, k, d)
			mu := familytest.Mutant{Name: name, Kind: fmt.Sprintf("shift %+d", d), Answer: in.encode(start), Changed: true}
			if e := start[k] + in.Activities[i].Duration; start[k] < 0 || e > in.Horizon {
				// Outside the horizon.
				mu.Kind = "outside the horizon"
				if k >= in.n() {
					mu.Fail = []string{unitException}
				} else {
					mu.Fail = []string{itemCoverage}
				}
				out = append(out, mu)
				continue
			}
			mu.Verdict = func(t *testing.T, res familytest.Results, _ []int64) []string {
				var caught []string
				for u := range units {
					holds := modelHolds(t, in, u, start)
					if res[u].Pass != holds {
						t.Fatalf("%s: %s: item %q passes %v, the model's rules of %q hold %v (%s)", rec.ID, name, u, res[u].Pass, u, holds, res[u].Detail)
					}
					if !holds {
						caught = append(caught, u)
					}
				}
				return caught
			}
			out = append(out, mu)
		}
	}
	if in.has(unitStated) {
		out = append(out, familytest.StatedMutant(t, rec, "makespan", unitStated))
	}
	return out
}
