package cbc

import (
	"errors"

	"github.com/plancert/plancert/solver"
)

// ErrNotBuilt is the error of every entry point when plancert was built
// without the cbc build tag (and so without CBC).
var ErrNotBuilt = errors.New(`cbc: plancert was built without the cbc build tag; build with "make build-cbc" or go build -tags cbc`)

// Backend is the CBC backend. The zero value is ready to use. Load fails
// with ErrNotBuilt when the package was built without the cbc tag.
type Backend struct{}

// Name returns "cbc".
func (Backend) Name() string { return "cbc" }

// New returns the CBC backend, or ErrNotBuilt when plancert was built
// without the cbc build tag.
func New() (solver.Backend, error) {
	if !Available() {
		return nil, ErrNotBuilt
	}
	return Backend{}, nil
}
