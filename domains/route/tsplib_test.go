package route_test

import (
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/plancert/plancert/domains/route"
	"github.com/plancert/plancert/internal/heldkarp"
	"github.com/plancert/plancert/internal/tsplib"
	"github.com/plancert/plancert/solver"
	"github.com/plancert/plancert/solver/sat"
)

const tsplibDir = "../../testdata/external/tsplib"

// knownOptima are the published optima of testdata/external/tsplib/optima.txt
// for the instances the route core proves.
var knownOptima = []struct {
	name string
	opt  int64
}{{"burma14", 3323}, {"ulysses16", 6859}, {"gr17", 2085}}

// TestTSPLIBKnownOptima proves burma14, ulysses16 and gr17 optimal at their
// published lengths through the route core's tour model and certifies the
// optimal tour unique (one direction, any rotation), as Held–Karp counts.
// It takes minutes (ulysses16 alone about 3 min on a busy 2-core machine),
// so it runs with PLANCERT_LONG=1 only.
func TestTSPLIBKnownOptima(t *testing.T) {
	if os.Getenv("PLANCERT_LONG") == "" {
		t.Skip("minutes of solving: set PLANCERT_LONG=1")
	}
	for _, k := range knownOptima {
		in, err := tsplib.Read(filepath.Join(tsplibDir, k.name+".tsp"))
		if err != nil {
			t.Fatal(err)
		}
		hk, err := heldkarp.Solve(in.Dist)
		if err != nil {
			t.Fatal(err)
		}
		tm, err := route.NewTourModel(in.Dist)
		if err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		c, err := solver.Certify(context.Background(), sat.Backend{}, tm.Model)
		if err != nil {
			t.Fatal(err)
		}
		wall := time.Since(start)
		if c.Status != solver.Optimal || c.Objective[0] != k.opt || c.Unique == nil {
			t.Fatalf("%s: %v %v unique=%v, want optimal %d", k.name, c.Status, c.Objective, c.Unique, k.opt)
		}
		tour, err := tm.Decode(c.Solution)
		if err != nil || heldkarp.Length(in.Dist, tour) != k.opt {
			t.Fatalf("%s: tour %v (%v)", k.name, tour, err)
		}
		if hk.Length != k.opt || *c.Unique != (hk.Count == 1) {
			t.Errorf("%s: Held–Karp %d with %d optimal tours, SAT unique=%v", k.name, hk.Length, hk.Count, *c.Unique)
		}
		t.Logf("%s: optimum %d proven, unique=%v, %v (%d conflicts)", k.name, c.Objective[0], *c.Unique, wall.Round(time.Millisecond), c.Stats.Conflicts)
	}
}

// BenchmarkCertifyTour certifies seeded random symmetric 10-stop tours
// (travel times 1–100): optimum and uniqueness.
func BenchmarkCertifyTour(b *testing.B) {
	r := rand.New(rand.NewPCG(10, 1))
	ms := make([][][]int64, 16)
	for i := range ms {
		ms[i] = randomMatrix(10, 100, true, r)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		tm, err := route.NewTourModel(ms[i%len(ms)])
		if err != nil {
			b.Fatal(err)
		}
		c, err := solver.Certify(context.Background(), sat.Backend{}, tm.Model)
		if err != nil || c.Unique == nil {
			b.Fatal(c, err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "certified/s")
}

// BenchmarkCertifyTSPLIB certifies one known-optimum instance per
// sub-benchmark (run with -benchtime=1x; minutes in total).
func BenchmarkCertifyTSPLIB(b *testing.B) {
	for _, k := range knownOptima {
		b.Run(k.name, func(b *testing.B) {
			in, err := tsplib.Read(filepath.Join(tsplibDir, k.name+".tsp"))
			if err != nil {
				b.Fatal(err)
			}
			for i := 0; i < b.N; i++ {
				tm, err := route.NewTourModel(in.Dist)
				if err != nil {
					b.Fatal(err)
				}
				c, err := solver.Certify(context.Background(), sat.Backend{}, tm.Model)
				if err != nil || c.Objective[0] != k.opt {
					b.Fatal(c, err)
				}
			}
		})
	}
}
