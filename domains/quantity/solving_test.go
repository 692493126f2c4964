package quantity

import (
	"context"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/solver/sat"
)

// testSolving is what the tests lend the generator for its own solves.
var testSolving = domains.Solving{Ctx: context.Background(), Backend: sat.Backend{}}
