// Package route is the route core of the Routing and Travel family (core 5
// of the taxonomy): closed tours through stops with travel times, proven
// optimal by the SAT backend through encode's circuit constraint.
//
// What is here so far is the tour model (NewTourModel): one Boolean per
// arc, one circuit over every stop, and the total travel time minimized.
// "The same plan" is a tour up to rotation, and on a symmetric matrix up to
// direction as well: rotations are one plan because a circuit has no
// start; directions are made one plan by a symmetry-breaking rule that
// keeps exactly one representative of each undirected tour (the stop after
// stop 0 has a smaller number than the stop before it; reversing a tour
// swaps those two stops). Uniqueness certificates are therefore about
// tours as a person reads them. The tests check both the optimum and the
// number of optimal tours against the Held–Karp dynamic program
// (internal/heldkarp) on random instances, and prove the TSPLIB instances
// burma14, ulysses16 and gr17 optimal at their published lengths
// (PLANCERT_LONG=1).
//
// NewFleetModel is the vehicle-routing model (VRPTW): one giant circuit
// through a depot node per vehicle and every customer, with guarded
// difference constraints for service start times within time windows and
// for loads within capacity. Vehicles are alike, so "the same plan" is the
// same set of routes; a vehicle-order rule (used vehicles first, by first
// customer) keeps one representative per set, and the tests check against
// full enumeration that the optimal plans the solver lists are exactly the
// distinct optimal sets of routes.
//
// Driver hours (Fleet.MaxDrive) bound each route's total driving time,
// closed roads (Fleet.Closed) forbid direct drives between two places, and
// visit-order pairs (Fleet.Before) put one customer before another on the
// same route (order-encoded positions), and Fleet.Balance bounds the
// difference of driving times between used routes (exact driving-time
// chains); capacity and time windows may be left out.
//
// Task 21, Logistics Delivery Planning ("logistics-delivery", delivery*.go),
// is a skin over the fleet model with four subtasks (parcel vans, grocery
// trucks, pharmacy cargo bikes, building-site pallet trucks) and the units
// capacity and time-windows (basic); driver-hours, visit-order and
// balanced-routes (medium); infeasibility (hard: a depot closing time the
// farthest stop cannot meet, or, with capacity, more goods than the fleet
// holds; the answer names a conflicting set of rules, which the checker
// proves with the solver) and road-closure (hard: a road of the current plan closes;
// replan keeping the most legs of the current plan first, a leg being a
// direct drive between two places in one direction by any vehicle). The
// goal is the total driving time; the stated tie-breaks are the fewest
// vehicles, then the least sum of x·y² over consecutive stops Sx → Sy
// (not symmetric, so a route and its reverse differ, as they do for a
// driver). The prompt says what "the same plan" is: the same set of
// routes, whichever vehicle drives which. Generation draws a hidden plan
// first and fits windows, capacity and driving limit around it, so
// instances are feasible unless the infeasibility unit breaks them.
//
// Task 19, Urban Traffic Planning, is on the flow core (domains/flow).
//
// Task 18, Commuting Planning ("commuting"), is package
// domains/route/commute; task 20, Travel Itinerary Planning
// ("travel-itinerary"), is package domains/route/itinerary; task 22,
// Transportation Dispatch Planning ("transportation-dispatch"), is package
// domains/route/dispatch.
package route
