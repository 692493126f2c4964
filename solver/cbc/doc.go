// Package cbc is plancert's independent cross-check backend: the same
// encode models, translated to mixed-integer programs and solved by COIN-OR
// CBC (branch and cut over LP relaxations) through cgo. It shares no
// encoding with the SAT backend — no clauses, no order encoding — so when
// the two agree on status and optimum, a bug in one encoding would have to
// be matched by a bug in the other.
//
// # Building
//
// CBC is linked only with the build tag cbc (Debian: apt-get install
// coinor-libcbc-dev; "make build-cbc", "make test-cbc"). Without the tag
// the package still builds: Available reports false, and New and
// Backend.Load fail with ErrNotBuilt, which says how to build with CBC.
//
// # Translation
//
// Every variable is an integer column with its domain (a bool is a binary).
// A constraint with enforcement literals (OnlyIf) is written as rows that
// each get a big-M relaxation by the number of false enforcement literals,
// M computed from the column bounds so that one false literal frees the
// row; a negative literal counts as 1 − x. A conditional linear row over
// a single integer of at most 512 values ("end = 7 if x") is written with
// that integer's value indicators instead (one binary per value, exactly
// one true): the enforcement literals imply the sum of the indicators of
// the values that satisfy the row — the tightest form, without which the
// LP bound of a scheduling model is empty and CBC is 30 times slower.
// Other linear and cardinality constraints are one row (two for a
// conditional equality). AllDifferent
// and NoOverlap are pairwise disjunctions on a binary per pair (NoOverlap
// also enforced by both presence literals). Circuit is degree rows plus
// Miller–Tucker–Zemlin ranks. Element and Table choose one of a set of
// binaries (an index value, a tuple) that sum to 1; Max is target ≥ every
// variable and ≤ the one picked by such binaries.
//
// # Solving
//
// Each solve builds a fresh CBC model from the translation (CBC's model
// data is not valid after a solve), under one global lock: CBC is not
// thread-safe, even with separate models. Lexicographic objectives are
// solved level by level, each proven optimum held by an equality row in
// the next level's model, which starts from the last level's optimum (a
// MIP start; the bound is still CBC's own proof). Optimal and Infeasible are reported only when
// CBC proves them (Cbc_isProvenOptimal, Cbc_isProvenInfeasible); every
// solution is rounded, checked with the model's Check and its objective
// compared with CBC's, a failure being a *solver.IntegrityError.
//
// Unique is one more solve with every level held and a no-good row over
// the answer variables (a binary indicator for "below" and one for
// "above" the value of each integer). Enumerate repeats it. Explain finds
// a minimal core of constraint groups by QuickXplain over feasibility
// solves of subsets, then one solve per member without it gives the
// member's witness.
//
// A context deadline becomes CBC's time limit (wall clock). A context
// cancelled without a deadline cannot stop a solve in progress: its result
// is discarded and the status is Unknown.
package cbc
