package sat_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/plancert/plancert/internal/jobshop"
	"github.com/plancert/plancert/solver"
	"github.com/plancert/plancert/solver/sat"
)

const jobshopDir = "../../testdata/external/jobshop/"

// TestJobShopKnownOptima proves published optima of OR-Library instances
// through the modeling API: ft06 always, la01–la05 with -long. The optimal
// value comes from testdata/external/jobshop/optima.txt, and the schedule is
// re-checked on the instance itself, outside the model.
func TestJobShopKnownOptima(t *testing.T) {
	optima, err := jobshop.Optima(jobshopDir + "optima.txt")
	if err != nil {
		t.Fatal(err)
	}
	names := []string{"ft06"}
	if long() {
		names = append(names, "la01", "la02", "la03", "la04", "la05")
	}
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			in, err := jobshop.ReadFile(jobshopDir + "instances/" + name)
			if err != nil {
				t.Fatal(err)
			}
			m := in.Model()
			c, err := solver.Certify(context.Background(), sat.Backend{}, m)
			if err != nil {
				t.Fatal(err)
			}
			want, ok := optima[name]
			if !ok {
				t.Fatalf("%s not in optima.txt", name)
			}
			if c.Status != solver.Optimal || c.Objective[0] != want {
				t.Fatalf("got %v %v, want optimal %d", c.Status, c.Objective, want)
			}
			if !c.Proven(m) {
				t.Fatal("certificate not proven")
			}
			starts := make([][]int64, len(in.Jobs))
			for j := range in.Jobs {
				for o := range in.Jobs[j] {
					v, _ := m.Lookup(fmt.Sprintf("s_%d_%d", j, o))
					starts[j] = append(starts[j], c.Solution[v])
				}
			}
			mk, err := in.Makespan(starts)
			if err != nil || mk != want {
				t.Fatalf("schedule re-check: makespan %d, err %v", mk, err)
			}
			if *c.Unique {
				t.Errorf("%s: start times with slack reported unique", name)
			}
			t.Logf("%s = %d proven; %d solve calls, %d conflicts, %d vars, %d clauses, %v",
				name, want, c.Stats.SolveCalls, c.Stats.Conflicts, c.Stats.Variables, c.Stats.Clauses, c.Stats.Wall)
		})
	}
}

// TestJobShopRejectsBadSchedules: the independent schedule check catches
// each kind of mistake.
func TestJobShopRejectsBadSchedules(t *testing.T) {
	in, err := jobshop.ReadFile(jobshopDir + "instances/ft06")
	if err != nil {
		t.Fatal(err)
	}
	// A trivially valid schedule: jobs one after another.
	var starts [][]int64
	var clock int64
	for _, job := range in.Jobs {
		var js []int64
		for _, op := range job {
			js = append(js, clock)
			clock += op.Duration
		}
		starts = append(starts, js)
	}
	if mk, err := in.Makespan(starts); err != nil || mk != clock {
		t.Fatalf("serial schedule: %d %v", mk, err)
	}
	starts[0][1] = starts[0][0] // op 1 of job 0 before op 0 ends
	if _, err := in.Makespan(starts); err == nil {
		t.Error("precedence violation not caught")
	}
	tiny := &jobshop.Instance{Machines: 1, Jobs: [][]jobshop.Op{{{Machine: 0, Duration: 3}}, {{Machine: 0, Duration: 2}}}}
	if _, err := tiny.Makespan([][]int64{{0}, {2}}); err == nil || !strings.Contains(err.Error(), "overlaps") {
		t.Errorf("machine overlap not caught: %v", err)
	}
	if mk, err := tiny.Makespan([][]int64{{0}, {3}}); err != nil || mk != 5 {
		t.Errorf("touching intervals: %d %v", mk, err)
	}
}
