package familytest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/gen"
	"github.com/plancert/plancert/internal/schematest"
	"github.com/plancert/plancert/solver/sat"
)

// Reference is the reference test of a family: per task (in parallel
// subtests), seeds 1..N (Family.Seeds or TaskSeeds) from the record cache;
// the seeds Family.Rerun picks are run a second time, which must give the
// same outcome and a byte-identical record; every kept record passes
// CheckRecord; the kept share is at least Family.MinKeep; then
// Family.AfterTask. It logs per task what was kept, dropped and which
// units the kept records have.
func Reference(t *testing.T, f *Family) {
	var mu sync.Mutex
	report := map[string]string{}
	tasks := Tasks(t, f)
	t.Cleanup(func() {
		for _, tk := range tasks {
			if s, ok := report[tk.ID]; ok {
				t.Logf("%-30s %s", tk.ID, s)
			}
		}
	})
	for _, tk := range tasks {
		t.Run(tk.ID, func(t *testing.T) {
			t.Parallel()
			start := time.Now()
			seeds := f.seeds(tk)
			kept, infeasible, reruns := 0, 0, 0
			var recs []*domains.Record
			dropped := map[string]int{}
			units := map[string]int{}
			for seed := uint64(1); seed <= seeds; seed++ {
				o := f.Record(tk, seed)
				if o.Err != nil {
					t.Fatalf("seed %d %v: %v", seed, o.Spec.Units(), o.Err)
				}
				if f.Rerun == nil || f.Rerun(seed) {
					// A second, independent run of the same spec: the
					// same outcome, the same bytes.
					reruns++
					o2 := run(tk, seed, f.Timeout)
					if o2.Err != nil {
						t.Fatalf("seed %d, second run: %v", seed, o2.Err)
					}
					switch {
					case o2.Drop != o.Drop && f.Timeout > 0 && (o.Drop == gen.DropTimeout || o2.Drop == gen.DropTimeout):
						t.Logf("seed %d: one run was not proven within %v; not compared", seed, f.Timeout)
					case o2.Drop != o.Drop:
						t.Fatalf("seed %d: dropped (%q), second run dropped (%q)", seed, o.Drop, o2.Drop)
					case o.Drop == "":
						b1, err1 := json.Marshal(o.Rec)
						b2, err2 := json.Marshal(o2.Rec)
						if err1 != nil || err2 != nil {
							t.Fatalf("seed %d: %v %v", seed, err1, err2)
						}
						if !bytes.Equal(b1, b2) {
							t.Fatalf("seed %d: two runs give different records:\n%s\n%s", seed, b1, b2)
						}
					}
				}
				if o.Drop != "" {
					dropped[o.Drop]++
					continue
				}
				CheckRecord(t, f, o.Rec)
				kept++
				recs = append(recs, o.Rec)
				if !o.Rec.Reference.Feasible {
					infeasible++
				}
				for _, u := range o.Spec.Units() {
					units[u]++
				}
			}
			mu.Lock()
			report[tk.ID] = fmt.Sprintf("kept %d of %d (%d infeasible); dropped: %s; %d seeds run twice; units kept: %s; %v",
				kept, seeds, infeasible, counts(dropped, "%[2]d %[1]s"), reruns, counts(units, "%s %d"), time.Since(start).Round(time.Millisecond))
			mu.Unlock()
			if rate := float64(kept) / float64(seeds); rate < f.MinKeep {
				t.Errorf("keep rate %.2f < %.2f over %d seeds: %s", rate, f.MinKeep, seeds, report[tk.ID])
			}
			if f.AfterTask != nil {
				f.AfterTask(t, tk, recs)
			}
		})
	}
}

// counts lists a map of counts, sorted, each entry formatted by format
// from (key, count); "none" when empty.
func counts(m map[string]int, format string) string {
	var out []string
	for k, n := range m {
		out = append(out, fmt.Sprintf(format, k, n))
	}
	if len(out) == 0 {
		return "none"
	}
	sort.Strings(out)
	return strings.Join(out, ", ")
}

