package itinerary_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/domains/route/itinerary"
	"github.com/plancert/plancert/gen"
	"github.com/plancert/plancert/solver/sat"
)

// seeds is the number of seeds of the reference test: 30 (10 with
// -short), or 200 with PLANCERT_LONG=1.
func seeds() uint64 {
	switch {
	case os.Getenv("PLANCERT_LONG") != "":
		return 200
	case testing.Short():
		return 10
	}
	return 30
}

// record samples, generates and certifies seed (policy Unique); a drop
// returns its reason.
func record(t testing.TB, seed uint64) (*domains.Record, domains.Instance, string) {
	tk := itinerary.TravelItinerary()
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
// seeds are kept, and every subtask occurs.
func TestReference(t *testing.T) {
	tk := itinerary.TravelItinerary()
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
	if n >= 200 {
		for _, u := range tk.Pool {
			if units[u.ID] == 0 {
				t.Errorf("unit %s never sampled in %d seeds", u.ID, n)
			}
		}
		if conflicts["budget"] == 0 || conflicts["opening hours"] == 0 {
			t.Errorf("conflicts %v: both infeasibility variants (fees, hours) should occur", conflicts)
		}
	}
	if n >= 30 && len(subtasks) != len(tk.Subtasks) {
		t.Errorf("subtasks seen: %v", subtasks)
	}
}

// checkRecord: the record's instance loads from its JSON with the same
// prompt, schema and checklist, and the reference passes every item.
func checkRecord(t *testing.T, rec *domains.Record) {
	t.Helper()
	tk := itinerary.TravelItinerary()
	inst, err := tk.Load(rec.Instance)
	if err != nil {
		t.Fatalf("%s: load: %v", rec.ID, err)
	}
	if inst.Prompt() != rec.Prompt || inst.AnswerSchema() != rec.AnswerSchema {
		t.Fatalf("%s: the loaded instance gives another prompt or schema", rec.ID)
	}
	a, _ := json.Marshal(inst.Checklist(rec.Reference))
	b, _ := json.Marshal(rec.Checklist)
	if !bytes.Equal(a, b) {
		t.Fatalf("%s: the loaded instance gives another checklist", rec.ID)
	}
	for _, r := range inst.Check(context.Background(), sat.Backend{}, rec.Reference.Plan, rec.Reference) {
		if !r.Pass {
			t.Errorf("%s: the reference fails %s: %s", rec.ID, r.ID, r.Detail)
		}
	}
	if len(rec.Checklist) < 3 {
		t.Errorf("%s: %d items", rec.ID, len(rec.Checklist))
	}
}

// TestUnits: for every unit of the pool (with the units it
// requires), on every subtask that allows it and one seed (3 with
// PLANCERT_LONG=1),
// the certified record's reference passes every item after a JSON round
// trip, and the unit's rule appears in the prompt.
func TestUnits(t *testing.T) {
	tk := itinerary.TravelItinerary()
	seeds := uint64(1)
	if os.Getenv("PLANCERT_LONG") != "" {
		seeds = 3
	}
	for _, u := range tk.Pool {
		kept, tried := 0, 0
		for _, st := range tk.Subtasks {
			if !st.Allows(u.ID) {
				continue
			}
			for seed := uint64(1); seed <= seeds; seed++ {
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
				tried++
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
				rule := map[string]string{"opening-hours": "opening hours", "visit-order": "visit order", "daily-travel-limit": "daily travel limit", "balanced-days": "balanced days"}[u.ID]
				if rule == "" {
					rule = u.ID
				}
				if st.ID == "city-hopping" && u.ID == "opening-hours" {
					rule = "events"
				}
				if u.ID != "infeasibility" && !strings.Contains(rec.Prompt, `"`+rule+`"`) {
					t.Errorf("%s: the prompt has no rule for unit %s", rec.ID, u.ID)
				}
				if u.ID == "infeasibility" && rec.Reference.Feasible {
					t.Errorf("%s: the infeasibility unit gave a feasible instance", rec.ID)
				}
			}
		}
		if kept*4 < tried*3 {
			t.Errorf("unit %s: %d of %d records kept", u.ID, kept, tried)
		}
	}
}

// TestLoadErrors: a malformed instance file is refused with the
// field and the reason.
func TestLoadErrors(t *testing.T) {
	tk := itinerary.TravelItinerary()
	spec, err := tk.NewSpec("museum-weekend", 3, map[string]bool{"must-visit": true, "opening-hours": true, "budget": true, "closure": true})
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
		{"current", [][]int{{1, 1}, {}}, "current[0]: stop 1 is unknown or repeated"},
		{"current", [][]int{{1}}, "current: 1 day plans for 2 days"},
		{"closed", 0, "want a current plan with exactly one closed stop"},
		{"must", []int{9}, "must[0]: 9 is not a stop number"},
		{"score", []int{1}, "score: 1 entries for"},
		{"open", nil, "open, close: give both or neither"},
		{"budget", -5, "budget, max_travel, balance: negative"},
		{"travel", [][]int{{0}}, "travel: 1 rows for"},
		{"backup", []int{1, 2, 3}, "backup: [1 2 3] is not a must-visit stop and another stop"},
		{"days", []any{}, "days: none"},
		{"flights", [][2]int{{1, 2}}, "flights: given for a subtask that is not a trip sequence"},
		{"spec", nil, `unknown subtask "boats"`},
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
		if _, err := tk.Load(data); err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "route: travel-itinerary: ") {
			t.Errorf("%s = %v: %v, want %q", tc.field, tc.value, err, tc.want)
		}
	}
}

