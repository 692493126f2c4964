package assign_test

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/plancert/plancert/domains"
	_ "github.com/plancert/plancert/domains/assign"
	"github.com/plancert/plancert/gen"
	"github.com/plancert/plancert/solver/sat"
)

// A Student Grouping instance (lab pairs; one pair of three): the
// reference is a partition, certified unique on the same-group relation,
// and an answer that lists the same groups in another order, members
// reversed, passes every item: group numbers do not matter.
func Example() {
	t, _ := domains.Lookup("student-grouping")
	spec, _ := t.NewSpec("lab-pairs", 7, map[string]bool{"compatibility": true, "exclusivity": true})
	inst, _ := gen.NewInstance(context.Background(), sat.Backend{}, t, spec)
	rec, err := gen.Certify(context.Background(), sat.Backend{}, t, inst, gen.Unique)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(string(rec.Reference.Plan))
	fmt.Println(rec.Certificate.Status, rec.Certificate.Objective, *rec.Certificate.Unique)
	// The same pairs, listed backwards.
	var groups map[string][][]string
	_ = json.Unmarshal(rec.Reference.Plan, &groups)
	g := groups["pairs"]
	for i, j := 0, len(g)-1; i < j; i, j = i+1, j-1 {
		g[i], g[j] = g[j], g[i]
	}
	for _, p := range g {
		p[0], p[1] = p[1], p[0]
	}
	relabelled, _ := json.Marshal(groups)
	all := true
	for _, r := range inst.Check(context.Background(), sat.Backend{}, relabelled, rec.Reference) {
		all = all && r.Pass
	}
	fmt.Println(string(relabelled), all)
	// Output:
	// {"pairs": [["Ada", "Gia"], ["Dev", "Hugo", "Iris"], ["Ema", "Nora"], ["Jon", "Milo"]]}
	// optimal [2 139] true
	// {"pairs":[["Milo","Jon"],["Nora","Ema"],["Hugo","Dev","Iris"],["Gia","Ada"]]} true
}
