package drup_test

import (
	"bytes"
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/plancert/plancert/encode"
	"github.com/plancert/plancert/internal/jobshop"
	"github.com/plancert/plancert/internal/randmodel"
	"github.com/plancert/plancert/solver"
	"github.com/plancert/plancert/solver/brute"
	"github.com/plancert/plancert/solver/drup"
	"github.com/plancert/plancert/solver/sat"
)

const jobshopDir = "../../testdata/external/jobshop/"

// refutation writes the refutation CNF of m and optimum as DIMACS and
// reads it back, as "plancert audit --proof" does.
func refutation(t testing.TB, m *encode.Model, optimum []int64) (*drup.CNF, *encode.Encoding) {
	t.Helper()
	f, enc, err := encode.Refutation(m, optimum, "test")
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := f.WriteDIMACS(&buf); err != nil {
		t.Fatal(err)
	}
	cnf, err := drup.ReadCNF(&buf, "test.cnf")
	if err != nil {
		t.Fatal(err)
	}
	return cnf, enc
}

// proveAndCheck solves the refutation of optimum (nil: of feasibility),
// which must be unsatisfiable, and checks the proof.
func proveAndCheck(t testing.TB, m *encode.Model, optimum []int64) (*drup.Result, *drup.CheckStats, int) {
	t.Helper()
	cnf, enc := refutation(t, m, optimum)
	var proof bytes.Buffer
	r, err := drup.Solve(context.Background(), cnf, &proof)
	if err != nil {
		t.Fatal(err)
	}
	if r.Sat {
		a := enc.Decode(func(l int32) bool { return l > 0 == r.Model[max(l, -l)] })
		t.Fatalf("refutation of %v is satisfiable: %v with objective %v (Check: %v)", optimum, a, m.ObjectiveValues(a), m.Check(a))
	}
	st, err := drup.Check(context.Background(), cnf, bytes.NewReader(proof.Bytes()), "proof")
	if err != nil {
		t.Fatal(err)
	}
	return r, st, proof.Len()
}

// expectBetter: the refutation of a claim that is not optimal is
// satisfiable, and its model decodes to a solution of m that passes Check
// and beats the claim.
func expectBetter(t testing.TB, m *encode.Model, claim []int64) {
	t.Helper()
	cnf, enc := refutation(t, m, claim)
	r, err := drup.Solve(context.Background(), cnf, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !r.Sat {
		t.Fatalf("refutation of the non-optimal claim %v is unsatisfiable", claim)
	}
	a := enc.Decode(func(l int32) bool { return l > 0 == r.Model[max(l, -l)] })
	if err := m.Check(a); err != nil {
		t.Fatalf("the model of the refutation of %v fails Check: %v", claim, err)
	}
	if claim != nil && !m.Better(m.ObjectiveValues(a), claim) {
		t.Fatalf("the model of the refutation of %v has objective %v, not better", claim, m.ObjectiveValues(a))
	}
}

// TestFt06Proof: job shop ft06's optimum 55 (from optima.txt, proven by the
// SAT backend) has a proof that checks; the claim 56 is refuted by a
// schedule of makespan at most 55.
func TestFt06Proof(t *testing.T) {
	optima, err := jobshop.Optima(jobshopDir + "optima.txt")
	if err != nil {
		t.Fatal(err)
	}
	names := []string{"ft06"}
	if os.Getenv("PLANCERT_LONG") != "" {
		names = append(names, "la01", "la02", "la03", "la04", "la05")
	}
	for _, name := range names {
		in, err := jobshop.ReadFile(jobshopDir + "instances/" + name)
		if err != nil {
			t.Fatal(err)
		}
		m := in.Model()
		want := optima[name]
		c, err := solver.Certify(context.Background(), sat.Backend{}, m)
		if err != nil || c.Status != solver.Optimal || c.Objective[0] != want {
			t.Fatalf("%s: certificate %v %v, err %v; want optimal %d", name, c.Status, c.Objective, err, want)
		}
		r, st, size := proveAndCheck(t, m, c.Objective)
		t.Logf("%s: makespan ≤ %d refuted: %d conflicts, proof %d lemmas (%d bytes), checked %d RUP", name, want-1, r.Stats.Conflicts, r.Stats.Lemmas, size, st.RUP)
		expectBetter(t, m, []int64{want + 1})
	}
}

// TestExampleModelProofs: every example model of the generic format that
// is proven optimal or infeasible has a proof that checks; an optimal one
// also has a model for every claim one worse on some level, and a feasible
// one for its feasibility CNF.
func TestExampleModelProofs(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/models/*.json")
	if len(files) == 0 {
		t.Fatal("no example models")
	}
	proven := 0
	for _, file := range files {
		r, err := os.Open(file)
		if err != nil {
			t.Fatal(err)
		}
		m, err := encode.ReadModel(r)
		r.Close()
		if err != nil {
			t.Fatal(err)
		}
		c, err := solver.Certify(context.Background(), sat.Backend{}, m)
		if err != nil {
			t.Fatal(err)
		}
		switch c.Status {
		case solver.Optimal:
			_, st, _ := proveAndCheck(t, m, c.Objective)
			t.Logf("%s: optimum %v proven, %d lemmas checked", filepath.Base(file), c.Objective, st.Lemmas)
			worsenEach(t, m, c.Objective)
			proven++
		case solver.Infeasible:
			_, st, _ := proveAndCheck(t, m, nil)
			t.Logf("%s: infeasibility proven, %d lemmas checked", filepath.Base(file), st.Lemmas)
			proven++
		default:
			expectBetter(t, m, nil)
		}
	}
	if proven < 4 {
		t.Fatalf("only %d example models proven optimal or infeasible", proven)
	}
}

// worsenEach claims, for each level, the optimum with that level one step
// worse: every such claim must be beaten.
func worsenEach(t testing.TB, m *encode.Model, optimum []int64) {
	t.Helper()
	for l, o := range m.Objectives {
		claim := slices.Clone(optimum)
		if o.Sense == encode.Minimize {
			claim[l]++
		} else {
			claim[l]--
		}
		expectBetter(t, m, claim)
	}
}

// TestRandomModelProofs: on seeded random models mixing every constraint
// kind and 0–3 objective levels, with the exhaustive backend as the judge
// of the optimum, the refutation of the optimum (or of feasibility) has a
// proof that checks, and claims one step worse are beaten.
func TestRandomModelProofs(t *testing.T) {
	n := 300
	if testing.Short() {
		n = 60
	}
	var opt, inf int
	for seed := range uint64(n) {
		m := randmodel.New(rand.New(rand.NewPCG(seed, 21)))
		c, err := solver.Certify(context.Background(), brute.Backend{}, m)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		switch {
		case c.Status == solver.Infeasible:
			proveAndCheck(t, m, nil)
			inf++
		case len(m.Objectives) == 0:
			expectBetter(t, m, nil)
		default:
			proveAndCheck(t, m, c.Objective)
			worsenEach(t, m, c.Objective)
			opt++
		}
	}
	if opt < n/10 || inf < n/20 {
		t.Fatalf("unbalanced sample: %d optimal, %d infeasible of %d", opt, inf, n)
	}
	t.Logf("%d optimal and %d infeasible models proven", opt, inf)
}
