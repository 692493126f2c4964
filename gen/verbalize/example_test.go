package verbalize_test

import (
	"encoding/json"
	"fmt"

	"github.com/plancert/plancert/gen/verbalize"
)

// The facts of a problem text are the instance's names and numbers that
// the text shows; the skeleton blanks them for the back-extraction.
func ExampleFacts() {
	instance := json.RawMessage(`{"seed": 77, "slot_minutes": 30,
		"rooms": [{"name": "Oak", "seats": 3}, {"name": "Pine", "seats": 5}]}`)
	text := "Rooms: Oak (3 seats) and Pine (5 seats). Meetings start on the half hour."
	facts, err := verbalize.Facts(instance, text)
	if err != nil {
		panic(err)
	}
	for _, f := range facts {
		fmt.Println(f)
	}
	skel, _ := verbalize.Skeleton(instance, facts)
	fmt.Println(string(skel))
	fmt.Println(verbalize.Missing(facts, "Oak seats 3 and Pine seats five."))
	// Output:
	// name "Oak" (rooms.0.name)
	// number "3" (rooms.0.seats)
	// name "Pine" (rooms.1.name)
	// number "5" (rooms.1.seats)
	// {"rooms":[{"name":"<name>","seats":"<number>"},{"name":"<name>","seats":"<number>"}],"seed":77,"slot_minutes":30}
	// [number "5" (rooms.1.seats)]
}
