package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/plancert/plancert/domains"
	_ "github.com/plancert/plancert/domains/all" // registers every task family
	"github.com/plancert/plancert/gen"
	"github.com/plancert/plancert/gen/verbalize"
	"github.com/plancert/plancert/solver"
	"github.com/plancert/plancert/solver/sat"
)

type genOptions struct {
	IO *iostreams

	Families    []string
	TaskIDs     []string
	N           int
	Seed        uint64
	Out         string
	Shard       string
	Shards      int // --shards, with --shard env
	Resume      bool
	Determinacy string
	Workers     int
	Timeout     time.Duration
	MaxDraws    int
	Level       int
	JSON        bool
	CrossCheck  string
	Verbalizer  string
	LLM         llmFlags

	// Backend, when not nil, replaces the SAT backend (tests).
	Backend solver.Backend
	// ProgressEvery is the least time between two progress lines; zero
	// means one second.
	ProgressEvery time.Duration

	// Set by validate.
	tasks         []*domains.Task
	shard, shards int
	sharded       bool // --shard given: FILE.run.json is left beside --out
	policy        gen.Determinacy
	second        solver.Backend // --crosscheck
}

const genLong = `Generate N certified planning problems and write them as JSON lines, one
record per line: the prompt, the answer schema, the instance, the checklist,
the certified reference plan and the solver's certificate.

Each instance index i = 0..N-1 is of task i mod T (T tasks, by family then
name) and its spec — subtask and constraints per tier, drawn with the
taxonomy's priors at the --level — is seeded by (--seed, --level, i,
draw). Every index makes
exactly one record: a draw that cannot be kept is redrawn with the next draw
seed, and counted by reason in the summary; an index none of whose
--max-draws draws is kept is an error naming its task. The same flags give
the same file, byte for byte, on any machine and for any --workers (except
that a draw not proven within --timeout is redrawn, which depends on the
machine). Which draws are kept:

  unique  (default) the optimal plan must be unique, after the tie-breaks
          the prompt states
  value   the optimal value is certified; every optimal plan is accepted
  any     every certified instance is kept

--shard k/n keeps the indexes i with i mod n = k-1: the n shards of a run
partition it exactly, and "plancert merge" joins their files into the
file, byte for byte, that the run without --shard writes. A gen with
--shard leaves the run's flags in FILE.run.json beside --out FILE, so that
merge knows which run and which shard the file is. --shard env takes k/n
from the job array this gen runs in: a Slurm job array (SLURM_ARRAY_TASK_ID
of the array's evenly spaced indexes SLURM_ARRAY_TASK_MIN, MIN+STEP, ...,
SLURM_ARRAY_TASK_MAX, SLURM_ARRAY_TASK_COUNT of them, is shard
(ID-MIN)/STEP+1 of COUNT), or a Kubernetes Indexed Job
(JOB_COMPLETION_INDEX i, 0-based, is shard i+1 of --shards N, the Job's
completions). A missing or inconsistent variable is a usage error naming
it and its value. The resolved k/n is the run's --shard (in
FILE.partial.run.json and FILE.run.json). See docs/scale-out.md.

While it runs, gen writes each record to FILE.partial next to --out as
soon as it and every index before it are settled, and the run's flags to
FILE.partial.run.json; at the end FILE.partial is renamed onto --out and
the run file removed. Ctrl-C does the same with the records finished in
index order. After a crash or kill -9 both files stay, and --resume
continues FILE.partial (a half-written last line is dropped with a
warning) when its run is this one: a resume with another --task/--family,
--n, --seed, --level, --shard, --determinacy, --max-draws, --crosscheck,
--verbalizer or model flag, or by another plancert version, is refused
with exit code 2, naming each flag that differs with both values.
--workers and --timeout may change: the records do not depend on
--workers, and on --timeout only through the machine's speed. Without a
partial file, --resume continues a finished or interrupted --out: each of
its records must be the one this run makes at its place (so a larger --n
extends a file), else it is refused with exit code 2. An index that failed
is made again, and its record put in its place. Either way the file is,
byte for byte, the one an uninterrupted run writes. Without --resume, an
existing FILE.partial is refused (add --resume, or remove it). While gen
writes --out it holds FILE.partial.run.json locked (Linux, macOS, BSD): a
second gen to the same --out is refused.

Progress goes to standard error every second, and a summary at the end:
kept, redrawn by reason, kept per task. With --json the summary is one JSON
object on standard output instead.

Families: %s.

Exit codes:
  0  the run finished with exactly --n records (redraws are counted in the
     summary)
  1  interrupted (the finished records are kept), an instance failed with an
     error or used up its --max-draws, an I/O error (a partial file that
     cannot be made next to --out is one, found before any work), or another
     gen is writing --out
  2  usage error (unknown flag, task or family; bad --shard, --n, --level;
     --shard env without the variables of a job array, or inconsistent ones;
     --workers not 1..1024; --out a directory or not a regular file;
     --crosscheck cbc in a build without the cbc tag), or --resume of a file
     of another run
  4  integrity failure: a certified answer failed its own checks, or the
     --crosscheck backend disagrees with the SAT solver (a bug in plancert);
     --out is left as it was (and FILE.partial removed)

--crosscheck cbc solves every model also with CBC (a MIP solver; plancert
built with "make build-cbc"): both must agree on feasibility, the optimum and
uniqueness, and CBC's answers pass the same checks. A record is kept only when
both proved it in time; the records are the ones a run without the flag
writes.

--verbalizer llm asks a model (--endpoint, --model: any OpenAI-compatible
server) to rewrite each record's problem text in natural prose, then audits
the rewrite: every name and number the template states, and every rule name
it quotes, must be in it, and the model, given only the prose and the instance with those values blanked,
must fill the instance back in exactly. A rewrite that fails the audit is
replaced by the template prompt and counted by reason in the summary; each
record says which verbalizer made its prompt ("verbalizer": "llm" or
"template", and "verbalizer_note" with the reason of a fallback). The answer
section of the prompt, the answer schema and the checklist are never
rewritten. With the answer cache (see "plancert eval --help"), the same flags
give the same file. A request that fails after its retries is an error of
its instance.`

