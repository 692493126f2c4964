// Package export writes encode models in the input languages of other
// solvers, so that anyone can re-solve a plancert model with the solver of
// their choice, and reads those solvers' answers back into an
// encode.Assignment, so that every answer can be checked with the model's
// own Check.
//
// Four formats (see Format):
//
//   - LP, the CPLEX LP format as read by COIN-OR CBC ("cbc model.lp solve
//     solu out.txt") and most MIP solvers: every constraint kind is
//     linearised with binary helper variables and big-M rows (WriteLP);
//     ReadCBCSolution reads CBC's solution file.
//   - MZN, MiniZinc for the Gecode solver of MiniZinc 2.6 ("minizinc
//     --solver gecode model.mzn"): global constraints where Gecode has them,
//     decompositions elsewhere (WriteMZN); ReadMZNSolution reads the output.
//   - SMT2, SMT-LIB 2 with z3's optimization commands ("z3 model.smt2"):
//     one (minimize ...) or (maximize ...) per level under
//     (set-option :opt.priority lex) (WriteSMT2); ReadZ3Solution reads the
//     output of (check-sat) and (get-value ...).
//   - DIMACS, the CNF that plancert's SAT backend solves, from
//     encode.WriteModelDIMACS (WriteDIMACS); ReadDIMACSSolution decodes the
//     "v" lines of a SAT solver's answer. The objective is not encoded.
//
// Each writer documents how it maps the constraint kinds. Variable names are
// kept where the format allows them, and otherwise sanitized the same way by
// the writer and the reader of a format (see Names), so that a solution
// file names the model's variables.
//
// LP and MiniZinc have one objective: a model with several lexicographic
// levels is written with one weighted objective when the weights stay within
// LexLimit (Combine), and otherwise the writers return a *LexError; Stage
// then gives the model of one level with the earlier levels fixed, to be
// solved one level after another.
//
// export imports encode only; running the solvers is the business of its
// callers (internal/peers).
package export
