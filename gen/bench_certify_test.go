package gen_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"testing"
	"time"
	"unicode/utf8"

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

// BenchmarkLevels is BenchmarkRunCLI per size level: sub-benchmark
// level=L/TASK runs gen.Run at level L with the CLI's default --timeout,
// one worker, one op = one record of TASK (redraws included). Reported:
// records per second of one core, redraws per record, and the median
// prompt length in characters and checklist items of the records made.
// Run it per level to keep runs short, e.g.
// go test ./gen -run '^$' -bench 'Levels/level=5/' -benchtime 5x.
func BenchmarkLevels(b *testing.B) {
	for level := 1; level <= domains.Levels; level++ {
		for _, t := range domains.Tasks() {
			b.Run(fmt.Sprintf("level=%d/%s", level, t.ID), func(b *testing.B) {
				ctx, cancel := context.WithCancel(context.Background())
				defer cancel()
				n, redraws := 0, 0
				var chars, items []int
				start := time.Now()
				for b.Loop() {
					var buf bytes.Buffer
					opts := gen.Options{Tasks: []*domains.Task{t}, N: 1, Seed: uint64(n + redraws + 1), Level: level, Workers: 1, Timeout: time.Minute}
					sum, err := gen.Run(ctx, opts, &buf, nil, nil)
					if err != nil || sum.Errors > 0 {
						b.Fatal(err, sum.ErrorMessages)
					}
					n += sum.Kept
					redraws += sum.Redraws
					var rec domains.Record
					if err := json.Unmarshal(buf.Bytes(), &rec); err != nil {
						b.Fatal(err)
					}
					chars = append(chars, utf8.RuneCountInString(rec.Prompt))
					items = append(items, len(rec.Checklist))
				}
				b.ReportMetric(float64(n)/time.Since(start).Seconds(), "records/s")
				b.ReportMetric(float64(redraws)/float64(max(n, 1)), "redraws/record")
				b.ReportMetric(float64(median(chars)), "prompt-chars")
				b.ReportMetric(float64(median(items)), "items")
			})
		}
	}
}

func median(xs []int) int {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[len(s)/2]
}
