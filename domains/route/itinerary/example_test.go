package itinerary_test

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/plancert/plancert/domains/route/itinerary"
	"github.com/plancert/plancert/gen"
	"github.com/plancert/plancert/solver/sat"
)

// ExampleTravelItinerary: a trip sequence of task 20 certified (the one
// order that keeps every rule), and an answer that swaps the first two
// cities graded item by item: the stay in Porto now misses its event, and
// the first days were not recomputed.
func ExampleTravelItinerary() {
	tk := itinerary.TravelItinerary()
	spec, _ := tk.NewSpec("city-hopping", 7, map[string]bool{"must-visit": true, "opening-hours": true, "visit-order": true})
	inst, _ := gen.NewInstance(context.Background(), sat.Backend{}, tk, spec)
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
	for _, r := range inst.Check(context.Background(), sat.Backend{}, swapped, rec.Reference) {
		if !r.Pass {
			fmt.Printf("%s: %s\n", r.ID, r.Detail)
		}
	}
	// Output:
	// optimal [6] true
	// {"cities":["C6 Krakow","C1 Porto","C4 Oslo","C5 Riga","C2 Lyon","C3 Vienna"],"first_days":[1,5,7,8,12,16]}
	// opening-hours: the stay in C1 Porto, days 1-3, does not cover its event (days 5-6)
	// optimal: the plan breaks a rule
	// stated: stated first days [1 5 7 8 12 16], the plan arrives on days [1 3 7 8 12 16]
}
