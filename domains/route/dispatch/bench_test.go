package dispatch_test

import (
	"testing"

	_ "github.com/plancert/plancert/domains/route/dispatch"
	"github.com/plancert/plancert/internal/familytest"
)

// BenchmarkCertifyTransportationDispatch reports certified instances per
// second of task 22 at default difficulty (sampled specs, policy Unique;
// drops count as work, not as certified).
func BenchmarkCertifyTransportationDispatch(b *testing.B) {
	familytest.BenchCertify(b, "transportation-dispatch", familytest.Bench{})
}
