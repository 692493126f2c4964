package production

import (
	"testing"
	"time"

	"github.com/plancert/plancert/internal/familytest"
)

// BenchmarkCertify: certified instances per second of each task of the
// core at the default difficulty, one goroutine (familytest.BenchFamily);
// each certification is bounded as gen's time limit bounds it (an
// instance not proven in time is dropped, and counts in the rates).
func BenchmarkCertify(b *testing.B) {
	familytest.BenchFamily(b, family, familytest.Bench{Timeout: 10 * time.Second})
}
