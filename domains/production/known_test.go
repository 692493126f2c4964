package production

import (
	"context"
	"testing"
	"time"

	"github.com/plancert/plancert/internal/familytest"
	"github.com/plancert/plancert/internal/jobshop"
	"github.com/plancert/plancert/solver"
	"github.com/plancert/plancert/solver/sat"
)

const jobshopDir = "../../testdata/external/jobshop/"

// knownNames are the instances proven by TestKnownOptima: ft06 always,
// la01–la05 with PLANCERT_LONG=1.
func knownNames() []string {
	if familytest.Long() {
		return []string{"ft06", "la01", "la02", "la03", "la04", "la05"}
	}
	return []string{"ft06"}
}

// TestKnownOptima proves the published optima of OR-Library job shops
// through this package's model (FromJobShop: the core rules, the makespan
// goal): the optimum equals optima.txt, the certificate is proven, and the
// decoded schedule passes this package's checker with that makespan. Start
// times with slack make the optimum non-unique without the tie-break, as
// the package doc says; the test asserts that too.
func TestKnownOptima(t *testing.T) {
	optima, err := jobshop.Optima(jobshopDir + "optima.txt")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range knownNames() {
		t.Run(name, func(t *testing.T) {
			s := knownShop(t, name)
			m, err := s.Model()
			if err != nil {
				t.Fatal(err)
			}
			start := time.Now()
			c, err := solver.Certify(context.Background(), sat.Backend{}, m)
			if err != nil {
				t.Fatal(err)
			}
			want := optima[name]
			if c.Status != solver.Optimal || c.Objective[0] != want || !c.Proven(m) {
				t.Fatalf("got %v %v (proven %v), want optimal %d", c.Status, c.Objective, c.Proven(m), want)
			}
			st := decode(s, c.Solution)
			if mk, why := s.Makespan(st); why != "" || int64(mk) != want {
				t.Fatalf("checker: makespan %d, broken rule %q", mk, why)
			}
			if *c.Unique {
				t.Errorf("%s: start times with slack reported unique", name)
			}
			t.Logf("%s = %d proven through the production model in %v (%d solve calls, %d conflicts, %d vars, %d clauses)",
				name, want, time.Since(start).Round(time.Millisecond), c.Stats.SolveCalls, c.Stats.Conflicts, c.Stats.Variables, c.Stats.Clauses)
		})
	}
}

// decode returns the start times of a solution of the model built last.
func decode(s *Shop, a []int64) [][]int {
	st := make([][]int, len(s.Jobs))
	for j := range s.Jobs {
		for _, v := range s.starts[j] {
			st[j] = append(st[j], int(a[v]))
		}
	}
	return st
}

// knownShop reads the job-shop instance name of the benchmark data as a
// Shop; an error fails tb.
func knownShop(tb testing.TB, name string) *Shop {
	tb.Helper()
	in, err := jobshop.ReadFile(jobshopDir + "instances/" + name)
	if err != nil {
		tb.Fatal(err)
	}
	s, err := FromJobShop(in)
	if err != nil {
		tb.Fatal(err)
	}
	return s
}

// BenchmarkKnownOptima reports the time to prove each known optimum
// through this package's model (ft06; la01–la05 with PLANCERT_LONG=1).
func BenchmarkKnownOptima(b *testing.B) {
	for _, name := range knownNames() {
		b.Run(name, func(b *testing.B) {
			s := knownShop(b, name)
			for b.Loop() {
				if _, c := familytest.CertifyModel(b, s); c.Status != solver.Optimal {
					b.Fatalf("%v", c)
				}
			}
			b.ReportMetric(b.Elapsed().Seconds()/float64(b.N), "s/proof")
		})
	}
}