// TestCheckMalformed: answers that do not parse, have the wrong
// shape or the wrong number of day lists fail every item (and never panic),
// for a two-day itinerary and a trip sequence.
func TestCheckMalformed(t *testing.T) {
	tk := itinerary.TravelItinerary()
	common := []string{`[]`, `null`, `"plan"`, `{"feasible": true}`, `{"feasible": false}`, `{"feasible": false, "conflict": []}`}
	for _, tc := range []struct {
		subtask string
		answers []string
	}{
		{"museum-weekend", []string{`{"days": "Saturday"}`, `{"days": [[1, 2]], "total_score": 0, "travel_minutes": 0}`,
			`{"days": [["M1 National Gallery"], []], "total_score": 0}`, `{"days": [["Louvre"], []], "total_score": 0, "travel_minutes": 0}`,
			`{"days": [[], [], []], "total_score": 0, "travel_minutes": 0}`, `{"days": [["M1 National Gallery"]], "total_score": 3, "travel_minutes": 0}`,
			`{"cities": ["M1 National Gallery"], "first_days": [1]}`}},
		{"city-hopping", []string{`{"cities": ["C1 Porto"], "first_days": [1, 2]}`, `{"cities": ["C1 Porto"], "first_days": "1"}`,
			`{"cities": "C1 Porto", "first_days": [1]}`, `{"cities": ["Paris"], "first_days": [1]}`,
			`{"days": [["C1 Porto"]], "total_score": 1, "travel_minutes": 0}`}},
	} {
		spec, err := tk.NewSpec(tc.subtask, 2, map[string]bool{"must-visit": true, "opening-hours": true})
		if err != nil {
			t.Fatal(err)
		}
		inst, err := gen.NewInstance(context.Background(), sat.Backend{}, tk, spec)
		if err != nil {
			t.Fatal(err)
		}
		rec, err := gen.Certify(context.Background(), sat.Backend{}, tk, inst, gen.Unique)
		if err != nil {
			t.Fatal(err)
		}
		if !rec.Reference.Feasible {
			t.Fatalf("%s: infeasible", rec.ID)
		}
		for _, answer := range append(common, tc.answers...) {
			res := inst.Check(context.Background(), sat.Backend{}, json.RawMessage(answer), rec.Reference)
			if len(res) != len(rec.Checklist) {
				t.Fatalf("%s: %s: %d results for %d items", tc.subtask, answer, len(res), len(rec.Checklist))
			}
			for _, r := range res {
				if r.Pass {
					t.Errorf("%s: %s passes %s", tc.subtask, answer, r.ID)
				}
			}
		}
	}
}
