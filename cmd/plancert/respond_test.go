package main

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// responseIDs returns the ids of the responses in file, in order.
func responseIDs(t *testing.T, file string) []string {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var ids []string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		var r struct{ ID, Response string }
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		ids = append(ids, r.ID)
	}
	return ids
}

// TestRespondCommandFailureGoesOn: a command that fails for one record
// (the exam record of the fixture) is reported and the run goes on: the
// other records are answered and written, the exit code is 1; --resume
// then asks only the failed record, and the file is in suite order. Before,
// the first failure discarded every answer and wrote no file.
func TestRespondCommandFailureGoesOn(t *testing.T) {
	recs, _ := verifyFixture(t)
	dir := t.TempDir()
	out := filepath.Join(dir, "responses.jsonl")
	failing := `input=$(cat); case "$input" in *"final exams"*) echo boom >&2; exit 1;; esac; echo no plan`
	res := runPlancert(t, "", "respond", "--suite", fixtureSuite, "--responder", "command", "--cmd", failing, "--out", out)
	if res.code != exitError {
		t.Fatalf("exit %d, want 1: %s", res.code, res.stderr)
	}
	failedID := "exam-scheduling/finals-week/1"
	for _, want := range []string{"4 of 5 records answered by command", "1 failed", failedID + ": command failed: exit status 1: boom", "--resume"} {
		if !strings.Contains(res.stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, res.stderr)
		}
	}
	var want []string
	for _, r := range recs {
		if r.ID != failedID {
			want = append(want, r.ID)
		}
	}
	if got := responseIDs(t, out); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Fatalf("written %v, want every record but the failed one: %v", got, want)
	}

	// score counts the failed record as a missing response.
	sc := runPlancert(t, "", "score", "--json", "--suite", fixtureSuite, "--responses", out)
	if sc.code != exitOK || !strings.Contains(sc.stdout, `"no_response":1`) {
		t.Errorf("score: exit %d, want no_response 1: %s%s", sc.code, sc.stdout, sc.stderr)
	}

	log := filepath.Join(dir, "asked.txt")
	counting := `input=$(cat); case "$input" in *"final exams"*) echo exam >> ` + log + `;; *) echo other >> ` + log + `;; esac; echo no plan`
	res = runPlancert(t, "", "respond", "--suite", fixtureSuite, "--responder", "command", "--cmd", counting, "--out", out, "--resume")
	if res.code != exitOK {
		t.Fatalf("--resume: exit %d, want 0: %s", res.code, res.stderr)
	}
	if asked, _ := os.ReadFile(log); string(asked) != "exam\n" {
		t.Errorf("--resume asked %q, want only the failed record", asked)
	}
	if !strings.Contains(res.stderr, "5 of 5 records answered by command") || !strings.Contains(res.stderr, "4 already in") {
		t.Errorf("stderr: %s", res.stderr)
	}
	var all []string
	for _, r := range recs {
		all = append(all, r.ID)
	}
	if got := responseIDs(t, out); strings.Join(got, " ") != strings.Join(all, " ") {
		t.Errorf("after --resume: %v, want every record in suite order: %v", got, all)
	}
}

// TestRespondResumeForeignFile: --resume refuses a file that holds a
// response to a record not in the suite, and leaves it as it was.
func TestRespondResumeForeignFile(t *testing.T) {
	out := filepath.Join(t.TempDir(), "responses.jsonl")
	body := `{"id":"other/suite/1","response":"x"}` + "\n"
	if err := os.WriteFile(out, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	res := runPlancert(t, "", "respond", "--suite", fixtureSuite, "--responder", "reference", "--out", out, "--resume")
	if res.code != exitBadInput || !strings.Contains(res.stderr, `line 1: id: no record of the suite has the id "other/suite/1"`) {
		t.Errorf("exit %d, want 2 naming the line: %s", res.code, res.stderr)
	}
	if got, _ := os.ReadFile(out); string(got) != body {
		t.Errorf("--out changed to %q", got)
	}
}

// TestRespondTimeoutKillsChildren: a command whose shell starts a child
// that sleeps 20 s is stopped at --responder-timeout, child included, for
// every record: the run ends well before 20 s (before the fix it took 20 s
// per record). The bound is loose for a loaded machine.
func TestRespondTimeoutKillsChildren(t *testing.T) {
	out := filepath.Join(t.TempDir(), "responses.jsonl")
	start := time.Now()
	res := runPlancert(t, "", "respond", "--suite", fixtureSuite, "--responder", "command", "--cmd", "sleep 20; echo hi",
		"--responder-timeout", "200ms", "--out", out)
	if took := time.Since(start); took >= 10*time.Second {
		t.Errorf("took %v, want well under 20 s", took)
	}
	if res.code != exitError || !strings.Contains(res.stderr, "command timed out after 200ms") {
		t.Errorf("exit %d, want 1 with the timeout: %s", res.code, res.stderr)
	}
	if ids := responseIDs(t, out); len(ids) != 0 {
		t.Errorf("written %v, want an empty file", ids)
	}
}

// TestRespondTimeoutFlag: a negative or zero --responder-timeout is a
// usage error (it was accepted before).
func TestRespondTimeoutFlag(t *testing.T) {
	for _, d := range []string{"-1s", "0s"} {
		res := runPlancert(t, "", "respond", "--suite", fixtureSuite, "--responder", "command", "--cmd", "cat",
			"--responder-timeout", d, "--out", filepath.Join(t.TempDir(), "r.jsonl"))
		if res.code != exitBadInput || !strings.Contains(res.stderr, "--responder-timeout must be positive, got "+d) {
			t.Errorf("%s: exit %d, want 2: %s", d, res.code, res.stderr)
		}
	}
}

// TestRespondResumeInterrupted: Ctrl-C during a resumed run keeps the
// responses of the earlier run, also those of records after the point of
// the interrupt, and exits 1.
func TestRespondResumeInterrupted(t *testing.T) {
	recs, _ := verifyFixture(t)
	out := filepath.Join(t.TempDir(), "responses.jsonl")
	body := `{"id":"` + recs[1].ID + `","response":"one"}` + "\n" + `{"id":"` + recs[3].ID + `","response":"three"}` + "\n"
	if err := os.WriteFile(out, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var errOut strings.Builder
	opts := &respondOptions{IO: &iostreams{ErrOut: &errOut}, Suite: fixtureSuite, Responder: "reference", Timeout: time.Minute, Out: out, Resume: true}
	err := runRespond(ctx, opts)
	if exitCodeOf(err) != exitError || !strings.Contains(errOut.String(), "interrupted; 3 records not asked") {
		t.Errorf("got %v (exit %d), want interrupted: %s", err, exitCodeOf(err), errOut.String())
	}
	if got, _ := os.ReadFile(out); string(got) != body {
		t.Errorf("--out is %q, want the earlier responses %q", got, body)
	}
}
