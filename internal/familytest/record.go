package familytest

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/encode"
	"github.com/plancert/plancert/gen"
	"github.com/plancert/plancert/solver"
	"github.com/plancert/plancert/solver/sat"
)

// Outcome is the result of sampling, generating and certifying one spec:
// a kept record, or the reason of a drop, or an error.
type Outcome struct {
	Spec domains.Spec
	Rec  *domains.Record
	Drop string
	Err  error
}

// Kept reports whether the outcome is a kept record.
func (o Outcome) Kept() bool { return o.Err == nil && o.Drop == "" && o.Rec != nil }

type cached struct {
	once sync.Once
	o    Outcome
}

// cache holds the first run of each (task, seed, timeout), shared by the
// family tests of one test binary; records in it are read-only.
var cache sync.Map

// Record is the cached outcome of seed for tk: gen.SampleSpec, then
// gen.NewInstance and gen.Certify under gen.Unique, on sat.Backend, once
// per test binary.
func Record(tk *domains.Task, seed uint64) Outcome { return record(tk, seed, 0) }

// Record is the package's Record with the family's certification bound.
func (f *Family) Record(tk *domains.Task, seed uint64) Outcome { return record(tk, seed, f.Timeout) }

func record(tk *domains.Task, seed uint64, timeout time.Duration) Outcome {
	v, _ := cache.LoadOrStore(fmt.Sprintf("%s/%d/%v", tk.ID, seed, timeout), &cached{})
	c := v.(*cached)
	c.once.Do(func() { c.o = run(tk, seed, timeout) })
	return c.o
}

// run samples and certifies seed for tk, uncached.
func run(tk *domains.Task, seed uint64, timeout time.Duration) Outcome {
	spec, err := gen.SampleSpec(tk, seed)
	if err != nil {
		return Outcome{Spec: spec, Err: fmt.Errorf("sample: %w", err)}
	}
	return Certify(tk, spec, timeout)
}

// Certify generates the instance of spec and certifies it under
// gen.Unique on sat.Backend (within timeout when it is not 0), uncached.
// A drop is an outcome, not an error.
func Certify(tk *domains.Task, spec domains.Spec, timeout time.Duration) Outcome {
	o := Outcome{Spec: spec}
	inst, err := gen.NewInstance(context.Background(), sat.Backend{}, tk, spec)
	if err != nil {
		o.Err = fmt.Errorf("generate %v: %w", spec.Units(), err)
		return o
	}
	ctx := context.Background()
	if timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, timeout)
		defer cancel()
	}
	rec, err := gen.Certify(ctx, sat.Backend{}, tk, inst, gen.Unique)
	var drop *gen.DropError
	switch {
	case errors.As(err, &drop):
		o.Drop = drop.Reason
	case err != nil:
		o.Err = fmt.Errorf("certify %v: %w", spec.Units(), err)
	default:
		o.Rec = rec
	}
	return o
}

// Instance generates the instance of spec on sat.Backend
// (gen.NewInstance); an error fails t.
func Instance(t testing.TB, tk *domains.Task, spec domains.Spec) domains.Instance {
	t.Helper()
	inst, err := gen.NewInstance(context.Background(), sat.Backend{}, tk, spec)
	if err != nil {
		t.Fatal(err)
	}
	return inst
}

// CertifyModel builds the model of inst and certifies it on sat.Backend,
// without a time limit and without gen's tie-breaks; an error of either
// fails t. It returns both.
func CertifyModel(t testing.TB, inst interface{ Model() (*encode.Model, error) }) (*encode.Model, *solver.Certificate) {
	t.Helper()
	m, err := inst.Model()
	if err != nil {
		t.Fatal(err)
	}
	c, err := solver.Certify(context.Background(), sat.Backend{}, m)
	if err != nil {
		t.Fatal(err)
	}
	return m, c
}

// NewSpec is tk.NewSpec of subtask and seed with the given units (and no
// others); an error fails the test.
func NewSpec(t testing.TB, tk *domains.Task, subtask string, seed uint64, units ...string) domains.Spec {
	t.Helper()
	set := map[string]bool{}
	for _, u := range units {
		set[u] = true
	}
	spec, err := tk.NewSpec(subtask, seed, set)
	if err != nil {
		t.Fatalf("%s %s seed %d %v: %v", tk.ID, subtask, seed, units, err)
	}
	return spec
}

// Requiring returns units with the units each of them requires in tk's
// pool (Unit.Requires, one step), for NewSpec.
func Requiring(tk *domains.Task, units ...string) []string {
	out := slices.Clone(units)
	for _, u := range units {
		if x, ok := tk.Unit(u); ok {
			out = append(out, x.Requires...)
		}
	}
	return out
}

// Drawn returns the instance of the registered task id, subtask sub and
// seed with units and the units they require (Requiring), as tk.Generate
// draws it on sat.Backend from rand.NewPCG(seed, 0) (the draw of the
// cores' words tests, not gen's); an error, or an instance not of type
// I, fails t.
func Drawn[I domains.Instance](t testing.TB, id, sub string, seed uint64, units ...string) I {
	t.Helper()
	tk, ok := domains.Lookup(id)
	if !ok {
		t.Fatalf("task %s is not registered", id)
	}
	spec := NewSpec(t, tk, sub, seed, Requiring(tk, units...)...)
	inst, err := tk.Generate(context.Background(), sat.Backend{}, spec, rand.New(rand.NewPCG(seed, 0)))
	if err != nil {
		t.Fatalf("%s %s seed %d %v: %v", id, sub, seed, units, err)
	}
	in, ok := inst.(I)
	if !ok {
		t.Fatalf("%s %s seed %d: an instance of type %T", id, sub, seed, inst)
	}
	return in
}

// UnitRecords is the per-unit record test of tk: for every unit of its
// pool, with the units it requires, on every subtask that allows it and
// seeds 1..seeds, the spec's record is certified (Certify within
// f.Timeout; an error fails t) and check checks each kept record (nil:
// CheckRecord of f). At least 3 in 4 of each unit's records must be kept.
func UnitRecords(t *testing.T, f *Family, tk *domains.Task, seeds uint64, check func(u domains.Unit, st domains.Subtask, rec *domains.Record)) {
	t.Helper()
	if check == nil {
		check = func(_ domains.Unit, _ domains.Subtask, rec *domains.Record) { CheckRecord(t, f, rec) }
	}
	for _, u := range tk.Pool {
		kept, tried := 0, 0
		units := map[string]bool{u.ID: true}
		for _, r := range u.Requires {
			units[r] = true
		}
		for _, st := range tk.Subtasks {
			if !st.Allows(u.ID) {
				continue
			}
			for seed := uint64(1); seed <= seeds; seed++ {
				spec, err := tk.NewSpec(st.ID, seed, units)
				if err != nil {
					t.Fatalf("%s %s seed %d: %v", u.ID, st.ID, seed, err)
				}
				o := Certify(tk, spec, f.Timeout)
				if o.Err != nil {
					t.Fatalf("%s %s %d: %v", u.ID, st.ID, seed, o.Err)
				}
				tried++
				if o.Rec == nil {
					continue
				}
				kept++
				check(u, st, o.Rec)
			}
		}
		if kept*4 < tried*3 {
			t.Errorf("unit %s: %d of %d records kept", u.ID, kept, tried)
		}
	}
}
