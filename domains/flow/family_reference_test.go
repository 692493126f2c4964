package flow

import (
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/internal/familytest"
)

// family describes the flow core's tests to internal/familytest (its doc
// says what each family test checks; family_*_test.go hold the core's
// parts). Its own check of a kept record: a sampled replanning unit
// always finds its disruption.
var family = &familytest.Family{
	Core:    "flow",
	Seeds:   familytest.DefaultSeeds,
	MinKeep: 0.70,
	CheckRecord: func(t *testing.T, rec *domains.Record, inst domains.Instance) {
		if in := inst.(*Instance); in.has(unitReplan) && !in.replanning() {
			t.Fatalf("%s: the replanning unit was sampled, but the generator found no disruption that leaves a plan", rec.ID)
		}
	},
	Golden: goldenFiles,
	// The mutation sweep: the kept records of seeds 1..6 (30, the
	// reference seeds, with PLANCERT_LONG=1); a unit they miss is searched
	// for in the reference seeds, then in forced specs.
	MutationSeeds: familytest.Levels{Short: 6, Default: 6, Long: 30},
}

func TestFamilyReference(t *testing.T) { familytest.Reference(t, family) }
