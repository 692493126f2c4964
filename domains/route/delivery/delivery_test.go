package delivery_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/domains/route/delivery"
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
	tk := delivery.LogisticsDelivery()
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
	tk := delivery.LogisticsDelivery()
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
	if n >= 200 && (conflicts["vehicle capacity"] == 0 || conflicts["delivery windows"] == 0) {
		t.Errorf("conflicts %v: both infeasibility variants (overload, deadline) should occur", conflicts)
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
	tk := delivery.LogisticsDelivery()
	units := map[string]bool{"capacity": true, "time-windows": true, "road-closure": true}
	spec, err := tk.NewSpec("parcel-vans", 3, units)
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
		{"levels", 3, "levels: 3 is outside 0..2"},
		{"current", [][]int{{1, 1}}, "current[0]: stop 1 is unknown or repeated"},
		{"current", [][]int{{1}}, "current: 1 of"},
		{"closed", nil, "want a current plan with exactly one closed road"},
		{"capacity", -1, "Capacity: -1 is negative"},
		{"travel", [][]int{{0}}, "want the depot and at least one customer"},
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
		if _, err := tk.Load(data); err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "route: logistics-delivery: ") {
			t.Errorf("%s = %v: %v, want %q", tc.field, tc.value, err, tc.want)
		}
	}
}

// checkRecord: the record's instance loads from its JSON with the
// same prompt, schema and checklist, and the reference passes every item.
func checkRecord(t *testing.T, rec *domains.Record) {
	t.Helper()
	tk := delivery.LogisticsDelivery()
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
	tk := delivery.LogisticsDelivery()
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
		if kept < 9 {
			t.Errorf("unit %s: %d of 12 records kept", u.ID, kept)
		}
	}
}
