package main

import (
	"github.com/plancert/plancert/solver"
	"github.com/plancert/plancert/solver/cbc"
)

// crossCheckHelp is the help of the --crosscheck flag of gen and audit.
const crossCheckHelp = "also solve every model with `BACKEND` (cbc) and fail with exit code 4 if the two disagree on feasibility, the optimum or uniqueness"

// crossCheckSecond returns the backend that --crosscheck names, nil for
// none. Without the cbc build tag, "cbc" is a usage error that says how to
// build with CBC.
func crossCheckSecond(name string) (solver.Backend, error) {
	switch name {
	case "":
		return nil, nil
	case "cbc":
		b, err := cbc.New()
		if err != nil {
			return nil, &usageError{err}
		}
		return b, nil
	}
	return nil, usageErrorf("--crosscheck %q is not a backend; the one cross-check backend is cbc", name)
}

// crossChecked returns primary, cross-checked by second when it is not nil.
func crossChecked(primary, second solver.Backend) solver.Backend {
	if second == nil {
		return primary
	}
	return solver.CrossCheck(primary, second)
}
