package main

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"
)

// allDifferentJSON is a model of n integers in [0, 2^20) that are all
// different: a few lines of JSON whose CNF has n·2^20 order literals and
// more as many value literals.
func allDifferentJSON(n int) string {
	var vars, names []string
	for i := range n {
		vars = append(vars, fmt.Sprintf(`{"name": "x%d", "type": "int", "lo": 0, "hi": %d}`, i, 1<<20-1))
		names = append(names, fmt.Sprintf(`"x%d"`, i))
	}
	return `{"variables": [` + strings.Join(vars, ", ") + `], "constraints": [{"name": "diff", "type": "all_different", "vars": [` + strings.Join(names, ", ") + `]}]}`
}

// TestAuditTimeoutBoundsEncoding: --timeout stops the encoding into CNF,
// not only the search. Two and four integers in [0, 2^20) with
// all_different take 5 and 15 million clauses, which took 15 s and more to
// encode whatever --timeout said; at --timeout 1s they are not proven
// (exit 3) and the run ends promptly, the message saying that the time ran
// out before the first solve. The bound is loose for a loaded machine.
func TestAuditTimeoutBoundsEncoding(t *testing.T) {
	for _, n := range []int{2, 4} {
		file := writeFile(t, fmt.Sprintf("alldiff-%d.json", n), allDifferentJSON(n))
		start := time.Now()
		res := runPlancert(t, "", "audit", "--timeout", "1s", file)
		if took := time.Since(start); took >= 10*time.Second {
			t.Errorf("%d integers: took %v at --timeout 1s, want well under 10 s", n, took)
		}
		if res.code != exitNotProven || !strings.Contains(res.stderr, "the time ran out before the first solve") {
			t.Errorf("%d integers: exit %d, want 3 with the time running out while encoding: %s", n, res.code, res.stderr)
		}
	}
}

// TestAuditRefusesTooLarge: 200 integers in [0, 2^20) with all_different
// (a CNF of hundreds of GiB, which filled 24 GB before the kernel killed
// plancert) are refused before anything is encoded, with the estimate in
// the message (exit 1, as for a model too large for --brute), at once and
// in little memory; a smaller budget refuses a smaller model, and a
// budget of 0 is none.
func TestAuditRefusesTooLarge(t *testing.T) {
	file := writeFile(t, "alldiff-200.json", allDifferentJSON(200))
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	start := time.Now()
	res := runPlancert(t, "", "audit", file)
	took := time.Since(start)
	runtime.ReadMemStats(&after)
	if res.code != exitError {
		t.Fatalf("exit %d, want 1: %s", res.code, res.stderr)
	}
	for _, want := range []string{"alldiff-200.json: refused: the model's CNF would take about ", " GiB, more than --max-memory 16 GiB (at most ", " variables, ", "estimated from the model before encoding"} {
		if !strings.Contains(res.stderr, want) {
			t.Errorf("stderr lacks %q: %s", want, res.stderr)
		}
	}
	if took >= 10*time.Second {
		t.Errorf("refusal took %v", took)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 64<<20 {
		t.Errorf("refusal allocated %d MiB, want little", alloc>>20)
	}

	small := writeFile(t, "alldiff-2.json", allDifferentJSON(2))
	res = runPlancert(t, "", "audit", "--max-memory", "100MiB", "--dimacs", small+".cnf", small)
	if res.code != exitError || !strings.Contains(res.stderr, "more than --max-memory 100 MiB") {
		t.Errorf("--max-memory 100MiB: exit %d, want 1: %s", res.code, res.stderr)
	}
	if res.stdout != "" {
		t.Errorf("a refused model printed %q", res.stdout)
	}
	res = runPlancert(t, "", "audit", "--max-memory", "0", "--timeout", "1s", small)
	if res.code != exitNotProven {
		t.Errorf("--max-memory 0: exit %d, want 3 (no budget, out of time): %s", res.code, res.stderr)
	}
}

// TestMaxMemoryFlag: sizes with binary and decimal units; anything else
// is a usage error naming the flag.
func TestMaxMemoryFlag(t *testing.T) {
	for in, want := range map[string]byteSize{"0": 0, "4096": 4096, "4GiB": 4 << 30, "1.5G": 3 << 29, "2 MB": 2e6, "16gib": 16 << 30, "1KiB": 1024} {
		var b byteSize
		if err := b.Set(in); err != nil || b != want {
			t.Errorf("Set(%q) = %d, %v; want %d", in, b, err, want)
		}
	}
	for _, in := range []string{"", "-1GiB", "4 parsecs", "GiB", "1e30"} {
		var b byteSize
		if err := b.Set(in); err == nil {
			t.Errorf("Set(%q) = %d, want an error", in, b)
		}
	}
	res := runPlancert(t, "", "audit", "--max-memory", "lots", "x.json")
	if res.code != exitBadInput || !strings.Contains(res.stderr, "--max-memory") {
		t.Errorf("exit %d, want 2 naming the flag: %s", res.code, res.stderr)
	}
}
