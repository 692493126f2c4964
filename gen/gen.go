// Package gen makes certified problem suites: it samples specs with the
// taxonomy's priors and compatibility rules (SampleSpec), generates and
// certifies instances under a determinacy policy (Certify), and writes
// them as JSONL records with sharding and resume (Run).
package gen

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/solver"
	"github.com/plancert/plancert/solver/sat"
)

// Options are the parameters of a run. The id space is the instance
// indexes i = 0..N−1: index i is of task Tasks[i % len(Tasks)], and its
// draw a = 0, 1, … has the spec SampleLevel(task, DrawSeed(LevelSeed(Seed,
// Level), i, a), Level) (with Tiers: SampleLevelCounts of the seed
// DrawSeed(TiersSeed(LevelSeed(Seed, Level), *Tiers), i, a)).
// Each index makes exactly one record: its first draw that is kept (a
// draw that is dropped, for any reason Certify gives or because the
// generator found no instance for it, is redrawn), or, when MaxDraws draws
// are all dropped, a counted error naming the task. Shard k of n (1-based)
// keeps the indexes with i % n == k−1, so the shards of a run partition
// its id space.
type Options struct {
	Tasks       []*domains.Task
	N           int
	Seed        uint64
	Shard       int // 1..Shards; 0 with Shards 0 means the whole run
	Shards      int
	Determinacy Determinacy   // "" means Unique
	Workers     int           // < 1 means 1
	Timeout     time.Duration // per draw; 0 means none
	MaxDraws    int           // draws per index before it is an error; < 1 means DefaultMaxDraws
	Level       int           // size level, 1..domains.Levels; 0 means 1
	// Tiers, when not nil, fixes the tier counts (basic, medium, hard) of
	// every draw, as SampleLevelCounts does, instead of drawing them with
	// the level's priors ("plancert serve --generate" draws at the counts
	// of its curriculum). The spec seeds then come from TiersSeed, so that
	// a run with fixed counts shares no spec seed (nor record ID) with the
	// run of the same Seed and Level with drawn counts, nor with other
	// counts.
	Tiers   *[3]int
	Backend solver.Backend // nil means the SAT backend
	// Verbalize, when not nil, is called with each certified record before
	// it is written and may change its prompt (e.g. an LLM rewrite, see
	// gen/verbalize), setting rec.Verbalizer and rec.VerbalizerNote. An
	// error counts as the index's error (or leaves it unfinished when ctx
	// ended). It runs on the workers, so it must be safe for concurrent use.
	Verbalize func(ctx context.Context, rec *domains.Record) error
}

// Progress is reported after each index of the shard is settled, in index
// order.
type Progress struct {
	Total   int // indexes in the shard
	Done    int // settled: kept + dropped + errors + skipped
	Kept    int
	Dropped int
	Errors  int
	Skipped int // already done (resume)
	Elapsed time.Duration
}

// Summary counts the outcome of a run. Unfinished counts the indexes not
// settled when the run stopped early (Ctrl-C, an integrity failure).
type Summary struct {
	Total   int `json:"total"`
	Kept    int `json:"kept"`
	Skipped int `json:"skipped"`
	// Dropped counts the draws that were not kept, by reason; each was
	// redrawn, so a run that ends without errors has Kept = Total.
	Dropped       map[string]int `json:"dropped"`
	Redraws       int            `json:"redraws"`
	Errors        int            `json:"errors"`
	ErrorMessages []string       `json:"error_messages,omitempty"`
	PerTask       map[string]int `json:"per_task"`
	Unfinished    int            `json:"unfinished"`
	// Verbalizers counts the kept records by their Verbalizer, and
	// Fallbacks the records whose rewrite fell back to the template, by
	// reason (the note up to its first ':'); both only with a Verbalize
	// hook.
	Verbalizers map[string]int `json:"verbalizers,omitempty"`
	Fallbacks   map[string]int `json:"verbalizer_fallbacks,omitempty"`
}

