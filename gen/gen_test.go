package gen_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/encode"
	"github.com/plancert/plancert/gen"
	"github.com/plancert/plancert/solver"
	"github.com/plancert/plancert/solver/sat"
)

// baseOptions is a small run over every registered task: one instance per
// task (two with PLANCERT_LONG=1), so that the tests stay fast as tasks
// are added.
func baseOptions() gen.Options {
	tasks := domains.Tasks()
	return gen.Options{Tasks: tasks, N: max(12, perTask(2)*len(tasks)), Seed: 42, Workers: 2}
}

// perTask is n instances per task with PLANCERT_LONG=1 and one by default.
func perTask(n int) int {
	if os.Getenv("PLANCERT_LONG") != "" {
		return n
	}
	return 1
}

func runGen(t *testing.T, ctx context.Context, opts gen.Options, done map[string]bool, progress func(gen.Progress)) (string, gen.Summary, error) {
	t.Helper()
	var buf bytes.Buffer
	sum, err := gen.Run(ctx, opts, &buf, done, progress)
	return buf.String(), sum, err
}

var base struct {
	once sync.Once
	out  string
	sum  gen.Summary
	err  error
}

// baseline is the output of baseOptions, made once.
func baseline(t *testing.T) (string, gen.Summary) {
	t.Helper()
	base.once.Do(func() {
		var buf bytes.Buffer
		base.sum, base.err = gen.Run(context.Background(), baseOptions(), &buf, nil, nil)
		base.out = buf.String()
	})
	if base.err != nil {
		t.Fatal(base.err)
	}
	return base.out, base.sum
}

func lines(s string) []string {
	if s == "" {
		return nil
	}
	ls := strings.SplitAfter(s, "\n")
	if ls[len(ls)-1] == "" {
		ls = ls[:len(ls)-1]
	}
	return ls
}

