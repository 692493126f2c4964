// Package brute is an exhaustive backend for plancert: it answers every
// question of solver.Solver by visiting the assignments of a model one by
// one and asking the model's own semantics (encode.Model.Why, Check,
// ObjectiveValues, Better, SameAnswer) about each. It never builds clauses
// or any other encoding, so it is independent of encode.Lower and of the SAT
// backend, and it is the oracle the tests of those packages compare against.
// It is never used in production.
//
// # Order
//
// Assignments give a value to every variable of the model, answer and
// auxiliary alike, and are visited in lexicographic order of the value
// vector: variable 0 is the most significant digit of a mixed-radix counter
// and the last variable the fastest, and each variable runs from Lo up to
// Hi. Every "first" below means first in this order, so answers are
// deterministic: Optimize returns the first best assignment, Unique the
// first witness, Enumerate the first assignment of each answer projection.
//
// The visit is a depth-first walk over variable prefixes in that order. A
// constraint is evaluated as soon as every variable it mentions is fixed,
// and when it fails the walk skips the whole block of assignments sharing
// that prefix. The skipped assignments all violate the constraint, so the
// result is exactly that of checking every assignment with Check; the
// pruning is only a speed-up.
//
// # Contract
//
// Load validates the model and refuses it when the product of the domain
// sizes (2 for a bool, hi-lo+1 for an int) exceeds Backend.Limit. Optimize
// reports Optimal (Feasible for a model without objectives) or Infeasible;
// Unique, Enumerate and Explain are exact (Proven, Complete, a minimal core
// by deletion over the model's groups). Every call returns status Unknown
// (Proven false, Complete false) when its context is done, checking it at
// the start and then every 4096 steps of the walk.
//
// # Cost
//
// A walk costs O(product of the domain sizes × size of the model) time in
// the worst case and O(number of variables) memory beyond the answers it
// keeps; the result of the optimizing walk is cached, so Optimize, Unique
// and Enumerate usually share one walk. Explain costs one walk per
// constraint group. Only tiny models are practical, which is all an oracle
// needs.
package brute
