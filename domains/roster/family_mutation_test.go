package roster

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/solver/sat"
)

// mutationSeeds is the number of seeds per task of the mutation test.
func mutationSeeds() uint64 {
	if testing.Short() {
		return 5
	}
	return 12
}

// failing returns the IDs of the failing results, sorted.
func failing(res []domains.Result) []string {
	var out []string
	for _, r := range res {
		if !r.Pass {
			out = append(out, r.ID)
		}
	}
	sort.Strings(out)
	return out
}

// TestFamilyMutation: every single-entry change of a reference roster,
// every change of a backup and every swap of two staff's weeks fails
// exactly the items of the rules the model says it breaks, plus
// "optimal" (the optimum is unique); a changed stated value fails only
// "stated"; a roster or a wrong conflict given for an infeasible record
// fails.
func TestFamilyMutation(t *testing.T) {
	for _, tk := range familyTasks(t) {
		t.Run(tk.ID, func(t *testing.T) {
			t.Parallel()
			n := 0
			for seed := uint64(1); seed <= mutationSeeds(); seed++ {
				_, rec, drop, err := cachedRecord(tk, seed)
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
				r := inst.(*Roster)
				if rec.Reference.Feasible {
					n += mutateFeasible(t, r, rec)
				} else {
					n += mutateInfeasible(t, r, rec)
				}
			}
			t.Logf("%d mutations", n)
		})
	}
}

func mutateFeasible(t *testing.T, r *Roster, rec *domains.Record) int {
	t.Helper()
	ref := rec.Reference
	ans := r.parse(ref.Plan)
	if ans.formatErr != "" {
		t.Fatalf("%s: %s", rec.ID, ans.formatErr)
	}
	m, err := r.Model()
	if err != nil {
		t.Fatal(err)
	}
	items := map[string]string{}
	for _, ru := range r.rules() {
		items[ru.Name] = ru.Item
	}
	if r.BackupDay >= 0 {
		items[ruleBackup] = itemBackup
	}
	count := 0
	try := func(what string, pl [][]int, bk []int) {
		count++
		a := assignment(t, r, m, pl, bk)
		want := []string{itemOptimal}
		for g, it := range items {
			if !groupHolds(m, g, a) {
				want = append(want, it)
			}
		}
		raw := r.encodePlan(pl, bk)
		if r.has(unitSelfCheck) {
			// Keep the reference's stated values: the mutation is of the
			// roster only.
			var obj map[string]json.RawMessage
			_ = json.Unmarshal(raw, &obj)
			var refObj map[string]json.RawMessage
			_ = json.Unmarshal(ref.Plan, &refObj)
			obj["objective"] = refObj["objective"]
			raw, _ = json.Marshal(obj)
		}
		res, got := r.Evaluate(context.Background(), sat.Backend{}, raw, ref)
		fails := failing(res)
		fails = slices.DeleteFunc(fails, func(id string) bool { return id == itemStated })
		sort.Strings(want)
		if !slices.Equal(fails, want) {
			t.Fatalf("%s: %s: failing items %v, the model's broken rules give %v", rec.ID, what, fails, want)
		}
		if got != nil && r.Better(got, ref.Objective) {
			t.Fatalf("%s: %s: integrity: a feasible roster beats the certified optimum: %v < %v", rec.ID, what, got, ref.Objective)
		}
	}
	for p := range r.Staff {
		for d := range r.Days {
			for v := Off; v < len(r.Shifts); v++ {
				if v == ans.pl[p][d] {
					continue
				}
				pl := clonePlan(ans.pl)
				pl[p][d] = v
				try(fmt.Sprintf("%s on %s: %s", r.Staff[p].Name, r.Days[d], r.shiftName(v)), pl, ans.bk)
			}
		}
	}
	for j := range ans.bk {
		for q := range r.Staff {
			if q != ans.bk[j] {
				bk := slices.Clone(ans.bk)
				bk[j] = q
				try(fmt.Sprintf("backup %d: %s", j, r.Staff[q].Name), ans.pl, bk)
			}
		}
	}
	// Staff are not interchangeable: swapping two weeks is another
	// roster, never the optimum.
	for p := range r.Staff {
		for q := p + 1; q < len(r.Staff); q++ {
			if slices.Equal(ans.pl[p], ans.pl[q]) {
				continue
			}
			pl := clonePlan(ans.pl)
			pl[p], pl[q] = pl[q], pl[p]
			try(fmt.Sprintf("swap %s and %s", r.Staff[p].Name, r.Staff[q].Name), pl, ans.bk)
		}
	}
	if r.has(unitSelfCheck) {
		var obj map[string]any
		_ = json.Unmarshal(ref.Plan, &obj)
		st := obj["objective"].(map[string]any)
		for k, v := range st {
			st[k] = v.(float64) + 1
			raw, _ := json.Marshal(obj)
			if fails := failing(r.Check(context.Background(), sat.Backend{}, raw, ref)); !slices.Equal(fails, []string{itemStated}) {
				t.Fatalf("%s: stated %s + 1: failing %v", rec.ID, k, fails)
			}
			st[k] = v
			count++
		}
	}
	return count
}

func mutateInfeasible(t *testing.T, r *Roster, rec *domains.Record) int {
	t.Helper()
	ref := rec.Reference
	bad := []struct {
		what   string
		answer string
		fails  []string
	}{
		{"a roster", `{"roster": {}}`, []string{itemConflict, itemFormat, itemInfeasible}},
		{"an unknown rule", `{"feasible": false, "conflict": ["no such rule"]}`, []string{itemConflict}},
		{"no conflict", `{"feasible": false, "conflict": []}`, []string{itemConflict, itemFormat}},
	}
	for _, c := range ref.Conflict {
		// One rule of a conflict of two or more holds on its own.
		if len(ref.Conflict) > 1 {
			raw, _ := json.Marshal(map[string]any{"feasible": false, "conflict": []string{c}})
			bad = append(bad, struct {
				what   string
				answer string
				fails  []string
			}{"only " + c, string(raw), []string{itemConflict}})
		}
	}
	for _, b := range bad {
		if got := failing(r.Check(context.Background(), sat.Backend{}, json.RawMessage(b.answer), ref)); !slices.Equal(got, b.fails) {
			t.Fatalf("%s: %s: failing %v, want %v", rec.ID, b.what, got, b.fails)
		}
	}
	return len(bad)
}
