package familytest

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/plancert/plancert/domains"
)

// Update is the one flag that rewrites golden files: go test
// ./domains/flow/ -run TestFamilyGolden -update. No other test package
// that links familytest may define a flag named "update".
var Update = flag.Bool("update", false, "rewrite testdata/golden/*.txt from the current generator (and remove golden files no test writes)")

// GoldenDir is where the golden files of a core live, relative to its
// package directory.
const GoldenDir = "testdata/golden"

// GoldenFile is one golden file: testdata/golden/Name.txt holds
// Text(Rec).
type GoldenFile struct {
	Name string
	Rec  *domains.Record
}

// GoldenFormat selects the variant of the golden text a core's files were
// written in; the zero value is the full form.
type GoldenFormat struct {
	// NoStateful leaves the stateful tier out of the units line.
	NoStateful bool
	// NoObjective gives the certificate's status without its objective.
	NoObjective bool
	// NoReference leaves out the reference section.
	NoReference bool
}

// Text is the golden form of a record: its ID and units, the
// certificate, the prompt, the checklist (id, tier, kind, text; one item a
// line) and the reference answer.
func Text(rec *domains.Record, format GoldenFormat) string {
	var b strings.Builder
	c := rec.Constraints
	fmt.Fprintf(&b, "record: %s\n", rec.ID)
	if format.NoStateful {
		fmt.Fprintf(&b, "units: basic %v; medium %v; hard %v\n", c.Basic, c.Medium, c.Hard)
	} else {
		fmt.Fprintf(&b, "units: basic %v; medium %v; hard %v; stateful %v\n", c.Basic, c.Medium, c.Hard, c.Stateful)
	}
	if format.NoObjective {
		fmt.Fprintf(&b, "certificate: %s\n", rec.Certificate.Status)
	} else {
		fmt.Fprintf(&b, "certificate: %s %v\n", rec.Certificate.Status, rec.Certificate.Objective)
	}
	b.WriteString("\n==== prompt ====\n")
	b.WriteString(rec.Prompt)
	if !strings.HasSuffix(rec.Prompt, "\n") {
		b.WriteString("\n")
	}
	b.WriteString("\n==== checklist (id | tier | kind | text) ====\n")
	for _, it := range rec.Checklist {
		fmt.Fprintf(&b, "%s | %s | %s | %s\n", it.ID, it.Tier, it.Kind, it.Text)
	}
	if !format.NoReference {
		fmt.Fprintf(&b, "\n==== reference ====\n%s\n", rec.Reference.Plan)
	}
	return b.String()
}

// Golden is the golden test of a family: the files Family.Golden picks per
// task (in parallel subtests) and those Family.GoldenShared picks equal
// Text of their records, or are rewritten with -update; a .txt file in
// testdata/golden that no pick wrote fails the test (with -update it is
// removed).
func Golden(t *testing.T, f *Family) {
	tasks := Tasks(t, f)
	var mu sync.Mutex
	names := map[string]bool{}
	write := func(t *testing.T, files []GoldenFile) {
		t.Helper()
		for _, g := range files {
			if g.Rec == nil {
				t.Fatalf("golden file %s: no record", g.Name)
			}
			mu.Lock()
			dup := names[g.Name]
			names[g.Name] = true
			mu.Unlock()
			if dup {
				t.Fatalf("golden file %s picked twice", g.Name)
			}
			checkGolden(t, g.Name, Text(g.Rec, f.GoldenFormat))
		}
	}
	t.Run("files", func(t *testing.T) {
		for _, tk := range tasks {
			if f.Golden == nil {
				break
			}
			t.Run(tk.ID, func(t *testing.T) {
				t.Parallel()
				write(t, f.Golden(t, f, tk))
			})
		}
		if f.GoldenShared != nil {
			t.Run("shared", func(t *testing.T) {
				t.Parallel()
				write(t, f.GoldenShared(t, f, tasks))
			})
		}
	})
	if t.Failed() {
		return
	}
	t.Run("no-stale-files", func(t *testing.T) {
		files, err := filepath.Glob(filepath.Join(GoldenDir, "*.txt"))
		if err != nil {
			t.Fatal(err)
		}
		for _, file := range files {
			if names[strings.TrimSuffix(filepath.Base(file), ".txt")] {
				continue
			}
			if *Update {
				if err := os.Remove(file); err != nil {
					t.Fatal(err)
				}
				continue
			}
			t.Errorf("%s is the golden file of no pick (run %s to remove it)", file, updateCommand())
		}
	})
}

// updateCommand is the command that rewrites the golden files of the
// package under test: its directory relative to the module's root (the
// nearest directory up with a go.mod), e.g. ./domains/route/commute/.
func updateCommand() string {
	dir, err := os.Getwd()
	if err != nil {
		return "go test -run TestFamilyGolden -update"
	}
	return fmt.Sprintf("go test %s -run TestFamilyGolden -update", packagePath(dir, func(p string) bool {
		_, err := os.Stat(p)
		return err == nil
	}))
}