const genExample = `  # Twenty certified Meeting Planning problems
  $ plancert gen --task meeting-planning --n 20 --seed 1 --out /tmp/suite.jsonl

  # Continue it after Ctrl-C, a crash or kill -9 (here: nothing left to do)
  $ plancert gen --task meeting-planning --n 20 --seed 1 --out /tmp/suite.jsonl --resume

  # Larger problems: level 3 of 5 (sizes per level: plancert taxonomy)
  $ plancert gen --task meeting-planning --level 3 --n 4 --seed 1 --out /tmp/level3.jsonl

  # Every scheduling task, in two shards (e.g. on two machines)
  $ plancert gen --family scheduling --n 10 --seed 7 --shard 1/2 --out /tmp/part1.jsonl
  $ plancert gen --family scheduling --n 10 --seed 7 --shard 2/2 --out /tmp/part2.jsonl
  $ plancert merge --out /tmp/scheduling.jsonl /tmp/part1.jsonl /tmp/part2.jsonl

  # Shard k/n from a Slurm job array or a Kubernetes Indexed Job (docs/scale-out.md)
  $ sbatch --array=0-15 --wrap 'plancert gen --n 640 --seed 1 --shard env --out part-$SLURM_ARRAY_TASK_ID.jsonl --resume'
  $ JOB_COMPLETION_INDEX=0 plancert gen --task meeting-planning --n 20 --seed 1 --shard env --shards 4 --out /tmp/part-0.jsonl

  # Every registered task, keeping ties; the summary as JSON
  $ plancert gen --n 10 --seed 3 --determinacy value --json --out /tmp/value.jsonl

  # Prompts rewritten in prose by a local model, audited fact by fact
  $ plancert gen --task meeting-planning --n 6 --seed 1 --out /tmp/prose.jsonl --verbalizer llm --endpoint http://localhost:8000/v1 --model Qwen/Qwen3-8B --temperature 0`

