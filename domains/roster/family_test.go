package roster

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/gen"
	"github.com/plancert/plancert/solver/sat"
)

// familyRecord samples the spec of seed for tk, generates its instance and
// certifies it under gen.Unique. A drop returns its reason and no error.
func familyRecord(tk *domains.Task, seed uint64) (domains.Spec, *domains.Record, string, error) {
	spec, err := gen.SampleSpec(tk, seed)
	if err != nil {
		return spec, nil, "", fmt.Errorf("sample: %w", err)
	}
	inst, err := gen.NewInstance(tk, spec)
	if err != nil {
		return spec, nil, "", fmt.Errorf("generate %v: %w", spec, err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	rec, err := gen.Certify(ctx, sat.Backend{}, tk, inst, gen.Unique)
	var drop *gen.DropError
	switch {
	case errors.As(err, &drop):
		return spec, nil, drop.Reason, nil
	case err != nil:
		return spec, nil, "", fmt.Errorf("certify %v: %w", spec, err)
	}
	return spec, rec, "", nil
}
