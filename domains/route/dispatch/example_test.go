package dispatch_test

import (
	"context"
	"fmt"

	"github.com/plancert/plancert/domains/route/dispatch"
	"github.com/plancert/plancert/gen"
	"github.com/plancert/plancert/solver/sat"
)

// ExampleTransportationDispatch: a tow-truck instance with capacity, pickup
// windows and a breakdown is certified; the reference plan keeps the most
// legs of the current plan, then has the least empty driving, and passes
// every item of its checklist.
func ExampleTransportationDispatch() {
	tk := dispatch.TransportationDispatch()
	spec, _ := tk.NewSpec("tow-trucks", 7, map[string]bool{"capacity": true, "time-windows": true, "breakdown": true})
	inst, _ := gen.NewInstance(context.Background(), sat.Backend{}, tk, spec)
	rec, _ := gen.Certify(context.Background(), sat.Backend{}, tk, inst, gen.Unique)
	fmt.Println(rec.Certificate.Status, rec.Certificate.Objective)
	fmt.Println(string(rec.Reference.Plan))
	pass := 0
	for _, r := range inst.Check(context.Background(), sat.Backend{}, rec.Reference.Plan, rec.Reference) {
		if r.Pass {
			pass++
		}
	}
	fmt.Printf("%d of %d items pass\n", pass, len(rec.Checklist))
	// Output:
	// optimal [5 147]
	// {"routes":[{"vehicle":"Flatbed 2","jobs":["J1"]},{"vehicle":"Wrecker 1","jobs":["J2","J3","J4"]}],"deadhead_minutes":147}
	// 7 of 7 items pass
}