// DroppedTotal is the number of dropped instances, all reasons together.
func (s Summary) DroppedTotal() int {
	n := 0
	for _, c := range s.Dropped {
		n += c
	}
	return n
}

// DefaultMaxDraws is the number of draws an index gets when
// Options.MaxDraws is not set.
const DefaultMaxDraws = 20

// DropNoInstance is the drop reason of a draw for which the generator
// found no instance (its error wraps domains.ErrRedraw).
const DropNoInstance = "no instance for the draw (the generator's hidden plan failed)"

// maxErrorMessages bounds the error messages a summary keeps.
const maxErrorMessages = 10

// SpecSeed is the spec seed of index i of a run with seed: SplitMix64 of
// the run seed and the index.
func SpecSeed(seed uint64, i int) uint64 {
	z := seed + uint64(i+1)*0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// DrawSeed is the spec seed of draw a of index i of a run with seed:
// SpecSeed(seed, i) for the first draw (so that a run whose draws are all
// kept at once is what it was before redraws), and SpecSeed of that seed
// and a for a redraw.
func DrawSeed(seed uint64, i, a int) uint64 {
	s := SpecSeed(seed, i)
	if a == 0 {
		return s
	}
	return SpecSeed(s, a-1)
}

// LevelSeed is the seed of the spec seeds of a run at a size level: seed
// itself at level 1 (so that level-1 runs are the runs of before levels),
// and a seed of its own per level above, so that the records of one run
// seed at two levels never share a spec seed (nor a record ID).
func LevelSeed(seed uint64, level int) uint64 {
	if level <= 1 {
		return seed
	}
	return SpecSeed(seed^0x6c6576656c, level) // "level"
}

// TiersSeed is the seed of the spec seeds of a run with fixed tier counts
// (Options.Tiers), from the seed of its level (LevelSeed): a seed of its
// own per counts.
func TiersSeed(seed uint64, tiers [3]int) uint64 {
	s := seed ^ 0x7469657273 // "tiers"
	for _, c := range tiers {
		s = SpecSeed(s, c)
	}
	return s
}

// runSeed is the seed of the run's draw seeds (DrawSeed).
func (o *Options) runSeed() uint64 {
	s := LevelSeed(o.Seed, o.level())
	if o.Tiers != nil {
		s = TiersSeed(s, *o.Tiers)
	}
	return s
}

// Spec returns the task and spec of the first draw of index i of the run.
func (o *Options) Spec(i int) (*domains.Task, domains.Spec, error) { return o.Draw(i, 0) }

// Draw returns the task and spec of draw a of index i of the run.
func (o *Options) Draw(i, a int) (*domains.Task, domains.Spec, error) {
	t := o.Tasks[i%len(o.Tasks)]
	seed := DrawSeed(o.runSeed(), i, a)
	if c := o.Tiers; c != nil {
		spec, err := SampleLevelCounts(t, seed, o.level(), c[0], c[1], c[2])
		return t, spec, err
	}
	spec, err := SampleLevel(t, seed, o.level())
	return t, spec, err
}

func (o *Options) level() int { return max(o.Level, 1) }

func (o *Options) maxDraws() int {
	if o.MaxDraws < 1 {
		return DefaultMaxDraws
	}
	return o.MaxDraws
}

func (o *Options) check() error {
	switch {
	case len(o.Tasks) == 0:
		return errors.New("gen: no tasks")
	case o.N < 0:
		return fmt.Errorf("gen: N = %d is negative", o.N)
	case o.Shards < 0 || o.Shard < 0 || o.Shard > o.Shards || (o.Shards > 0 && o.Shard == 0):
		return fmt.Errorf("gen: shard %d/%d is not k/n with 1 ≤ k ≤ n", o.Shard, o.Shards)
	case o.Timeout < 0:
		return fmt.Errorf("gen: timeout %v is negative", o.Timeout)
	case o.Level != 0 && domains.CheckLevel(o.Level) != nil:
		return fmt.Errorf("gen: %w", domains.CheckLevel(o.Level))
	case o.Tiers != nil && (o.Tiers[0] < 0 || o.Tiers[1] < 0 || o.Tiers[2] < 0):
		return fmt.Errorf("gen: tier counts %v: a count is negative", *o.Tiers)
	}
	for _, t := range o.Tasks {
		if t == nil {
			return errors.New("gen: nil task")
		}
	}
	if o.Determinacy != "" {
		if _, err := ParseDeterminacy(string(o.Determinacy)); err != nil {
			return err
		}
	}
	return nil
}

// indexes returns the instance indexes of the shard, in order.
func (o *Options) indexes() []int {
	shard, shards := o.Shard, o.Shards
	if shards == 0 {
		shard, shards = 1, 1
	}
	var indexes []int
	for i := shard - 1; i < o.N; i += shards {
		indexes = append(indexes, i)
	}
	return indexes
}

// Locate returns the shard position (0-based, as RecordWriter has it) of
// each record ID of ids, which are read in file order: each must be the
// record of a draw (below MaxDraws) of an index after the one of the ID
// before it, as in a file that Run wrote (an index that failed leaves a
// gap). bad is the position in ids of the first ID that is not, or -1
// when all are; pos then holds the positions of the IDs before it.
// Locate solves nothing, and draws a spec only for a draw whose seed is
// the ID's.
func (o *Options) Locate(ids []string) (pos []int, bad int) {
	if len(o.Tasks) == 0 {
		if len(ids) > 0 {
			return nil, 0
		}
		return nil, -1
	}
	indexes := o.indexes()
	runSeed := o.runSeed()
	next := 0 // the first position the next ID may have
	for k, id := range ids {
		// An ID is task/subtask/seed, and a draw's spec has the draw's seed
		// (SampleLevel): only a draw of the task with that seed is drawn.
		task, _, _ := strings.Cut(id, "/")
		seed, err := strconv.ParseUint(id[strings.LastIndexByte(id, '/')+1:], 10, 64)
		found := false
		for p := next; err == nil && p < len(indexes) && !found; p++ {
			i := indexes[p]
			if o.Tasks[i%len(o.Tasks)].ID != task {
				continue
			}
			for a := range o.maxDraws() {
				if DrawSeed(runSeed, i, a) != seed {
					continue
				}
				if _, spec, err := o.Draw(i, a); err == nil && RecordID(spec) == id {
					pos, next, found = append(pos, p), p+1, true
					break
				}
			}
		}
		if !found {
			return pos, k
		}
	}
	return pos, -1
}

// outcome is what one index came to.
type outcome struct {
	pos        int // position in the shard
	task       string
	line       []byte   // the record's JSON line when kept
	verbalizer string   // the record's Verbalizer when kept
	note       string   // the record's VerbalizerNote when kept
	drops      []string // the reasons of the draws dropped (and redrawn)
	err        error    // a counted error
	integrity  error    // an integrity failure: aborts the run
	skipped    bool
	unfinished bool // stopped by the context
}

// A RecordWriter is told where each record goes: Run calls WriteRecord
// instead of Write when its writer is one, with the record's position in
// the shard (0-based, in index order: see Options.Locate), e.g. to put the
// records that a resumed run makes for indexes that failed before in their
// places among the records already written. WriteRecord may keep line.
type RecordWriter interface {
	WriteRecord(pos int, line []byte) error
}

// Run generates the run's shard and writes each kept record to w as one
// JSON line, in index order whatever the number of workers: the output
// is byte-identical for any Workers. Each index makes one record, or one
// counted drop (Certify's reason) or error; an index whose record ID is in
// done is skipped (resume). progress, when not nil, is called after each
// index is settled, from the goroutine that called Run.
//
// An integrity failure (*solver.IntegrityError) stops the run and is
// returned (wrapped with the record ID). When ctx ends (Ctrl-C), no new
// index is started; the records settled in index order so far are
// written, and Run returns ctx.Err(). A record finished after an index
// that did not finish is not written, so that a resumed run writes the
// same file as an uninterrupted one.
func Run(ctx context.Context, opts Options, w io.Writer, done map[string]bool, progress func(Progress)) (Summary, error) {
	sum := Summary{Dropped: map[string]int{}, PerTask: map[string]int{}}
	if err := opts.check(); err != nil {
		return sum, err
	}
	indexes := opts.indexes()
	sum.Total = len(indexes)
	workers := max(opts.Workers, 1)
	policy := opts.Determinacy
	if policy == "" {
		policy = Unique
	}
	backend := opts.Backend
	if backend == nil {
		backend = sat.Backend{}
	}

	runCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	// window bounds how far workers run ahead of the writer.
	window := make(chan struct{}, 4*workers+16)
	jobs := make(chan int)
	results := make(chan outcome, workers)
	go func() {
		defer close(jobs)
		for pos := range indexes {
			select {
			case window <- struct{}{}:
			case <-runCtx.Done():
				return
			}
			select {
			case jobs <- pos:
			case <-runCtx.Done():
				return
			}
		}
	}()
	finished := make(chan struct{})
	for range workers {
		go func() {
			defer func() { finished <- struct{}{} }()
			for pos := range jobs {
				results <- settle(runCtx, &opts, backend, policy, pos, indexes[pos], done)
			}
		}()
	}
	go func() {
		for range workers {
			<-finished
		}
		close(results)
	}()

	start := time.Now()
	pending := map[int]outcome{}
	next := 0        // the next position to settle
	stopped := false // an index did not finish: write nothing more
	var runErr error
	report := func() {
		if progress != nil {
			progress(Progress{Total: sum.Total, Done: next, Kept: sum.Kept, Dropped: sum.DroppedTotal(),
				Errors: sum.Errors, Skipped: sum.Skipped, Elapsed: time.Since(start)})
		}
	}
	for o := range results {
		if o.integrity != nil && runErr == nil {
			runErr = o.integrity
			cancel()
		}
		pending[o.pos] = o
		for !stopped {
			o, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			if !o.unfinished && o.integrity == nil {
				for _, r := range o.drops {
					sum.Dropped[r]++
				}
				sum.Redraws += len(o.drops)
			}
			switch {
			case o.unfinished || o.integrity != nil:
				stopped = true
				continue
			case o.skipped:
				sum.Skipped++
			case o.line != nil:
				var err error
				if rw, ok := w.(RecordWriter); ok {
					err = rw.WriteRecord(o.pos, o.line)
				} else {
					_, err = w.Write(o.line)
				}
				if err != nil {
					if runErr == nil {
						runErr = fmt.Errorf("gen: writing records: %w", err)
					}
					cancel()
					stopped = true
					continue
				}
				sum.Kept++
				sum.PerTask[o.task]++
				if opts.Verbalize != nil {
					if sum.Verbalizers == nil {
						sum.Verbalizers, sum.Fallbacks = map[string]int{}, map[string]int{}
					}
					sum.Verbalizers[o.verbalizer]++
					if o.note != "" {
						r, _, _ := strings.Cut(o.note, ":")
						sum.Fallbacks[r]++
					}
				}
			default:
				sum.Errors++
				if len(sum.ErrorMessages) < maxErrorMessages {
					sum.ErrorMessages = append(sum.ErrorMessages, o.err.Error())
				}
			}
			next++
			<-window
			report()
		}
	}
	sum.Unfinished = sum.Total - next
	if runErr != nil {
		return sum, runErr
	}
	if err := ctx.Err(); err != nil && next < sum.Total {
		return sum, err
	}
	return sum, nil
}

// settle makes the outcome of index i (position pos of the shard): its
// draws in order until one is kept, at most opts.maxDraws().
func settle(ctx context.Context, opts *Options, b solver.Backend, policy Determinacy, pos, i int, done map[string]bool) outcome {
	o := outcome{pos: pos}
	if ctx.Err() != nil {
		o.unfinished = true
		return o
	}
	n := opts.maxDraws()
	if len(done) > 0 {
		// Resume: the index is done when the record of any of its draws
		// is in the file (drawing a spec solves nothing).
		for a := range n {
			t, spec, err := opts.Draw(i, a)
			o.task = t.ID
			if err == nil && done[RecordID(spec)] {
				o.skipped = true
				return o
			}
		}
	}
	for a := range n {
		rec, drop, stop := draw(ctx, opts, b, policy, i, a, &o)
		if stop {
			return o
		}
		if drop != "" {
			o.drops = append(o.drops, drop)
			continue
		}
		return finishRecord(ctx, opts, rec, o)
	}
	counts := map[string]int{}
	for _, r := range o.drops {
		counts[r]++
	}
	reasons := make([]string, 0, len(counts))
	for r, c := range counts {
		reasons = append(reasons, fmt.Sprintf("%d %s", c, r))
	}
	sort.Strings(reasons)
	o.err = fmt.Errorf("%s: index %d: no record kept in %d draws (%s)", o.task, i, n, strings.Join(reasons, "; "))
	return o
}

// draw makes draw a of index i: its record, or the reason it is dropped.
// stop reports that o is settled without a record (an error, an integrity
// failure, or the run's context ended).
func draw(ctx context.Context, opts *Options, b solver.Backend, policy Determinacy, i, a int, o *outcome) (rec *domains.Record, drop string, stop bool) {
	t, spec, err := opts.Draw(i, a)
	o.task = t.ID
	if err != nil {
		o.err = fmt.Errorf("index %d: %w", i, err)
		return nil, "", true
	}
	id := RecordID(spec)
	// The time limit covers the generator's own solves as well as the
	// certification.
	ictx := ctx
	if opts.Timeout > 0 {
		var cancel context.CancelFunc
		ictx, cancel = context.WithTimeout(ctx, opts.Timeout)
		defer cancel()
	}
	inst, err := NewInstance(ictx, b, t, spec)
	switch {
	case ctx.Err() != nil: // interrupted, not a verdict on the instance
		o.unfinished = true
		return nil, "", true
	case err != nil && ictx.Err() != nil:
		return nil, DropTimeout, false
	case errors.Is(err, domains.ErrRedraw):
		return nil, DropNoInstance, false
	case err != nil:
		o.err = fmt.Errorf("%s: generate: %w", id, err)
		return nil, "", true
	}
	rec, err = Certify(ictx, b, t, inst, policy)
	if ctx.Err() != nil {
		o.unfinished = true
		return nil, "", true
	}
	var dropErr *DropError
	var ie *solver.IntegrityError
	switch {
	case errors.As(err, &ie):
		o.integrity = fmt.Errorf("gen: %s: %w", id, err)
		return nil, "", true
	case errors.As(err, &dropErr):
		return nil, dropErr.Reason, false
	case err != nil && ictx.Err() != nil: // the time limit, met inside a call
		return nil, DropTimeout, false
	case err != nil:
		o.err = fmt.Errorf("%s: %w", id, err)
		return nil, "", true
	}
	return rec, "", false
}

// finishRecord verbalizes (when asked) and encodes a kept record, with
// its content hash (domains.RecordHash) over what it holds once verbalized.
func finishRecord(ctx context.Context, opts *Options, rec *domains.Record, o outcome) outcome {
	id := rec.ID
	if opts.Verbalize != nil {
		err := opts.Verbalize(ctx, rec)
		if ctx.Err() != nil {
			o.unfinished = true
			return o
		}
		if err != nil {
			o.err = fmt.Errorf("%s: verbalize: %w", id, err)
			return o
		}
		o.verbalizer, o.note = rec.Verbalizer, rec.VerbalizerNote
	}
	line, err := rec.Encode() // with its content hash
	if err != nil {
		o.err = fmt.Errorf("%s: encoding the record: %w", id, err)
		return o
	}
	o.line = line
	return o
}
