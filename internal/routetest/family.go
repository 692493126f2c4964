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
