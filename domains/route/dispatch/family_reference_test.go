package dispatch_test

import (
	"testing"

	"github.com/plancert/plancert/domains/route/dispatch"
	"github.com/plancert/plancert/internal/familytest"
	"github.com/plancert/plancert/internal/routetest"
)

// The family tests of task 22 run through internal/familytest, in the
// files family_*_test.go:
//
//   - family_reference_test.go: the family (below) and its reference
//     test: seeds 1..30 (200 with PLANCERT_LONG=1): the certified
//     reference passes every item of its own checklist (at least 3) after
//     a JSON round trip of the record and the instance, and a second run
//     of every seed gives a byte-identical record; kept ≥ 70 %; every
//     subtask occurs, and with 200 seeds every unit. TestFamilyUnits: each
//     unit forced into every subtask.
//   - family_brute_test.go: full enumeration of the plans of seeded
//     instances (routes per vehicle type as sets, the prompt's "same
//     plan"), with an independent oracle, agrees with the SAT certificate
//     at every tie-break level, for every unit of the pool; each rule's
//     item passes exactly when the plan keeps it, and the checker's
//     objective is the oracle's.
//   - family_mutation_test.go: jobs swapped or moved, routes handed to
//     other vehicles, appended or exchanged fail exactly the items of the
//     rules the oracle says they break and "optimal"; a job dropped or
//     repeated fails coverage, a wrong stated total "stated" only, unknown
//     jobs or vehicles and malformed answers "format"; conflicts of
//     infeasible records that can hold, or with a rule added or left out,
//     fail; every unit's item (balanced-routes has none: see Exempt), and
//     every item of the core, catches a mutant of seeds 1..30.
//   - family_golden_test.go: five prompts and checklists under
//     testdata/golden, refreshed with -update.

// family describes the tests of task 22 to internal/familytest
// (routetest.Family: the settings the route skins share). The sweep's
// records alone must catch a mutant by every unit's item and by each item
// of MustCatch, as the package's mutation test always required of seeds
// 1..30.
var family = routetest.Family(routetest.Skin{
	Task:   dispatch.TransportationDispatch().ID,
	Golden: goldenFiles,
	MustCatch: []string{"capacity", "pickup-windows", "equipment", "driver-hours", "pickup-before-delivery", "breakdown", "backup",
		"format", "coverage", "optimal", "stated", "conflict", "infeasible"},
	Exempt: map[string]string{
		"balanced-routes": "objective-only: adds the goal level of the longest route's driving time before the deadhead (its model group core: longest route only defines that level), with no rule or item of its own; a plan with a longer longest route fails \"optimal\"",
	},
})

func TestFamilyReference(t *testing.T) { familytest.Reference(t, family) }

// TestFamilyUnits: familytest.UnitRecords on 3 seeds; every kept record
// passes the reference test's record checks (familytest.CheckRecord).
func TestFamilyUnits(t *testing.T) {
	familytest.UnitRecords(t, family, dispatch.TransportationDispatch(), 3, nil)
}
