package main

import (
	"context"
	"errors"
	"fmt"
	"log"
	"net"
	"runtime"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/plancert/plancert/solver"
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

	HeaderTimeout time.Duration
	BodyTimeout   time.Duration
	BodyGrace     time.Duration
	BodyMinRate   int64

	opts serve.Options
	// ready, when set, is called with the listening address (tests).
	ready func(addr net.Addr)
}

const serveLong = `Serve rewards over HTTP for RL trainers: the suite is held in memory and
every response is graded exactly as "plancert verify" grades it (the answer
is extracted from the text and every checklist item is checked by code).
The server is stateless; Ctrl-C or SIGTERM stops it gracefully (requests in
flight are finished).

Before listening, every record's reference plan is graded once: this loads
every instance (so the first batches are as fast as the others) and checks
that each certified reference passes its own checklist. One that does not
is an integrity failure (exit code 4) and the server does not start.

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

An answer that beats the certified optimum (an integrity alarm: the record's
certificate or the checker is wrong) is logged loudly on standard error and
flagged in the answer (integrity_alarm), never scored silently.

The hash is the record's content hash (every export row carries it): a
request made from another suite than the one served (another plancert
version or gen run, same ids) is refused rather than graded against other
problems.

Errors are JSON {"error": "..."}: 400 malformed request, 409 a hash that
is not the record's, 413 body or batch
over the limits, 408 a body too slow (below), 503 no room for the body
(below), 405 wrong method, 404 unknown path, 500 a recovered panic. The
reward mode of /get_reward is --reward; /v1/score takes it per request.

Limits: a request's headers must come within --read-header-timeout, and
its body within --body-timeout, at --body-min-rate bytes/s at least once
--body-grace has passed (its first n bytes by grace + n/rate); else 408.
Bodies are read before a request waits for one of the --max-concurrent
grading slots, so slow clients never hold one. The bodies held at once
are at most --max-concurrent × --max-body bytes; a body that does not fit
waits for room (503 if not in its time). Grading a request takes at most
about 3 times its body besides (an answer larger than any plan of its
problem could be is a format error, not decoded), so the server needs
about 4 × --max-concurrent × --max-body of memory.

` + rewardHelp

const serveExample = `  # Serve a suite on port 8000 of this machine
  $ plancert serve --suite out/suite.jsonl --addr 127.0.0.1:8000

  # Grade a response by record id
  $ curl -s localhost:8000/v1/score -d '{"items": [{"id": "ID", "response": "..."}]}'

  # Clients on a slow link: 20 minutes for a body, at 8 KiB/s at least
  $ plancert serve --suite out/suite.jsonl --body-timeout 20m --body-min-rate 8192

  # OpenRLHF: rewards from the server, record ids with their hashes as labels
  $ python -m openrlhf.cli.train_ppo_ray ... --reward.remote_url http://127.0.0.1:8000/get_reward --data.label_key label`

func newServeCmd(ios *iostreams, runF func(context.Context, *serveOptions) error) *cobra.Command {
	opts := &serveOptions{IO: ios}
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
	f.DurationVar(&opts.HeaderTimeout, "read-header-timeout", serve.DefaultReadHeaderTimeout, "time to read a request's headers (`DURATION`)")
	f.DurationVar(&opts.BodyTimeout, "body-timeout", serve.DefaultBodyTimeout, "time to read a request's body (`DURATION`)")
	f.DurationVar(&opts.BodyGrace, "body-grace", serve.DefaultBodyGrace, "time a body may come slower than --body-min-rate (`DURATION`)")
	f.Int64Var(&opts.BodyMinRate, "body-min-rate", serve.DefaultMinBodyRate, "slowest a body may come after --body-grace, in `BYTES` per second")
	return cmd
}

func (o *serveOptions) validate() error {
	switch {
	case o.Suite == "":
		return usageErrorf("--suite is required")
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
	case o.HeaderTimeout <= 0:
		return usageErrorf("--read-header-timeout must be positive, got %v", o.HeaderTimeout)
	case o.BodyTimeout <= 0:
		return usageErrorf("--body-timeout must be positive, got %v", o.BodyTimeout)
	case o.BodyGrace <= 0:
		return usageErrorf("--body-grace must be positive, got %v", o.BodyGrace)
	case o.BodyMinRate < 1:
		return usageErrorf("--body-min-rate must be at least 1 (bytes per second), got %d", o.BodyMinRate)
	}
	if _, _, err := net.SplitHostPort(o.Addr); err != nil {
		return usageErrorf("--addr %q is not HOST:PORT: %v", o.Addr, err)
	}
	mode, err := parseRewardFlag(o.Reward)
	if err != nil {
		return err
	}
	o.opts = serve.Options{Reward: mode, MaxBodyBytes: o.MaxBody, MaxBatch: o.MaxBatch, Workers: o.Workers, MaxConcurrent: o.MaxConc,
		ReadHeaderTimeout: o.HeaderTimeout, BodyTimeout: o.BodyTimeout, BodyGrace: o.BodyGrace, MinBodyRate: o.BodyMinRate}
	return nil
}

func runServe(ctx context.Context, opts *serveOptions) error {
	records, err := readSuiteFile(opts.IO.In, opts.Suite)
	if err != nil {
		return err
	}
	sopts := opts.opts
	sopts.ErrorLog = log.New(opts.IO.ErrOut, "", log.LstdFlags)
	srv, err := serve.New(records, sopts)
	if err != nil {
		return &inputError{opts.Suite, err}
	}
	start := time.Now()
	if err := srv.Warm(ctx); err != nil {
		var re *serve.ReferenceError
		switch {
		case errors.As(err, &re):
			return &solver.IntegrityError{Backend: "serve", What: strings.TrimPrefix(err.Error(), "serve: ")}
		case ctx.Err() != nil:
			return errInterrupted
		}
		return err
	}
	fmt.Fprintf(opts.IO.ErrOut, "serve: every reference plan passes its checklist; %d instance(s) loaded in %v\n", len(records), time.Since(start).Round(time.Millisecond))
	ln, err := net.Listen("tcp", opts.Addr)
	if err != nil {
		return fmt.Errorf("--addr: %w", err)
	}
	workers := opts.Workers
	if workers == 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	fmt.Fprintf(opts.IO.ErrOut, "serve: %s: %d record(s), reward %s, %d workers per request; listening on http://%s\n",
		opts.Suite, len(records), sopts.Reward, workers, ln.Addr())
	if opts.ready != nil {
		opts.ready(ln.Addr())
	}
	if err := srv.Serve(ctx, ln); err != nil {
		return err
	}
	fmt.Fprintln(opts.IO.ErrOut, "serve: stopped")
	return nil
}
