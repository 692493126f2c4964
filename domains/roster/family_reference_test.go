package roster

import (
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/internal/familytest"
)

// family describes the roster core's tests to internal/familytest (its
// doc says what each family test checks; family_*_test.go hold the core's
// parts). Its own check of a kept feasible record: no two staff have the
// same rate.
var family = &familytest.Family{
	Core:    "roster",
	Seeds:   familytest.DefaultSeeds,
	MinKeep: 0.90,
	Rerun:   familytest.RerunEvery(3),
	Timeout: familytest.GenerousTimeout,
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
