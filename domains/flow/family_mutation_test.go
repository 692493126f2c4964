package flow

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/solver/sat"
)

// results indexes check results by item ID.
func results(res []domains.Result) map[string]domains.Result {
	out := map[string]domains.Result{}
	for _, r := range res {
		out[r.ID] = r
	}
	return out
}

// TestFamilyMutation: every single-count change of a reference plan (±1
// on every move the model has a variable for; a person shifted to the
// step before or after, or to another link out of the same place; +1 on
// a move out of a junction at step 0, before anyone can be there, which
// has no variable) fails "optimal" (the optimum is unique), and fails
// exactly the items whose rules the model says it breaks; a wrong stated
// total fails "stated" alone; an unknown name fails "format".
func TestFamilyMutation(t *testing.T) {
	seeds := familySeeds()
	for _, tk := range familyTasks(t) {
		t.Run(tk.ID, func(t *testing.T) {
			t.Parallel()
			mutations, caught := 0, map[string]int{}
			for seed := uint64(1); seed <= seeds; seed++ {
				_, rec, drop, err := cachedRecord(tk, seed)
				if err != nil {
					t.Fatal(err)
				}
				if drop != "" || !rec.Reference.Feasible {
					continue
				}
				inst, err := tk.Load(rec.Instance)
				if err != nil {
					t.Fatal(err)
				}
				in := inst.(*Instance)
				ref := rec.Reference
				ans := in.parse(ref.Plan)
				if ans.formatErr != "" {
					t.Fatalf("%s: reference does not parse: %s", rec.ID, ans.formatErr)
				}
				try := func(x moves, name string) map[string]domains.Result {
					mutations++
					got := results(in.Check(context.Background(), sat.Backend{}, in.encode(x), ref))
					if got[itemOptimal].Pass {
						t.Fatalf("%s: a changed plan passes %q", name, itemOptimal)
					}
					return got
				}
				inModel := map[[3]int]bool{}
				in.eachMove(func(g, l, tt int) { inModel[[3]int{g, l, tt}] = true })
				// Single changes (±1), and shifts of one person from a move
				// to a move of the same group out of the same place: a step
				// later or earlier on the same link, or the same step on
				// another link (these keep the movement rule at that place
				// and so reach the capacity, deadline and closure rules).
				type mutation struct {
					x    moves
					name string
				}
				var muts []mutation
				in.eachMove(func(g, l, tt int) {
					lk := in.Links[l]
					for _, d := range []int{1, -1} {
						x := copyMoves(ans.x)
						x[g][l][tt] += d
						if x[g][l][tt] >= 0 && x[g][l][tt] <= in.Groups[g].Size {
							muts = append(muts, mutation{x, fmt.Sprintf("%s: %s %s→%s at %d %+d", rec.ID, in.Groups[g].Name, lk.From, lk.To, tt, d)})
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
								muts = append(muts, mutation{x, fmt.Sprintf("%s: one of %s from %s→%s at %d to %s→%s at %d", rec.ID, in.Groups[g].Name, lk.From, lk.To, tt, lk2.From, lk2.To, t2)})
							}
						}
					}
				})
				for _, mu := range muts {
					x, name := mu.x, mu.name
					{
						got := try(x, name)
						ok, holds, _ := modelVerdict(t, in, x)
						if ok != got[itemMovement].Pass {
							t.Fatalf("%s: the model's movement rule holds %v, the item passes %v", name, ok, got[itemMovement].Pass)
						}
						if !ok {
							caught[itemMovement]++
							continue
						}
						broken := false
						for it, h := range holds {
							if got[it].Pass != h {
								t.Fatalf("%s: item %q passes %v, the model's rule holds %v", name, it, got[it].Pass, h)
							}
							if !h {
								broken = true
								caught[it]++
							}
						}
						if !broken {
							caught[itemOptimal]++
						}
					}
				}
				// A move the model has no variable for: out of a junction
				// at step 0, before anyone can be there.
				for l, lk := range in.Links {
					if p := in.place(lk.From); in.Places[p].Kind == KindJunction {
						x := copyMoves(ans.x)
						x[0][l][0]++
						if got := try(x, rec.ID+": a move before anyone is there"); got[itemMovement].Pass {
							t.Fatalf("%s: a move out of %s at step 0 passes %q", rec.ID, lk.From, itemMovement)
						}
						caught["no variable"]++
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
					for _, r := range in.Check(context.Background(), sat.Backend{}, raw, ref) {
						if r.Pass == (r.ID == itemStated) {
							t.Fatalf("%s: a wrong stated total: item %q passes %v", rec.ID, r.ID, r.Pass)
						}
					}
					mutations++
					caught[itemStated]++
				}
				bad := strings.Replace(string(ref.Plan), fmt.Sprintf("%q", in.Groups[0].Name), `"Nobody"`, 1)
				if bad != string(ref.Plan) {
					if results(in.Check(context.Background(), sat.Backend{}, json.RawMessage(bad), ref))[itemFormat].Pass {
						t.Fatalf("%s: an unknown name passes %q", rec.ID, itemFormat)
					}
					mutations++
					caught[itemFormat]++
				}
			}
			t.Logf("%d mutations, caught by: %v", mutations, caught)
		})
	}
}
