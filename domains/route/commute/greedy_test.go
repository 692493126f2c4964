package commute_test

import (
	"testing"

	"github.com/plancert/plancert/internal/familytest"
)

// TestGreedy runs the greedy baseline over seeds 1..20 of task 18
// (internal/familytest.Greedy): deterministic, in the answer form, and
// keeping every rule on some record.
func TestGreedy(t *testing.T) {
	familytest.Greedy(t, family, 20, nil)
}
