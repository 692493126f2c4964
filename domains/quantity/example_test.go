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
	for _, r := range in.Check(context.Background(), sat.Backend{}, plan, ref) {
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

// Example_powerDispatch certifies a hand-made Power Dispatch Planning
// instance: a hospital with demands 2, 3, 2 MWh over three hours and a
// battery of 1 MWh, a Diesel generator (3 MWh an hour, 3 per MWh, fee 1)
// and a Gas generator (2 MWh an hour, 1 per MWh, fee 2). Diesel, the
// largest, may fail, so Gas alone must cover the critical load of 1 MWh
// in every hour. Gas runs flat out (6 + fees 6); the one MWh it cannot
// give comes from Diesel in the second hour, where it is needed (3 + fee
// 1; sending it earlier would pay 1 for holding it in the battery): a
// unique optimum of 16.
func Example_powerDispatch() {
	in := &Instance{
		Sp:      domains.Spec{Task: "power-dispatch", Subtask: "hospital-backup", Basic: []string{}, Medium: []string{unitSelfCheck}, Hard: []string{unitCritical}, Stateful: []string{}},
		Mode:    ModeProcurement,
		Voc:     powerVocab("generator", "generators", "hospital", "hour", "hours", "The grid is down."),
		Periods: []string{"Hour 1", "Hour 2", "Hour 3"},
		Sources: []Source{{Name: "Diesel", Supply: []int{3, 3, 3}, Fee: 1}, {Name: "Gas", Supply: []int{2, 2, 2}, Fee: 2}},
		Sinks:   []Sink{{Name: "Hospital", Demand: []int{2, 3, 2}, CriticalAt: []int{1, 1, 1}}},
		Cost:    [][]int{{3}, {1}},
		Holding: 1, Storage: 1, Fail: "Diesel",
	}
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
	for _, r := range in.Check(context.Background(), sat.Backend{}, plan, domains.Reference{Feasible: true, Plan: plan, Objective: cert.Objective}) {
		fmt.Println(r.ID, r.Pass)
	}
	// Output:
	// optimal [16] true
	// {"dispatches": [{"generator": "Diesel", "hour": "Hour 2", "quantity": 1}, {"generator": "Gas", "hour": "Hour 1", "quantity": 2}, {"generator": "Gas", "hour": "Hour 2", "quantity": 2}, {"generator": "Gas", "hour": "Hour 3", "quantity": 2}], "cost": 16}
	// format true
	// supply true
	// demand true
	// storage true
	// stated true
	// critical-load true
	// optimal true
}
