package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log"
	"net"
	"os"
	"runtime"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/gen"
	"github.com/plancert/plancert/gen/loop"
	"github.com/plancert/plancert/solver"
	"github.com/plancert/plancert/verify"
	"github.com/plancert/plancert/verify/serve"
)

type serveOptions struct {
	IO *iostreams

	Suite    string
	Addr     string
	Reward   string
	MaxBody  int64
	MaxBatch int
	Workers  int
	MaxConc  int
	Cache    int

	HeaderTimeout time.Duration
	BodyTimeout   time.Duration
	BodyGrace     time.Duration
	BodyMinRate   int64

	Generate        bool
	MaxGenerate     int
	GenerateTimeout time.Duration
	GenerateConc    int
	GenerateCache   int
	Curriculum      loop.Params

	opts serve.Options
	// ready, when set, is called with the listening address (tests).
	ready func(addr net.Addr)
}

const serveLong = `Serve rewards over HTTP for RL trainers: every response is graded exactly
as "plancert verify" grades it (the answer is extracted from the text and
every checklist item is checked by code). The server is stateless (but
with --generate, below); Ctrl-C or SIGTERM stops it gracefully (requests
in flight are finished).

Before listening, the suite is read once: every record is checked as
"plancert verify" checks it, and its reference plan is graded against its
own checklist; a certified reference that fails is an integrity failure
(exit code 4) and the server does not start. Then the suite is served
from its file: the server keeps an index entry per record (about 300
bytes: where its line is, its content hash, task and level), and holds up
to --cache-records records decoded with their loaded instances (about
11 KB each at level 1), the least recently graded dropped first; a record
not held is read again from the file, by offset, when a request names it.
A suite of a million records takes about 0.3 GB of index. The file must
not change while it is served (a line that did is answered 500, never
graded); a suite on standard input (--suite -) is copied to a temporary
file first.

Endpoints:
  POST /get_reward  OpenRLHF's remote reward model protocol
                    (--reward.remote_url http://HOST:PORT/get_reward):
                    {"query": [...], "prompts": [...], "labels": [...]} ->
                    {"rewards": [...], "scores": [...], "extra_logs": {...}}
                    query = prompt + response (the prompt is stripped);
                    labels = record ids, or "<id>#<hash>" (the label
                    column of "plancert export --format jsonl": OpenRLHF
                    --data.label_key label). An unknown label fails the
                    request (400); a label whose hash is not the record's
                    gets reward 0, extra_logs hash_mismatch 1 and a
                    HASH MISMATCH line on standard error.
  POST /v1/score    {"items": [{"id", "response", "hash"}], "reward": MODE} ->
                    {"reward", "n", "scored", "errors", "mean_reward",
                     "integrity_alarms", "results": [{"id", "reward",
                     "all_pass", "avg_pass", "passed", "failed", "items",
                     "error_kind", "integrity_alarm", ...}]};
                    an unknown id is a per-item "error"; a "hash" that
                    is not the record's fails the request (409, both
                    hashes in the answer).
  GET  /healthz     {"status": "ok", "records": N, "reward": MODE}

With --generate (--suite is then optional), the server also makes fresh
certified problems and keeps a curriculum, a trainer-driven "plancert loop":
  POST /v1/problems {"task": T | "family": F, "level": L, "tiers": [B, M, H],
                     "n": N, "seed": S} -> {"n": N, "records": [...]}
                    N records (at most --max-generate), each as "plancert
                    gen" writes it; kept to be graded by id and hash (at
                    most --generate-cache generated records: the oldest
                    are dropped first, their ids then unknown). n and seed
                    are required; neither task nor family: every task.
                    With "level" (1..5) and no "tiers", the records are,
                    byte for byte, those of plancert gen --task T (or
                    --family F) --level L --n N --seed S. "tiers" (0..9
                    each) fixes the tier counts (basic, medium, hard;
                    seeds of their own). Without "level", the curriculum
                    decides: each task at its current level, and at its
                    tier counts unless "tiers" is given; the seed still
                    comes from the request (use a new one per batch).
  GET  /v1/curriculum[?task=T]
                    {"params": {...}, "tasks": {T: {"level", "p", "m",
                     "counts", "graded", "solved", "stale"}}}
  POST /v1/curriculum/feedback {"results": [{"id", "hash", "all_pass"}]} ->
                    {"n", "counted", "stale", "unknown", "tasks": {...}}
                    results graded elsewhere (the in-process Python
                    grader), all_pass 0/1 or false/true; a hash that is
                    not the record's fails the request (409).
Every result the server grades (/v1/score, /get_reward) or is told of
(/v1/curriculum/feedback) counts for its record's task: solved (all_pass)
moves p by eq. 1 of PlanningBench and M up to 6, and solved at M = 6 moves
the task up a level, as in "plancert loop" (--curriculum-eta, -alpha,
-beta, -gamma, -level, -max-level). A result moves the state only when its
record is of the task's current level (else it is counted as stale), and
the state depends on the order the results come in. Generation is bounded:
--generate-concurrency requests at once (one more is answered 429 with
Retry-After), each within --generate-timeout (else 504 with the number of
records that were ready; none is answered or kept: a draw not proven is
never served). Every generated reference is graded against its own
checklist before it is served. The state is in memory: a restart starts
every task again at --curriculum-level.

An answer that beats the certified optimum (an integrity alarm: the record's
certificate or the checker is wrong) is logged loudly on standard error and
flagged in the answer (integrity_alarm), never scored silently.

The hash is the record's content hash (every export row carries it): a
request made from another suite than the one served (another plancert
version or gen run, same ids) is refused rather than graded against other
problems.

Errors are JSON {"error": "..."}: 400 malformed request (for the
--generate endpoints also an unknown field), 409 a hash that is not the
record's, 413 body or batch over the limits (or n over --max-generate),
408 a body too slow (below), 503 no room for the body (below), 429 and 504
generation saturated or out of time (above), 405 wrong method, 404 unknown
path (or a --generate endpoint without --generate), 500 a recovered panic
(or a generation that failed). The reward mode of /get_reward is --reward;
/v1/score takes it per request.

Limits: a request's headers must come within --read-header-timeout, and
its body within --body-timeout, at --body-min-rate bytes/s at least once
--body-grace has passed (its first n bytes by grace + n/rate); else 408.
Bodies are read before a request waits for one of the --max-concurrent
grading slots, so slow clients never hold one. The bodies held at once
are at most --max-concurrent × --max-body bytes; a body that does not fit
waits for room (503 if not in its time). Grading a request takes at most
about 3 times its body besides (an answer larger than any plan of its
problem could be is a format error, not decoded), so the server needs
about 4 × --max-concurrent × --max-body of memory, besides its index and
its cache of records.

` + rewardHelp

