package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/encode"
	"github.com/plancert/plancert/gen"
	"github.com/plancert/plancert/solver"
	"github.com/plancert/plancert/solver/sat"
)

// genArgs are the flags of a small run of meeting-planning.
func genArgs(out string, extra ...string) []string {
	return append([]string{"gen", "--task", "meeting-planning", "--n", "10", "--seed", "3", "--out", out}, extra...)
}

// onlyFile fails unless dir holds exactly the file name (no temporary
// file left behind).
func onlyFile(t *testing.T, dir, name string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if len(names) != 1 || names[0] != name {
		t.Errorf("directory holds %q, want only %q", names, name)
	}
}

func readString(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func TestGenFile(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "suite.jsonl")
	r := runPlancert(t, "", genArgs(out)...)
	if r.code != exitOK || r.stdout != "" {
		t.Fatalf("exit %d\nstdout: %s\nstderr: %s", r.code, r.stdout, r.stderr)
	}
	onlyFile(t, dir, "suite.jsonl")
	data := readString(t, out)
	n := strings.Count(data, "\n")
	if n == 0 || !strings.HasSuffix(data, "\n") {
		t.Fatalf("%d records", n)
	}
	for _, s := range []string{"gen: 10/10 kept ", "gen:   kept ", ": meeting-planning\n", "gen: wrote " + out + "\n"} {
		if !strings.Contains(r.stderr, s) {
			t.Errorf("stderr lacks %q:\n%s", s, r.stderr)
		}
	}
	if info, err := os.Stat(out); err != nil || info.Mode().Perm() != 0o644 {
		t.Errorf("mode %v, %v", info.Mode(), err)
	}
	// The same run to standard output, with another worker count.
	r2 := runPlancert(t, "", genArgs("-", "--workers", "1")...)
	if r2.code != exitOK || r2.stdout != data {
		t.Errorf("--out - --workers 1: exit %d, output differs from the file (%s)", r2.code, r2.stderr)
	}
	// --json: the summary on stdout.
	r3 := runPlancert(t, "", genArgs(filepath.Join(dir, "again.jsonl"), "--json")...)
	var sum struct {
		Total   int            `json:"total"`
		Kept    int            `json:"kept"`
		Dropped map[string]int `json:"dropped"`
		PerTask map[string]int `json:"per_task"`
		Shard   string         `json:"shard"`
	}
	if err := json.Unmarshal([]byte(r3.stdout), &sum); err != nil || r3.code != exitOK {
		t.Fatalf("--json: exit %d, %v: %q", r3.code, err, r3.stdout)
	}
	if sum.Total != 10 || sum.Kept != n || sum.PerTask["meeting-planning"] != n || sum.Shard != "1/1" || sum.Dropped == nil {
		t.Errorf("--json summary %+v, %d records", sum, n)
	}
	if readString(t, filepath.Join(dir, "again.jsonl")) != data {
		t.Error("second run differs")
	}
}

func TestGenShards(t *testing.T) {
	whole := runPlancert(t, "", genArgs("-")...)
	var parts []string
	for _, k := range []string{"1/2", "2/2"} {
		r := runPlancert(t, "", genArgs("-", "--shard", k)...)
		if r.code != exitOK {
			t.Fatalf("--shard %s: exit %d: %s", k, r.code, r.stderr)
		}
		for _, l := range strings.SplitAfter(r.stdout, "\n") {
			if l != "" {
				parts = append(parts, l)
			}
		}
	}
	for _, l := range parts {
		if !strings.Contains(whole.stdout, l) {
			t.Errorf("a shard record is not in the whole run")
		}
	}
	if got, want := len(parts), strings.Count(whole.stdout, "\n"); got != want {
		t.Errorf("shards hold %d records, the run %d", got, want)
	}
}

