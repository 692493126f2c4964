package psplib

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const dir = "../../testdata/external/rcpsp"

func TestReadJ301(t *testing.T) {
	in, err := ReadFile(filepath.Join(dir, "j30", "j301_1.sm"))
	if err != nil {
		if os.IsNotExist(errors.Unwrap(err)) {
			t.Skip(err)
		}
		t.Fatal(err)
	}
	if in.Jobs() != 32 || len(in.Capacity) != 4 || in.Horizon != 158 {
		t.Fatalf("jobs %d, resources %d, horizon %d; want 32, 4, 158", in.Jobs(), len(in.Capacity), in.Horizon)
	}
	sum := 0
	for _, d := range in.Duration {
		sum += d
	}
	if sum != in.Horizon {
		t.Errorf("sum of durations %d, horizon %d", sum, in.Horizon)
	}
	if got := in.Succ[0]; len(got) != 3 || got[0] != 1 || got[1] != 2 || got[2] != 3 {
		t.Errorf("successors of the source: %v, want [1 2 3]", got)
	}
	if in.Duration[1] != 8 || in.Demand[1][0] != 4 || in.Demand[2][0] != 10 {
		t.Errorf("job 2: duration %d R1 %d; job 3 R1 %d; want 8, 4, 10", in.Duration[1], in.Demand[1][0], in.Demand[2][0])
	}
	if len(in.Topo()) != 32 {
		t.Error("no topological order")
	}
	z, err := ReadZip(filepath.Join(dir, "j30.sm.zip"), "j301_1.sm")
	if err != nil {
		t.Fatal(err)
	}
	if z.Horizon != in.Horizon || len(z.Succ) != len(in.Succ) || z.Capacity[3] != in.Capacity[3] {
		t.Error("the zip member differs from the file")
	}
}

func TestReadOptima(t *testing.T) {
	f, err := os.Open(filepath.Join(dir, "j30opt.sm"))
	if err != nil {
		t.Skip(err)
	}
	defer f.Close()
	opt, err := ReadOptima(f, "j30opt.sm", "j30")
	if err != nil {
		t.Fatal(err)
	}
	if len(opt) != 480 || opt["j301_1"] != 43 || opt["j3048_10"] != 54 {
		t.Fatalf("%d rows, j301_1 = %d, j3048_10 = %d; want 480, 43, 54", len(opt), opt["j301_1"], opt["j3048_10"])
	}
}

const tiny = `jobs (incl. supersource/sink ):  3
horizon                       :  2
  - renewable                 :  1   R
  - nonrenewable              :  0   N
************************************************************************
PRECEDENCE RELATIONS:
jobnr.    #modes  #successors   successors
   1        1          1           2
   2        1          1           3
   3        1          0
************************************************************************
REQUESTS/DURATIONS:
jobnr. mode duration  R 1
------------------------------------------------------------------------
  1      1     0       0
  2      1     2       1
  3      1     0       0
************************************************************************
RESOURCEAVAILABILITIES:
  R 1
    1
************************************************************************
`

func TestReadErrors(t *testing.T) {
	if _, err := Read(strings.NewReader(tiny), "tiny.sm"); err != nil {
		t.Fatalf("the valid file: %v", err)
	}
	for _, c := range []struct{ name, old, new, want string }{
		{"no jobs line", "jobs (incl. supersource/sink ):  3", "", "tiny.sm: jobs: no line starting with"},
		{"bad count", ":  3\n", ":  x\n", `tiny.sm:1: jobs: "x" is not an integer`},
		{"multi-mode", "   2        1          1           3", "   2        2          1           3", "tiny.sm:9: precedence: job 2 has 2 modes"},
		{"successor out of range", "1           2\n   2", "1           9\n   2", "successor 9 of job 1 is out of range"},
		{"cycle", "   3        1          0", "   3        1          1           2", "precedence: the precedence relations have a cycle"},
		{"short request", "  2      1     2       1", "  2      1     2", "tiny.sm:16: requests: want jobnr, mode, duration and 1 requests"},
		{"over capacity", "  2      1     2       1", "  2      1     2       5", "job 2 requests 5 of R1, more than its capacity 1"},
		{"nonrenewable", "- nonrenewable              :  0", "- nonrenewable              :  2", "only renewable resources are supported"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Read(strings.NewReader(strings.Replace(tiny, c.old, c.new, 1)), "tiny.sm")
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %v, want it to contain %q", err, c.want)
			}
			var fe *FormatError
			if !errors.As(err, &fe) || fe.File != "tiny.sm" {
				t.Fatalf("error %T does not carry the file", err)
			}
		})
	}
}
