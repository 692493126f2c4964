package production

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/solver/sat"
)

// failing returns the IDs of the failed items.
func failing(res []domains.Result) []string {
	var out []string
	for _, r := range res {
		if !r.Pass {
			out = append(out, r.ID)
		}
	}
	return out
}

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
// earliest-start schedule of its sequences, the stated projection); a wrong stated objective fails "stated" alone; a missing step
// fails coverage, an unknown name the format. For infeasible records, a
// conflict with one rule left out, an unknown rule, or any schedule fail.
func TestFamilyMutation(t *testing.T) {
	seeds := familySeeds()
	for _, tk := range familyTasks(t) {
		t.Run(tk.ID, func(t *testing.T) {
			targeted := map[string]int{}
			for seed := uint64(1); seed <= seeds; seed++ {
				spec, rec, drop, err := cachedRecord(tk, seed)
				if err != nil {
					t.Fatal(err)
				}
				if drop != "" {
					continue
				}
				_, inst, err := rec.Load()
				if err != nil {
					t.Fatal(err)
				}
				s := inst.(*Shop)
				name := fmt.Sprintf("seed %d %v", seed, spec.Units())
				if !rec.Reference.Feasible {
					mutateInfeasible(t, s, rec, name)
					targeted[unitInfeasible]++
					continue
				}
				for id, n := range mutateFeasible(t, s, rec, name) {
					targeted[id] += n
				}
			}
			t.Logf("targeted mutations caught, by item: %v", targeted)
			for _, u := range pool {
				if targeted[u.ID] == 0 && u.ID != unitTardiness && u.ID != unitCost {
					t.Errorf("no targeted mutation of %s in %d seeds", u.ID, seeds)
				}
			}
		})
	}
}

// mutateFeasible runs the mutations of a feasible record and returns how
// many targeted mutations were caught per item.
func mutateFeasible(t *testing.T, s *Shop, rec *domains.Record, name string) map[string]int {
	ref := rec.Reference
	ans := s.parse(ref.Plan)
	if ans.formatErr != "" || ans.missing != "" {
		t.Fatalf("%s: reference does not parse: %s%s", name, ans.formatErr, ans.missing)
	}
	st := ans.st
	caught := map[string]int{}
	expect := func(id string, mut [][]int, what string) {
		t.Helper()
		res := s.Check(context.Background(), sat.Backend{}, s.encodePlan(mut), ref)
		f := failing(res)
		if !slices.Contains(f, id) || !slices.Contains(f, itemOptimal) {
			t.Fatalf("%s: %s: want %s and optimal to fail, failed %v", name, what, id, f)
		}
		caught[id]++
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
				f := failing(s.Check(context.Background(), sat.Backend{}, s.encodePlan(mut), ref))
				if len(f) == 0 || !slices.Contains(f, itemOptimal) {
					t.Fatalf("%s: %s step %d moved by %d: failed %v, want at least optimal", name, s.Jobs[j].Name, k+1, d, f)
				}
				// The reference is the earliest-start schedule of its
				// machine sequences: no step can start one unit earlier
				// and keep every rule (a one-unit move keeps the order of
				// every pair, so it would improve every goal level).
				if d < 0 && slices.Equal(f, []string{itemOptimal}) {
					t.Fatalf("%s: %s step %d can start one unit earlier and keep every rule", name, s.Jobs[j].Name, k+1)
				}
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
	var obj map[string]any
	if err := json.Unmarshal(ref.Plan, &obj); err != nil {
		t.Fatal(err)
	}
	obj["objective"] = obj["objective"].(float64) + 1
	wrong, _ := json.Marshal(obj)
	if f := failing(s.Check(context.Background(), sat.Backend{}, wrong, ref)); !slices.Equal(f, []string{itemStated}) {
		t.Fatalf("%s: wrong stated objective: failed %v, want [stated]", name, f)
	}
	caught[itemStated]++
	// A missing step fails coverage; an unknown job, the format.
	sched := obj["schedule"].([]any)
	obj["objective"] = obj["objective"].(float64) - 1
	obj["schedule"] = sched[1:]
	short, _ := json.Marshal(obj)
	if f := failing(s.Check(context.Background(), sat.Backend{}, short, ref)); !slices.Contains(f, itemCoverage) || slices.Contains(f, itemFormat) {
		t.Fatalf("%s: missing step: failed %v", name, f)
	}
	first := sched[0].(map[string]any)
	first["job"] = "Nobody"
	obj["schedule"] = sched
	bad, _ := json.Marshal(obj)
	if f := failing(s.Check(context.Background(), sat.Backend{}, bad, ref)); !slices.Contains(f, itemFormat) {
		t.Fatalf("%s: unknown job: failed %v", name, f)
	}
	return caught
}

// mutateInfeasible: the reference conflict passes; with one rule left out
// (the conflict is minimal) or an unknown rule named it fails; a schedule
// fails the infeasibility item.
func mutateInfeasible(t *testing.T, s *Shop, rec *domains.Record, name string) {
	ref := rec.Reference
	for i := range ref.Conflict {
		less := slices.Delete(slices.Clone(ref.Conflict), i, i+1)
		if len(less) == 0 {
			continue
		}
		raw, _ := json.Marshal(map[string]any{"feasible": false, "conflict": less})
		if f := failing(s.Check(context.Background(), sat.Backend{}, raw, ref)); !slices.Equal(f, []string{itemConflict}) {
			t.Fatalf("%s: conflict without %q: failed %v, want [conflict]", name, ref.Conflict[i], f)
		}
	}
	raw, _ := json.Marshal(map[string]any{"feasible": false, "conflict": append(slices.Clone(ref.Conflict), "deadline of Nobody")})
	if f := failing(s.Check(context.Background(), sat.Backend{}, raw, ref)); !slices.Equal(f, []string{itemConflict}) {
		t.Fatalf("%s: unknown rule: failed %v", name, f)
	}
	st := s.greedy()
	if f := failing(s.Check(context.Background(), sat.Backend{}, s.encodePlan(st), ref)); !slices.Contains(f, itemInfeasible) {
		t.Fatalf("%s: a schedule for an infeasible instance: failed %v", name, f)
	}
	if !strings.Contains(rec.Prompt, "\"feasible\": false") {
		t.Fatalf("%s: the prompt does not offer the infeasibility answer", name)
	}
}
