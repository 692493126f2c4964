package quantity

import (
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/internal/familytest"
)

// TestFamilyMutation: every single-quantity change (±1 on every shipment
// of the model, +1 on shipments the model has no variable for) of a
// reference plan, and of its recovery plan, fails "optimal" (the optimum
// is unique), and fails exactly the items whose rules the model says it
// breaks; the items of the objective units (priority-order, replanning)
// fail exactly when the plan breaks a rule or their levels differ from
// the optimum's; a wrong stated value fails "stated" alone; an unknown
// name fails "format"; an infeasible record has
// familytest.InfeasibleMutants.
func TestFamilyMutation(t *testing.T) { familytest.Mutations(t, family, mutants) }

func mutants(t *testing.T, rec *domains.Record, inst domains.Instance) []familytest.Mutant {
	in := inst.(*Instance)
	ref := rec.Reference
	if !ref.Feasible {
		return familytest.InfeasibleMutants(rec, in.encode(in.zero(), in.zero()))
	}
	ans := in.parse(ref.Plan)
	if ans.FormatErr != "" {
		t.Fatalf("%s: reference does not parse: %s", rec.ID, ans.FormatErr)
	}
	var out []familytest.Mutant
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
					q := copyPlan(ans.q)
					q[s][k][tt] += d
					if q[s][k][tt] < 0 || !inModel[[3]int{s, k, tt}] && d < 0 {
						continue
					}
					name := fmt.Sprintf("%s%s %+d", in.route(s, k), in.inPeriod(tt), d)
					answer := in.encode(q, ans.rq)
					switch _, late := in.arrives(s, tt); {
					case !inModel[[3]int{s, k, tt}] && !late:
						// No variable: the shipment arrives too late.
						out = append(out, familytest.Mutant{Name: name + " (late)", Kind: "no variable", Answer: answer, Changed: true, Fail: []string{unitLead}})
					case !inModel[[3]int{s, k, tt}]:
						// No variable: its source has no supply then.
						out = append(out, familytest.Mutant{Name: name + " (no supply)", Kind: "no variable", Answer: answer, Changed: true, Fail: []string{itemSupply}})
					case q[s][k][tt] > in.Sources[s].Supply[tt]:
						// Beyond the variable's domain.
						out = append(out, familytest.Mutant{Name: name + " (beyond the supply)", Kind: "supply", Answer: answer, Changed: true, Fail: []string{itemSupply}})
					default:
						out = append(out, verdictMutant(rec, in, name, "quantity", answer, q, ans.rq))
					}
				}
				// The recovery plan: ±1 on its own shipments, +1 on the
				// failed source's after the failure.
				if !in.recovering() || tt < in.failFrom() {
					continue
				}
				for _, d := range []int{1, -1} {
					rq := copyPlan(ans.rq)
					rq[s][k][tt] += d
					own := inRecovery[[3]int{s, k, tt}]
					if rq[s][k][tt] < 0 || !own && (d < 0 || s != in.srcIndex(in.Failure.Source)) {
						continue
					}
					name := fmt.Sprintf("recovery %s%s %+d", in.route(s, k), in.inPeriod(tt), d)
					answer := in.encode(ans.q, rq)
					if !own || rq[s][k][tt] > in.Sources[s].Supply[tt] {
						// A recovery shipment beyond the supply in the
						// failure.
						out = append(out, familytest.Mutant{Name: name, Kind: "recovery supply", Answer: answer, Changed: true, Fail: []string{unitRecovery}})
						continue
					}
					out = append(out, verdictMutant(rec, in, name, "recovery", answer, ans.q, rq))
				}
			}
		}
	}
	if in.has(unitSelfCheck) {
		out = append(out, familytest.StatedMutant(t, rec, "cost", itemStated))
	}
	if mu, ok := familytest.RenameMutant(rec, in.Sources[0].Name); ok {
		out = append(out, mu)
	}
	return out
}

// verdictMutant is a mutated plan (q and the recovery rq) whose items are
// compared with the model's verdict, rule by rule.
func verdictMutant(rec *domains.Record, in *Instance, name, kind string, answer json.RawMessage, q, rq quantities) familytest.Mutant {
	ref := rec.Reference
	return familytest.Mutant{Name: name, Kind: kind, Answer: answer, Changed: true,
		Verdict: func(t *testing.T, got familytest.Results, obj []int64) []string {
			what := rec.ID + ": " + name
			pass := got.Passes()
			ok, holds, mobj := modelVerdict(t, in, q, rq)
			if !ok {
				if in.coreItemsPass(pass) {
					t.Fatalf("%s: the model's definitions fail but the core items pass", what)
				}
				for _, id := range []string{unitPriority, unitReplan} {
					if in.has(id) && pass[id] {
						t.Fatalf("%s: the plan breaks a rule, yet %q passes", what, id)
					}
				}
				var caught []string
				for _, id := range []string{itemSurplus, itemDemand, itemStorage} {
					if r, ok := got[id]; ok && !r.Pass {
						caught = append(caught, id)
					}
				}
				if len(caught) == 0 {
					// The core items pass: the recovery plan's
					// quantities leave their domains.
					caught = append(caught, unitRecovery)
				}
				return caught
			}
			caught := familytest.ItemsAgree(t, what, pass, holds)
			broken := len(caught) > 0
			if !broken && !slices.Equal(obj, mobj) {
				t.Fatalf("%s: the checker's objective %v, the model's %v", what, obj, mobj)
			}
			// The objective units' items: their levels against the
			// optimum's.
			if _, has := got[unitReplan]; has && in.replanning() && familytest.LevelsItem(t, what, pass, unitReplan, broken, mobj, ref.Objective, 0, 1) {
				caught = append(caught, unitReplan)
			}
			if _, has := got[unitPriority]; has && len(in.classes()) > 0 {
				a, n := in.firstClass(), len(in.classes())
				if familytest.LevelsItem(t, what, pass, unitPriority, broken, mobj, ref.Objective, a, a+n) {
					caught = append(caught, unitPriority)
				}
			}
			return caught
		}}
}
