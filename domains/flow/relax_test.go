package flow

import (
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/gen"
	"github.com/plancert/plancert/internal/familytest"
)

// modelFeasible is Instance.modelFeasible on the tests' backend, failing t
// on an error.
func modelFeasible(t *testing.T, in *Instance, objectives bool) bool {
	t.Helper()
	c := *in
	c.solving = testSolving
	ok, err := c.modelFeasible(objectives)
	if err != nil {
		t.Fatal(err)
	}
	return ok
}

// TestRelaxationSound holds the generator's two shortcuts to the model:
// on the instances of both flow tasks for seeds 1–10 (30 with
// PLANCERT_LONG=1), and tiny instances of four unit sets for seeds 1–5
// (20 with PLANCERT_LONG=1), at every horizon from 1 to the largest and with the vulnerable deadline
// at each step, a flow relaxation that says no (relaxed) is never
// contradicted by a plan of the model, and the model without its
// objective definitions (build(false)) has a plan exactly when the whole
// model has one; where the first relaxation is exact (relaxExact), its
// flow means the model has a plan. It also requires that the relaxations
// refute some horizons and decide some as exact, so that neither check is
// vacuous.
func TestRelaxationSound(t *testing.T) {
	seeds := familytest.Levels{Short: 10, Default: 10, Long: 30}.N()
	tiny := familytest.Levels{Short: 5, Default: 5, Long: 20}.N()
	// The tiny instances of the brute-force tests, where every capacity
	// can bind, with each rule the relaxations state.
	refuted, tinyExact := 0, 0
	for _, units := range [][]string{{unitExitCap, unitHold}, {unitArcCap, unitHold}, {unitExitCap, unitVulnerable}, {unitArcCap, unitClosure}} {
		for seed := uint64(1); seed <= tiny; seed++ {
			in, s := tinyInstance(t, units, seed, seed%2 == 0)
			seed = s
			for h := 1; h <= maxHorizon; h++ {
				for _, d := range deadlines(in, h) {
					c := *in
					c.Horizon, c.Deadline = h, d
					if c.validate() != nil {
						continue
					}
					switch {
					case !c.relaxed():
						refuted++
						if modelFeasible(t, &c, true) {
							t.Fatalf("tiny %v seed %d horizon %d deadline %d: the relaxation refutes a feasible model", units, seed, h, d)
						}
					case c.relaxExact():
						tinyExact++
						if !modelFeasible(t, &c, true) {
							t.Fatalf("tiny %v seed %d horizon %d deadline %d: the exact relaxation has a flow, the model no plan", units, seed, h, d)
						}
					}
				}
			}
		}
	}
	t.Logf("tiny instances: %d horizons and deadlines refuted by the relaxation, %d decided by it as exact", refuted, tinyExact)
	exactAll := 0 // Urban Traffic's groups all have destinations: never exact
	for _, tk := range familytest.Tasks(t, family) {
		refuted, checked, exact := 0, 0, 0
		for seed := uint64(1); seed <= seeds; seed++ {
			spec, err := gen.SampleSpec(tk, seed)
			if err != nil {
				t.Fatal(err)
			}
			inst := familytest.Instance(t, tk, spec)
			in := inst.(*Instance)
			for h := 1; h <= maxHorizon; h++ {
				for _, d := range deadlines(in, h) {
					c := *in
					c.Horizon, c.Deadline = h, d
					if c.validate() != nil {
						continue // a replan's current plan needs a longer horizon
					}
					whole := modelFeasible(t, &c, true)
					if bare := modelFeasible(t, &c, false); bare != whole {
						t.Fatalf("%s seed %d horizon %d deadline %d: model without objectives feasible %v, whole model %v", tk.ID, seed, h, d, bare, whole)
					}
					checked++
					if !c.relaxed() {
						refuted++
						if whole {
							t.Fatalf("%s seed %d horizon %d deadline %d: the relaxation refutes a feasible model", tk.ID, seed, h, d)
						}
					} else if c.relaxExact() {
						exact++
						if !whole {
							t.Fatalf("%s seed %d horizon %d deadline %d: the exact relaxation has a flow, the model no plan", tk.ID, seed, h, d)
						}
					}
				}
			}
		}
		t.Logf("%s: %d horizons and deadlines, %d refuted by the relaxation, %d decided by it as exact", tk.ID, checked, refuted, exact)
		if refuted == 0 {
			t.Errorf("%s: the relaxation refuted nothing", tk.ID)
		}
		exactAll += exact
	}
	if exactAll == 0 {
		t.Error("the relaxation decided nothing as exact")
	}
}

