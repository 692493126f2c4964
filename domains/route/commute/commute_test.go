package commute_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/domains/route/commute"
	"github.com/plancert/plancert/gen"
	"github.com/plancert/plancert/solver/sat"
)

// seeds is the number of seeds of the reference test: 30, or 200
// with PLANCERT_LONG=1.
func seeds() uint64 {
	if os.Getenv("PLANCERT_LONG") != "" {
		return 200
	}
	return 30
}

// record samples, generates and certifies seed (policy Unique);
// a drop returns its reason.
func record(t testing.TB, seed uint64) (*domains.Record, domains.Instance, string) {
	tk := commute.Commuting()
	spec, err := gen.SampleSpec(tk, seed)
	if err != nil {
		t.Fatal(err)
	}
	inst, err := gen.NewInstance(context.Background(), sat.Backend{}, tk, spec)
	if err != nil {
		t.Fatalf("seed %d: %v", seed, err)
	}
	rec, err := gen.Certify(context.Background(), sat.Backend{}, tk, inst, gen.Unique)
	var drop *gen.DropError
	switch {
	case errors.As(err, &drop):
		return nil, inst, drop.Reason
	case err != nil:
		t.Fatalf("seed %d: %v", seed, err)
	}
	return rec, inst, ""
}

// TestReference: for seeds 1..30 (200 with PLANCERT_LONG=1) the
// certified reference passes every item of its checklist after a JSON
// round trip of the instance (same prompt, schema and checklist), a second
// run of the same spec gives a byte-identical record, at least 70 % of the
// seeds are kept, and every unit and subtask occurs.
func TestReference(t *testing.T) {
	tk := commute.Commuting()
	kept, infeasible := 0, 0
	units, subtasks, conflicts := map[string]int{}, map[string]int{}, map[string]int{}
	for seed := uint64(1); seed <= seeds(); seed++ {
		rec, _, drop := record(t, seed)
		if drop != "" {
			t.Logf("seed %d dropped: %s", seed, drop)
			continue
		}
		kept++
		if !rec.Reference.Feasible {
			infeasible++
			for _, c := range rec.Reference.Conflict {
				conflicts[c]++
			}
		}
		subtasks[rec.Subtask]++
		for _, l := range [][]string{rec.Constraints.Basic, rec.Constraints.Medium, rec.Constraints.Hard} {
			for _, u := range l {
				units[u]++
			}
		}
		checkRecord(t, rec)
		again, _, _ := record(t, seed)
		x, _ := json.Marshal(rec)
		y, _ := json.Marshal(again)
		if !bytes.Equal(x, y) {
			t.Errorf("seed %d: a second run gives another record", seed)
		}
	}
	n := int(seeds())
	t.Logf("%d of %d kept (%d infeasible: conflicts %v); units %v; subtasks %v", kept, n, infeasible, conflicts, units, subtasks)
	if kept*10 < n*7 {
		t.Errorf("%d of %d seeds kept, want ≥ 70 %%", kept, n)
	}
	if n >= 200 { // 30 seeds may miss a hard unit: TestUnits covers each
		for _, u := range tk.Pool {
			if units[u.ID] == 0 {
				t.Errorf("unit %s never sampled in %d seeds", u.ID, n)
			}
		}
	}
	if len(subtasks) != len(tk.Subtasks) {
		t.Errorf("subtasks seen: %v", subtasks)
	}
}

