package flow

import (
	"fmt"
	"slices"
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
// fails "format". An infeasible record has familytest.InfeasibleMutants.
func TestFamilyMutation(t *testing.T) { familytest.Mutations(t, family, mutants) }

func mutants(t *testing.T, rec *domains.Record, inst domains.Instance) []familytest.Mutant {
	in := inst.(*Instance)
	ref := rec.Reference
	if !ref.Feasible {
		return familytest.InfeasibleMutants(rec, in.encode(in.zero()))
	}
	ans := in.parse(ref.Plan)
	if ans.FormatErr != "" {
		t.Fatalf("%s: reference does not parse: %s", rec.ID, ans.FormatErr)
	}
	var out []familytest.Mutant
	// change is a mutated plan judged against the model, rule by rule.
	change := func(x moves, kind, name string) {
		out = append(out, familytest.Mutant{Name: name, Kind: kind, Answer: in.encode(x), Changed: true,
			Verdict: func(t *testing.T, got familytest.Results, obj []int64) []string {
				what := rec.ID + ": " + name
				pass := got.Passes()
				ok, holds, mobj := modelVerdict(t, in, x)
				if ok != pass[itemMovement] {
					t.Fatalf("%s: the model's movement rule holds %v, the item passes %v", what, ok, pass[itemMovement])
				}
				if !ok {
					return []string{itemMovement}
				}
				caught := familytest.ItemsAgree(t, what, pass, holds)
				broken := len(caught) > 0
				if !broken && !slices.Equal(obj, mobj) {
					t.Fatalf("%s: the checker's objective %v, the model's %v", what, obj, mobj)
				}
				// The objective units' items: a level (with the levels
				// before it) other than the optimum's.
				k := 0
				if in.replanning() {
					if familytest.LevelsItem(t, what, pass, unitReplan, broken, mobj, ref.Objective, 0, 1) {
						caught = append(caught, unitReplan)
					}
					k++
				}
				if in.has(unitBalance) && familytest.LevelsItem(t, what, pass, unitBalance, broken, mobj, ref.Objective, 0, k+1) {
					caught = append(caught, unitBalance)
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
			x := familytest.Clone3(ans.x)
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
				x := familytest.Clone3(ans.x)
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
			x := familytest.Clone3(ans.x)
			x[0][l][0]++
			out = append(out, familytest.Mutant{Name: fmt.Sprintf("a move out of %s at step 0, before anyone is there", lk.From), Kind: "no variable",
				Answer: in.encode(x), Changed: true, Fail: []string{itemMovement}})
			break
		}
	}
	if in.has(unitSelfCheck) {
		out = append(out, familytest.StatedMutant(t, rec, "total_time", itemStated))
	}
	if mu, ok := familytest.RenameMutant(rec, in.Groups[0].Name); ok {
		out = append(out, mu)
	}
	return out
}