func TestGenResume(t *testing.T) {
	dir := t.TempDir()
	full := filepath.Join(dir, "full.jsonl")
	if r := runPlancert(t, "", genArgs(full)...); r.code != exitOK {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	want := readString(t, full)
	if strings.Count(want, "\n") < 2 {
		t.Skip("too few records")
	}
	// A crash in the middle of the second line.
	second := strings.Index(want, "\n") + 1
	cut := second + (strings.Index(want[second:], "\n"))/2
	dir2 := t.TempDir()
	out := filepath.Join(dir2, "suite.jsonl")
	if err := os.WriteFile(out, []byte(want[:cut]), 0o644); err != nil {
		t.Fatal(err)
	}
	r := runPlancert(t, "", genArgs(out, "--resume")...)
	if r.code != exitOK {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	if got := readString(t, out); got != want {
		t.Errorf("resumed file differs from the uninterrupted run:\n%s", r.stderr)
	}
	for _, s := range []string{"half-written last line (line 2", "skipped 1 (already in"} {
		if !strings.Contains(r.stderr, s) {
			t.Errorf("stderr lacks %q:\n%s", s, r.stderr)
		}
	}
	onlyFile(t, dir2, "suite.jsonl")
	// Resuming a finished file changes nothing; resuming a missing one
	// makes it.
	if r := runPlancert(t, "", genArgs(out, "--resume")...); r.code != exitOK || readString(t, out) != want {
		t.Errorf("second resume: exit %d: %s", r.code, r.stderr)
	}
	fresh := filepath.Join(t.TempDir(), "fresh.jsonl")
	if r := runPlancert(t, "", genArgs(fresh, "--resume")...); r.code != exitOK || readString(t, fresh) != want {
		t.Errorf("resume without a file: exit %d: %s", r.code, r.stderr)
	}
	// A file of another run is refused, and left as it was.
	other := filepath.Join(t.TempDir(), "other.jsonl")
	foreign := `{"id":"meeting-planning/cross-team/1","task":"meeting-planning","level":1}` + "\n"
	if err := os.WriteFile(other, []byte(foreign+want), 0o644); err != nil {
		t.Fatal(err)
	}
	r = runPlancert(t, "", genArgs(other, "--resume")...)
	if r.code != exitBadInput || !strings.Contains(r.stderr, other+": line 1: record meeting-planning/cross-team/1 is not a record of this run") || readString(t, other) != foreign+want {
		t.Errorf("foreign record: exit %d: %s", r.code, r.stderr)
	}
	onlyFile(t, filepath.Dir(other), "other.jsonl")
	for _, tt := range []struct {
		args   []string
		stderr string
	}{
		{genArgs(out, "--resume", "--seed", "4"), "another --seed, --n, --shard or --max-draws"},
		{genArgs(out, "--resume", "--level", "2"), "it is of level 1, this run's --level is 2"},
		{[]string{"gen", "--task", "exam-scheduling", "--n", "10", "--seed", "3", "--out", out, "--resume"}, "its task meeting-planning is not one of this run's (--task/--family)"},
		{genArgs(out, "--resume", "--shard", "2/2"), "another --seed, --n, --shard or --max-draws"},
	} {
		r := runPlancert(t, "", tt.args...)
		if r.code != exitBadInput || !strings.Contains(r.stderr, out+": line 1: record ") || !strings.Contains(r.stderr, tt.stderr) {
			t.Errorf("%v: exit %d, want %d with %q: %s", tt.args[1:], r.code, exitBadInput, tt.stderr, r.stderr)
		}
		if readString(t, out) != want {
			t.Errorf("%v changed the file", tt.args[1:])
		}
	}
	// A run with a larger --n extends the file: the records of the smaller
	// run are its first ones.
	r = runPlancert(t, "", genArgs(out, "--resume", "--n", "12")...)
	if r.code != exitOK || readString(t, out) != runPlancert(t, "", genArgs("-", "--n", "12")...).stdout {
		t.Errorf("resume with a larger --n: exit %d: %s", r.code, r.stderr)
	}
	onlyFile(t, dir2, "suite.jsonl")
}

// failing is a backend whose nth Load fails, as an instance that fails to
// generate or certify.
type failing struct {
	solver.Backend
	n     int32
	loads *atomic.Int32
}

func (b failing) Load(m *encode.Model) (solver.Solver, error) {
	if b.loads.Add(1) == b.n {
		return nil, errors.New("injected failure")
	}
	return b.Backend.Load(m)
}

// TestGenResumeRetriesFailed: an index that failed leaves a gap in the
// file; --resume makes it again and puts its record in its place, so the
// file is the one of a run where nothing failed.
func TestGenResumeRetriesFailed(t *testing.T) {
	want := runPlancert(t, "", genArgs("-")...).stdout
	out := filepath.Join(t.TempDir(), "suite.jsonl")
	code, stderr := genRun(t, context.Background(), genArgs(out, "--workers", "1"), func(o *genOptions) {
		o.Backend = failing{Backend: sat.Backend{}, n: 5, loads: new(atomic.Int32)}
	})
	if code != exitError || !strings.Contains(stderr, "injected failure") || !strings.Contains(stderr, " errors 1 ") {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	got := readString(t, out)
	if strings.Count(got, "\n") != strings.Count(want, "\n")-1 || strings.HasPrefix(want, got) {
		t.Fatalf("the failed index is not a gap in the middle of the file (%d of %d records)", strings.Count(got, "\n"), strings.Count(want, "\n"))
	}
	if r := runPlancert(t, "", genArgs(out, "--resume")...); r.code != exitOK || readString(t, out) != want {
		t.Errorf("resume: exit %d, the file differs from the run where nothing failed: %s", r.code, r.stderr)
	}

	// The same, interrupted after the failure: the resume puts the
	// retried record in its place, then appends the rest.
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	code, stderr = genRun(t, ctx, genArgs(out, "--workers", "1"), func(o *genOptions) {
		o.Backend = failing{Backend: cancelling{n: 15, loads: new(atomic.Int32), cancel: cancel}, n: 5, loads: new(atomic.Int32)}
	})
	got = readString(t, out)
	if code != exitError || !strings.Contains(stderr, "interrupted") || strings.HasPrefix(want, got) || strings.Count(got, "\n") >= strings.Count(want, "\n")-1 {
		t.Fatalf("exit %d, %d of %d records: %s", code, strings.Count(got, "\n"), strings.Count(want, "\n"), stderr)
	}
	if r := runPlancert(t, "", genArgs(out, "--resume")...); r.code != exitOK || readString(t, out) != want {
		t.Errorf("resume after the interrupt: exit %d, the file differs from the run where nothing failed: %s", r.code, r.stderr)
	}
	onlyFile(t, filepath.Dir(out), "suite.jsonl")
}

// noLoads is a backend that fails the test when gen solves anything.
type noLoads struct {
	sat.Backend
	t *testing.T
}

func (b noLoads) Load(m *encode.Model) (solver.Solver, error) {
	b.t.Error("gen solved a model before checking --out")
	return b.Backend.Load(m)
}

// TestGenOut: an --out that cannot be written is refused before any work.
func TestGenOut(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	// A usage error: gen does not run.
	if r := runPlancert(t, "", genArgs(dir)...); r.code != exitBadInput || !strings.Contains(r.stderr, "--out "+dir+" is a directory") {
		t.Errorf("--out %s: exit %d, want %d: %s", dir, r.code, exitBadInput, r.stderr)
	}
	// The partial file cannot be made: gen stops before it solves anything.
	tests := []struct {
		out    string
		code   exitCode
		stderr string
	}{
		{filepath.Join(dir, "missing", "suite.jsonl"), exitError, "cannot create a file in " + filepath.Join(dir, "missing")},
		{filepath.Join(file, "suite.jsonl"), exitError, "cannot create a file in " + file},
	}
	for _, tt := range tests {
		code, stderr := genRun(t, context.Background(), genArgs(tt.out), func(o *genOptions) { o.Backend = noLoads{t: t} })
		if code != tt.code || !strings.Contains(stderr, tt.stderr) {
			t.Errorf("--out %s: exit %d, want %d with %q: %s", tt.out, code, tt.code, tt.stderr, stderr)
		}
	}
	onlyFile(t, dir, "file")
}

func TestGenResumeBadFile(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "suite.jsonl")
	const bad = "{\"id\":\"a\"}\nnot json\n"
	if err := os.WriteFile(out, []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	r := runPlancert(t, "", genArgs(out, "--resume")...)
	if r.code != exitBadInput || !strings.Contains(r.stderr, out+": line 2 is not a record") {
		t.Errorf("exit %d: %s", r.code, r.stderr)
	}
	if readString(t, out) != bad {
		t.Error("the file was changed")
	}
	onlyFile(t, dir, "suite.jsonl")
}

func TestGenUsage(t *testing.T) {
	out := filepath.Join(t.TempDir(), "x.jsonl")
	empty := ""
	for _, f := range domains.Families {
		n := 0
		for _, tk := range domains.Tasks() {
			if tk.Family == f {
				n++
			}
		}
		if n == 0 {
			empty = string(f)
			break
		}
	}
	tests := []struct {
		name   string
		args   []string
		stderr string
	}{
		{"unknown family", []string{"gen", "--family", "cooking", "--n", "1", "--out", out}, `unknown family "cooking" (families: scheduling, allocation`},
		{"unknown task", []string{"gen", "--task", "meeting-plan", "--n", "1", "--out", out}, `unknown task "meeting-plan" (registered tasks: `},
		{"family and task", []string{"gen", "--family", "scheduling", "--task", "meeting-planning", "--n", "1", "--out", out}, "cannot be used together"},
		{"no n", []string{"gen", "--out", out}, "--n must be at least 1"},
		{"no out", []string{"gen", "--n", "3"}, "--out is required"},
		{"bad shard", []string{"gen", "--n", "3", "--out", out, "--shard", "3/2"}, `--shard "3/2" is not k/n`},
		{"bad shard syntax", []string{"gen", "--n", "3", "--out", out, "--shard", "half"}, `--shard "half" is not k/n`},
		{"bad determinacy", []string{"gen", "--n", "3", "--out", out, "--determinacy", "most"}, `--determinacy "most" is not unique, value or any`},
		{"resume to stdout", []string{"gen", "--n", "3", "--out", "-", "--resume"}, "--resume needs a FILE"},
		{"json to stdout", []string{"gen", "--n", "3", "--out", "-", "--json"}, "--json prints the summary on standard output"},
		{"workers", []string{"gen", "--n", "3", "--out", out, "--workers", "0"}, "--workers must be 1..1024, got 0"},
		{"too many workers", []string{"gen", "--n", "3", "--out", out, "--workers", "100000"}, "--workers must be 1..1024, got 100000"},
		{"argument", []string{"gen", "--n", "3", "--out", out, "extra"}, `takes no arguments, got "extra"`},
		{"bad seed", []string{"gen", "--n", "3", "--out", out, "--seed", "-1"}, "invalid argument"},
	}
	if empty != "" {
		tests = append(tests, struct {
			name   string
			args   []string
			stderr string
		}{"family without tasks", []string{"gen", "--family", empty, "--n", "1", "--out", out}, "no tasks registered for family " + empty + " yet"})
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := runPlancert(t, "", tt.args...)
			if r.code != exitBadInput || !strings.Contains(r.stderr, tt.stderr) || !strings.Contains(r.stderr, "Run 'plancert gen --help' for usage.") {
				t.Errorf("exit %d, want %d; stderr lacks %q:\n%s", r.code, exitBadInput, tt.stderr, r.stderr)
			}
			if _, err := os.Stat(out); err == nil {
				t.Error("--out was written")
			}
		})
	}
}

// cancelling is a backend that cancels the run at its nth Load, as if
// Ctrl-C came in the middle.
type cancelling struct {
	sat.Backend
	n      int32
	loads  *atomic.Int32
	cancel context.CancelFunc
}

func (b cancelling) Load(m *encode.Model) (solver.Solver, error) {
	if b.loads.Add(1) == b.n {
		b.cancel()
	}
	return b.Backend.Load(m)
}

// genRun runs gen in-process with options changed by mod and returns the
// exit code and stderr (with the error, as run prints it).
func genRun(t *testing.T, ctx context.Context, args []string, mod func(*genOptions)) (exitCode, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	ios := &iostreams{In: strings.NewReader(""), Out: &out, ErrOut: &errOut}
	var code exitCode = -1
	cmd := newGenCmd(ios, func(ctx context.Context, o *genOptions) error {
		mod(o)
		err := runGen(ctx, o)
		var reported *reportedError
		if err != nil && !errors.As(err, &reported) { // as run prints it
			fmt.Fprintf(&errOut, "plancert: %v\n", err)
		}
		code = exitCodeOf(err)
		return nil
	})
	cmd.SetArgs(args[1:])
	cmd.SetOut(&out)
	cmd.SetErr(&errOut)
	if err := cmd.ExecuteContext(ctx); err != nil {
		t.Fatal(err)
	}
	return code, errOut.String()
}

func TestGenInterrupted(t *testing.T) {
	dir := t.TempDir()
	want := runPlancert(t, "", genArgs("-")...).stdout
	out := filepath.Join(dir, "suite.jsonl")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	code, stderr := genRun(t, ctx, genArgs(out), func(o *genOptions) {
		o.Backend = cancelling{n: 4, loads: new(atomic.Int32), cancel: cancel}
	})
	if code != exitError || !strings.Contains(stderr, "plancert: interrupted; ") || !strings.Contains(stderr, "(--resume continues)") {
		t.Errorf("exit %d: %s", code, stderr)
	}
	onlyFile(t, dir, "suite.jsonl")
	got := readString(t, out)
	if !strings.HasPrefix(want, got) || got == want {
		t.Errorf("interrupted file (%d bytes) is not a proper prefix of the full run (%d bytes)", len(got), len(want))
	}
	if r := runPlancert(t, "", genArgs(out, "--resume")...); r.code != exitOK || readString(t, out) != want {
		t.Errorf("resume after the interrupt: exit %d, file differs: %s", r.code, r.stderr)
	}
}

func TestGenIntegrity(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "suite.jsonl")
	if err := os.WriteFile(out, []byte("before\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stderr := genRun(t, context.Background(), genArgs(out), func(o *genOptions) { o.Backend = corrupt{} })
	if code != exitIntegrity || !strings.Contains(stderr, "INTEGRITY FAILURE") || !strings.Contains(stderr, out+" was left as it was") {
		t.Errorf("exit %d: %s", code, stderr)
	}
	if readString(t, out) != "before\n" {
		t.Error("--out was changed")
	}
	onlyFile(t, dir, "suite.jsonl")
}

func TestGenProgress(t *testing.T) {
	var out, errOut bytes.Buffer
	o := &genOptions{IO: &iostreams{Out: &out, ErrOut: &errOut}, TaskIDs: []string{"meeting-planning"}, N: 4, Seed: 1, MaxDraws: gen.DefaultMaxDraws, Level: 1,
		Out: "-", Shard: "1/1", Determinacy: "unique", Workers: 1, Timeout: time.Minute, ProgressEvery: time.Nanosecond}
	if err := o.validate(); err != nil {
		t.Fatal(err)
	}
	if err := runGen(context.Background(), o); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(errOut.String(), "gen: 1/4 kept ") || !strings.Contains(errOut.String(), "/s)\n") {
		t.Errorf("no progress lines:\n%s", errOut.String())
	}
}
