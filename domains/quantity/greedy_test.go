package quantity

import (
	"testing"

	"github.com/plancert/plancert/internal/familytest"
)

// TestGreedy runs the greedy baseline over seeds 1..12 (20 with
// PLANCERT_LONG=1) of every quantity
// task (internal/familytest.Greedy): deterministic, in the answer form,
// and keeping every rule on some record of each task.
func TestGreedy(t *testing.T) {
	familytest.Greedy(t, family, familytest.GreedySeeds.N(), nil)
}
