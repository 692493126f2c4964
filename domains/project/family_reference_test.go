package project

import (
	"testing"

	"github.com/plancert/plancert/internal/familytest"
)

// The family test suite of the project core runs through
// internal/familytest, in the files family_*_test.go:
//
//   - family_reference_test.go: the family (below) and its reference
//     test: both tasks, seeds 1..30 (10 in short mode, 200 with
//     PLANCERT_LONG=1): the certified reference passes every item of its
//     own checklist after a JSON round trip, and a second run of the same
//     spec gives a byte-identical record; keep rate ≥ 70 %.
//     TestFamilyEveryUnit certifies every unit on every subtask.
//   - family_brute_test.go: exhaustive search over every start vector of
//     tiny instances, with the checker as the oracle, agrees with the SAT
//     certificate (status, optimum, uniqueness) for every unit of the
//     pool, and each rule's item passes exactly when the model's groups of
//     that rule hold at the plan (sampled plans); infeasible cores are
//     minimal by enumeration.
//   - family_mutation_test.go: one start moved by ±1 or ±2 fails the item
//     of every rule the model finds broken, and "optimal" always;
//     conflicts of infeasible records with a rule added or left out fail;
//     every unit of the pool is caught by its own item, but the two
//     objective-only units (see family.Exempt).
//   - family_golden_test.go: prompts and checklists per task under
//     testdata/golden, refreshed with -update.
//   - psplib_test.go: PSPLIB j30 known optima through the same network
//     model, and that model against enumeration on random small networks.

// family describes the project core's tests to internal/familytest.
var family = &familytest.Family{
	Core:          "project",
	Seeds:         familytest.Levels{Short: 10, Default: 30, Long: 200},
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
