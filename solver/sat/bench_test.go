package sat_test

import (
	"context"
	"testing"

	"github.com/plancert/plancert/encode"
	"github.com/plancert/plancert/internal/jobshop"
	"github.com/plancert/plancert/internal/roster"
	"github.com/plancert/plancert/solver"
	"github.com/plancert/plancert/solver/sat"
)

func ft06(b *testing.B) *encode.Model {
	in, err := jobshop.ReadFile(jobshopDir + "instances/ft06")
	if err != nil {
		b.Fatal(err)
	}
	return in.Model()
}

// report adds the solver's work per op to the benchmark line.
func report(b *testing.B, st solver.Stats) {
	b.ReportMetric(float64(st.SolveCalls), "solves/op")
	b.ReportMetric(float64(st.Conflicts), "conflicts/op")
	b.ReportMetric(float64(st.Clauses), "clauses/op")
	b.ReportMetric(float64(st.Variables), "vars/op")
}

// BenchmarkFt06Optimize: lower ft06, find the optimum 55 and prove it
// (the final UNSAT of makespan ≤ 54).
func BenchmarkFt06Optimize(b *testing.B) {
	m := ft06(b)
	var st solver.Stats
	for b.Loop() {
		s, err := sat.Backend{}.Load(m)
		if err != nil {
			b.Fatal(err)
		}
		r, err := s.Optimize(context.Background())
		if err != nil || r.Status != solver.Optimal || r.Objective[0] != 55 {
			b.Fatalf("%v %v %v", r.Status, r.Objective, err)
		}
		st = s.Stats()
	}
	report(b, st)
}

// BenchmarkFt06Certify: the whole certificate — optimum, proof and the
// uniqueness check (a witness, since starts have slack) — with every
// answer checked by Certify.
func BenchmarkFt06Certify(b *testing.B) {
	m := ft06(b)
	var st solver.Stats
	for b.Loop() {
		c, err := solver.Certify(context.Background(), sat.Backend{}, m)
		if err != nil || c.Objective[0] != 55 {
			b.Fatal(err)
		}
		st = c.Stats
	}
	report(b, st)
}

// BenchmarkLowerFt06: the encoding alone, into a clause counter.
func BenchmarkLowerFt06(b *testing.B) {
	m := ft06(b)
	var n counter
	for b.Loop() {
		n = 0
		if _, err := encode.Lower(m, &n); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(n), "clauses/op")
}

// counter is a Sink that only counts clauses.
type counter int

func (c *counter) AddClause([]int32) { *c++ }

// BenchmarkRoster: optimum and proof of the roster model with 8 staff.
func BenchmarkRoster(b *testing.B) {
	m := roster.Model(8, 1)
	var st solver.Stats
	var obj int64
	for b.Loop() {
		s, err := sat.Backend{}.Load(m)
		if err != nil {
			b.Fatal(err)
		}
		r, err := s.Optimize(context.Background())
		if err != nil || r.Status != solver.Optimal {
			b.Fatalf("%v %v", r.Status, err)
		}
		st, obj = s.Stats(), r.Objective[0]
	}
	report(b, st)
	b.ReportMetric(float64(obj), "optimum")
}

// BenchmarkRosterSynth: the three synthetic rosters of the peer benchmark
// (internal/peers' roster-synth family: 8 staff, seeds 1–3, optima 8, 14
// and 11), each loaded, optimized and proven; the metrics sum the three.
func BenchmarkRosterSynth(b *testing.B) {
	want := []int64{8, 14, 11}
	var st solver.Stats
	for b.Loop() {
		st = solver.Stats{}
		for i, seed := range []uint64{1, 2, 3} {
			s, err := sat.Backend{}.Load(roster.Model(8, seed))
			if err != nil {
				b.Fatal(err)
			}
			r, err := s.Optimize(context.Background())
			if err != nil || r.Status != solver.Optimal || r.Objective[0] != want[i] {
				b.Fatalf("seed %d: %v %v %v", seed, r.Status, r.Objective, err)
			}
			one := s.Stats()
			st.SolveCalls += one.SolveCalls
			st.Conflicts += one.Conflicts
			st.Clauses += one.Clauses
			st.Variables += one.Variables
		}
	}
	report(b, st)
}

// BenchmarkPigeonhole6Core: infeasibility of 7 pigeons in 6 holes and its
// minimal core (all 13 constraints).
func BenchmarkPigeonhole6Core(b *testing.B) {
	m := pigeonhole(6)
	var st solver.Stats
	for b.Loop() {
		c, err := solver.Certify(context.Background(), sat.Backend{}, m)
		if err != nil || len(c.Core) != 13 {
			b.Fatal(err)
		}
		st = c.Stats
	}
	report(b, st)
}
