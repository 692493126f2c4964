package drup_test

import (
	"bytes"
	"context"
	"testing"

	"github.com/plancert/plancert/internal/jobshop"
	"github.com/plancert/plancert/solver/drup"
)

func ft06Refutation(b *testing.B) *drup.CNF {
	in, err := jobshop.ReadFile(jobshopDir + "instances/ft06")
	if err != nil {
		b.Fatal(err)
	}
	f, _ := refutation(b, in.Model(), []int64{55})
	return f
}

// benchSolve solves f, which must be unsatisfiable, with a proof.
func benchSolve(b *testing.B, f *drup.CNF) {
	var r *drup.Result
	var size int
	for b.Loop() {
		var proof bytes.Buffer
		var err error
		if r, err = drup.Solve(context.Background(), f, &proof); err != nil || r.Sat {
			b.Fatalf("%v %v", r, err)
		}
		size = proof.Len()
	}
	b.ReportMetric(float64(r.Stats.Conflicts), "conflicts/op")
	b.ReportMetric(float64(r.Stats.Lemmas), "lemmas/op")
	b.ReportMetric(float64(size), "proof-bytes/op")
}

// benchCheck checks Solve's proof of f.
func benchCheck(b *testing.B, f *drup.CNF) {
	var proof bytes.Buffer
	if _, err := drup.Solve(context.Background(), f, &proof); err != nil {
		b.Fatal(err)
	}
	var st *drup.CheckStats
	for b.Loop() {
		var err error
		if st, err = drup.Check(context.Background(), f, bytes.NewReader(proof.Bytes()), "proof"); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(st.Lemmas), "lemmas/op")
	b.ReportMetric(float64(st.Lemmas)*float64(b.N)/b.Elapsed().Seconds(), "lemmas/s")
}

// BenchmarkSolveFt06: the refutation of ft06's "makespan ≤ 54" with its
// proof (the CNF of the whole model plus the bound).
func BenchmarkSolveFt06(b *testing.B) { benchSolve(b, ft06Refutation(b)) }

// BenchmarkCheckFt06: checking that proof.
func BenchmarkCheckFt06(b *testing.B) { benchCheck(b, ft06Refutation(b)) }

// BenchmarkSolvePigeonhole7 and BenchmarkCheckPigeonhole7: 8 pigeons in 7
// holes, a proof of thousands of lemmas with deletions.
func BenchmarkSolvePigeonhole7(b *testing.B) { benchSolve(b, pigeonhole(7)) }

func BenchmarkCheckPigeonhole7(b *testing.B) { benchCheck(b, pigeonhole(7)) }