const serveExample = `  # Serve a suite on port 8000 of this machine
  $ plancert serve --suite out/suite.jsonl --addr 127.0.0.1:8000

  # Grade a response by record id
  $ curl -s localhost:8000/v1/score -d '{"items": [{"id": "ID", "response": "..."}]}'

  # Clients on a slow link: 20 minutes for a body, at 8 KiB/s at least
  $ plancert serve --suite out/suite.jsonl --body-timeout 20m --body-min-rate 8192

  # Generate problems for a trainer: eight at level 1, then at the curriculum's level
  $ plancert serve --generate --addr 127.0.0.1:8000
  $ curl -s localhost:8000/v1/problems -d '{"task": "meeting-planning", "level": 1, "n": 8, "seed": 1}'
  $ curl -s localhost:8000/v1/problems -d '{"task": "meeting-planning", "n": 8, "seed": 2}'
  $ curl -s 'localhost:8000/v1/curriculum?task=meeting-planning'

  # OpenRLHF: rewards from the server, record ids with their hashes as labels
  $ python -m openrlhf.cli.train_ppo_ray ... --reward.remote_url http://127.0.0.1:8000/get_reward --data.label_key label`

func newServeCmd(ios *iostreams, runF func(context.Context, *serveOptions) error) *cobra.Command {
	opts := &serveOptions{IO: ios, Curriculum: loop.DefaultParams}
	cmd := &cobra.Command{
		Use:     "serve --suite FILE --addr HOST:PORT",
		Short:   "Serve exact rewards over HTTP (OpenRLHF /get_reward, batch /v1/score)",
		Long:    serveLong,
		Example: serveExample,
		Args:    noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := opts.validate(); err != nil {
				return err
			}
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return runServe(cmd.Context(), opts)
		},
	}
	f := cmd.Flags()
	f.StringVar(&opts.Suite, "suite", "", "the suite, JSONL records (`FILE`; - for standard input)")
	f.StringVar(&opts.Addr, "addr", "127.0.0.1:8000", "listen on `HOST:PORT` (port 0: any free port)")
	f.StringVar(&opts.Reward, "reward", "allpass", "reward `MODE` of /get_reward and the default of /v1/score: allpass, avgpass or feasible")
	f.Int64Var(&opts.MaxBody, "max-body", serve.DefaultMaxBodyBytes, "largest request body in `BYTES`")
	f.IntVar(&opts.MaxBatch, "max-batch", serve.DefaultMaxBatch, "most responses in one request (`N`)")
	f.IntVar(&opts.Workers, "workers", 0, "goroutines that score one request (`N`; 0: GOMAXPROCS)")
	f.IntVar(&opts.MaxConc, "max-concurrent", serve.DefaultMaxConcurrent, "POST requests graded at once (`N`); others wait once their body is read")
	f.IntVar(&opts.Cache, "cache-records", serve.DefaultCacheRecords, "suite records held decoded, with their loaded instances (`N`, about 11 KB each at level 1); the others are read again from --suite when a request names them")
	f.DurationVar(&opts.HeaderTimeout, "read-header-timeout", serve.DefaultReadHeaderTimeout, "time to read a request's headers (`DURATION`)")
	f.DurationVar(&opts.BodyTimeout, "body-timeout", serve.DefaultBodyTimeout, "time to read a request's body (`DURATION`)")
	f.DurationVar(&opts.BodyGrace, "body-grace", serve.DefaultBodyGrace, "time a body may come slower than --body-min-rate (`DURATION`)")
	f.Int64Var(&opts.BodyMinRate, "body-min-rate", serve.DefaultMinBodyRate, "slowest a body may come after --body-grace, in `BYTES` per second")
	f.BoolVar(&opts.Generate, "generate", false, "also generate fresh certified problems (POST /v1/problems) and run the curriculum (GET /v1/curriculum, POST /v1/curriculum/feedback); --suite is then optional")
	f.IntVar(&opts.MaxGenerate, "max-generate", serve.DefaultMaxGenerate, "most records one /v1/problems request may ask for (`N`)")
	f.DurationVar(&opts.GenerateTimeout, "generate-timeout", serve.DefaultGenerateTimeout, "time to generate one /v1/problems request (`DURATION`); else 504")
	f.IntVar(&opts.GenerateConc, "generate-concurrency", 1, "/v1/problems requests generated at once (`N`); one more gets 429")
	f.IntVar(&opts.GenerateCache, "generate-cache", serve.DefaultGenerateCache, "generated records kept to grade (`N`, at least --max-generate); the oldest are dropped first")
	addLoopParamFlags(f, &opts.Curriculum, "curriculum-")
	return cmd
}

