package roster_test

import (
	"testing"

	"time"

	_ "github.com/plancert/plancert/domains/roster"

	"github.com/plancert/plancert/internal/familytest"
)

// Each certification is bounded as gen's time limit bounds it: an
// instance not proven in time is dropped, and counts in the rates.

// BenchmarkCertifyShiftDutyScheduling: certified instances per second of
// Shift and Duty Scheduling at the default difficulty.
func BenchmarkCertifyShiftDutyScheduling(b *testing.B) {
	familytest.BenchCertify(b, "shift-duty-scheduling", familytest.Bench{Timeout: 10 * time.Second})
}

// BenchmarkCertifyVolunteerScheduling: certified instances per second of
// Volunteer Scheduling at the default difficulty.
func BenchmarkCertifyVolunteerScheduling(b *testing.B) {
	familytest.BenchCertify(b, "volunteer-scheduling", familytest.Bench{Timeout: 10 * time.Second})
}
