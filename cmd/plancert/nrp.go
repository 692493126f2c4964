package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/plancert/plancert/internal/nrp"
	"github.com/plancert/plancert/solver"
)

type nrpOptions struct {
	IO *iostreams

	Files   []string
	JSON    bool
	Timeout time.Duration
	Roster  bool
}

const nrpLong = `Solve employee shift scheduling instances of the Curtois & Qu benchmark
(schedulingbenchmarks.org, the Instance*.txt format; the small ones are in
../shared/data/rostering) to proven optimality with the SAT backend.

Each FILE is read, modelled as a 0/1 model (employee × day × shift type; every
hard rule exact; the objective is the total soft penalty: shift on/off
requests and cover under/over) and minimized by unsatisfiable cores. The
roster found is re-scored by an evaluator written from the rule text,
independent of the model: it must break no hard rule and have the solver's
penalty, or the run fails with exit code 4.

For each file one line: the status (optimal, or feasible when the time ran
out: then the penalty is the best roster's and "bound" the best proven lower
bound), the penalty split into on requests, off requests, cover under and
over, and the solver's work. --roster also prints the roster, one line per
employee, '.' for a day off.

With --json, each file gives one JSON object on one line:
  {"file", "status", "penalty", "bound", "on", "off", "under", "over",
   "roster", "wall_ms", "stats"}
("roster": one string per employee, shift IDs separated by spaces).

` + exitCodesHelp

const nrpExample = `  # A one-week instance in the benchmark's format, with its optimal roster
  $ plancert nrp --roster testdata/nrp/week.txt

  # The same as a JSON line
  $ plancert nrp --json testdata/nrp/week.txt

  # The benchmark instances beside the repository, 10 minutes each
  # (Instance1 takes about a second; the README has the others):
  #   plancert nrp --json --timeout 10m ../shared/data/rostering/Instance*.txt`

func newNRPCmd(ios *iostreams, runF func(context.Context, *nrpOptions) error) *cobra.Command {
	opts := &nrpOptions{IO: ios}
	cmd := &cobra.Command{
		Use:     "nrp FILE...",
		Short:   "Prove optimal rosters of the Curtois & Qu shift scheduling benchmark",
		Long:    nrpLong,
		Example: nrpExample,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usageErrorf("%s needs at least one instance FILE", cmd.CommandPath())
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Files = args
			if opts.Timeout < 0 {
				return usageErrorf("--timeout must not be negative, got %v", opts.Timeout)
			}
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return runNRP(cmd.Context(), opts)
		},
	}
	f := cmd.Flags()
	f.BoolVar(&opts.JSON, "json", false, "print one JSON object per file (JSON lines)")
	f.DurationVar(&opts.Timeout, "timeout", 5*time.Minute, "time limit per file, e.g. 30s or 10m; 0 means none")
	f.BoolVar(&opts.Roster, "roster", false, "also print each roster (text output)")
	return cmd
}

// nrpLine is the JSON form of one file's result.
type nrpLine struct {
	File    string       `json:"file"`
	Status  string       `json:"status"`
	Penalty *int64       `json:"penalty,omitempty"`
	Bound   *int64       `json:"bound,omitempty"`
	On      int          `json:"on"`
	Off     int          `json:"off"`
	Under   int          `json:"under"`
	Over    int          `json:"over"`
	Roster  []string     `json:"roster,omitempty"`
	WallMS  float64      `json:"wall_ms"`
	Stats   solver.Stats `json:"stats"`
}

func runNRP(ctx context.Context, o *nrpOptions) error {
	var errs []error
	for _, file := range o.Files {
		if ctx.Err() != nil {
			errs = append(errs, errInterrupted)
			break
		}
		if err := nrpFile(ctx, o, file); err != nil {
			fmt.Fprintf(o.IO.ErrOut, "plancert: %v\n", err)
			errs = append(errs, err)
		}
	}
	if err := errors.Join(errs...); err != nil {
		return &reportedError{err}
	}
	return nil
}

func nrpFile(ctx context.Context, o *nrpOptions, file string) error {
	in, err := nrp.ReadFile(file)
	if err != nil {
		return &inputError{file, err}
	}
	if o.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, o.Timeout)
		defer cancel()
	}
	res, err := nrp.Solve(ctx, in)
	var mismatch *nrp.MismatchError
	if errors.As(err, &mismatch) {
		return &fileError{file, &solver.IntegrityError{Backend: "sat", What: "roster re-scored by the evaluator", Err: err}}
	}
	if err != nil {
		return &fileError{file, err}
	}
	line := nrpLine{File: file, Status: res.Status.String(), On: res.Score.On, Off: res.Score.Off,
		Under: res.Score.Under, Over: res.Score.Over, WallMS: float64(res.Wall.Microseconds()) / 1000, Stats: res.Stats}
	if res.Roster != nil {
		line.Penalty = &res.Penalty
		for _, row := range strings.Split(strings.TrimSuffix(in.Format(res.Roster), "\n"), "\n") {
			line.Roster = append(line.Roster, strings.Join(strings.Fields(row)[1:], " "))
		}
	}
	if res.HasBound {
		line.Bound = &res.Bound
	}
	if o.JSON {
		b, err := json.Marshal(line)
		if err != nil {
			return &fileError{file, err}
		}
		fmt.Fprintf(o.IO.Out, "%s\n", b)
	} else {
		fmt.Fprintln(o.IO.Out, nrpText(file, res))
		if o.Roster && res.Roster != nil {
			fmt.Fprint(o.IO.Out, in.Format(res.Roster))
		}
	}
	switch res.Status {
	case solver.Optimal, solver.Infeasible:
		return nil
	}
	return &notProvenError{file: file, what: "the optimum", interrupted: ctx.Err() == context.Canceled}
}

// nrpText is the one-line text report of a result.
func nrpText(file string, r *nrp.Result) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s", file, r.Status)
	if r.Roster != nil {
		fmt.Fprintf(&b, ", penalty %d (on %d, off %d, under %d, over %d)", r.Penalty, r.Score.On, r.Score.Off, r.Score.Under, r.Score.Over)
	}
	if r.HasBound && r.Status != solver.Optimal {
		fmt.Fprintf(&b, ", lower bound %d", r.Bound)
	}
	fmt.Fprintf(&b, "; %.2fs, %d conflicts, %d solve calls", r.Wall.Seconds(), r.Stats.Conflicts, r.Stats.SolveCalls)
	return b.String()
}
