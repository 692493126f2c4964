package scheduling_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/plancert/plancert/domains"
	_ "github.com/plancert/plancert/domains/scheduling"
	"github.com/plancert/plancert/gen"
	"github.com/plancert/plancert/solver/sat"
)

// BenchmarkCertifyMeetingPlanning: one certified instance (kept or
// dropped) per op, a fixed mid-tier spec on seeds 1, 2, ...
func BenchmarkCertifyMeetingPlanning(b *testing.B) {
	t, _ := domains.Lookup("meeting-planning")
	seed := uint64(0)
	kept := 0
	for b.Loop() {
		seed++
		spec := domains.Spec{Task: t.ID, Subtask: t.Subtasks[seed%uint64(len(t.Subtasks))].ID,
			Basic: []string{"availability", "room-fit"}, Medium: []string{"buffer"}, Seed: seed}
		inst, err := t.Generate(context.Background(), sat.Backend{}, spec, rand.New(rand.NewPCG(seed, 0)))
		if err != nil {
			b.Fatal(err)
		}
		if _, err := gen.Certify(context.Background(), sat.Backend{}, t, inst, gen.Unique); err == nil {
			kept++
		} else if _, ok := err.(*gen.DropError); !ok {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(kept)/float64(b.N), "kept/op")
}

// BenchmarkCertifyRecruitmentPlanning: one certified instance (kept or
// dropped) per op, a fixed mid-tier spec (availability and room-fit, the
// chain order of the stages, and the interviewers' daily cap) on seeds 1,
// 2, ..., subtasks in turn; it reports the instances certified per second.
func BenchmarkCertifyRecruitmentPlanning(b *testing.B) {
	t, _ := domains.Lookup("recruitment-planning")
	seed := uint64(0)
	kept := 0
	for b.Loop() {
		seed++
		spec := domains.Spec{Task: t.ID, Subtask: t.Subtasks[seed%uint64(len(t.Subtasks))].ID,
			Basic: []string{"availability", "room-fit", "daily-cap"}, Medium: []string{"chain-order"}, Seed: seed}
		inst, err := t.Generate(context.Background(), sat.Backend{}, spec, rand.New(rand.NewPCG(seed, 0)))
		if err != nil {
			b.Fatal(err)
		}
		if _, err := gen.Certify(context.Background(), sat.Backend{}, t, inst, gen.Unique); err == nil {
			kept++
		} else if _, ok := err.(*gen.DropError); !ok {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(kept)/float64(b.N), "kept/op")
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "certified/s")
}

// benchCertify certifies one instance (kept or dropped) of task id per op,
// the subtasks in turn, with the given units on seeds 1, 2, ...; it
// reports the share kept and the instances certified per second.
func benchCertify(b *testing.B, id string, basic, medium []string) {
	t, ok := domains.Lookup(id)
	if !ok {
		b.Fatalf("%s is not registered", id)
	}
	seed := uint64(0)
	kept := 0
	for b.Loop() {
		seed++
		spec := domains.Spec{Task: t.ID, Subtask: t.Subtasks[seed%uint64(len(t.Subtasks))].ID,
			Basic: basic, Medium: medium, Seed: seed}
		inst, err := t.Generate(context.Background(), sat.Backend{}, spec, rand.New(rand.NewPCG(seed, 0)))
		if err != nil {
			b.Fatal(err)
		}
		if _, err := gen.Certify(context.Background(), sat.Backend{}, t, inst, gen.Unique); err == nil {
			kept++
		} else if _, ok := err.(*gen.DropError); !ok {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(kept)/float64(b.N), "kept/op")
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "certified/s")
}

// BenchmarkCertifyITMaintenance: IT System Maintenance Planning with
// availability, room-fit, the dependencies (chain order) and services
// kept apart (mutual exclusion).
func BenchmarkCertifyITMaintenance(b *testing.B) {
	benchCertify(b, "it-maintenance", []string{"availability", "room-fit"}, []string{"chain-order", "mutual-exclusion"})
}

// BenchmarkCertifyMedicalResourcePlanning: Medical Resource Planning with
// availability, room-fit and the waiting-time targets (deadline).
func BenchmarkCertifyMedicalResourcePlanning(b *testing.B) {
	benchCertify(b, "medical-resource-planning", []string{"availability", "room-fit"}, []string{"deadline"})
}
