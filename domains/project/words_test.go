package project

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/internal/familytest"
	"github.com/plancert/plancert/solver/sat"
)

// TestIntroTellsOfDrawnRulesOnly: an intro says that some activities wait
// for others only with the precedence unit, and that the crews are
// limited (the activities need units of shared resources) only with the
// resource-capacity unit: Project Planning always draws precedences but
// not always capacities, Resource Scheduling the other way round.
func TestIntroTellsOfDrawnRulesOnly(t *testing.T) {
	prec := []string{"wait for others", "need others finished first", "prepared by others", "begin after another", "results of others"}
	res := []string{"teams are small", "only do so much", "crews are shared", "crews are limited", "needs some units", "needs some of the cranes", "occupies some bays", "needs theatres"}
	mentions := func(intro string, words []string) bool {
		for _, w := range words {
			if strings.Contains(intro, w) {
				return true
			}
		}
		return false
	}
	n := 0
	for _, id := range []string{"project-planning", "resource-scheduling"} {
		tk, _ := domains.Lookup(id)
		for _, st := range tk.Subtasks {
			for _, units := range [][]string{{unitPrecedence}, {unitCapacity}, {unitPrecedence, unitCapacity}} {
				for seed := uint64(1); seed <= 2; seed++ {
					spec := familytest.NewSpec(t, tk, st.ID, seed, append(slices.Clone(st.Always), units...)...)
					inst, err := tk.Generate(context.Background(), sat.Backend{}, spec, rand.New(rand.NewPCG(seed, 0)))
					if err != nil {
						continue // a spec without the subtask's Always unit may not generate
					}
					in := inst.(*Instance)
					intro := in.Voc.Intro
					if mentions(intro, prec) && !spec.Has(unitPrecedence) {
						t.Errorf("%s %s seed %d %v: the intro tells of precedences: %s", id, st.ID, seed, units, intro)
					}
					if mentions(intro, res) && !spec.Has(unitCapacity) {
						t.Errorf("%s %s seed %d %v: the intro tells of limited resources: %s", id, st.ID, seed, units, intro)
					}
					if !strings.HasPrefix(in.Prompt(), intro) {
						t.Errorf("%s %s: the prompt does not begin with the intro", id, st.ID)
					}
					n++
				}
			}
		}
	}
	if n == 0 {
		t.Fatal("no instance generated")
	}
}
