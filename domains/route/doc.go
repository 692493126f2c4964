// Package route is the route core of the Routing and Travel family (core 5
// of the taxonomy): closed tours through stops with travel times, proven
// optimal by the SAT backend through encode's circuit constraint.
//
// NewTourModel is the tour model: one Boolean per arc, one circuit over
// every stop, and the total travel time minimized.
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
// Layout. This package holds what the route tasks share: the tour model
// (tour.go), the fleet model (vrptw.go, with Legs and VisitsBefore over a
// plan's routes), the checklist parts and plan judgement every task's
// checker uses (check.go: InfeasibleChecklist, FormatItem, CoverageItem,
// GoalItems, Levels, OptimalOpening, Judge, Rules), the registration,
// loading and unit bookkeeping of every task (skin.go: Register, Vocab,
// Loader, Units, CheckUnitData) and the helpers Clock, Abs64 and
// GoalSentences (helpers.go). Each task is a package of its own over them,
// with its generator, prompt, checker, tests and golden files:
//
//   - domains/route/commute: task 18, Commuting Planning ("commuting"), a
//     timetable path model;
//   - domains/route/itinerary: task 20, Travel Itinerary Planning
//     ("travel-itinerary"), an orienteering model;
//   - domains/route/delivery: task 21, Logistics Delivery Planning
//     ("logistics-delivery"), on the fleet model;
//   - domains/route/dispatch: task 22, Transportation Dispatch Planning
//     ("transportation-dispatch"), on the fleet model over jobs.
//
// Each task's units follow the domains unit contract (its units.go) and
// the task registers through Register (domains.RegisterSkin). domains/all
// imports them; their family tests run through internal/familytest, and
// internal/routetest holds the test helpers they share (the fleet-plan
// enumeration, the brute-force sweep, the load-error and per-unit record
// tests). Task 19, Urban Traffic Planning, is on the flow core
// (domains/flow).
package route
