package main

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plancert/plancert/domains"
)

// TestScoreIntegrityAlarm: a suite whose certified optimum is beaten by a
// feasible answer (a tampered certificate) makes score and verify exit
// with the integrity status and say so, instead of printing a score.
func TestScoreIntegrityAlarm(t *testing.T) {
	f, err := os.Open("../../testdata/verify/suite.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	dir := t.TempDir()
	suite := filepath.Join(dir, "suite.jsonl")
	var lines []string
	id := ""
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		var rec domains.Record
		if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
			t.Fatal(err)
		}
		if id == "" && rec.Reference.Feasible {
			id = rec.ID
			rec.Reference.Objective[0]++ // claim a worse optimum than the truth
		}
		b, _ := rec.Encode() // a new hash: as a plancert with a wrong certificate writes it
		lines = append(lines, strings.TrimSuffix(string(b), "\n"))
	}
	if id == "" {
		t.Fatal("no feasible record")
	}
	if err := os.WriteFile(suite, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	resp := filepath.Join(dir, "ref.jsonl")
	if r := runPlancert(t, "", "respond", "--suite", suite, "--responder", "reference", "--out", resp); r.code != exitOK {
		t.Fatalf("respond: %d %s", r.code, r.stderr)
	}
	r := runPlancert(t, "", "score", "--suite", suite, "--responses", resp)
	if r.code != exitIntegrity || !strings.Contains(r.stderr, "INTEGRITY ALARM") || !strings.Contains(r.stderr, id) {
		t.Fatalf("score: exit %d, stderr %q", r.code, r.stderr)
	}
}
