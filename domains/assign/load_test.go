package assign

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/plancert/plancert/gen"
	"github.com/plancert/plancert/internal/familytest"
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
		inst := familytest.Instance(t, tk, spec)
		if _, err := gen.Certify(context.Background(), sat.Backend{}, tk, inst, gen.Value); err != nil {
			t.Fatal(err)
		}
		data, err := json.Marshal(inst)
		if err != nil {
			t.Fatal(err)
		}
		base[id] = data
	}
	loadErr := func(data []byte) error { _, err := load(data); return err }
	for _, task := range []struct {
		id    string
		cases []familytest.LoadCase[*Assign]
	}{
		{"educational-resource-planning", []familytest.LoadCase[*Assign]{
			{Name: "duplicate item", Edit: func(a *Assign) { a.Items[1].Name = a.Items[0].Name }, Want: "items[1].name"},
			{Name: "cost rows", Edit: func(a *Assign) { a.Cost = a.Cost[1:] }, Want: "cost"},
			{Name: "unknown allowed bin", Edit: func(a *Assign) { a.Items[0].Allowed = []string{"Nowhere"} }, Want: `items[0].allowed: unknown bin "Nowhere"`},
			{Name: "pair of one item", Edit: func(a *Assign) { a.Apart = []Pair{{A: a.Items[0].Name, B: a.Items[0].Name}} }, Want: "apart[0]"},
		}},
		{"student-grouping", []familytest.LoadCase[*Assign]{
			{Name: "sizes", Edit: func(a *Assign) { a.Bins[0].Size++ }, Want: "group sizes add up"},
			{Name: "unknown request", Edit: func(a *Assign) { a.Requests = append(a.Requests, Pair{A: "Zed", B: a.Items[0].Name}) }, Want: "requests["},
			{Name: "malformed JSON", Data: `{"items": 3}`},
		}},
		{"work-assignment-scheduling", []familytest.LoadCase[*Assign]{
			{Name: "too long", Edit: func(a *Assign) { a.Items[0].Size = a.Slots + 1 }, Want: "items[0].size"},
			{Name: "grid", Edit: func(a *Assign) { a.SlotMin = 0 }, Want: "slots"},
			{Name: "deadline", Edit: func(a *Assign) { a.Items[0].Deadline = a.Slots + 1 }, Want: "items[0].deadline"},
			{Name: "vocabulary", Edit: func(a *Assign) { a.Voc.Bin = "" }, Want: "vocabulary"},
		}},
	} {
		t.Run(task.id, func(t *testing.T) { familytest.LoadErrors(t, loadErr, base[task.id], "assign: instance: ", task.cases) })
	}
}
