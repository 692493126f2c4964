package roster

import (
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/internal/familytest"
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
	familytest.LoadErrors(t, func(b []byte) error { _, err := tk.Load(b); return err }, rec.Instance, "roster: ", []familytest.LoadCase[map[string]any]{
		{Name: "demand rows", Want: "demand: ", Edit: func(m map[string]any) { m["demand"] = []any{} }},
		{Name: "demand row", Want: "demand[0]: ", Edit: func(m map[string]any) { m["demand"].([]any)[0] = []any{1} }},
		{Name: "staff name", Want: "staff[1]: name", Edit: func(m map[string]any) {
			st := m["staff"].([]any)
			st[1].(map[string]any)["name"] = st[0].(map[string]any)["name"]
		}},
		{Name: "leave day", Want: "staff[0].leave: day 9", Edit: func(m map[string]any) { m["staff"].([]any)[0].(map[string]any)["leave"] = []any{9} }},
		{Name: "tie-breaks", Want: "tie_breaks: 3", Edit: func(m map[string]any) { m["tie_breaks"] = 3 }},
		{Name: "backup day", Want: "backup_day: 2 does not match", Edit: func(m map[string]any) { m["backup_day"] = 2 }},
		{Name: "not json", Data: "{", Want: "roster: shift-duty-scheduling instance"},
	})
}
