package quantity

import (
	"context"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/solver/sat"
)

// testSolving is what the tests lend the generator for its own solves.
var testSolving = domains.Solving{Ctx: context.Background(), Backend: sat.Backend{}}

// TestPreparers: the units listed as preparers are exactly the pool's
// units with a Prepare method.
func TestPreparers(t *testing.T) {
	listed := map[string]bool{}
	for _, p := range preparers {
		listed[p.(unit).Info().ID] = true
	}
	for _, u := range pool {
		if _, ok := u.(domains.Preparer[*Instance]); ok != listed[u.Info().ID] {
			t.Errorf("unit %s: Prepare %v, listed %v", u.Info().ID, ok, listed[u.Info().ID])
		}
	}
}
