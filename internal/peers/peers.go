package peers

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/plancert/plancert/encode"
	"github.com/plancert/plancert/export"
	"github.com/plancert/plancert/solver"
)

// Peer solves models with one solver.
type Peer interface {
	// Name is the peer's short name, as in the benchmark table.
	Name() string
	// Available returns nil when the peer can run here, or why it cannot.
	Available() error
	// Solve finds an optimal solution of m and proves it (or proves m
	// infeasible, or finds a solution of a model without objective). When
	// ctx ends first the status is Unknown. A solution that fails m.Check
	// is a *solver.IntegrityError.
	Solve(ctx context.Context, m *encode.Model) (*Answer, error)
}

// Answer is what a peer established. Solution has passed the model's Check
// and Objective is computed from it; both are set when Status is Optimal
// or Feasible. Wall is the time spent solving: in the solver's processes
// for a command-line peer (writing the input file is not counted), Load
// and Optimize for a backend. Runs counts solver processes (or 1 for a
// backend).
type Answer struct {
	Status    solver.Status
	Objective []int64
	Solution  encode.Assignment
	Wall      time.Duration
	Runs      int
}

// BackendPeer runs a plancert backend in process: Load, then Optimize.
type BackendPeer struct {
	Backend solver.Backend
	// Label, when set, is the peer's name instead of the backend's (a
	// backend run with other options, such as "sat-cg").
	Label string
}

// Name returns the label, or the backend's name ("sat", "cbc").
func (p BackendPeer) Name() string {
	if p.Label != "" {
		return p.Label
	}
	return p.Backend.Name()
}

// Available returns nil: a backend compiled in can always run.
func (BackendPeer) Available() error { return nil }

// Solve loads m and optimizes it.
func (p BackendPeer) Solve(ctx context.Context, m *encode.Model) (*Answer, error) {
	start := time.Now()
	s, err := p.Backend.Load(m)
	if err != nil {
		return nil, err
	}
	r, err := s.Optimize(ctx)
	wall := time.Since(start)
	if err != nil {
		return nil, err
	}
	a := &Answer{Status: r.Status, Wall: wall, Runs: 1}
	if r.Status == solver.Optimal || r.Status == solver.Feasible {
		if err := m.Check(r.Solution); err != nil {
			return nil, &solver.IntegrityError{Backend: p.Name(), What: "optimal solution", Err: err}
		}
		a.Solution, a.Objective = r.Solution, m.ObjectiveValues(r.Solution)
	}
	return a, nil
}

// CLI is a command-line solver fed with one export format.
type CLI struct {
	name   string
	bin    string
	format export.Format
	// args returns the arguments for the model file and an output file.
	args func(model, out string) []string
	// read reads the answer from the process's output or the output file.
	read func(stdout []byte, out string, m *encode.Model) (*export.Solution, error)
	// staged: solve a model with several levels one level at a time even
	// when the format can hold them all.
	staged bool
}

// CBC is COIN-OR CBC's command line ("cbc", Debian package coinor-cbc) on
// the LP file: "cbc FILE.lp solve solu OUT".
func CBC() *CLI {
	return &CLI{
		name: "cbc-cli", bin: "cbc", format: export.LP,
		args: func(model, out string) []string { return []string{model, "solve", "solu", out} },
		read: func(_ []byte, out string, m *encode.Model) (*export.Solution, error) {
			f, err := os.Open(out)
			if err != nil {
				return nil, err
			}
			defer f.Close()
			return export.ReadCBCSolution(f, m)
		},
	}
}

// Z3 is z3's command line (Debian package z3) on the SMT-LIB 2 file,
// solving one objective level per run: z3 4.8.12 (Debian 12) answers some
// models with several (minimize ...) levels under :opt.priority lex with a
// vector that is not the lexicographic optimum (found by the peer tests on
// random models; each level alone is right).
func Z3() *CLI {
	return &CLI{
		name: "z3", bin: "z3", format: export.SMT2, staged: true,
		args: func(model, _ string) []string { return []string{model} },
		read: func(stdout []byte, _ string, m *encode.Model) (*export.Solution, error) {
			return export.ReadZ3Solution(bytes.NewReader(stdout), m)
		},
	}
}

