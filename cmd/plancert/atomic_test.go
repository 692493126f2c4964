//go:build unix

package main

import (
	"io"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestWriteFileAtomicRemovesStaleTemps: the temporary files of the path
// that a killed writer left (no process holds them) are removed; one that
// a live writer holds locked, and the files of other names, stay.
func TestWriteFileAtomicRemovesStaleTemps(t *testing.T) {
	if !lockHeld {
		t.Skip("no file locks here")
	}
	dir := t.TempDir()
	out := filepath.Join(dir, "responses.jsonl")
	files := map[string]bool{ // name: stays
		".responses.jsonl.123.tmp":        false,
		".responses.jsonl.4294967295.tmp": false,
		".responses.jsonl.77.tmp":         true, // held below
		".responses.jsonl.partial.tmp":    true, // not a temporary file of writeFileAtomic
		".responses.jsonl..tmp":           true,
		".other.jsonl.123.tmp":            true,
		"responses.jsonl.123.tmp":         true,
	}
	for name := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("half a line"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	held, err := os.Open(filepath.Join(dir, ".responses.jsonl.77.tmp"))
	if err != nil {
		t.Fatal(err)
	}
	defer held.Close()
	if err := lockFile(held); err != nil {
		t.Fatal(err)
	}
	err = writeFileAtomic(out, nil, func(w io.Writer) error {
		_, err := io.WriteString(w, "whole\n")
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if got := readString(t, out); got != "whole\n" {
		t.Errorf("%s holds %q", out, got)
	}
	want := []string{"responses.jsonl"}
	for name, stays := range files {
		if stays {
			want = append(want, name)
		}
	}
	slices.Sort(want)
	if got := dirNames(t, dir); !slices.Equal(got, want) {
		t.Errorf("directory holds %q, want %q", got, want)
	}
}

// TestEvalAfterKillLeavesNoTemp: an eval killed while it wrote --out left
// its temporary file; the same command again finishes the file and
// removes it.
func TestEvalAfterKillLeavesNoTemp(t *testing.T) {
	suite, records := evalTestSuite(t)
	m := newFakeModel(t, records, halfRight(records))
	dir := t.TempDir()
	out := filepath.Join(dir, "responses.jsonl")
	stale := filepath.Join(dir, ".responses.jsonl.2871234401.tmp")
	if err := os.WriteFile(stale, []byte(`{"id":"meeting-planning/`), 0o600); err != nil {
		t.Fatal(err)
	}
	r := runPlancert(t, "", "eval", "--suite", suite, "--endpoint", m.endpoint(), "--model", "fake-1",
		"--cache", t.TempDir(), "--out", out)
	if r.code != exitOK {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	onlyFile(t, dir, "responses.jsonl")
}

// dirNames returns the names in dir, sorted.
func dirNames(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}
