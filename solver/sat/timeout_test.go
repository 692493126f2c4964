package sat_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/plancert/plancert/encode"
	"github.com/plancert/plancert/internal/jobshop"
	"github.com/plancert/plancert/internal/roster"
	"github.com/plancert/plancert/solver"
	"github.com/plancert/plancert/solver/sat"
)

// TestTimeoutNeverCertifies: a context that ends before the proof gives an
// unproven certificate (Unknown, or Feasible with the best plan so far),
// never Optimal. ft10 (10 × 10, optimum 930) takes far longer than 300 ms
// to prove.
func TestTimeoutNeverCertifies(t *testing.T) {
	in, err := jobshop.ReadFile(jobshopDir + "instances/ft10")
	if err != nil {
		t.Fatal(err)
	}
	m := in.Model()
	for _, d := range []time.Duration{time.Nanosecond, 20 * time.Millisecond, 300 * time.Millisecond} {
		ctx, cancel := context.WithTimeout(context.Background(), d)
		start := time.Now()
		c, err := solver.Certify(ctx, sat.Backend{}, m)
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		if c.Status == solver.Optimal || c.Proven(m) || c.Unique != nil {
			t.Fatalf("timeout %v: certificate %v unique=%v proven=%v", d, c.Status, c.Unique, c.Proven(m))
		}
		if c.Status == solver.Feasible {
			if err := m.Check(c.Solution); err != nil {
				t.Fatalf("timeout %v: best plan fails Check: %v", d, err)
			}
		}
		t.Logf("timeout %v: %v after %v", d, c.Status, time.Since(start))
		if e := time.Since(start); e > 2*time.Second {
			t.Errorf("timeout %v: returned after %v", d, e)
		}
	}
}

// TestCancelledExplain: Explain under a cancelled context is Unknown.
func TestCancelledExplain(t *testing.T) {
	s, err := sat.Backend{}.Load(pigeonhole(4))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	e, err := s.Explain(ctx)
	if err != nil || e.Status != solver.Unknown || e.Core != nil {
		t.Fatalf("%+v %v", e, err)
	}
}

// TestDeterministic: the same model gives the same certificate, byte for
// byte, whether the context can end or not, and run after run — the search
// is never cut into time slices.
func TestDeterministic(t *testing.T) {
	models := map[string]*encode.Model{"roster": roster.Model(8, 1), "pigeonhole": pigeonhole(5)}
	in, err := jobshop.ReadFile(jobshopDir + "instances/ft06")
	if err != nil {
		t.Fatal(err)
	}
	models["ft06"] = in.Model()
	for name, m := range models {
		var first string
		for run := 0; run < 4; run++ {
			ctx := context.Background()
			var cancel context.CancelFunc = func() {}
			if run%2 == 1 {
				ctx, cancel = context.WithTimeout(ctx, time.Minute)
			}
			c, err := solver.Certify(ctx, sat.Backend{}, m)
			cancel()
			if err != nil {
				t.Fatal(err)
			}
			unique := "unsettled"
			if c.Unique != nil {
				unique = fmt.Sprint(*c.Unique)
			}
			got := fmt.Sprint(c.Status, c.Objective, c.Solution, unique, c.Witness, c.Core, c.CoreWitnesses, c.Stats.SolveCalls, c.Stats.Conflicts)
			if run == 0 {
				first = got
			} else if got != first {
				t.Fatalf("%s run %d differs:\n%s\n%s", name, run, got, first)
			}
		}
	}
}

// TestCancelBeforeDeadline: a solve whose context is cancelled before its
// deadline answers Unknown; the search it started runs out its deadline
// (gini cannot be stopped without polling), and the same Solver then
// solves again under a new context, with the right answer. Run under
// -race, this also shows that nothing reads gini while that search runs.
func TestCancelBeforeDeadline(t *testing.T) {
	s, err := sat.Backend{}.Load(pigeonhole(9)) // far beyond 50 ms
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	time.AfterFunc(30*time.Millisecond, cancel)
	r, err := s.Optimize(ctx)
	if err != nil || r.Status != solver.Unknown {
		t.Fatalf("cancelled: %v %v", r.Status, err)
	}
	small, err := sat.Backend{}.Load(pigeonhole(3))
	if err != nil {
		t.Fatal(err)
	}
	if r, err := small.Optimize(context.Background()); err != nil || r.Status != solver.Infeasible {
		t.Fatalf("another solver meanwhile: %v %v", r.Status, err)
	}
	ctx2, cancel2 := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel2()
	if r, err := s.Optimize(ctx2); err != nil || r.Status != solver.Unknown {
		t.Fatalf("again, with 50 ms: %v %v", r.Status, err)
	}
}
