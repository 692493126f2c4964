package domains

import (
	"fmt"
	"math/rand/v2"

	"github.com/plancert/plancert/encode"
)

// The unit contract. Every core keeps its pool as a list of units, each
// one value that states its rules, its items, its model clauses and its
// check, so that adding a constraint to a core is adding one unit:
//
//	info   Info() Unit                 its ID, tier, title and compatibility
//	rules  Rules(in I) []Rule          its sentences, each a named rule
//	items  Items(in I) []Item          its checklist items
//	model  Model(b B)                  its clauses, in the groups its rules name
//	check  Check(in I, ans A, f Fails) its checks, failures by item ID
//
// I is the core's instance, B its model builder and A its decoded answer.
// A unit implements the facets below only where it needs them; the core
// asks its units for a facet with Facets, never by a unit's ID.
//
// A unit that may have nothing to say on the data drawn for an instance
// has the Binder facet; the core leaves a unit that does not bind out of
// the instance's spec (LeaveOut), so that a record lists in its
// constraints, and counts in its tiers, only units that state a rule and
// write an item.

// Rule is one named rule of a prompt. Name is also the rule's group in the
// model and the name a conflict answer uses; Text is its sentence.
type Rule struct{ Name, Text string }

// RulesOf lists the named rules of units (the units in force, in pool
// order) on instance in, in order: a prompt's unit rules, and the names a
// conflict claim may use (RuleNames).
func RulesOf[I any, U interface{ Rules(in I) []Rule }](in I, units []U) []Rule {
	var out []Rule
	for _, u := range units {
		out = append(out, u.Rules(in)...)
	}
	return out
}

// Fails collects the failures of an answer, by checklist item ID.
type Fails map[string][]string

// Add records detail as a failure of item.
func (f Fails) Add(item, detail string) { f[item] = append(f[item], detail) }

// UnitOf is the contract of one constraint unit of a core whose instances
// are I, whose model builder is B and whose decoded answers are A.
type UnitOf[I, B, A any] interface {
	Info() Unit
	Rules(in I) []Rule
	Items(in I) []Item
	Model(b B)
	Check(in I, ans A, f Fails)
}

// Sampler is a unit that draws its data into an instance being generated.
type Sampler[I any] interface{ Sample(in I, r *rand.Rand) }

// Preparer is a unit whose data the hidden plan must respect: it is drawn
// before the plan (Sample runs after).
type Preparer[I any] interface{ Prepare(in I, r *rand.Rand) }

// Validator is a unit whose data a loaded instance must be checked for.
type Validator[I any] interface{ Validate(in I) error }

// DataOwner is a unit whose data fields of an instance I act only with
// the unit (they enter a model or a plan by themselves): DataField names
// one that is set, "" when none is, so that a loaded instance that sets
// it without the unit is refused (StrayData).
type DataOwner[I any] interface{ DataField(in I) string }

// Given is a DataField for one field: name when set is true, else "";
// cmp.Or of several names the first that is set.
func Given(name string, set bool) string {
	if set {
		return name
	}
	return ""
}

// StrayData returns an error naming the first unit of pool, in pool
// order, that is not in force (inForce refuses its ID) but whose data
// is set on in (its DataField, see DataOwner): its rule would be stated
// nowhere and its rows in no model. It returns nil when there is none.
func StrayData[I any, U interface{ Info() Unit }](in I, pool []U, inForce func(id string) bool) error {
	for _, u := range pool {
		id := u.Info().ID
		if o, ok := any(u).(DataOwner[I]); ok && !inForce(id) {
			if f := o.DataField(in); f != "" {
				return fmt.Errorf("%s is given, but the spec has no %s unit", f, id)
			}
		}
	}
	return nil
}

// Leveler is a unit that puts objective levels before the goal (fewest
// changes of a replanning unit, say), all minimized, in the order of the
// pool.
type Leveler[B any] interface{ Levels(b B) [][]encode.Term }

