package assign

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/plancert/plancert/gen"
	"github.com/plancert/plancert/solver/sat"
)

// TestLoadErrors: an instance with a broken field is refused with an
// error naming the field and the reason.
func TestLoadErrors(t *testing.T) {
	// A valid instance of each mode to break.
	base := map[string]json.RawMessage{}
	for _, id := range []string{"student-grouping", "educational-resource-planning", "work-assignment-scheduling"} {
		tk := lookupTask(t, id)
		spec, err := gen.SampleSpec(tk, 3)
		if err != nil {
			t.Fatal(err)
		}
		inst, err := gen.NewInstance(context.Background(), sat.Backend{}, tk, spec)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := gen.Certify(context.Background(), sat.Backend{}, tk, inst, gen.Value); err != nil {
			t.Fatal(err)
		}
		data, err := json.Marshal(inst)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := load(data); err != nil {
			t.Fatalf("%s: a generated instance does not load: %v", id, err)
		}
		base[id] = data
	}
	for _, tc := range []struct {
		task, name string
		edit       func(a *Assign)
		want       string
	}{
		{"educational-resource-planning", "duplicate item", func(a *Assign) { a.Items[1].Name = a.Items[0].Name }, "items[1].name"},
		{"educational-resource-planning", "cost rows", func(a *Assign) { a.Cost = a.Cost[1:] }, "cost"},
		{"educational-resource-planning", "unknown allowed bin", func(a *Assign) { a.Items[0].Allowed = []string{"Nowhere"} }, `items[0].allowed: unknown bin "Nowhere"`},
		{"educational-resource-planning", "pair of one item", func(a *Assign) { a.Apart = []Pair{{A: a.Items[0].Name, B: a.Items[0].Name}} }, "apart[0]"},
		{"student-grouping", "sizes", func(a *Assign) { a.Bins[0].Size++ }, "group sizes add up"},
		{"student-grouping", "unknown request", func(a *Assign) { a.Requests = append(a.Requests, Pair{A: "Zed", B: a.Items[0].Name}) }, "requests["},
		{"work-assignment-scheduling", "too long", func(a *Assign) { a.Items[0].Size = a.Slots + 1 }, "items[0].size"},
		{"work-assignment-scheduling", "grid", func(a *Assign) { a.SlotMin = 0 }, "slots"},
		{"work-assignment-scheduling", "deadline", func(a *Assign) { a.Items[0].Deadline = a.Slots + 1 }, "items[0].deadline"},
		{"work-assignment-scheduling", "vocabulary", func(a *Assign) { a.Voc.Bin = "" }, "vocabulary"},
	} {
		var a Assign
		if err := json.Unmarshal(base[tc.task], &a); err != nil {
			t.Fatal(err)
		}
		tc.edit(&a)
		data, _ := json.Marshal(&a)
		_, err := load(data)
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "assign: instance: ") {
			t.Errorf("%s/%s: error %v, want one naming %q", tc.task, tc.name, err, tc.want)
		}
	}
	if _, err := load([]byte(`{"items": 3}`)); err == nil || !strings.HasPrefix(err.Error(), "assign: instance: ") {
		t.Errorf("malformed JSON: error %v", err)
	}
}
