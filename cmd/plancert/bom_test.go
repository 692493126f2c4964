package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestByteOrderMark runs the commands that read input files on copies saved
// with a UTF-8 byte order mark (as Windows editors save them): each prints
// what it prints for the file without the mark.
func TestByteOrderMark(t *testing.T) {
	plain, marked := t.TempDir(), t.TempDir()
	put := func(name string, data []byte) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(plain, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(marked, name), append([]byte("\uFEFF"), data...), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	copyIn := func(name, src string) {
		t.Helper()
		data, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		put(name, data)
	}
	copyIn("suite.jsonl", fixtureSuite)
	copyIn("responses.jsonl", fixtureResponses)
	copyIn("response.txt", fixtureResponse)
	copyIn("model.json", filepath.Join(modelsDir, "lexicographic.json"))
	copyIn("week.txt", filepath.Join("..", "..", "testdata", "nrp", "week.txt"))
	copyIn("calendar.json", filepath.Join("..", "..", "testdata", "natural-plan", "calendar_scheduling.json"))
	suite, err := os.ReadFile(fixtureSuite)
	if err != nil {
		t.Fatal(err)
	}
	put("one.jsonl", suite[:bytes.IndexByte(suite, '\n')+1])
	// The certificate is written for the plain instance, then copied.
	cert := filepath.Join(t.TempDir(), "week.cert.json")
	if r := runPlancert(t, "", "nrp", "--method", "lagrange", "--certificate", cert, "--timeout", "20s", filepath.Join(plain, "week.txt")); r.code != exitOK {
		t.Fatalf("nrp --certificate: exit %d, %s", r.code, r.stderr)
	}
	copyIn("week.cert.json", cert)

	for _, args := range [][]string{
		{"score", "--suite", "DIR/suite.jsonl", "--responses", "DIR/responses.jsonl"},
		{"report", "--suite", "DIR/suite.jsonl", "--responses", "DIR/responses.jsonl"},
		{"verify", "--json", "--suite", "DIR/suite.jsonl", "--id", "meeting-planning/cross-team/1", "--response", "DIR/response.txt"},
		{"show", "--suite", "DIR/suite.jsonl"},
		{"audit", "--json", "DIR/model.json"},
		{"audit", "--json", "--task", "meeting-planning", "DIR/one.jsonl"},
		{"nrp", "--json", "DIR/week.txt"},
		{"nrp", "--json", "--check-certificate", "DIR/week.cert.json", "PLAIN/week.txt"},
		{"import", "natural-plan", "--json", "--file", "DIR/calendar.json"},
	} {
		name := strings.Join(args, " ")
		with := func(dir string) result {
			a := make([]string, len(args))
			for i, s := range args {
				a[i] = strings.ReplaceAll(strings.ReplaceAll(s, "DIR", dir), "PLAIN", plain)
			}
			r := runPlancert(t, "", a...)
			dirs := strings.NewReplacer(marked, "DIR", plain, "DIR")
			r.stdout, r.stderr = normalize(dirs.Replace(r.stdout)), dirs.Replace(r.stderr)
			return r
		}
		want, got := with(plain), with(marked)
		if want.code != exitOK {
			t.Errorf("%s: exit %d without the mark: %s", name, want.code, want.stderr)
			continue
		}
		if got.code != want.code || got.stdout != want.stdout {
			t.Errorf("%s with a byte order mark: exit %d, stderr %q\nstdout %q\nwant   %q", name, got.code, got.stderr, got.stdout, want.stdout)
		}
	}
}
