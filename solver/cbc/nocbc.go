//go:build !cbc

package cbc

import (
	"github.com/plancert/plancert/encode"
	"github.com/plancert/plancert/solver"
)

// Available reports whether CBC is linked in: false, this build has no cbc
// tag.
func Available() bool { return false }

// Load fails with ErrNotBuilt: this build has no cbc tag.
func (Backend) Load(*encode.Model) (solver.Solver, error) { return nil, ErrNotBuilt }
