package route_test

import (
	"bufio"
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/plancert/plancert/domains/route"
	"github.com/plancert/plancert/internal/tsplib"
	"github.com/plancert/plancert/solver"
	"github.com/plancert/plancert/solver/sat"
)

const vrptwDir = "../../testdata/external/vrptw"

type solomon struct {
	file string // e.g. C101.25.3
	opt  int64  // ×10, as in optima.txt
}

func solomonOptima(t testing.TB) []solomon {
	f, err := os.Open(filepath.Join(vrptwDir, "optima.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []solomon
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		if len(fs) < 2 || strings.HasPrefix(fs[0], "#") {
			continue
		}
		v, err := strconv.ParseInt(fs[1], 10, 64)
		if err != nil {
			t.Fatalf("optima.txt: %q", sc.Text())
		}
		out = append(out, solomon{fs[0], v})
	}
	if len(out) != 10 {
		t.Fatalf("optima.txt: %d instances, want 10", len(out))
	}
	return out
}

func readSolomon(t testing.TB, name string) *route.Fleet {
	v, err := tsplib.ReadVRPTW(filepath.Join(vrptwDir, "solomon_25", name+".vrptw"))
	if err != nil {
		t.Fatal(err)
	}
	f := route.FleetFromVRPTW(v)
	if err := f.Validate(); err != nil {
		t.Fatal(err)
	}
	return f
}

// TestSolomonPublishedTours: LKH-3's tour for each Solomon 25-customer
// instance keeps capacity and time windows under our reading of the files
// and costs exactly the published optimum.
func TestSolomonPublishedTours(t *testing.T) {
	for _, s := range solomonOptima(t) {
		f := readSolomon(t, s.file)
		tour, err := tsplib.ReadTour(filepath.Join(vrptwDir, "tours", s.file+"."+strconv.FormatInt(s.opt, 10)+".tour"))
		if err != nil {
			t.Fatal(err)
		}
		// Nodes ≥ 26 (0-based 26…) are extra depot copies; 0 is the depot.
		var routes [][]int
		var cur []int
		for _, u := range append(tour, 0) {
			if u == 0 || u > f.Customers() {
				if len(cur) > 0 {
					routes = append(routes, cur)
				}
				cur = nil
				continue
			}
			cur = append(cur, u)
		}
		cost, err := f.Evaluate(routes)
		if err != nil || cost != s.opt {
			t.Errorf("%s: published tour: cost %d, %v; want %d", s.file, cost, err, s.opt)
		}
	}
}

// TestSolomonProve tries to certify each Solomon 25-customer instance
// (at most VEHICLES vehicles, total travel time) within a time limit per
// instance, PLANCERT_SOLOMON_LIMIT (default 60s), and reports which are
// proven. Any proven optimum must be the published one. PLANCERT_LONG=1
// only.
func TestSolomonProve(t *testing.T) {
	if os.Getenv("PLANCERT_LONG") == "" {
		t.Skip("minutes of solving: set PLANCERT_LONG=1")
	}
	limit := time.Minute
	if s := os.Getenv("PLANCERT_SOLOMON_LIMIT"); s != "" {
		d, err := time.ParseDuration(s)
		if err != nil {
			t.Fatal(err)
		}
		limit = d
	}
	for _, s := range solomonOptima(t) {
		f := readSolomon(t, s.file)
		fm, err := route.NewFleetModel(f)
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), limit)
		start := time.Now()
		c, err := solver.Certify(ctx, sat.Backend{}, fm.Model)
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case c.Status == solver.Optimal && c.Objective[0] != s.opt:
			t.Errorf("%s: proven optimum %d, published %d", s.file, c.Objective[0], s.opt)
		case c.Status == solver.Optimal:
			t.Logf("%s: optimum %d proven in %v, unique=%v", s.file, c.Objective[0], time.Since(start).Round(time.Millisecond), c.Unique != nil && *c.Unique)
		default:
			t.Logf("%s: not proven in %v (status %v, best %v; published %d)", s.file, limit, c.Status, c.Objective, s.opt)
		}
	}
}
