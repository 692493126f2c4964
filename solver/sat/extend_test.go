package sat_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/plancert/plancert/encode"
	"github.com/plancert/plancert/internal/randmodel"
	"github.com/plancert/plancert/solver"
	"github.com/plancert/plancert/solver/brute"
	"github.com/plancert/plancert/solver/sat"
)

// TestSessionTieBreaks is the property test of incremental tie-breaking
// (solver.Session over sat.Solver.Extend): on seeded random small models,
// a session certifies a sequence of models that keep the rules and change
// the objective levels as stated tie-breaks do — the first k levels, then
// all of them, then the first levels with one more drawn after them — and
// every certificate agrees with solver/brute's certificate of the same
// model on status, objective vector, uniqueness and the count of optima,
// while the session really extends (its later rounds make fewer solve
// calls than a fresh load would need, summed over the models).
func TestSessionTieBreaks(t *testing.T) {
	n := 300
	if long() {
		n = 2000
	}
	ctx := context.Background()
	extended := 0
	for seed := uint64(1); seed <= uint64(n); seed++ {
		rng := rand.New(rand.NewPCG(seed, 11))
		full := randmodel.New(rng)
		if len(full.Objectives) == 0 {
			continue
		}
		with := func(objs []encode.Objective) *encode.Model {
			m := *full
			m.Objectives = objs
			return &m
		}
		k := rng.IntN(len(full.Objectives))
		extra := full.Objectives[rng.IntN(len(full.Objectives))]
		extra.Sense = encode.Sense(1 - int(extra.Sense)) // the other sense: a new level
		seq := []*encode.Model{
			with(full.Objectives[:k:k]),
			with(full.Objectives),
			with(append(full.Objectives[:k:k], extra)),
		}
		session := solver.NewSession(sat.Backend{})
		for round, m := range seq {
			name := fmt.Sprintf("seed %d round %d (%d levels)", seed, round, len(m.Objectives))
			got, err := session.Certify(ctx, m, 4)
			if err != nil {
				t.Fatalf("%s: session: %v\n%s", name, err, dump(m))
			}
			want, err := solver.CertifyCounting(ctx, brute.Backend{}, m, 4)
			if err != nil {
				t.Fatalf("%s: brute: %v", name, err)
			}
			if got.Status != want.Status || !reflect.DeepEqual(got.Objective, want.Objective) {
				t.Fatalf("%s: session says %v %v, brute says %v %v\n%s", name, got.Status, got.Objective, want.Status, want.Objective, dump(m))
			}
			sameUniqueness(t, name, m, got, want)
			if got.Optima != want.Optima || got.OptimaComplete != want.OptimaComplete {
				t.Fatalf("%s: session counts %d optima (complete %v), brute %d (%v)", name, got.Optima, got.OptimaComplete, want.Optima, want.OptimaComplete)
			}
			if got.Status == solver.Infeasible {
				break
			}
			if round > 0 && got.Stats.Variables > 0 {
				extended++
			}
		}
	}
	if extended < n/4 {
		t.Errorf("only %d later rounds of %d models ran on an extended solver", extended, n)
	}
}

// TestExtendKeepsProvenLevels: after Extend, Optimize proves only the
// levels after the shared ones — the first solve already holds the shared
// optimum — and a model that changes a rule is refused.
func TestExtendKeepsProvenLevels(t *testing.T) {
	m := encode.NewModel()
	x, y := m.NewInt("x", 0, 9), m.NewInt("y", 0, 9)
	m.AddLinear([]encode.Term{{Var: x, Coef: 1}, {Var: y, Coef: 1}}, encode.GE, 7)
	m.Minimize(encode.Term{Var: x, Coef: 1}, encode.Term{Var: y, Coef: 1})
	s, err := sat.Backend{}.Load(m)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	r, err := s.Optimize(ctx)
	if err != nil || r.Status != solver.Optimal || r.Objective[0] != 7 {
		t.Fatalf("round 0: %v %v", r, err)
	}
	// A second level with no terms has nothing to descend: a fresh solver
	// makes a first solve and proves level 0 again (at least one UNSAT
	// solve of cost ≤ 6); the extended one makes the first solve alone.
	m2 := *m
	m2.Objectives = append(m.Objectives[:1:1], encode.Objective{Sense: encode.Minimize})
	if err := s.(*sat.Solver).Extend(&m2); err != nil {
		t.Fatal(err)
	}
	calls := s.Stats().SolveCalls
	r, err = s.Optimize(ctx)
	if err != nil || r.Status != solver.Optimal || !reflect.DeepEqual(r.Objective, []int64{7, 0}) {
		t.Fatalf("round 1: %v %v", r, err)
	}
	if got := s.Stats().SolveCalls - calls; got != 1 {
		t.Errorf("round 1 made %d solve calls, want 1: the kept level was proven again", got)
	}
	fresh, err := sat.Backend{}.Load(&m2)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := fresh.Optimize(ctx); err != nil || fresh.Stats().SolveCalls < 2 {
		t.Errorf("a fresh solver made %d solve calls (%v); the test no longer tells the two apart", fresh.Stats().SolveCalls, err)
	}
	m3 := m2
	m3.Constraints = nil
	if err := s.(*sat.Solver).Extend(&m3); err == nil {
		t.Error("Extend accepted a model without the constraints")
	}
}
