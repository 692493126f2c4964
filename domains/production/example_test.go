package production_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"

	"github.com/plancert/plancert/domains"
	_ "github.com/plancert/plancert/domains/production"
	"github.com/plancert/plancert/solver/sat"
)

// An instance of Production Planning with release dates: an answer that
// starts every step at time 0 keeps the format and covers every step, but
// breaks the routes, the machines and the release dates (and optimality);
// its stated objective is checked against its own true makespan.
func Example() {
	t, _ := domains.Lookup("production-planning")
	spec, _ := t.NewSpec("metal-workshop", 1, map[string]bool{"release-dates": true})
	inst, err := t.Generate(context.Background(), sat.Backend{}, spec, rand.New(rand.NewPCG(1, 0)))
	if err != nil {
		fmt.Println(err)
		return
	}
	var facts struct {
		Machines []string
		Jobs     []struct {
			Name  string
			Route []struct{ Machine, Duration int }
		}
	}
	data, _ := json.Marshal(inst)
	_ = json.Unmarshal(data, &facts)
	var sched []map[string]any
	makespan := 0
	for _, j := range facts.Jobs {
		for k, op := range j.Route {
			sched = append(sched, map[string]any{"job": j.Name, "step": k + 1, "machine": facts.Machines[op.Machine], "start": 0})
			makespan = max(makespan, op.Duration)
		}
	}
	answer, _ := json.Marshal(map[string]any{"schedule": sched, "objective": makespan})
	for _, r := range inst.Check(context.Background(), sat.Backend{}, answer, domains.Reference{Feasible: true}) {
		fmt.Println(r.ID, r.Pass)
	}
	// Output:
	// format true
	// coverage true
	// routes false
	// machines false
	// release-dates false
	// optimal false
	// stated true
}
