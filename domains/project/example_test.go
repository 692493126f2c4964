package project

import (
	"context"
	"fmt"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/solver"
	"github.com/plancert/plancert/solver/sat"
)

// Example certifies the hand-made release of check_test.go: Design, then
// Build (2 developers) and Test (1 developer) on 2 developers. The
// shortest makespan is 6 with either Build or Test first; the least sum of
// starts picks Test first, so the optimum is unique and passes every item.
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
	for _, r := range in.Check(context.Background(), sat.Backend{}, plan, ref) {
		fmt.Println(r.ID, r.Pass)
	}
	// Output:
	// optimal [6 5] true
	// {"schedule": [{"activity": "Design", "start": 0}, {"activity": "Build", "start": 3}, {"activity": "Test", "start": 2}], "makespan": 6}
	// format true
	// coverage true
	// precedence true
	// resource-capacity true
	// stated-values true
	// optimal true
}
