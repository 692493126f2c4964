package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plancert/plancert/report"
)

const (
	verifySuite     = "../../testdata/verify/suite.jsonl"
	verifyResponses = "../../testdata/verify/responses.jsonl"
)

// TestReportCommand runs "plancert report" on the example suite: text by
// default, JSON with --json, and the Markdown and HTML files.
func TestReportCommand(t *testing.T) {
	r := runPlancert(t, "", "report", "--suite", verifySuite, "--responses", verifyResponses)
	if r.code != exitOK || r.stderr != "" {
		t.Fatalf("exit %d, stderr %q", r.code, r.stderr)
	}
	for _, want := range []string{"Summary\n", "Error kinds\n", "By task\n", "By tier mix\n", "By checklist length\n", "By prompt length\n", "Constraint units\n", "responses.jsonl"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("the text report has no %q:\n%s", want, r.stdout)
		}
	}

	dir := t.TempDir()
	md, page := filepath.Join(dir, "r.md"), filepath.Join(dir, "r.html")
	r = runPlancert(t, "", "report", "--json", "--suite", verifySuite, "--responses", verifyResponses,
		"--compare", verifyResponses, "--md", md, "--html", page, "--resamples", "500", "--seed", "3")
	if r.code != exitOK || r.stderr != "" {
		t.Fatalf("exit %d, stderr %q", r.code, r.stderr)
	}
	var in report.Input
	if err := json.Unmarshal([]byte(r.stdout), &in); err != nil {
		t.Fatalf("--json: %v\n%s", err, r.stdout)
	}
	c := in.Comparison
	if len(in.Sets) != 2 || c == nil || in.Sets[0].Name != "A" || in.Sets[1].Name != "B" {
		t.Fatalf("--json: %+v", in)
	}
	// The same responses compared with themselves: every pair concordant.
	if c.OnlyA != 0 || c.OnlyB != 0 || c.McNemarP != 1 || c.AvgPassDiff.Mean != 0 || c.AvgPassDiff.Lo != 0 || c.AvgPassDiff.Hi != 0 ||
		c.Resamples != 500 || c.Seed != 3 || c.Pairs != in.Sets[0].Analysis.N {
		t.Errorf("self-comparison %+v", c)
	}
	for _, f := range []string{md, page} {
		b, err := os.ReadFile(f)
		if err != nil || len(b) == 0 {
			t.Errorf("%s: %v, %d bytes", f, err, len(b))
		}
	}
	if b, _ := os.ReadFile(page); !strings.Contains(string(b), "<svg") {
		t.Error("the HTML page has no chart")
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".*.tmp")); len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

func TestReportErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.jsonl")
	if err := os.WriteFile(bad, []byte(`{"id": "nope", "response": ""}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		args []string
		code exitCode
		msg  string
	}{
		{"no suite", []string{"--responses", verifyResponses}, exitBadInput, "--suite is required"},
		{"no responses", []string{"--suite", verifySuite}, exitBadInput, "--responses is required"},
		{"stdin twice", []string{"--suite", "-", "--responses", verifyResponses, "--compare", "-"}, exitBadInput, "standard input"},
		{"resamples", []string{"--suite", verifySuite, "--responses", verifyResponses, "--resamples", "0"}, exitBadInput, "--resamples is 0; want 1 to"},
		{"too many resamples", []string{"--suite", verifySuite, "--responses", verifyResponses, "--resamples", "10000001"}, exitBadInput, "--resamples is 10000001"},
		{"same output", []string{"--suite", verifySuite, "--responses", verifyResponses, "--md", "x", "--html", "x"}, exitBadInput, "the same file"},
		{"unknown id", []string{"--suite", verifySuite, "--responses", verifyResponses, "--compare", bad}, exitBadInput, bad + `: line 1: field "id"`},
		{"missing file", []string{"--suite", verifySuite, "--responses", filepath.Join(dir, "none.jsonl")}, exitBadInput, "none.jsonl: no such file"},
		{"no directory", []string{"--suite", verifySuite, "--responses", verifyResponses, "--md", filepath.Join(dir, "no", "r.md")}, exitError, "--md: cannot create a file in"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := runPlancert(t, "", append([]string{"report"}, tt.args...)...)
			if r.code != tt.code || !strings.Contains(r.stderr, tt.msg) {
				t.Errorf("exit %d, stderr %q; want exit %d and %q", r.code, r.stderr, tt.code, tt.msg)
			}
		})
	}
}
