package routetest

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/plancert/plancert/domains"
)

// Broken is one malformed variant of an instance for LoadErrors: the
// instance's JSON object with Field set to Value (nil sets it to null),
// or changed by Edit when Edit is not nil; Want is a part of the error
// that Load must give.
type Broken struct {
	Field string
	Value any
	Want  string
	Edit  func(m map[string]any)
}

// LoadErrors is a route skin's load-error test: inst's JSON loads, and
// each broken variant of it, and one whose spec names the unknown subtask
// "boats", is refused with an error that starts "route: <task ID>: " and
// contains its Want (for the subtask, `unknown subtask "boats"`).
func LoadErrors(t *testing.T, tk *domains.Task, inst domains.Instance, broken []Broken) {
	t.Helper()
	good, err := json.Marshal(inst)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tk.Load(good); err != nil {
		t.Fatal(err)
	}
	broken = append(broken, Broken{Field: "spec", Want: `unknown subtask "boats"`, Edit: func(m map[string]any) { m["spec"].(map[string]any)["subtask"] = "boats" }})
	for _, tc := range broken {
		var m map[string]any
		if err := json.Unmarshal(good, &m); err != nil {
			t.Fatal(err)
		}
		if tc.Edit != nil {
			tc.Edit(m)
		} else {
			m[tc.Field] = tc.Value
		}
		data, _ := json.Marshal(m)
		if _, err := tk.Load(data); err == nil || !strings.Contains(err.Error(), tc.Want) || !strings.HasPrefix(err.Error(), "route: "+tk.ID+": ") {
			t.Errorf("%s = %v: %v, want %q", tc.Field, tc.Value, err, tc.Want)
		}
	}
}
