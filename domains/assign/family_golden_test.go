package assign

import (
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/gen"
	"github.com/plancert/plancert/internal/familytest"
)

// goldenFiles: per task, the first kept feasible record of seeds 1, 2, …
// with two basic, two medium and one hard unit, and the first infeasible
// record with the infeasibility unit.
func goldenFiles(t *testing.T, f *familytest.Family, tk *domains.Task) []familytest.GoldenFile {
	var feasible, infeasible *domains.Record
	for seed := uint64(1); seed <= 200 && (feasible == nil || infeasible == nil); seed++ {
		spec, err := gen.SampleSpecCounts(tk, seed, 2, 2, 1)
		if err != nil {
			t.Fatal(err)
		}
		o := familytest.Certify(tk, spec, f.Timeout)
		if o.Err != nil {
			t.Fatal(o.Err)
		}
		if !o.Kept() {
			continue
		}
		if o.Rec.Reference.Feasible && feasible == nil {
			feasible = o.Rec
		}
		if !o.Rec.Reference.Feasible && infeasible == nil {
			infeasible = o.Rec
		}
	}
	if feasible == nil || infeasible == nil {
		t.Fatalf("%s: no feasible or no infeasible record in 200 seeds", tk.ID)
	}
	return []familytest.GoldenFile{{Name: tk.ID, Rec: feasible}, {Name: tk.ID + "-infeasible", Rec: infeasible}}
}

func TestFamilyGolden(t *testing.T) { familytest.Golden(t, family) }
