package route_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/plancert/plancert/domains/route"
	"github.com/plancert/plancert/internal/routetest"
	"github.com/plancert/plancert/solver"
	"github.com/plancert/plancert/solver/sat"
)

// randomFleet draws a tiny VRPTW on a 10 × 10 grid with Manhattan travel
// times, tight enough that some draws are infeasible and some have ties.
func randomFleet(n, k int, r *rand.Rand) *route.Fleet {
	xs, ys := make([]int64, n+1), make([]int64, n+1)
	for i := range xs {
		xs[i], ys[i] = r.Int64N(10), r.Int64N(10)
	}
	f := &route.Fleet{Capacity: 4 + r.Int64N(5), Vehicles: k}
	horizon := int64(40 + r.IntN(40))
	for i := 0; i <= n; i++ {
		row := make([]int64, n+1)
		for j := range row {
			row[j] = abs(xs[i]-xs[j]) + abs(ys[i]-ys[j])
		}
		f.Travel = append(f.Travel, row)
		if i == 0 {
			f.Demand, f.Ready, f.Due, f.Service = append(f.Demand, 0), append(f.Ready, 0), append(f.Due, horizon), append(f.Service, 0)
			continue
		}
		ready := r.Int64N(horizon / 2)
		f.Demand = append(f.Demand, 1+r.Int64N(3))
		f.Ready = append(f.Ready, ready)
		f.Due = append(f.Due, ready+5+r.Int64N(25))
		f.Service = append(f.Service, r.Int64N(3))
	}
	if r.IntN(2) == 0 {
		f.MaxDrive = 10 + r.Int64N(25) // driver hours on half the draws
	}
	if r.IntN(3) == 0 { // a closed road on a third of the draws
		i := r.IntN(n + 1)
		j := (i + 1 + r.IntN(n)) % (n + 1)
		f.Closed = [][2]int{{i, j}}
	}
	if r.IntN(3) == 0 { // a visit-order precedence on a third
		a := 1 + r.IntN(n)
		b := 1 + (a+r.IntN(n-1))%n
		f.Before = [][2]int{{a, b}}
	}
	if r.IntN(3) == 0 { // balanced routes on a third
		f.Balance = 1 + r.Int64N(15)
	}
	switch r.IntN(6) { // the optional rules off on a third of the draws
	case 0:
		f.Ready, f.Due, f.Service = nil, nil, nil
	case 1:
		f.Capacity = 0
	}
	return f
}

func abs(x int64) int64 { return max(x, -x) }

// brutePlans enumerates every plan (a set of at most Vehicles non-empty
// routes covering the customers, routes ordered by first customer) and
// returns the optimum and the optimal plans (as strings), or ok=false when
// none is feasible. Evaluate is the oracle.
func brutePlans(f *route.Fleet) (best int64, plans []string, ok bool) {
	for _, routes := range routetest.AllPlans(f.Customers(), f.Vehicles) {
		key := fmt.Sprint(routes)
		cost, err := f.Evaluate(routes)
		switch {
		case err != nil:
		case !ok || cost < best:
			best, plans, ok = cost, []string{key}, true
		case cost == best:
			plans = append(plans, key)
		}
	}
	return best, plans, ok
}

// TestFleetAgainstBrute: on seeded tiny VRPTW instances (2–5 customers,
// 1–3 vehicles, driver hours on about half, a closed road, a visit-order precedence and balanced routes each on a
// third) the SAT certificate and full enumeration agree on status,
// optimum and uniqueness, and the optimal plans the solver enumerates are
// exactly the brute-force optimal plans (one per set of routes: the
// vehicle-order rule keeps one representative).
func TestFleetAgainstBrute(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 21))
	reps := 6
	if testing.Short() {
		reps = 3
	}
	var infeasible, unique, several, binding, balancing int
	for n := 2; n <= 5; n++ {
		for k := 1; k <= 3; k++ {
			for rep := range reps {
				f := randomFleet(n, k, r)
				name := fmt.Sprintf("n=%d k=%d #%d", n, k, rep)
				best, plans, ok := brutePlans(f)
				if f.MaxDrive > 0 {
					loose := *f
					loose.MaxDrive = 0
					if b2, p2, ok2 := brutePlans(&loose); ok2 != ok || b2 != best || len(p2) != len(plans) {
						binding++ // the driver-hours rule changes the answer
					}
				}
				if f.Balance > 0 {
					loose := *f
					loose.Balance = 0
					if b2, p2, ok2 := brutePlans(&loose); ok2 != ok || b2 != best || len(p2) != len(plans) {
						balancing++ // the balance rule changes the answer
					}
				}
				fm, err := route.NewFleetModel(f)
				if err != nil {
					t.Fatal(err)
				}
				c, err := solver.Certify(context.Background(), sat.Backend{}, fm.Model)
				if err != nil {
					t.Fatal(err)
				}
				if !ok {
					infeasible++
					if c.Status != solver.Infeasible {
						t.Fatalf("%s: brute force finds no plan, SAT says %v %v", name, c.Status, c.Objective)
					}
					continue
				}
				if c.Status != solver.Optimal || c.Objective[0] != best || c.Unique == nil || *c.Unique != (len(plans) == 1) {
					t.Fatalf("%s: SAT %v %v unique=%v; brute optimum %d with %d plans %v", name, c.Status, c.Objective, c.Unique, best, len(plans), plans)
				}
				routes, err := fm.Routes(c.Solution)
				if err != nil {
					t.Fatal(err)
				}
				if cost, err := f.Evaluate(routes); err != nil || cost != best {
					t.Fatalf("%s: decoded %v: %d, %v", name, routes, cost, err)
				}
				if len(plans) == 1 {
					unique++
				} else {
					several++
				}
				s, err := sat.Backend{}.Load(fm.Model)
				if err != nil {
					t.Fatal(err)
				}
				e, err := s.Enumerate(context.Background(), len(plans)+1)
				if err != nil || !e.Complete {
					t.Fatalf("%s: enumerate: %v complete=%v", name, err, e != nil && e.Complete)
				}
				var got []string
				for _, a := range e.Solutions {
					rs, err := fm.Routes(a)
					if err != nil {
						t.Fatal(err)
					}
					got = append(got, fmt.Sprint(rs))
				}
				slices.Sort(got)
				slices.Sort(plans)
				if !slices.Equal(got, plans) {
					t.Fatalf("%s: SAT's optimal plans %v, brute force %v", name, got, plans)
				}
			}
		}
	}
	t.Logf("%d infeasible, %d unique, %d with several optimal plans; driver hours bind in %d", infeasible, unique, several, binding)
	if binding < 3 || balancing < 3 {
		t.Errorf("driver hours change the answer in %d draws, balance in %d: want 3 each", binding, balancing)
	}
	t.Logf("balanced routes change the answer in %d draws", balancing)
	if infeasible < 3 || unique < 3 || several < 3 {
		t.Errorf("%d infeasible, %d unique, %d several: each outcome needs testing", infeasible, unique, several)
	}
}

