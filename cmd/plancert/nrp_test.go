package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// rosteringDir holds the Curtois & Qu instances, seen from this package.
const rosteringDir = "../../../shared/data/rostering"

func TestNRPCommand(t *testing.T) {
	inst1 := filepath.Join(rosteringDir, "Instance1.txt")
	if _, err := os.Stat(inst1); err != nil {
		t.Fatalf("benchmark data: %v (the tests read ../shared/data beside the clone)", err)
	}
	bad := filepath.Join(t.TempDir(), "bad.txt")
	if err := os.WriteFile(bad, []byte("SECTION_HORIZON\nseven\n"), 0o644); err != nil {
		t.Fatal(err)
	}

	t.Run("json", func(t *testing.T) {
		r := runPlancert(t, "", "nrp", "--json", inst1)
		if r.code != exitOK {
			t.Fatalf("exit %d, stderr %q", r.code, r.stderr)
		}
		var line nrpLine
		if err := json.Unmarshal([]byte(r.stdout), &line); err != nil {
			t.Fatalf("%v: %q", err, r.stdout)
		}
		if line.Status != "optimal" || line.Penalty == nil || *line.Penalty != 607 || line.Bound == nil || *line.Bound != 607 {
			t.Errorf("got %s", r.stdout)
		}
		if line.On+line.Off+line.Under+line.Over != 607 || len(line.Roster) != 8 {
			t.Errorf("penalty parts or roster wrong: %s", r.stdout)
		}
	})
	t.Run("text with roster", func(t *testing.T) {
		r := runPlancert(t, "", "nrp", "--roster", inst1)
		if r.code != exitOK || !strings.Contains(r.stdout, "Instance1.txt: optimal, penalty 607 (on ") || strings.Count(r.stdout, "\n") != 9 {
			t.Errorf("exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
		}
	})
	t.Run("bad input", func(t *testing.T) {
		r := runPlancert(t, "", "nrp", bad, inst1)
		if r.code != exitBadInput {
			t.Errorf("exit %d, want %d", r.code, exitBadInput)
		}
		if want := `bad.txt:2: SECTION_HORIZON: field days: not an integer: "seven"`; !strings.Contains(r.stderr, want) {
			t.Errorf("stderr %q lacks %q", r.stderr, want)
		}
		if !strings.Contains(r.stdout, "optimal, penalty 607") {
			t.Errorf("the good file after the bad one was not solved: %q", r.stdout)
		}
	})
	t.Run("no file", func(t *testing.T) {
		if r := runPlancert(t, "", "nrp"); r.code != exitBadInput {
			t.Errorf("exit %d, want %d", r.code, exitBadInput)
		}
	})
}
