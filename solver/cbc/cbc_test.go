//go:build cbc

package cbc_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"github.com/plancert/plancert/encode"
	"github.com/plancert/plancert/internal/jobshop"
	"github.com/plancert/plancert/internal/randmodel"
	"github.com/plancert/plancert/solver"
	"github.com/plancert/plancert/solver/cbc"
	"github.com/plancert/plancert/solver/sat"
)

const jobshopDir = "../../testdata/external/jobshop/"

// TestJobShopFT06: CBC proves the published optimum of ft06 (55, from
// testdata/external/jobshop/optima.txt) on the same model the SAT backend
// solves, and its schedule is re-checked on the instance itself.
func TestJobShopFT06(t *testing.T) {
	optima, err := jobshop.Optima(jobshopDir + "optima.txt")
	if err != nil {
		t.Fatal(err)
	}
	in, err := jobshop.ReadFile(jobshopDir + "instances/ft06")
	if err != nil {
		t.Fatal(err)
	}
	m := in.Model()
	c, err := solver.Certify(context.Background(), cbc.Backend{}, m)
	if err != nil {
		t.Fatal(err)
	}
	want := optima["ft06"]
	if want == 0 || c.Status != solver.Optimal || c.Objective[0] != want || !c.Proven(m) {
		t.Fatalf("got %v %v (proven %v), want optimal %d", c.Status, c.Objective, c.Proven(m), want)
	}
	starts := make([][]int64, len(in.Jobs))
	for j := range in.Jobs {
		for o := range in.Jobs[j] {
			v, _ := m.Lookup(fmt.Sprintf("s_%d_%d", j, o))
			starts[j] = append(starts[j], c.Solution[v])
		}
	}
	if mk, err := in.Makespan(starts); err != nil || mk != want {
		t.Fatalf("schedule re-check: makespan %d, err %v", mk, err)
	}
	if *c.Unique {
		t.Error("start times with slack reported unique")
	}
	t.Logf("ft06 = %d proven by CBC: %+v", want, c.Stats)
}

// TestConcurrent: several goroutines certify random models at once (each
// with its own Solver); the global lock keeps CBC's answers right. Run it
// with -race ("make test-cbc" does).
func TestConcurrent(t *testing.T) {
	const goroutines, per = 4, 15
	var wg sync.WaitGroup
	errs := make(chan error, goroutines)
	for g := 0; g < goroutines; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for i := 0; i < per; i++ {
				seed := uint64(1000 + g*per + i)
				m := randmodel.New(rand.New(rand.NewPCG(seed, 7)))
				got, err := solver.Certify(context.Background(), cbc.Backend{}, m)
				if err != nil {
					errs <- fmt.Errorf("seed %d: cbc: %w", seed, err)
					return
				}
				want, err := solver.Certify(context.Background(), sat.Backend{}, m)
				if err != nil {
					errs <- fmt.Errorf("seed %d: sat: %w", seed, err)
					return
				}
				if got.Status != want.Status || fmt.Sprint(got.Objective) != fmt.Sprint(want.Objective) || fmtUnique(got.Unique) != fmtUnique(want.Unique) {
					errs <- fmt.Errorf("seed %d: cbc %v %v unique %s, sat %v %v unique %s", seed,
						got.Status, got.Objective, fmtUnique(got.Unique), want.Status, want.Objective, fmtUnique(want.Unique))
					return
				}
			}
		}(g)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// TestTimeoutNeverCertifies: a deadline that ends before CBC's proof gives
// an unproven certificate (Unknown, or Feasible with a checked plan),
// never Optimal, and returns about when the deadline says. la02 takes CBC
// several seconds.
func TestTimeoutNeverCertifies(t *testing.T) {
	in, err := jobshop.ReadFile(jobshopDir + "instances/la02")
	if err != nil {
		t.Fatal(err)
	}
	m := in.Model()
	for _, d := range []time.Duration{time.Nanosecond, 100 * time.Millisecond, 400 * time.Millisecond} {
		ctx, cancel := context.WithTimeout(context.Background(), d)
		start := time.Now()
		c, err := solver.Certify(ctx, cbc.Backend{}, m)
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		if c.Status == solver.Optimal || c.Status == solver.Infeasible || c.Proven(m) || c.Unique != nil {
			t.Fatalf("timeout %v: certificate %v unique=%v proven=%v", d, c.Status, c.Unique, c.Proven(m))
		}
		if c.Status == solver.Feasible {
			if err := m.Check(c.Solution); err != nil {
				t.Fatalf("timeout %v: best plan fails Check: %v", d, err)
			}
		}
		t.Logf("timeout %v: %v after %v", d, c.Status, time.Since(start))
		if e := time.Since(start); e > d+2*time.Second {
			t.Errorf("timeout %v: returned after %v", d, e)
		}
	}
}