// deadlines lists the vulnerable deadlines to try at horizon h: every
// step when in has a vulnerable group under the unit, else h alone.
func deadlines(in *Instance, h int) []int {
	if !in.has(unitVulnerable) {
		return []int{h}
	}
	var out []int
	for d := 1; d <= h; d++ {
		out = append(out, d)
	}
	return out
}

// TestRelaxationWaitingRoom: two people must both enter A → J at step 0
// (it closes at step 1) and J → X takes one a step, so one of them waits
// at J: the horizon 3 has a plan with a waiting room of 1 and none with
// 0, and the relaxation and the model agree on both.
func TestRelaxationWaitingRoom(t *testing.T) {
	for _, room := range []int{0, 1} {
		in := &Instance{
			Sp:      domains.Spec{Task: "tiny", Basic: []string{unitArcCap, unitHold}, Hard: []string{unitClosure}},
			Voc:     tinySubtask(false).Voc,
			Horizon: 3, Deadline: 3,
			Places:  []Place{{Name: "A", Kind: KindOrigin}, {Name: "J", Kind: KindJunction, Hold: room}, {Name: "X", Kind: KindExit}},
			Links:   []Link{{From: "A", To: "J", Time: 1, Cap: []int{2}}, {From: "J", To: "X", Time: 1, Cap: []int{1}}},
			Groups:  []Group{{Name: "G", Origin: "A", Size: 2}},
			Closure: &Closure{From: "A", To: "J", Start: 1},
		}
		if err := in.validate(); err != nil {
			t.Fatal(err)
		}
		want := room == 1
		if got := in.relaxed(); got != want {
			t.Errorf("waiting room %d: relaxation says %v", room, got)
		}
		if got := modelFeasible(t, in, true); got != want {
			t.Errorf("waiting room %d: model says %v", room, got)
		}
	}
}

// TestRelaxationVulnerableDeadline: the vulnerable group V can reach exit
// X1 by its deadline (step 2) and X2 only at step 3; the two people of G
// reach X1 only, at step 2 or 3; each exit takes one person a step. Every
// relaxation has a flow (everyone by step 3; V alone by step 2), but
// together V takes X1 at step 2 and G cannot both get out: the model has
// no plan, and the first relaxation must not count as exact here.
func TestRelaxationVulnerableDeadline(t *testing.T) {
	in := &Instance{
		Sp:      domains.Spec{Task: "tiny", Basic: []string{unitExitCap}, Medium: []string{unitVulnerable}},
		Voc:     tinySubtask(false).Voc,
		Horizon: 3, Deadline: 2,
		Places: []Place{{Name: "P", Kind: KindOrigin}, {Name: "Q", Kind: KindOrigin},
			{Name: "X1", Kind: KindExit, ExitCap: 1}, {Name: "X2", Kind: KindExit, ExitCap: 1}},
		Links:  []Link{{From: "P", To: "X1", Time: 2}, {From: "P", To: "X2", Time: 3}, {From: "Q", To: "X1", Time: 2}},
		Groups: []Group{{Name: "V", Origin: "P", Size: 1, Vulnerable: true}, {Name: "G", Origin: "Q", Size: 2}},
	}
	if err := in.validate(); err != nil {
		t.Fatal(err)
	}
	in.solving = testSolving
	if !in.relaxed() || in.relaxExact() || modelFeasible(t, in, true) || in.feasible() {
		t.Errorf("relaxed %v, exact %v, model %v, feasible %v; want true, false, false, false", in.relaxed(), in.relaxExact(), modelFeasible(t, in, true), in.feasible())
	}
}
