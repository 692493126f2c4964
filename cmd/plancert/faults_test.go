//go:build faults && unix

// The fault-injection suite, run by "make test-faults" (go test -tags
// faults -run '^TestFault'): plancert killed with SIGKILL at seeded random
// points of gen and eval and then resumed, gen and export on a full disk,
// and the reward server under a mix of valid, malformed, slow and oversized
// requests. Each test runs plancert as a process of its own: this test
// binary with PLANCERT_TEST_MAIN=1 (see TestMain).

package main

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// fsizeEnv, in the environment of a child run as plancert, is the
// RLIMIT_FSIZE in bytes it sets on itself before it runs, with SIGXFSZ
// ignored, so that a write beyond it fails with EFBIG: the full disk of a
// machine where no small file system can be mounted.
const fsizeEnv = "PLANCERT_TEST_FSIZE"

// init runs before TestMain, which runs plancert in a child.
func init() {
	if os.Getenv("PLANCERT_TEST_MAIN") != "1" {
		return
	}
	if s := os.Getenv(fsizeEnv); s != "" {
		n, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			fmt.Fprintf(os.Stderr, "%s=%q: %v\n", fsizeEnv, s, err)
			os.Exit(99)
		}
		signal.Ignore(syscall.SIGXFSZ)
		if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &syscall.Rlimit{Cur: n, Max: n}); err != nil {
			fmt.Fprintf(os.Stderr, "setrlimit RLIMIT_FSIZE %d: %v\n", n, err)
			os.Exit(99)
		}
	}
}

// child is plancert running as a process of its own.
type child struct {
	cmd            *exec.Cmd
	stdout, stderr bytes.Buffer // read them only after done
	done           chan struct{}
	err            error // cmd.Wait's, after done
}

// startChild starts plancert with args and the extra environment env,
// killed at the end of the test if it still runs.
func startChild(t *testing.T, env []string, args ...string) *child {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	c := &child{cmd: exec.Command(exe, args...), done: make(chan struct{})}
	c.cmd.Env = append(append(os.Environ(), "PLANCERT_TEST_MAIN=1"), env...)
	c.cmd.Stdout, c.cmd.Stderr = &c.stdout, &c.stderr
	if err := c.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		c.err = c.cmd.Wait()
		close(c.done)
	}()
	t.Cleanup(func() {
		c.cmd.Process.Kill()
		<-c.done
	})
	return c
}

// wait waits for c to end and returns its exit code, -1 when a signal
// ended it.
func (c *child) wait() int {
	<-c.done
	var ee *exec.ExitError
	switch {
	case c.err == nil:
		return 0
	case errors.As(c.err, &ee):
		return ee.ExitCode()
	}
	return -2
}

// runChild runs plancert with args and env to its end.
func runChild(t *testing.T, env []string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	c := startChild(t, env, args...)
	code = c.wait()
	return c.stdout.String(), c.stderr.String(), code
}

// faultGenArgs is the gen of the kill and disk-full tests: no time limit,
// so that the records do not depend on the machine's load.
func faultGenArgs(out string, extra ...string) []string {
	return append([]string{"gen", "--task", "meeting-planning,study-planning", "--n", "40", "--seed", "11", "--timeout", "0", "--out", out}, extra...)
}

var (
	faultSuiteOnce sync.Once
	faultSuite     string
	faultSuiteErr  string
)

// uninterruptedGen returns the records of faultGenArgs, made in process
// without interruption (once per test binary).
func uninterruptedGen(t *testing.T) string {
	t.Helper()
	faultSuiteOnce.Do(func() {
		r := runPlancert(t, "", faultGenArgs("-")...)
		if r.code != exitOK || strings.Count(r.stdout, "\n") != 40 {
			faultSuiteErr = fmt.Sprintf("uninterrupted gen: exit %d: %s", r.code, r.stderr)
		}
		faultSuite = r.stdout
	})
	if faultSuiteErr != "" {
		t.Fatal(faultSuiteErr)
	}
	return faultSuite
}

