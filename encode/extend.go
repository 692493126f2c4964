package encode

import (
	"errors"
	"fmt"
	"slices"
)

// CommonLevels reports whether next is a model that a loaded encoding of
// prev can move to (Encoding.Extend): the same variables, constraints and
// answer variables, with any objective levels. keep is the number of
// leading objective levels the two share. It is what a stated tie-break
// does to a model: the rules stay, and levels are added (or, after the
// shared ones, restated).
//
// Cost: one field-by-field comparison of the two models, linear in their
// size, with no allocation.
func CommonLevels(prev, next *Model) (keep int, ok bool) {
	if prev == next {
		return len(prev.Objectives), true
	}
	if !slices.Equal(prev.Vars, next.Vars) || !slices.Equal(prev.Answer, next.Answer) ||
		!slices.EqualFunc(prev.Constraints, next.Constraints, sameConstraint) {
		return 0, false
	}
	for keep < len(prev.Objectives) && keep < len(next.Objectives) && sameObjective(prev.Objectives[keep], next.Objectives[keep]) {
		keep++
	}
	return keep, true
}

func sameObjective(a, b Objective) bool { return a.Sense == b.Sense && slices.Equal(a.Terms, b.Terms) }

// sameConstraint compares every field of two constraints.
func sameConstraint(a, b *Constraint) bool {
	return a.Name == b.Name && a.Group == b.Group && a.Kind == b.Kind && a.Op == b.Op && a.RHS == b.RHS &&
		a.K == b.K && a.Index == b.Index && a.Target == b.Target &&
		slices.Equal(a.Enforce, b.Enforce) && slices.Equal(a.Terms, b.Terms) && slices.Equal(a.Lits, b.Lits) &&
		slices.Equal(a.Vars, b.Vars) && slices.Equal(a.Arcs, b.Arcs) && slices.Equal(a.Array, b.Array) &&
		slices.EqualFunc(a.Intervals, b.Intervals, sameInterval) && slices.EqualFunc(a.Tuples, b.Tuples, slices.Equal)
}

func sameInterval(a, b Interval) bool {
	return a.Start == b.Start && a.Duration == b.Duration &&
		(a.Present == nil) == (b.Present == nil) && (a.Present == nil || *a.Present == *b.Present)
}

// ErrNotExtension is returned by Encoding.Extend for a model whose
// variables, constraints or answer variables differ from the encoded
// model's.
var ErrNotExtension = errors.New("encode: the model does not extend the encoded one")

// Extend makes e the encoding of m, a model with e's variables,
// constraints and answer variables (CommonLevels; else ErrNotExtension),
// and returns how many leading objective levels the two share. Every
// clause sent so far stays valid for m: the variables, selectors and
// constraints are the same, and an objective counter only defines fresh
// variables. The counters and cost reductions of the shared levels are
// kept; those of later levels are dropped and built again from m on
// demand. m's objective levels are validated as Validate would; the rest
// was validated when e was lowered.
//
// Cost: CommonLevels' comparison.
func (e *Encoding) Extend(m *Model) (keep int, err error) {
	keep, ok := CommonLevels(e.m, m)
	if !ok {
		return 0, ErrNotExtension
	}
	for l, o := range m.Objectives[keep:] {
		if o.Sense > Maximize {
			return 0, fmt.Errorf("encode: objective level %d: bad sense %d", keep+l, o.Sense)
		}
		if err := m.checkTerms(o.Terms); err != nil {
			return 0, fmt.Errorf("encode: objective level %d: %w", keep+l, err)
		}
	}
	n := len(m.Objectives)
	e.counters, e.plainCounters = keepLevels(e.counters, keep, n), keepLevels(e.plainCounters, keep, n)
	e.reductions = keepLevels(e.reductions, keep, n)
	e.lps = keepLevels(e.lps, keep, n)
	for key := range e.exclusive {
		if key[0] >= int64(keep) {
			delete(e.exclusive, key)
		}
	}
	e.m = m
	return keep, nil
}

// keepLevels returns the first keep entries of per-level state ps, in a
// new slice of n entries whose others are nil (built again on demand).
func keepLevels[T any](ps []*T, keep, n int) []*T {
	return append(slices.Clone(ps[:keep]), make([]*T, n-keep)...)
}
