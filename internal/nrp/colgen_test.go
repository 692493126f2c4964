package nrp

import (
	"context"
	"path/filepath"
	"testing"
)

// TestRebuildEqualityRange pins every staff count y[d][t] of Instance1
// to its value in the dive's roster (as a branch-and-price node reached
// by y ≤ k, then y ≥ k would): that roster keeps the pins, so the node's
// LP must be feasible (no artificial left in the basis) and at most its
// penalty. Two rows with their own
// right-hand-side perturbations once left an artificial in the basis
// (Instance9 with 112 such ranges: LP 601.6 for 405.6).
func TestRebuildEqualityRange(t *testing.T) {
	in, err := ReadFile(filepath.Join(dataDir, "Instance1.txt"))
	if err != nil {
		t.Fatal(err)
	}
	g, err := newCGState(in, 1000, 0)
	if err != nil {
		t.Fatal(err)
	}
	S := len(in.Staff)
	free, err := g.seed(in.Name)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	root, err := g.run(ctx, free, 2000, nil)
	if err != nil || !root.converged {
		t.Fatalf("root: %v (converged %v)", err, root != nil && root.converged)
	}
	pick, err := g.dive(ctx, 2000, nil)
	if err != nil || pick == nil {
		t.Fatalf("dive: %v", err)
	}
	ys := map[[2]int]int{}
	var penalty int64
	ro := make(Roster, S)
	for s, p := range pick {
		ro[s] = g.cols[p].row
		for d, u := range g.cols[p].row {
			if u != Off {
				ys[[2]int{d, u}]++
			}
		}
	}
	penalty = int64(Evaluate(in, ro).Penalty())
	ranges := map[[2]int][2]int{}
	for k := range g.coverRow {
		ranges[k] = [2]int{ys[k], ys[k]}
	}
	g.rebuild(nil, ranges)
	node, err := g.run(ctx, free, 2000, nil)
	if err != nil || !node.converged || node.infeasible {
		t.Fatalf("node: %v", err)
	}
	t.Logf("root LP %.4f; %d staff counts pinned to the dive's roster (penalty %d): LP %.4f", root.lp, len(ranges), penalty, node.lp)
	if node.lp > float64(penalty)+0.01 { // the perturbed right-hand sides move it by ~1e-3
		t.Errorf("LP %.4f above the penalty %d of a roster keeping the pins", node.lp, penalty)
	}
	for i, j := range g.lp.basis {
		if j < g.lp.m && g.lp.x[i] > 1e-9 {
			t.Errorf("artificial of row %d at %g in the basis", j, g.lp.x[i])
		}
	}
}
