package project

import (
	"testing"

	"github.com/plancert/plancert/domains"
)

func TestSmoke(t *testing.T) {
	for _, id := range []string{"project-planning", "resource-scheduling"} {
		tk, _ := domains.Lookup(id)
		kept, drops := 0, map[string]int{}
		for seed := uint64(1); seed <= 60; seed++ {
			_, rec, drop, err := familyRecord(tk, seed)
			if err != nil {
				t.Fatalf("%s/%d: %v", id, seed, err)
			}
			if rec == nil {
				drops[drop]++
				continue
			}
			kept++
			checkRecord(t, rec)
		}
		t.Logf("%s: kept %d, drops %v", id, kept, drops)
	}
}