// CheckRecord re-checks a kept record from its JSON form: the record
// survives a JSON round trip unchanged; its instance loads and gives the
// same prompt, answer schema and checklist; the reference passes every
// item (one result per item, in the checklist's order); the reference is
// feasible exactly when the certificate is optimal, and then the optimum
// is unique and, when the instance is a domains.Objectiver, the checker's
// objective of the reference is the certificate's; an infeasible record
// has the infeasibility unit; the reference (and a witness) is valid
// under the record's answer JSON Schema. Then Family.CheckRecord, when set.
func CheckRecord(t *testing.T, f *Family, rec *domains.Record) {
	t.Helper()
	data, err := json.Marshal(rec)
	if err != nil {
		t.Fatalf("%s: %v", rec.ID, err)
	}
	var back domains.Record
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatalf("%s: record does not read back: %v", rec.ID, err)
	}
	if again, _ := json.Marshal(&back); !bytes.Equal(again, data) {
		t.Fatalf("%s: record changes through JSON", rec.ID)
	}
	_, inst, err := back.Load()
	if err != nil {
		t.Fatalf("%s: load: %v", rec.ID, err)
	}
	if inst.Prompt() != rec.Prompt || inst.AnswerSchema() != rec.AnswerSchema {
		t.Fatalf("%s: the loaded instance has another prompt or answer schema", rec.ID)
	}
	if got := inst.Checklist(back.Reference); !slices.Equal(got, rec.Checklist) {
		t.Fatalf("%s: the loaded instance has another checklist:\n%v\nwant\n%v", rec.ID, got, rec.Checklist)
	}
	res := inst.Check(context.Background(), sat.Backend{}, back.Reference.Plan, back.Reference)
	if len(res) != len(rec.Checklist) {
		t.Fatalf("%s: %d results for %d items", rec.ID, len(res), len(rec.Checklist))
	}
	for k, r := range res {
		if r.ID != rec.Checklist[k].ID {
			t.Fatalf("%s: result %d is %q, item %q", rec.ID, k, r.ID, rec.Checklist[k].ID)
		}
		if !r.Pass {
			t.Fatalf("%s: the reference %s fails %q after loading: %s", rec.ID, back.Reference.Plan, r.ID, r.Detail)
		}
	}
	if rec.Reference.Feasible != (rec.Certificate.Status == "optimal") {
		t.Fatalf("%s: reference feasible %v, certificate %s", rec.ID, rec.Reference.Feasible, rec.Certificate.Status)
	}
	if rec.Reference.Feasible && (rec.Certificate.Unique == nil || !*rec.Certificate.Unique) {
		t.Fatalf("%s: kept under gen.Unique without a unique optimum", rec.ID)
	}
	if !rec.Reference.Feasible && !slices.Contains(rec.Constraints.Hard, InfeasibleUnit) {
		t.Fatalf("%s: infeasible record without the infeasibility unit", rec.ID)
	}
	if ob, ok := inst.(domains.Objectiver); ok && rec.Reference.Feasible {
		// The objective the checker computes is the certificate's.
		obj, ok := ob.Objective(back.Reference.Plan)
		if !ok || !slices.Equal(obj, rec.Certificate.Objective) {
			t.Fatalf("%s: the checker's objective %v (ok %v), the certificate's %v", rec.ID, obj, ok, rec.Certificate.Objective)
		}
	}
	// The answer's JSON Schema takes the reference (and a witness).
	for _, plan := range []json.RawMessage{rec.Reference.Plan, rec.Certificate.Witness} {
		if len(plan) == 0 || string(plan) == "null" {
			continue
		}
		if err := schematest.Validate(rec.AnswerJSONSchema, plan); err != nil {
			t.Fatalf("%s: %s is not valid under the answer's JSON Schema: %v", rec.ID, plan, err)
		}
	}
	if f != nil && f.CheckRecord != nil {
		f.CheckRecord(t, rec, inst)
	}
}

// EverySubtask fails the test unless the kept records cover every subtask
// of tk; it logs how many records each subtask has. For a family's
// AfterTask.
func EverySubtask(t testing.TB, tk *domains.Task, kept []*domains.Record) {
	t.Helper()
	n := map[string]int{}
	for _, rec := range kept {
		n[rec.Subtask]++
	}
	t.Logf("%s: kept records per subtask: %s", tk.ID, counts(n, "%s %d"))
	for _, st := range tk.Subtasks {
		if n[st.ID] == 0 {
			t.Errorf("%s: no kept record of subtask %s in %d (subtasks seen: %s)", tk.ID, st.ID, len(kept), counts(n, "%s %d"))
		}
	}
}

// EveryUnit fails the test unless each unit of tk's pool is in some kept
// record. For a family's AfterTask, at a level with seeds enough to draw
// the rare units.
func EveryUnit(t testing.TB, tk *domains.Task, kept []*domains.Record) {
	t.Helper()
	has := map[string]bool{}
	for _, rec := range kept {
		c := rec.Constraints
		for _, l := range [][]string{c.Basic, c.Medium, c.Hard, c.Stateful} {
			for _, u := range l {
				has[u] = true
			}
		}
	}
	for _, u := range tk.Pool {
		if !has[u.ID] {
			t.Errorf("%s: unit %s is in none of %d kept records", tk.ID, u.ID, len(kept))
		}
	}
}
