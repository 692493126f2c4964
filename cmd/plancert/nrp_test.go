package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plancert/plancert/internal/nrp"
)

// rosteringDir holds the Curtois & Qu instances, seen from this package.
const rosteringDir = "../../testdata/external/rostering"

func TestNRPCommand(t *testing.T) {
	inst1 := filepath.Join(rosteringDir, "Instance1.txt")
	if _, err := os.Stat(inst1); err != nil {
		t.Fatalf("benchmark data: %v (the tests read the repository's copy of it in testdata/external)", err)
	}
	bad := filepath.Join(t.TempDir(), "bad.txt")
	if err := os.WriteFile(bad, []byte("SECTION_HORIZON\nseven\n"), 0o644); err != nil {
		t.Fatal(err)
	}

	t.Run("json", func(t *testing.T) {
		r := runPlancert(t, "", "nrp", "--json", inst1)
		if r.code != exitOK {
			t.Fatalf("exit %d, stderr %q", r.code, r.stderr)
		}
		var line nrpLine
		if err := json.Unmarshal([]byte(r.stdout), &line); err != nil {
			t.Fatalf("%v: %q", err, r.stdout)
		}
		if line.Status != "optimal" || line.Penalty == nil || *line.Penalty != 607 || line.Bound == nil || *line.Bound != 607 {
			t.Errorf("got %s", r.stdout)
		}
		if line.On+line.Off+line.Under+line.Over != 607 || len(line.Roster) != 8 {
			t.Errorf("penalty parts or roster wrong: %s", r.stdout)
		}
		if line.Stats == nil || line.Stats.SolveCalls == 0 || line.Method != "" || line.Nodes != nil {
			t.Errorf("the SAT method's line has its stats and no lagrange fields: %s", r.stdout)
		}
	})
	t.Run("text with roster", func(t *testing.T) {
		r := runPlancert(t, "", "nrp", "--roster", inst1)
		if r.code != exitOK || !strings.Contains(r.stdout, "Instance1.txt: optimal, penalty 607 (on ") || strings.Count(r.stdout, "\n") != 9 {
			t.Errorf("exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
		}
	})
	t.Run("bad input", func(t *testing.T) {
		r := runPlancert(t, "", "nrp", bad, inst1)
		if r.code != exitBadInput {
			t.Errorf("exit %d, want %d", r.code, exitBadInput)
		}
		if want := `bad.txt:2: SECTION_HORIZON: field days: not an integer: "seven"`; !strings.Contains(r.stderr, want) {
			t.Errorf("stderr %q lacks %q", r.stderr, want)
		}
		if !strings.Contains(r.stdout, "optimal, penalty 607") {
			t.Errorf("the good file after the bad one was not solved: %q", r.stdout)
		}
	})
	t.Run("lagrange certificate", func(t *testing.T) {
		week := filepath.Join("..", "..", "testdata", "nrp", "week.txt")
		cert := filepath.Join(t.TempDir(), "week.json")
		r := runPlancert(t, "", "nrp", "--method", "lagrange", "--json", "--certificate", cert, "--timeout", "20s", week)
		if r.code != exitOK {
			t.Fatalf("exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
		}
		var line nrpLine
		if err := json.Unmarshal([]byte(r.stdout), &line); err != nil {
			t.Fatalf("%v: %q", err, r.stdout)
		}
		if line.Status != "optimal" || line.Penalty == nil || *line.Penalty != 5 || line.Bound == nil || *line.Bound != 5 || line.Certificate != cert || line.Method != "lagrange" {
			t.Errorf("got %s", r.stdout)
		}
		if line.Stats != nil || line.Nodes == nil || line.LP == nil {
			t.Errorf("the lagrange line has nodes and lp, and no SAT stats: %s", r.stdout)
		}
		in, err := nrp.ReadFile(week)
		if err != nil {
			t.Fatal(err)
		}
		c, err := nrp.ReadCertificate(cert)
		if err != nil {
			t.Fatal(err)
		}
		if err := c.Check(context.Background(), in); err != nil || c.Bound != 5 {
			t.Errorf("certificate bound %d: %v", c.Bound, err)
		}
		c.Minima[0]--
		if err := c.Check(context.Background(), in); err == nil {
			t.Error("a certificate with a lowered minimum was accepted")
		}
		// Instance1 without the shortfall cut: the column generation
		// bound (558) is below the optimum 607; branch-and-price closes
		// the gap. With the cut, the root bound is 607.
		r = runPlancert(t, "", "nrp", "--method", "lagrange", "--no-shortfall-cut", "--timeout", "20s", inst1)
		if r.code != exitOK || !strings.Contains(r.stdout, "Instance1.txt: optimal, penalty 607") || !strings.Contains(r.stdout, "branch-and-price nodes") || strings.Contains(r.stdout, " 0 branch-and-price nodes") || strings.Contains(r.stdout, "shortfall") {
			t.Errorf("exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
		}
		r = runPlancert(t, "", "nrp", "--method", "lagrange", "--timeout", "20s", inst1)
		if r.code != exitOK || !strings.Contains(r.stdout, "Instance1.txt: optimal, penalty 607") || !strings.Contains(r.stdout, " 0 branch-and-price nodes, shortfall cut ≥ 6") {
			t.Errorf("exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
		}
		if r := runPlancert(t, "", "nrp", "--no-shortfall-cut", inst1); r.code != exitBadInput {
			t.Errorf("--no-shortfall-cut without lagrange: exit %d", r.code)
		}
		if r := runPlancert(t, "", "nrp", "--certificate", cert, inst1); r.code != exitBadInput {
			t.Errorf("--certificate without lagrange: exit %d", r.code)
		}
	})
	t.Run("check certificate", func(t *testing.T) {
		dir := t.TempDir()
		cert := filepath.Join(dir, "i1.json")
		if r := runPlancert(t, "", "nrp", "--method", "lagrange", "--no-shortfall-cut", "--certificate", cert, "--timeout", "20s", inst1); r.code != exitOK {
			t.Fatalf("exit %d, stderr %q", r.code, r.stderr)
		} else if !strings.Contains(r.stderr, "Instance1.txt: round 0: LP ") || strings.Contains(r.stdout, "round 0") {
			t.Errorf("progress belongs on stderr: stdout %q, stderr %q", r.stdout, r.stderr)
		}
		r := runPlancert(t, "", "nrp", "--json", "--check-certificate", cert, inst1)
		var line nrpCheckLine
		if err := json.Unmarshal([]byte(r.stdout), &line); err != nil || r.code != exitOK {
			t.Fatalf("exit %d, %v: %q %q", r.code, err, r.stdout, r.stderr)
		}
		if !line.Checked || line.Bound != 607 || line.TreeBound == nil || *line.TreeBound != 607 || line.RootBound >= 607 || line.Shortfall != nil {
			t.Errorf("got %s", r.stdout)
		}
		// With the shortfall cut: a root bound of 607, no tree.
		cut := filepath.Join(dir, "i1cut.json")
		if r := runPlancert(t, "", "nrp", "--method", "lagrange", "--certificate", cut, "--timeout", "20s", inst1); r.code != exitOK {
			t.Fatalf("exit %d, stderr %q", r.code, r.stderr)
		}
		r = runPlancert(t, "", "nrp", "--json", "--check-certificate", cut, inst1)
		line = nrpCheckLine{}
		if err := json.Unmarshal([]byte(r.stdout), &line); err != nil || r.code != exitOK {
			t.Fatalf("exit %d, %v: %q %q", r.code, err, r.stdout, r.stderr)
		}
		if !line.Checked || line.Bound != 607 || line.RootBound != 607 || line.TreeBound != nil || line.Shortfall == nil || *line.Shortfall != 6 {
			t.Errorf("got %s", r.stdout)
		}
		if r := runPlancert(t, "", "nrp", "--check-certificate", cut, inst1); r.code != exitOK || !strings.Contains(r.stdout, "penalty ≥ 607 (root bound, shortfall cut ≥ 6, K = 1000)") {
			t.Errorf("exit %d, stdout %q", r.code, r.stdout)
		}
		// A shortfall certificate claiming one more uncovered staff-shift
		// is an integrity failure.
		c, err := nrp.ReadCertificate(cut)
		if err != nil {
			t.Fatal(err)
		}
		c.Short.Bound++
		c.Short.L += c.Short.K
		badCut := filepath.Join(dir, "badcut.json")
		if err := writeFileAtomic(badCut, nil, c.Write); err != nil {
			t.Fatal(err)
		}
		if r := runPlancert(t, "", "nrp", "--check-certificate", badCut, inst1); r.code != exitIntegrity || !strings.Contains(r.stderr, "shortfall") {
			t.Errorf("corrupted shortfall: exit %d, stderr %q", r.code, r.stderr)
		}
		// A certificate claiming a higher root bound is an integrity failure.
		c, err = nrp.ReadCertificate(cert)
		if err != nil {
			t.Fatal(err)
		}
		c.Bound++
		bad := filepath.Join(dir, "bad.json")
		if err := writeFileAtomic(bad, nil, c.Write); err != nil {
			t.Fatal(err)
		}
		if r := runPlancert(t, "", "nrp", "--check-certificate", bad, inst1); r.code != exitIntegrity || !strings.Contains(r.stderr, "bound") {
			t.Errorf("corrupted certificate: exit %d, stderr %q", r.code, r.stderr)
		}
		// The certificate of another instance, or no certificate: bad input.
		week := filepath.Join("..", "..", "testdata", "nrp", "week.txt")
		if r := runPlancert(t, "", "nrp", "--check-certificate", cert, week); r.code != exitBadInput || !strings.Contains(r.stderr, "field instance") {
			t.Errorf("other instance: exit %d, stderr %q", r.code, r.stderr)
		}
		if r := runPlancert(t, "", "nrp", "--check-certificate", filepath.Join(dir, "none.json"), inst1); r.code != exitBadInput {
			t.Errorf("missing certificate: exit %d", r.code)
		}
	})
	t.Run("not proven", func(t *testing.T) {
		// The SAT method does not prove Instance9 in 100 ms: exit 3, with
		// the other method named.
		r := runPlancert(t, "", "nrp", "--timeout", "100ms", filepath.Join(rosteringDir, "Instance9.txt"))
		if r.code != exitNotProven || !strings.Contains(r.stderr, "not proven within the time limit; try --method lagrange") {
			t.Errorf("exit %d, stderr %q", r.code, r.stderr)
		}
	})
	t.Run("no file", func(t *testing.T) {
		if r := runPlancert(t, "", "nrp"); r.code != exitBadInput {
			t.Errorf("exit %d, want %d", r.code, exitBadInput)
		}
	})
}

// TestNRPHelpExitCodes: nrp's help has its own exit codes, not audit's
// (which name audit's flags).
func TestNRPHelpExitCodes(t *testing.T) {
	r := runPlancert(t, "", "nrp", "--help")
	if r.code != exitOK {
		t.Fatalf("exit %d, stderr %q", r.code, r.stderr)
	}
	_, codes, ok := strings.Cut(r.stdout, "Exit codes:\n")
	if !ok {
		t.Fatalf("no exit codes in\n%s", r.stdout)
	}
	codes, _, _ = strings.Cut(codes, "\n\n")
	for _, flag := range []string{"--brute", "--proof", "--task", "--crosscheck", "minimal core", "uniqueness"} {
		if strings.Contains(codes, flag) {
			t.Errorf("nrp's exit codes name audit's %q:\n%s", flag, codes)
		}
	}
	for _, want := range []string{"  0  ", "  1  ", "  2  ", "  3  ", "  4  ", "--timeout", "--check-certificate", "evaluator", "in the order 4, 2, 1, 3, 0"} {
		if !strings.Contains(codes, want) {
			t.Errorf("nrp's exit codes lack %q:\n%s", want, codes)
		}
	}
}
