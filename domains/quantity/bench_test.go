package quantity_test

import (
	"testing"

	_ "github.com/plancert/plancert/domains/quantity"

	"github.com/plancert/plancert/internal/familytest"
)

// BenchmarkCertifyMaterialAllocation: certified Material Allocation
// instances per second on one goroutine.
func BenchmarkCertifyMaterialAllocation(b *testing.B) {
	familytest.BenchCertify(b, "material-allocation", familytest.Bench{})
}

// BenchmarkCertifyProcurementPlanning: certified Procurement Planning
// instances per second on one goroutine.
func BenchmarkCertifyProcurementPlanning(b *testing.B) {
	familytest.BenchCertify(b, "procurement-planning", familytest.Bench{})
}

// BenchmarkCertifyFinancialBudgeting: certified Financial Budgeting
// instances per second on one goroutine.
func BenchmarkCertifyFinancialBudgeting(b *testing.B) {
	familytest.BenchCertify(b, "financial-budgeting", familytest.Bench{})
}

// BenchmarkCertifyPowerDispatch: certified Power Dispatch Planning
// instances per second on one goroutine.
func BenchmarkCertifyPowerDispatch(b *testing.B) {
	familytest.BenchCertify(b, "power-dispatch", familytest.Bench{})
}
