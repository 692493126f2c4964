package familytest

import (
	"bytes"
	"context"
	"testing"
	"time"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/solver/sat"
)

// Greedy is the test of a core's greedy baseline (domains.Greedy), over
// the kept records of seeds 1..seeds (level 1) of each of the family's
// tasks: the instance loaded from the record has a greedy plan; two calls
// give the same bytes; on a feasible reference the plan passes the format
// item (on an infeasible one a plan fails it by design: the answer should
// have claimed infeasibility, which greedy never does). It logs, per task,
// the greedy All-pass rate and the mean share of items passed, and
// requires that the plan keeps every rule (passes every item that is not
// an objective item) on at least one feasible record of each task, unless
// noFeasible lists the task (with the reason, for the log).
func Greedy(t *testing.T, f *Family, seeds uint64, noFeasible map[string]string) {
	t.Helper()
	var spent time.Duration // in Greedy and Check, not in certifying
	defer func() { t.Logf("greedy plans and their checks took %v", spent) }()
	for _, tk := range Tasks(t, f) {
		var kept, feas, all, rulesKept int
		var share float64
		for seed := uint64(1); seed <= seeds; seed++ {
			o := f.Record(tk, seed)
			if o.Err != nil {
				t.Fatalf("%s seed %d: %v", tk.ID, seed, o.Err)
			}
			if !o.Kept() {
				continue
			}
			kept++
			rec := o.Rec
			_, inst, err := rec.Load()
			if err != nil {
				t.Fatalf("%s: %v", rec.ID, err)
			}
			g, ok := inst.(domains.Greedy)
			if !ok {
				t.Fatalf("%s: the instance has no greedy plan", rec.ID)
			}
			t0 := time.Now()
			p1, p2 := g.Greedy(), g.Greedy()
			if !bytes.Equal(p1, p2) {
				t.Fatalf("%s: two greedy plans differ:\n%s\n%s", rec.ID, p1, p2)
			}
			items := inst.Checklist(rec.Reference)
			res := inst.Check(context.Background(), sat.Backend{}, p1, rec.Reference)
			spent += time.Since(t0)
			if len(res) != len(items) {
				t.Fatalf("%s: %d results for %d items", rec.ID, len(res), len(items))
			}
			pass, nonObj := 0, true
			for k, r := range res {
				if r.Pass {
					pass++
					continue
				}
				if items[k].Kind != domains.KindObjective {
					nonObj = false
				}
				if r.ID == domains.ItemFormat && rec.Reference.Feasible {
					t.Errorf("%s: the greedy plan fails the format item: %s\n%s", rec.ID, r.Detail, p1)
				}
			}
			share += float64(pass) / float64(len(res))
			if pass == len(res) {
				all++
			}
			if rec.Reference.Feasible {
				feas++
				if nonObj {
					rulesKept++
				}
			}
		}
		if kept == 0 {
			t.Errorf("%s: no kept record in seeds 1..%d", tk.ID, seeds)
			continue
		}
		t.Logf("%s: greedy all-pass %d/%d (%.0f %%), mean items passed %.0f %%, every rule kept on %d/%d feasible",
			tk.ID, all, kept, 100*float64(all)/float64(kept), 100*share/float64(kept), rulesKept, feas)
		if why, ok := noFeasible[tk.ID]; ok {
			t.Logf("%s: not required to keep every rule: %s", tk.ID, why)
		} else if feas > 0 && rulesKept == 0 {
			t.Errorf("%s: the greedy plan breaks a rule on each of its %d feasible records", tk.ID, feas)
		}
	}
}
