package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/plancert/plancert/encode"
	"github.com/plancert/plancert/solver"
	"github.com/plancert/plancert/solver/sat"
)

// TestAuditProof: "audit --proof DIR" writes a CNF and a checked proof for
// every example model that is optimal or infeasible, none for the feasible
// one, and each pair checks with check-proof.
func TestAuditProof(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "proofs") // created by audit
	files := exampleModels(t)
	r := runPlancert(t, "", append([]string{"audit", "--json", "--proof", dir}, files...)...)
	if r.code != exitOK {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	if len(lines) != len(files) {
		t.Fatalf("%d lines for %d files", len(lines), len(files))
	}
	proofs := 0
	for _, line := range lines {
		var a struct {
			File   string       `json:"file"`
			Status string       `json:"status"`
			Proof  *proofResult `json:"proof"`
		}
		if err := json.Unmarshal([]byte(line), &a); err != nil {
			t.Fatal(err)
		}
		name := strings.TrimSuffix(filepath.Base(a.File), ".json")
		cnf, proof := filepath.Join(dir, name+".cnf"), filepath.Join(dir, name+".drup")
		if a.Status != "optimal" && a.Status != "infeasible" {
			if a.Proof != nil {
				t.Errorf("%s: %s, yet a proof", a.File, a.Status)
			}
			if _, err := os.Stat(cnf); err == nil {
				t.Errorf("%s: %s, yet %s was written", a.File, a.Status, cnf)
			}
			continue
		}
		if a.Proof == nil || !a.Proof.Checked || a.Proof.CNF != cnf || a.Proof.Proof != proof || a.Proof.Lemmas < 1 {
			t.Fatalf("%s: proof %+v", a.File, a.Proof)
		}
		fi, err := os.Stat(proof)
		if err != nil || fi.Size() != a.Proof.Bytes {
			t.Fatalf("%s: %v, size %v, reported %d", proof, err, fi, a.Proof.Bytes)
		}
		c := runPlancert(t, "", "check-proof", cnf, proof)
		if c.code != exitOK || !strings.HasPrefix(c.stdout, "verified: "+proof+" refutes "+cnf+"\n") {
			t.Errorf("check-proof %s: exit %d\n%s%s", name, c.code, c.stdout, c.stderr)
		}
		data, _ := os.ReadFile(cnf)
		if want := "c plancert: the refutation of " + a.File; !strings.HasPrefix(string(data), want) {
			t.Errorf("%s does not start with %q", cnf, want)
		}
		proofs++
	}
	if proofs < 6 {
		t.Errorf("%d proofs, want one per optimal or infeasible example (6)", proofs)
	}
	// Text output names the files.
	r = runPlancert(t, "", "audit", "--proof", dir, filepath.Join(modelsDir, "pigeonhole-4-3.json"))
	if r.code != exitOK || !strings.Contains(r.stdout, "  proof      refutes any solution (the model is infeasible)\n             "+filepath.Join(dir, "pigeonhole-4-3.cnf")+": 20 variables, 30 clauses\n") {
		t.Errorf("text output:\n%s%s", r.stdout, r.stderr)
	}
}

