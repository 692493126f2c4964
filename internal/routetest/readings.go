package routetest

import (
	"slices"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/domains/route"
	"github.com/plancert/plancert/encode"
	"github.com/plancert/plancert/internal/familytest"
)

// Reading is the familytest.Reading of an alternative reading of a fleet
// skin's unit (domains.Reading): its variant of an instance in is the
// model edit makes of in's fleet model (fleet builds it first, so that
// the arcs are the instance's and in.Plan reads their solutions). It
// applies to an instance whose spec draws every unit of units; with are
// the units drawn beside the reading's own (familytest.Reading.With).
// The variant answers every method but Model as in does.
func Reading[T domains.Instance](fleet func(T) (*route.FleetModel, error), edit func(T, *route.FleetModel) (*encode.Model, error), with []string, units ...string) familytest.Reading[domains.Instance] {
	return familytest.Reading[domains.Instance]{With: with, Variant: func(in domains.Instance) (domains.Instance, bool) {
		x := in.(T)
		sp := in.Spec()
		return variant[T]{in, x, fleet, edit}, !slices.ContainsFunc(units, func(u string) bool { return !sp.Has(u) })
	}}
}

// variant is an instance whose model is edit's change of its fleet
// model (Reading).
type variant[T domains.Instance] struct {
	domains.Instance
	in    T
	fleet func(T) (*route.FleetModel, error)
	edit  func(T, *route.FleetModel) (*encode.Model, error)
}

func (v variant[T]) Model() (*encode.Model, error) {
	fm, err := v.fleet(v.in)
	if err != nil {
		return nil, err
	}
	return v.edit(v.in, fm)
}

// One is the term coef·x.
func One(x encode.Var, coef int64) encode.Term { return encode.Term{Var: x, Coef: coef} }
