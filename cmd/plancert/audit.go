package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"slices"
	"time"

	"github.com/spf13/cobra"

	"github.com/plancert/plancert/encode"
	"github.com/plancert/plancert/solver"
	"github.com/plancert/plancert/solver/brute"
	"github.com/plancert/plancert/solver/sat"
)

type auditOptions struct {
	IO *iostreams

	Files     []string
	JSON      bool
	Timeout   time.Duration
	Brute     bool
	DIMACS    string
	Enumerate int
	Proof     string
	Task      string
	// CrossCheck names a second backend that must confirm every result.
	CrossCheck string
	// MaxMemory is the memory budget of a model's CNF (0: none).
	MaxMemory byteSize

	// Backend, when not nil, replaces the backend --brute chooses (tests).
	Backend solver.Backend

	second solver.Backend // set by validate from CrossCheck
}

const auditLong = `Certify each model FILE (the generic JSON model format; "-" reads standard
input) and print what was proven:

  status     optimal, feasible, infeasible or unknown
  objective  the value of every objective level
  solution   an optimal solution over the answer variables
  unique     whether another optimal solution differs on the answer variables,
             with a witness when one does
  core       for an infeasible model, a minimal set of constraint groups that
             cannot hold together, each with a witness that the rest of the
             core holds without it
  stats      the solver's work

Every answer is checked against the model's own semantics before it is
reported. The default backend is the SAT solver; --brute enumerates every
assignment instead (tiny models only: at most %d assignments).

With --json, each file gives one JSON object on one line:
  {"file", "status", "objective", "solution", "unique", "witness", "core",
   "core_witnesses", "stats"}, and "solutions", "complete" with --enumerate.
A file that cannot be read or certified gives no line, only a message on
standard error.

With --proof DIR, each model proven optimal or infeasible also gets
DIR/NAME.cnf, the formula whose unsatisfiability is the claim (the model
with every constraint on, plus "the objective is better than the optimum"),
and DIR/NAME.drup, a DRUP proof of it from plancert's proof-logging solver,
checked before anything is reported; "plancert check-proof" checks the pair
again, and other solvers can refute the same CNF.

With --task T, each FILE is an instance of task T in its JSON schema (the
"instance" object of a record) or a whole record (one line of a suite): the
instance's model is certified as above, the optimal plan is decoded into the
task's answer form and must pass every item of the instance's checklist,
and a record's certificate must be what is proven (exit 4 otherwise).

The time limit applies to each file, to encoding the model into CNF as
well as to solving it. Ctrl-C stops the run; the file in progress reports
what was established so far.

--max-memory bounds the memory of a model's CNF for the SAT solver. Before
a model is encoded, the size of its CNF is bounded from the model (the
domains, terms and literals of each constraint: an upper bound, within 30%%
of the real size on the generated tasks' models) and priced at 128 bytes
per variable, 64 per clause and 12 per literal (what the solver takes to
hold it, rounded up); a model whose CNF would pass the budget is refused
with the estimate (exit 1), before anything is written. The budget is also
enforced while the model is encoded and while its objective counters are
built. The clauses the solver learns while it searches come on top. 0
means no budget.

` + exitCodesHelp

const auditExample = `  # Audit an instance of a task: the record's certificate is re-proven and its plan checked
  $ plancert gen --task meeting-planning --n 1 --seed 7 --out /tmp/one.jsonl
  $ plancert audit --task meeting-planning /tmp/one.jsonl

  # Audit every example model (text; a summary on standard error)
  $ plancert audit testdata/models/*.json

  # JSON lines, for scripts
  $ plancert audit --json testdata/models/*.json

  # Cross-check with the exhaustive backend and list the optimal solutions
  $ plancert audit --brute --enumerate 5 testdata/models/lexicographic.json

  # Also write the model's CNF
  $ plancert audit --dimacs /tmp/jobshop.cnf testdata/models/jobshop-3x3.json

  # Write and check a proof of each optimum or infeasibility (see check-proof)
  $ plancert audit --proof /tmp/proofs testdata/models/jobshop-3x3.json testdata/models/pigeonhole-4-3.json

  # Confirm every result with CBC (in a build made with "make build-cbc"):
  #   plancert audit --crosscheck cbc testdata/models/*.json`

