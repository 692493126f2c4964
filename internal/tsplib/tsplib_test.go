package tsplib_test

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/plancert/plancert/internal/heldkarp"
	"github.com/plancert/plancert/internal/tsplib"
)

const dir = "../../testdata/external/tsplib"

// optima reads optima.txt: name → published optimal tour length.
func optima(t *testing.T) map[string]int64 {
	t.Helper()
	f, err := os.Open(filepath.Join(dir, "optima.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string]int64{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		if len(fs) < 4 || strings.HasPrefix(fs[0], "#") {
			continue
		}
		var v int64 // the first integer after the type: the optimum
		for _, x := range fs[3:] {
			if u, err := strconv.ParseInt(x, 10, 64); err == nil {
				v = u
				break
			}
		}
		if v == 0 {
			t.Fatalf("optima.txt: %q", sc.Text())
		}
		out[fs[0]] = v
	}
	if len(out) != 17 {
		t.Fatalf("optima.txt: %d instances, want 17", len(out))
	}
	return out
}

// TestPublishedTours: every instance reads, is symmetric with the size
// its name says, and each published optimal tour has the published length
// under our distances (this checks every distance rule in use: EUC_2D,
// ATT, GEO and the three EXPLICIT formats).
func TestPublishedTours(t *testing.T) {
	opt := optima(t)
	tours := 0
	for name, want := range opt {
		in, err := tsplib.Read(filepath.Join(dir, name+".tsp"))
		if err != nil {
			t.Fatal(err)
		}
		n := strings.TrimLeft(name, "abcdefghijklmnopqrstuvwxyz")
		if strconv.Itoa(len(in.Dist)) != n || in.Name != name || !heldkarp.Symmetric(in.Dist) {
			t.Errorf("%s: %d cities, name %q, symmetric %v", name, len(in.Dist), in.Name, heldkarp.Symmetric(in.Dist))
		}
		tour, err := tsplib.ReadTour(filepath.Join(dir, "tours", name+".opt.tour"))
		if os.IsNotExist(unwrap(err)) {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		tours++
		if got := heldkarp.Length(in.Dist, tour); got != want {
			t.Errorf("%s: published tour has length %d, want %d", name, got, want)
		}
	}
	if tours != 11 {
		t.Errorf("%d tour files scored, want 11", tours)
	}
}

func unwrap(err error) error {
	for err != nil {
		u, ok := err.(interface{ Unwrap() error })
		if !ok {
			return err
		}
		err = u.Unwrap()
	}
	return nil
}

// TestHeldKarp: the instances up to 17 cities have their published optima
// by Held–Karp over our distances (burma14 and gr17 have no tour file).
func TestHeldKarp(t *testing.T) {
	opt := optima(t)
	for _, name := range []string{"burma14", "ulysses16", "gr17"} {
		in, err := tsplib.Read(filepath.Join(dir, name+".tsp"))
		if err != nil {
			t.Fatal(err)
		}
		r, err := heldkarp.Solve(in.Dist)
		if err != nil {
			t.Fatal(err)
		}
		if r.Length != opt[name] {
			t.Errorf("%s: Held–Karp %d, published %d", name, r.Length, opt[name])
		}
		t.Logf("%s: optimum %d, %d optimal tour(s)", name, r.Length, r.Count)
	}
}

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"TYPE: ATSP\nDIMENSION: 2\n", `tsplib: f: TYPE "ATSP" is not TSP`},
		{"TYPE: TSP\n", `tsplib: f: DIMENSION is missing`},
		{"TYPE: TSP\nDIMENSION: x\n", `tsplib: f: DIMENSION "x" is not a positive integer`},
		{"TYPE: TSP\nDIMENSION: 2\nEDGE_WEIGHT_TYPE: EUC_2D\nNODE_COORD_SECTION\n1 0 0\n", `tsplib: f: NODE_COORD_SECTION has 3 numbers, want 3 per node (id x y) for DIMENSION 2`},
		{"TYPE: TSP\nDIMENSION: 2\nEDGE_WEIGHT_TYPE: EUC_2D\nNODE_COORD_SECTION\n1 0 0\n2 0 z\n", `tsplib: f:6: NODE_COORD_SECTION: "z" is not a number`},
		{"TYPE: TSP\nDIMENSION: 2\nEDGE_WEIGHT_TYPE: EUC_2D\nNODE_COORD_SECTION\n2 0 0\n1 0 1\n", `tsplib: f:5: NODE_COORD_SECTION: node 2 where node 1 was due`},
		{"TYPE: TSP\nDIMENSION: 2\nEDGE_WEIGHT_TYPE: MAN_3D\nNODE_COORD_SECTION\n1 0 0\n2 0 1\n", `tsplib: f: EDGE_WEIGHT_TYPE "MAN_3D" is not supported (EUC_2D, CEIL_2D, ATT, GEO, EXPLICIT)`},
		{"TYPE: TSP\nDIMENSION: 2\nEDGE_WEIGHT_TYPE: EXPLICIT\nEDGE_WEIGHT_FORMAT: UPPER_ROW\nEDGE_WEIGHT_SECTION\n1 2\n", `tsplib: f: EDGE_WEIGHT_SECTION has 2 numbers, UPPER_ROW of DIMENSION 2 needs 1`},
		{"TYPE: TSP\nDIMENSION: 2\nEDGE_WEIGHT_TYPE: EXPLICIT\nEDGE_WEIGHT_FORMAT: FULL_MATRIX\nEDGE_WEIGHT_SECTION\n0 1\n2 0\n", `tsplib: f:7: EDGE_WEIGHT_SECTION: d(2,1) = 2 but d(1,2) = 1; only symmetric instances are supported`},
		{"TYPE: TSP\nDIMENSION: 2\nEDGE_WEIGHT_TYPE: EXPLICIT\nEDGE_WEIGHT_FORMAT: FUNCTION\nEDGE_WEIGHT_SECTION\n1\n", `tsplib: f: EDGE_WEIGHT_FORMAT "FUNCTION" is not supported (FULL_MATRIX, UPPER_ROW, UPPER_DIAG_ROW, LOWER_ROW, LOWER_DIAG_ROW)`},
		{"TYPE: TSP\nDIMENSION: 2\nEDGE_WEIGHT_TYPE: EXPLICIT\nEDGE_WEIGHT_FORMAT: LOWER_ROW\nEDGE_WEIGHT_SECTION\n-3\n", `tsplib: f:6: EDGE_WEIGHT_SECTION: "-3" is not a non-negative integer`},
		{"TYPE: TSP\nstray text\n", `tsplib: f:2: "stray text" is neither a "KEY : value" line nor a known section`},
	} {
		if _, err := tsplib.Parse(strings.NewReader(tc.text), "f"); err == nil || err.Error() != tc.want {
			t.Errorf("%q:\n got %v\nwant %s", tc.text, err, tc.want)
		}
	}
}