// packagePath is dir relative to the nearest directory up from it that
// has a go.mod (exists says whether a file exists), as ./path/ ("." when
// there is none).
func packagePath(dir string, exists func(string) bool) string {
	for root := dir; ; root = filepath.Dir(root) {
		if exists(filepath.Join(root, "go.mod")) {
			if rel, err := filepath.Rel(root, dir); err == nil && rel != "." {
				return "./" + filepath.ToSlash(rel) + "/"
			}
			return "."
		}
		if filepath.Dir(root) == root {
			return "."
		}
	}
}

// checkGolden compares text with GoldenDir/name.txt, or writes it with
// -update.
func checkGolden(t *testing.T, name, text string) {
	t.Helper()
	path := filepath.Join(GoldenDir, name+".txt")
	if *Update {
		if err := os.MkdirAll(GoldenDir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run %s to write it)", err, updateCommand())
	}
	if string(data) == text {
		return
	}
	got, want := strings.Split(text, "\n"), strings.Split(string(data), "\n")
	for i := range max(len(got), len(want)) {
		var g, w string
		if i < len(got) {
			g = got[i]
		}
		if i < len(want) {
			w = want[i]
		}
		if g != w {
			t.Errorf("%s differs at line %d:\n got: %q\nwant: %q\n(if the change is intended, run %s)", path, i+1, g, w, updateCommand())
			return
		}
	}
}

// CertifiedGolden is the golden file name of spec's record, certified
// here (uncached); the test fails when spec is not kept.
func CertifiedGolden(t *testing.T, f *Family, tk *domains.Task, name string, spec domains.Spec) GoldenFile {
	t.Helper()
	o := Certify(tk, spec, f.Timeout)
	switch {
	case o.Err != nil:
		t.Fatalf("golden file %s: %v", name, o.Err)
	case !o.Kept():
		t.Fatalf("golden file %s: spec %v dropped: %s", name, spec.Units(), o.Drop)
	}
	return GoldenFile{Name: name, Rec: o.Rec}
}

// SeededGoldens is a Family.Golden of fixed specs of one seed: each entry
// of files is a golden file's name, its subtask and the spec's units (and
// no others, see NewSpec), certified here (CertifiedGolden).
func SeededGoldens(seed uint64, files [][]string) func(t *testing.T, f *Family, tk *domains.Task) []GoldenFile {
	return func(t *testing.T, f *Family, tk *domains.Task) []GoldenFile {
		t.Helper()
		out := make([]GoldenFile, len(files))
		for i, file := range files {
			out[i] = CertifiedGolden(t, f, tk, file[0], NewSpec(t, tk, file[1], seed, file[2:]...))
		}
		return out
	}
}

// FirstKept returns the first kept record of seeds 1..last of tk (from
// the record cache) that accept takes (nil accepts every kept record), or
// nil. An error of a seed fails the test.
func FirstKept(t *testing.T, f *Family, tk *domains.Task, last uint64, accept func(o Outcome) bool) *domains.Record {
	t.Helper()
	for seed := uint64(1); seed <= last; seed++ {
		o := f.Record(tk, seed)
		if o.Err != nil {
			t.Fatalf("%s seed %d: %v", tk.ID, seed, o.Err)
		}
		if o.Kept() && (accept == nil || accept(o)) {
			return o.Rec
		}
	}
	return nil
}

// FirstCertified returns the first kept record of the specs spec(1),
// spec(2), … spec(last) (certified here, uncached) that accept takes (nil
// accepts every kept record), or nil. An error fails the test.
func FirstCertified(t *testing.T, f *Family, tk *domains.Task, last uint64, spec func(seed uint64) (domains.Spec, error), accept func(rec *domains.Record) bool) *domains.Record {
	t.Helper()
	for seed := uint64(1); seed <= last; seed++ {
		sp, err := spec(seed)
		if err != nil {
			t.Fatal(err)
		}
		o := Certify(tk, sp, f.Timeout)
		if o.Err != nil {
			t.Fatalf("%s seed %d: %v", tk.ID, seed, o.Err)
		}
		if o.Kept() && (accept == nil || accept(o.Rec)) {
			return o.Rec
		}
	}
	return nil
}

// FeasibleAndInfeasible are the golden files tk.ID and tk.ID-infeasible:
// the first kept feasible record of seeds 1..100 (the record cache) with
// at least minHarder medium or hard units, and the first infeasible record
// of the specs of seeds 1..100 with the given units on tk's first subtask
// (certified here). The test fails when either is missing.
func FeasibleAndInfeasible(t *testing.T, f *Family, tk *domains.Task, minHarder int, infeasibleUnits ...string) []GoldenFile {
	t.Helper()
	feasible := FirstKept(t, f, tk, 100, func(o Outcome) bool {
		return o.Rec.Reference.Feasible && len(o.Spec.Medium)+len(o.Spec.Hard) >= minHarder
	})
	infeasible := FirstCertified(t, f, tk, 100, func(seed uint64) (domains.Spec, error) {
		return NewSpec(t, tk, tk.Subtasks[0].ID, seed, infeasibleUnits...), nil
	}, func(rec *domains.Record) bool { return !rec.Reference.Feasible })
	if feasible == nil || infeasible == nil {
		t.Fatalf("%s: no feasible or no infeasible record in seeds 1..100", tk.ID)
	}
	return []GoldenFile{{Name: tk.ID, Rec: feasible}, {Name: tk.ID + "-infeasible", Rec: infeasible}}
}
