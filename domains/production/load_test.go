package production

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/plancert/plancert/domains"
)

// TestLoadErrors: an instance that does not fit its schema is refused
// with an error that names the field and the reason.
func TestLoadErrors(t *testing.T) {
	tk, _ := domains.Lookup("production-planning")
	var rec *domains.Record
	for seed := uint64(1); seed <= 30 && rec == nil; seed++ {
		o := family.Record(tk, seed)
		if o.Err != nil {
			t.Fatal(o.Err)
		}
		if o.Kept() && o.Spec.Has(unitChangeovers) && o.Spec.Has(unitDelay) {
			rec = o.Rec
		}
	}
	if rec == nil {
		t.Fatal("no record with changeovers and delay in 30 seeds")
	}
	job := func(m map[string]any, j int) map[string]any { return m["jobs"].([]any)[j].(map[string]any) }
	cases := []struct {
		name, want string
		edit       func(m map[string]any)
	}{
		{"horizon", "horizon 0 is not positive", func(m map[string]any) { m["horizon"] = 0 }},
		{"job name", "jobs[1].name", func(m map[string]any) { job(m, 1)["name"] = job(m, 0)["name"] }},
		{"machine", "jobs[0].route[0].machine 7: no such machine", func(m map[string]any) {
			job(m, 0)["route"].([]any)[0].(map[string]any)["machine"] = 7
		}},
		{"duration", "jobs[0].route[1].duration 0 is not positive", func(m map[string]any) {
			job(m, 0)["route"].([]any)[1].(map[string]any)["duration"] = 0
		}},
		{"setup", "setup[0][1] = 99", func(m map[string]any) { m["setup"].([]any)[0].([]any)[1] = 99 }},
		{"families", "needs families", func(m map[string]any) { delete(m, "families"); delete(m, "setup") }},
		{"delay plan", "delay.plan has 0 rows", func(m map[string]any) { m["delay"].(map[string]any)["plan"] = []any{} }},
		{"tie-breaks", "tie_breaks 3", func(m map[string]any) { m["tie_breaks"] = 3 }},
		{"not json", "production: production-planning instance", nil},
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
