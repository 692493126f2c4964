package sat_test

import (
	"context"
	"testing"

	"github.com/plancert/plancert/internal/jobshop"
	"github.com/plancert/plancert/solver"
	"github.com/plancert/plancert/solver/sat"
)

func TestFt06(t *testing.T) {
	in, err := jobshop.ReadFile("../../../shared/data/jobshop/instances/ft06")
	if err != nil {
		t.Fatal(err)
	}
	m := in.Model()
	c, err := solver.Certify(context.Background(), sat.Backend{}, m)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%v %v stats %+v unique=%v", c.Status, c.Objective, c.Stats, *c.Unique)
	if c.Status != solver.Optimal || c.Objective[0] != 55 {
		t.Fatalf("got %v %v, want optimal 55", c.Status, c.Objective)
	}
}
