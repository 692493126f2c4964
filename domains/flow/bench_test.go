package flow_test

import (
	"testing"

	_ "github.com/plancert/plancert/domains/flow"

	"github.com/plancert/plancert/internal/familytest"
)

// BenchmarkCertifyDisasterEvacuation: certified Disaster Evacuation
// Planning instances per second on one goroutine.
func BenchmarkCertifyDisasterEvacuation(b *testing.B) {
	familytest.BenchCertify(b, "disaster-evacuation", familytest.Bench{})
}

// BenchmarkCertifyUrbanTraffic: certified Urban Traffic Planning
// instances per second on one goroutine.
func BenchmarkCertifyUrbanTraffic(b *testing.B) {
	familytest.BenchCertify(b, "urban-traffic", familytest.Bench{})
}