// BenchmarkCertifyFleet certifies seeded random VRPTW instances of 5
// customers and 2 vehicles (status, optimum, uniqueness or minimal
// conflict).
func BenchmarkCertifyFleet(b *testing.B) {
	r := rand.New(rand.NewPCG(5, 2))
	fs := make([]*route.Fleet, 16)
	for i := range fs {
		fs[i] = randomFleet(5, 2, r)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		fm, err := route.NewFleetModel(fs[i%len(fs)])
		if err != nil {
			b.Fatal(err)
		}
		if _, err := solver.Certify(context.Background(), sat.Backend{}, fm.Model); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "certified/s")
}

// TestEvaluate: each broken rule is reported by name, on a hand-made
// instance: depot and three customers on a line, 10 minutes apart.
func TestEvaluate(t *testing.T) {
	f := &route.Fleet{
		Travel: [][]int64{
			{0, 10, 20, 30},
			{10, 0, 10, 20},
			{20, 10, 0, 10},
			{30, 20, 10, 0},
		},
		Demand:   []int64{0, 2, 2, 2},
		Ready:    []int64{0, 0, 15, 0},
		Due:      []int64{100, 50, 50, 35},
		Service:  []int64{0, 5, 5, 5},
		Capacity: 6,
		Vehicles: 2,
		MaxDrive: 60,
	}
	for _, tc := range []struct {
		routes [][]int
		cost   int64
		want   string
	}{
		{[][]int{{1, 3, 2}}, 60, ""},    // 1 at 10, 3 at 35 (due 35), 2 at 50 (due 50), back at 75
		{[][]int{{1, 2}, {3}}, 100, ""}, // 1 at 10, 2 at 25, back at 50; 3 at 30, back at 65
		{[][]int{{1, 2, 3}}, 0, "route: time windows: route 1 reaches customer 3 at 40, after its due time 35"},
		{[][]int{{3, 2, 1}}, 0, "route: time windows: route 1 reaches customer 1 at 60, after its due time 50"},
		{[][]int{{1}, {2}, {3}}, 0, "route: 3 routes for 2 vehicles"},
		{[][]int{{1, 2}}, 0, "route: customer 3 is not visited"},
		{[][]int{{1, 2, 2}}, 0, "route: route 1: customer 2 is unknown or visited twice"},
		{[][]int{{1, 4}}, 0, "route: route 1: customer 4 is unknown or visited twice"},
		{[][]int{{}, {1, 2, 3}}, 0, "route: route 1 is empty"},
	} {
		cost, err := f.Evaluate(tc.routes)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tc.want || (err == nil && cost != tc.cost) {
			t.Errorf("%v: cost %d, error %q; want %d, %q", tc.routes, cost, got, tc.cost, tc.want)
		}
	}
	for _, tc := range []struct {
		edit func(*route.Fleet)
		want string
	}{
		{func(f *route.Fleet) { f.Capacity = 5 }, "route: capacity: route 1 carries 6, more than 5"},
		{func(f *route.Fleet) { f.MaxDrive = 50 }, "route: driver hours: route 1 drives 60, more than 50"},
		{func(f *route.Fleet) { f.Due[0] = 60 }, "route: time windows: route 1 is back at the depot at 75, after 60"},
	} {
		g := *f
		g.Due = slices.Clone(f.Due)
		tc.edit(&g)
		if _, err := g.Evaluate([][]int{{1, 3, 2}}); err == nil || err.Error() != tc.want {
			t.Errorf("got %v, want %q", err, tc.want)
		}
	}
}
