package itinerary_test

import (
	"testing"

	_ "github.com/plancert/plancert/domains/route/itinerary"
	"github.com/plancert/plancert/internal/familytest"
)

// BenchmarkCertifyTravelItinerary reports certified instances per second
// of task 20 at default difficulty (sampled specs, policy Unique; drops
// count as work, not as certified).
func BenchmarkCertifyTravelItinerary(b *testing.B) {
	familytest.BenchCertify(b, "travel-itinerary", familytest.Bench{})
}
