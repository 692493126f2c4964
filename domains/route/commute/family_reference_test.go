package commute_test

import (
	"testing"

	"github.com/plancert/plancert/domains/route/commute"
	"github.com/plancert/plancert/internal/familytest"
	"github.com/plancert/plancert/internal/routetest"
)

// The family tests of task 18 run through internal/familytest, in the
// files family_*_test.go:
//
//   - family_reference_test.go: the family (below) and its reference
//     test: seeds 1..30 (200 with PLANCERT_LONG=1): the certified
//     reference passes every item of its own checklist (at least 3) after
//     a JSON round trip of the record and the instance, and a second run
//     of every seed gives a byte-identical record; kept ≥ 70 %; every
//     subtask occurs, and with 200 seeds every unit. TestFamilyUnits: each
//     unit forced into every subtask.
//   - family_brute_test.go: full enumeration of the trips of seeded
//     instances, with an oracle written from the instance's JSON, agrees
//     with the SAT certificate at every tie-break level, for every unit of
//     the pool; each rule's item passes exactly when the trip keeps it.
//   - family_mutation_test.go: every other trip of a reference's instance,
//     broken routes, wrong stated values, unknown rides and malformed
//     answers fail the items the oracle says they must; conflicts of
//     infeasible records with a rule added or left out fail; every unit's
//     item, and every item of the core, catches a mutant of seeds 1..30.
//     TestObjectiver: Objective and Better against the oracle.
//   - family_golden_test.go: four prompts and checklists under
//     testdata/golden, refreshed with -update.

// family describes the tests of task 18 to internal/familytest
// (routetest.Family: the settings the route skins share). The sweep's
// records alone must catch a mutant by every unit's item and by each item
// of MustCatch, as the package's mutation test always required of seeds
// 1..30.
var family = routetest.Family(routetest.Skin{
	Task:   commute.Commuting().ID,
	Golden: goldenFiles,
	MustCatch: []string{"format", "route", "arrival-deadline", "earliest-departure", "transfer-time", "fare-budget", "transfer-limit", "avoided-line",
		"walking-limit", "line-closure", "backup-route", "optimal", "stated", "conflict", "infeasible"},
})

func TestFamilyReference(t *testing.T) { familytest.Reference(t, family) }

// TestFamilyUnits: familytest.UnitRecords on 3 seeds; every kept record
// passes the reference test's record checks (familytest.CheckRecord).
func TestFamilyUnits(t *testing.T) { familytest.UnitRecords(t, family, commute.Commuting(), 3, nil) }
