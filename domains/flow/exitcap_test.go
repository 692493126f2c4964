package flow

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/internal/familytest"
)

// TestExitCapacitiesThatCannotBind: an exit's capacity at or above the
// people who may reach it, or (with the arc-capacity unit) what the links
// into it can bring at one step, is stated, modelled and checked nowhere
// (exitBinds), and the unit is left out when no exit's capacity can bind
// (Binds). Soundly: on tiny instances with exit and arc capacities, every
// plan that keeps every rule stated (the checker's verdict, plan by plan)
// keeps every exit's capacity, stated or not (seeds 1..12, the
// instances of at most 5000 plans). It fails when no instance had an
// exit whose capacity is not stated, or no such plan reached one (the
// test would test nothing).
func TestExitCapacitiesThatCannotBind(t *testing.T) {
	tk := &domains.Task{ID: "tiny", Pool: poolInfo()}
	unstated, plans, reached := 0, 0, 0
	for _, dest := range []bool{false, true} {
		for seed := uint64(1); seed <= 12; seed++ {
			spec := familytest.NewSpec(t, tk, "tiny", seed, unitExitCap, unitArcCap)
			in, err := tinySubtask(dest).generate(testSolving, spec, rand.New(rand.NewPCG(seed, 99)))
			if err != nil {
				t.Fatal(err)
			}
			n := 1
			in.eachMove(func(g, l, tt int) { n *= in.Groups[g].Size + 1 })
			if n > maxPlans/8 {
				continue
			}
			name := fmt.Sprintf("dest=%v seed %d", dest, seed)
			binds := false
			var quiet []int
			for p, pl := range in.Places {
				if in.exitBinds(p) {
					binds = true
				} else if pl.Kind == KindExit && pl.ExitCap > 0 {
					quiet = append(quiet, p)
				}
			}
			if binds != in.has(unitExitCap) {
				t.Errorf("%s: some exit binds %v, the unit is kept %v", name, binds, in.has(unitExitCap))
			}
			if len(quiet) == 0 {
				continue
			}
			unstated++
			judge := familytest.NewJudge(in, domains.Reference{Feasible: true})
			in.allPlans(func(x moves) {
				if _, feasible, _ := judge.Plan(t, name, in.encode(x)); !feasible {
					return
				}
				plans++
				s := in.simulate(x)
				for _, p := range quiet {
					for tt, k := range s.exitAt[p] {
						if k > 0 {
							reached++
						}
						if k > in.Places[p].ExitCap {
							t.Fatalf("%s: plan %v keeps every stated rule but brings %d to %s at step %d, its capacity %d", name, x, k, in.Places[p].Name, tt, in.Places[p].ExitCap)
						}
					}
				}
			})
		}
	}
	if unstated == 0 || reached == 0 {
		t.Fatalf("%d instances had an exit whose capacity cannot bind, %d arrivals there: the test tests nothing", unstated, reached)
	}
	t.Logf("%d instances with an unstated exit capacity, %d plans keeping every rule checked, %d arrivals at such exits", unstated, plans, reached)
}
