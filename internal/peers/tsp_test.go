package peers_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/internal/heldkarp"
	"github.com/plancert/plancert/internal/peers"
	"github.com/plancert/plancert/solver"
	"github.com/plancert/plancert/solver/sat"
)

const dataDir = "../../testdata/external"

// TestTSPModel: the circuit model's optimum is the Held–Karp optimum on
// seeded random instances.
func TestTSPModel(t *testing.T) {
	for _, n := range []int{4, 5, 6, 7} {
		d := peers.RandomTSP(n, rand.New(rand.NewPCG(uint64(n), 9)))
		a, err := peers.BackendPeer{Backend: sat.Backend{}}.Solve(context.Background(), peers.TSPModel(d))
		if err != nil || a.Status != solver.Optimal {
			t.Fatalf("%d cities: %v %v", n, a, err)
		}
		if want, err := heldkarp.Solve(d); err != nil || a.Objective[0] != want.Length {
			t.Errorf("%d cities: model optimum %d, Held–Karp %v %v", n, a.Objective[0], want, err)
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
	// The counts follow from the sizes and the registry: one TSPLIB tour
	// beside the random ones, two rostering files, a synthetic roster per
	// seed, and AgendasPerTask agendas per Scheduling task.
	scheduling := 0
	for _, tk := range domains.Tasks() {
		if tk.Family == domains.Scheduling {
			scheduling++
		}
	}
	if scheduling == 0 {
		t.Fatal("no Scheduling task is registered")
	}
	want := map[string]int{peers.FamilyJobShop: len(sz.JobShops), peers.FamilyTSP: 1 + len(sz.RandomTSPs), peers.FamilyRoster: 2,
		peers.FamilySynthRoster: len(sz.RosterSeeds), peers.FamilyAgenda: scheduling * sz.AgendasPerTask}
	for f, n := range want {
		if count[f] != n {
			t.Errorf("%s: %d instances, want %d", f, count[f], n)
		}
	}
	if _, err := peers.Instances(context.Background(), []string{"vrp"}, dataDir, sz); err == nil {
		t.Error("unknown family: no error")
	}
}
