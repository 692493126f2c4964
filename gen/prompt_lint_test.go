package gen_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/gen"
	"github.com/plancert/plancert/solver/sat"
)

// TestPromptOffersInfeasibleAnswer: every prompt of every task, at levels
// 1 and 3, offers the answer for an instance without a plan
// ({"feasible": false, ...}), whether or not the infeasibility unit was
// drawn: a prompt whose form changed with the unit would tell a model
// whether its instance is feasible (issue 19). Prompts only: nothing is
// certified.
func TestPromptOffersInfeasibleAnswer(t *testing.T) {
	const offer = `{"feasible": false, "conflict": [...]}`
	for _, task := range domains.Tasks() {
		with, without := 0, 0
		for _, level := range []int{1, 3} {
			for seed := uint64(1); seed <= 12; seed++ {
				spec, err := gen.SampleLevel(task, seed, level)
				if err != nil {
					t.Fatal(err)
				}
				inst, err := gen.NewInstance(context.Background(), sat.Backend{}, task, spec)
				if errors.Is(err, domains.ErrRedraw) {
					continue
				}
				if err != nil {
					t.Fatalf("%s level %d seed %d: %v", task.ID, level, seed, err)
				}
				if !strings.Contains(inst.Prompt(), offer) {
					t.Errorf("%s level %d seed %d (units %v): the prompt does not offer %s", task.ID, level, seed, spec.Units(), offer)
				}
				if spec.Has("infeasibility") {
					with++
				} else {
					without++
				}
			}
		}
		if without == 0 {
			t.Errorf("%s: every spec drew the infeasibility unit; the test saw no prompt without it", task.ID)
		}
	}
}
