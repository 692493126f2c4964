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
// Not yet here: the vehicle-routing pool (capacity, time windows, driver
// hours, depots), the family's tasks, and their registration in
// domains/all.
package route