var familiesList = func() string {
	var names []string
	for _, f := range domains.Families {
		names = append(names, string(f))
	}
	return strings.Join(names, ", ")
}()

func newGenCmd(ios *iostreams, runF func(context.Context, *genOptions) error) *cobra.Command {
	opts := &genOptions{IO: ios}
	cmd := &cobra.Command{
		Use:     "gen --n N --out FILE [--family F | --task T] [flags]",
		Short:   "Generate certified planning problems (JSON lines)",
		Long:    fmt.Sprintf(genLong, familiesList),
		Example: genExample,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) > 0 {
				return usageErrorf("%s takes no arguments, got %q", cmd.CommandPath(), args[0])
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, _ []string) error {
			opts.sharded = cmd.Flags().Changed("shard")
			if err := opts.validate(); err != nil {
				return err
			}
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return runGen(cmd.Context(), opts)
		},
	}
	f := cmd.Flags()
	f.StringSliceVar(&opts.Families, "family", nil, "generate the tasks of `FAMILY` (repeat or comma-separate)")
	f.StringSliceVar(&opts.TaskIDs, "task", nil, "generate `TASK` (kebab case; repeat or comma-separate)")
	f.IntVar(&opts.N, "n", 0, "number of instance indexes in the run (before --shard)")
	f.Uint64Var(&opts.Seed, "seed", 1, "seed of the run")
	f.StringVar(&opts.Out, "out", "", "write the records to `FILE` (- for standard output)")
	f.StringVar(&opts.Shard, "shard", "1/1", "make only shard `k/n` of the run; env: k/n of the Slurm array task or Kubernetes Indexed Job pod")
	f.IntVar(&opts.Shards, "shards", 0, "with --shard env in a Kubernetes Indexed Job: the number `N` of shards (the Job's completions)")
	f.BoolVar(&opts.Resume, "resume", false, "continue an interrupted run: keep the records of FILE.partial (or of --out) and make the rest")
	f.StringVar(&opts.Determinacy, "determinacy", string(gen.Unique), "which instances to keep: `unique`, value or any")
	f.IntVar(&opts.Workers, "workers", min(runtime.GOMAXPROCS(0), maxGenWorkers), fmt.Sprintf("instances certified in parallel, 1..%d (the output does not depend on it)", maxGenWorkers))
	f.DurationVar(&opts.Timeout, "timeout", defaultDrawTimeout, "time limit per draw (generation and certification), e.g. 30s; 0 means none")
	f.IntVar(&opts.MaxDraws, "max-draws", gen.DefaultMaxDraws, "draws per instance index before it is an error")
	f.IntVar(&opts.Level, "level", 1, fmt.Sprintf("size level 1..%d: larger instances and more rules per level (see plancert taxonomy)", domains.Levels))
	f.BoolVar(&opts.JSON, "json", false, "print the summary as JSON on standard output")
	f.StringVar(&opts.CrossCheck, "crosscheck", "", crossCheckHelp)
	f.StringVar(&opts.Verbalizer, "verbalizer", "template", "who writes the prompts: `template` or llm (a model's audited rewrite; needs --endpoint and --model)")
	addLLMFlags(f, &opts.LLM, "llm-seed")
	return cmd
}

