package quantity

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

// TestFamilyMutation: every single-quantity change (±1 on every shipment
// of the model, +1 on shipments the model has no variable for) of a
// reference plan fails "optimal" (the optimum is unique), and fails
// exactly the items whose rules the model says it breaks; a wrong stated
// value fails "stated" alone; an unknown name fails "format".
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
				inModel := map[[3]int]bool{}
				in.eachShipment(func(s, k, tt int) { inModel[[3]int{s, k, tt}] = true })
				inRecovery := map[[3]int]bool{}
				if in.recovering() {
					in.eachRecovery(func(s, k, tt int) { inRecovery[[3]int{s, k, tt}] = true })
				}
				for s := range in.Sources {
					for k := range in.Sinks {
						for tt := range in.Periods {
							for _, d := range []int{1, -1} {
								q := copyQ(ans.q)
								q[s][k][tt] += d
								if q[s][k][tt] < 0 {
									continue
								}
								if !inModel[[3]int{s, k, tt}] && d < 0 {
									continue
								}
								mutations++
								name := fmt.Sprintf("%s: %s%s %+d", rec.ID, in.route(s, k), in.inPeriod(tt), d)
								got := results(in.Check(context.Background(), sat.Backend{}, in.encode(q, ans.rq), ref))
								if got[itemOptimal].Pass {
									t.Fatalf("%s: a changed plan passes %q", name, itemOptimal)
								}
								if !inModel[[3]int{s, k, tt}] {
									// No variable: the shipment arrives too late or
									// its source has no supply then.
									if _, late := in.arrives(s, tt); !late && got[unitLead].Pass {
										t.Fatalf("%s: a late shipment passes %q", name, unitLead)
									} else if late && got[itemSupply].Pass {
										t.Fatalf("%s: a shipment beyond the supply passes %q", name, itemSupply)
									}
									caught["no variable"]++
									continue
								}
								if q[s][k][tt] > in.Sources[s].Supply[tt] {
									// Beyond the variable's domain.
									if got[itemSupply].Pass {
										t.Fatalf("%s: a shipment beyond the supply passes %q", name, itemSupply)
									}
									caught[itemSupply]++
									continue
								}
								mutationVerdict(t, in, name, q, ans.rq, got, caught)
							}
							// The recovery plan: ±1 on its own shipments, +1
							// on the failed source's after the failure.
							if !in.recovering() || tt < in.failFrom() {
								continue
							}
							for _, d := range []int{1, -1} {
								rq := copyQ(ans.rq)
								rq[s][k][tt] += d
								own := inRecovery[[3]int{s, k, tt}]
								if rq[s][k][tt] < 0 || !own && (d < 0 || s != in.srcIndex(in.Failure.Source)) {
									continue
								}
								mutations++
								name := fmt.Sprintf("%s: recovery %s%s %+d", rec.ID, in.route(s, k), in.inPeriod(tt), d)
								got := results(in.Check(context.Background(), sat.Backend{}, in.encode(ans.q, rq), ref))
								if got[itemOptimal].Pass {
									t.Fatalf("%s: a changed recovery plan passes %q", name, itemOptimal)
								}
								if !own || rq[s][k][tt] > in.Sources[s].Supply[tt] {
									if got[unitRecovery].Pass {
										t.Fatalf("%s: a recovery shipment beyond the supply in the failure passes %q", name, unitRecovery)
									}
									caught[unitRecovery]++
									continue
								}
								mutationVerdict(t, in, name, ans.q, rq, got, caught)
							}
						}
					}
				}
				if in.has(unitSelfCheck) {
					var obj map[string]any
					if err := json.Unmarshal(ref.Plan, &obj); err != nil {
						t.Fatal(err)
					}
					obj["cost"] = obj["cost"].(float64) + 1
					raw, _ := json.Marshal(obj)
					for _, r := range in.Check(context.Background(), sat.Backend{}, raw, ref) {
						if r.Pass == (r.ID == itemStated) {
							t.Fatalf("%s: a wrong stated cost: item %q passes %v", rec.ID, r.ID, r.Pass)
						}
					}
					mutations++
					caught[itemStated]++
				}
				bad := strings.Replace(string(ref.Plan), fmt.Sprintf("%q", in.Sources[0].Name), `"Nobody"`, 1)
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

// mutationVerdict compares the checker's items on a mutated plan (q and
// the recovery rq) with the model's verdict, rule by rule, and counts
// what caught it.
func mutationVerdict(t *testing.T, in *Instance, name string, q, rq quantities, got map[string]domains.Result, caught map[string]int) {
	t.Helper()
	ok, holds, _ := modelVerdict(t, in, q, rq)
	if !ok {
		if (in.alloc() && got[itemSurplus].Pass || !in.alloc() && got[itemDemand].Pass && got[itemStorage].Pass) && (!in.recovering() || got[unitRecovery].Pass) {
			t.Fatalf("%s: the model's definitions fail but the core items pass", name)
		}
		caught["core"]++
		return
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
