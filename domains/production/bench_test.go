package production_test

import (
	"testing"

	"time"

	_ "github.com/plancert/plancert/domains/production"

	"github.com/plancert/plancert/internal/familytest"
)

// Each certification is bounded as gen's time limit bounds it: an
// instance not proven in time is dropped, and counts in the rates.

// BenchmarkCertifyProductionPlanning certifies one instance of Production
// Planning per op, the spec sampled by gen on seeds 1, 2, … (the default
// difficulty), and reports the certified instances per second and the
// share kept.
func BenchmarkCertifyProductionPlanning(b *testing.B) {
	familytest.BenchCertify(b, "production-planning", familytest.Bench{Timeout: 10 * time.Second})
}
