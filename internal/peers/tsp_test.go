package peers_test

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/plancert/plancert/internal/peers"
	"github.com/plancert/plancert/solver"
	"github.com/plancert/plancert/solver/sat"
)

const dataDir = "../../../shared/data"

// heldKarp returns the length of a shortest tour by dynamic programming
// over subsets (Held & Karp 1962), an oracle independent of any model.
func heldKarp(d [][]int64) int64 {
	n := len(d)
	const inf = int64(1) << 60
	full := 1 << (n - 1)
	best := make([][]int64, full) // best[S][j]: from city 0 through S ⊆ {1..n-1}, ending at j ∈ S
	for s := range best {
		best[s] = make([]int64, n)
		for j := range best[s] {
			best[s][j] = inf
		}
	}
	for j := 1; j < n; j++ {
		best[1<<(j-1)][j] = d[0][j]
	}
	for s := 1; s < full; s++ {
		for j := 1; j < n; j++ {
			if s&(1<<(j-1)) == 0 || best[s][j] == inf {
				continue
			}
			for k := 1; k < n; k++ {
				if s&(1<<(k-1)) != 0 {
					continue
				}
				t := s | 1<<(k-1)
				best[t][k] = min(best[t][k], best[s][j]+d[j][k])
			}
		}
	}
	out := inf
	for j := 1; j < n; j++ {
		out = min(out, best[full-1][j]+d[j][0])
	}
	return out
}

// TestBurma14: the GEO distances read from TSPLIB give the published
// optimum 3323 (shared/data/tsplib/optima.txt) by Held–Karp.
func TestBurma14(t *testing.T) {
	tsp, err := peers.ReadTSPLIB(dataDir + "/tsplib/burma14.tsp")
	if err != nil {
		t.Fatal(err)
	}
	if len(tsp.Dist) != 14 || tsp.Name != "burma14" {
		t.Fatalf("%s: %d cities", tsp.Name, len(tsp.Dist))
	}
	if got := heldKarp(tsp.Dist); got != 3323 {
		t.Errorf("burma14: Held–Karp %d, want 3323", got)
	}
}

func TestReadTSPLIBErrors(t *testing.T) {
	for file, want := range map[string]string{
		"gr17.tsp":    "section \"EDGE_WEIGHT_SECTION\" is not supported",
		"missing.tsp": "no such file",
	} {
		if _, err := peers.ReadTSPLIB(dataDir + "/tsplib/" + file); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", file, err, want)
		}
	}
}

// TestTSPModel: the circuit model's optimum is the Held–Karp optimum on
// seeded random instances.
func TestTSPModel(t *testing.T) {
	for _, n := range []int{4, 5, 6, 7} {
		d := peers.RandomTSP(n, rand.New(rand.NewPCG(uint64(n), 9)))
		a, err := peers.BackendPeer{Backend: sat.Backend{}}.Solve(context.Background(), peers.TSPModel(d))
		if err != nil || a.Status != solver.Optimal {
			t.Fatalf("%d cities: %v %v", n, a, err)
		}
		if want := heldKarp(d); a.Objective[0] != want {
			t.Errorf("%d cities: model optimum %d, Held–Karp %d", n, a.Objective[0], want)
		}
	}
}

// TestInstances: every family builds, with the sizes asked for.
func TestInstances(t *testing.T) {
	sz := peers.Sizes{JobShops: peers.DefaultSizes.JobShops, RandomTSPs: []int{5, 6}, RosterSeeds: []uint64{4}, AgendasPerTask: 1, Seed: 3}
	insts, err := peers.Instances(context.Background(), peers.Families, dataDir, sz)
	if err != nil {
		t.Fatal(err)
	}
	count := map[string]int{}
	for _, in := range insts {
		count[in.Family]++
		if err := in.Model.Validate(); err != nil {
			t.Errorf("%s %s: %v", in.Family, in.Name, err)
		}
	}
	want := map[string]int{peers.FamilyJobShop: 6, peers.FamilyTSP: 3, peers.FamilyRoster: 1, peers.FamilyAgenda: 9}
	for f, n := range want {
		if count[f] != n {
			t.Errorf("%s: %d instances, want %d", f, count[f], n)
		}
	}
	if _, err := peers.Instances(context.Background(), []string{"vrp"}, dataDir, sz); err == nil {
		t.Error("unknown family: no error")
	}
}
