package commute_test

import (
	"testing"

	_ "github.com/plancert/plancert/domains/route/commute"
	"github.com/plancert/plancert/internal/familytest"
)

// BenchmarkCertifyCommuting reports certified instances per second of
// task 18 at default difficulty (sampled specs, policy Unique; drops count
// as work, not as certified).
func BenchmarkCertifyCommuting(b *testing.B) {
	familytest.BenchCertify(b, "commuting", familytest.Bench{})
}
