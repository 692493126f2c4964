// Package delivery is task 21 of the taxonomy, Logistics Delivery Planning
// ("logistics-delivery"), on the route core (core 5, domains/route) of the
// Routing and Travel family. It is a skin over the fleet model
// (route.NewFleetModel) with four subtasks (parcel vans, grocery trucks,
// pharmacy cargo bikes, building-site pallet trucks) and the units capacity
// and time-windows (basic); driver-hours, visit-order and balanced-routes
// (medium); infeasibility (hard: a depot closing time the farthest stop
// cannot meet, or, with capacity, more goods than the fleet holds; the
// answer names a conflicting set of rules, which the checker proves with the
// solver) and road-closure (hard: a road of the current plan closes; replan
// keeping the most legs of the current plan first, a leg being a direct
// drive between two places in one direction by any vehicle). The goal is the
// total driving time; the stated tie-breaks are the fewest vehicles, then
// the least sum of x·y² over consecutive stops Sx → Sy (not symmetric, so a
// route and its reverse differ, as they do for a driver). The prompt says
// what "the same plan" is: the same set of routes, whichever vehicle drives
// which. Generation draws a hidden plan first and fits windows, capacity and
// driving limit around it, so instances are feasible unless the
// infeasibility unit breaks them.
//
// Layout. Each unit is one value under the domains unit contract
// (units.go: its rules, items, model and check, and the facets the core
// asks it for with domains.Facets: a clause or sentence of the fleet
// paragraph, columns of the stops table, a paragraph after the driving
// times, its data for the route core's fleet model, a goal before the
// driving time). The core (delivery.go, check.go) states rule 1, the goal
// and the tie-breaks, and iterates the sampled units; the units' data is
// drawn in generate, interleaved with the hidden plan's draws.
package delivery
