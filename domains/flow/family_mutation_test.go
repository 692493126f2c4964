package flow

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/internal/familytest"
)

// TestFamilyMutation: every single-count change of a reference plan (±1
// on every move the model has a variable for; a person shifted to the
// step before or after, or to another link out of the same place; +1 on
// a move out of a junction at step 0, before anyone can be there, which
// has no variable) fails "optimal" (the optimum is unique), and fails
// exactly the items whose rules the model says it breaks; the items of
// the objective units (balanced-exits, replanning) fail exactly when the
// plan breaks a rule or its levels up to theirs differ from the
// optimum's; a wrong stated total fails "stated" alone; an unknown name
// fails "format". For an infeasible record, a conflict with a rule added
// or left out fails "conflict" alone, and a plan fails "infeasible".
func TestFamilyMutation(t *testing.T) { familytest.Mutations(t, family, mutants) }

// mutants returns the mutants of a kept record (see TestFamilyMutation).
func mutants(t *testing.T, rec *domains.Record, inst domains.Instance) []familytest.Mutant {
	in := inst.(*Instance)
	ref := rec.Reference
	if !ref.Feasible {
		return append(familytest.ConflictMutants(rec, true), familytest.Mutant{Name: "a plan for an infeasible instance", Kind: "plan",
			Answer: in.encode(in.zero()), Fail: []string{itemFormat, itemInfeasible, itemConflict}, Exact: true})
	}
	ans := in.parse(ref.Plan)
	if ans.formatErr != "" {
		t.Fatalf("%s: reference does not parse: %s", rec.ID, ans.formatErr)
	}
	var out []familytest.Mutant
	// change is a mutated plan judged against the model, rule by rule.
	change := func(x moves, kind, name string) {
		out = append(out, familytest.Mutant{Name: name, Kind: kind, Answer: in.encode(x), Changed: true,
			Verdict: func(t *testing.T, got familytest.Results, obj []int64) []string {
				ok, holds, mobj := modelVerdict(t, in, x)
				if ok != got[itemMovement].Pass {
					t.Fatalf("%s: %s: the model's movement rule holds %v, the item passes %v", rec.ID, name, ok, got[itemMovement].Pass)
				}
				if !ok {
					return []string{itemMovement}
				}
				var caught []string
				for it, h := range holds {
					if got[it].Pass != h {
						t.Fatalf("%s: %s: item %q passes %v, the model's rule holds %v", rec.ID, name, it, got[it].Pass, h)
					}
					if !h {
						caught = append(caught, it)
					}
				}
				broken := len(caught) > 0
				if !broken && !slices.Equal(obj, mobj) {
					t.Fatalf("%s: %s: the checker's objective %v, the model's %v", rec.ID, name, obj, mobj)
				}
				// The objective units' items: a level (with the levels
				// before it) other than the optimum's.
				k := 0
				if in.replanning() {
					pass := !broken && len(ref.Objective) > 0 && mobj[0] == ref.Objective[0]
					if got[unitReplan].Pass != pass {
						t.Fatalf("%s: %s: item %q passes %v; the plan breaks a rule: %v, changes %d moves, the optimum %v", rec.ID, name, unitReplan, got[unitReplan].Pass, broken, mobj[0], ref.Objective)
					}
					if !broken && !pass {
						caught = append(caught, unitReplan)
					}
					k++
				}
				if in.has(unitBalance) {
					pass := !broken && len(ref.Objective) > k && slices.Equal(mobj[:k+1], ref.Objective[:k+1])
					if got[unitBalance].Pass != pass {
						t.Fatalf("%s: %s: item %q passes %v; the plan breaks a rule: %v, its levels %v, the optimum %v", rec.ID, name, unitBalance, got[unitBalance].Pass, broken, mobj, ref.Objective)
					}
					if !broken && !pass {
						caught = append(caught, unitBalance)
					}
				}
				return caught
			}})
	}
	inModel := map[[3]int]bool{}
	in.eachMove(func(g, l, tt int) { inModel[[3]int{g, l, tt}] = true })
	// Single changes (±1), and shifts of one person from a move to a move
	// of the same group out of the same place: a step later or earlier on
	// the same link, or the same step on another link (these keep the
	// movement rule at that place and so reach the capacity, deadline and
	// closure rules).
	in.eachMove(func(g, l, tt int) {
		lk := in.Links[l]
		for _, d := range []int{1, -1} {
			x := copyMoves(ans.x)
			x[g][l][tt] += d
			if x[g][l][tt] >= 0 && x[g][l][tt] <= in.Groups[g].Size {
				change(x, "count", fmt.Sprintf("%s %s→%s at %d %+d", in.Groups[g].Name, lk.From, lk.To, tt, d))
			}
		}
		if ans.x[g][l][tt] == 0 {
			return
		}
		for l2, lk2 := range in.Links {
			for _, t2 := range []int{tt - 1, tt, tt + 1} {
				if lk2.From != lk.From || (l2 == l) == (t2 == tt) || !inModel[[3]int{g, l2, t2}] {
					continue
				}
				x := copyMoves(ans.x)
				x[g][l][tt]--
				x[g][l2][t2]++
				if x[g][l2][t2] <= in.Groups[g].Size {
					change(x, "shift", fmt.Sprintf("one of %s from %s→%s at %d to %s→%s at %d", in.Groups[g].Name, lk.From, lk.To, tt, lk2.From, lk2.To, t2))
				}
			}
		}
	})
	// A move the model has no variable for: out of a junction at step 0,
	// before anyone can be there.
	for l, lk := range in.Links {
		if p := in.place(lk.From); in.Places[p].Kind == KindJunction {
			x := copyMoves(ans.x)
			x[0][l][0]++
			out = append(out, familytest.Mutant{Name: fmt.Sprintf("a move out of %s at step 0, before anyone is there", lk.From), Kind: "no variable",
				Answer: in.encode(x), Changed: true, Fail: []string{itemMovement}})
			break
		}
	}
	if in.has(unitSelfCheck) {
		var obj map[string]any
		if err := json.Unmarshal(ref.Plan, &obj); err != nil {
			t.Fatal(err)
		}
		obj["total_time"] = obj["total_time"].(float64) + 1
		raw, _ := json.Marshal(obj)
		out = append(out, familytest.Mutant{Name: "a wrong stated total", Kind: "stated", Answer: raw, Fail: []string{itemStated}, Exact: true})
	}
	if bad := strings.Replace(string(ref.Plan), fmt.Sprintf("%q", in.Groups[0].Name), `"Nobody"`, 1); bad != string(ref.Plan) {
		out = append(out, familytest.Mutant{Name: "an unknown name", Kind: "format", Answer: json.RawMessage(bad), Fail: []string{itemFormat}})
	}
	return out
}