// TestExplicitFormats: the five EXPLICIT formats of one 3-city matrix read
// to the same distances.
func TestExplicitFormats(t *testing.T) {
	want := [][]int64{{0, 1, 2}, {1, 0, 3}, {2, 3, 0}}
	for format, body := range map[string]string{
		"FULL_MATRIX":    "0 1 2 1 0 3 2 3 0",
		"UPPER_ROW":      "1 2\n3",
		"UPPER_DIAG_ROW": "0 1 2 0 3 0",
		"LOWER_ROW":      "1\n2 3",
		"LOWER_DIAG_ROW": "0\n1 0\n2 3 0",
	} {
		d, err := tsplib.Parse(strings.NewReader("TYPE : TSP\nDIMENSION : 3\nEDGE_WEIGHT_TYPE : EXPLICIT\nEDGE_WEIGHT_FORMAT : "+format+"\nEDGE_WEIGHT_SECTION\n"+body+"\nEOF\n"), format)
		if err != nil {
			t.Fatal(err)
		}
		for i := range want {
			for j := range want {
				if d[i][j] != want[i][j] {
					t.Fatalf("%s: %v, want %v", format, d, want)
				}
			}
		}
	}
}

func TestReadVRPTWErrors(t *testing.T) {
	good := "TYPE : CVRPTW\nDIMENSION : 2\nVEHICLES : 1\nCAPACITY : 10\nSERVICE_TIME : 5\nSCALE : 10\nEDGE_WEIGHT_TYPE : FLOOR_2D\n" +
		"NODE_COORD_SECTION\n1 0 0\n2 3 4\nDEMAND_SECTION\n1 0\n2 4\nTIME_WINDOW_SECTION\n1 0 100\n2 10 20\nDEPOT_SECTION\n1\n-1\nEOF\n"
	write := func(text string) string {
		p := filepath.Join(t.TempDir(), "x.vrptw")
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	v, err := tsplib.ReadVRPTW(write(good))
	if err != nil {
		t.Fatal(err)
	}
	if v.Name != "x" || v.Travel[0][1] != 50 || v.Due[1] != 200 || v.Service[1] != 50 || v.Service[0] != 0 || v.Demand[1] != 4 {
		t.Errorf("read %+v", v)
	}
	for _, tc := range []struct{ old, new, want string }{
		{"CVRPTW", "TSP", `TYPE "TSP" is not CVRPTW`},
		{"FLOOR_2D", "EUC_2D", `EDGE_WEIGHT_TYPE "EUC_2D" is not FLOOR_2D`},
		{"VEHICLES : 1", "VEHICLES : x", `VEHICLES "x" is not a non-negative integer`},
		{"2 4\n", "2\n", `DEMAND_SECTION has 3 numbers, want 2 per node for DIMENSION 2`},
		{"DEPOT_SECTION\n1", "DEPOT_SECTION\n2", `DEPOT_SECTION must name node 1 as the depot`},
	} {
		_, err := tsplib.ReadVRPTW(write(strings.Replace(good, tc.old, tc.new, 1)))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q→%q: %v, want %q", tc.old, tc.new, err, tc.want)
		}
	}
}