func (o *serveOptions) validate() error {
	switch {
	case o.Suite == "" && !o.Generate:
		return usageErrorf("--suite is required (or --generate)")
	case o.Addr == "":
		return usageErrorf("--addr is required (HOST:PORT)")
	case o.MaxBody < 1:
		return usageErrorf("--max-body must be at least 1, got %d", o.MaxBody)
	case o.MaxBatch < 1:
		return usageErrorf("--max-batch must be at least 1, got %d", o.MaxBatch)
	case o.Workers < 0:
		return usageErrorf("--workers must be 0 (GOMAXPROCS) or more, got %d", o.Workers)
	case o.MaxConc < 1:
		return usageErrorf("--max-concurrent must be at least 1, got %d", o.MaxConc)
	case o.Cache < 1:
		return usageErrorf("--cache-records must be at least 1, got %d", o.Cache)
	case o.HeaderTimeout <= 0:
		return usageErrorf("--read-header-timeout must be positive, got %v", o.HeaderTimeout)
	case o.BodyTimeout <= 0:
		return usageErrorf("--body-timeout must be positive, got %v", o.BodyTimeout)
	case o.BodyGrace <= 0:
		return usageErrorf("--body-grace must be positive, got %v", o.BodyGrace)
	case o.BodyMinRate < 1:
		return usageErrorf("--body-min-rate must be at least 1 (bytes per second), got %d", o.BodyMinRate)
	case o.MaxGenerate < 1:
		return usageErrorf("--max-generate must be at least 1, got %d", o.MaxGenerate)
	case o.GenerateTimeout <= 0:
		return usageErrorf("--generate-timeout must be positive, got %v", o.GenerateTimeout)
	case o.GenerateConc < 1:
		return usageErrorf("--generate-concurrency must be at least 1, got %d", o.GenerateConc)
	case o.GenerateCache < o.MaxGenerate:
		return usageErrorf("--generate-cache must be at least --max-generate (%d), got %d: a request's records would be dropped before they are graded", o.MaxGenerate, o.GenerateCache)
	}
	if err := checkLoopParams(o.Curriculum, "curriculum-"); err != nil {
		return err
	}
	if _, _, err := net.SplitHostPort(o.Addr); err != nil {
		return usageErrorf("--addr %q is not HOST:PORT: %v", o.Addr, err)
	}
	mode, err := parseRewardFlag(o.Reward)
	if err != nil {
		return err
	}
	o.opts = serve.Options{Reward: mode, MaxBodyBytes: o.MaxBody, MaxBatch: o.MaxBatch, Workers: o.Workers, MaxConcurrent: o.MaxConc, CacheRecords: o.Cache,
		ReadHeaderTimeout: o.HeaderTimeout, BodyTimeout: o.BodyTimeout, BodyGrace: o.BodyGrace, MinBodyRate: o.BodyMinRate}
	if o.Generate {
		o.opts.Generator = genGenerator{workers: min(o.workers(), maxGenWorkers)}
		o.opts.MaxGenerate, o.opts.GenerateTimeout, o.opts.GenerateConcurrency, o.opts.GenerateCache = o.MaxGenerate, o.GenerateTimeout, o.GenerateConc, o.GenerateCache
		o.opts.Curriculum = o.Curriculum
	}
	return nil
}

