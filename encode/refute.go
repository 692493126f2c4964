package encode

import (
	"fmt"
	"io"
)

// CNF is a formula with the comment lines that say what it means, as
// written by Refutation.
type CNF struct {
	NumVars  int
	Clauses  [][]int32
	Comments []string
}

// WriteDIMACS writes f in DIMACS CNF with its comments first.
func (f *CNF) WriteDIMACS(w io.Writer) error {
	return WriteDIMACS(w, f.NumVars, f.Clauses, f.Comments...)
}

// Refutation returns the CNF whose unsatisfiability is the final claim of a
// certificate, with the encoding that decodes its models.
//
// With optimum nil it is the CNF of m with every constraint group switched
// on (as WriteModelDIMACS writes it): unsatisfiable exactly when m is
// infeasible. With optimum, the objective vector of a solution of m (one
// value per level, in the levels' senses), it adds the clauses "some
// solution is lexicographically better than optimum": fresh variables
// d_1..d_k, the clause (d_1 ∨ … ∨ d_k), and for each level L the clauses
// d_L → level j is at least as good as optimum[j] for j < L, and d_L →
// level L is strictly better than optimum[L], over the objective counters
// of ObjectiveBound (with one level, the single unit "strictly better").
// Since optimum is attained, "at least as good" on every earlier level is
// "equal" for any better solution, so the CNF is unsatisfiable exactly when
// optimum is the lexicographic optimum of m. title is the first comment
// line; the others say what the formula refutes and map m's variables and
// groups to CNF variables.
func Refutation(m *Model, optimum []int64, title string) (*CNF, *Encoding, error) {
	if optimum != nil && len(optimum) != len(m.Objectives) {
		return nil, nil, fmt.Errorf("encode: Refutation: %d objective values for %d levels", len(optimum), len(m.Objectives))
	}
	if optimum != nil && len(optimum) == 0 {
		return nil, nil, fmt.Errorf("encode: Refutation: the model has no objective to be optimal for")
	}
	log := &Log{}
	enc, err := Lower(m, log)
	if err != nil {
		return nil, nil, err
	}
	for _, s := range enc.Selector {
		enc.Add(s)
	}
	what := "a solution of the model (the model is infeasible)"
	if optimum != nil {
		what = fmt.Sprintf("a solution of the model lexicographically better than the objective vector %v (it is optimal)", optimum)
		// Build each counter at its larger bound first so that the
		// strict bound reuses it.
		as := make([]int32, len(optimum)) // level l at least as good as optimum[l]
		for l, v := range optimum {
			if as[l], err = enc.ObjectiveBound(l, v); err != nil {
				return nil, nil, err
			}
		}
		better := make([]int32, len(optimum)) // level l strictly better
		for l, v := range optimum {
			b := v - 1
			if m.Objectives[l].Sense == Maximize {
				b = v + 1
			}
			if better[l], err = enc.ObjectiveBound(l, b); err != nil {
				return nil, nil, err
			}
		}
		if len(optimum) == 1 {
			enc.Add(better[0])
		} else {
			d := make([]int32, len(optimum))
			for l := range d {
				d[l] = enc.NewVar()
			}
			enc.Add(d...)
			for l := range d {
				for j := range l {
					enc.Add(-d[l], as[j])
				}
				enc.Add(-d[l], better[l])
			}
		}
	}
	comments := append([]string{
		title,
		"Refutes " + what + ".",
		"Lowered by plancert's encode package. Variable 1 is the constant true.",
		"Integers are order-encoded: a variable with domain [lo, hi] has the hi-lo CNF",
		"variables first, first+1, ... meaning value >= lo+1, value >= lo+2, ...; a bool b",
		"is the one CNF variable [b >= 1]. Every constraint group is switched on by a",
		"unit clause on its selector.",
	}, mapComments(m, enc)...)
	return &CNF{NumVars: enc.NumVars(), Clauses: log.Clauses, Comments: comments}, enc, nil
}
