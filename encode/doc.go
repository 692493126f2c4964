// Package encode is plancert's backend-neutral modeling API and its lowering
// to CNF.
//
// A Model holds Boolean and bounded integer variables, named constraints
// (linear, at-most / at-least / exactly-k, all-different, no-overlap of
// intervals, circuit, element, table, max), each optionally enforced by
// literals (OnlyIf), lexicographic objective levels and the answer variables
// — the projection that decides when two solutions are the same plan. The
// builder follows OR-tools CP-SAT: NewBool and NewInt make variables, AddX
// adds a constraint and returns it for OnlyIf and Named.
//
// Model.Check is the semantics: a solution is an Assignment that Check
// accepts. Lower turns a model into clauses for a SAT solver; its encodings
// and the papers they come from are described in lower.go.
package encode
