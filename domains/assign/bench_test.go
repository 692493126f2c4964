package assign_test

import (
	"testing"

	_ "github.com/plancert/plancert/domains/assign"
	"github.com/plancert/plancert/internal/familytest"
)

// The certification benchmarks of the assign core's tasks, one op an
// index at default difficulty (familytest.BenchCertify).

func BenchmarkCertifyStudentGrouping(b *testing.B) {
	familytest.BenchCertify(b, "student-grouping", familytest.Bench{})
}

func BenchmarkCertifyEducationalResourcePlanning(b *testing.B) {
	familytest.BenchCertify(b, "educational-resource-planning", familytest.Bench{})
}

func BenchmarkCertifyWorkAssignmentScheduling(b *testing.B) {
	familytest.BenchCertify(b, "work-assignment-scheduling", familytest.Bench{})
}

func BenchmarkCertifyEmergencyPlanning(b *testing.B) {
	familytest.BenchCertify(b, "emergency-planning", familytest.Bench{})
}

func BenchmarkCertifyWarehousePlanning(b *testing.B) {
	familytest.BenchCertify(b, "warehouse-planning", familytest.Bench{})
}
