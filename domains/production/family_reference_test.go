package production

import (
	"slices"
	"testing"
	"time"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/internal/familytest"
)

// The family tests of the shop core run through internal/familytest:
//
//   - family_reference_test.go: the family (below) and its reference
//     test: every task, seeds 1..30 (10 in short mode, 200 with
//     PLANCERT_LONG=1): the certified reference passes every item of its
//     own checklist after a JSON round trip of the record and the
//     instance, and a second run of the same spec gives a byte-identical
//     record (every third seed; every seed in short mode and with
//     PLANCERT_LONG=1); kept ≥ 90 %; a delay record's optimum re-sequences
//     exactly when the plan's sequences no longer keep every rule; no two
//     jobs have the same route.
//   - family_brute_test.go: exhaustive search over start times with the
//     checker as the oracle agrees with the SAT certificate (status,
//     optimum vector, uniqueness) on tiny instances, for every unit of the
//     pool, and each rule's item agrees with its model groups.
//   - family_mutation_test.go: mutations of reference plans fail the item
//     of the rule they break, and "optimal" fails for every changed plan;
//     every unit is caught by its own item in the sweep's records, but
//     the two objective-only units (see family.Exempt).
//   - family_golden_test.go: prompt and checklist under testdata/golden,
//     refreshed with -update.
//   - known_test.go: ft06 (and la01–la05 with PLANCERT_LONG=1) proven at
//     their published optima through this package's model.

// family describes the shop core's tests to internal/familytest.
var family = &familytest.Family{
	Core:    "project (job shop / flow shop)",
	Seeds:   familytest.Levels{Short: 10, Default: 30, Long: 200},
	MinKeep: 0.90,
	Rerun:   func(seed uint64) bool { return familytest.Long() || testing.Short() || seed%3 == 1 },
	// Generous, so that a drop for time does not depend on the load of the
	// machine.
	Timeout:     60 * time.Second,
	CheckRecord: checkShop,
	Golden:      goldenFiles,
	Exempt: map[string]string{
		unitTardiness: "objective-only: due dates and weights make the goal weighted tardiness, with no rule or item of their own; a worse schedule fails \"optimal\"",
		unitCost:      "objective-only: machine costs make the goal the cost, with no rule or item of their own; a worse schedule fails \"optimal\"",
	},
	// The routes item (always on) has the Constraint "precedence", which
	// is also the ID of the unit of precedence between jobs.
	ItemUnit:      map[string]string{itemRoutes: ""},
	SweepCoverage: true,
}

func TestFamilyReference(t *testing.T) { familytest.Reference(t, family) }

// checkShop: the shop's own checks of a kept record.
func checkShop(t *testing.T, rec *domains.Record, inst domains.Instance) {
	s := inst.(*Shop)
	if s.Delay != nil && rec.Reference.Feasible {
		// The earliest schedule with the given plan's sequences keeps
		// every rule exactly when no re-sequencing is needed.
		keeps := len(s.violations(s.keepOrder(s.Delay.Plan))) == 0
		if keeps != (rec.Reference.Objective[0] == 0) {
			t.Fatalf("%s: the plan's sequences keep every rule: %v, but the optimum re-sequences %d pairs", rec.ID, keeps, rec.Reference.Objective[0])
		}
	}
	// Jobs are told apart by data: no two have the same route.
	for a := range s.Jobs {
		for b := range a {
			if slices.Equal(s.Jobs[a].Route, s.Jobs[b].Route) {
				t.Fatalf("%s: %s and %s have the same route", rec.ID, s.Jobs[a].Name, s.Jobs[b].Name)
			}
		}
	}
}
