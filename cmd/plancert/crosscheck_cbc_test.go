//go:build cbc

package main

import (
	"path/filepath"
	"testing"
)

// TestCrossCheckCBCGen: with CBC confirming every record, gen writes the
// same file byte for byte as without it, and exits 0.
func TestCrossCheckCBCGen(t *testing.T) {
	dir := t.TempDir()
	args := []string{"gen", "--family", "scheduling", "--n", "18", "--seed", "5", "--workers", "2"}
	plain := runPlancert(t, "", append(args, "--out", filepath.Join(dir, "plain.jsonl"))...)
	checked := runPlancert(t, "", append(args, "--out", filepath.Join(dir, "checked.jsonl"), "--crosscheck", "cbc")...)
	if plain.code != exitOK || checked.code != exitOK {
		t.Fatalf("exit %d and %d:\n%s\n%s", plain.code, checked.code, plain.stderr, checked.stderr)
	}
	a, b := readString(t, filepath.Join(dir, "plain.jsonl")), readString(t, filepath.Join(dir, "checked.jsonl"))
	if a != b || a == "" {
		t.Errorf("the cross-checked records differ from the plain ones (%d and %d bytes)", len(a), len(b))
	}
}

// TestCrossCheckCBCAudit: every example model is confirmed by CBC, and the
// report is the one without the cross-check.
func TestCrossCheckCBCAudit(t *testing.T) {
	files := exampleModels(t)
	plain := runPlancert(t, "", append([]string{"audit", "--json"}, files...)...)
	checked := runPlancert(t, "", append([]string{"audit", "--json", "--crosscheck", "cbc"}, files...)...)
	if plain.code != exitOK || checked.code != exitOK {
		t.Fatalf("exit %d and %d:\n%s\n%s", plain.code, checked.code, plain.stderr, checked.stderr)
	}
	if normalize(plain.stdout) != normalize(checked.stdout) {
		t.Errorf("reports differ\n--- plain\n%s\n--- cross-checked\n%s", plain.stdout, checked.stdout)
	}
}

// TestCrossCheckCBCLevels: at levels 3 and 5, CBC agrees with the SAT
// certification on the optimum and on uniqueness for a sample of tasks
// from four cores: the cross-checked run writes the plain run's file, byte
// for byte, and exits 0.
func TestCrossCheckCBCLevels(t *testing.T) {
	dir := t.TempDir()
	for _, level := range []string{"3", "5"} {
		args := []string{"gen", "--task", "emergency-planning,commuting,meeting-planning,work-assignment-scheduling",
			"--level", level, "--n", "4", "--seed", "3", "--workers", "2", "--timeout", "0"}
		plain := runPlancert(t, "", append(args, "--out", filepath.Join(dir, "plain.jsonl"))...)
		checked := runPlancert(t, "", append(args, "--out", filepath.Join(dir, "checked.jsonl"), "--crosscheck", "cbc")...)
		if plain.code != exitOK || checked.code != exitOK {
			t.Fatalf("level %s: exit %d and %d:\n%s\n%s", level, plain.code, checked.code, plain.stderr, checked.stderr)
		}
		a, b := readString(t, filepath.Join(dir, "plain.jsonl")), readString(t, filepath.Join(dir, "checked.jsonl"))
		if a != b || a == "" {
			t.Errorf("level %s: the cross-checked records differ from the plain ones (%d and %d bytes)", level, len(a), len(b))
		}
	}
}
