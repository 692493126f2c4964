package gen_test

import (
	"context"
	"errors"
	"io"
	"testing"
	"time"

	"github.com/plancert/plancert/domains"
	_ "github.com/plancert/plancert/domains/all" // registers every task family
	"github.com/plancert/plancert/gen"
	"github.com/plancert/plancert/solver/sat"
)

// BenchmarkCertifyTask: per task at default difficulty (specs drawn with
// the priors), one op = one index: sample, generate, certify with the
// determinacy filter "unique" (and check the reference against its own
// checklist). Reported: kept (certified and unique) instances per second
// of one core, and the keep rate.
func BenchmarkCertifyTask(b *testing.B) {
	for _, t := range domains.Tasks() {
		b.Run(t.ID, func(b *testing.B) {
			kept, seed := 0, uint64(0)
			start := time.Now()
			for b.Loop() {
				seed++
				spec, err := gen.SampleSpec(t, seed)
				if err != nil {
					b.Fatal(err)
				}
				inst, err := gen.NewInstance(context.Background(), sat.Backend{}, t, spec)
				if err != nil {
					b.Fatal(err)
				}
				_, err = gen.Certify(context.Background(), sat.Backend{}, t, inst, gen.Unique)
				var drop *gen.DropError
				switch {
				case err == nil:
					kept++
				case !errors.As(err, &drop):
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(kept)/time.Since(start).Seconds(), "kept/s")
			b.ReportMetric(float64(kept)/float64(b.N), "kept/op")
		})
	}
}

// BenchmarkRunCLI is the path `plancert gen` runs: gen.Run under a
// cancellable context with the CLI's default --timeout (so every solve
// has a deadline), one worker. Sub-benchmark "mix" is the 32-task mix of
// the CLI's default (index i of task i mod T), and one per task; one op =
// one record. Reported: records per second of one core.
func BenchmarkRunCLI(b *testing.B) {
	run := func(b *testing.B, tasks []*domains.Task) {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		n := 0
		start := time.Now()
		for b.Loop() {
			opts := gen.Options{Tasks: tasks, N: len(tasks), Seed: uint64(n + 1), Workers: 1, Timeout: time.Minute}
			sum, err := gen.Run(ctx, opts, io.Discard, nil, nil)
			if err != nil || sum.Errors > 0 {
				b.Fatal(err, sum.ErrorMessages)
			}
			n += sum.Kept
		}
		b.ReportMetric(float64(n)/time.Since(start).Seconds(), "records/s")
	}
	b.Run("mix", func(b *testing.B) { run(b, domains.Tasks()) })
	for _, t := range domains.Tasks() {
		b.Run(t.ID, func(b *testing.B) { run(b, []*domains.Task{t}) })
	}
}
