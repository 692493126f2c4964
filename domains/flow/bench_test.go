package flow_test

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/plancert/plancert/domains"
	_ "github.com/plancert/plancert/domains/flow"
	"github.com/plancert/plancert/gen"
	"github.com/plancert/plancert/solver/sat"
)

// benchCertify generates and certifies one instance per op at default
// difficulty (the specs gen samples for seeds 1, 2, …, so the taxonomy's
// tier priors), and reports certified instances per second (kept or
// dropped: each was proven) and the share kept. Generation is counted:
// it asks the solver for the least horizon.
func benchCertify(b *testing.B, id string) {
	t, ok := domains.Lookup(id)
	if !ok {
		b.Fatalf("%s is not registered", id)
	}
	seed, kept := uint64(0), 0
	start := time.Now()
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
		if _, err := gen.Certify(context.Background(), sat.Backend{}, t, inst, gen.Unique); err == nil {
			kept++
		} else if _, ok := err.(*gen.DropError); !ok {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "instances/s")
	b.ReportMetric(float64(kept)/float64(b.N), "kept/op")
}

// BenchmarkCertifyDisasterEvacuation: certified Disaster Evacuation
// Planning instances per second on one goroutine.
func BenchmarkCertifyDisasterEvacuation(b *testing.B) { benchCertify(b, "disaster-evacuation") }

// BenchmarkCertifyUrbanTraffic: certified Urban Traffic Planning
// instances per second on one goroutine.
func BenchmarkCertifyUrbanTraffic(b *testing.B) { benchCertify(b, "urban-traffic") }
