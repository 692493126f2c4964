package quantity

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/gen"
	"github.com/plancert/plancert/solver/sat"
)

func TestSmokeQuick(t *testing.T) {
	for _, id := range []string{"material-allocation", "procurement-planning"} {
		tk, _ := domains.Lookup(id)
		kept, infeas := 0, 0
		drops := map[string]int{}
		start := time.Now()
		var slow time.Duration
		for seed := uint64(1); seed <= 60; seed++ {
			spec, err := gen.SampleSpec(tk, seed)
			if err != nil {
				t.Fatal(err)
			}
			inst, err := gen.NewInstance(tk, spec)
			if err != nil {
				t.Fatalf("%d %v: %v", seed, spec.Units(), err)
			}
			t0 := time.Now()
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
			rec, err := gen.Certify(ctx, sat.Backend{}, tk, inst, gen.Unique)
			cancel()
			if d := time.Since(t0); d > 50*time.Millisecond {
				slow += d
				t.Logf("slow seed %d %s %v: %v", seed, spec.Subtask, spec.Units(), d)
			}
			var drop *gen.DropError
			if errors.As(err, &drop) {
				drops[drop.Reason]++
				continue
			}
			if err != nil {
				t.Fatalf("seed %d %v: %v", seed, spec.Units(), err)
			}
			kept++
			if !rec.Reference.Feasible {
				infeas++
			}
		}
		t.Logf("%s: kept %d (%d infeasible) drops %v in %v", id, kept, infeas, drops, time.Since(start))
	}
}
