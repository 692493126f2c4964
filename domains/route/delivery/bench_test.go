package delivery_test

import (
	"context"
	"testing"

	"github.com/plancert/plancert/domains/route/delivery"
	"github.com/plancert/plancert/gen"
	"github.com/plancert/plancert/solver/sat"
)

// BenchmarkCertifyLogisticsDelivery reports certified instances per
// second of task 21 at default difficulty (sampled specs, policy Unique;
// drops count as work, not as certified).
func BenchmarkCertifyLogisticsDelivery(b *testing.B) {
	tk := delivery.LogisticsDelivery()
	seed, kept := uint64(0), 0
	for b.Loop() {
		seed++
		spec, err := gen.SampleSpec(tk, seed)
		if err != nil {
			b.Fatal(err)
		}
		inst, err := gen.NewInstance(context.Background(), sat.Backend{}, tk, spec)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := gen.Certify(context.Background(), sat.Backend{}, tk, inst, gen.Unique); err == nil {
			kept++
		} else if _, ok := err.(*gen.DropError); !ok {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(kept)/b.Elapsed().Seconds(), "certified/s")
}
