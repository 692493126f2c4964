package scheduling

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/internal/familytest"
	"github.com/plancert/plancert/solver"
	"github.com/plancert/plancert/solver/sat"
)

func TestSmoke(t *testing.T) {
	tk, _ := domains.Lookup("meeting-planning")
	spec := domains.Spec{Task: tk.ID, Subtask: "cross-team", Basic: []string{"availability", "room-fit"}, Medium: []string{"buffer", "self-check"}, Seed: 3}
	in, err := tk.Generate(context.Background(), sat.Backend{}, spec, rand.New(rand.NewPCG(3, 0)))
	if err != nil {
		t.Fatal(err)
	}
	for tb := 0; ; tb++ {
		_, c := familytest.CertifyModel(t, in)
		fmt.Println(c.Status, c.Objective, c.Unique != nil && *c.Unique, c.Stats)
		if c.Status != solver.Optimal {
			break
		}
		if *c.Unique || !in.TieBreak() {
			plan, _ := in.Plan(c.Solution)
			fmt.Println(string(plan))
			ref := domains.Reference{Feasible: true, Plan: plan, Objective: c.Objective}
			fmt.Println(in.Prompt())
			for _, r := range in.Check(context.Background(), sat.Backend{}, plan, ref) {
				fmt.Println(r)
			}
			break
		}
	}
}
