package roster

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/internal/familytest"
	"github.com/plancert/plancert/solver/sat"
)

// TestIntroTellsOfThePeriodDrawn: above level 1 a roster may repeat its
// week (a fortnight, "Mon 1" … "Sun 14"); its intro then names the number
// of days (longIntro) and no longer "next week" (the intro of the week
// drawn at level 1 was kept for every period before).
func TestIntroTellsOfThePeriodDrawn(t *testing.T) {
	long := 0
	for _, id := range tasks {
		tk, _ := domains.Lookup(id)
		for _, sub := range tk.Subtasks {
			for level := 2; level <= domains.Levels; level++ {
				for seed := uint64(1); seed <= 2; seed++ {
					spec := familytest.NewSpec(t, tk, sub.ID, seed)
					spec.Level = level
					inst, err := tk.Generate(context.Background(), sat.Backend{}, spec, rand.New(rand.NewPCG(seed, 0)))
					if err != nil {
						t.Fatalf("%s %s level %d: %v", id, sub.ID, level, err)
					}
					r := inst.(*Roster)
					if !strings.HasSuffix(r.Days[0], " 1") {
						continue // one week, named as at level 1
					}
					long++
					if intro := r.Voc.Intro; !strings.Contains(intro, fmt.Sprint(len(r.Days))) || strings.Contains(intro, "week's") {
						t.Errorf("%s %s level %d seed %d: %d days, intro: %s", id, sub.ID, level, seed, len(r.Days), intro)
					}
				}
			}
		}
	}
	if long == 0 {
		t.Fatal("no instance repeats its week")
	}
}

// TestHolidayIntroOnlyWithTheHoliday: the holiday rota's intro tells of a
// public holiday whose demand is not yet certain only when the
// holiday-demand unit is drawn (introClaims), at level 1 and above.
func TestHolidayIntroOnlyWithTheHoliday(t *testing.T) {
	tk, _ := domains.Lookup("shift-duty-scheduling")
	for _, level := range []int{1, 3} {
		for _, units := range [][]string{{unitAvailability}, {unitHoliday}} {
			spec := familytest.NewSpec(t, tk, "holiday-rota", 1, units...)
			spec.Level = level
			inst, err := tk.Generate(context.Background(), sat.Backend{}, spec, rand.New(rand.NewPCG(1, 0)))
			if err != nil {
				t.Fatalf("level %d %v: %v", level, units, err)
			}
			intro := inst.(*Roster).Voc.Intro
			if says := strings.Contains(intro, "public holiday"); says != spec.Has(unitHoliday) {
				t.Errorf("level %d %v: the intro tells of the holiday: %v: %s", level, units, says, intro)
			}
			if bad := domains.UnmetClaims(intro, spec, tk.Claims); len(bad) > 0 {
				t.Errorf("level %d %v: unmet claims %v: %s", level, units, bad, intro)
			}
		}
	}
}
