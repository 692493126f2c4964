package flow

import (
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/internal/familytest"
)

// The family test suite of the flow core runs through
// internal/familytest, in the files family_*_test.go:
//
//   - family_reference_test.go: the family (below) and its reference
//     test: both tasks, seeds 1..30 (10 in short mode, 200 with
//     PLANCERT_LONG=1): the certified reference passes every item of its
//     own checklist after a JSON round trip, and a second run of the same
//     spec gives a byte-identical record; keep rate ≥ 70 %; a sampled
//     replanning unit always finds its disruption.
//   - family_brute_test.go: exhaustive search over every plan of tiny
//     instances, with the checker as the oracle, agrees with the SAT
//     certificate (status, optimum, uniqueness) for every unit of the
//     pool, and each rule's item passes exactly when the model's group of
//     that rule holds at the plan.
//   - family_mutation_test.go: single-count mutations of reference plans
//     fail the item of every broken rule, and "optimal" whenever the plan
//     changed; the objective units' items fail exactly when their levels
//     differ from the optimum's; conflicts of infeasible records with a
//     rule added or left out fail; every unit of the pool is caught by its
//     own item.
//   - family_golden_test.go: prompt and checklist per task under
//     testdata/golden, refreshed with -update.

// family describes the flow core's tests to internal/familytest.
var family = &familytest.Family{
	Core:    "flow",
	Seeds:   familytest.Levels{Short: 10, Default: 30, Long: 200},
	MinKeep: 0.70,
	CheckRecord: func(t *testing.T, rec *domains.Record, inst domains.Instance) {
		if in := inst.(*Instance); in.has(unitReplan) && !in.replanning() {
			t.Fatalf("%s: the replanning unit was sampled, but the generator found no disruption that leaves a plan", rec.ID)
		}
	},
	Golden: goldenFiles,
}

func TestFamilyReference(t *testing.T) { familytest.Reference(t, family) }