func (o *genOptions) validate() error {
	switch {
	case o.N <= 0:
		return usageErrorf("--n must be at least 1, got %d", o.N)
	case o.Out == "":
		return usageErrorf("--out is required (a FILE, or - for standard output)")
	case o.Workers < 1 || o.Workers > maxGenWorkers:
		return usageErrorf("--workers must be 1..%d, got %d", maxGenWorkers, o.Workers)
	case o.Timeout < 0:
		return usageErrorf("--timeout must not be negative, got %v", o.Timeout)
	case o.MaxDraws < 1:
		return usageErrorf("--max-draws must be at least 1, got %d", o.MaxDraws)
	case domains.CheckLevel(o.Level) != nil:
		return usageErrorf("--level must be 1..%d, got %d", domains.Levels, o.Level)
	case len(o.Families) > 0 && len(o.TaskIDs) > 0:
		return usageErrorf("--family and --task cannot be used together")
	case o.Out == "-" && o.Resume:
		return usageErrorf("--resume needs a FILE for --out, not standard output")
	case o.Out == "-" && o.JSON:
		return usageErrorf("--json prints the summary on standard output; it cannot be used with --out -")
	}
	if o.Out != "-" {
		if err := checkOut(o.Out); err != nil {
			return err
		}
	}
	switch o.Verbalizer {
	case "", "template":
		if set := o.LLM.changedFlags(); len(set) > 0 {
			return usageErrorf("%s %s only for --verbalizer llm", strings.Join(set, ", "), plural(len(set), "is", "are"))
		}
	case "llm":
		if err := o.LLM.validate(); err != nil {
			return err
		}
	default:
		return usageErrorf("--verbalizer must be template or llm, got %q", o.Verbalizer)
	}
	var err error
	switch {
	case o.Shards < 0:
		return usageErrorf("--shards must be at least 1, got %d", o.Shards)
	case o.Shard == "env":
		o.shard, o.shards, err = shardFromEnv(os.Getenv, o.Shards)
	case o.Shards != 0:
		return usageErrorf("--shards is for --shard env; with --shard k/n, n is the number of shards")
	default:
		o.shard, o.shards, err = parseShard(o.Shard)
	}
	if err != nil {
		return err
	}
	p, err := gen.ParseDeterminacy(o.Determinacy)
	if err != nil {
		return usageErrorf("--determinacy %q is not unique, value or any", o.Determinacy)
	}
	o.policy = p
	if o.second, err = crossCheckSecond(o.CrossCheck); err != nil {
		return err
	}
	o.tasks, err = selectTasks(o.Families, o.TaskIDs)
	return err
}

// defaultDrawTimeout is the default of gen's --timeout, the time limit of
// one draw (also serve --generate's).
const defaultDrawTimeout = time.Minute

// maxGenWorkers bounds --workers: far more instances at once than any
// machine has cores only costs memory.
const maxGenWorkers = 1024

// checkOut refuses, before any work, an --out that the records must not
// be renamed onto: a directory (the rename would fail after the whole
// run), or a file that is not a regular one (a device such as /dev/null
// would be replaced by a regular file).
func checkOut(path string) error {
	info, err := os.Stat(path)
	switch {
	case err != nil: // missing (the partial file's creation tells of a parent that cannot be written)
		return nil
	case info.IsDir():
		return usageErrorf("--out %s is a directory; give the FILE to write", path)
	case !info.Mode().IsRegular():
		return usageErrorf("--out %s is not a regular file (use - for standard output)", path)
	}
	return nil
}

// parseShard reads "k/n" with 1 ≤ k ≤ n (--shard env is read by
// shardFromEnv).
func parseShard(s string) (k, n int, err error) {
	a, b, ok := strings.Cut(s, "/")
	if ok {
		k, err1 := strconv.Atoi(a)
		n, err2 := strconv.Atoi(b)
		if err1 == nil && err2 == nil && n >= 1 && k >= 1 && k <= n {
			return k, n, nil
		}
	}
	return 0, 0, usageErrorf("--shard %q is not k/n with 1 ≤ k ≤ n (e.g. 1/4), nor env", s)
}

// selectTasks returns the registered tasks of the families, or the named
// tasks, or every registered task; in registry order (family, then ID).
func selectTasks(families, ids []string) ([]*domains.Task, error) {
	all := domains.Tasks()
	want := map[string]bool{}
	switch {
	case len(families) > 0:
		for _, f := range families {
			if !slices.Contains(domains.Families, domains.Family(f)) {
				return nil, usageErrorf("unknown family %q (families: %s)", f, familiesList)
			}
			n := 0
			for _, t := range all {
				if t.Family == domains.Family(f) {
					want[t.ID] = true
					n++
				}
			}
			if n == 0 {
				return nil, usageErrorf("no tasks registered for family %s yet", f)
			}
		}
	case len(ids) > 0:
		for _, id := range ids {
			if _, ok := domains.Lookup(id); !ok {
				var names []string
				for _, t := range all {
					names = append(names, t.ID)
				}
				return nil, usageErrorf("unknown task %q (registered tasks: %s)", id, strings.Join(names, ", "))
			}
			want[id] = true
		}
	default:
		if len(all) == 0 {
			return nil, usageErrorf("no tasks are registered")
		}
		return all, nil
	}
	var out []*domains.Task
	for _, t := range all {
		if want[t.ID] {
			out = append(out, t)
		}
	}
	return out, nil
}

