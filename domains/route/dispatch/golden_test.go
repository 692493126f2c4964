package dispatch_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/plancert/plancert/domains/route/dispatch"
	"github.com/plancert/plancert/domains/route/internal/routetest"
	"github.com/plancert/plancert/gen"
	"github.com/plancert/plancert/solver/sat"
)

// TestGolden: the prompt and checklist of a feasible record
// (capacity, windows, equipment, driver hours, pickup before delivery), a
// balanced one, an infeasible one, a breakdown replan and a plan with
// backups of task 22 are those in testdata/golden (refresh: go test
// ./domains/route/dispatch -run TestGolden -update-golden).
func TestGolden(t *testing.T) {
	tk := dispatch.TransportationDispatch()
	for _, g := range []struct {
		file, subtask string
		units         []string
	}{
		{"transportation-dispatch", "paratransit", []string{"capacity", "time-windows", "compatibility", "driver-hours", "pickup-before-delivery"}},
		{"transportation-dispatch-balanced", "freight-trucks", []string{"time-windows", "balanced-routes"}},
		{"transportation-dispatch-infeasible", "ride-hail", []string{"capacity", "time-windows", "compatibility", "infeasibility"}},
		{"transportation-dispatch-breakdown", "tow-trucks", []string{"capacity", "time-windows", "breakdown"}},
		{"transportation-dispatch-backup", "ride-hail", []string{"capacity", "time-windows", "compatibility", "backup"}},
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
			if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (run go test ./domains/route/dispatch -run TestGolden -update-golden)", err)
		}
		if string(want) != text {
			t.Errorf("%s differs from the generator's output (rerun with -update-golden if the change is intended):\n%s", path, text)
		}
	}
}

// BenchmarkCertifyTransportationDispatch reports certified instances per
// second of task 22 at default difficulty (sampled specs, policy Unique;
// drops count as work, not as certified).
func BenchmarkCertifyTransportationDispatch(b *testing.B) {
	tk := dispatch.TransportationDispatch()
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
