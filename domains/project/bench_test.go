package project_test

import (
	"testing"

	_ "github.com/plancert/plancert/domains/project"

	"github.com/plancert/plancert/internal/familytest"
)

// BenchmarkCertifyProjectPlanning: certified Project Planning
// instances per second on one goroutine.
func BenchmarkCertifyProjectPlanning(b *testing.B) {
	familytest.BenchCertify(b, "project-planning", familytest.Bench{})
}

// BenchmarkCertifyResourceScheduling: certified Resource Scheduling
// instances per second on one goroutine.
func BenchmarkCertifyResourceScheduling(b *testing.B) {
	familytest.BenchCertify(b, "resource-scheduling", familytest.Bench{})
}
