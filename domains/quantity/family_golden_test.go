package quantity

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/gen"
	"github.com/plancert/plancert/solver/sat"
)

// updateGolden rewrites the golden files: go test ./domains/quantity/
// -run TestFamilyGolden -update-golden.
var updateGolden = flag.Bool("update-golden", false, "rewrite domains/quantity/testdata/golden/*.txt from the current generator")

const goldenDir = "testdata/golden"

// goldenText is the golden form of a record: its ID and units, the
// prompt, the checklist (id, tier, kind, text), one item a line, and the
// reference.
func goldenText(rec *domains.Record) string {
	var b strings.Builder
	c := rec.Constraints
	fmt.Fprintf(&b, "record: %s\n", rec.ID)
	fmt.Fprintf(&b, "units: basic %v; medium %v; hard %v; stateful %v\n", c.Basic, c.Medium, c.Hard, c.Stateful)
	fmt.Fprintf(&b, "certificate: %s %v\n", rec.Certificate.Status, rec.Certificate.Objective)
	b.WriteString("\n==== prompt ====\n")
	b.WriteString(rec.Prompt)
	if !strings.HasSuffix(rec.Prompt, "\n") {
		b.WriteString("\n")
	}
	b.WriteString("\n==== checklist (id | tier | kind | text) ====\n")
	for _, it := range rec.Checklist {
		fmt.Fprintf(&b, "%s | %s | %s | %s\n", it.ID, it.Tier, it.Kind, it.Text)
	}
	fmt.Fprintf(&b, "\n==== reference ====\n%s\n", rec.Reference.Plan)
	return b.String()
}

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
		t.Fatalf("%v (run go test ./domains/quantity/ -run TestFamilyGolden -update-golden to write it)", err)
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
			t.Fatalf("%s differs at line %d:\n got: %q\nwant: %q\n(if the change is intended, run go test ./domains/quantity/ -run TestFamilyGolden -update-golden)", path, i+1, g, w)
		}
	}
}

// TestFamilyGolden: per task, the first kept feasible record (seeds 1, 2,
// …) with a medium or hard unit; per task the first infeasible record
// of the spec {supply-limits, infeasibility} on its first subtask; and,
// for the tasks with the recovery unit, the first kept record of
// {min-guarantee, recovery} on the first subtask.
func TestFamilyGolden(t *testing.T) {
	for _, tk := range familyTasks(t) {
		var feasible, infeasible *domains.Record
		for seed := uint64(1); seed <= 100 && feasible == nil; seed++ {
			spec, rec, drop, err := cachedRecord(tk, seed)
			if err != nil {
				t.Fatal(err)
			}
			if drop == "" && rec.Reference.Feasible && len(spec.Medium)+len(spec.Hard) > 0 {
				feasible = rec
			}
		}
		for seed := uint64(1); seed <= 100 && infeasible == nil; seed++ {
			spec, err := tk.NewSpec(tk.Subtasks[0].ID, seed, map[string]bool{unitLanes: true, unitInfeasible: true})
			if err != nil {
				t.Fatal(err)
			}
			inst, err := gen.NewInstance(context.Background(), sat.Backend{}, tk, spec)
			if err != nil {
				t.Fatal(err)
			}
			rec, err := gen.Certify(context.Background(), sat.Backend{}, tk, inst, gen.Unique)
			var drop *gen.DropError
			switch {
			case errors.As(err, &drop):
			case err != nil:
				t.Fatal(err)
			case !rec.Reference.Feasible:
				infeasible = rec
			}
		}
		if feasible == nil || infeasible == nil {
			t.Fatalf("%s: no feasible or no infeasible record in seeds 1..100", tk.ID)
		}
		checkGolden(t, tk.ID, goldenText(feasible))
		checkGolden(t, tk.ID+"-infeasible", goldenText(infeasible))
		if _, ok := tk.Unit(unitRecovery); ok {
			checkGolden(t, tk.ID+"-recovery", goldenText(firstKept(t, tk, map[string]bool{unitMinimum: true, unitRecovery: true})))
		}
	}
}

// firstKept returns the first kept feasible record of the spec with the
// given units on tk's first subtask, seeds 1, 2, ….
func firstKept(t *testing.T, tk *domains.Task, units map[string]bool) *domains.Record {
	t.Helper()
	for seed := uint64(1); seed <= 100; seed++ {
		spec, err := tk.NewSpec(tk.Subtasks[0].ID, seed, units)
		if err != nil {
			t.Fatal(err)
		}
		inst, err := gen.NewInstance(context.Background(), sat.Backend{}, tk, spec)
		if err != nil {
			t.Fatal(err)
		}
		rec, err := gen.Certify(context.Background(), sat.Backend{}, tk, inst, gen.Unique)
		var drop *gen.DropError
		switch {
		case errors.As(err, &drop):
		case err != nil:
			t.Fatal(err)
		case rec.Reference.Feasible:
			return rec
		}
	}
	t.Fatalf("%s: no kept feasible record of %v in seeds 1..100", tk.ID, units)
	return nil
}
