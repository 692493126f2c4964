package dispatch_test

import (
	"testing"

	"github.com/plancert/plancert/internal/familytest"
)

// TestGreedy runs the greedy baseline over seeds 1..12 (20 with
// PLANCERT_LONG=1) of task 22
// (internal/familytest.Greedy): deterministic, in the answer form, and
// keeping every rule on some record.
func TestGreedy(t *testing.T) {
	familytest.Greedy(t, family, familytest.GreedySeeds.N(), nil)
}
