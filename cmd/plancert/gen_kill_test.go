//go:build unix

package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestMain runs plancert itself instead of the tests when PLANCERT_TEST_MAIN
// is set, so that a test can run it as a process of its own (and kill it)
// without building it.
func TestMain(m *testing.M) {
	if os.Getenv("PLANCERT_TEST_MAIN") == "1" {
		main()
	}
	os.Exit(m.Run())
}

// process is plancert running as a process of its own.
type process struct {
	cmd    *exec.Cmd
	stderr bytes.Buffer // read it only after done
	done   chan struct{}
	err    error // cmd.Wait's, after done
}

// startPlancert starts plancert with args as a process of its own, killed
// at the end of the test if it still runs.
func startPlancert(t *testing.T, args ...string) *process {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	p := &process{cmd: exec.Command(exe, args...), done: make(chan struct{})}
	p.cmd.Env = append(os.Environ(), "PLANCERT_TEST_MAIN=1")
	p.cmd.Stderr = &p.stderr
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		p.err = p.cmd.Wait()
		close(p.done)
	}()
	t.Cleanup(func() {
		p.cmd.Process.Kill()
		<-p.done
	})
	return p
}

// TestGenResumeAfterKill kills a gen with SIGKILL in the middle of its run:
// the finished records are in FILE.partial, --resume continues it (with
// another --workers) and the file is byte for byte the uninterrupted run's.
// While the gen is stopped, a second gen to the same --out is refused, and
// so is a resume with flags of another run. No time limit (--timeout 0), so
// that the records do not depend on the machine's load.
func TestGenResumeAfterKill(t *testing.T) {
	args := func(out string, extra ...string) []string {
		return append([]string{"gen", "--task", "meeting-planning", "--n", "40", "--seed", "5", "--timeout", "0", "--out", out}, extra...)
	}
	want := runPlancert(t, "", args("-")...)
	if want.code != exitOK || strings.Count(want.stdout, "\n") != 40 {
		t.Fatalf("uninterrupted run: exit %d: %s", want.code, want.stderr)
	}
	dir := t.TempDir()
	out := filepath.Join(dir, "suite.jsonl")
	partial := out + ".partial"
	p := startPlancert(t, args(out, "--workers", "2")...)
	for {
		data, _ := os.ReadFile(partial)
		if bytes.Count(data, []byte("\n")) >= 3 {
			break
		}
		select {
		case <-p.done:
			t.Fatalf("gen ended (%v) before %s held 3 records: %s", p.err, partial, &p.stderr)
		case <-time.After(time.Millisecond):
		}
	}
	// Stopped, the gen still holds --out.
	if err := p.cmd.Process.Signal(syscall.SIGSTOP); err != nil {
		t.Fatal(err)
	}
	for _, extra := range [][]string{nil, {"--resume"}} {
		if !lockHeld {
			break
		}
		r := runPlancert(t, "", args(out, extra...)...)
		if r.code != exitError || !strings.Contains(r.stderr, "another plancert gen is writing "+out) {
			t.Errorf("second gen %v while the first runs: exit %d: %s", extra, r.code, r.stderr)
		}
	}
	if err := p.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	<-p.done
	if _, err := os.Stat(out); err == nil {
		t.Fatalf("%s exists after the kill", out)
	}
	// A half-written last line, as a kill in the middle of a write leaves.
	f, err := os.OpenFile(partial, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString(`{"id":"meeting-planning/`); err != nil {
		t.Fatal(err)
	}
	f.Close()
	before := readString(t, partial)

	// Refused: a resume of another run, names the flags that differ; a
	// gen without --resume.
	refused := []struct {
		extra  []string
		code   exitCode
		stderr string
	}{
		{[]string{"--resume", "--seed", "6"}, exitBadInput, "--seed is 5 there, 6 here"},
		{[]string{"--resume", "--level", "2", "--n", "41"}, exitBadInput, "--n is 40 there, 41 here; --level is 1 there, 2 here"},
		{[]string{"--resume", "--determinacy", "value"}, exitBadInput, "--determinacy is unique there, value here"},
		{nil, exitBadInput, "add --resume to continue it, or remove it to start again"},
	}
	for _, tt := range refused {
		r := runPlancert(t, "", args(out, tt.extra...)...) // a later flag wins
		if r.code != tt.code || !strings.Contains(r.stderr, tt.stderr) {
			t.Errorf("gen %v after the kill: exit %d, want %d with %q: %s", tt.extra, r.code, tt.code, tt.stderr, r.stderr)
		}
		if readString(t, partial) != before {
			t.Fatalf("gen %v changed %s", tt.extra, partial)
		}
	}

	r := runPlancert(t, "", args(out, "--resume", "--workers", "1")...)
	if r.code != exitOK {
		t.Fatalf("resume: exit %d: %s", r.code, r.stderr)
	}
	for _, s := range []string{"dropping the half-written last line", "(already in " + partial + ")"} {
		if !strings.Contains(r.stderr, s) {
			t.Errorf("resume: stderr lacks %q:\n%s", s, r.stderr)
		}
	}
	if got := readString(t, out); got != want.stdout {
		t.Errorf("resumed file (%d bytes) differs from the uninterrupted run (%d bytes)", len(got), len(want.stdout))
	}
	onlyFile(t, dir, "suite.jsonl")
}

// TestGenOutNotRegular: an --out that is not a regular file (here a FIFO;
// a device such as /dev/null would be replaced by the rename) is refused.
func TestGenOutNotRegular(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	r := runPlancert(t, "", genArgs(fifo)...)
	if r.code != exitBadInput || !strings.Contains(r.stderr, "--out "+fifo+" is not a regular file") {
		t.Errorf("exit %d, want %d: %s", r.code, exitBadInput, r.stderr)
	}
	if info, err := os.Lstat(fifo); err != nil || info.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("the FIFO was replaced: %v, %v", info, err)
	}
	onlyFile(t, dir, "fifo")
}

// TestOutputNotRegular: every command that writes a file through
// writeFileAtomic refuses, before any work and with exit 2, a path that is
// not a regular file, and leaves it as it was. Before, "respond --out
// /dev/stdout" replaced /dev/stdout with a regular file (gen alone had
// its own check).
func TestOutputNotRegular(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	responses := filepath.Join(dir, "responses.jsonl")
	if r := runPlancert(t, "", "respond", "--suite", fixtureSuite, "--responder", "reference", "--out", responses); r.code != exitOK {
		t.Fatalf("respond: exit %d: %s", r.code, r.stderr)
	}
	for _, args := range [][]string{
		{"respond", "--suite", fixtureSuite, "--responder", "reference", "--out", fifo},
		{"score", "--suite", fixtureSuite, "--responses", responses, "--out", fifo},
		{"report", "--suite", fixtureSuite, "--responses", responses, "--md", fifo},
		{"export-model", "--format", "lp", "--out", fifo, filepath.Join("..", "..", "testdata", "models", "assignment-4x4.json")},
	} {
		r := runPlancert(t, "", args...)
		if r.code != exitBadInput || !strings.Contains(r.stderr, fifo+" is not a regular file") {
			t.Errorf("%s: exit %d, want %d naming the FIFO: %s", args[0], r.code, exitBadInput, r.stderr)
		}
		if info, err := os.Lstat(fifo); err != nil || info.Mode()&os.ModeNamedPipe == 0 {
			t.Fatalf("%s replaced the FIFO: %v, %v", args[0], info, err)
		}
	}
	if entries, err := os.ReadDir(dir); err != nil || len(entries) != 2 {
		t.Errorf("directory holds %v (%v), want only the FIFO and the responses", entries, err)
	}
}
