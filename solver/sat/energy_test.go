package sat_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/plancert/plancert/encode"
	"github.com/plancert/plancert/internal/jobshop"
	"github.com/plancert/plancert/solver"
	"github.com/plancert/plancert/solver/sat"
)

// energyModel is a seeded one-machine model: 3–5 intervals (one in four
// optional) with start domains of different heads and tails, so that the
// energy clauses of the no-overlap (encode's energy) have subsets to act
// on, minimizing a weighted sum of the starts (optima are often many, and
// enumeration compares the sets).
func energyModel(r *rand.Rand) *encode.Model {
	m := encode.NewModel()
	n := 3 + r.IntN(3)
	var ivs []encode.Interval
	var starts []encode.Term
	for i := range n {
		lo := int64(r.IntN(3))
		hi := lo + int64(r.IntN(6))
		d := int64(1 + r.IntN(3))
		s := m.NewInt(fmt.Sprintf("s%d", i), lo, hi)
		iv := encode.Interval{Start: s, Duration: d}
		if r.IntN(4) == 0 {
			p := m.NewBool(fmt.Sprintf("p%d", i)).Lit()
			iv.Present = &p
		}
		ivs = append(ivs, iv)
		starts = append(starts, encode.Term{Var: s, Coef: int64(1 + r.IntN(3))})
	}
	m.AddNoOverlap(ivs...).Named("machine")
	m.Minimize(starts...)
	return m
}

// TestNoOverlapEnergyAgreesWithBrute: with the redundant energy clauses,
// solver/sat and solver/brute still agree on status, optimum and the set
// of optimal answers of seeded one-machine models, which is what would
// break if a clause cut off a schedule (a wrong threshold, an optional
// interval counted as mandatory).
func TestNoOverlapEnergyAgreesWithBrute(t *testing.T) {
	statuses := map[solver.Status]int{}
	for seed := uint64(1); seed <= 300; seed++ {
		m := energyModel(rand.New(rand.NewPCG(seed, 11)))
		name := fmt.Sprintf("seed %d", seed)
		got, want := certifyBoth(t, name, m)
		statuses[want.Status]++
		if got.Status == solver.Optimal {
			sameOptimalAnswers(t, name, m)
		}
	}
	if statuses[solver.Optimal] < 100 || statuses[solver.Infeasible] < 20 {
		t.Errorf("the generator no longer mixes outcomes: %v", statuses)
	}
	t.Logf("%v", statuses)
}

// TestEnergyRefutesBelowMachineBound: la05's optimum 593 equals its
// one-machine bound (head + load + tail of a machine), so the bound 592 is
// refuted by unit propagation: no conflict is needed once the clauses are
// there (before them the refutation took about 5,000 conflicts).
func TestEnergyRefutesBelowMachineBound(t *testing.T) {
	in, err := jobshop.ReadFile(jobshopDir + "instances/la05")
	if err != nil {
		t.Fatal(err)
	}
	m := in.Model()
	for v := range m.Vars {
		if m.Name(encode.Var(v)) == "makespan" {
			m.AddLinear([]encode.Term{{Var: encode.Var(v), Coef: 1}}, encode.LE, 592).Named("bound")
		}
	}
	s, err := sat.Backend{}.Load(m)
	if err != nil {
		t.Fatal(err)
	}
	c, err := s.Optimize(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if c.Status != solver.Infeasible {
		t.Fatalf("makespan ≤ 592: %v, want infeasible", c.Status)
	}
	if st := s.Stats(); st.Conflicts > 0 {
		t.Errorf("makespan ≤ 592 took %d conflicts, want 0 (refuted by propagation)", st.Conflicts)
	}
}
