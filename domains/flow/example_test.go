package flow_test

import (
	"context"
	"fmt"

	"github.com/plancert/plancert/domains"
	_ "github.com/plancert/plancert/domains/flow"
	"github.com/plancert/plancert/gen"
	"github.com/plancert/plancert/solver/sat"
)

// Example certifies a hospital-ward evacuation with exit capacities and a
// vulnerable ward that must be out early, and grades its reference plan
// and a plan that moves nobody.
func Example() {
	tk, _ := domains.Lookup("disaster-evacuation")
	spec, err := tk.NewSpec("hospital-ward", 7, map[string]bool{"exit-capacity": true, "vulnerable-first": true})
	if err != nil {
		panic(err)
	}
	inst, err := gen.NewInstance(context.Background(), sat.Backend{}, tk, spec)
	if err != nil {
		panic(err)
	}
	rec, err := gen.Certify(context.Background(), sat.Backend{}, tk, inst, gen.Unique)
	if err != nil {
		panic(err)
	}
	fmt.Println("status:", rec.Certificate.Status, "total time:", rec.Certificate.Objective[0], "unique:", *rec.Certificate.Unique)
	for _, r := range inst.Check(context.Background(), sat.Backend{}, rec.Reference.Plan, rec.Reference) {
		fmt.Printf("reference %s: %v\n", r.ID, r.Pass)
	}
	for _, r := range inst.Check(context.Background(), sat.Backend{}, []byte(`{"moves": []}`), rec.Reference) {
		if !r.Pass {
			fmt.Printf("empty plan fails %s\n", r.ID)
		}
	}
	// Output:
	// status: optimal total time: 23 unique: true
	// reference format: true
	// reference movement: true
	// reference deadline: true
	// reference exit-capacity: true
	// reference vulnerable-first: true
	// reference optimal: true
	// empty plan fails deadline
	// empty plan fails vulnerable-first
	// empty plan fails optimal
}
