package production

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/internal/familytest"
)

func clonePlan(st [][]int) [][]int {
	out := make([][]int, len(st))
	for j := range st {
		out[j] = slices.Clone(st[j])
	}
	return out
}

// TestFamilyMutation: mutations of the reference plans of the family
// records (the seeds of TestFamilyReference) are caught. Each targeted
// mutation breaks one rule on purpose and must fail that rule's item (and
// "optimal"); moving any single step one unit earlier or later must fail
// some rule's item or, when it keeps every rule, "optimal" (the optimum is
// unique), and one unit earlier must break a rule (the reference is the
// earliest-start schedule of its sequences, the stated projection); a
// wrong stated objective fails "stated" alone; a missing step fails
// coverage, an unknown name the format. For infeasible records, a conflict
// with one rule left out or an unknown rule fails "conflict" alone, and a
// schedule fails "infeasible". Every unit but the objective-only ones is
// caught by its own item in these seeds.
func TestFamilyMutation(t *testing.T) {
	familytest.Mutations(t, family, func(t *testing.T, rec *domains.Record, inst domains.Instance) []familytest.Mutant {
		s := inst.(*Shop)
		if !rec.Reference.Feasible {
			return mutateInfeasible(t, s, rec)
		}
		return mutateFeasible(t, s, rec)
	})
}

