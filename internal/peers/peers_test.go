package peers_test

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/plancert/plancert/encode"
	"github.com/plancert/plancert/export"
	"github.com/plancert/plancert/internal/peers"
	"github.com/plancert/plancert/internal/randmodel"
	"github.com/plancert/plancert/solver"
	"github.com/plancert/plancert/solver/sat"
)

// peersOn reports whether the long peer tests run (PLANCERT_PEERS set;
// read here so that the test cache notices it).
func peersOn() bool { return os.Getenv("PLANCERT_PEERS") != "" }

type named struct {
	name string
	m    *encode.Model
}

func exampleModels(t *testing.T) []named {
	t.Helper()
	files, err := filepath.Glob("../../testdata/models/*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no example models (%v)", err)
	}
	var out []named
	for _, f := range files {
		r, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		m, err := encode.ReadModel(r)
		r.Close()
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, named{filepath.Base(f), m})
	}
	return out
}

// roundTripModels: the example models, and with PLANCERT_PEERS seeded
// random models mixing every constraint kind, only_if and 0–3 levels.
func roundTripModels(t *testing.T) []named {
	ms := exampleModels(t)
	if peersOn() {
		for seed := uint64(1); seed <= 60; seed++ {
			ms = append(ms, named{fmt.Sprintf("random seed %d", seed), randmodel.New(rand.New(rand.NewPCG(seed, 13)))})
		}
	}
	return ms
}

// TestPeersAgreeWithSAT: each installed peer (cbc, z3, MiniZinc with
// Gecode) solves the exported models with the same status and objective
// vector as solver/sat, and its answer, read back, passes the model's
// Check (Solve checks it; a failure is an integrity error). Answers may
// differ where the optimum is not unique. Skipped in -short and for peers
// that are not installed ("make bench-peers" installs them).
func TestPeersAgreeWithSAT(t *testing.T) {
	if testing.Short() {
		t.Skip("runs external solvers")
	}
	var ps []peers.Peer
	for _, p := range []peers.Peer{peers.CBC(), peers.Z3(), peers.Gecode()} {
		if err := p.Available(); err != nil {
			t.Logf("skipped: %v", err)
			continue
		}
		ps = append(ps, p)
	}
	if len(ps) == 0 {
		t.Skip("no peer installed")
	}
	ref := peers.BackendPeer{Backend: sat.Backend{}}
	kinds := map[encode.Kind]int{}
	for _, nm := range roundTripModels(t) {
		for _, c := range nm.m.Constraints {
			kinds[c.Kind]++
		}
		want, err := ref.Solve(context.Background(), nm.m)
		if err != nil || want.Status == solver.Unknown {
			t.Fatalf("%s: sat: %v %v", nm.name, want, err)
		}
		for _, p := range ps {
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			got, err := p.Solve(ctx, nm.m)
			cancel()
			if err != nil {
				t.Errorf("%s: %s: %v", nm.name, p.Name(), err)
				continue
			}
			if got.Status != want.Status || !slices.Equal(got.Objective, want.Objective) {
				t.Errorf("%s: %s says %s %v, sat says %s %v", nm.name, p.Name(), got.Status, got.Objective, want.Status, want.Objective)
			}
		}
	}
	if peersOn() && len(kinds) != 10 {
		t.Errorf("the models cover %d constraint kinds, want all 10: %v", len(kinds), kinds)
	}
}

// TestDIMACSWithCaDiCaL: the DIMACS export solved by CaDiCaL gives the
// feasibility that solver/sat finds, and a satisfying assignment decodes
// to a solution that passes Check. Skipped when cadical is not installed.
func TestDIMACSWithCaDiCaL(t *testing.T) {
	if testing.Short() {
		t.Skip("runs an external solver")
	}
	if _, err := exec.LookPath("cadical"); err != nil {
		t.Skip("cadical is not installed")
	}
	dir := t.TempDir()
	for i, nm := range roundTripModels(t) {
		want, err := peers.BackendPeer{Backend: sat.Backend{}}.Solve(context.Background(), nm.m)
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, fmt.Sprintf("%d.cnf", i))
		var b bytes.Buffer
		if err := export.WriteDIMACS(&b, nm.m, nm.name); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		out, _ := exec.Command("cadical", "-q", path).Output() // exit 10 or 20
		sol, err := export.ReadDIMACSSolution(bytes.NewReader(out), nm.m)
		if err != nil {
			t.Fatalf("%s: %v\n%s", nm.name, err, out)
		}
		feasible := want.Status != solver.Infeasible
		if (sol.Status == export.Feasible) != feasible || (sol.Status != export.Feasible && sol.Status != export.Infeasible) {
			t.Errorf("%s: cadical %s, sat %s", nm.name, sol.Status, want.Status)
			continue
		}
		if feasible {
			if err := nm.m.Check(sol.Values); err != nil {
				t.Errorf("%s: cadical's model decodes to a solution that fails Check: %v", nm.name, err)
			}
		}
	}
}

// TestCLITimeout: a peer stopped by its context reports Unknown, returns
// promptly, and leaves no solver process behind (MiniZinc runs Gecode as a
// child in its own process group).
func TestCLITimeout(t *testing.T) {
	if testing.Short() {
		t.Skip("runs external solvers")
	}
	m := peers.TSPModel(peers.RandomTSP(14, rand.New(rand.NewPCG(5, 5))))
	// The peers' files go under a directory of this test only, so that
	// solvers that other runs (a benchmark, another test binary) have
	// going do not count.
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	before := gecodes()
	for _, p := range []peers.Peer{peers.CBC(), peers.Z3(), peers.Gecode()} {
		if p.Available() != nil {
			continue
		}
		ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
		start := time.Now()
		a, err := p.Solve(ctx, m)
		cancel()
		if err != nil || a.Status != solver.Unknown {
			// A fast peer may prove it in time; then the answer must be right.
			if err == nil && a.Status == solver.Optimal {
				continue
			}
			t.Errorf("%s: %v %v, want unknown", p.Name(), a, err)
		}
		if d := time.Since(start); d > 3*time.Second {
			t.Errorf("%s: returned after %v", p.Name(), d)
		}
	}
	time.Sleep(200 * time.Millisecond)
	if out, _ := exec.Command("pgrep", "-f", tmp).Output(); len(strings.TrimSpace(string(out))) > 0 {
		t.Errorf("solver processes left running on the test's files: %s", out)
	}
	for _, pid := range gecodes() {
		if !slices.Contains(before, pid) {
			t.Errorf("fzn-gecode (pid %s) left running after the timeout", pid)
		}
	}
}

// gecodes lists the process ids of running fzn-gecode processes.
func gecodes() []string {
	out, _ := exec.Command("pgrep", "-x", "fzn-gecode").Output()
	return strings.Fields(string(out))
}
