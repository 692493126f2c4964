package route_test

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/plancert/plancert/domains/route"
	"github.com/plancert/plancert/gen"
	"github.com/plancert/plancert/solver/sat"
)

// ExampleTravelItinerary: a trip sequence of task 20 certified (unique
// after the stated tie-break), and an answer that swaps the first two
// cities graded item by item: the order keeps every rule but loses the
// tie-break, and its first days were not recomputed.
func ExampleTravelItinerary() {
	tk := route.TravelItinerary()
	spec, _ := tk.NewSpec("city-hopping", 7, map[string]bool{"must-visit": true, "opening-hours": true, "visit-order": true})
	inst, _ := gen.NewInstance(tk, spec)
	rec, _ := gen.Certify(context.Background(), sat.Backend{}, tk, inst, gen.Unique)
	fmt.Println(rec.Certificate.Status, rec.Certificate.Objective, *rec.Certificate.Unique)
	fmt.Println(string(rec.Reference.Plan))
	var ans struct {
		Cities    []string `json:"cities"`
		FirstDays []int64  `json:"first_days"`
	}
	_ = json.Unmarshal(rec.Reference.Plan, &ans)
	ans.Cities[0], ans.Cities[1] = ans.Cities[1], ans.Cities[0]
	swapped, _ := json.Marshal(ans)
	for _, r := range inst.Check(swapped, rec.Reference) {
		if !r.Pass {
			fmt.Printf("%s: %s\n", r.ID, r.Detail)
		}
	}
	// Output:
	// optimal [6 211] true
	// {"cities":["C6 Krakow","C1 Porto","C4 Oslo","C3 Vienna","C2 Lyon","C5 Riga"],"first_days":[1,5,7,8,12,16]}
	// optimal: the plan's objective values are [6 321], the optimum is [6 211]
	// stated: stated first days [1 5 7 8 12 16], the plan arrives on days [1 3 7 8 12 16]
}
