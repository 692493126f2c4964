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

// BenchmarkCLIOverhead measures what the CLI's path costs over the plain
// in-process one, on the same records: one op makes one record of the
// task twice, interleaved so that the machine's other load falls on both
// alike (and in turn first, so that neither inherits the other's warm
// caches or garbage), (a) in process, under context.Background() with no time limit
// (opts.Draw, gen.NewInstance, gen.Certify, Record.Encode: the calls of
// BenchmarkCertifyTask), and (b) through gen.Run under a cancellable
// context with the CLI's default --timeout, one worker, as `plancert gen`
// runs it. The two lines must be byte-identical, so both paths do the
// same work. Reported: "cli/inproc", the ratio of the summed wall times
// (issue 18's target: at most 1.10 on every task), and the records per
// second of each path. Sub-benchmark "mix" takes the tasks in turn.
func BenchmarkCLIOverhead(b *testing.B) {
	run := func(b *testing.B, tasks []*domains.Task) {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		var inproc, cli time.Duration
		n := 0
		for b.Loop() {
			t := tasks[n%len(tasks)]
			n++
			opts := gen.Options{Tasks: []*domains.Task{t}, N: 1, Seed: uint64(n), Workers: 1, Timeout: time.Minute}
			var want []byte
			var buf bytes.Buffer
			inProcess := func() {
				start := time.Now()
				want = inProcessRecord(b, &opts)
				inproc += time.Since(start)
			}
			viaRun := func() {
				start := time.Now()
				sum, err := gen.Run(ctx, opts, &buf, nil, nil)
				cli += time.Since(start)
				if err != nil || sum.Errors > 0 || sum.Kept != 1 {
					b.Fatal(err, sum.ErrorMessages)
				}
			}
			if n%2 == 0 { // alternate which path runs first (warm caches, GC debt)
				inProcess()
				viaRun()
			} else {
				viaRun()
				inProcess()
			}
			if !bytes.Equal(buf.Bytes(), want) {
				b.Fatalf("%s seed %d: the CLI's record differs from the in-process one", t.ID, n)
			}
		}
		b.ReportMetric(cli.Seconds()/inproc.Seconds(), "cli/inproc")
		b.ReportMetric(float64(n)/inproc.Seconds(), "inproc-records/s")
		b.ReportMetric(float64(n)/cli.Seconds(), "cli-records/s")
	}
	b.Run("mix", func(b *testing.B) { run(b, domains.Tasks()) })
	for _, t := range domains.Tasks() {
		b.Run(t.ID, func(b *testing.B) { run(b, []*domains.Task{t}) })
	}
}

// inProcessRecord makes the record of index 0 of opts with no context
// deadline: its draws in order until one is kept, as gen.Run does.
func inProcessRecord(b *testing.B, opts *gen.Options) []byte {
	ctx := context.Background()
	for a := range gen.DefaultMaxDraws {
		t, spec, err := opts.Draw(0, a)
		if err != nil {
			b.Fatal(err)
		}
		inst, err := gen.NewInstance(ctx, sat.Backend{}, t, spec)
		if errors.Is(err, domains.ErrRedraw) {
			continue
		} else if err != nil {
			b.Fatal(err)
		}
		rec, err := gen.Certify(ctx, sat.Backend{}, t, inst, gen.Unique)
		var drop *gen.DropError
		if errors.As(err, &drop) {
			continue
		} else if err != nil {
			b.Fatal(err)
		}
		line, err := rec.Encode()
		if err != nil {
			b.Fatal(err)
		}
		return line
	}
	b.Fatalf("no record in %d draws", gen.DefaultMaxDraws)
	return nil
}
