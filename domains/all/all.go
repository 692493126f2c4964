// Package all registers every task family of plancert with the domains
// registry. Import it for its side effect where all tasks must be known
// (the command, gen's tests, the verifier's tests, the peer benchmarks):
//
//	import _ "github.com/plancert/plancert/domains/all"
//
// A new family package adds one import line here and nowhere else.
package all

import (
	_ "github.com/plancert/plancert/domains/assign"     // Allocation & Matching, Workforce (assign core): tasks 12, 13, 17
	_ "github.com/plancert/plancert/domains/flow"       // Routing and Emergency (flow core): tasks 19, 32
	_ "github.com/plancert/plancert/domains/quantity"   // Allocation & Matching (quantity core)
	_ "github.com/plancert/plancert/domains/roster"     // Shift & Workforce: shift/duty and volunteer scheduling (roster core)
	_ "github.com/plancert/plancert/domains/route"      // Routing & Travel (route core): task 21
	_ "github.com/plancert/plancert/domains/scheduling" // Scheduling & Timetabling (agenda core), and Workforce's recruitment planning
)
