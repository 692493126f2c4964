package project

import (
	"testing"

	"github.com/plancert/plancert/internal/familytest"
)

// family describes the project core's tests to internal/familytest (its
// doc says what each family test checks; family_*_test.go hold the core's
// parts, psplib_test.go the PSPLIB j30 optima through the same network
// model). TestFamilyEveryUnit below certifies every unit on every subtask.
var family = &familytest.Family{
	Core:          "project",
	Seeds:         familytest.DefaultSeeds,
	MinKeep:       0.70,
	Golden:        goldenFiles,
	MutationSeeds: familytest.Levels{Short: 6, Default: 20, Long: 200},
	Exempt: map[string]string{
		unitTardiness: "objective-only: due dates and weights add the first goal level and no rule or item of their own; a worse plan fails \"optimal\"",
		unitCost:      "objective-only: hire costs add a goal level after the makespan and no rule or item of their own; a worse plan fails \"optimal\"",
	},
}

func TestFamilyReference(t *testing.T) { familytest.Reference(t, family) }

// TestFamilyEveryUnit: for every unit of the pool, on every subtask that
// allows it, the seeds of the spec {precedence, resource-capacity, unit
// and what it requires} certify (1..3; 1 in short mode), and the record
// passes familytest.CheckRecord. The sampled specs of TestFamilyReference
// reach the rarer units only a few times; this reaches each one on every
// skin.
func TestFamilyEveryUnit(t *testing.T) {
	seeds := uint64(3)
	if testing.Short() {
		seeds = 1
	}
	for _, tk := range familytest.Tasks(t, family) {
		for _, u := range pool {
			for _, st := range tk.Subtasks {
				if !st.Allows(u.ID) {
					continue
				}
				set := map[string]bool{unitPrecedence: true, unitCapacity: true, u.ID: true}
				for _, r := range u.Requires {
					set[r] = true
				}
				for seed := uint64(1); seed <= seeds; seed++ {
					spec, err := tk.NewSpec(st.ID, seed, set)
					if err != nil {
						t.Fatal(err)
					}
					o := familytest.Certify(tk, spec, 0)
					switch {
					case o.Err != nil:
						t.Fatalf("%s/%s %v seed %d: %v", tk.ID, st.ID, spec.Units(), seed, o.Err)
					case o.Drop != "":
						t.Fatalf("%s/%s %v seed %d: dropped: %s", tk.ID, st.ID, spec.Units(), seed, o.Drop)
					}
					familytest.CheckRecord(t, family, o.Rec)
				}
			}
		}
	}
}
