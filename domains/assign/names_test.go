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

// TestCompatibilityBinds: the compatibility unit binds exactly when some
// plan can break it: labelled, when some bin does not allow some item;
// partition, when some items, no more than a group holds, share no free
// session.
func TestCompatibilityBinds(t *testing.T) {
	bins := []Bin{{Name: "G1", Size: 2}, {Name: "G2", Size: 2}}
	part := func(free ...[]string) *Assign {
		a := &Assign{Partition: true, Bins: bins, Sessions: []string{"Mon", "Tue", "Wed"}}
		for k, f := range free {
			a.Items = append(a.Items, Item{Name: string(rune('A' + k)), Free: f})
		}
		return a
	}
	for _, tc := range []struct {
		a     *Assign
		binds bool
	}{
		{part([]string{"Mon", "Tue"}, []string{"Mon"}, []string{"Mon", "Wed"}, []string{"Mon"}), false},       // all free on Mon
		{part([]string{"Mon"}, []string{"Tue"}, []string{"Mon", "Tue"}, []string{"Mon", "Tue"}), true},        // A and B share nothing
		{part([]string{"Mon", "Tue"}, []string{"Tue", "Wed"}, []string{"Mon", "Wed"}, []string{"Mon"}), true}, // B and D share nothing
		{&Assign{Bins: bins, Items: []Item{{Name: "A", Allowed: []string{"G1", "G2"}}}}, false},
		{&Assign{Bins: bins, Items: []Item{{Name: "A", Allowed: []string{"G1"}}}}, true},
	} {
		if got := (compatibility{}).Binds(tc.a); got != tc.binds {
			t.Errorf("%+v: binds %v, want %v", tc.a.Items, got, tc.binds)
		}
	}
	// Three pairwise-sharing items with nothing common to all three bind
	// only with a group of three.
	a := part([]string{"Mon", "Tue"}, []string{"Tue", "Wed"}, []string{"Mon", "Wed"})
	if (compatibility{}).Binds(a) {
		t.Error("groups of 2: every pair shares a session, yet it binds")
	}
	a.Bins = []Bin{{Name: "G1", Size: 3}}
	if !(compatibility{}).Binds(a) {
		t.Error("a group of 3 with no common session: it does not bind")
	}
}

// TestDeadlinesBind: the deadlines unit binds exactly when some deadline
// is before the end of the day.
func TestDeadlinesBind(t *testing.T) {
	a := &Assign{Timed: true, Slots: 6, Items: []Item{{Name: "A", Size: 2, Deadline: 6}, {Name: "B", Size: 1}}}
	if (deadlines{}).Binds(a) {
		t.Error("a deadline at the end of the day binds")
	}
	a.Items[1].Deadline = 5
	if !(deadlines{}).Binds(a) {
		t.Error("a deadline before the end of the day does not bind")
	}
}