func newAuditCmd(ios *iostreams, runF func(context.Context, *auditOptions) error) *cobra.Command {
	opts := &auditOptions{IO: ios}
	cmd := &cobra.Command{
		Use:     "audit FILE...",
		Short:   "Prove the optimum, uniqueness or infeasibility of models",
		Long:    fmt.Sprintf(auditLong, brute.DefaultLimit),
		Example: auditExample,
		Args:    needArgs("at least one model FILE"),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Files = args
			if err := opts.validate(); err != nil {
				return err
			}
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return runAudit(cmd.Context(), opts)
		},
	}
	f := cmd.Flags()
	f.BoolVar(&opts.JSON, "json", false, "print one JSON object per file (JSON lines)")
	f.DurationVar(&opts.Timeout, "timeout", time.Minute, "time limit per file, e.g. 30s or 5m; 0 means none")
	f.BoolVar(&opts.Brute, "brute", false, "use the exhaustive backend instead of the SAT solver (tiny models)")
	f.StringVar(&opts.DIMACS, "dimacs", "", "write the model's CNF in DIMACS format to `OUT.cnf` (one FILE, not with --brute)")
	f.IntVar(&opts.Enumerate, "enumerate", 0, "also list up to `N` distinct optimal solutions")
	f.StringVar(&opts.Task, "task", "", "read each FILE as an instance (or a record) of task `T`, and decode and check its optimal plan")
	f.StringVar(&opts.Proof, "proof", "", "write `DIR`/NAME.cnf and DIR/NAME.drup, a checked DRUP proof of each optimum or infeasibility")
	f.StringVar(&opts.CrossCheck, "crosscheck", "", crossCheckHelp)
	opts.MaxMemory = defaultMaxMemory
	f.Var(&opts.MaxMemory, "max-memory", "refuse a model whose CNF would take more than `SIZE` (e.g. 4GiB; 0: no budget)")
	return cmd
}

func (o *auditOptions) validate() error {
	switch {
	case o.Timeout < 0:
		return usageErrorf("--timeout must not be negative, got %v", o.Timeout)
	case o.Enumerate < 0:
		return usageErrorf("--enumerate must not be negative, got %d", o.Enumerate)
	case o.DIMACS != "" && len(o.Files) != 1:
		return usageErrorf("--dimacs needs exactly one FILE, got %d", len(o.Files))
	case o.DIMACS != "" && o.Brute:
		return usageErrorf("--dimacs writes the SAT encoding; it cannot be used with --brute")
	}
	if i := slices.Index(o.Files, "-"); i >= 0 && slices.Contains(o.Files[i+1:], "-") {
		return usageErrorf("standard input (-) can be read only once")
	}
	if o.Proof != "" {
		seen := map[string]string{}
		for _, f := range o.Files {
			if g, ok := seen[proofName(f)]; ok {
				return usageErrorf("--proof: %s and %s would both write %s.cnf", g, f, proofName(f))
			}
			seen[proofName(f)] = f
		}
	}
	var err error
	o.second, err = crossCheckSecond(o.CrossCheck)
	return err
}

// defaultMaxMemory is the default of audit --max-memory: room for the
// solver's learned clauses and the rest of a 24 GB machine.
const defaultMaxMemory = 16 << 30

func (o *auditOptions) backend() solver.Backend {
	if o.Backend != nil {
		return crossChecked(o.Backend, o.second)
	}
	if o.Brute {
		return crossChecked(brute.Backend{}, o.second)
	}
	return crossChecked(sat.Backend{MaxBytes: int64(o.MaxMemory)}, o.second)
}

// tooLarge returns the error of a model whose CNF would pass --max-memory,
// from its estimate, or nil.
func (o *auditOptions) tooLarge(file string, m *encode.Model) error {
	if o.MaxMemory <= 0 || o.Brute || o.Backend != nil {
		return nil
	}
	est := encode.Estimate(m)
	if est.Bytes() <= int64(o.MaxMemory) {
		return nil
	}
	return &fileError{file, &tooLargeError{&encode.TooLargeError{Size: est, MaxBytes: int64(o.MaxMemory), Estimated: true}}}
}

// tooLargeError names --max-memory in an encode.TooLargeError.
type tooLargeError struct{ err *encode.TooLargeError }

func (e *tooLargeError) Error() string {
	sz := e.err.Size
	if e.err.Estimated {
		return fmt.Sprintf("refused: the model's CNF would take about %s, more than --max-memory %s (at most %d variables, %d clauses and %d literals, estimated from the model before encoding)",
			encode.FormatBytes(sz.Bytes()), encode.FormatBytes(e.err.MaxBytes), sz.Vars, sz.Clauses, sz.Literals)
	}
	return fmt.Sprintf("stopped: the CNF passed --max-memory %s while it was built (%d variables, %d clauses and %d literals so far)",
		encode.FormatBytes(e.err.MaxBytes), sz.Vars, sz.Clauses, sz.Literals)
}

func (e *tooLargeError) Unwrap() error { return e.err }

