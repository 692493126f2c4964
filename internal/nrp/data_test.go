package nrp

import (
	"os"
	"path/filepath"
	"testing"
)

// dataDir is the benchmark data beside the repository (see the README:
// tests read ../shared/data relative to the clone).
const dataDir = "../../../shared/data/rostering"

// dataFile returns the path of a benchmark file, failing the test when the
// data directory is missing.
func dataFile(t testing.TB, name string) string {
	t.Helper()
	p := filepath.Join(dataDir, name)
	if _, err := os.Stat(p); err != nil {
		t.Fatalf("benchmark data: %v (the tests read ../shared/data beside the clone)", err)
	}
	return p
}
