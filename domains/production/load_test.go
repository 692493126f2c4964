package production

import (
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/internal/familytest"
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
	familytest.LoadErrors(t, func(b []byte) error { _, err := tk.Load(b); return err }, rec.Instance, "production: ", []familytest.LoadCase[map[string]any]{
		{Name: "horizon", Want: "horizon 0 is not positive", Edit: func(m map[string]any) { m["horizon"] = 0 }},
		{Name: "job name", Want: "jobs[1].name", Edit: func(m map[string]any) { job(m, 1)["name"] = job(m, 0)["name"] }},
		{Name: "machine", Want: "jobs[0].route[0].machine 7: no such machine", Edit: func(m map[string]any) {
			job(m, 0)["route"].([]any)[0].(map[string]any)["machine"] = 7
		}},
		{Name: "duration", Want: "jobs[0].route[1].duration 0 is not positive", Edit: func(m map[string]any) {
			job(m, 0)["route"].([]any)[1].(map[string]any)["duration"] = 0
		}},
		{Name: "setup", Want: "setup[0][1] = 99", Edit: func(m map[string]any) { m["setup"].([]any)[0].([]any)[1] = 99 }},
		{Name: "families", Want: "needs families", Edit: func(m map[string]any) { delete(m, "families"); delete(m, "setup") }},
		{Name: "delay plan", Want: "delay.plan has 0 rows", Edit: func(m map[string]any) { m["delay"].(map[string]any)["plan"] = []any{} }},
		{Name: "tie-breaks", Want: "tie_breaks 3", Edit: func(m map[string]any) { m["tie_breaks"] = 3 }},
		{Name: "not json", Data: "{", Want: "production: production-planning instance"},
	})
}
