package assign

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/internal/familytest"
	"github.com/plancert/plancert/solver/sat"
)

// TestNamesAgreeWithAttributes: every generated item's attribute is one
// that world knowledge allows its name (the subtask's Facts: no frozen
// peas among the chilled goods, no bleach as food, no 10A class in key
// stage 3), and with the exclusivity unit every item of the kind has a
// name that may be of it (KindNames: no ice cream among the hazmat SKUs).
// Every subtask with facts, levels 1..5, seeds 1..40 (1..200 with
// PLANCERT_LONG=1), with and without the exclusivity unit; it fails when
// no item's name restricted its attribute or no draw kept the unit (the
// test would test nothing). The facts are checked too: each value they allow is one of
// the subtask's attributes or, for the classes of the sixth form, KS5.
func TestNamesAgreeWithAttributes(t *testing.T) {
	seeds := uint64(40)
	if familytest.Long() {
		seeds = 200
	}
	restricted, kinds := 0, 0
	for _, tk := range tasks {
		dtk, _ := domains.Lookup(tk.ID)
		for _, st := range tk.Subtasks {
			if st.Facts == nil && st.KindNames == nil {
				continue
			}
			pool := append(slices.Clone(st.Items), st.MoreItems...)
			for name, vs := range st.Facts {
				for _, v := range vs {
					if !slices.Contains(st.Attrs, v) && v != "KS5" {
						t.Errorf("%s/%s: the facts give %q the value %q, not one of %v", tk.ID, st.ID, name, v, st.Attrs)
					}
				}
			}
			for _, n := range st.KindNames {
				if !slices.Contains(pool, n) {
					t.Errorf("%s/%s: the kind name %q is in no pool", tk.ID, st.ID, n)
				}
			}
			for _, units := range [][]string{nil, {unitExclusive}} {
				if _, ok := dtk.Unit(unitExclusive); units != nil && (!ok || slices.Contains(st.Exclude, unitExclusive)) {
					continue
				}
				for level := 1; level <= domains.Levels; level++ {
					for seed := uint64(1); seed <= seeds; seed++ {
						spec := familytest.NewSpec(t, dtk, st.ID, seed, units...)
						spec.Level = level
						inst, err := dtk.Generate(context.Background(), sat.Backend{}, spec, rand.New(rand.NewPCG(seed, uint64(level))))
						if err != nil {
							continue // a redraw
						}
						a := inst.(*Assign)
						for _, it := range a.Items {
							ok := st.Facts[it.Name]
							if ok != nil && len(ok) < len(st.Attrs) {
								restricted++
							}
							if ok != nil && !slices.Contains(ok, it.Attr) {
								t.Errorf("%s/%s level %d seed %d: %s is %s %q, world knowledge allows %v", tk.ID, st.ID, level, seed, it.Name, a.Voc.Attr, it.Attr, ok)
							}
						}
						if a.has(unitExclusive) && st.KindNames != nil {
							kinds++
							for _, n := range a.Exclusive {
								if !slices.Contains(st.KindNames, n) {
									t.Errorf("%s/%s level %d seed %d: %q is among the %s", tk.ID, st.ID, level, seed, n, a.Voc.Kind)
								}
							}
						}
					}
				}
			}
		}
	}
	if restricted == 0 || kinds == 0 {
		t.Fatalf("%d items whose names restrict their attribute, %d draws with the exclusivity unit and a kind: the test tests nothing", restricted, kinds)
	}
	t.Logf("%d items whose names restrict their attribute, %d draws with a kind", restricted, kinds)
}