// TestFaultGenKill kills gen with SIGKILL again and again, at seeded
// random points: when its partial file has reached a random size (with
// records being certified in flight), or after a random time from its
// start (before or while it writes its partial and run files), now and
// then adding the half-written record that a kill in the middle of a write
// leaves, each time resuming the run with --resume and another --workers;
// the last resume finishes, and the file is byte for byte the
// uninterrupted run's, with nothing else left beside it.
func TestFaultGenKill(t *testing.T) {
	want := uninterruptedGen(t)
	rng := rand.New(rand.NewPCG(21, 1))
	dir := t.TempDir()
	out := filepath.Join(dir, "suite.jsonl")
	partial := out + partialSuffix
	kills := 0
	for round := 0; round < 6; round++ {
		extra := []string{"--workers", strconv.Itoa(1 + rng.IntN(2))}
		if round > 0 {
			extra = append(extra, "--resume")
		}
		have := 0
		if data, err := os.ReadFile(partial); err == nil {
			have = len(data)
		}
		c := startChild(t, nil, faultGenArgs(out, extra...)...)
		var how string
		if rng.IntN(3) == 0 {
			d := time.Duration(rng.IntN(200)) * time.Millisecond // most often before the first record
			how = fmt.Sprintf("%v after its start", d)
			select {
			case <-time.After(d):
			case <-c.done:
			}
		} else {
			at := have + 1 + rng.IntN(max(1, (len(want)-have)/3))
			how = fmt.Sprintf("at %d bytes of %s", at, filepath.Base(partial))
		poll:
			for {
				if info, err := os.Stat(partial); err == nil && info.Size() >= int64(at) {
					break
				}
				select {
				case <-c.done:
					break poll
				case <-time.After(200 * time.Microsecond):
				}
			}
		}
		c.cmd.Process.Signal(syscall.SIGKILL)
		code := c.wait()
		if code == 0 {
			t.Logf("round %d: gen %v finished before the kill %s", round, extra, how)
			break
		}
		if code != -1 {
			t.Fatalf("round %d: gen %v: exit %d before the kill %s: %s", round, extra, code, how, &c.stderr)
		}
		if data, err := os.ReadFile(out); err == nil {
			if string(data) != want {
				t.Fatalf("round %d: %s exists after the kill %s, and is not the run's file", round, out, how)
			}
			t.Logf("round %d: gen %v killed %s, in its last step (%s is whole)", round, extra, how, out)
			break
		}
		kills++
		data, _ := os.ReadFile(partial)
		t.Logf("round %d: gen %v killed %s (%s: %d bytes)", round, extra, how, filepath.Base(partial), len(data))
		// Now and then the half of a record that a kill in the middle of
		// its write leaves: the start of the next record of the run (once
		// the run file is written, as it is before any record).
		run, _ := os.Stat(out + runFileSuffix)
		if rng.IntN(2) == 0 && run != nil && run.Size() > 0 && len(data) < len(want) && strings.HasPrefix(want, string(data)) {
			line, _, _ := strings.Cut(want[len(data):], "\n")
			torn := line[:1+rng.IntN(len(line)-1)]
			f, err := os.OpenFile(partial, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := f.WriteString(torn); err != nil {
				t.Fatal(err)
			}
			f.Close()
			t.Logf("round %d: and %d bytes of the next record after them", round, len(torn))
		}
	}
	if kills < 3 {
		t.Errorf("only %d kills landed", kills)
	}
	if _, stderr, code := runChild(t, nil, faultGenArgs(out, "--resume", "--workers", "2")...); code != 0 {
		t.Fatalf("last resume: exit %d: %s", code, stderr)
	}
	if got := readString(t, out); got != want {
		t.Errorf("resumed file (%d bytes) differs from the uninterrupted run (%d bytes)", len(got), len(want))
	}
	if names := dirNames(t, dir); !slices.Equal(names, []string{"suite.jsonl"}) {
		t.Errorf("directory holds %q, want only suite.jsonl", names)
	}
}

// smallDisk is a directory on which writes fail after about 64 KiB: a tmpfs
// of that size when it can be mounted (root on Linux, as in CI), else
// RLIMIT_FSIZE on the child (env), so that a file cannot grow beyond it.
type smallDisk struct {
	dir  string
	env  []string // for the child
	full string   // the error a write past the limit gets
	// grow gives the disk room (a remount, or no limit on the next child).
	grow func(t *testing.T)
}

const smallDiskBytes = 64 << 10

// rlimitEnv, when set, makes the full disk RLIMIT_FSIZE's even where a
// tmpfs can be mounted (to test that way too).
const rlimitEnv = "PLANCERT_FAULTS_RLIMIT"

func newSmallDisk(t *testing.T) *smallDisk {
	t.Helper()
	d := &smallDisk{dir: filepath.Join(t.TempDir(), "disk")}
	if err := os.Mkdir(d.dir, 0o755); err != nil {
		t.Fatal(err)
	}
	var err error
	switch {
	case os.Getenv(rlimitEnv) != "":
		err = errors.New(rlimitEnv + " is set")
	case os.Geteuid() != 0:
		err = errors.New("not root")
	default:
		err = mountTmpfs(t, d.dir, smallDiskBytes)
	}
	if err == nil {
		t.Logf("full disk: a tmpfs of %d KiB mounted on %s", smallDiskBytes>>10, d.dir)
		d.full = syscall.ENOSPC.Error()
		d.grow = func(t *testing.T) {
			if err := remountTmpfs(d.dir, 64<<20); err != nil {
				t.Fatalf("remount %s larger: %v", d.dir, err)
			}
		}
		return d
	}
	t.Logf("full disk: RLIMIT_FSIZE of %d KiB on the child, SIGXFSZ ignored (cannot mount a tmpfs: %v)", smallDiskBytes>>10, err)
	d.env = []string{fsizeEnv + "=" + strconv.Itoa(smallDiskBytes)}
	d.full = syscall.EFBIG.Error()
	d.grow = func(*testing.T) { d.env = nil }
	return d
}

// TestFaultGenDiskFull runs gen on a disk that fills up: it exits 1 with
// an error naming the partial file and the reason, the old --out is left
// as it was, the finished records are kept in the partial file, and a
// --resume once there is room finishes the run byte for byte as the
// uninterrupted one.
func TestFaultGenDiskFull(t *testing.T) {
	want := uninterruptedGen(t)
	if len(want) <= 2*smallDiskBytes {
		t.Fatalf("the suite has %d bytes, not enough to fill %d", len(want), smallDiskBytes)
	}
	d := newSmallDisk(t)
	out := filepath.Join(d.dir, "suite.jsonl")
	const old = "the old content of --out\n"
	if err := os.WriteFile(out, []byte(old), 0o644); err != nil {
		t.Fatal(err)
	}
	_, stderr, code := runChild(t, d.env, faultGenArgs(out, "--workers", "2")...)
	if code != int(exitError) {
		t.Fatalf("gen on a full disk: exit %d, want %d: %s", code, exitError, stderr)
	}
	for _, s := range []string{out + partialSuffix + ": " + d.full, "--resume continues"} {
		if !strings.Contains(stderr, s) {
			t.Errorf("gen on a full disk: stderr lacks %q:\n%s", s, stderr)
		}
	}
	t.Logf("gen on a full disk: %s", strings.TrimSpace(stderr))
	if got := readString(t, out); got != old {
		t.Errorf("--out changed: %q", got)
	}
	kept := readString(t, out+partialSuffix)
	if lines := strings.Count(kept, "\n"); lines == 0 || !strings.HasPrefix(want, kept[:strings.LastIndex(kept, "\n")+1]) {
		t.Errorf("%s: %d bytes, %d lines, not a prefix of the run's records", out+partialSuffix, len(kept), lines)
	}

	d.grow(t)
	_, stderr, code = runChild(t, d.env, faultGenArgs(out, "--resume", "--workers", "1")...)
	if code != 0 {
		t.Fatalf("resume with room: exit %d: %s", code, stderr)
	}
	if got := readString(t, out); got != want {
		t.Errorf("resumed file (%d bytes) differs from the uninterrupted run (%d bytes)", len(got), len(want))
	}
	if names := dirNames(t, d.dir); !slices.Equal(names, []string{"suite.jsonl"}) {
		t.Errorf("disk holds %q, want only suite.jsonl", names)
	}
}

// TestFaultExportDiskFull runs export of each format on a disk that fills
// up: exit 1, an error naming the file and the reason, the old file left
// as it was and no temporary file; with room, the same command writes what
// it writes elsewhere.
func TestFaultExportDiskFull(t *testing.T) {
	suite := filepath.Join(t.TempDir(), "suite.jsonl")
	if err := os.WriteFile(suite, []byte(uninterruptedGen(t)), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, format := range []string{"jsonl", "verl", "hf"} {
		t.Run(format, func(t *testing.T) {
			ref := filepath.Join(t.TempDir(), "ds") // the card names --out by its base name
			args := func(out string) []string {
				return []string{"export", "--format", format, "--suite", suite, "--out", out}
			}
			if r := runPlancert(t, "", args(ref)...); r.code != exitOK {
				t.Fatalf("export with room: exit %d: %s", r.code, r.stderr)
			}
			first := map[string]string{"jsonl": "train.jsonl", "verl": "train.parquet", "hf": "data/train-00000-of-00001.parquet"}[format]
			if info, err := os.Stat(filepath.Join(ref, first)); err != nil || info.Size() <= smallDiskBytes {
				t.Fatalf("%s: %v, %v: not larger than the disk", first, info, err)
			}
			d := newSmallDisk(t)
			out := filepath.Join(d.dir, "ds")
			path := filepath.Join(out, first)
			const old = "the old file\n"
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, []byte(old), 0o644); err != nil {
				t.Fatal(err)
			}
			_, stderr, code := runChild(t, d.env, args(out)...)
			if code != int(exitError) {
				t.Fatalf("export on a full disk: exit %d, want %d: %s", code, exitError, stderr)
			}
			if s := "writing " + path + ": " + d.full; !strings.Contains(stderr, s) {
				t.Errorf("stderr lacks %q:\n%s", s, stderr)
			}
			t.Logf("export on a full disk: %s", strings.TrimSpace(stderr))
			if got := readString(t, path); got != old {
				t.Errorf("%s changed (%d bytes)", path, len(got))
			}
			if names := dirNames(t, filepath.Dir(path)); !slices.Equal(names, []string{filepath.Base(path)}) {
				t.Errorf("%s holds %q, want only %s", filepath.Dir(path), names, filepath.Base(path))
			}

			d.grow(t)
			if _, stderr, code := runChild(t, d.env, args(out)...); code != 0 {
				t.Fatalf("export with room: exit %d: %s", code, stderr)
			}
			for _, name := range treeFiles(t, ref) {
				if readString(t, filepath.Join(ref, name)) != readString(t, filepath.Join(out, name)) {
					t.Errorf("%s differs from the export with room", name)
				}
			}
			if a, b := treeFiles(t, ref), treeFiles(t, out); !slices.Equal(a, b) {
				t.Errorf("files %q, want %q", b, a)
			}
		})
	}
}

// treeFiles returns the files under dir, relative to it, sorted.
func treeFiles(t *testing.T, dir string) []string {
	t.Helper()
	var files []string
	err := filepath.WalkDir(dir, func(path string, e os.DirEntry, err error) error {
		if err == nil && !e.IsDir() {
			rel, _ := filepath.Rel(dir, path)
			files = append(files, rel)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(files)
	return files
}
