package roster

import (
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/internal/familytest"
)

// TestFamilyMutation: every single-entry change of a reference roster,
// every change of a backup and every swap of two staff's weeks fails
// exactly the items of the rules the model says it breaks, plus
// "optimal" (the optimum is unique), and a changed roster that keeps every
// rule never beats the certified optimum; a changed stated value fails
// only "stated"; a roster or a wrong conflict given for an infeasible
// record fails exactly the items it should.
func TestFamilyMutation(t *testing.T) {
	familytest.Mutations(t, family, func(t *testing.T, rec *domains.Record, inst domains.Instance) []familytest.Mutant {
		r := inst.(*Roster)
		if rec.Reference.Feasible {
			return mutateFeasible(t, r, rec)
		}
		return mutateInfeasible(rec)
	})
}

func mutateFeasible(t *testing.T, r *Roster, rec *domains.Record) []familytest.Mutant {
	t.Helper()
	ref := rec.Reference
	ans := r.parse(ref.Plan)
	if ans.FormatErr != "" {
		t.Fatalf("%s: %s", rec.ID, ans.FormatErr)
	}
	m, err := r.Model()
	if err != nil {
		t.Fatal(err)
	}
	items := map[string]string{}
	for _, ru := range r.countRules() {
		items[ru.Name] = ru.Item
	}
	if r.BackupDay >= 0 {
		items[ruleBackup] = itemBackup
	}
	var out []familytest.Mutant
	// try: the failing items are exactly those of the model's broken
	// rules and "optimal" ("stated" aside: the stated values are the
	// reference's, so they may no longer be the roster's).
	try := func(kind, what string, pl [][]int, bk []int) {
		a := assignment(t, r, m, pl, bk)
		var broken []string
		for g, it := range items {
			if !familytest.GroupHolds(m, g, a) {
				broken = append(broken, it)
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
		out = append(out, familytest.Mutant{Name: what, Kind: kind, Answer: raw, Fail: broken, Changed: true, Exact: true, MayFail: []string{itemStated},
			Verdict: func(t *testing.T, _ familytest.Results, got []int64) []string {
				if got != nil && r.Better(got, ref.Objective) {
					t.Fatalf("%s: %s: integrity: a feasible roster beats the certified optimum: %v < %v", rec.ID, what, got, ref.Objective)
				}
				return nil
			}})
	}
	for p := range r.Staff {
		for d := range r.Days {
			for v := Off; v < len(r.Shifts); v++ {
				if v == ans.pl[p][d] {
					continue
				}
				pl := clonePlan(ans.pl)
				pl[p][d] = v
				try("entry", fmt.Sprintf("%s on %s: %s", r.Staff[p].Name, r.Days[d], r.shiftName(v)), pl, ans.bk)
			}
		}
	}
	for j := range ans.bk {
		for q := range r.Staff {
			if q != ans.bk[j] {
				bk := slices.Clone(ans.bk)
				bk[j] = q
				try("backup", fmt.Sprintf("backup %d: %s", j, r.Staff[q].Name), ans.pl, bk)
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
			try("swap", fmt.Sprintf("swap %s and %s", r.Staff[p].Name, r.Staff[q].Name), pl, ans.bk)
		}
	}
	if r.has(unitSelfCheck) {
		var obj map[string]any
		_ = json.Unmarshal(ref.Plan, &obj)
		st := obj["objective"].(map[string]any)
		for k, v := range st {
			st[k] = v.(float64) + 1
			raw, _ := json.Marshal(obj)
			out = append(out, familytest.Mutant{Name: fmt.Sprintf("stated %s + 1", k), Kind: "stated", Answer: raw, Fail: []string{itemStated}, Exact: true})
			st[k] = v
		}
	}
	return out
}

// mutateInfeasible: a roster, an unknown rule, an empty conflict and one
// rule of a conflict of two or more alone fail exactly the items they
// should; and the harness's conflict mutants.
func mutateInfeasible(rec *domains.Record) []familytest.Mutant {
	ref := rec.Reference
	out := []familytest.Mutant{
		{Name: "a roster", Kind: "infeasible", Answer: json.RawMessage(`{"roster": {}}`), Fail: []string{itemConflict, itemFormat, itemInfeasible}, Exact: true},
		{Name: "an unknown rule", Kind: "infeasible", Answer: json.RawMessage(`{"feasible": false, "conflict": ["no such rule"]}`), Fail: []string{itemConflict}, Exact: true},
		// A claim that names no rule fails the conflict item alone, as a
		// conflict that does not hold does (docs/grading.md).
		{Name: "no conflict", Kind: "infeasible", Answer: json.RawMessage(`{"feasible": false, "conflict": []}`), Fail: []string{itemConflict}, Exact: true},
		{Name: "an unreadable conflict", Kind: "infeasible", Answer: json.RawMessage(`{"feasible": false, "conflict": "all of them"}`), Fail: []string{itemConflict, itemFormat}, Exact: true},
	}
	for _, c := range ref.Conflict {
		// One rule of a conflict of two or more holds on its own.
		if len(ref.Conflict) > 1 {
			raw, _ := json.Marshal(map[string]any{"feasible": false, "conflict": []string{c}})
			out = append(out, familytest.Mutant{Name: "only " + c, Kind: "infeasible", Answer: raw, Fail: []string{itemConflict}, Exact: true})
		}
	}
	return append(out, familytest.ConflictMutants(rec, true)...)
}
