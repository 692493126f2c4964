package main

import (
	"os"
	"runtime/debug"
	"testing"
)

func TestSetSolvingGC(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))

	t.Setenv("GOGC", "")
	// An empty GOGC is still set: the user's choice (Go reads it as 100).
	debug.SetGCPercent(100)
	if got := setSolvingGC(); got != 100 {
		t.Errorf("GOGC set: target %d, want the runtime's 100 untouched", got)
	}
	debug.SetGCPercent(250)
	if got := setSolvingGC(); got != 250 {
		t.Errorf("GOGC set: target %d, want 250 untouched", got)
	}
}

func TestSetSolvingGCDefault(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	unsetenv(t, "GOGC")
	debug.SetGCPercent(100)
	if got := setSolvingGC(); got != solvingGCPercent {
		t.Errorf("GOGC unset: target %d, want %d", got, solvingGCPercent)
	}
	if got := debug.SetGCPercent(100); got != solvingGCPercent {
		t.Errorf("runtime target %d after setSolvingGC, want %d", got, solvingGCPercent)
	}
}

// unsetenv removes key for the test and restores it after.
func unsetenv(t *testing.T, key string) {
	t.Helper()
	t.Setenv(key, "") // registers the restore of the old value
	if err := os.Unsetenv(key); err != nil {
		t.Fatal(err)
	}
}
