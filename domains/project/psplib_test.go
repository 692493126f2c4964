package project

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/plancert/plancert/internal/psplib"
	"github.com/plancert/plancert/solver/sat"
)

const rcpspDir = "../../testdata/external/rcpsp"

func j30Optima(t testing.TB) map[string]int {
	f, err := os.Open(filepath.Join(rcpspDir, "j30opt.sm"))
	if err != nil {
		t.Skip("PSPLIB data not found:", err)
	}
	defer f.Close()
	opt, err := psplib.ReadOptima(f, "j30opt.sm", "j30")
	if err != nil {
		t.Fatal(err)
	}
	return opt
}

// j30Proven are the first instances of the 48 j30 parameter sets
// (j30P_1) that the project core proves at the published optimum within
// seconds; of the 48, only j3013_1 is left out: it was not proven within
// 20 s (critical path 34, serial schedule 74, optimum 58), and took 44 s
// on the shared machine (TestJ30Hard).
var j30Proven = func() []string {
	var out []string
	for p := 1; p <= 48; p++ {
		if p != 13 {
			out = append(out, fmt.Sprintf("j30%d_1", p))
		}
	}
	return out
}()

func proveJ30(t testing.TB, names []string, limit time.Duration) {
	opt := j30Optima(t)
	zip := filepath.Join(rcpspDir, "j30.sm.zip")
	for _, name := range names {
		in, err := psplib.ReadZip(zip, name+".sm")
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), limit)
		t0 := time.Now()
		got, lb, ub, ok, err := proveRCPSP(ctx, sat.Backend{}, in)
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			t.Errorf("%s: not proven within %v", name, limit)
			continue
		}
		if got != opt[name] {
			t.Errorf("%s: proven optimum %d, published %d", name, got, opt[name])
		}
		if tt, ok := t.(*testing.T); ok {
			tt.Logf("%s: makespan %d proven optimal (published %d; critical path %d, serial schedule %d) in %v", name, got, opt[name], lb, ub, time.Since(t0).Round(time.Millisecond))
		}
	}
}

// TestJ30KnownOptima proves j301_1…j301_5 optimal at their published
// makespans (43, 47, 47, 62, 39) through the project core's model; each
// schedule is checked period by period against the PSPLIB semantics.
func TestJ30KnownOptima(t *testing.T) {
	proveJ30(t, []string{"j301_1", "j301_2", "j301_3", "j301_4", "j301_5"}, time.Minute)
}

// TestJ30KnownOptimaLong proves 47 j30 instances (j30P_1 for every
// parameter set but 13) at their published optima; about 5 s in all on a
// quiet machine. PLANCERT_LONG=1 only.
func TestJ30KnownOptimaLong(t *testing.T) {
	if os.Getenv("PLANCERT_LONG") == "" {
		t.Skip("set PLANCERT_LONG=1")
	}
	proveJ30(t, j30Proven, time.Minute)
}

// BenchmarkProveJ30 reports the time to prove each of the first 20
// instances of j30Proven optimal (model, serial bound, proof; the file is
// read once, outside the timing), one sub-benchmark per instance.
func BenchmarkProveJ30(b *testing.B) {
	opt := j30Optima(b)
	for _, name := range j30Proven[:20] {
		in, err := psplib.ReadZip(filepath.Join(rcpspDir, "j30.sm.zip"), name+".sm")
		if err != nil {
			b.Fatal(err)
		}
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				got, _, _, ok, err := proveRCPSP(context.Background(), sat.Backend{}, in)
				if err != nil || !ok || got != opt[name] {
					b.Fatalf("%s: %d proven %v (%v), published %d", name, got, ok, err, opt[name])
				}
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(b.N), "ms/instance")
		})
	}
}

// j30Open are the j30 instances TestJ30All (10 s each) left unproven in
// one run on the shared machine; with 120 s each, j3013_1 (44 s), j3013_7,
// j3029_4 and j3029_8 (57 s) were proven, the other five were not.
var j30Open = []string{"j3013_1", "j3013_2", "j3013_5", "j3013_6", "j3013_7", "j3029_3", "j3029_4", "j3029_6", "j3029_8"}

// secondsEach returns the time per instance that the environment
// variable env gives in seconds, and skips the test when it is unset.
func secondsEach(t *testing.T, env string) time.Duration {
	t.Helper()
	secs := os.Getenv(env)
	if secs == "" {
		t.Skip("set " + env + "=<seconds per instance>")
	}
	d, err := time.ParseDuration(secs + "s")
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestJ30Hard tries the instances of j30Open for PLANCERT_J30_HARD
// seconds each (unset: skipped) and logs each outcome; a proven value
// that differs from the table fails.
func TestJ30Hard(t *testing.T) {
	d := secondsEach(t, "PLANCERT_J30_HARD")
	opt := j30Optima(t)
	for _, name := range j30Open {
		in, err := psplib.ReadZip(filepath.Join(rcpspDir, "j30.sm.zip"), name+".sm")
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), d)
		t0 := time.Now()
		got, lb, ub, ok, err := proveRCPSP(ctx, sat.Backend{}, in)
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		if ok && got != opt[name] {
			t.Errorf("%s: proven %d, published %d", name, got, opt[name])
		}
		t.Logf("%s: proven %v, makespan %d (published %d; critical path %d, serial %d) after %v", name, ok, got, opt[name], lb, ub, time.Since(t0).Round(time.Millisecond))
	}
}

