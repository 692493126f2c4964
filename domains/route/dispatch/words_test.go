package dispatch

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/plancert/plancert/internal/familytest"
	"github.com/plancert/plancert/solver/sat"
)

// TestNamesAgreeWithData: the names of the jobs agree with their data and
// with world knowledge: a freight load that needs refrigeration is chilled
// or frozen cargo and every other load is not ("chilled dairy" that needed
// no Reefer, "flour" that did), no pickup site is named after one cargo
// ("steel coils" picked up at the "Dairy"), and a towed vehicle heavier
// than a Flatbed takes is a heavy vehicle (a "hatchback" of 9 tonnes).
func TestNamesAgreeWithData(t *testing.T) {
	tk := TransportationDispatch()
	fr, tow := subtasks["freight-trucks"], subtasks["tow-trucks"]
	for _, p := range fr.Places {
		for _, w := range []string{"Dairy", "Bakery", "Steel", "Paper", "Farm", "Supermarket"} {
			if strings.Contains(p, w) {
				t.Errorf("freight place %q is named after a cargo", p)
			}
		}
	}
	for _, tc := range []struct {
		sub   string
		units []string
	}{
		{"freight-trucks", []string{unitCompat}}, {"freight-trucks", []string{unitCompat, unitCapacity, unitInfeasible}}, {"freight-trucks", nil},
		{"tow-trucks", []string{unitCapacity}}, {"tow-trucks", []string{unitCapacity, unitCompat, unitInfeasible}},
	} {
		for level := 1; level <= 5; level += 2 {
			for seed := uint64(1); seed <= 4; seed++ {
				spec := familytest.NewSpec(t, tk, tc.sub, seed, familytest.Requiring(tk, tc.units...)...)
				spec.Level = level
				inst, err := tk.Generate(context.Background(), sat.Backend{}, spec, rand.New(rand.NewPCG(seed, 0)))
				if err != nil {
					t.Fatalf("%s %v level %d seed %d: %v", tc.sub, tc.units, level, seed, err)
				}
				d := inst.(*Dispatch)
				seen := map[string]bool{}
				for c := 1; c <= len(d.Jobs); c++ {
					who := d.Who[c-1]
					if seen[who] {
						t.Errorf("%s level %d seed %d: %q names two jobs", tc.sub, level, seed, who)
					}
					seen[who] = true
					switch tc.sub {
					case "freight-trucks":
						if chilled := slices.Contains(fr.WhoEquip, who); chilled != (d.Equip != nil && d.Equip[c]) {
							t.Errorf("%s %v level %d seed %d: %s carries %q, needs refrigeration: %v", tc.sub, tc.units, level, seed, d.Jobs[c-1], who, d.Equip != nil && d.Equip[c])
						}
					case "tow-trucks":
						if heavy := slices.Contains(tow.WhoHeavy, who); heavy != (d.Size != nil && d.Size[c] > tow.CapA) {
							t.Errorf("%s level %d seed %d: %s tows a %q, sizes %v", tc.sub, level, seed, d.Jobs[c-1], who, d.Size)
						}
					}
				}
			}
		}
	}
}
