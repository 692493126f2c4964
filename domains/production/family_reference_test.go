package production

import (
	"slices"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/internal/familytest"
)

// family describes the shop core's tests to internal/familytest (its doc
// says what each family test checks; family_*_test.go hold the core's
// parts, known_test.go ft06 and la01–la05 at their published optima).
// Its own checks of a kept record are checkShop's.
var family = &familytest.Family{
	Core:        "project (job shop / flow shop)",
	Seeds:       familytest.DefaultSeeds,
	MinKeep:     0.90,
	Rerun:       familytest.RerunEvery(3),
	Timeout:     familytest.GenerousTimeout,
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
