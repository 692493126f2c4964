package quantity

import (
	"context"
	"fmt"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/solver"
	"github.com/plancert/plancert/solver/sat"
)

// Example certifies the hand-made allocation of check_test.go: two depots
// with 3 and 2 boxes, clinics Oak (demand 4, weight 2, guaranteed 2) and
// Elm (demand 3, weight 1). The optimum serves Oak in full and leaves Elm
// 2 short, at cost 6; it is unique, and it passes every item.
func Example() {
	in := handInstance()
	m, err := in.Model()
	if err != nil {
		panic(err)
	}
	cert, err := solver.Certify(context.Background(), sat.Backend{}, m)
	if err != nil {
		panic(err)
	}
	plan, err := in.Plan(cert.Solution)
	if err != nil {
		panic(err)
	}
	fmt.Println(cert.Status, cert.Objective, *cert.Unique)
	fmt.Println(string(plan))
	ref := domains.Reference{Feasible: true, Plan: plan, Objective: cert.Objective}
	for _, r := range in.Check(plan, ref) {
		fmt.Println(r.ID, r.Pass)
	}
	// Output:
	// optimal [2 6] true
	// {"shipments": [{"depot": "North", "clinic": "Oak", "quantity": 3}, {"depot": "South", "clinic": "Oak", "quantity": 1}, {"depot": "South", "clinic": "Elm", "quantity": 1}], "shortfall": 2, "cost": 6}
	// format true
	// supply true
	// no-surplus true
	// min-guarantee true
	// stated true
	// optimal true
}
