// Package heldkarp solves small travelling-salesman instances exactly by
// the dynamic program of Held and Karp ("A dynamic programming approach to
// sequencing problems", J. SIAM 10(1), 1962): the optimum tour length, the
// number of optimal tours, and one optimal tour.
//
// It shares no code with encode or solver and serves as an independent
// oracle for the SAT model of the route core. A tour visits every city
// once and returns to its start. Rotations of a tour are one tour (every
// tour is counted from city 0); on a symmetric matrix a tour and its
// reverse are also one tour, so Count counts undirected tours there and
// directed tours otherwise. Time is O(2ⁿ·n²) and memory O(2ⁿ·n); Solve
// refuses more than MaxCities cities.
package heldkarp
