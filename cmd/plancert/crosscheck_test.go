package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/plancert/plancert/encode"
	"github.com/plancert/plancert/solver"
	"github.com/plancert/plancert/solver/cbc"
	"github.com/plancert/plancert/solver/sat"
)

// TestCrossCheckUsage: an unknown --crosscheck backend is a usage error
// (exit 2), and so is cbc in a build without the cbc tag, with the message
// that says how to build with CBC; nothing is written.
func TestCrossCheckUsage(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "suite.jsonl")
	model := filepath.Join(modelsDir, "lexicographic.json")
	cases := []struct {
		args   []string
		stderr string
	}{
		{genArgs(out, "--crosscheck", "z3"), `--crosscheck "z3" is not a backend; the one cross-check backend is cbc`},
		{[]string{"audit", "--crosscheck", "z3", model}, `--crosscheck "z3" is not a backend`},
	}
	if !cbc.Available() {
		cases = append(cases,
			struct {
				args   []string
				stderr string
			}{genArgs(out, "--crosscheck", "cbc"), cbc.ErrNotBuilt.Error()},
			struct {
				args   []string
				stderr string
			}{[]string{"audit", "--crosscheck", "cbc", model}, cbc.ErrNotBuilt.Error()},
		)
	}
	for _, c := range cases {
		r := runPlancert(t, "", c.args...)
		if r.code != exitBadInput || !strings.Contains(r.stderr, c.stderr) || r.stdout != "" {
			t.Errorf("plancert %s: exit %d, stdout %q; stderr lacks %q:\n%s", strings.Join(c.args, " "), r.code, r.stdout, c.stderr, r.stderr)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("files were written: %v", entries)
	}
}

// infeasibleLiar is a second backend that calls every model infeasible.
type infeasibleLiar struct{ sat.Backend }

func (infeasibleLiar) Name() string { return "liar" }

func (b infeasibleLiar) Load(m *encode.Model) (solver.Solver, error) {
	s, err := b.Backend.Load(m)
	return infeasibleSolver{s}, err
}

type infeasibleSolver struct{ solver.Solver }

func (infeasibleSolver) Optimize(context.Context) (*solver.Result, error) {
	return &solver.Result{Status: solver.Infeasible}, nil
}

// TestCrossCheckDisagreement: when the cross-check backend disagrees, gen
// and audit fail loudly with exit code 4, naming the record or the file,
// both backends, their statuses and objective vectors; gen leaves --out as
// it was and audit prints no result.
func TestCrossCheckDisagreement(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "suite.jsonl")
	code, stderr := genRun(t, context.Background(), genArgs(out), func(o *genOptions) { o.second = infeasibleLiar{} })
	for _, want := range []string{"INTEGRITY FAILURE", "gen: meeting-planning/", "integrity failure in backend sat+liar: cross-check: sat and liar disagree on the feasibility: sat says optimal [", "liar says infeasible", out + " was left as it was"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("gen stderr lacks %q:\n%s", want, stderr)
		}
	}
	if code != exitIntegrity {
		t.Errorf("gen: exit %d, want %d", code, exitIntegrity)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("files were written: %v", entries)
	}

	var stdout, errOut bytes.Buffer
	file := filepath.Join(modelsDir, "jobshop-3x3.json")
	opts := &auditOptions{
		IO:    &iostreams{In: strings.NewReader(""), Out: &stdout, ErrOut: &errOut},
		Files: []string{file}, Timeout: time.Minute, second: infeasibleLiar{},
	}
	err := runAudit(context.Background(), opts)
	if got := exitCodeOf(err); got != exitIntegrity {
		t.Errorf("audit: exit %d, want %d (%v)", got, exitIntegrity, err)
	}
	for _, want := range []string{"INTEGRITY FAILURE", file + ": solver: integrity failure in backend sat+liar: cross-check: sat and liar disagree on the feasibility: sat says optimal [", "liar says infeasible"} {
		if !strings.Contains(errOut.String(), want) {
			t.Errorf("audit stderr lacks %q:\n%s", want, errOut.String())
		}
	}
	if stdout.Len() != 0 {
		t.Errorf("a disputed result was printed:\n%s", stdout.String())
	}
}
