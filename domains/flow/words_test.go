package flow

import (
	"strings"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/internal/familytest"
)

// generated returns the instance of task id, subtask sub, seed and units
// (with what they require), drawn as familytest.Drawn draws it.
func generated(t *testing.T, id, sub string, seed uint64, units ...string) *Instance {
	t.Helper()
	return familytest.Drawn[*Instance](t, id, sub, seed, units...)
}

// TestIntroTellsOfClosureOnlyWithOne: the intros of the event-diversion
// and emergency-corridor skins tell of a closed road only when a rule
// closes one (the route-failure or the replanning unit); the closure is a
// unit those skins draw often, not always, and an intro may mention only
// rules the instance has.
func TestIntroTellsOfClosureOnlyWithOne(t *testing.T) {
	for _, sub := range []string{"event-diversion", "emergency-corridor"} {
		for _, tc := range []struct {
			units  []string
			closed bool
		}{{[]string{unitArcCap}, false}, {[]string{unitArcCap, unitHold}, false}, {[]string{unitArcCap, unitClosure}, true}, {[]string{unitArcCap, unitReplan}, true}} {
			for seed := uint64(1); seed <= 3; seed++ {
				in := generated(t, "urban-traffic", sub, seed, tc.units...)
				intro := strings.SplitN(in.Prompt(), "\n", 2)[0]
				tells := strings.Contains(intro, "close") || strings.Contains(intro, "kept free") || strings.Contains(intro, "clear road")
				if tells != tc.closed {
					t.Errorf("%s seed %d %v: the intro tells of a closure: %v, a rule closes a road: %v: %s", sub, seed, tc.units, tells, tc.closed, intro)
				}
			}
		}
	}
}

// TestSignalIntroKeepsToTheTable: the signal-timing intro does not say that
// a road lets more through in one period of the cycle than in the other:
// the two capacities of a road are drawn on their own and may be equal.
func TestSignalIntroKeepsToTheTable(t *testing.T) {
	equal := false
	for seed := uint64(1); seed <= 10; seed++ {
		in := generated(t, "urban-traffic", "signal-timing", seed, unitArcCap)
		if strings.Contains(in.Voc.Intro, "more platoons through") {
			t.Fatalf("seed %d: %s", seed, in.Voc.Intro)
		}
		for _, lk := range in.Links {
			equal = equal || len(lk.Cap) == 2 && lk.Cap[0] == lk.Cap[1]
		}
	}
	if !equal {
		t.Fatal("no road with equal capacities in the seeds tried: the test shows nothing")
	}
}

// TestGoalRanksOfItems: with the fewest changes first (replanning) and the
// balance of the exits, the two objective items name different ranks of
// goal, as the goal orders them ("(the first goal)" twice before).
func TestGoalRanksOfItems(t *testing.T) {
	n := 0
	for seed := uint64(1); seed <= 6; seed++ {
		in := generated(t, "disaster-evacuation", "building-floors", seed, unitExitCap, unitBalance, unitReplan)
		if !in.replanning() {
			continue
		}
		texts := map[string]string{}
		for _, it := range in.Checklist(domains.Reference{Feasible: true}) {
			texts[it.ID] = it.Text
		}
		if !strings.Contains(texts[unitReplan], "(the first goal)") || !strings.Contains(texts[unitBalance], "(the second goal, after the fewest changes)") {
			t.Errorf("seed %d: replanning %q, balance %q", seed, texts[unitReplan], texts[unitBalance])
		}
		if p := in.Prompt(); !strings.Contains(p, "First change as few moves") || !strings.Contains(p, "Then balance the exits") {
			t.Errorf("seed %d: the goal does not put the changes first and the balance second", seed)
		}
		n++
	}
	if n == 0 {
		t.Fatal("no instance with both goals")
	}
}
