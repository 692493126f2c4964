// Package solver defines what every exact backend gives plancert — the
// Backend and Solver interfaces, the typed Status, Result, Uniqueness,
// Explanation and Stats — and Certify, which runs a backend on a model and
// checks every answer it returns against the model's own Check before
// anything is called proven.
//
// Backends live in sub-packages: solver/sat (gini, pure Go, the default)
// and solver/brute (exhaustive enumeration, tiny models, the test oracle).
// solver/drup makes and checks DRUP proofs of the CNF that encode.Refutation
// writes for a certificate's final claim.
package solver
