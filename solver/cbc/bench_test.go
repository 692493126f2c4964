//go:build cbc

package cbc_test

import (
	"context"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/encode"
	"github.com/plancert/plancert/gen"
	"github.com/plancert/plancert/internal/jobshop"
	"github.com/plancert/plancert/solver"
	"github.com/plancert/plancert/solver/cbc"
	"github.com/plancert/plancert/solver/sat"
)

// agenda returns the model of a generated scheduling instance.
func agenda(b *testing.B, task string, seed uint64) *encode.Model {
	tk, ok := domains.Lookup(task)
	if !ok {
		b.Fatalf("task %s not registered", task)
	}
	spec, err := gen.SampleSpec(tk, seed)
	if err != nil {
		b.Fatal(err)
	}
	inst, err := gen.NewInstance(context.Background(), sat.Backend{}, tk, spec)
	if err != nil {
		b.Fatal(err)
	}
	m, err := inst.Model()
	if err != nil {
		b.Fatal(err)
	}
	return m
}

// BenchmarkCBC: the whole certificate (optimum level by level, its proof,
// and the uniqueness solve) by CBC, with the SAT backend on the same model
// beside it: ft06 (makespan 55) and a course-timetabling instance. The
// metrics are the solves, and the columns and rows of the MIP (variables
// and clauses of the CNF for SAT).
func BenchmarkCBC(b *testing.B) {
	in, err := jobshop.ReadFile(jobshopDir + "instances/ft06")
	if err != nil {
		b.Fatal(err)
	}
	models := []struct {
		name string
		m    *encode.Model
	}{
		{"ft06", in.Model()},
		{"agenda", agenda(b, "course-timetabling", 1)},
	}
	for _, mc := range models {
		for _, be := range []solver.Backend{cbc.Backend{}, sat.Backend{}} {
			b.Run(mc.name+"/"+be.Name(), func(b *testing.B) {
				var st solver.Stats
				for b.Loop() {
					c, err := solver.Certify(context.Background(), be, mc.m)
					if err != nil || !c.Proven(mc.m) {
						b.Fatalf("%v %v", c, err)
					}
					st = c.Stats
				}
				vars, rows := "vars/op", "clauses/op"
				if be.Name() == "cbc" {
					vars, rows = "cols/op", "rows/op"
				}
				b.ReportMetric(float64(st.SolveCalls), "solves/op")
				b.ReportMetric(float64(st.Variables), vars)
				b.ReportMetric(float64(st.Clauses), rows)
			})
		}
	}
}
