package project

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/internal/familytest"
	"github.com/plancert/plancert/solver/sat"
)

// handInstance: Design (2 days, 1 developer), then Build (3 days, 2
// developers) and Test (1 day, 1 developer); 2 developers; horizon 8; the
// answer states its makespan. Build and Test cannot overlap, so the best
// makespan is 6, and the least sum of starts puts Test first (Design 0,
// Test 2, Build 3).
func handInstance() *Instance {
	return &Instance{
		Sp: domains.Spec{Task: "project-planning", Subtask: "software-release", Basic: []string{unitPrecedence, unitCapacity},
			Medium: []string{unitStated}, Hard: []string{}, Stateful: []string{}, Seed: 1},
		Voc: registered[0].Subtasks[0].Voc, Horizon: 8,
		Activities: []Activity{
			{Name: "Design", Duration: 2, Demand: []int{1}},
			{Name: "Build", Duration: 3, Demand: []int{2}, After: []string{"Design"}},
			{Name: "Test", Duration: 1, Demand: []int{1}, After: []string{"Design"}},
		},
		Resources: []Resource{{Name: "Developers", Capacity: 2}},
	}
}

func TestCheckHand(t *testing.T) {
	in := handInstance()
	ref := domains.Reference{Feasible: true, Objective: []int64{6, 5}}
	if items := in.Checklist(ref); len(items) != 6 {
		t.Fatalf("%d items, want 6: %v", len(items), items)
	}
	for _, tc := range []struct {
		name, answer string
		fail         []string // the items that fail; every other passes
	}{
		{"optimum", `{"schedule": [{"activity": "Design", "start": 0}, {"activity": "Build", "start": 3}, {"activity": "Test", "start": 2}], "makespan": 6}`, nil},
		{"other order", `{"schedule": [{"activity": "Design", "start": 0}, {"activity": "Build", "start": 2}, {"activity": "Test", "start": 5}], "makespan": 6}`, []string{itemOptimal}},
		{"overlap", `{"schedule": [{"activity": "Design", "start": 0}, {"activity": "Build", "start": 2}, {"activity": "Test", "start": 2}], "makespan": 5}`, []string{unitCapacity, itemOptimal}},
		{"too early", `{"schedule": [{"activity": "Design", "start": 0}, {"activity": "Build", "start": 3}, {"activity": "Test", "start": 1}], "makespan": 6}`, []string{unitPrecedence, itemOptimal}},
		{"wrong stated", `{"schedule": [{"activity": "Design", "start": 0}, {"activity": "Build", "start": 3}, {"activity": "Test", "start": 2}], "makespan": 5}`, []string{unitStated}},
		{"missing", `{"schedule": [{"activity": "Design", "start": 0}, {"activity": "Build", "start": 3}], "makespan": 6}`, []string{itemCoverage, unitPrecedence, unitCapacity, unitStated, itemOptimal}},
		{"unknown name", `{"schedule": [{"activity": "Design", "start": 0}, {"activity": "Build", "start": 3}, {"activity": "Test", "start": 2}, {"activity": "Deploy", "start": 6}], "makespan": 6}`, []string{itemCoverage, unitPrecedence, unitCapacity, unitStated, itemOptimal}},
		{"past the horizon", `{"schedule": [{"activity": "Design", "start": 0}, {"activity": "Build", "start": 6}, {"activity": "Test", "start": 2}], "makespan": 9}`, []string{itemCoverage, unitPrecedence, unitCapacity, unitStated, itemOptimal}},
		{"fractional start", `{"schedule": [{"activity": "Design", "start": 0.5}, {"activity": "Build", "start": 3}, {"activity": "Test", "start": 2}], "makespan": 6}`, []string{itemFormat, itemCoverage, unitPrecedence, unitCapacity, unitStated, itemOptimal}},
		// A stated value left out fails the stated item, as a wrong one
		// does; one that is not a number fails the format item too
		// (docs/grading.md).
		{"no stated value", `{"schedule": [{"activity": "Design", "start": 0}, {"activity": "Build", "start": 3}, {"activity": "Test", "start": 2}]}`, []string{unitStated}},
		{"unreadable stated value", `{"schedule": [{"activity": "Design", "start": 0}, {"activity": "Build", "start": 3}, {"activity": "Test", "start": 2}], "makespan": "six"}`, []string{itemFormat, unitStated}},
		{"fractional stated value", `{"schedule": [{"activity": "Design", "start": 0}, {"activity": "Build", "start": 3}, {"activity": "Test", "start": 2}], "makespan": 6.5}`, []string{itemFormat, unitStated}},
		{"not json", `schedule`, []string{itemFormat, itemCoverage, unitPrecedence, unitCapacity, unitStated, itemOptimal}},
		{"claims infeasible", `{"feasible": false, "conflict": ["capacity of Developers"]}`, []string{itemFormat, itemCoverage, unitPrecedence, unitCapacity, unitStated, itemOptimal}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			familytest.FailsExactly(t, in.Check(context.Background(), sat.Backend{}, json.RawMessage(tc.answer), ref), in.Checklist(ref), tc.fail)
		})
	}
}

// TestLoadErrors: an instance read from JSON with bad data is refused
// with an error naming the field and the reason.
func TestLoadErrors(t *testing.T) {
	tk, ok := domains.Lookup("project-planning")
	if !ok {
		t.Fatal("project-planning is not registered")
	}
	good, err := json.Marshal(handInstance())
	if err != nil {
		t.Fatal(err)
	}
	familytest.LoadErrors(t, func(b []byte) error { _, err := tk.Load(b); return err }, good, "project: ", []familytest.LoadCase[map[string]any]{
		{Name: "horizon", From: `"horizon":8`, To: `"horizon":0`, Want: "field horizon: 0"},
		{Name: "duration", From: `"duration":3`, To: `"duration":0`, Want: "field activities[1].duration: 0"},
		{Name: "repeated name", From: `"name":"Test"`, To: `"name":"Build"`, Want: "field activities[2].name"},
		{Name: "unknown predecessor", From: `"after":["Design"]`, To: `"after":["Plan"]`, Want: `field activities[1].after: "Plan" is not another activity`},
		{Name: "cycle", From: `"name":"Design","duration":2,"demand":[1]`, To: `"name":"Design","duration":2,"demand":[1],"after":["Test"]`, Want: "the predecessors form a cycle"},
		{Name: "over capacity", From: `"demand":[2]`, To: `"demand":[3]`, Want: "field activities[1].demand[0]: 3, want 0…capacity 2"},
		{Name: "demand length", From: `"demand":[1]`, To: `"demand":[1,1]`, Want: "field activities[0].demand: 2 values for 1 resources"},
		{Name: "not json", From: `{`, To: `[`, Want: "project: project-planning instance"},
	})
}
