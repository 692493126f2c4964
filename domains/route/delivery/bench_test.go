package delivery_test

import (
	"testing"

	_ "github.com/plancert/plancert/domains/route/delivery"
	"github.com/plancert/plancert/internal/familytest"
)

// BenchmarkCertifyLogisticsDelivery reports certified instances per
// second of task 21 at default difficulty (sampled specs, policy Unique;
// drops count as work, not as certified).
func BenchmarkCertifyLogisticsDelivery(b *testing.B) {
	familytest.BenchCertify(b, "logistics-delivery", familytest.Bench{})
}
