package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plancert/plancert/encode"
	"github.com/plancert/plancert/export"
)

// TestExportModel: every example model in every format is what the export
// package writes, on standard output and with --out.
func TestExportModel(t *testing.T) {
	dir := t.TempDir()
	for _, file := range exampleModels(t) {
		m := readModelFile(t, file)
		for _, f := range export.Formats {
			var want bytes.Buffer
			if err := export.Write(&want, m, f, "plancert export-model of "+file); err != nil {
				t.Fatal(err)
			}
			r := runPlancert(t, "", "export-model", "--format", string(f), file)
			if r.code != exitOK || r.stderr != "" || r.stdout != want.String() {
				t.Errorf("%s %s: exit %d, stderr %q, stdout equal: %v", file, f, r.code, r.stderr, r.stdout == want.String())
			}
			out := filepath.Join(dir, "model."+string(f))
			r = runPlancert(t, "", "export-model", "--format", string(f), "--out", out, file)
			got, err := os.ReadFile(out)
			if r.code != exitOK || r.stdout != "" || err != nil || string(got) != want.String() {
				t.Errorf("%s %s --out: exit %d, stdout %q, %v, file equal: %v", file, f, r.code, r.stdout, err, string(got) == want.String())
			}
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != len(export.Formats) {
		t.Errorf("%d files in the output folder, want %d (a temporary file left?)", len(entries), len(export.Formats))
	}
}

func readModelFile(t *testing.T, file string) *encode.Model {
	t.Helper()
	m, err := readModel(nil, file)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestExportModelStdinAndLevel(t *testing.T) {
	lex := filepath.Join(modelsDir, "lexicographic.json")
	data, err := os.ReadFile(lex)
	if err != nil {
		t.Fatal(err)
	}
	r := runPlancert(t, string(data), "export-model", "--format", "smt2", "-")
	if r.code != exitOK || !strings.Contains(r.stdout, "(set-option :opt.priority lex)") {
		t.Errorf("stdin: exit %d, stderr %q", r.code, r.stderr)
	}
	r = runPlancert(t, "", "export-model", "--format", "lp", "--level", "2", "--fixed", "15", lex)
	for _, want := range []string{`\ constraint "objective level 1 fixed" (linear)`, " first_price + second_price <= 15\n", " first_price + second_price >= 15\n", "Minimize\n obj: first_weight + 2 second_weight\n", "objective level 2"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("--level 2 --fixed 15: no %q in\n%s", want, r.stdout)
		}
	}
	r = runPlancert(t, "", "export-model", "--format", "mzn", "--level", "1", lex)
	if r.code != exitOK || !strings.Contains(r.stdout, "solve maximize 1*first_price + 1*second_price;") {
		t.Errorf("--level 1: exit %d, stderr %q\n%s", r.code, r.stderr, r.stdout)
	}
}

// TestExportModelErrors: usage errors exit 2 naming the flag; levels that
// do not fit one objective exit 1 and write nothing.
func TestExportModelErrors(t *testing.T) {
	dir := t.TempDir()
	wide := filepath.Join(dir, "wide.json")
	if err := os.WriteFile(wide, []byte(`{"variables": [{"name": "x", "type": "int", "lo": 0, "hi": 100000}, {"name": "y", "type": "int", "lo": 0, "hi": 100000}],
  "objective": [{"sense": "min", "terms": [{"var": "x", "coef": 1}]}, {"sense": "max", "terms": [{"var": "y", "coef": 1}]}]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	tsp := filepath.Join(modelsDir, "tsp-5.json")
	out := filepath.Join(dir, "out.lp")
	for _, tc := range []struct {
		args []string
		code exitCode
		msg  string
	}{
		{[]string{"--format", "lpx", tsp}, exitBadInput, `plancert: --format: "lpx" is not a format (want lp, mzn, smt2 or dimacs)`},
		{[]string{tsp}, exitBadInput, "plancert: --format is required (lp, mzn, smt2 or dimacs)"},
		{[]string{"--format", "lp"}, exitBadInput, "needs exactly one model FILE, got 0"},
		{[]string{"--format", "lp", tsp, tsp}, exitBadInput, "needs exactly one model FILE, got 2"},
		{[]string{"--format", "lp", "--fixed", "3", tsp}, exitBadInput, "plancert: --fixed needs --level"},
		{[]string{"--format", "lp", "--level", "2", tsp}, exitBadInput, "plancert: --level 2 needs --fixed with the optima of the 1 levels before it, got 0 values"},
		{[]string{"--format", "lp", "--level", "2", "--fixed", "x", tsp}, exitBadInput, `plancert: --fixed: "x" is not an integer`},
		{[]string{"--format", "lp", "--level", "-1", tsp}, exitBadInput, "plancert: --level must be at least 1, got -1"},
		{[]string{"--format", "lp", "--level", "2", "--fixed", "3", tsp}, exitBadInput, "tsp-5.json: --level 2: the model has 1 objective levels"},
		{[]string{"--format", "lp", filepath.Join(dir, "missing.json")}, exitBadInput, "missing.json: no such file or directory"},
		{[]string{"--format", "mzn", "--out", out, wide}, exitError, "wide.json: mzn cannot hold the 2 objective levels in one objective (the weights would reach 1e+10, beyond 1e9); write one level at a time: --level 1, then --level 2 --fixed <optimum of level 1>, and so on"},
	} {
		r := runPlancert(t, "", append([]string{"export-model"}, tc.args...)...)
		if r.code != tc.code || !strings.Contains(r.stderr, tc.msg) || r.stdout != "" {
			t.Errorf("%v: exit %d, stderr %q; want exit %d with %q", tc.args, r.code, r.stderr, tc.code, tc.msg)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("%d entries in %s, want only wide.json", len(entries), dir)
	}
}
