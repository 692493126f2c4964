// Package sat is plancert's default backend: models lowered by encode,
// solved by gini (github.com/go-air/gini, pure Go, CDCL with assumptions).
//
// Optimization assumes bound literals of the objective counters and never
// adds them, so learned clauses stay valid across calls; the last UNSAT is
// the optimality proof. Uniqueness blocks the optimum's answer under an
// activation literal. Cores start from gini's failed assumptions over one
// selector literal per constraint group and are shrunk by deletion. Every
// model gini returns is decoded and checked with the model's Check before it
// is used; a failure is a *solver.IntegrityError.
//
// gini's own gotchas are handled here: all variables are numbered by the
// encoder, never by gini; Try is never used (a Solve after a Try keeps the
// old deadline, and time slices would make answers depend on timing);
// conflicts are read by reflection because gini v1.0.4 does not export its
// statistics.
package sat
