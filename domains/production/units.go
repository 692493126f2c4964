package production

import "github.com/plancert/plancert/domains"

// Unit IDs of the pool.
const (
	unitRelease     = "release-dates"
	unitDeadlines   = "deadlines"
	unitPrecedence  = "precedence"
	unitChangeovers = "changeovers"
	unitTardiness   = "weighted-tardiness"
	unitMaintenance = "maintenance"
	unitCost        = "cost"
	unitDelay       = "delay"
	unitBuffer      = "robustness-slack"
	unitInfeasible  = "infeasibility"
)

// Item IDs of the core.
const (
	itemFormat     = "format"
	itemCoverage   = "coverage"
	itemRoutes     = "routes"
	itemMachines   = "machines"
	itemOptimal    = "optimal"
	itemStated     = "stated"
	itemInfeasible = "infeasible"
	itemConflict   = "conflict"
)

// pool is the shop core's constraint pool, in order. The job routes
// (precedence inside a job) and the machine capacity (one operation at a
// time) are the core's always-on rules; the units add the rest.
var pool = []domains.Unit{
	{ID: unitRelease, Tier: domains.Basic, Title: "release dates (a job starts at its release or later)"},
	{ID: unitDeadlines, Tier: domains.Basic, Title: "deadlines (a job ends by its deadline)"},
	{ID: unitPrecedence, Tier: domains.Basic, Title: "precedence between jobs (one job starts after another ends)"},
	{ID: unitChangeovers, Tier: domains.Medium, Title: "sequence-dependent changeovers between product families"},
	{ID: unitTardiness, Tier: domains.Medium, Title: "weighted tardiness goal (due times and weights)", Excludes: []string{unitCost}},
	{ID: unitMaintenance, Tier: domains.Medium, Title: "maintenance window on a machine"},
	{ID: unitCost, Tier: domains.Medium, Title: "multi-objective: makespan, then cost", Excludes: []string{unitTardiness}},
	{ID: unitDelay, Tier: domains.Hard, Title: "late material for one operation: re-plan with the fewest re-sequenced pairs", Excludes: []string{unitInfeasible}},
	{ID: unitBuffer, Tier: domains.Hard, Title: "robustness slack after every operation on the bottleneck machine"},
	{ID: unitInfeasible, Tier: domains.Hard, Title: "infeasible deadlines: detect and name a conflicting set of rules", Requires: []string{unitDeadlines}, Excludes: []string{unitDelay}},
}
