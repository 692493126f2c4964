package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/plancert/plancert/encode"
	"github.com/plancert/plancert/solver"
	"github.com/plancert/plancert/solver/drup"
)

// Proofs: "audit --proof DIR" writes the final claim of each certificate
// as DIMACS CNF with a DRUP proof from solver/drup and checks it;
// "check-proof" checks any such pair.

// proofResult is what "audit --proof" wrote and checked for one model.
type proofResult struct {
	CNF       string        `json:"cnf"`
	Proof     string        `json:"proof"`
	Refutes   string        `json:"refutes"`
	Variables int           `json:"variables"`
	Clauses   int           `json:"clauses"`
	Lemmas    int           `json:"lemmas"`
	Deletions int           `json:"deletions"`
	Bytes     int64         `json:"bytes"`
	Checked   bool          `json:"checked"`
	Wall      time.Duration `json:"-"`
}

// MarshalJSON adds wall_ms, the time to write, solve and check.
func (p proofResult) MarshalJSON() ([]byte, error) {
	type plain proofResult
	return json.Marshal(struct {
		plain
		WallMS float64 `json:"wall_ms"`
	}{plain(p), float64(p.Wall.Microseconds()) / 1000})
}

// proofName is the base name of the files of model file: its name without
// directory and ".json".
func proofName(file string) string {
	if file == "-" {
		return "stdin"
	}
	return strings.TrimSuffix(filepath.Base(file), ".json")
}

// proofClaim returns what the certificate's proof refutes, in words, and
// the optimum to refute (nil for infeasibility); ok is false when there is
// nothing to prove by refutation.
func proofClaim(m *encode.Model, c *solver.Certificate) (what string, optimum []int64, ok bool) {
	switch c.Status {
	case solver.Optimal:
		return fmt.Sprintf("a solution better than the optimum %v", c.Objective), c.Objective, true
	case solver.Infeasible:
		return "any solution (the model is infeasible)", nil, true
	}
	return "", nil, false
}

// writeProof writes dir/<name>.cnf, the refutation of c's claim, and
// dir/<name>.drup, its proof by solver/drup, then reads both back and
// checks the proof. It returns nil when c claims nothing to refute. A
// satisfiable refutation or a rejected proof is a *solver.IntegrityError.
func writeProof(ctx context.Context, dir, file string, m *encode.Model, c *solver.Certificate) (*proofResult, error) {
	what, optimum, ok := proofClaim(m, c)
	if !ok {
		return nil, nil
	}
	start := time.Now()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("--proof: %w", err)
	}
	name := proofName(file)
	res := &proofResult{
		CNF:     filepath.Join(dir, name+".cnf"),
		Proof:   filepath.Join(dir, name+".drup"),
		Refutes: what,
	}
	f, enc, err := encode.Refutation(m, optimum, fmt.Sprintf("plancert: the refutation of %s, proven by %s", file, res.Proof))
	if err != nil {
		return nil, err
	}
	if err := writeFileAtomic(res.CNF, nil, f.WriteDIMACS); err != nil {
		return nil, fmt.Errorf("--proof: writing %s: %w", res.CNF, err)
	}
	// Solve and check what is on disk, as anyone else would.
	cnf, err := readCNFFile(res.CNF)
	if err != nil {
		return nil, &solver.IntegrityError{Backend: "drup", What: "reading back the CNF just written", Err: err}
	}
	res.Variables, res.Clauses = cnf.NumVars, len(cnf.Clauses)
	err = writeFileAtomic(res.Proof, nil, func(w io.Writer) error {
		r, err := drup.Solve(ctx, cnf, w)
		if err != nil {
			return err
		}
		if r.Sat {
			a := enc.Decode(func(l int32) bool { return r.Model[max(l, -l)] == (l > 0) })
			return &solver.IntegrityError{Backend: "drup", What: fmt.Sprintf(
				"the refutation of %s is satisfiable: a solution with objective %v (the model's Check says: %v)",
				what, m.ObjectiveValues(a), errText(m.Check(a)))}
		}
		res.Lemmas, res.Deletions = int(r.Stats.Lemmas), int(r.Stats.Deletions)
		return nil
	})
	if err != nil {
		if ctx.Err() != nil {
			return nil, &notProvenError{file: file, what: "the proof (--proof)", interrupted: errors.Is(context.Cause(ctx), context.Canceled)}
		}
		var ie *solver.IntegrityError
		if errors.As(err, &ie) {
			return nil, ie
		}
		return nil, fmt.Errorf("--proof: writing %s: %w", res.Proof, err)
	}
	if fi, err := os.Stat(res.Proof); err == nil {
		res.Bytes = fi.Size()
	}
	pf, err := os.Open(res.Proof)
	if err != nil {
		return nil, fmt.Errorf("--proof: %w", err)
	}
	defer pf.Close()
	if _, err := drup.Check(ctx, cnf, pf, res.Proof); err != nil {
		if ctx.Err() != nil {
			return nil, &notProvenError{file: file, what: "the proof check (--proof)", interrupted: errors.Is(context.Cause(ctx), context.Canceled)}
		}
		return nil, &solver.IntegrityError{Backend: "drup", What: "the proof just written is rejected by the checker", Err: err}
	}
	res.Checked = true
	res.Wall = time.Since(start)
	return res, nil
}

