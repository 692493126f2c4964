package routetest

import (
	"testing"

	"github.com/plancert/plancert/domains"
)

// AtLeastItems is a familytest.Family's CheckRecord: a record's checklist
// has at least n items.
func AtLeastItems(n int) func(t *testing.T, rec *domains.Record, inst domains.Instance) {
	return func(t *testing.T, rec *domains.Record, _ domains.Instance) {
		if len(rec.Checklist) < n {
			t.Errorf("%s: %d items", rec.ID, len(rec.Checklist))
		}
	}
}

// Conflicts counts the rule names in the certified conflicts of records.
func Conflicts(records []*domains.Record) map[string]int {
	out := map[string]int{}
	for _, rec := range records {
		for _, c := range rec.Reference.Conflict {
			out[c]++
		}
	}
	return out
}

// UnitRecords is a route skin's per-unit record test: for every unit of
// tk's pool, with the units it requires, on every subtask that allows it
// and seeds 1..seeds, certify gives the certified record of the spec (nil
// when it was dropped; an error fails t) and check checks each kept
// record. At least 3 in 4 of each unit's records must be kept.
func UnitRecords(t *testing.T, tk *domains.Task, seeds uint64, certify func(spec domains.Spec) (*domains.Record, error), check func(u domains.Unit, st domains.Subtask, rec *domains.Record)) {
	t.Helper()
	for _, u := range tk.Pool {
		kept, tried := 0, 0
		units := map[string]bool{u.ID: true}
		for _, r := range u.Requires {
			units[r] = true
		}
		for _, st := range tk.Subtasks {
			if !st.Allows(u.ID) {
				continue
			}
			for seed := uint64(1); seed <= seeds; seed++ {
				spec, err := tk.NewSpec(st.ID, seed, units)
				if err != nil {
					t.Fatalf("%s %s seed %d: %v", u.ID, st.ID, seed, err)
				}
				rec, err := certify(spec)
				if err != nil {
					t.Fatalf("%s %s %d: %v", u.ID, st.ID, seed, err)
				}
				tried++
				if rec == nil {
					continue
				}
				kept++
				check(u, st, rec)
			}
		}
		if kept*4 < tried*3 {
			t.Errorf("unit %s: %d of %d records kept", u.ID, kept, tried)
		}
	}
}