// genSummaryJSON is the --json summary.
type genSummaryJSON struct {
	Out         string  `json:"out"`
	Seed        uint64  `json:"seed"`
	N           int     `json:"n"`
	Shard       string  `json:"shard"`
	Determinacy string  `json:"determinacy"`
	Interrupted bool    `json:"interrupted"`
	Seconds     float64 `json:"seconds"`
	gen.Summary
}

func runGen(ctx context.Context, opts *genOptions) (err error) {
	setSolvingGC()
	gopts := gen.Options{
		Tasks: opts.tasks, N: opts.N, Seed: opts.Seed, Shard: opts.shard, Shards: opts.shards,
		Determinacy: opts.policy, Workers: opts.Workers, Timeout: opts.Timeout, MaxDraws: opts.MaxDraws, Level: opts.Level, Backend: opts.Backend,
	}
	if opts.second != nil {
		primary := opts.Backend
		if primary == nil {
			primary = sat.Backend{}
		}
		gopts.Backend = crossChecked(primary, opts.second)
	}
	if opts.Verbalizer == "llm" {
		client, err := opts.LLM.client()
		if err != nil {
			return err
		}
		gopts.Verbalize = (&verbalize.LLM{Client: client}).Apply
	}
	errOut := opts.IO.ErrOut
	var (
		w    io.Writer = opts.IO.Out
		pf   *partialFile
		done map[string]bool
	)
	if opts.Out != "-" {
		if pf, err = openPartial(opts, &gopts, errOut); err != nil {
			return err
		}
		w, done = pf, pf.done
	}

	every := opts.ProgressEvery
	if every <= 0 {
		every = time.Second
	}
	last := time.Duration(0)
	progress := func(p gen.Progress) {
		if p.Done == p.Total || p.Elapsed-last < every {
			return
		}
		last = p.Elapsed
		fmt.Fprintf(errOut, "gen: %d/%d kept %d redrawn %d", p.Done, p.Total, p.Kept, p.Dropped)
		if p.Errors > 0 {
			fmt.Fprintf(errOut, " errors %d", p.Errors)
		}
		if p.Skipped > 0 {
			fmt.Fprintf(errOut, " skipped %d", p.Skipped)
		}
		fmt.Fprintf(errOut, " (%.1f/s)\n", float64(p.Done-p.Skipped)/p.Elapsed.Seconds())
	}
	start := time.Now()
	sum, runErr := gen.Run(ctx, gopts, w, done, progress)
	elapsed := time.Since(start)

	var ie *solver.IntegrityError
	integrity := errors.As(runErr, &ie)
	interrupted := runErr != nil && !integrity && ctx.Err() != nil && errors.Is(runErr, ctx.Err())
	if runErr != nil && !integrity && !interrupted {
		if pf != nil {
			if err := pf.keep(); err != nil {
				return &fileError{opts.Out, errors.Join(runErr, err)}
			}
			return &fileError{opts.Out, fmt.Errorf("%w (the finished records are in %s; --resume continues)", runErr, pf.path)}
		}
		return &fileError{opts.Out, runErr}
	}
	if pf != nil {
		if integrity {
			pf.discard()
		} else if err := pf.commit(); err != nil {
			return &fileError{opts.Out, err}
		} else if err := writeShardFile(opts); err != nil {
			return err
		}
	}

	if opts.JSON {
		out := genSummaryJSON{Out: opts.Out, Seed: opts.Seed, N: opts.N, Shard: fmt.Sprintf("%d/%d", opts.shard, opts.shards),
			Determinacy: string(opts.policy), Interrupted: interrupted, Seconds: elapsed.Seconds(), Summary: sum}
		enc := json.NewEncoder(opts.IO.Out)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(out); err != nil {
			return err
		}
	} else {
		source := opts.Out
		if pf != nil && pf.source != "" {
			source = pf.source
		}
		writeGenSummary(errOut, opts, source, sum, elapsed)
	}

	var errs []error
	switch {
	case integrity:
		reportError(errOut, runErr)
		if opts.Out != "-" {
			fmt.Fprintf(errOut, "plancert: %s was left as it was.\n", opts.Out)
		}
		errs = append(errs, runErr)
	case interrupted:
		msg := fmt.Sprintf("plancert: interrupted; %d %s not made", sum.Unfinished, plural(sum.Unfinished, "instance", "instances"))
		if opts.Out != "-" {
			msg += fmt.Sprintf("; the finished records are in %s (--resume continues)", opts.Out)
		}
		fmt.Fprintln(errOut, msg)
		errs = append(errs, errInterrupted)
	}
	if sum.Errors > 0 {
		for _, m := range sum.ErrorMessages {
			fmt.Fprintf(errOut, "plancert: %s\n", m)
		}
		if more := sum.Errors - len(sum.ErrorMessages); more > 0 {
			fmt.Fprintf(errOut, "plancert: ... and %d more\n", more)
		}
		errs = append(errs, fmt.Errorf("%d %s failed", sum.Errors, plural(sum.Errors, "instance", "instances")))
	}
	if err := errors.Join(errs...); err != nil {
		return &reportedError{err}
	}
	return nil
}

