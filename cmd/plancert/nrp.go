package main

import (
	"context"
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
	// Method is "sat" (the default) or "lagrange"; Certificate, with
	// lagrange, names the file the bound's certificate is written to
	// (one file: with several instances, the last one's).
	Method      string
	Certificate string
	// CheckCertificate, when set, re-checks that certificate instead of
	// solving.
	CheckCertificate string
	// NoShortfallCut leaves the shortfall cut out of --method lagrange.
	NoShortfallCut bool
}

const nrpLong = `Solve employee shift scheduling instances of the Curtois & Qu benchmark
(schedulingbenchmarks.org, the Instance*.txt format; the small ones are in
testdata/external/rostering) to proven optimality with the SAT backend.

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

--method lagrange bounds and solves by column generation instead: per
employee, an exact dynamic program over the days finds the cheapest
schedule keeping all of the employee's hard rules under weights from the
master LP's duals; the duals, scaled by K = 1000 and rounded, are the
multipliers of a Lagrangian lower bound computed in exact integers and
recomputed from scratch (every employee's minimum) before it is reported.

First, the same method on the shortfall instance (no requests, weight 1
per missing employee, 0 per extra one) proves that every roster leaves at
least m required staff-shifts uncovered. When its LP bound is fractional,
rounding it up gives a cut, shortfall ≥ m, that joins the master LP and
the bound (its own certificate inside the certificate). On Instance9 the
shortfall LP is 3.66, so m = 4, and the root bound rises from 406 to the
optimum 439. --no-shortfall-cut leaves the cut out.

A roster comes from a dive (fix the schedule of largest LP value, generate
again). While the bound is below it, branch-and-price runs for the time
left: binary branching on one employee, day and shift, each node closed by
its own exact Lagrangian bound. The status is optimal only when the
roster's penalty equals the proven bound (the root's, or the complete
tree's); otherwise it is feasible, with both reported.

--certificate FILE writes the certificate (JSON: instance, k, mu[day][shift],
minima per employee, cover, l, bound = ceil(l/k); with the cut, short (the
shortfall certificate) and nu (the cut's multiplier); when branch-and-price
completed, tree and tree_bound, with every leaf's mu, nu and bound). The
JSON line then has "certificate", and also "method", "lp" (the root master
LP value, floating point, not a proof), "lp_converged", "rounds",
"columns", "nodes" and "shortfall" (m, when the cut was used), and
no "stats" (those are the SAT method's). Progress
(column generation rounds, the dive, branch-and-price nodes and rosters
found) goes to standard error, at most one line a second.

--check-certificate CERT FILE re-checks a written certificate against its
one instance from scratch (the shortfall certificate, every employee's
minimum, the cover term, every leaf of the tree) without solving, and
prints the lower bound it proves (JSON: file, certificate, checked, k,
root_bound, tree_bound, shortfall, bound). A certificate that does not
check exits 4; one that cannot be read or names another instance exits 2.

Proven by --method lagrange on this machine (2 cores): Instance1 607 and
Instance2 828, each under a tenth of a second, and Instance3 1001, all at
the root; Instance9 439 at the root with the shortfall cut (about 20 s,
most of it the dive); Instance6 1950 after 103 branch-and-price nodes
(root bound 1949, about 25 s).

Exit codes:
  0  every FILE got a proven result (the optimum; with the SAT method, also
     infeasibility); with --check-certificate, the certificate checks
  1  any other error (I/O error, e.g. writing --certificate; files not
     started before an interrupt; --check-certificate cut short by --timeout
     or an interrupt)
  2  usage error or bad input (unknown flag or flag combination, a FILE that
     is missing or not in the benchmark's format, a --check-certificate CERT
     that cannot be read or is for another instance)
  3  an optimum was not proven within --timeout or before an interrupt (the
     best roster found and the proven lower bound are printed, if any)
  4  integrity failure: the roster breaks a hard rule or its penalty is not
     the solver's when re-scored by the evaluator, or the --check-certificate
     certificate does not check
With several files every file is processed and the most severe code wins,
in the order 4, 2, 1, 3, 0.`