// TestCheckProofExitCodes: 0 for a proof that derives the empty clause, 3
// for a rejected one (with the line and the reason), 2 for unreadable or
// ill-formed input.
func TestCheckProofExitCodes(t *testing.T) {
	dir := t.TempDir()
	if r := runPlancert(t, "", "audit", "--proof", dir, filepath.Join(modelsDir, "tsp-5.json")); r.code != exitOK {
		t.Fatalf("audit: %s", r.stderr)
	}
	cnf, proof := filepath.Join(dir, "tsp-5.cnf"), filepath.Join(dir, "tsp-5.drup")
	data, err := os.ReadFile(proof)
	if err != nil {
		t.Fatal(err)
	}
	lemmas := strings.SplitAfter(strings.TrimSpace(string(data)), "\n")
	if len(lemmas) < 5 || strings.TrimSpace(lemmas[len(lemmas)-1]) != "0" {
		t.Fatalf("unexpected proof:\n%s", data)
	}
	// Each corruption must be rejected; which line gets rejected depends on
	// the proof, so only the kind of rejection is fixed here.
	dropped := writeFile(t, "dropped.drup", strings.Join(append(lemmas[:0:0], lemmas[1:]...), "")+"\n")
	short := writeFile(t, "short.drup", strings.Join(lemmas[:len(lemmas)-1], ""))
	emptyOnly := writeFile(t, "empty-only.drup", "0\n")
	feasibleCNF := filepath.Join(dir, "feasibility.cnf")
	if r := runPlancert(t, "", "audit", "--dimacs", feasibleCNF, filepath.Join(modelsDir, "feasibility.json")); r.code != exitOK {
		t.Fatalf("audit --dimacs: %s", r.stderr)
	}
	badCNF := writeFile(t, "bad.cnf", "p cnf 2 1\n1 3 0\n")
	badProof := writeFile(t, "bad.drup", "1 2 0\n3 x 0\n")
	missing := filepath.Join(dir, "missing.drup")
	tests := []struct {
		name   string
		args   []string
		stdin  string
		code   exitCode
		stdout []string
		stderr []string
	}{
		{"valid", []string{cnf, proof}, "", exitOK, []string{"verified: ", "the empty clause at line " + itoa(len(lemmas))}, nil},
		{"valid from stdin", []string{"-", proof}, string(mustRead(t, cnf)), exitOK, []string{"refutes standard input"}, nil},
		{"first lemma dropped", []string{cnf, dropped}, "", exitNotProven, []string{"rejected: ", "reason     not implied by unit propagation"}, []string{"plancert: " + dropped + ": proof rejected at line "}},
		{"no empty clause", []string{cnf, short}, "", exitNotProven, []string{"reason     the proof ends without deriving the empty clause"}, []string{"the proof ends without deriving the empty clause"}},
		{"satisfiable formula", []string{feasibleCNF, emptyOnly}, "", exitNotProven, []string{"line       1\n", "the empty clause does not follow"}, nil},
		{"satisfiable formula, our proof", []string{feasibleCNF, proof}, "", exitNotProven, nil, []string{"proof rejected at line"}},
		{"ill-formed CNF", []string{badCNF, proof}, "", exitBadInput, nil, []string{"plancert: " + badCNF + ":2: literal 3: variable 3 is beyond the 2 of the header"}},
		{"ill-formed proof", []string{cnf, badProof}, "", exitBadInput, nil, []string{"plancert: " + badProof + ":2: \"x\" is not a literal"}},
		{"swapped", []string{proof, cnf}, "", exitBadInput, nil, []string{"clause before the header"}},
		{"missing", []string{cnf, missing}, "", exitBadInput, nil, []string{"plancert: " + missing + ": no such file or directory"}},
		{"one argument", []string{cnf}, "", exitBadInput, nil, []string{"needs a CNF file and a PROOF file, got 1 argument", "Run 'plancert check-proof --help' for usage."}},
		{"stdin twice", []string{"-", "-"}, "", exitBadInput, nil, []string{"standard input (-) can be read only once"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := runPlancert(t, tt.stdin, append([]string{"check-proof"}, tt.args...)...)
			if r.code != tt.code {
				t.Errorf("exit %d, want %d\nstdout: %s\nstderr: %s", r.code, tt.code, r.stdout, r.stderr)
			}
			for _, s := range tt.stdout {
				if !strings.Contains(r.stdout, s) {
					t.Errorf("stdout lacks %q:\n%s", s, r.stdout)
				}
			}
			for _, s := range tt.stderr {
				if !strings.Contains(r.stderr, s) {
					t.Errorf("stderr lacks %q:\n%s", s, r.stderr)
				}
			}
		})
	}
	// --json: the verdict and where it failed.
	r := runPlancert(t, "", "check-proof", "--json", cnf, short)
	var v checkProofJSON
	if err := json.Unmarshal([]byte(r.stdout), &v); err != nil || r.code != exitNotProven || v.Verified || v.Line != len(lemmas)-1 || v.Lemmas != len(lemmas)-1 || v.Reason == "" {
		t.Errorf("--json on a short proof: exit %d, %+v, %v", r.code, v, err)
	}
	r = runPlancert(t, "", "check-proof", "--json", cnf, proof)
	v = checkProofJSON{}
	if err := json.Unmarshal([]byte(r.stdout), &v); err != nil || r.code != exitOK || !v.Verified || v.EmptyLine != len(lemmas) || v.Lemmas != len(lemmas) || v.Reason != "" {
		t.Errorf("--json on a valid proof: exit %d, %+v, %v", r.code, v, err)
	}
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

// TestAuditProofUsage: two files of the same name would overwrite each
// other's proof.
func TestAuditProofUsage(t *testing.T) {
	a := filepath.Join(modelsDir, "tsp-5.json")
	b := writeFile(t, "tsp-5.json", string(mustRead(t, a)))
	r := runPlancert(t, "", "audit", "--proof", t.TempDir(), a, b)
	if r.code != exitBadInput || !strings.Contains(r.stderr, "would both write tsp-5.cnf") {
		t.Errorf("exit %d: %s", r.code, r.stderr)
	}
	notDir := writeFile(t, "file", "")
	r = runPlancert(t, "", "audit", "--proof", notDir, a)
	if r.code != exitError || !strings.Contains(r.stderr, "--proof") {
		t.Errorf("--proof onto a file: exit %d: %s", r.code, r.stderr)
	}
}

// liar is a backend that stops one step short of the optimum of a
// one-level minimization and calls it optimal and unique — a wrong
// certificate that passes Certify's checks (the solution is feasible and
// has the stated objective). Only the proof can catch it.
type liar struct{ sat.Backend }

func (liar) Name() string { return "liar" }

func (b liar) Load(m *encode.Model) (solver.Solver, error) {
	s, err := b.Backend.Load(m)
	return liarSolver{s, m}, err
}

type liarSolver struct {
	solver.Solver
	m *encode.Model
}

func (s liarSolver) Optimize(ctx context.Context) (*solver.Result, error) {
	r, err := s.Solver.Optimize(ctx)
	if err != nil || r.Status != solver.Optimal {
		return r, err
	}
	// x is the first variable and the objective; one more is still
	// feasible in the model below.
	r.Solution = append(encode.Assignment(nil), r.Solution...)
	r.Solution[0]++
	r.Objective = s.m.ObjectiveValues(r.Solution)
	return r, nil
}

func (s liarSolver) Unique(context.Context, *solver.Result) (*solver.Uniqueness, error) {
	return &solver.Uniqueness{Proven: true, Unique: true}, nil
}

// TestProofCatchesWrongOptimum: the refutation of a wrong optimum is
// satisfiable; audit --proof reports an integrity failure with the better
// solution's objective, exit 4, and prints no result.
func TestProofCatchesWrongOptimum(t *testing.T) {
	model := writeFile(t, "min.json", `{"variables": [{"name": "x", "type": "int", "lo": 0, "hi": 5}],
 "constraints": [{"name": "at least 2", "type": "linear", "terms": [{"var": "x", "coef": 1}], "op": ">=", "rhs": 2}],
 "objective": [{"sense": "min", "terms": [{"var": "x", "coef": 1}]}]}`)
	dir := t.TempDir()
	var out, errOut bytes.Buffer
	opts := &auditOptions{
		IO:      &iostreams{In: strings.NewReader(""), Out: &out, ErrOut: &errOut},
		Files:   []string{model},
		Timeout: time.Minute,
		Proof:   dir,
		Backend: liar{},
	}
	err := runAudit(context.Background(), opts)
	if got := exitCodeOf(err); got != exitIntegrity {
		t.Errorf("exit %d, want %d (%v)", got, exitIntegrity, err)
	}
	if s := errOut.String(); !strings.Contains(s, "INTEGRITY FAILURE") || !strings.Contains(s, "better than the optimum [3] is satisfiable: a solution with objective [2]") {
		t.Errorf("stderr does not report the failure with its evidence:\n%s", s)
	}
	if out.Len() != 0 {
		t.Errorf("a refuted certificate was printed:\n%s", out.String())
	}
	if _, err := os.Stat(filepath.Join(dir, "min.drup")); err == nil {
		t.Error("a proof file was written for a satisfiable refutation")
	}
}
