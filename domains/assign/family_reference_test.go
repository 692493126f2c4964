package assign

import (
	"context"
	"flag"
	"slices"
	"sort"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/gen"
	"github.com/plancert/plancert/internal/familytest"
	"github.com/plancert/plancert/solver/sat"
)

// The family tests of the assign core (the bars of issue 4) run through
// internal/familytest:
//
//   - family_reference_test.go: the family (below) and its reference
//     test: every task, seeds 1..12 (10 in short mode, 200 with
//     PLANCERT_LONG=1 or -assign-seeds): the certified reference passes
//     every item of its checklist after a JSON round trip of the record
//     and of the instance; a second run of the same spec is
//     byte-identical; keep rate ≥ 70 %; an infeasible record's conflict is
//     minimal. TestUnitCoverage: every unit is sampled in seeds 1..30.
//   - family_brute_test.go: tiny instances, every unit of the pool alone
//     and sampled mixes: exhaustive enumeration of plans with the checker
//     as the oracle agrees with the SAT certificate (status, optimum
//     vector, uniqueness on the answer — partitions compared as sets of
//     groups), and every rule's item passes exactly when the model's group
//     holds.
//   - family_mutation_test.go: mutations of reference plans fail exactly
//     the items of the rules they break, "optimal" fails for every changed
//     plan, and a changed plan that keeps every rule is strictly worse;
//     every unit is caught by its own item, but the two objective-only
//     units (see family.Exempt).
//   - family_golden_test.go: a prompt and checklist per task under
//     testdata/golden, refreshed with -update.

var seedsFlag = flag.Int("assign-seeds", 0, "TestFamilyReference: seeds per task (default 12, 10 in short mode, 200 with PLANCERT_LONG=1)")

// referenceSeeds are the seeds of the reference test, or -assign-seeds.
func referenceSeeds() familytest.Levels {
	if n := uint64(*seedsFlag); n > 0 {
		return familytest.Levels{Short: n, Default: n, Long: n}
	}
	return familytest.Levels{Short: 10, Default: 12, Long: 200}
}

// family describes the assign core's tests to internal/familytest.
var family = &familytest.Family{
	Core:      "assign",
	Seeds:     familytest.Levels{Short: 10, Default: 12, Long: 200},
	TaskSeeds: func(*domains.Task) familytest.Levels { return referenceSeeds() },
	MinKeep:   0.70,
	CheckRecord: func(t *testing.T, rec *domains.Record, inst domains.Instance) {
		if c := rec.Reference.Conflict; !rec.Reference.Feasible {
			// The reference conflict is minimal: without any one of its
			// rules, the rest hold together with the numbered rules.
			for x := range c {
				rest := slices.Delete(slices.Clone(c), x, x+1)
				if ok, _ := inst.(*Assign).conflictHolds(context.Background(), sat.Backend{}, rest); ok {
					t.Fatalf("%s: the reference conflict %q is not minimal: %q conflict", rec.ID, c, rest)
				}
			}
		}
	},
	Golden:           goldenFiles,
	GoldenFormat:     familytest.GoldenFormat{NoStateful: true},
	MutationRecords:  familytest.Levels{Short: 6, Default: 6, Long: 20},
	MaxMutationSeeds: 200,
	Exempt: map[string]string{
		unitBalance:  "objective-only: adds the goal level of balanced loads, with no rule or item of its own; a worse plan fails \"optimal\"",
		unitPriority: "objective-only: weights the goal by priority, with no rule or item of its own; a worse plan fails \"optimal\"",
	},
}

func TestFamilyReference(t *testing.T) { familytest.Reference(t, family) }

func lookupTask(t *testing.T, id string) *domains.Task {
	t.Helper()
	tk, ok := domains.Lookup(id)
	if !ok {
		t.Fatalf("task %s is not registered", id)
	}
	return tk
}

// TestUnitCoverage: every unit of each pool is sampled by some seed of
// the default reference run (seeds 1–30; sampling only, so it runs in
// short mode too), so the reference test exercises the whole pool.
func TestUnitCoverage(t *testing.T) {
	seeds := max(referenceSeeds().N(), 30)
	for _, tt := range tasks {
		tk := lookupTask(t, tt.ID)
		seen := map[string]bool{}
		for seed := uint64(1); seed <= seeds; seed++ {
			spec, err := gen.SampleSpec(tk, seed)
			if err != nil {
				t.Fatal(err)
			}
			for _, u := range spec.Units() {
				seen[u] = true
			}
		}
		// A unit every subtask excludes (it does not apply to the task)
		// is never sampled, by design.
		excluded := map[string]int{}
		for _, st := range tk.Subtasks {
			for _, x := range st.Exclude {
				excluded[x]++
			}
		}
		var missing []string
		for _, u := range tk.Pool {
			if !seen[u.ID] && excluded[u.ID] < len(tk.Subtasks) {
				missing = append(missing, u.ID)
			}
		}
		sort.Strings(missing)
		if len(missing) > 0 {
			t.Errorf("%s: units never sampled in %d seeds: %v", tk.ID, seeds, missing)
		}
	}
}
