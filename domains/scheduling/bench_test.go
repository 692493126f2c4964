package scheduling_test

import (
	"testing"

	_ "github.com/plancert/plancert/domains/scheduling"
	"github.com/plancert/plancert/internal/familytest"
)

// BenchmarkCertifyMeetingPlanning: one certified instance (kept or
// dropped) per op, a fixed mid-tier spec on seeds 1, 2, ...
func BenchmarkCertifyMeetingPlanning(b *testing.B) {
	familytest.BenchCertify(b, "meeting-planning", familytest.Bench{Spec: familytest.FixedSpec([]string{"availability", "room-fit"}, []string{"buffer"})})
}

// BenchmarkCertifyRecruitmentPlanning: one certified instance (kept or
// dropped) per op, a fixed mid-tier spec (availability and room-fit, the
// chain order of the stages, and the interviewers' daily cap) on seeds 1,
// 2, ..., subtasks in turn.
func BenchmarkCertifyRecruitmentPlanning(b *testing.B) {
	familytest.BenchCertify(b, "recruitment-planning", familytest.Bench{Spec: familytest.FixedSpec([]string{"availability", "room-fit", "daily-cap"}, []string{"chain-order"})})
}

// benchCertify certifies one instance (kept or dropped) of task id per op,
// the subtasks in turn, with the given units on seeds 1, 2, ...
func benchCertify(b *testing.B, id string, basic, medium []string) {
	familytest.BenchCertify(b, id, familytest.Bench{Spec: familytest.FixedSpec(basic, medium)})
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
