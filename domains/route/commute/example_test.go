package commute_test

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/plancert/plancert/domains/route/commute"
	"github.com/plancert/plancert/gen"
	"github.com/plancert/plancert/solver/sat"
)

// ExampleCommuting: a school run with an arrival deadline and minimum
// transfer times, certified; the reference trip is printed leg by leg and
// passes every checklist item.
func ExampleCommuting() {
	tk := commute.Commuting()
	spec, _ := tk.NewSpec("school-run", 1, map[string]bool{"arrival-deadline": true, "transfer-time": true})
	inst, _ := gen.NewInstance(context.Background(), sat.Backend{}, tk, spec)
	rec, _ := gen.Certify(context.Background(), sat.Backend{}, tk, inst, gen.Unique)
	var plan struct {
		Legs []struct{ Line, From, Depart, To, Arrive string }
	}
	_ = json.Unmarshal(rec.Reference.Plan, &plan)
	fmt.Println(rec.Certificate.Status, rec.Certificate.Objective, *rec.Certificate.Unique)
	for _, l := range plan.Legs {
		fmt.Printf("%s %s %s -> %s %s\n", l.Line, l.From, l.Depart, l.To, l.Arrive)
	}
	pass := 0
	for _, r := range inst.Check(context.Background(), sat.Backend{}, rec.Reference.Plan, rec.Reference) {
		if r.Pass {
			pass++
		}
	}
	fmt.Printf("%d of %d items pass\n", pass, len(rec.Checklist))
	// Output:
	// optimal [455 2 5] true
	// Bus 21 Home (Birch Lane stop) 07:14 -> Library 07:21
	// Tram 2 Library 07:26 -> School (Hill Road) 07:35
	// 6 of 6 items pass
}