// mutateFeasible returns the mutants of a feasible record.
func mutateFeasible(t *testing.T, s *Shop, rec *domains.Record) []familytest.Mutant {
	ref := rec.Reference
	ans := s.parse(ref.Plan)
	if ans.FormatErr != "" || ans.missing != "" {
		t.Fatalf("%s: reference does not parse: %s%s", rec.ID, ans.FormatErr, ans.missing)
	}
	st := ans.st
	var out []familytest.Mutant
	// expect: a targeted mutation fails its rule's item and "optimal".
	expect := func(id string, mut [][]int, what string) {
		out = append(out, familytest.Mutant{Name: what, Kind: "targeted", Answer: s.encodePlan(mut), Changed: true, Fail: []string{id}})
	}
	// Every step one unit earlier or later.
	for j := range st {
		for k := range st[j] {
			for _, d := range []int{-1, 1} {
				mut := clonePlan(st)
				mut[j][k] += d
				if mut[j][k] < 0 {
					continue
				}
				what := fmt.Sprintf("%s step %d moved by %d", s.Jobs[j].Name, k+1, d)
				mu := familytest.Mutant{Name: what, Kind: fmt.Sprintf("step %+d", d), Answer: s.encodePlan(mut), Changed: true}
				if d < 0 {
					// The reference is the earliest-start schedule of its
					// machine sequences: no step can start one unit earlier
					// and keep every rule (a one-unit move keeps the order of
					// every pair, so it would improve every goal level).
					mu.Verdict = func(t *testing.T, res familytest.Results, _ []int64) []string {
						if f := res.Failing(); slices.Equal(f, []string{itemOptimal}) {
							t.Fatalf("%s: %s can start one unit earlier and keep every rule", rec.ID, what)
						}
						return nil
					}
				}
				out = append(out, mu)
			}
		}
	}
	// Routes: step 2 starts with step 1.
	for j, job := range s.Jobs {
		if len(job.Route) > 1 {
			mut := clonePlan(st)
			mut[j][1] = mut[j][0]
			expect(itemRoutes, mut, fmt.Sprintf("%s step 2 starts with step 1", job.Name))
			break
		}
	}
	// Machines: two steps on one machine start together.
	for mc := range s.Machines {
		if ops := s.machineOps(mc); len(ops) > 1 {
			mut := clonePlan(st)
			mut[ops[1].j][ops[1].k] = mut[ops[0].j][ops[0].k]
			expect(itemMachines, mut, "two steps together on "+s.Machines[mc])
			break
		}
	}
	for j, job := range s.Jobs {
		if s.has(unitRelease) && job.Release > 0 {
			mut := clonePlan(st)
			mut[j][0] = job.Release - 1
			expect(unitRelease, mut, job.Name+" before its release")
		}
		if s.has(unitDeadlines) && job.Deadline > 0 {
			mut := clonePlan(st)
			d := job.Deadline - s.end(st, j) + 1
			for k := range mut[j] {
				mut[j][k] += d
			}
			expect(unitDeadlines, mut, job.Name+" after its deadline")
		}
	}
	for _, d := range s.Deps {
		mut := clonePlan(st)
		mut[d.After][0] = max(0, s.end(st, d.Before)-1)
		expect(unitPrecedence, mut, s.Jobs[d.After].Name+" before "+s.Jobs[d.Before].Name+" ends")
	}
	// Changeovers and slack: the next step on the machine right after the
	// previous one ends.
	for mc := range s.Machines {
		ops := s.machineOps(mc)
		slices.SortFunc(ops, func(a, b opRef) int { return st[a.j][a.k] - st[b.j][b.k] })
		for i := 1; i < len(ops); i++ {
			a, b := ops[i-1], ops[i]
			ea := st[a.j][a.k] + s.op(a).Duration
			if s.setup(mc, a, b) > 0 {
				mut := clonePlan(st)
				mut[b.j][b.k] = ea
				expect(unitChangeovers, mut, "no changeover before "+s.opName(b))
			}
			if s.buffer(mc) > 0 {
				mut := clonePlan(st)
				mut[b.j][b.k] = ea
				expect(unitBuffer, mut, "no slack before "+s.opName(b))
			}
		}
	}
	if w := s.Maintenance; w != nil {
		o := s.machineOps(w.Machine)[0]
		mut := clonePlan(st)
		mut[o.j][o.k] = w.From
		expect(unitMaintenance, mut, s.opName(o)+" during maintenance")
	}
	if d := s.Delay; d != nil {
		mut := clonePlan(st)
		mut[d.Job][d.Step] = d.Earliest - 1
		expect(unitDelay, mut, "late step before its material")
	}
	// Stated objective off by one: only "stated" fails.
	out = append(out, familytest.StatedMutant(t, rec, "objective", itemStated))
	// A missing step fails coverage (not the format); an unknown job, the
	// format.
	var obj map[string]any
	if err := json.Unmarshal(ref.Plan, &obj); err != nil {
		t.Fatal(err)
	}
	sched := obj["schedule"].([]any)
	obj["schedule"] = sched[1:]
	short, _ := json.Marshal(obj)
	out = append(out, familytest.Mutant{Name: "missing step", Kind: "coverage", Answer: short, Fail: []string{itemCoverage}, Pass: []string{itemFormat}})
	first := sched[0].(map[string]any)
	first["job"] = "Nobody"
	obj["schedule"] = sched
	bad, _ := json.Marshal(obj)
	out = append(out, familytest.Mutant{Name: "unknown job", Kind: "format", Answer: bad, Fail: []string{itemFormat}})
	return out
}

// mutateInfeasible returns the mutants of an infeasible record: the
// reference conflict with one rule left out (the conflict is minimal) or
// an unknown rule named fails "conflict" alone; a schedule fails the
// infeasibility item. The prompt offers the infeasibility answer.
func mutateInfeasible(t *testing.T, s *Shop, rec *domains.Record) []familytest.Mutant {
	ref := rec.Reference
	if !strings.Contains(rec.Prompt, "\"feasible\": false") {
		t.Fatalf("%s: the prompt does not offer the infeasibility answer", rec.ID)
	}
	raw, _ := json.Marshal(map[string]any{"feasible": false, "conflict": append(slices.Clone(ref.Conflict), "deadline of Nobody")})
	return append(familytest.ConflictMutants(rec, true),
		familytest.Mutant{Name: "unknown rule", Kind: "conflict", Answer: raw, Fail: []string{itemConflict}, Exact: true},
		familytest.Mutant{Name: "a schedule for an infeasible instance", Kind: "schedule", Answer: s.encodePlan(s.greedy()), Fail: []string{itemInfeasible}})
}
