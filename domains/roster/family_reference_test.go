package roster

import (
	"testing"
	"time"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/internal/familytest"
)

// The family tests of the roster core run through internal/familytest:
//
//   - family_reference_test.go: the family (below) and its reference
//     test: every task, seeds 1..30 (10 in short mode, 200 with
//     PLANCERT_LONG=1): the certified reference passes every item of its
//     own checklist after a JSON round trip of the record and the
//     instance, and a second run of the same spec gives a byte-identical
//     record (every third seed; every seed in short mode and with
//     PLANCERT_LONG=1); kept ≥ 90 %; no two staff of a feasible record have
//     the same rate.
//   - family_brute_test.go: exhaustive search with the checker as the
//     oracle agrees with the SAT certificate on tiny instances, for every
//     unit of the pool, and each rule's item agrees with its model group.
//   - family_mutation_test.go: single-entry, backup, staff-swap and
//     stated-value mutations of reference plans fail exactly the items of
//     the rules they break (the model's groups decide which), and
//     "optimal" fails for every changed plan; wrong answers to infeasible
//     records fail; every unit is caught by its own item, but the three
//     objective-only units (see family.Exempt).
//   - family_golden_test.go: prompt and checklist per task under
//     testdata/golden, refreshed with -update.

// family describes the roster core's tests to internal/familytest.
var family = &familytest.Family{
	Core:    "roster",
	Seeds:   familytest.Levels{Short: 10, Default: 30, Long: 200},
	MinKeep: 0.90,
	Rerun:   func(seed uint64) bool { return familytest.Long() || testing.Short() || seed%3 == 1 },
	// Generous, so that a drop for time does not depend on the load of the
	// machine.
	Timeout: 60 * time.Second,
	CheckRecord: func(t *testing.T, rec *domains.Record, inst domains.Instance) {
		if !rec.Reference.Feasible {
			return
		}
		// Staff are told apart by data: no two have the same rate.
		rates := map[int]bool{}
		for _, st := range inst.(*Roster).Staff {
			if rates[st.Rate] {
				t.Fatalf("%s: two staff with rate %d", rec.ID, st.Rate)
			}
			rates[st.Rate] = true
		}
	},
	Golden:        goldenFiles,
	GoldenShared:  goldenInfeasible,
	MutationSeeds: familytest.Levels{Short: 5, Default: 12, Long: 12},
	Exempt: map[string]string{
		unitWeekend:     "objective-only: adds the goal level of the most weekend shifts, with no rule or item of its own; a worse roster fails \"optimal\"",
		unitPreferences: "objective-only: adds the goal level of the weighted preferences, with no rule or item of its own; a worse roster fails \"optimal\"",
		unitBalance:     "objective-only: adds the goal level max − min of the totals, with no rule or item of its own; a worse roster fails \"optimal\"",
	},
}

func TestFamilyReference(t *testing.T) { familytest.Reference(t, family) }
