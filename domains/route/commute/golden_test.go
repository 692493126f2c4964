package commute_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/plancert/plancert/domains/route/commute"
	"github.com/plancert/plancert/domains/route/internal/routetest"
	"github.com/plancert/plancert/gen"
	"github.com/plancert/plancert/solver/sat"
)

// TestGolden: the prompt and checklist of a feasible record (basic
// and medium units with walking), an infeasible deadline, a line-closure
// replan and a backup route of task 18 are those in testdata/golden (refresh with go test
// ./domains/route/commute -run TestGolden -update-golden).
func TestGolden(t *testing.T) {
	tk := commute.Commuting()
	for _, g := range []struct {
		file, subtask string
		units         []string
	}{
		{"commuting", "morning-commute", []string{"arrival-deadline", "earliest-departure", "transfer-time", "fare-budget", "walking"}},
		{"commuting-infeasible", "airport-transfer", []string{"arrival-deadline", "transfer-time", "max-transfers", "infeasibility"}},
		{"commuting-closure", "night-shift", []string{"arrival-deadline", "avoid-line", "line-closure"}},
		{"commuting-backup", "school-run", []string{"arrival-deadline", "transfer-time", "max-transfers", "backup-route"}},
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
			t.Fatalf("%v (run go test ./domains/route/commute -run TestGolden -update-golden)", err)
		}
		if string(want) != text {
			t.Errorf("%s differs from the generator's output (rerun with -update-golden if the change is intended):\n%s", path, text)
		}
	}
}

// BenchmarkCertifyCommuting reports certified instances per second of
// task 18 at default difficulty (sampled specs, policy Unique; drops count
// as work, not as certified).
func BenchmarkCertifyCommuting(b *testing.B) {
	tk := commute.Commuting()
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