const nrpExample = `  # A one-week instance in the benchmark's format, with its optimal roster
  $ plancert nrp --roster testdata/nrp/week.txt

  # The same as a JSON line
  $ plancert nrp --json testdata/nrp/week.txt

  # Branch-and-price with a certificate, then re-check the certificate alone
  $ plancert nrp --method lagrange --certificate /tmp/week.cert.json testdata/nrp/week.txt
  $ plancert nrp --check-certificate /tmp/week.cert.json testdata/nrp/week.txt

  # The benchmark instances in testdata/external: all five are proven by
  # --method lagrange (Instance9 with the shortfall cut, about 20 s;
  # Instance6 by branch-and-price, about 25 s); the SAT method proves
  # Instance1 in about a second and Instance2 and 3 in minutes:
  #   plancert nrp --method lagrange --certificate /tmp/i9.cert.json testdata/external/rostering/Instance9.txt
  #   plancert nrp --check-certificate /tmp/i9.cert.json testdata/external/rostering/Instance9.txt
  #   plancert nrp --json --timeout 10m testdata/external/rostering/Instance*.txt`

func newNRPCmd(ios *iostreams, runF func(context.Context, *nrpOptions) error) *cobra.Command {
	opts := &nrpOptions{IO: ios}
	cmd := &cobra.Command{
		Use:     "nrp FILE...",
		Short:   "Prove optimal rosters of the Curtois & Qu shift scheduling benchmark",
		Long:    nrpLong,
		Example: nrpExample,
		Args:    needArgs("at least one instance FILE"),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Files = args
			if opts.Timeout < 0 {
				return usageErrorf("--timeout must not be negative, got %v", opts.Timeout)
			}
			if opts.Method != "sat" && opts.Method != "lagrange" {
				return usageErrorf("--method must be sat or lagrange, got %q", opts.Method)
			}
			if opts.Certificate != "" && opts.Method != "lagrange" {
				return usageErrorf("--certificate needs --method lagrange")
			}
			if opts.NoShortfallCut && opts.Method != "lagrange" {
				return usageErrorf("--no-shortfall-cut needs --method lagrange")
			}
			if opts.CheckCertificate != "" && (len(args) != 1 || opts.Certificate != "") {
				return usageErrorf("--check-certificate takes one instance FILE and no --certificate")
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
	f.StringVar(&opts.Method, "method", "sat", "sat (core-guided SAT on the whole model) or lagrange (column generation bound and roster)")
	f.StringVar(&opts.Certificate, "certificate", "", "with --method lagrange: write the bound's certificate to `FILE` (JSON)")
	f.BoolVar(&opts.NoShortfallCut, "no-shortfall-cut", false, "with --method lagrange: leave out the cut on the total shortfall (for comparison)")
	f.StringVar(&opts.CheckCertificate, "check-certificate", "", "re-check the certificate `CERT` against the one instance FILE (no solving) and print the bound it proves")
	return cmd
}

// nrpLine is the JSON form of one file's result.
type nrpLine struct {
	File    string        `json:"file"`
	Status  string        `json:"status"`
	Penalty *int64        `json:"penalty,omitempty"`
	Bound   *int64        `json:"bound,omitempty"`
	On      int           `json:"on"`
	Off     int           `json:"off"`
	Under   int           `json:"under"`
	Over    int           `json:"over"`
	Roster  []string      `json:"roster,omitempty"`
	WallMS  float64       `json:"wall_ms"`
	Stats   *solver.Stats `json:"stats,omitempty"` // the SAT method's work
	// With --method lagrange.
	Method      string   `json:"method,omitempty"`
	LP          *float64 `json:"lp,omitempty"`
	LPConverged *bool    `json:"lp_converged,omitempty"`
	Rounds      int      `json:"rounds,omitempty"`
	Columns     int      `json:"columns,omitempty"`
	Nodes       *int     `json:"nodes,omitempty"`
	// Shortfall is the proven least number of required staff-shifts
	// every roster leaves uncovered, when that cut joined the bound.
	Shortfall   *int64 `json:"shortfall,omitempty"`
	Certificate string `json:"certificate,omitempty"`
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
	if o.CheckCertificate != "" {
		return checkNRPCertificate(ctx, o, file, in)
	}
	if o.Method == "lagrange" {
		return nrpLagrange(ctx, o, file, in)
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
		Under: res.Score.Under, Over: res.Score.Over, WallMS: float64(res.Wall.Microseconds()) / 1000, Stats: &res.Stats}
	if res.Roster != nil {
		line.Penalty = &res.Penalty
		line.Roster = rosterLines(in, res.Roster)
	}
	if res.HasBound {
		line.Bound = &res.Bound
	}
	if o.JSON {
		if err := writeJSONLine(o.IO.Out, line); err != nil {
			return &fileError{file, err}
		}
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
	return &notProvenError{file: file, what: "the optimum", interrupted: ctx.Err() == context.Canceled,
		hint: "try --method lagrange (column generation with a checkable certificate; on this benchmark's instances in testdata/external/rostering it proves each in under a minute)"}
}

// rosterLines is r as the JSON line's "roster": per employee, the day's
// shift IDs separated by spaces ('.' for a day off), as Format prints
// them without the employee's ID.
func rosterLines(in *nrp.Instance, r nrp.Roster) []string {
	var out []string
	for _, row := range strings.Split(strings.TrimSuffix(in.Format(r), "\n"), "\n") {
		out = append(out, strings.Join(strings.Fields(row)[1:], " "))
	}
	return out
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

// nrpLagrange is nrpFile for --method lagrange.
func nrpLagrange(ctx context.Context, o *nrpOptions, file string, in *nrp.Instance) error {
	// Progress to standard error, at most one line a second: column
	// generation rounds, the dive, branch-and-price nodes.
	var last time.Time
	logf := func(format string, args ...any) {
		if now := time.Now(); now.Sub(last) >= time.Second {
			last = now
			fmt.Fprintf(o.IO.ErrOut, "nrp: %s: %s\n", file, fmt.Sprintf(format, args...))
		}
	}
	res, err := nrp.SolveLagrange(ctx, in, nrp.LagrangeOptions{Log: logf, NoShortfallCut: o.NoShortfallCut})
	var mismatch *nrp.MismatchError
	if errors.As(err, &mismatch) {
		return &fileError{file, &solver.IntegrityError{Backend: "sat", What: "roster re-scored by the evaluator", Err: err}}
	}
	if err != nil {
		return &fileError{file, err}
	}
	if o.Certificate != "" && res.Cert != nil {
		if err := writeFileAtomic(o.Certificate, nil, res.Cert.Write); err != nil {
			return &fileError{file, err}
		}
	}
	line := nrpLine{File: file, Status: res.Status.String(), On: res.Score.On, Off: res.Score.Off,
		Under: res.Score.Under, Over: res.Score.Over, WallMS: float64(res.Wall.Microseconds()) / 1000,
		Method: "lagrange", LP: &res.LP, LPConverged: &res.LPConverged, Rounds: res.Iterations, Columns: res.Columns, Nodes: &res.Nodes}
	if res.HasRoster {
		line.Penalty = &res.Penalty
		line.Roster = rosterLines(in, res.Roster)
	}
	if res.Cert != nil {
		line.Bound = &res.Bound
		if o.Certificate != "" {
			line.Certificate = o.Certificate
		}
		if res.Cert.Short != nil {
			m := res.Cert.Short.Proven()
			line.Shortfall = &m
		}
	}
	if o.JSON {
		if err := writeJSONLine(o.IO.Out, line); err != nil {
			return &fileError{file, err}
		}
	} else {
		var b strings.Builder
		fmt.Fprintf(&b, "%s: %s", file, res.Status)
		if res.HasRoster {
			fmt.Fprintf(&b, ", penalty %d (on %d, off %d, under %d, over %d)", res.Penalty, res.Score.On, res.Score.Off, res.Score.Under, res.Score.Over)
		}
		if res.Cert != nil && res.Status != solver.Optimal {
			fmt.Fprintf(&b, ", lower bound %d", res.Bound)
		}
		fmt.Fprintf(&b, "; %.2fs, root LP %.4f after %d rounds, %d columns, %d branch-and-price nodes", res.Wall.Seconds(), res.LP, res.Iterations, res.Columns, res.Nodes)
		if res.Cert != nil && res.Cert.Short != nil {
			fmt.Fprintf(&b, ", shortfall cut ≥ %d", res.Cert.Short.Proven())
		}
		fmt.Fprintln(o.IO.Out, b.String())
		if o.Roster && res.HasRoster {
			fmt.Fprint(o.IO.Out, in.Format(res.Roster))
		}
	}
	if res.Status == solver.Optimal {
		return nil
	}
	return &notProvenError{file: file, what: "the optimum", interrupted: ctx.Err() == context.Canceled}
}