// Gecode is MiniZinc with its Gecode solver (Debian package minizinc) on
// the MiniZinc file: "minizinc --solver gecode FILE.mzn".
func Gecode() *CLI {
	return &CLI{
		name: "gecode", bin: "minizinc", format: export.MZN,
		args: func(model, _ string) []string { return []string{"--solver", "gecode", model} },
		read: func(stdout []byte, _ string, m *encode.Model) (*export.Solution, error) {
			return export.ReadMZNSolution(bytes.NewReader(stdout), m)
		},
	}
}

// Name returns the peer's name: "cbc-cli", "z3" or "gecode".
func (p *CLI) Name() string { return p.name }

// Available reports whether the solver's program is on PATH.
func (p *CLI) Available() error {
	if _, err := exec.LookPath(p.bin); err != nil {
		return fmt.Errorf("peers: %s: %q is not on PATH", p.name, p.bin)
	}
	return nil
}

// Solve writes m in the peer's format to a temporary directory and runs
// the solver on it, level after level when the format cannot hold the
// model's levels in one objective.
func (p *CLI) Solve(ctx context.Context, m *encode.Model) (*Answer, error) {
	dir, err := os.MkdirTemp("", "plancert-peer-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	a := &Answer{}
	var sol *export.Solution
	var lex *export.LexError
	if p.staged && len(m.Objectives) > 1 {
		sol, err = p.stages(ctx, dir, m, a)
	} else if sol, err = p.run(ctx, dir, m, a); errors.As(err, &lex) {
		sol, err = p.stages(ctx, dir, m, a)
	}
	if err != nil {
		return nil, err
	}
	if ctx.Err() != nil {
		a.Status = solver.Unknown
		return a, nil
	}
	if err := a.Status.UnmarshalText([]byte(sol.Status)); err != nil {
		return nil, err
	}
	if sol.Values != nil {
		if err := m.Check(sol.Values); err != nil {
			return nil, &solver.IntegrityError{Backend: p.name, What: "solution read back", Err: err}
		}
		a.Solution, a.Objective = sol.Values, m.ObjectiveValues(sol.Values)
	}
	return a, nil
}

// stages solves m one objective level at a time, fixing each optimum.
func (p *CLI) stages(ctx context.Context, dir string, m *encode.Model, a *Answer) (*export.Solution, error) {
	var fixed []int64
	var sol *export.Solution
	for l := range m.Objectives {
		s, err := export.Stage(m, l, fixed)
		if err != nil {
			return nil, err
		}
		sol, err = p.run(ctx, dir, s, a)
		if err != nil {
			return nil, err
		}
		if sol.Status != export.Optimal {
			if l > 0 && sol.Status == export.Infeasible {
				return nil, fmt.Errorf("peers: %s: level %d is infeasible with the earlier levels at their optima %v", p.name, l+1, fixed)
			}
			return sol, nil
		}
		fixed = append(fixed, encode.SumTerms(m.Objectives[l].Terms, sol.Values))
	}
	return sol, nil
}

// run writes m, runs the solver once and reads its answer. The time in the
// process is added to a.Wall.
func (p *CLI) run(ctx context.Context, dir string, m *encode.Model, a *Answer) (*export.Solution, error) {
	model := filepath.Join(dir, "model."+string(p.format))
	out := filepath.Join(dir, "out.txt")
	os.Remove(out)
	f, err := os.Create(model)
	if err != nil {
		return nil, err
	}
	if err := export.Write(f, m, p.format, "plancert model"); err != nil {
		f.Close()
		return nil, err
	}
	if err := f.Close(); err != nil {
		return nil, err
	}
	var stdout, stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, p.bin, p.args(model, out)...)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	killGroup(cmd)
	start := time.Now()
	runErr := cmd.Run()
	a.Wall += time.Since(start)
	a.Runs++
	if ctx.Err() != nil {
		return &export.Solution{Status: export.Unknown}, nil
	}
	sol, err := p.read(stdout.Bytes(), out, m)
	if err != nil {
		if runErr != nil {
			return nil, fmt.Errorf("peers: %s: %v: %s", p.name, runErr, tail(stderr.String()+stdout.String()))
		}
		return nil, fmt.Errorf("peers: %s: %w", p.name, err)
	}
	return sol, nil
}

// tail returns the last lines of a process's output, for error messages.
func tail(s string) string {
	s = strings.TrimSpace(s)
	if i := len(s) - 600; i > 0 {
		s = "..." + s[i:]
	}
	return s
}
