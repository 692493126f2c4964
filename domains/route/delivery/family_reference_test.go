package delivery_test

import (
	"testing"

	"github.com/plancert/plancert/domains/route/delivery"
	"github.com/plancert/plancert/internal/familytest"
	"github.com/plancert/plancert/internal/routetest"
)

// The family tests of task 21 run through internal/familytest, in the
// files family_*_test.go:
//
//   - family_reference_test.go: the family (below) and its reference
//     test: seeds 1..30 (200 with PLANCERT_LONG=1): the certified
//     reference passes every item of its own checklist (at least 3) after
//     a JSON round trip of the record and the instance, and a second run
//     of every seed gives a byte-identical record; kept ≥ 70 %; every
//     subtask occurs, and with 200 seeds every unit and both
//     infeasibility variants (overload, deadline). TestFamilyUnits: each
//     unit forced into every subtask.
//   - family_brute_test.go: full enumeration of the plans of seeded
//     instances, with route.Fleet as the oracle, agrees with the SAT
//     certificate at every tie-break level, for every unit of the pool;
//     each rule's item passes exactly when the plan keeps it.
//   - family_mutation_test.go: a stop moved within or between routes
//     fails the items of the rules the oracle says it breaks (and passes
//     the others) and "optimal"; a stop dropped or repeated fails
//     coverage, a wrong stated total "stated" only, unknown stops and
//     malformed answers "format"; conflicts of infeasible records that can
//     hold, or with a rule added or left out, fail; every unit's item, and
//     every item of the core, catches a mutant of seeds 1..30.
//   - family_golden_test.go: three prompts and checklists under
//     testdata/golden, refreshed with -update.

// family describes the tests of task 21 to internal/familytest
// (routetest.Family: the settings the route skins share). The sweep's
// records alone must catch a mutant by every unit's item and by each item
// of MustCatch, as the package's mutation test always required of seeds
// 1..30. With 200 seeds both infeasibility variants occur: a conflict
// with the vehicle capacity (overload) and one with the delivery windows
// (deadline).
var family = routetest.Family(routetest.Skin{
	Task:   delivery.LogisticsDelivery().ID,
	Golden: goldenFiles,
	MustCatch: []string{"format", "coverage", "capacity", "delivery-windows", "driving-limit", "road-closure", "visit-order", "balanced-routes",
		"optimal", "stated", "conflict", "infeasible"},
	Conflicts: []string{"vehicle capacity", "delivery windows"},
})

func TestFamilyReference(t *testing.T) { familytest.Reference(t, family) }

// TestFamilyUnits: familytest.UnitRecords on 3 seeds; every kept record
// passes the reference test's record checks (familytest.CheckRecord).
func TestFamilyUnits(t *testing.T) {
	familytest.UnitRecords(t, family, delivery.LogisticsDelivery(), 3, nil)
}