// namedTooLarge rewrites an encode.TooLargeError in err to name
// --max-memory.
func namedTooLarge(err error) error {
	var tl *encode.TooLargeError
	if errors.As(err, &tl) {
		return &tooLargeError{tl}
	}
	return err
}

// audit is the outcome of one file: the model and its certificate, and the
// enumeration when asked for.
type audit struct {
	file  string
	task  *taskAudit // with --task
	m     *encode.Model
	cert  *solver.Certificate
	enum  *solver.Enumeration
	proof *proofResult
}

// runAudit certifies every file in turn, printing each result to Out as it
// is done and each error to ErrOut, and returns the errors of all files
// joined (already reported).
func runAudit(ctx context.Context, opts *auditOptions) error {
	var (
		errs    []error
		results []*audit
		printed int
		skipped int
	)
	for i, file := range opts.Files {
		if ctx.Err() != nil {
			skipped = len(opts.Files) - i
			break
		}
		a, err := auditFile(ctx, opts, file)
		if a != nil {
			results = append(results, a)
			var werr error
			if opts.JSON {
				werr = writeJSON(opts.IO.Out, a)
			} else {
				if printed > 0 {
					fmt.Fprintln(opts.IO.Out)
				}
				werr = writeText(opts.IO.Out, a)
			}
			printed++
			if werr != nil {
				err = errors.Join(err, &fileError{file, fmt.Errorf("writing the result: %w", werr)})
			}
		}
		if err != nil {
			reportError(opts.IO.ErrOut, err)
			errs = append(errs, err)
		}
	}
	if ctx.Err() != nil { // Ctrl-C
		msg := "plancert: interrupted"
		if skipped > 0 {
			msg += fmt.Sprintf("; %d %s not audited", skipped, plural(skipped, "file", "files"))
		}
		fmt.Fprintln(opts.IO.ErrOut, msg)
		errs = append(errs, errInterrupted)
	}
	if len(opts.Files) > 1 {
		fmt.Fprintln(opts.IO.ErrOut, summary(len(opts.Files), skipped, results))
	}
	if err := errors.Join(errs...); err != nil {
		return &reportedError{err}
	}
	return nil
}

// reportError prints one file's errors, an integrity failure loudly.
func reportError(w io.Writer, err error) {
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		for _, e := range j.Unwrap() {
			reportError(w, e)
		}
		return
	}
	var ie *solver.IntegrityError
	if errors.As(err, &ie) {
		fmt.Fprintf(w, "plancert: INTEGRITY FAILURE: %v\n", err)
		fmt.Fprintln(w, "plancert: a solver answer failed the model's own check. This is a bug in plancert's")
		fmt.Fprintln(w, "plancert: encoding or solver, not a property of the model; nothing was reported for")
		fmt.Fprintln(w, "plancert: this file. Please report it with the model file.")
		return
	}
	fmt.Fprintf(w, "plancert: %v\n", err)
}

// auditFile reads and certifies one file. It returns the audit when there
// is something to print, and an error when the result is not proven or
// something failed.
func auditFile(ctx context.Context, opts *auditOptions, file string) (*audit, error) {
	var ta *taskAudit
	var m *encode.Model
	var err error
	if opts.Task != "" {
		if ta, err = loadTaskInstance(opts.IO.In, file, opts.Task); err != nil {
			return nil, err
		}
		if m, err = ta.inst.Model(); err != nil {
			return nil, &inputError{file, err}
		}
	} else if m, err = readModel(opts.IO.In, file); err != nil {
		return nil, &inputError{file, err}
	}
	if err := opts.tooLarge(file, m); err != nil {
		return nil, err
	}
	if opts.DIMACS != "" {
		if err := writeDIMACSFile(opts.DIMACS, file, m); err != nil {
			return nil, &fileError{file, err}
		}
	}
	if opts.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, opts.Timeout)
		defer cancel()
	}
	b := opts.backend()
	cert, err := solver.Certify(ctx, b, m)
	if err != nil {
		return nil, &fileError{file, namedTooLarge(err)}
	}
	a := &audit{file: file, m: m, cert: cert, task: ta}
	if ta != nil {
		if err := ta.finish(file, m, cert); err != nil {
			var rm *recordMismatchError
			if errors.As(err, &rm) {
				return a, err
			}
			return nil, &fileError{file, err}
		}
	}
	if opts.Enumerate > 0 {
		if a.enum, err = enumerate(ctx, b, m, cert, opts.Enumerate); err != nil {
			return nil, &fileError{file, namedTooLarge(err)}
		}
	}
	if opts.Proof != "" {
		if a.proof, err = writeProof(ctx, opts.Proof, file, m, cert); err != nil {
			var ie *solver.IntegrityError
			if errors.As(err, &ie) {
				return nil, &fileError{file, err}
			}
			return a, err
		}
	}
	var errs []error
	interrupted := errors.Is(context.Cause(ctx), context.Canceled)
	if !cert.Proven(m) {
		np := &notProvenError{file: file, what: notProvenWhat(m, cert), interrupted: interrupted}
		if cert.Status == solver.Unknown && cert.Stats.SolveCalls == 0 {
			np.hint = fmt.Sprintf("the time ran out before the first solve, with %d CNF variables and %d clauses encoded", cert.Stats.Variables, cert.Stats.Clauses)
		}
		errs = append(errs, np)
	}
	if e := a.enum; e != nil && !e.Complete && len(e.Solutions) < opts.Enumerate && cert.Proven(m) {
		errs = append(errs, &notProvenError{file: file, what: "completeness of the solution list", interrupted: interrupted})
	}
	return a, errors.Join(errs...)
}

