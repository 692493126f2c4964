// Package all registers every task family of plancert with the domains
// registry. Import it for its side effect where all tasks must be known
// (the command, gen's tests, the verifier's tests, the peer benchmarks):
//
//	import _ "github.com/plancert/plancert/domains/all"
//
// A new family package adds one import line here and nowhere else.
package all

import (
	_ "github.com/plancert/plancert/domains/assign"     // Allocation & Matching, Workforce, Project & Production, Emergency (assign core): tasks 12, 13, 17, 26, 30
	_ "github.com/plancert/plancert/domains/flow"       // Routing, Emergency (flow core): tasks 19, 32
	_ "github.com/plancert/plancert/domains/production" // Project & Production (shop core: job shop / flow shop): task 25
	_ "github.com/plancert/plancert/domains/project"    // Project & Production (project core): tasks 23, 28
	_ "github.com/plancert/plancert/domains/quantity"   // Allocation & Matching, Project & Production (quantity core): tasks 10, 11, 24, 27
	_ "github.com/plancert/plancert/domains/roster"     // Shift & Workforce: shift/duty and volunteer scheduling (roster core)
	_ "github.com/plancert/plancert/domains/scheduling" // Scheduling & Timetabling (agenda core), Workforce's recruitment planning, tasks 29 and 31

	// Routing & Travel (route core): one package per task; domains/route
	// holds the models and helpers they share and registers no task.
	_ "github.com/plancert/plancert/domains/route/commute"   // task 18, Commuting Planning
	_ "github.com/plancert/plancert/domains/route/delivery"  // task 21, Logistics Delivery Planning
	_ "github.com/plancert/plancert/domains/route/dispatch"  // task 22, Transportation Dispatch Planning
	_ "github.com/plancert/plancert/domains/route/itinerary" // task 20, Travel Itinerary Planning
)