func (o *serveOptions) workers() int {
	if o.Workers == 0 {
		return runtime.GOMAXPROCS(0)
	}
	return o.Workers
}

// genGenerator makes the records of plancert serve --generate as plancert
// gen makes them (gen.Run, the SAT backend, determinacy unique, a draw
// not proven in a minute redrawn, as gen's default --timeout), so that a
// request with a level is byte for byte the run of the same --task or
// --family, --level, --n and --seed.
type genGenerator struct{ workers int }

func (g genGenerator) Generate(ctx context.Context, req serve.Generation) ([]*domains.Record, error) {
	var buf bytes.Buffer
	opts := gen.Options{Tasks: req.Tasks, N: req.N, Seed: req.Seed, Level: req.Level, Tiers: req.Tiers, Workers: g.workers, Timeout: defaultDrawTimeout}
	sum, err := gen.Run(ctx, opts, &buf, nil, nil)
	var recs []*domains.Record
	if buf.Len() > 0 {
		var rerr error
		if recs, rerr = verify.ReadSuite(&buf); rerr != nil {
			return nil, errors.Join(err, rerr)
		}
	}
	switch {
	case err != nil:
		return recs, err
	case sum.Errors > 0:
		return recs, fmt.Errorf("%d of %d instances failed: %s", sum.Errors, req.N, strings.Join(sum.ErrorMessages, "; "))
	}
	return recs, nil
}

