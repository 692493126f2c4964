package assign

import (
	"context"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/internal/familytest"
	"github.com/plancert/plancert/solver/sat"
)

// generated returns the instance of task tk, subtask sub, seed and units
// (with what they require), drawn as gen draws it; nil when the spec
// needs a redraw.
func generated(t *testing.T, tk *domains.Task, sub string, seed uint64, units ...string) *Assign {
	t.Helper()
	spec := familytest.NewSpec(t, tk, sub, seed, familytest.Requiring(tk, units...)...)
	inst, err := tk.Generate(context.Background(), sat.Backend{}, spec, rand.New(rand.NewPCG(seed, 0)))
	if err != nil {
		return nil
	}
	return inst.(*Assign)
}

// eachBackups calls f on generated instances of every assign subtask that
// may draw the backups unit, with it.
func eachBackups(t *testing.T, seeds uint64, f func(what string, a *Assign)) {
	t.Helper()
	n := 0
	for _, ts := range familytest.Allowing(t, family, unitBackups) {
		for seed := uint64(1); seed <= seeds; seed++ {
			if a := generated(t, ts.Task, ts.Sub.ID, seed, unitBackups); a != nil && a.criticalIdx() != nil {
				f(ts.Task.ID+"/"+ts.Sub.ID, a)
				n++
			}
		}
	}
	if n == 0 {
		t.Fatal("no instance draws the backups unit")
	}
}

var soOnAfterTwo = regexp.MustCompile(`weight (?:is )?[12] for [^,.;]* and so on`)

// TestCritWeights: the weights of the critical items are stated item by
// item when there are one or two ("the weight 1 for Cleo and so on down
// to 1" read as a slip), in every prompt with the backups unit.
func TestCritWeights(t *testing.T) {
	for _, tc := range []struct {
		names []string
		want  string
	}{
		{[]string{"Femi"}, "the weight is 1 for Femi"},
		{[]string{"Nora", "Tara"}, "the weight is 2 for Nora and 1 for Tara"},
		{[]string{"A", "B", "C"}, "the weight is 3 for A, 2 for B and so on down to 1 for C"},
	} {
		if got := critWeights(tc.names); got != tc.want {
			t.Errorf("critWeights(%v) = %q, want %q", tc.names, got, tc.want)
		}
	}
	eachBackups(t, 6, func(what string, a *Assign) {
		p := a.Prompt()
		if m := soOnAfterTwo.FindString(p); m != "" {
			t.Errorf("%s: %q", what, m)
		}
		if a.TieBreaks >= 1 || a.Timed || a.Partition {
			if !strings.Contains(p, critWeights(a.Critical)) {
				t.Errorf("%s: the prompt does not state the critical weights %q", what, critWeights(a.Critical))
			}
		}
	})
}

// TestBackupOrderSentence: whenever the backups unit names critical items,
// the goal says that the backups' levels come after every level of the
// plan and decide between plans that tie before them, as the model orders
// them (objectives, then backupLevels); "with the plan chosen, choose the
// backups" cannot be followed when plans tie until the backup level.
func TestBackupOrderSentence(t *testing.T) {
	eachBackups(t, 4, func(what string, a *Assign) {
		p := a.Prompt()
		what2 := "backups"
		if a.Partition {
			what2 = "swap partners"
		}
		for _, want := range []string{
			"Then, among the plans that tie on all of the above, choose the one whose " + what2 + " minimise",
			chosenTogether(what2),
		} {
			if !strings.Contains(p, want) {
				t.Errorf("%s: the goal does not say %q", what, want)
			}
		}
		if strings.Contains(p, "chosen, choose the") {
			t.Errorf("%s: the goal still chooses the plan first", what)
		}
	})
}
