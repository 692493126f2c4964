package nrp

import (
	"os"
	"path/filepath"
	"testing"
)

// dataDir is the repository's copy of the benchmark data
// (testdata/external/rostering; see testdata/external/README.md).
const dataDir = "../../testdata/external/rostering"

// dataFile returns the path of a benchmark file, failing the test when the
// data directory is missing.
func dataFile(t testing.TB, name string) string {
	t.Helper()
	p := filepath.Join(dataDir, name)
	if _, err := os.Stat(p); err != nil {
		t.Fatalf("benchmark data: %v (the tests read the repository's copy of it in testdata/external)", err)
	}
	return p
}
