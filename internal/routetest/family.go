package routetest

import (
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/internal/familytest"
)

// Seeds are a route skin's reference seeds unless its Skin names others:
// 1..30, 200 with PLANCERT_LONG=1.
var Seeds = familytest.Levels{Short: 30, Default: 30, Long: 200}

// SweepSeeds are the mutation seeds of a skin that names none: 1..30 at
// every level, whose kept records alone must catch a mutant by every
// unit's item (familytest.Family.SweepCoverage).
var SweepSeeds = familytest.Levels{Short: 30, Default: 30, Long: 30}

// Skin is what a route skin's family states itself (Family).
type Skin struct {
	// Task is the skin's task ID: the four skins share Core "route", and
	// each package tests its own task.
	Task string
	// Seeds are the reference seeds; zero: Seeds.
	Seeds familytest.Levels
	// MutationSeeds are the mutation test's seeds; zero: SweepSeeds, whose
	// records alone must catch every unit. A skin that names its own
	// leaves the units they miss to the harness's per-unit search.
	MutationSeeds familytest.Levels
	// Golden, MustCatch and Exempt are the familytest.Family fields.
	Golden    func(t *testing.T, f *familytest.Family, tk *domains.Task) []familytest.GoldenFile
	MustCatch []string
	Exempt    map[string]string
	// Conflicts are rule names that, at 200 seeds or more, must each be in
	// the certified conflict of some kept record (the skin's
	// infeasibility variants).
	Conflicts []string
}

// Family is the familytest.Family of a route skin, with the settings the
// four skins share: Core "route", Tasks s.Task; a keep rate of at least
// 70 %; every kept record's checklist has at least 3 items; golden files
// without the stateful tier or a reference section; and after each task
// (AfterTask) the kept records cover every subtask (from 30 seeds up),
// and with 200 seeds or more every unit of the pool and each of
// s.Conflicts.
func Family(s Skin) *familytest.Family {
	f := &familytest.Family{
		Core:    "route",
		Tasks:   []string{s.Task},
		Seeds:   s.Seeds,
		MinKeep: 0.70,
		CheckRecord: func(t *testing.T, rec *domains.Record, _ domains.Instance) {
			if len(rec.Checklist) < 3 {
				t.Errorf("%s: %d items", rec.ID, len(rec.Checklist))
			}
		},
		Golden:        s.Golden,
		GoldenFormat:  familytest.GoldenFormat{NoStateful: true, NoReference: true},
		MutationSeeds: s.MutationSeeds,
		MustCatch:     s.MustCatch,
		Exempt:        s.Exempt,
	}
	if f.Seeds == (familytest.Levels{}) {
		f.Seeds = Seeds
	}
	if f.MutationSeeds == (familytest.Levels{}) {
		f.MutationSeeds, f.SweepCoverage = SweepSeeds, true
	}
	f.AfterTask = func(t *testing.T, tk *domains.Task, kept []*domains.Record) {
		n := f.Seeds.N()
		if n >= 30 {
			familytest.EverySubtask(t, tk, kept)
		}
		if n < 200 {
			return
		}
		familytest.EveryUnit(t, tk, kept)
		conflicts := conflictCounts(kept)
		for _, r := range s.Conflicts {
			if conflicts[r] == 0 {
				t.Errorf("conflicts %v: no kept record's conflict names %q (the infeasibility variants %q should each occur)", conflicts, r, s.Conflicts)
			}
		}
	}
	return f
}

// conflictCounts counts the rule names in the certified conflicts of
// records.
func conflictCounts(records []*domains.Record) map[string]int {
	out := map[string]int{}
	for _, rec := range records {
		for _, c := range rec.Reference.Conflict {
			out[c]++
		}
	}
	return out
}