// TestJ30All tries every instance of j30.sm.zip with PLANCERT_J30_ALL
// seconds each (unset: skipped) and logs how many were proven at the
// published optimum, the time they took, and the others; a proven value
// that differs from the table fails.
func TestJ30All(t *testing.T) {
	limit := secondsEach(t, "PLANCERT_J30_ALL")
	opt := j30Optima(t)
	var proven int
	var spent time.Duration
	var open []string
	for p := 1; p <= 48; p++ {
		for i := 1; i <= 10; i++ {
			name := fmt.Sprintf("j30%d_%d", p, i)
			in, err := psplib.ReadZip(filepath.Join(rcpspDir, "j30.sm.zip"), name+".sm")
			if err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithTimeout(context.Background(), limit)
			t0 := time.Now()
			got, _, _, ok, err := proveRCPSP(ctx, sat.Backend{}, in)
			cancel()
			if err != nil {
				t.Fatal(err)
			}
			switch {
			case !ok:
				open = append(open, name)
			case got != opt[name]:
				t.Errorf("%s: proven %d, published %d", name, got, opt[name])
			default:
				proven++
				spent += time.Since(t0)
			}
		}
	}
	t.Logf("%d of 480 proven at the published optimum within %v each (%v in all for those); not proven in time: %v", proven, limit, spent.Round(time.Millisecond), open)
}

// randomRCPSP returns a small random single-mode RCPSP in PSPLIB form:
// a dummy source, n jobs, a dummy sink; durations 1–3; one or two
// resources of capacity 2–4.
func randomRCPSP(r *rand.Rand, n int) *psplib.Instance {
	k := 1 + r.IntN(2)
	in := &psplib.Instance{Name: "random"}
	for range k {
		in.Capacity = append(in.Capacity, 2+r.IntN(3))
	}
	in.Duration = make([]int, n+2)
	in.Demand = make([][]int, n+2)
	in.Succ = make([][]int, n+2)
	in.Demand[0], in.Demand[n+1] = make([]int, k), make([]int, k)
	hasPred := make([]bool, n+2)
	for j := 1; j <= n; j++ {
		in.Duration[j] = 1 + r.IntN(3)
		in.Demand[j] = make([]int, k)
		for q := range k {
			in.Demand[j][q] = r.IntN(in.Capacity[q] + 1)
		}
		for i := 1; i < j; i++ {
			if r.IntN(4) == 0 {
				in.Succ[i] = append(in.Succ[i], j)
				hasPred[j] = true
			}
		}
	}
	for j := 1; j <= n; j++ {
		if !hasPred[j] {
			in.Succ[0] = append(in.Succ[0], j)
		}
		if len(in.Succ[j]) == 0 {
			in.Succ[j] = []int{n + 1}
		}
	}
	return in
}

// TestRCPSPModelBrute: on 300 random 4-job instances, the PSPLIB model
// (with its critical-path and serial bounds and the pairs it prunes)
// proves the same optimum as enumerating every start vector within the
// serial schedule's makespan against checkRCPSP. (With the no-overlap
// bug fixed in core.go, case 236 fails.)
func TestRCPSPModelBrute(t *testing.T) {
	r := rand.New(rand.NewPCG(30, 1))
	for c := range 300 {
		in := randomRCPSP(r, 4)
		got, _, ub, ok, err := proveRCPSP(context.Background(), sat.Backend{}, in)
		if err != nil || !ok {
			t.Fatalf("case %d: %v (proven %v)", c, err, ok)
		}
		best := -1
		start := make([]int, in.Jobs())
		var rec func(j int)
		rec = func(j int) {
			if j == in.Jobs()-1 {
				ms := 0
				for i := 1; i < j; i++ {
					ms = max(ms, start[i]+in.Duration[i])
				}
				start[j] = ms
				if (best < 0 || ms < best) && checkRCPSP(in, start) == nil {
					best = ms
				}
				return
			}
			for s := 0; s+in.Duration[j] <= ub; s++ {
				start[j] = s
				rec(j + 1)
			}
		}
		rec(1)
		if got != best {
			t.Fatalf("case %d: the model proves %d, enumeration finds %d (%+v)", c, got, best, in)
		}
	}
}
