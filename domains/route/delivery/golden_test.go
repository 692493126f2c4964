package delivery_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/plancert/plancert/domains/route/delivery"
	"github.com/plancert/plancert/domains/route/internal/routetest"
	"github.com/plancert/plancert/gen"
	"github.com/plancert/plancert/solver/sat"
)

// TestGolden: the prompt and checklist of a feasible record (capacity,
// windows, driver hours, visit order, balanced routes), an infeasible one and a road-closure replan of
// task 21 are those in testdata/golden.
func TestGolden(t *testing.T) {
	tk := delivery.LogisticsDelivery()
	for _, g := range []struct {
		file, subtask string
		units         []string
	}{
		{"logistics-delivery", "grocery-trucks", []string{"capacity", "time-windows", "driver-hours", "visit-order", "balanced-routes"}},
		{"logistics-delivery-infeasible", "parcel-vans", []string{"capacity", "time-windows", "infeasibility"}},
		{"logistics-delivery-closure", "building-supplies", []string{"capacity", "time-windows", "road-closure"}},
	} {
		units := map[string]bool{}
		for _, u := range g.units {
			units[u] = true
		}
		spec, err := tk.NewSpec(g.subtask, 7, units)
		if err != nil {
			t.Fatal(err)
		}
		inst, err := gen.NewInstance(context.Background(), sat.Backend{}, tk, spec)
		if err != nil {
			t.Fatal(err)
		}
		rec, err := gen.Certify(context.Background(), sat.Backend{}, tk, inst, gen.Unique)
		if err != nil {
			t.Fatal(err)
		}
		text := routetest.GoldenText(rec)
		path := filepath.Join("testdata", "golden", g.file+".txt")
		if *routetest.UpdateGolden {
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (run go test ./domains/route/delivery -run TestGolden -update-golden)", err)
		}
		if string(want) != text {
			t.Errorf("%s differs from the generator's output (rerun with -update-golden if the change is intended):\n%s", path, text)
		}
	}
}

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
