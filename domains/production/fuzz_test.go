package production

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/solver/sat"
)

// FuzzCheck: Check never panics and returns one result per checklist item,
// whatever the answer bytes, on a feasible and an infeasible record. The
// seed corpus is the records' reference answers and a few malformed ones.
func FuzzCheck(f *testing.F) {
	tk, _ := domains.Lookup("production-planning")
	var feas, infeas *domains.Record
	for seed := uint64(1); seed <= 30 && (feas == nil || infeas == nil); seed++ {
		o := family.Record(tk, seed)
		if !o.Kept() {
			continue
		}
		rec := o.Rec
		if rec.Reference.Feasible && feas == nil {
			feas = rec
		} else if !rec.Reference.Feasible && infeas == nil {
			infeas = rec
		}
	}
	if feas == nil || infeas == nil {
		f.Fatal("no feasible and infeasible record in 30 seeds")
	}
	for _, s := range []string{string(feas.Reference.Plan), string(infeas.Reference.Plan), `{}`, `[]`, `null`,
		`{"schedule": [{"job": "x"}]}`, `{"schedule": [{"job": 1, "step": "a"}], "objective": "x"}`,
		`{"feasible": false, "conflict": []}`, `{"feasible": "no"}`, `{"schedule": null}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, rec := range []*domains.Record{feas, infeas} {
			_, inst, err := rec.Load()
			if err != nil {
				t.Fatal(err)
			}
			res := inst.Check(context.Background(), sat.Backend{}, json.RawMessage(data), rec.Reference)
			if len(res) != len(rec.Checklist) {
				t.Fatalf("%d results for %d items", len(res), len(rec.Checklist))
			}
		}
	})
}