// TestCancelled: every call under a cancelled context says nothing.
func TestCancelled(t *testing.T) {
	m := pigeonhole(4)
	s, err := cbc.Backend{}.Load(m)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if r, err := s.Optimize(ctx); err != nil || r.Status != solver.Unknown {
		t.Fatalf("Optimize: %+v %v", r, err)
	}
	if e, err := s.Explain(ctx); err != nil || e.Status != solver.Unknown || e.Core != nil {
		t.Fatalf("Explain: %+v %v", e, err)
	}
	if e, err := s.Enumerate(ctx, 3); err != nil || e.Complete || len(e.Solutions) != 0 {
		t.Fatalf("Enumerate: %+v %v", e, err)
	}
}

// pigeonhole is n+1 pigeons in n holes: infeasible, and every "pigeon
// somewhere" and "hole holds one" rule is needed.
func pigeonhole(n int) *encode.Model {
	m := encode.NewModel()
	x := make([][]encode.Var, n+1)
	for p := range x {
		x[p] = make([]encode.Var, n)
		for h := range x[p] {
			x[p][h] = m.NewBool(fmt.Sprintf("p%d_h%d", p, h))
		}
	}
	for p := range x {
		var ls []encode.Lit
		for h := range x[p] {
			ls = append(ls, x[p][h].Lit())
		}
		m.AddAtLeast(ls, 1).Named(fmt.Sprintf("pigeon %d", p))
	}
	for h := 0; h < n; h++ {
		var ls []encode.Lit
		for p := range x {
			ls = append(ls, x[p][h].Lit())
		}
		m.AddAtMost(ls, 1).Named(fmt.Sprintf("hole %d", h))
	}
	return m
}

// TestPigeonholeCore: the core of a pigeonhole model is every rule (each
// one's witness checked by Certify).
func TestPigeonholeCore(t *testing.T) {
	m := pigeonhole(4)
	c, err := solver.Certify(context.Background(), cbc.Backend{}, m)
	if err != nil {
		t.Fatal(err)
	}
	if c.Status != solver.Infeasible || len(c.Core) != len(m.Groups()) {
		t.Fatalf("got %v, core %v", c.Status, c.Core)
	}
}

// TestLoadRejects: an invalid model, and one whose domains are too wide
// for an exact MIP, are refused with an error rather than solved.
func TestLoadRejects(t *testing.T) {
	bad := encode.NewModel()
	bad.NewInt("x", 3, 1)
	if _, err := (cbc.Backend{}).Load(bad); err == nil {
		t.Error("empty domain accepted")
	}
	wide := encode.NewModel()
	x := wide.NewInt("x", -1e12, 1e12)
	y := wide.NewInt("y", -1e12, 1e12)
	b := wide.NewBool("b")
	wide.AddLinear([]encode.Term{{Var: x, Coef: 1000}, {Var: y, Coef: 1000}}, encode.LE, 0).OnlyIf(b.Lit())
	if _, err := (cbc.Backend{}).Load(wide); err == nil {
		t.Error("a big-M beyond 4e15 accepted")
	}
}

// TestNew: with the cbc tag, New gives the backend.
func TestNew(t *testing.T) {
	b, err := cbc.New()
	if err != nil || b.Name() != "cbc" || !cbc.Available() {
		t.Fatalf("New: %v %v, Available %v", b, err, cbc.Available())
	}
	if errors.Is(err, cbc.ErrNotBuilt) {
		t.Fatal("ErrNotBuilt with the cbc tag")
	}
}
