package production

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plancert/plancert/domains"
)

// updateGolden rewrites the golden files: go test ./domains/production/ -run
// TestFamilyGolden -update-golden.
var updateGolden = flag.Bool("update-golden", false, "rewrite domains/production/testdata/golden/*.txt from the current generator")

const goldenDir = "testdata/golden"

// goldenText is the golden form of a record: its ID and units, the
// prompt, the checklist and the reference answer.
func goldenText(rec *domains.Record) string {
	var b strings.Builder
	c := rec.Constraints
	fmt.Fprintf(&b, "record: %s\n", rec.ID)
	fmt.Fprintf(&b, "units: basic %v; medium %v; hard %v; stateful %v\n", c.Basic, c.Medium, c.Hard, c.Stateful)
	fmt.Fprintf(&b, "certificate: %s %v\n", rec.Certificate.Status, rec.Certificate.Objective)
	b.WriteString("\n==== prompt ====\n")
	b.WriteString(rec.Prompt)
	b.WriteString("\n==== checklist (id | tier | kind | text) ====\n")
	for _, it := range rec.Checklist {
		fmt.Fprintf(&b, "%s | %s | %s | %s\n", it.ID, it.Tier, it.Kind, it.Text)
	}
	b.WriteString("\n==== reference ====\n")
	b.Write(rec.Reference.Plan)
	b.WriteString("\n")
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
		t.Fatalf("%v (run go test ./domains/production/ -run TestFamilyGolden -update-golden to write it)", err)
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
			t.Fatalf("%s differs at line %d:\n got: %q\nwant: %q\n(if the change is intended, run go test ./domains/production/ -run TestFamilyGolden -update-golden)", path, i+1, g, w)
		}
	}
}

// TestFamilyGolden: the prompt, checklist and reference of the first kept
// feasible record of each subtask (seeds 1..60), of the first infeasible
// record and of the first record with the delay unit equal their golden
// files.
func TestFamilyGolden(t *testing.T) {
	for _, tk := range familyTasks(t) {
		want := map[string]bool{"infeasible": true, unitDelay: true}
		for _, st := range tk.Subtasks {
			want[st.ID] = true
		}
		for seed := uint64(1); seed <= 60 && len(want) > 0; seed++ {
			spec, rec, drop, err := cachedRecord(tk, seed)
			if err != nil {
				t.Fatal(err)
			}
			if drop != "" {
				continue
			}
			var key string
			switch {
			case !rec.Reference.Feasible:
				key = "infeasible"
			case spec.Has(unitDelay) && want[unitDelay]:
				key = unitDelay
			default:
				key = spec.Subtask
			}
			if want[key] {
				checkGolden(t, tk.ID+"-"+key, goldenText(rec))
				delete(want, key)
			}
		}
		if len(want) > 0 {
			t.Fatalf("%s: no record for %v in 60 seeds", tk.ID, want)
		}
	}
}
