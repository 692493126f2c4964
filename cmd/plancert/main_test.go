package main

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// update rewrites the golden files: go test ./cmd/plancert -update
var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

var longFlag = flag.Bool("long", false, "run the long tests (also PLANCERT_LONG=1)")

// long reports whether the long tests run: -long, or PLANCERT_LONG set.
func long() bool { return *longFlag || os.Getenv("PLANCERT_LONG") != "" }

// modelsDir holds the example models, seen from this package's directory.
const modelsDir = "../../testdata/models"

// result is what one in-process run of plancert printed and returned.
type result struct {
	stdout, stderr string
	code           exitCode
}

// runPlancert runs the root command in-process with args and stdin.
func runPlancert(t *testing.T, stdin string, args ...string) result {
	t.Helper()
	var out, errOut bytes.Buffer
	ios := &iostreams{In: strings.NewReader(stdin), Out: &out, ErrOut: &errOut}
	code := run(context.Background(), args, ios)
	return result{out.String(), errOut.String(), code}
}

// exampleModels returns the example model files.
func exampleModels(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(modelsDir, "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatalf("no example models in %s", modelsDir)
	}
	return files
}

var (
	wallMS   = regexp.MustCompile(`"wall_ms":[0-9.eE+-]+`)
	wallText = regexp.MustCompile(`(?m)^(  stats .*, )[0-9.]+ m?s$`)
)

// normalize replaces the time figures, which vary from run to run.
func normalize(s string) string {
	s = wallMS.ReplaceAllString(s, `"wall_ms":0`)
	return wallText.ReplaceAllString(s, "${1}<time>")
}

// golden compares got with testdata/golden/name, or rewrites it with -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name)
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./cmd/plancert -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("output differs from %s (run go test ./cmd/plancert -update if the change is intended)\n--- got\n%s\n--- want\n%s", path, got, want)
	}
}
