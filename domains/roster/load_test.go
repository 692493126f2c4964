package roster

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/plancert/plancert/domains"
)

// TestLoadErrors: an instance that does not fit its schema is refused
// with an error that names the field and the reason.
func TestLoadErrors(t *testing.T) {
	tk, _ := domains.Lookup("shift-duty-scheduling")
	o := family.Record(tk, 1)
	if !o.Kept() {
		t.Fatalf("seed 1: %v %q", o.Err, o.Drop)
	}
	rec := o.Rec
	cases := []struct {
		name, want string
		edit       func(m map[string]any)
	}{
		{"demand rows", "demand: ", func(m map[string]any) { m["demand"] = []any{} }},
		{"demand row", "demand[0]: ", func(m map[string]any) { m["demand"].([]any)[0] = []any{1} }},
		{"staff name", "staff[1]: name", func(m map[string]any) {
			st := m["staff"].([]any)
			st[1].(map[string]any)["name"] = st[0].(map[string]any)["name"]
		}},
		{"leave day", "staff[0].leave: day 9", func(m map[string]any) { m["staff"].([]any)[0].(map[string]any)["leave"] = []any{9} }},
		{"tie-breaks", "tie_breaks: 3", func(m map[string]any) { m["tie_breaks"] = 3 }},
		{"backup day", "backup_day: 2 does not match", func(m map[string]any) { m["backup_day"] = 2 }},
		{"not json", "roster: shift-duty-scheduling instance", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			data := []byte("{")
			if c.edit != nil {
				var m map[string]any
				if err := json.Unmarshal(rec.Instance, &m); err != nil {
					t.Fatal(err)
				}
				c.edit(m)
				data, _ = json.Marshal(m)
			}
			_, err := tk.Load(data)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %v, want one containing %q", err, c.want)
			}
		})
	}
}