func errText(err error) string {
	if err == nil {
		return "it holds"
	}
	return err.Error()
}

// proofLines is the "proof" field of audit's text output.
func proofLines(p *proofResult) []string {
	return []string{
		"refutes " + p.Refutes,
		fmt.Sprintf("%s: %s, %s", p.CNF, count(p.Variables, "variable"), count(p.Clauses, "clause")),
		fmt.Sprintf("%s: %s, %s, %s; checked", p.Proof, count(p.Lemmas, "lemma"), count(p.Deletions, "deletion"), count(int(p.Bytes), "byte")),
	}
}

// readCNFFile reads a DIMACS CNF file ("-": standard input is not
// accepted here).
func readCNFFile(path string) (*drup.CNF, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return drup.ReadCNF(f, path)
}

// check-proof

type checkProofOptions struct {
	IO *iostreams

	CNF   string
	Proof string
	JSON  bool
}

const checkProofLong = `Check that PROOF, a clausal proof of unsatisfiability, refutes the formula
CNF (DIMACS). The check is plancert's own, in pure Go: every lemma must follow
from the clauses so far by reverse unit propagation (RUP) or be a resolution
asymmetric tautology on its first literal (RAT); "d" lines delete clauses;
and the proof must derive the empty clause — a proof that stops before it is
rejected, even when the formula is unsatisfiable. Lines after the empty
clause are not read.

PROOF is DRUP or DRAT, as text ("1 -2 0" per lemma, "d 1 -2 0" per
deletion, "c" comment lines) or in binary DRAT, recognized from its first
bytes. "plancert audit --proof DIR" writes such pairs; other solvers' proofs
of the same CNF check too, e.g. cadical (cadical FILE.cnf FILE.drat, or
--binary=false for text). Either argument may be "-" for standard input.

With --json, one object on one line:
  {"cnf", "proof", "verified", "variables", "clauses", "lemmas", "rup",
   "rat", "deletions", "kept", "missing", "empty_clause_line", "binary",
   "line", "lemma", "reason", "wall_ms"}
("line", "lemma" and "reason" say where and why a proof was rejected; for a
binary proof "line" counts proof steps).

Exit codes:
  0  the proof derives the empty clause and every lemma is verified
  1  any other error (I/O error, interrupted)
  2  usage error, or CNF or PROOF unreadable or ill-formed
  3  the proof is rejected (its line and the reason are printed)`

const checkProofExample = `  # Write a model's optimality proof, then check it on its own
  $ plancert audit --proof /tmp/proofs testdata/models/tsp-5.json
  $ plancert check-proof /tmp/proofs/tsp-5.cnf /tmp/proofs/tsp-5.drup

  # The same, for scripts
  $ plancert check-proof --json /tmp/proofs/tsp-5.cnf /tmp/proofs/tsp-5.drup`

func newCheckProofCmd(ios *iostreams, runF func(context.Context, *checkProofOptions) error) *cobra.Command {
	opts := &checkProofOptions{IO: ios}
	cmd := &cobra.Command{
		Use:     "check-proof CNF PROOF",
		Short:   "Check a DRUP/DRAT proof that a CNF formula is unsatisfiable",
		Long:    checkProofLong,
		Example: checkProofExample,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) != 2 {
				return usageErrorf("%s needs a CNF file and a PROOF file, got %d %s", cmd.CommandPath(), len(args), plural(len(args), "argument", "arguments"))
			}
			if args[0] == "-" && args[1] == "-" {
				return usageErrorf("standard input (-) can be read only once")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.CNF, opts.Proof = args[0], args[1]
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return runCheckProof(cmd.Context(), opts)
		},
	}
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print the verdict as one JSON object")
	return cmd
}

// proofRejectedError says a proof did not verify (exit 3).
type proofRejectedError struct {
	file string
	err  *drup.RejectError
}

func (e *proofRejectedError) Error() string {
	return fmt.Sprintf("%s: %s", e.file, strings.TrimPrefix(e.err.Error(), "drup: "))
}
func (e *proofRejectedError) Unwrap() error { return e.err }

