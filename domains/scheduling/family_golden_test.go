package scheduling

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/gen"
)

// updateGolden rewrites the golden files: go test ./domains/scheduling/
// -run TestFamilyGolden -update-golden.
var updateGolden = flag.Bool("update-golden", false, "rewrite domains/scheduling/testdata/golden/*.txt from the current generator")

const goldenDir = "testdata/golden"

// goldenInfeasible is the golden file of an infeasible record.
const goldenInfeasible = "infeasible"

// goldenText is the golden form of a record: its ID and units, the prompt,
// and the checklist (id, tier, kind, text), one item a line.
func goldenText(rec *domains.Record) string {
	var b strings.Builder
	c := rec.Constraints
	fmt.Fprintf(&b, "record: %s\n", rec.ID)
	fmt.Fprintf(&b, "units: basic %v; medium %v; hard %v; stateful %v\n", c.Basic, c.Medium, c.Hard, c.Stateful)
	fmt.Fprintf(&b, "certificate: %s\n", rec.Certificate.Status)
	b.WriteString("\n==== prompt ====\n")
	b.WriteString(rec.Prompt)
	if !strings.HasSuffix(rec.Prompt, "\n") {
		b.WriteString("\n")
	}
	b.WriteString("\n==== checklist (id | tier | kind | text) ====\n")
	for _, it := range rec.Checklist {
		fmt.Fprintf(&b, "%s | %s | %s | %s\n", it.ID, it.Tier, it.Kind, it.Text)
	}
	return b.String()
}

// checkGolden compares text with the golden file name.txt, or rewrites
// the file with -update-golden.
func checkGolden(t *testing.T, name, text string) {
	t.Helper()
	path := filepath.Join(goldenDir, name+".txt")
	if *updateGolden {
		if err := os.MkdirAll(goldenDir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./domains/scheduling/ -run TestFamilyGolden -update-golden to write it)", err)
	}
	if string(data) == text {
		return
	}
	got, want := strings.Split(text, "\n"), strings.Split(string(data), "\n")
	for i := 0; i < max(len(got), len(want)); i++ {
		var g, w string
		if i < len(got) {
			g = got[i]
		}
		if i < len(want) {
			w = want[i]
		}
		if g != w {
			t.Fatalf("%s differs at line %d:\n got: %q\nwant: %q\n(if the change is intended, run go test ./domains/scheduling/ -run TestFamilyGolden -update-golden)", path, i+1, g, w)
		}
	}
}

// TestFamilyGolden: the prompt and checklist of the first kept record
// (seeds 1, 2, …) of every task, and of the first infeasible record of a
// spec with the infeasibility unit (tasks in registry order, seeds 1..200),
// match testdata/golden.
func TestFamilyGolden(t *testing.T) {
	tasks := familyTasks(t)
	names := map[string]bool{goldenInfeasible + ".txt": true}
	for _, tk := range tasks {
		names[tk.ID+".txt"] = true
		t.Run(tk.ID, func(t *testing.T) {
			t.Parallel()
			for seed := uint64(1); seed <= 50; seed++ {
				spec, rec, _, err := cachedRecord(tk, seed)
				if err != nil {
					t.Fatalf("seed %d %v: %v", seed, spec.Units(), err)
				}
				if rec != nil {
					checkGolden(t, tk.ID, goldenText(rec))
					return
				}
			}
			t.Fatal("no record kept in seeds 1..50")
		})
	}
	t.Run(goldenInfeasible, func(t *testing.T) {
		t.Parallel()
		for _, tk := range tasks {
			for seed := uint64(1); seed <= 200; seed++ {
				spec, err := gen.SampleSpec(tk, seed)
				if err != nil {
					t.Fatal(err)
				}
				if !spec.Has(unitInfeasible) {
					continue
				}
				_, rec, _, err := cachedRecord(tk, seed)
				if err != nil {
					t.Fatalf("%s seed %d: %v", tk.ID, seed, err)
				}
				if rec == nil || rec.Reference.Feasible {
					continue
				}
				if len(rec.Reference.Conflict) == 0 || rec.Certificate.Status != "infeasible" {
					t.Fatalf("%s: infeasible record without a conflict: %+v", rec.ID, rec.Reference)
				}
				checkGolden(t, goldenInfeasible, goldenText(rec))
				return
			}
		}
		t.Fatal("no infeasible record in seeds 1..200 of any task")
	})
	t.Run("no-stale-files", func(t *testing.T) {
		files, err := filepath.Glob(filepath.Join(goldenDir, "*.txt"))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			if names[filepath.Base(f)] {
				continue
			}
			if *updateGolden {
				if err := os.Remove(f); err != nil {
					t.Fatal(err)
				}
				continue
			}
			t.Errorf("%s is the golden file of no task (run with -update-golden to remove it)", f)
		}
	})
}
