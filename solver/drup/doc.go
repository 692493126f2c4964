// Package drup makes and checks clausal proofs of unsatisfiability, in pure
// Go and independently of the SAT backend (it imports neither gini nor
// encode).
//
// Check verifies a DRUP or DRAT proof in the text format of the SAT
// competitions against a CNF formula: each added lemma must follow from the
// current clause set by reverse unit propagation (RUP: assigning its
// negation and propagating gives a conflict) or, failing that, be a
// resolution asymmetric tautology (RAT) on its first literal; lines
// "d l1 l2 ... 0" delete clauses. The proof must derive the empty clause: a
// proof that ends without it is rejected, even when the formula is
// unsatisfiable and even when the proof is empty.
//
// Solve is a small conflict-driven clause-learning solver (two watched
// literals, first-UIP learning with recursive clause minimization, VSIDS
// with phase saving, Luby restarts, learned-clause deletion) that writes
// every learned clause, and every deletion, to a DRUP proof ending with the
// empty clause when the formula is unsatisfiable. It is deterministic: the
// same formula gives the same answer and the same proof, byte for byte.
//
// ReadCNF reads DIMACS CNF. Ill-formed input is a *SyntaxError naming the
// file, the line and the reason; a proof that does not verify is a
// *RejectError naming the line and the lemma.
package drup
