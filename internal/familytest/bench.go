package familytest

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/gen"
	"github.com/plancert/plancert/solver/sat"
)

// Bench describes a certification benchmark of one task (BenchCertify).
type Bench struct {
	// Spec, when not nil, gives the spec of seed (a fixed tier mix, say);
	// nil samples it as gen does (gen.SampleSpec: the default difficulty).
	Spec func(t *domains.Task, seed uint64) domains.Spec
	// Timeout bounds one certification, as gen's time limit does (an
	// instance not proven in time is dropped and counts in the rates); 0
	// for none.
	Timeout time.Duration
}

// BenchCertify is every core's certification benchmark: one op is one
// index of task id on seeds 1, 2, …: the spec, the instance
// (gen.NewInstance, as gen makes it), its certificate under gen.Unique
// (the reference checked against its own checklist). It reports
// certified/s (instances proven, kept or dropped, per second of one
// goroutine), kept/s and kept/op (the keep rate).
func BenchCertify(b *testing.B, id string, opts Bench) {
	t, ok := domains.Lookup(id)
	if !ok {
		b.Fatalf("task %s is not registered", id)
	}
	seed, kept := uint64(0), 0
	for b.Loop() {
		seed++
		var spec domains.Spec
		if opts.Spec != nil {
			spec = opts.Spec(t, seed)
		} else {
			var err error
			if spec, err = gen.SampleSpec(t, seed); err != nil {
				b.Fatal(err)
			}
		}
		timedOut, err := certifyOnce(t, spec, opts.Timeout)
		if err == nil {
			kept++
		} else if !dropped(err, timedOut) {
			b.Fatal(err)
		}
	}
	secs := b.Elapsed().Seconds()
	b.ReportMetric(float64(b.N)/secs, "certified/s")
	b.ReportMetric(float64(kept)/secs, "kept/s")
	b.ReportMetric(float64(kept)/float64(b.N), "kept/op")
}

// FixedSpec returns a Bench.Spec with the given units on every seed, the
// task's subtasks in turn.
func FixedSpec(basic, medium []string) func(t *domains.Task, seed uint64) domains.Spec {
	return func(t *domains.Task, seed uint64) domains.Spec {
		return domains.Spec{Task: t.ID, Subtask: t.Subtasks[seed%uint64(len(t.Subtasks))].ID,
			Basic: basic, Medium: medium, Hard: []string{}, Stateful: []string{}, Seed: seed}
	}
}

// certifyOnce generates and certifies spec within limit (0: none) and
// reports whether the limit ran out.
func certifyOnce(t *domains.Task, spec domains.Spec, limit time.Duration) (timedOut bool, err error) {
	ctx := context.Background()
	if limit > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, limit)
		defer cancel()
	}
	inst, err := gen.NewInstance(ctx, sat.Backend{}, t, spec)
	if err == nil {
		_, err = gen.Certify(ctx, sat.Backend{}, t, inst, gen.Unique)
	}
	return ctx.Err() != nil, err
}

// dropped reports whether err is a verdict of the draw (a drop, the time
// limit, no instance for the draw) rather than a failure.
func dropped(err error, timedOut bool) bool {
	var drop *gen.DropError
	return timedOut || errors.As(err, &drop) || errors.Is(err, domains.ErrRedraw)
}

// BenchFamily is BenchCertify of each task of the family (Tasks, from the
// registry), one sub-benchmark per task ID, with the options opts.
func BenchFamily(b *testing.B, f *Family, opts Bench) {
	for _, tk := range Tasks(b, f) {
		b.Run(tk.ID, func(b *testing.B) { BenchCertify(b, tk.ID, opts) })
	}
}