// checkProofJSON is the --json verdict.
type checkProofJSON struct {
	CNF       string  `json:"cnf"`
	Proof     string  `json:"proof"`
	Verified  bool    `json:"verified"`
	Variables int     `json:"variables"`
	Clauses   int     `json:"clauses"`
	Lemmas    int     `json:"lemmas"`
	RUP       int     `json:"rup"`
	RAT       int     `json:"rat"`
	Deletions int     `json:"deletions"`
	Kept      int     `json:"kept"`
	Missing   int     `json:"missing"`
	EmptyLine int     `json:"empty_clause_line,omitempty"`
	Binary    bool    `json:"binary"`
	Line      int     `json:"line,omitempty"`
	Lemma     []int32 `json:"lemma,omitempty"`
	Reason    string  `json:"reason,omitempty"`
	WallMS    float64 `json:"wall_ms"`
}

// openInput opens path, or returns in for "-".
func openInput(in io.Reader, path string) (io.Reader, func(), error) {
	if path == "-" {
		return in, func() {}, nil
	}
	f, err := os.Open(path)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			return nil, nil, &inputError{path, pe.Err}
		}
		return nil, nil, &inputError{path, err}
	}
	return f, func() { f.Close() }, nil
}

// badInput turns a syntax error into an input error naming file and line.
func badInput(path string, err error) error {
	var se *drup.SyntaxError
	if errors.As(err, &se) {
		where := fmt.Sprintf("%s:%d", path, se.Line)
		if se.Binary {
			where = fmt.Sprintf("%s: step %d", path, se.Line)
		}
		return &inputError{where, errors.New(se.Reason)}
	}
	if errors.Is(err, context.Canceled) {
		return errInterrupted
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return &inputError{path, pe.Err} // e.g. a directory
	}
	return &fileError{path, err}
}

func runCheckProof(ctx context.Context, opts *checkProofOptions) error {
	start := time.Now()
	r, done, err := openInput(opts.IO.In, opts.CNF)
	if err != nil {
		return err
	}
	cnf, err := drup.ReadCNF(r, opts.CNF)
	done()
	if err != nil {
		return badInput(opts.CNF, err)
	}
	r, done, err = openInput(opts.IO.In, opts.Proof)
	if err != nil {
		return err
	}
	defer done()
	st, err := drup.Check(ctx, cnf, r, opts.Proof)
	var re *drup.RejectError
	if err != nil && !errors.As(err, &re) {
		return badInput(opts.Proof, err)
	}
	out := checkProofJSON{CNF: opts.CNF, Proof: opts.Proof, Verified: err == nil, Variables: cnf.NumVars, Clauses: len(cnf.Clauses)}
	if st != nil {
		out.Lemmas, out.RUP, out.RAT = st.Lemmas, st.RUP, st.RAT
		out.Deletions, out.Kept, out.Missing = st.Deletions, st.Kept, st.Missing
		out.EmptyLine, out.Binary = st.EmptyLine, st.Binary
	}
	if re != nil {
		out.Line, out.Lemma, out.Reason, out.Binary = re.Line, re.Lemma, re.Reason, re.Binary
	}
	out.WallMS = float64(time.Since(start).Microseconds()) / 1000
	if opts.JSON {
		enc := json.NewEncoder(opts.IO.Out)
		enc.SetEscapeHTML(false)
		err = enc.Encode(out)
	} else {
		err = writeCheckProofText(opts.IO.Out, &out)
	}
	if err != nil {
		return err
	}
	if re != nil {
		return &proofRejectedError{opts.Proof, re}
	}
	return nil
}

// stdinName names "-" for a person.
func stdinName(path string) string {
	if path == "-" {
		return "standard input"
	}
	return path
}

func writeCheckProofText(w io.Writer, v *checkProofJSON) error {
	t := &textWriter{w: w}
	format := "text"
	if v.Binary {
		format = "binary DRAT"
	}
	where := "line"
	if v.Binary {
		where = "step"
	}
	if v.Verified {
		t.printf("verified: %s refutes %s\n", stdinName(v.Proof), stdinName(v.CNF))
	} else {
		t.printf("rejected: %s does not refute %s\n", stdinName(v.Proof), stdinName(v.CNF))
	}
	t.field("formula", fmt.Sprintf("%s, %s", count(v.Variables, "variable"), count(v.Clauses, "clause")))
	if v.Verified {
		t.field("proof", fmt.Sprintf("%s, %s (%d RUP, %d RAT), %s", format, count(v.Lemmas, "lemma"), v.RUP, v.RAT, count(v.Deletions, "deletion")),
			fmt.Sprintf("the empty clause at %s %d", where, v.EmptyLine))
		return t.err
	}
	t.field(where, fmt.Sprint(v.Line))
	t.field("verified", fmt.Sprintf("%s before it (%d RUP, %d RAT), %s", count(v.Lemmas, "lemma"), v.RUP, v.RAT, count(v.Deletions, "deletion")))
	if v.Lemma != nil {
		t.field("lemma", strings.Trim(fmt.Sprint(v.Lemma), "[]")+" 0")
	}
	t.field("reason", v.Reason)
	return t.err
}
