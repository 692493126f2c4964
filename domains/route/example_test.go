package route_test

import (
	"context"
	"fmt"

	"github.com/plancert/plancert/domains/route"
	"github.com/plancert/plancert/solver"
	"github.com/plancert/plancert/solver/sat"
)

// ExampleNewTourModel: four stops on a square with long diagonals. The
// perimeter is the one optimal tour; its reverse is the same plan, so the
// certificate says unique.
func ExampleNewTourModel() {
	d := [][]int64{
		{0, 1, 5, 1},
		{1, 0, 1, 5},
		{5, 1, 0, 1},
		{1, 5, 1, 0},
	}
	tm, _ := route.NewTourModel(d)
	c, _ := solver.Certify(context.Background(), sat.Backend{}, tm.Model)
	tour, _ := tm.Decode(c.Solution)
	fmt.Println(c.Status, c.Objective, *c.Unique, tour)
	// Output: optimal [4] true [0 1 2 3]
}
