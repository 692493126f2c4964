package production_test

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/plancert/plancert/domains"
	_ "github.com/plancert/plancert/domains/production"
	"github.com/plancert/plancert/gen"
	"github.com/plancert/plancert/solver/sat"
)

// benchTimeout bounds one certification, as gen's time limit does: an
// instance not proven in time is dropped, and counts in the rate.
const benchTimeout = 10 * time.Second

// BenchmarkCertifyProductionPlanning certifies one instance of Production
// Planning per op, the spec sampled by gen on seeds 1, 2, … (the default
// difficulty), and reports the certified instances per second and the
// share kept.
func BenchmarkCertifyProductionPlanning(b *testing.B) {
	t, ok := domains.Lookup("production-planning")
	if !ok {
		b.Fatal("production-planning is not registered")
	}
	seed, kept := uint64(0), 0
	for b.Loop() {
		seed++
		spec, err := gen.SampleSpec(t, seed)
		if err != nil {
			b.Fatal(err)
		}
		inst, err := t.Generate(context.Background(), sat.Backend{}, spec, rand.New(rand.NewPCG(seed, 0)))
		if err != nil {
			b.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), benchTimeout)
		_, err = gen.Certify(ctx, sat.Backend{}, t, inst, gen.Unique)
		cancel()
		if err == nil {
			kept++
		} else if _, ok := err.(*gen.DropError); !ok {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "certified/s")
	b.ReportMetric(float64(kept)/float64(b.N), "kept/op")
}