func TestRunDeterministic(t *testing.T) {
	out, sum := baseline(t)
	// Exactly N records: every dropped draw was redrawn.
	if sum.Total != baseOptions().N || sum.Kept != sum.Total || sum.Redraws != sum.DroppedTotal() || sum.Unfinished != 0 {
		t.Errorf("summary does not add up: %+v", sum)
	}
	if sum.Errors != 0 || sum.Kept == 0 {
		t.Fatalf("summary %+v", sum)
	}
	if n := len(lines(out)); n != sum.Kept {
		t.Errorf("%d lines for %d kept", n, sum.Kept)
	}
	kept := 0
	for _, n := range sum.PerTask {
		kept += n
	}
	if kept != sum.Kept {
		t.Errorf("per task %v adds up to %d, kept %d", sum.PerTask, kept, sum.Kept)
	}
	t.Logf("%+v", sum)
	for _, workers := range []int{1, 3} {
		opts := baseOptions()
		opts.Workers = workers
		got, gotSum, err := runGen(t, context.Background(), opts, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got != out {
			t.Errorf("workers %d: output differs from workers 2", workers)
		}
		if gotSum.Kept != sum.Kept || gotSum.DroppedTotal() != sum.DroppedTotal() {
			t.Errorf("workers %d: summary %+v, want %+v", workers, gotSum, sum)
		}
	}
}

func TestRunShards(t *testing.T) {
	out, sum := baseline(t)
	var all []string
	total := 0
	for k := 1; k <= 3; k++ {
		opts := baseOptions()
		opts.Shard, opts.Shards = k, 3
		got, s, err := runGen(t, context.Background(), opts, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		total += s.Total
		all = append(all, lines(got)...)
	}
	want := lines(out)
	sort.Strings(all)
	sort.Strings(want)
	if total != sum.Total || !slices.Equal(all, want) {
		t.Errorf("shards 1/3, 2/3, 3/3 have %d indexes and %d records; the run has %d and %d, or other records", total, len(all), sum.Total, len(want))
	}
}

// recordIDs returns the IDs of the record lines.
func recordIDs(t *testing.T, ls []string) map[string]bool {
	t.Helper()
	ids := map[string]bool{}
	for _, l := range ls {
		var rec domains.Record
		if err := json.Unmarshal([]byte(l), &rec); err != nil {
			t.Fatal(err)
		}
		ids[rec.ID] = true
	}
	return ids
}

func TestRunResume(t *testing.T) {
	out, sum := baseline(t)
	ls := lines(out)
	if len(ls) < 2 {
		t.Skip("too few records")
	}
	// A crash in the middle of line k: lines before it are kept, the
	// half-written one is dropped (as plancert gen --resume does).
	k := len(ls) / 2
	cut := len(strings.Join(ls[:k], "")) + len(ls[k])/2
	kept := lines(out[:cut])
	kept = kept[:len(kept)-1]
	prefix := strings.Join(kept, "")
	rest, s, err := runGen(t, context.Background(), baseOptions(), recordIDs(t, kept), nil)
	if err != nil {
		t.Fatal(err)
	}
	if prefix+rest != out {
		t.Error("resumed file differs from the uninterrupted run")
	}
	if s.Skipped != k || s.Kept != sum.Kept-k {
		t.Errorf("resume: skipped %d kept %d, want %d and %d", s.Skipped, s.Kept, k, sum.Kept-k)
	}
}

// checkRecords checks that every record's reference passes its own
// checklist, read back from the JSON line.
func checkRecords(t *testing.T, out string, policy gen.Determinacy) {
	t.Helper()
	for _, l := range lines(out) {
		var rec domains.Record
		if err := json.Unmarshal([]byte(l), &rec); err != nil {
			t.Fatal(err)
		}
		task, inst, err := rec.Load()
		if err != nil {
			t.Fatalf("%s: %v", rec.ID, err)
		}
		if got := gen.RecordID(inst.Spec()); got != rec.ID || task.ID != rec.Task || task.Family != rec.Family {
			t.Errorf("record %s of task %s/%s: spec ID %s", rec.ID, rec.Family, rec.Task, got)
		}
		results := inst.Check(context.Background(), sat.Backend{}, rec.Reference.Plan, rec.Reference)
		if len(results) == 0 || len(rec.Checklist) == 0 {
			t.Errorf("%s: %d results, %d checklist items", rec.ID, len(results), len(rec.Checklist))
		}
		for _, r := range results {
			if !r.Pass {
				t.Errorf("%s: the reference fails item %s: %s", rec.ID, r.ID, r.Detail)
			}
		}
		if c := rec.Certificate; rec.Reference.Feasible && policy == gen.Unique && (c.Unique == nil || !*c.Unique) {
			t.Errorf("%s: kept under policy unique with unique = %v", rec.ID, c.Unique)
		}
	}
}

func TestRunRecordsPassChecks(t *testing.T) {
	out, _ := baseline(t)
	checkRecords(t, out, gen.Unique)
	opts := baseOptions()
	opts.N, opts.Seed, opts.Determinacy = len(opts.Tasks)*perTask(4), 5, gen.Value
	out, sum, err := runGen(t, context.Background(), opts, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if sum.Dropped[gen.DropNotUnique] != 0 {
		t.Errorf("policy value dropped %d as not unique", sum.Dropped[gen.DropNotUnique])
	}
	checkRecords(t, out, gen.Value)
}

func TestRunInterrupted(t *testing.T) {
	out, _ := baseline(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	got, sum, err := runGen(t, ctx, baseOptions(), nil, func(p gen.Progress) {
		if p.Done == 3 {
			cancel()
		}
	})
	if sum.Unfinished > 0 && !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v, want context.Canceled", err)
	}
	if !strings.HasPrefix(out, got) || len(lines(got)) != sum.Kept {
		t.Errorf("interrupted output (%d records) is not a prefix of the full run", len(lines(got)))
	}
	if sum.Total-sum.Unfinished < 3 {
		t.Errorf("%d settled before the cancel, want ≥ 3", sum.Total-sum.Unfinished)
	}

	got, sum, err = runGen(t, ctx, baseOptions(), nil, nil) // cancelled before the start
	if !errors.Is(err, context.Canceled) || got != "" || sum.Unfinished != sum.Total {
		t.Errorf("cancelled run: err %v, %d bytes, summary %+v", err, len(got), sum)
	}
}

// corrupt is a backend whose optimum is pushed out of the first
// variable's domain: an integrity failure that Certify must catch.
type corrupt struct{ sat.Backend }

func (corrupt) Name() string { return "corrupt" }

func (b corrupt) Load(m *encode.Model) (solver.Solver, error) {
	s, err := b.Backend.Load(m)
	return corruptSolver{s, m}, err
}

type corruptSolver struct {
	solver.Solver
	m *encode.Model
}

func (s corruptSolver) Optimize(ctx context.Context) (*solver.Result, error) {
	r, err := s.Solver.Optimize(ctx)
	if err == nil && r.Solution != nil {
		r.Solution = slices.Clone(r.Solution)
		r.Solution[0] = s.m.Vars[0].Hi + 1
	}
	return r, err
}

func TestRunIntegrity(t *testing.T) {
	opts := baseOptions()
	opts.Backend = corrupt{}
	out, sum, err := runGen(t, context.Background(), opts, nil, nil)
	var ie *solver.IntegrityError
	if !errors.As(err, &ie) {
		t.Fatalf("err = %v, want an integrity error", err)
	}
	if sum.Unfinished == 0 {
		t.Errorf("the run went on after the integrity failure: %+v", sum)
	}
	base, _ := baseline(t)
	if !strings.HasPrefix(base, out) {
		t.Error("records written before the failure differ from the good run's")
	}
}

func TestRunOptions(t *testing.T) {
	good := baseOptions()
	for name, mod := range map[string]func(*gen.Options){
		"no tasks":    func(o *gen.Options) { o.Tasks = nil },
		"negative N":  func(o *gen.Options) { o.N = -1 },
		"shard 0/3":   func(o *gen.Options) { o.Shard, o.Shards = 0, 3 },
		"shard 4/3":   func(o *gen.Options) { o.Shard, o.Shards = 4, 3 },
		"determinacy": func(o *gen.Options) { o.Determinacy = "most" },
	} {
		opts := good
		mod(&opts)
		if _, _, err := runGen(t, context.Background(), opts, nil, nil); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	opts := good
	opts.N = 0
	if out, sum, err := runGen(t, context.Background(), opts, nil, nil); err != nil || out != "" || sum.Total != 0 {
		t.Errorf("N = 0: %v, %q, %+v", err, out, sum)
	}
}

// TestRunTimeout: a draw not proven in time is redrawn; an index whose
// draws all time out is an error naming its task and the draws it had,
// never a record.
func TestRunTimeout(t *testing.T) {
	opts := baseOptions()
	opts.Timeout = time.Nanosecond
	opts.MaxDraws = 3
	out, sum, err := runGen(t, context.Background(), opts, nil, nil)
	if err != nil || out != "" || sum.Dropped[gen.DropTimeout] != 3*sum.Total || sum.Errors != sum.Total || sum.Kept != 0 {
		t.Fatalf("1ns per draw: %v, %d bytes, summary %+v", err, len(out), sum)
	}
	t0 := opts.Tasks[0].ID
	if want := t0 + ": index 0: no record kept in 3 draws (3 " + gen.DropTimeout + ")"; sum.ErrorMessages[0] != want {
		t.Errorf("first error %q, want %q", sum.ErrorMessages[0], want)
	}
}

// TestRunRedraws: an index whose first draw is dropped makes its record
// from a later draw, the same one for any --workers and in every shard,
// and a resumed run skips it by that draw's record ID.
func TestRunRedraws(t *testing.T) {
	out, sum := baseline(t)
	if sum.Redraws == 0 {
		t.Skip("the baseline run redraws nothing")
	}
	opts := baseOptions()
	byID := map[string]bool{}
	for _, l := range lines(out) {
		var rec struct {
			ID string `json:"id"`
		}
		if err := json.Unmarshal([]byte(l), &rec); err != nil {
			t.Fatal(err)
		}
		byID[rec.ID] = true
	}
	redrawn := 0
	for i := range opts.N {
		_, spec, err := opts.Draw(i, 0)
		if err != nil {
			t.Fatal(err)
		}
		if byID[gen.RecordID(spec)] {
			continue
		}
		redrawn++
		found := false
		for a := 1; a < gen.DefaultMaxDraws && !found; a++ {
			_, spec, _ := opts.Draw(i, a)
			found = byID[gen.RecordID(spec)]
		}
		if !found {
			t.Errorf("index %d: neither its first draw nor a redraw is in the file", i)
		}
	}
	if redrawn == 0 || redrawn > sum.Redraws {
		t.Errorf("%d indexes hold a redrawn record, %d redraws counted", redrawn, sum.Redraws)
	}
	// Resume from the file: every index is skipped by its kept draw.
	done := map[string]bool{}
	for id := range byID {
		done[id] = true
	}
	got, rsum, err := runGen(t, context.Background(), opts, done, nil)
	if err != nil || got != "" || rsum.Skipped != opts.N || rsum.Redraws != 0 {
		t.Errorf("resume of a finished run: %v, %d bytes, summary %+v", err, len(got), rsum)
	}
}

func TestSpecSeed(t *testing.T) {
	seen := map[uint64]bool{}
	for seed := range uint64(3) {
		for i := range 10000 {
			s := gen.SpecSeed(seed, i)
			if seen[s] {
				t.Fatalf("SpecSeed(%d, %d) = %d repeats", seed, i, s)
			}
			seen[s] = true
		}
	}
}

// BenchmarkRun: a run of 40 meeting-planning indexes per op, with 1 and 2
// workers; reports settled indexes (kept or dropped) and kept records per
// second.
func BenchmarkRun(b *testing.B) {
	task, ok := domains.Lookup("meeting-planning")
	if !ok {
		b.Skip("meeting-planning is not registered")
	}
	for _, workers := range []int{1, 2} {
		b.Run(fmt.Sprintf("workers=%d", workers), func(b *testing.B) {
			kept, settled := 0, 0
			seed := uint64(0)
			for b.Loop() {
				seed++
				sum, err := gen.Run(context.Background(), gen.Options{Tasks: []*domains.Task{task}, N: 40, Seed: seed, Workers: workers}, io.Discard, nil, nil)
				if err != nil {
					b.Fatal(err)
				}
				kept += sum.Kept
				settled += sum.Total
			}
			secs := b.Elapsed().Seconds()
			b.ReportMetric(float64(settled)/secs, "indexes/s")
			b.ReportMetric(float64(kept)/secs, "records/s")
		})
	}
}

// undecided is the SAT backend, but a model without objectives (the
// restricted model that re-proves a claimed conflict) is never decided.
type undecided struct{ sat.Backend }

func (b undecided) Load(m *encode.Model) (solver.Solver, error) {
	s, err := b.Backend.Load(m)
	if err != nil || len(m.Objectives) > 0 {
		return s, err
	}
	return undecidedSolver{s}, nil
}

type undecidedSolver struct{ solver.Solver }

func (undecidedSolver) Optimize(context.Context) (*solver.Result, error) {
	return &solver.Result{Status: solver.Unknown}, nil
}

// TestCertifyConflictUndecided: when the certified conflict of an
// infeasible reference is not re-proven in time by its own checklist,
// the draw is dropped as a timeout, never reported as an integrity
// failure (which would stop the run with exit 4).
func TestCertifyConflictUndecided(t *testing.T) {
	task, _ := domains.Lookup("educational-resource-planning")
	spec, err := gen.SampleSpec(task, 13063601391977507079)
	if err != nil {
		t.Fatal(err)
	}
	inst, err := gen.NewInstance(context.Background(), sat.Backend{}, task, spec)
	if err != nil {
		t.Fatal(err)
	}
	if m, _ := inst.Model(); len(m.Objectives) == 0 {
		t.Skip("the model has no objectives: undecided would refuse the certification itself")
	}
	rec, err := gen.Certify(context.Background(), sat.Backend{}, task, inst, gen.Unique)
	if err != nil || rec.Reference.Feasible {
		t.Fatalf("the draw is not an infeasible record (%v): pick another seed", err)
	}
	inst, _ = gen.NewInstance(context.Background(), sat.Backend{}, task, spec)
	_, err = gen.Certify(context.Background(), undecided{}, task, inst, gen.Unique)
	var drop *gen.DropError
	if !errors.As(err, &drop) || drop.Reason != gen.DropTimeout {
		t.Errorf("err = %v, want a drop for %q", err, gen.DropTimeout)
	}
}

// positions records the positions Run gives a RecordWriter.
type positions struct {
	bytes.Buffer
	pos []int
}

func (p *positions) WriteRecord(pos int, line []byte) error {
	p.pos = append(p.pos, pos)
	_, err := p.Write(line)
	return err
}

// TestRunLocate: Run tells a RecordWriter each record's shard position,
// and Locate finds the same positions from the record IDs of the file; an
// ID of another run, or out of order, is the bad one.
func TestRunLocate(t *testing.T) {
	out, _ := baseline(t)
	opts := baseOptions()
	opts.Shard, opts.Shards = 2, 3
	var w positions
	if _, err := gen.Run(context.Background(), opts, &w, nil, nil); err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, l := range lines(w.String()) {
		var rec struct {
			ID string `json:"id"`
		}
		if err := json.Unmarshal([]byte(l), &rec); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, rec.ID)
	}
	if len(ids) < 3 {
		t.Fatalf("%d records", len(ids))
	}
	for k, p := range w.pos {
		if p != k { // no index fails in this run
			t.Fatalf("record %d has position %d (%v)", k, p, w.pos)
		}
	}
	if pos, bad := opts.Locate(ids); bad != -1 || !slices.Equal(pos, w.pos) {
		t.Errorf("Locate: %v, bad %d; Run gave %v", pos, bad, w.pos)
	}
	// A gap (an index that failed) is allowed.
	gap := append([]string{ids[0]}, ids[2:]...)
	if pos, bad := opts.Locate(gap); bad != -1 || pos[0] != 0 || pos[1] != 2 {
		t.Errorf("Locate with a gap: %v, bad %d", pos, bad)
	}
	// Out of order, twice the same, or of another shard: bad.
	swapped := append([]string{ids[1], ids[0]}, ids[2:]...)
	if _, bad := opts.Locate(swapped); bad != 1 {
		t.Errorf("Locate of swapped records: bad %d, want 1", bad)
	}
	if _, bad := opts.Locate([]string{ids[0], ids[0]}); bad != 1 {
		t.Errorf("Locate of a repeated record: bad %d, want 1", bad)
	}
	var whole []string
	for _, l := range lines(out) {
		var rec struct {
			ID string `json:"id"`
		}
		if err := json.Unmarshal([]byte(l), &rec); err != nil {
			t.Fatal(err)
		}
		whole = append(whole, rec.ID)
	}
	if _, bad := opts.Locate(whole[:1]); bad != 0 { // index 0 is in shard 1/3
		t.Errorf("Locate of a record of shard 1/3 in shard 2/3: bad %d, want 0", bad)
	}
	other := opts
	other.Seed++
	if _, bad := other.Locate(ids); bad != 0 {
		t.Errorf("Locate with another seed: bad %d, want 0", bad)
	}
}

// TestRunTiers runs with fixed tier counts: the spec each record was
// drawn from has the counts (clipped to the pool; required units may add
// to a tier) and the record holds its units, less those left out because
// they bind nothing on the drawn data (docs/tasks.md, "Silent units");
// the IDs are not those of the run with drawn counts, the output does not
// depend on Workers, and Locate finds the records where Run put them.
func TestRunTiers(t *testing.T) {
	task, ok := domains.Lookup("student-grouping")
	if !ok {
		t.Skip("student-grouping is not registered")
	}
	ids := func(out string) []string {
		var ids []string
		for _, l := range lines(out) {
			var rec domains.Record
			if err := json.Unmarshal([]byte(l), &rec); err != nil {
				t.Fatal(err)
			}
			ids = append(ids, rec.ID)
		}
		return ids
	}
	drawn, _, err := runGen(t, context.Background(), gen.Options{Tasks: []*domains.Task{task}, N: 3, Seed: 5, Workers: 2}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, id := range ids(drawn) {
		seen[id] = true
	}
	for _, tiers := range [][3]int{{1, 0, 0}, {3, 2, 1}} {
		opts := gen.Options{Tasks: []*domains.Task{task}, N: 3, Seed: 5, Workers: 2, Tiers: &tiers}
		out, sum, err := runGen(t, context.Background(), opts, nil, nil)
		if err != nil || sum.Kept != 3 {
			t.Fatalf("tiers %v: %+v, %v", tiers, sum, err)
		}
		for i, l := range lines(out) {
			var rec domains.Record
			if err := json.Unmarshal([]byte(l), &rec); err != nil {
				t.Fatal(err)
			}
			// The spec the record was drawn from has the counts; the
			// record holds its units but those left out as silent.
			var spec domains.Spec
			for a := range gen.DefaultMaxDraws {
				if _, sp, err := opts.Draw(i, a); err == nil && gen.RecordID(sp) == rec.ID {
					spec = sp
					break
				}
			}
			if spec.Task == "" {
				t.Fatalf("tiers %v: no draw of index %d is %s", tiers, i, rec.ID)
			}
			c := rec.Constraints
			for k, units := range [3][2][]string{{spec.Basic, c.Basic}, {spec.Medium, c.Medium}, {spec.Hard, c.Hard}} {
				pool := len(task.Tier([]domains.Tier{domains.Basic, domains.Medium, domains.Hard}[k]))
				if len(units[0]) < min(tiers[k], pool) {
					t.Errorf("tiers %v: %s was drawn with %v", tiers, rec.ID, units[0])
				}
				for _, u := range units[1] {
					if !slices.Contains(units[0], u) {
						t.Errorf("tiers %v: %s holds %s, which its spec did not draw", tiers, rec.ID, u)
					}
				}
			}
			if tiers == [3]int{1, 0, 0} && len(spec.Hard) != 0 {
				t.Errorf("tiers %v: %s has hard units %v", tiers, rec.ID, spec.Hard)
			}
			if seen[rec.ID] {
				t.Errorf("tiers %v: %s is also a record of the run with drawn counts (or of other counts)", tiers, rec.ID)
			}
			seen[rec.ID] = true
		}
		opts.Workers = 1
		if again, _, err := runGen(t, context.Background(), opts, nil, nil); err != nil || again != out {
			t.Errorf("tiers %v: workers 1 gave other records (%v)", tiers, err)
		}
		if pos, bad := opts.Locate(ids(out)); bad != -1 || !slices.Equal(pos, []int{0, 1, 2}) {
			t.Errorf("tiers %v: Locate: %v, bad %d", tiers, pos, bad)
		}
	}
	bad := [3]int{1, -1, 0}
	if _, _, err := runGen(t, context.Background(), gen.Options{Tasks: []*domains.Task{task}, N: 1, Tiers: &bad}, nil, nil); err == nil || !strings.Contains(err.Error(), "negative") {
		t.Errorf("negative tier count: %v", err)
	}
}
