package commute

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/internal/familytest"
	"github.com/plancert/plancert/internal/routetest"
)

// TestLeftOutUnitsAreVacuous: the trip rules that no trip by rule 1
// breaks are left out with their data (leaveOut; a walking limit that no
// trip exceeds is lifted, the unit kept for its links), so gen's test of
// the same name cannot put them back: here the instance drawn with every
// unit (draw) and the one generate keeps are certified
// (familytest.LeftOutVacuous: the same status and optimum, each optimal
// plan passes every item of the other). A unit is kept exactly when it
// binds. Every subtask at level 1 (levels 1 and 3 with
// PLANCERT_LONG=1), seeds 1..6 (1..20 long), with every trip rule at
// once and with the backup; it fails when no draw left a unit out or
// lifted a walking limit (the test would test nothing).
func TestLeftOutUnitsAreVacuous(t *testing.T) {
	tk := Commuting()
	rules := []string{unitDeadline, unitEarliest, unitTransfer, unitFare, unitChanges, unitAvoid, unitWalking}
	left := map[string]int{}
	routetest.LeftOutDraws(t, tk, [][]string{rules, {unitDeadline, unitTransfer, unitChanges, unitBackup}}, func(name string, si int, spec domains.Spec, units []string) {
		voc := subtasks[spec.Subtask]
		if spec.Level > 1 {
			voc = levels.At(voc, spec.Level)
		}
		// As generate: draws until a timetable is usable.
		r := rand.New(rand.NewPCG(spec.Seed, uint64(si)))
		var full *Commute
		for try := 0; try < 200 && full == nil; try++ {
			full = draw(spec, voc, r)
		}
		if full == nil {
			return
		}
		left["draws"]++
		c := familytest.Reload(t, tk, full)
		c.leaveOut()
		for _, u := range c.units() {
			if b, ok := any(u).(domains.Binder[*Commute]); ok && !b.Binds(c) {
				t.Errorf("%s: %s is kept but binds nothing", name, u.Info().ID)
			}
		}
		gone := slices.DeleteFunc(slices.Clone(units), c.S.Has)
		lifted := !full.NoWalkLimit && c.NoWalkLimit
		if len(gone) == 0 && !lifted {
			return
		}
		for _, u := range gone {
			left[u]++
		}
		if lifted {
			left["walking limit lifted"]++
		}
		c = familytest.Reload(t, tk, c) // the record as written loads
		familytest.LeftOutVacuous(t, name, full, c, nil)
	})
	if len(left) == 0 || left["walking limit lifted"] == 0 {
		t.Fatalf("left out %v: the test tests too little", left)
	}
	t.Logf("left out: %v", left)
}
