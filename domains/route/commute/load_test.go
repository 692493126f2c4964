package commute_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/plancert/plancert/domains/route/commute"
	"github.com/plancert/plancert/gen"
	"github.com/plancert/plancert/solver/sat"
)

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
