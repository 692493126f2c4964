package roster_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"

	"github.com/plancert/plancert/domains"
	_ "github.com/plancert/plancert/domains/roster"
	"github.com/plancert/plancert/solver/sat"
)

// An instance of Shift and Duty Scheduling with two units; an answer that
// leaves every nurse Off fails staffing (and optimality) but keeps the
// leave rule.
func Example() {
	t, _ := domains.Lookup("shift-duty-scheduling")
	spec, _ := t.NewSpec("nurse-ward", 1, map[string]bool{"availability": true, "max-shifts": true})
	inst, err := t.Generate(context.Background(), sat.Backend{}, spec, rand.New(rand.NewPCG(1, 0)))
	if err != nil {
		fmt.Println(err)
		return
	}
	var facts struct {
		Staff []struct{ Name string }
	}
	data, _ := json.Marshal(inst)
	_ = json.Unmarshal(data, &facts)
	roster := map[string][]string{}
	for _, st := range facts.Staff {
		roster[st.Name] = []string{"Off", "Off", "Off", "Off", "Off", "Off", "Off"}
	}
	answer, _ := json.Marshal(map[string]any{"roster": roster})
	for _, r := range inst.Check(context.Background(), sat.Backend{}, answer, domains.Reference{Feasible: true}) {
		fmt.Println(r.ID, r.Pass)
	}
	// Output:
	// format true
	// staffing false
	// availability true
	// max-shifts true
	// optimal false
}
