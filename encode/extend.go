package encode

import (
	"fmt"
	"reflect"
	"slices"
)

// CommonLevels reports whether next is a model that a loaded encoding of
// prev can move to (Encoding.Extend): the same variables, constraints and
// answer variables, with any objective levels. keep is the number of
// leading objective levels the two share. It is what a stated tie-break
// does to a model: the rules stay, and levels are added (or, after the
// shared ones, restated).
//
// Cost: one deep comparison of the two models, linear in their size.
func CommonLevels(prev, next *Model) (keep int, ok bool) {
	if !reflect.DeepEqual(prev.Vars, next.Vars) || !slices.Equal(prev.Answer, next.Answer) ||
		!reflect.DeepEqual(prev.Constraints, next.Constraints) {
		return 0, false
	}
	for keep < len(prev.Objectives) && keep < len(next.Objectives) && reflect.DeepEqual(prev.Objectives[keep], next.Objectives[keep]) {
		keep++
	}
	return keep, true
}

// Extend makes e the encoding of m, which CommonLevels must accept against
// e's model with at least keep shared levels. Every clause sent so far
// stays valid for m: the variables, selectors and constraints are the
// same, and an objective counter only defines fresh variables. The
// counters of the first keep levels are kept; those of later levels are
// dropped and built again from m on demand. m must pass Validate.
//
// Cost: CommonLevels' comparison and Validate.
func (e *Encoding) Extend(m *Model, keep int) error {
	if err := m.Validate(); err != nil {
		return err
	}
	if k, ok := CommonLevels(e.m, m); !ok || k < keep {
		return fmt.Errorf("encode: Extend: the model does not extend the encoded one by %d shared objective levels", keep)
	}
	grow := func(cs []*counter) []*counter {
		cs = slices.Clone(cs[:keep])
		return append(cs, make([]*counter, len(m.Objectives)-keep)...)
	}
	e.counters, e.plainCounters = grow(e.counters), grow(e.plainCounters)
	for key := range e.exclusive {
		if key[0] >= int64(keep) {
			delete(e.exclusive, key)
		}
	}
	e.m = m
	return nil
}
