package itinerary_test

import (
	"strings"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/domains/route/itinerary"
	"github.com/plancert/plancert/internal/familytest"
	"github.com/plancert/plancert/internal/routetest"
)

// The family tests of task 20 run through internal/familytest, in the
// files family_*_test.go:
//
//   - family_reference_test.go: the family (below) and its reference
//     test: seeds 1..30 (10 with -short, 200 with PLANCERT_LONG=1): the
//     certified reference passes every item of its own checklist (at
//     least 3) after a JSON round trip of the record and the instance,
//     and a second run of every seed gives a byte-identical record; kept
//     ≥ 70 %; with 30 seeds every subtask occurs, with 200 every unit and
//     both infeasibility variants (fees, hours). TestFamilyUnits: each unit
//     forced into every subtask that allows it.
//   - family_brute_test.go: full enumeration of the plans of instances
//     capped at 5 stops agrees with the SAT certificate at every tie-break
//     level, for every unit of the pool (and on variants whose travel times
//     are not metric); each rule's item passes exactly when the oracle
//     says the plan keeps it, "optimal" exactly for the optimal plans.
//   - family_mutation_test.go: single changes of reference plans fail
//     exactly the items of the rules the oracle says they break (or
//     "optimal"); a repeated stop fails coverage, a wrong stated value
//     "stated" only, an unknown name "format"; single rules, unknown rules
//     and conflicts with a rule added or left out are refused for
//     infeasible records; every unit's item catches a mutant, and every
//     item of the old list one of the sweep. TestCheckMalformed: answers
//     of the wrong shape fail every item.
//   - family_golden_test.go: four prompts and checklists under
//     testdata/golden, refreshed with -update.
//
// natplan_test.go checks trip sequences against internal/natplan.

// seeds are the reference test's seeds (and the mutation test's).
var seeds = familytest.Levels{Short: 10, Default: 30, Long: 200}

// family describes the tests of task 20 to internal/familytest
// (routetest.Family: the settings the route skins share). MustCatch are
// the items the package's mutation test always required of its sweep; the
// other units' items are found by the harness's per-unit search. With 30
// seeds the kept records cover every subtask; with 200 every unit of the
// pool and both infeasibility variants occur, a conflict with the budget
// (fees) and one with the opening hours.
var family = routetest.Family(routetest.Skin{
	Task:          itinerary.TravelItinerary().ID,
	Seeds:         seeds,
	MutationSeeds: seeds,
	Golden:        goldenFiles,
	MustCatch:     []string{"optimal", "must-visit", "opening-hours", "budget", "day-times", "stated", "format", "coverage", "conflict"},
	Conflicts:     []string{"budget", "opening hours"},
})

func TestFamilyReference(t *testing.T) { familytest.Reference(t, family) }

// unitSeeds are the seeds per unit and subtask of TestFamilyUnits.
var unitSeeds = familytest.Levels{Short: 1, Default: 1, Long: 3}

// TestFamilyUnits: familytest.UnitRecords on unitSeeds; every kept record
// passes the reference test's record checks (familytest.CheckRecord), the
// unit's rule appears in the prompt, and the infeasibility unit gives an
// infeasible record.
func TestFamilyUnits(t *testing.T) {
	familytest.UnitRecords(t, family, itinerary.TravelItinerary(), unitSeeds.N(), func(u domains.Unit, st domains.Subtask, rec *domains.Record) {
		familytest.CheckRecord(t, family, rec)
		rule := map[string]string{"opening-hours": "opening hours", "visit-order": "visit order", "daily-travel-limit": "daily travel limit", "balanced-days": "balanced days"}[u.ID]
		if rule == "" {
			rule = u.ID
		}
		if st.ID == "city-hopping" && u.ID == "opening-hours" {
			rule = "events"
		}
		if u.ID != "infeasibility" && !strings.Contains(rec.Prompt, `"`+rule+`"`) {
			t.Errorf("%s: the prompt has no rule for unit %s", rec.ID, u.ID)
		}
		if u.ID == "infeasibility" && rec.Reference.Feasible {
			t.Errorf("%s: the infeasibility unit gave a feasible instance", rec.ID)
		}
	})
}