// AnswerPart is a unit that adds a part to the answer (backups, a second
// plan): its key in the answer object and its skeleton in the schema.
type AnswerPart[I any] interface {
	AnswerKey(in I) (key, skeleton string)
}

// Binder is a unit whose rules may bind nothing on the data drawn for an
// instance: a daily cap that no one's activities reach, a room failure
// with one room, an availability that every attendee has in full.
// Binds reports whether they can bind, soundly: it returns false only
// when the unit states no rule and writes no item on in, its model
// clauses exclude no plan, and its check fails no answer. Each unit with
// the facet says in its own file why it is left out rather than drawn
// again.
type Binder[I any] interface{ Binds(in I) bool }

// Dropper is a Binder whose data a loaded instance may not carry without
// the unit (its DataOwner field, see StrayData): Drop removes the data
// from in when LeaveOut leaves the unit out.
type Dropper[I any] interface{ Drop(in I) }

// LeaveOut returns spec without the units of us (the units in force on
// in) that have the Binder facet and do not bind in, and the IDs it left
// out, in the order of us; each one left out that is a Dropper drops its
// data from in. A silent unit that a kept unit requires stays (the spec
// must stay Compatible). Leaving a unit out changes no plan's standing:
// its clauses were vacuous and its check could not fail (see Binder), so
// the certified optimum is the same with or without it.
func LeaveOut[I any, U interface{ Info() Unit }](spec Spec, in I, us []U) (Spec, []string) {
	silent := map[string]bool{}
	for _, u := range us {
		if b, ok := any(u).(Binder[I]); ok && !b.Binds(in) {
			silent[u.Info().ID] = true
		}
	}
	for changed := len(silent) > 0; changed; {
		changed = false
		for _, u := range us {
			inf := u.Info()
			if silent[inf.ID] {
				continue
			}
			for _, r := range inf.Requires {
				if silent[r] {
					delete(silent, r)
					changed = true
				}
			}
		}
	}
	if len(silent) == 0 {
		return spec, nil
	}
	var out []string
	for _, u := range us {
		if id := u.Info().ID; silent[id] {
			out = append(out, id)
			if d, ok := any(u).(Dropper[I]); ok {
				d.Drop(in)
			}
		}
	}
	return spec.Without(out...), out
}

// Pool is a core's units in the order they apply.
type Pool[U interface{ Info() Unit }] []U

// Infos returns the registry's view of the units keep accepts (all units
// when keep is nil), in pool order.
func (p Pool[U]) Infos(keep func(Unit) bool) []Unit {
	var out []Unit
	for _, u := range p {
		if inf := u.Info(); keep == nil || keep(inf) {
			out = append(out, inf)
		}
	}
	return out
}

// InOrder returns the registry's view of the units of p in the order of
// ids, which must name every unit of p once: for a core whose registry
// lists its pool in another order than the one its units apply in. It
// panics on a missing or unknown ID (a programming error, found at init).
func (p Pool[U]) InOrder(ids ...string) []Unit {
	byID := map[string]Unit{}
	for _, inf := range p.Infos(nil) {
		byID[inf.ID] = inf
	}
	if len(ids) != len(byID) {
		panic(fmt.Sprintf("domains: %d unit IDs for %d units", len(ids), len(byID)))
	}
	out := make([]Unit, len(ids))
	for i, id := range ids {
		inf, ok := byID[id]
		if !ok {
			panic("domains: unit " + id + " is not in the pool")
		}
		out[i] = inf
	}
	return out
}

// Of returns the units spec s sampled, in pool order.
func (p Pool[U]) Of(s Spec) []U {
	var out []U
	for _, u := range p {
		if s.Has(u.Info().ID) {
			out = append(out, u)
		}
	}
	return out
}

// Facets returns the units of us that implement facet F, in order.
func Facets[F any, U any](us []U) []F {
	var out []F
	for _, u := range us {
		if f, ok := any(u).(F); ok {
			out = append(out, f)
		}
	}
	return out
}