// TestLoadErrors: a malformed instance file is refused with the
// field and the reason.
func TestLoadErrors(t *testing.T) {
	tk := commute.Commuting()
	units := map[string]bool{"transfer-time": true, "walking": true, "line-closure": true}
	spec, err := tk.NewSpec("morning-commute", 3, units)
	if err != nil {
		t.Fatal(err)
	}
	inst, err := gen.NewInstance(context.Background(), sat.Backend{}, tk, spec)
	if err != nil {
		t.Fatal(err)
	}
	good, _ := json.Marshal(inst)
	if _, err := tk.Load(good); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		field string
		value any
		want  string
	}{
		{"levels", 5, "levels: 5 is outside 0..4"},
		{"current", [][3]int{{0, 1, 0}}, "current[0]: [0 1 0] is not a ride of the timetable"},
		{"closed", nil, "want both a closed section and a current plan"},
		{"transfer", []int{1}, "transfer: 1 times for"},
		{"runs", []map[string]any{{"line": 0, "times": []int{500, 400}}}, "runs[0]"},
		{"walks", []map[string]any{{"a": 0, "b": 1, "minutes": 5}}, "walks[0]"},
		{"stops", []string{"x"}, "stops: 1 stops"},
		{"walks", []map[string]any{{"a": 0, "b": 2, "minutes": 5}, {"a": 2, "b": 0, "minutes": 6}}, "walks[1]: a second link"},
		{"avoid", 99, "avoid: 99 is not a line"},
		{"spec", map[string]any{"subtask": "boats"}, `unknown subtask "boats"`},
	} {
		var m map[string]any
		if err := json.Unmarshal(good, &m); err != nil {
			t.Fatal(err)
		}
		if tc.field == "spec" {
			m["spec"].(map[string]any)["subtask"] = "boats"
		} else {
			m[tc.field] = tc.value
		}
		data, _ := json.Marshal(m)
		if _, err := tk.Load(data); err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "route: commuting: ") {
			t.Errorf("%s = %v: %v, want %q", tc.field, tc.value, err, tc.want)
		}
	}
}

// checkRecord: the record's instance loads from its JSON with the
// same prompt, schema and checklist, and the reference passes every item.
func checkRecord(t *testing.T, rec *domains.Record) {
	t.Helper()
	tk := commute.Commuting()
	seed := rec.Seed
	inst, err := tk.Load(rec.Instance)
	if err != nil {
		t.Fatalf("%s seed %d: load: %v", rec.Subtask, seed, err)
	}
	if inst.Prompt() != rec.Prompt || inst.AnswerSchema() != rec.AnswerSchema {
		t.Fatalf("%s seed %d: the loaded instance gives another prompt or schema", rec.Subtask, seed)
	}
	a, _ := json.Marshal(inst.Checklist(rec.Reference))
	b, _ := json.Marshal(rec.Checklist)
	if !bytes.Equal(a, b) {
		t.Fatalf("%s seed %d: the loaded instance gives another checklist", rec.Subtask, seed)
	}
	for _, r := range inst.Check(context.Background(), sat.Backend{}, rec.Reference.Plan, rec.Reference) {
		if !r.Pass {
			t.Errorf("%s seed %d: the reference fails %s: %s", rec.Subtask, seed, r.ID, r.Detail)
		}
	}
	if len(rec.Checklist) < 3 {
		t.Errorf("%s seed %d: %d items", rec.Subtask, seed, len(rec.Checklist))
	}
}

// TestUnits: for every unit of the pool (with the units it
// requires), on every subtask and 3 seeds, the certified record's
// reference passes every item after a JSON round trip.
func TestUnits(t *testing.T) {
	tk := commute.Commuting()
	for _, u := range tk.Pool {
		kept := 0
		for _, st := range tk.Subtasks {
			for seed := uint64(1); seed <= 3; seed++ {
				units := map[string]bool{u.ID: true}
				for _, r := range u.Requires {
					units[r] = true
				}
				spec, err := tk.NewSpec(st.ID, seed, units)
				if err != nil {
					t.Fatal(err)
				}
				inst, err := gen.NewInstance(context.Background(), sat.Backend{}, tk, spec)
				if err != nil {
					t.Fatal(err)
				}
				rec, err := gen.Certify(context.Background(), sat.Backend{}, tk, inst, gen.Unique)
				var drop *gen.DropError
				if errors.As(err, &drop) {
					continue
				}
				if err != nil {
					t.Fatalf("%s %s %d: %v", u.ID, st.ID, seed, err)
				}
				kept++
				checkRecord(t, rec)
			}
		}
		if kept*4 < 3*3*len(tk.Subtasks) {
			t.Errorf("unit %s: %d of %d records kept", u.ID, kept, 3*len(tk.Subtasks))
		}
	}
}
