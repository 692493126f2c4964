package assign

import (
	"testing"

	"github.com/plancert/plancert/internal/familytest"
)

// BenchmarkCertify: certified instances per second of each task of the
// core at the default difficulty, one goroutine (familytest.BenchFamily).
func BenchmarkCertify(b *testing.B) { familytest.BenchFamily(b, family, familytest.Bench{}) }
