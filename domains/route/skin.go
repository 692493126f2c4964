package route

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"

	"github.com/plancert/plancert/domains"
)

// The registration, loading and unit bookkeeping that the route skins
// (commute, delivery, dispatch, itinerary) share.

// Register registers a route skin's task through domains.RegisterSkin on
// the route core: package "route", family Routing, core "route". task
// gives the ID, Name and Pool; subtasks are the registry's view of the
// subtasks and vocab their vocabularies, by subtask ID; generate draws the
// instance of spec in the vocabulary of its subtask (the route generators
// make no solves of their own, so they are lent none); load reads an
// instance (see Loader). levels gives the skin's sizes per level (see
// Grow); its zero value leaves the task at level 1 only.
func Register[V any](task domains.Task, subtasks []domains.Subtask, vocab map[string]V, generate func(voc V, spec domains.Spec, r *rand.Rand) (domains.Instance, error), load func(data []byte) (domains.Instance, error), levels Grow[V]) *domains.Task {
	task.Family, task.Core = domains.Routing, "route"
	subs := make([]skinSub[V], len(subtasks))
	for i, st := range subtasks {
		subs[i] = skinSub[V]{sub: st, voc: vocab[st.ID]}
	}
	k := domains.Skin[skinSub[V]]{
		Pkg:      "route",
		Task:     task,
		Subtasks: subs,
		View:     func(st skinSub[V]) domains.Subtask { return st.sub },
		Generate: func(_ domains.Solving, st skinSub[V], spec domains.Spec, r *rand.Rand) (domains.Instance, error) {
			return generate(st.voc, spec, r)
		},
		Load: load,
	}
	if levels.At != nil {
		k.AtLevel = func(st skinSub[V], level int) skinSub[V] {
			return skinSub[V]{sub: st.sub, voc: levels.At(st.voc, level)}
		}
	}
	if levels.Sizes != nil {
		k.Sizes = func(st skinSub[V]) []domains.Size { return levels.Sizes(st.voc) }
	}
	return domains.RegisterSkin(k)
}

// Grow is how a route skin's sizes grow with the level: At returns
// vocabulary voc with the sizes of level (2..domains.Levels; never called
// for level 1), a new vocabulary that shares nothing mutable with voc;
// Sizes names the sizes that voc draws from (domains.Skin.Sizes).
type Grow[V any] struct {
	At    func(voc V, level int) V
	Sizes func(voc V) []domains.Size
}

// skinSub is a route skin's subtask as domains.RegisterSkin sees it: the
// registry's view and the vocabulary it draws in, at one level.
type skinSub[V any] struct {
	sub domains.Subtask
	voc V
}

// Vocab returns the vocabulary of spec's subtask, or an error naming the
// field (spec.subtask) when vocab has none: a loaded instance's validate
// reads its vocabulary so.
func Vocab[V any](vocab map[string]V, spec domains.Spec) (V, error) {
	voc, ok := vocab[spec.Subtask]
	if !ok {
		return voc, fmt.Errorf("spec.subtask: unknown subtask %q", spec.Subtask)
	}
	return voc, nil
}

// Loader returns a route skin's Task.Load for instances of type *T: it
// unmarshals the data into a new T, then runs validate, and an error of
// either is prefixed "route: task: " (not domains.Loader's "pkg: task
// instance: ": the route skins' errors have always started so).
func Loader[T any, P interface {
	*T
	domains.Instance
}](task string, validate func(P) error) func(data []byte) (domains.Instance, error) {
	return func(data []byte) (domains.Instance, error) {
		p := P(new(T))
		if err := json.Unmarshal(data, p); err != nil {
			return nil, fmt.Errorf("route: %s: %w", task, err)
		}
		if err := validate(p); err != nil {
			return nil, fmt.Errorf("route: %s: %w", task, err)
		}
		return p, nil
	}
}

// Units is a skin's unit pool, in order, with the units' IDs read once:
// a checker asks for the units in force on every plan it judges, and a
// unit's Info builds its lists on each call.
type Units[U interface{ Info() domains.Unit }] struct {
	pool []U
	ids  []string
}

// NewUnits returns the Units of pool.
func NewUnits[U interface{ Info() domains.Unit }](pool []U) Units[U] {
	us := Units[U]{pool: pool}
	for _, u := range pool {
		us.ids = append(us.ids, u.Info().ID)
	}
	return us
}

// InForce returns the units of the pool whose IDs inForce accepts, in
// pool order.
func (us Units[U]) InForce(inForce func(id string) bool) []U {
	var out []U
	for i, u := range us.pool {
		if inForce(us.ids[i]) {
			out = append(out, u)
		}
	}
	return out
}

// CheckUnitData checks the unit data of a loaded instance in. A unit's
// data acts only with its unit: data of a unit of pool that is not in
// force is an error (domains.StrayData). Then each unit in force that is
// a domains.Validator[I] validates in, in pool order; the first error is
// returned.
func CheckUnitData[I any, U interface{ Info() domains.Unit }](in I, pool []U, inForce func(id string) bool) error {
	if err := domains.StrayData(in, pool, inForce); err != nil {
		return err
	}
	for _, u := range pool {
		if v, ok := any(u).(domains.Validator[I]); ok && inForce(u.Info().ID) {
			if err := v.Validate(in); err != nil {
				return err
			}
		}
	}
	return nil
}