func runServe(ctx context.Context, opts *serveOptions) error {
	sopts := opts.opts
	sopts.ErrorLog = log.New(opts.IO.ErrOut, "", log.LstdFlags)
	start := time.Now()
	srv, records, err := openServe(ctx, opts, sopts)
	if err != nil {
		var re *serve.ReferenceError
		switch {
		case errors.As(err, &re):
			return &solver.IntegrityError{Backend: "serve", What: strings.TrimPrefix(err.Error(), "serve: ")}
		case ctx.Err() != nil:
			return errInterrupted
		}
		return err
	}
	defer srv.Close()
	if records > 0 {
		fmt.Fprintf(opts.IO.ErrOut, "serve: every reference plan passes its checklist; %d record(s) read in %v, up to %d held decoded (--cache-records)\n",
			records, time.Since(start).Round(time.Millisecond), opts.Cache)
	}
	ln, err := net.Listen("tcp", opts.Addr)
	if err != nil {
		return fmt.Errorf("--addr: %w", err)
	}
	suite := opts.Suite
	if suite == "" {
		suite = "no suite"
	}
	generating := ""
	if opts.Generate {
		generating = fmt.Sprintf(", generating up to %d record(s) per request (curriculum from level %d)", opts.MaxGenerate, opts.Curriculum.Level0)
	}
	fmt.Fprintf(opts.IO.ErrOut, "serve: %s: %d record(s), reward %s, %d workers per request%s; listening on http://%s\n",
		suite, records, sopts.Reward, opts.workers(), generating, ln.Addr())
	if opts.ready != nil {
		opts.ready(ln.Addr())
	}
	if err := srv.Serve(ctx, ln); err != nil {
		return err
	}
	fmt.Fprintln(opts.IO.ErrOut, "serve: stopped")
	return nil
}

// openServe makes the server of opts: of the suite file (serve.Open: read
// once, checked, every reference graded, then served from the file; the
// suite from standard input is copied to a temporary file first, removed
// once open) or, without a suite, of no records. It returns the number of
// suite records. A bad suite is an *inputError naming the file (and the
// line and field, as the graders' commands do).
func openServe(ctx context.Context, opts *serveOptions, sopts serve.Options) (*serve.Server, int, error) {
	if opts.Suite == "" {
		srv, err := serve.New(nil, sopts)
		if err != nil {
			return nil, 0, &inputError{"serve", err}
		}
		return srv, 0, nil
	}
	path := opts.Suite
	if path == "-" {
		tmp, err := spoolInput(opts.IO.In)
		if err != nil {
			return nil, 0, &inputError{"-", err}
		}
		defer os.Remove(tmp) // the server keeps the file open: its content stays readable
		path = tmp
	}
	srv, err := serve.Open(ctx, path, sopts)
	if err != nil {
		var (
			le *verify.LineError
			pe *fs.PathError
			re *serve.ReferenceError
		)
		switch {
		case errors.As(err, &re), ctx.Err() != nil:
			return nil, 0, err
		case errors.As(err, &le):
			return nil, 0, &inputError{opts.Suite, le}
		case errors.Is(err, verify.ErrEmptySuite):
			return nil, 0, &inputError{opts.Suite, verify.ErrEmptySuite}
		case errors.As(err, &pe) && pe.Path == path:
			return nil, 0, &inputError{opts.Suite, pe.Err}
		}
		return nil, 0, &inputError{opts.Suite, err}
	}
	return srv, srv.Records(), nil
}

// spoolInput copies in to a new temporary file and returns its name.
func spoolInput(in io.Reader) (string, error) {
	f, err := os.CreateTemp("", "plancert-serve-*.jsonl")
	if err != nil {
		return "", err
	}
	if _, err := io.Copy(f, in); err != nil {
		f.Close()
		os.Remove(f.Name())
		return "", fmt.Errorf("copying standard input to %s: %w", f.Name(), err)
	}
	if err := f.Close(); err != nil {
		os.Remove(f.Name())
		return "", err
	}
	return f.Name(), nil
}