// notProvenWhat names the part of cert that is not proven.
func notProvenWhat(m *encode.Model, cert *solver.Certificate) string {
	switch cert.Status {
	case solver.Unknown:
		return "status"
	case solver.Infeasible:
		return "minimal core"
	case solver.Feasible:
		if len(m.Objectives) > 0 {
			return "optimality"
		}
	}
	return "uniqueness"
}

// readModel reads the model in file, or in in when file is "-".
func readModel(in io.Reader, file string) (*encode.Model, error) {
	if file == "-" {
		return encode.ReadModel(in)
	}
	f, err := os.Open(file)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			return nil, pe.Err // the file name is said already
		}
		return nil, err
	}
	defer f.Close()
	m, err := encode.ReadModel(f)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			return nil, pe.Err // e.g. reading a directory
		}
	}
	return m, err
}

// enumerate lists up to limit optimal solutions with a fresh solver and
// checks each one: it passes the model's Check, has the certified objective
// and differs from the others on the answer variables.
func enumerate(ctx context.Context, b solver.Backend, m *encode.Model, cert *solver.Certificate, limit int) (*solver.Enumeration, error) {
	switch {
	case cert.Status == solver.Infeasible:
		return &solver.Enumeration{Status: solver.Infeasible, Complete: true}, nil
	case cert.Status == solver.Optimal, cert.Status == solver.Feasible && len(m.Objectives) == 0:
	default:
		return &solver.Enumeration{Status: cert.Status}, nil
	}
	s, err := solver.Load(ctx, b, m)
	var stopped *encode.StoppedError
	if errors.As(err, &stopped) && ctx.Err() != nil {
		return &solver.Enumeration{Status: solver.Unknown}, nil // not complete
	}
	if err != nil {
		return nil, err
	}
	e, err := s.Enumerate(ctx, limit)
	if err != nil {
		return nil, err
	}
	if len(e.Solutions) > limit {
		return nil, &solver.IntegrityError{Backend: b.Name(), What: fmt.Sprintf("Enumerate(%d) returned %d solutions", limit, len(e.Solutions))}
	}
	if e.Status == solver.Infeasible {
		return nil, &solver.IntegrityError{Backend: b.Name(), What: "Enumerate says infeasible, Certify found a solution"}
	}
	for i, sol := range e.Solutions {
		if err := m.Check(sol); err != nil {
			return nil, &solver.IntegrityError{Backend: b.Name(), What: fmt.Sprintf("enumerated solution %d fails Check", i+1), Err: err}
		}
		if got := m.ObjectiveValues(sol); !slices.Equal(got, cert.Objective) {
			return nil, &solver.IntegrityError{Backend: b.Name(), What: fmt.Sprintf("enumerated solution %d has objective %v, the optimum is %v", i+1, got, cert.Objective)}
		}
		for j := range i {
			if m.SameAnswer(sol, e.Solutions[j]) {
				return nil, &solver.IntegrityError{Backend: b.Name(), What: fmt.Sprintf("enumerated solutions %d and %d agree on the answer variables", j+1, i+1)}
			}
		}
	}
	return e, nil
}

// writeDIMACSFile writes the CNF of m to out through a temporary file in the
// same directory, renamed into place when complete.
func writeDIMACSFile(out, file string, m *encode.Model) error {
	err := writeFileAtomic(out, nil, func(w io.Writer) error {
		return encode.WriteModelDIMACS(w, m, "plancert: CNF of "+file)
	})
	if err != nil {
		return fmt.Errorf("--dimacs: writing %s: %w", out, err)
	}
	return nil
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
