package assign_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/plancert/plancert/domains"
	_ "github.com/plancert/plancert/domains/assign"
	"github.com/plancert/plancert/gen"
	"github.com/plancert/plancert/solver/sat"
)

// benchCertify: one op = one index at default difficulty (spec drawn with
// the priors on seeds 1, 2, …): sample, generate, certify under
// gen.Unique (the reference checked against its checklist). Reported:
// certified (kept) instances per second of one core, and the keep rate.
func benchCertify(b *testing.B, id string) {
	t, ok := domains.Lookup(id)
	if !ok {
		b.Fatalf("task %s is not registered", id)
	}
	kept, seed := 0, uint64(0)
	start := time.Now()
	for b.Loop() {
		seed++
		spec, err := gen.SampleSpec(t, seed)
		if err != nil {
			b.Fatal(err)
		}
		inst, err := gen.NewInstance(context.Background(), sat.Backend{}, t, spec)
		if err != nil {
			b.Fatal(err)
		}
		_, err = gen.Certify(context.Background(), sat.Backend{}, t, inst, gen.Unique)
		var drop *gen.DropError
		switch {
		case err == nil:
			kept++
		case !errors.As(err, &drop):
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(kept)/time.Since(start).Seconds(), "certified/s")
	b.ReportMetric(float64(kept)/float64(b.N), "kept/op")
}

func BenchmarkCertifyStudentGrouping(b *testing.B) { benchCertify(b, "student-grouping") }

func BenchmarkCertifyEducationalResourcePlanning(b *testing.B) {
	benchCertify(b, "educational-resource-planning")
}

func BenchmarkCertifyWorkAssignmentScheduling(b *testing.B) {
	benchCertify(b, "work-assignment-scheduling")
}

func BenchmarkCertifyEmergencyPlanning(b *testing.B) { benchCertify(b, "emergency-planning") }

func BenchmarkCertifyWarehousePlanning(b *testing.B) { benchCertify(b, "warehouse-planning") }