// writeGenSummary writes the end-of-run summary for a person.
func writeGenSummary(w io.Writer, opts *genOptions, source string, sum gen.Summary, elapsed time.Duration) {
	made := sum.Total - sum.Skipped - sum.Unfinished
	fmt.Fprintf(w, "gen: %d/%d kept %d redrawn %d", sum.Total-sum.Unfinished, sum.Total, sum.Kept, sum.DroppedTotal())
	if sum.Errors > 0 {
		fmt.Fprintf(w, " errors %d", sum.Errors)
	}
	if sum.Skipped > 0 {
		fmt.Fprintf(w, " skipped %d (already in %s)", sum.Skipped, source)
	}
	rate := 0.0
	if elapsed > 0 {
		rate = float64(made) / elapsed.Seconds()
	}
	fmt.Fprintf(w, " in %s (%.1f/s)\n", elapsed.Round(time.Millisecond), rate)
	reasons := make([]string, 0, len(sum.Dropped))
	for r := range sum.Dropped {
		reasons = append(reasons, r)
	}
	sort.Slice(reasons, func(i, j int) bool {
		if sum.Dropped[reasons[i]] != sum.Dropped[reasons[j]] {
			return sum.Dropped[reasons[i]] > sum.Dropped[reasons[j]]
		}
		return reasons[i] < reasons[j]
	})
	for _, r := range reasons {
		fmt.Fprintf(w, "gen:   redrawn %d: %s\n", sum.Dropped[r], r)
	}
	for _, t := range opts.tasks {
		fmt.Fprintf(w, "gen:   kept %d: %s\n", sum.PerTask[t.ID], t.ID)
	}
	if sum.Verbalizers != nil {
		fmt.Fprintf(w, "gen:   prompts by llm %d, by template %d (audit failed)\n", sum.Verbalizers[verbalize.ByLLM], sum.Verbalizers[verbalize.ByTemplate])
		reasons := make([]string, 0, len(sum.Fallbacks))
		for r := range sum.Fallbacks {
			reasons = append(reasons, r)
		}
		sort.Strings(reasons)
		for _, r := range reasons {
			fmt.Fprintf(w, "gen:   fell back %d: %s\n", sum.Fallbacks[r], r)
		}
	}
	if opts.Out != "-" {
		fmt.Fprintf(w, "gen: wrote %s\n", opts.Out)
	}
}
