package roster

import (
	"testing"
	"time"

	"github.com/plancert/plancert/domains"
)

func TestSmokeAll(t *testing.T) {
	for _, id := range []string{"shift-duty-scheduling", "volunteer-scheduling"} {
		tk, _ := domains.Lookup(id)
		kept, drops := 0, map[string]int{}
		start := time.Now()
		for seed := uint64(1); seed <= 10; seed++ {
			t0 := time.Now()
			spec, rec, drop, err := familyRecord(tk, seed)
			if el := time.Since(t0); el > 200*time.Millisecond {
				t.Logf("slow %v: %v", el, spec)
			}
			if err != nil {
				t.Fatalf("%s seed %d: %v", id, seed, err)
			}
			if rec != nil {
				kept++
			} else {
				drops[drop]++
			}
		}
		t.Logf("%s: kept %d/10 drops %v in %v", id, kept, drops, time.Since(start))
	}
}
