package sat_test

import (
	"bytes"
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/go-air/gini"

	"github.com/plancert/plancert/encode"
	"github.com/plancert/plancert/internal/randmodel"
	"github.com/plancert/plancert/solver"
	"github.com/plancert/plancert/solver/brute"
	"github.com/plancert/plancert/solver/sat"
)

// TestDIMACSAgreesWithModel: the CNF that encode.WriteModelDIMACS writes (the
// file of "plancert audit --dimacs"), read back by gini's own DIMACS
// reader, is satisfiable exactly when the model is feasible — on every
// example model and on seeded random models, with brute force as the judge.
func TestDIMACSAgreesWithModel(t *testing.T) {
	type named struct {
		name string
		m    *encode.Model
	}
	var ms []named
	files, _ := filepath.Glob("../../testdata/models/*.json")
	for _, f := range files {
		r, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		m, err := encode.ReadModel(r)
		r.Close()
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		ms = append(ms, named{filepath.Base(f), m})
	}
	if len(ms) == 0 {
		t.Fatal("no example models found")
	}
	for seed := uint64(1); seed <= 200; seed++ {
		ms = append(ms, named{"random", randmodel.New(rand.New(rand.NewPCG(seed, 11)))})
	}
	for _, nm := range ms {
		var buf bytes.Buffer
		if err := encode.WriteModelDIMACS(&buf, nm.m, "test"); err != nil {
			t.Fatal(err)
		}
		g, err := gini.NewDimacs(&buf)
		if err != nil {
			t.Fatalf("%s: gini cannot read the CNF: %v", nm.name, err)
		}
		got := g.Solve()
		want := -1
		if _, ok, err := brute.Feasible(context.Background(), nm.m, nil); err != nil {
			// Too large for brute force: ask Certify instead.
			c, err := solver.Certify(context.Background(), sat.Backend{}, nm.m)
			if err != nil {
				t.Fatal(err)
			}
			if c.Status != solver.Infeasible {
				want = 1
			}
		} else if ok {
			want = 1
		}
		if got != want {
			t.Fatalf("%s: gini says %d on the DIMACS file, the model says %d\n%s", nm.name, got, want, dump(nm.m))
		}
	}
}
