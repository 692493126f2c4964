package encode

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
)

// WriteDIMACS writes clauses in DIMACS CNF over nvars variables, each
// comment line first as "c <text>". It writes from a Log, our own record of
// the clauses, never from a solver's database (which may mix in learned
// clauses).
func WriteDIMACS(w io.Writer, nvars int, clauses [][]int32, comments ...string) error {
	bw := bufio.NewWriter(w)
	for _, c := range comments {
		fmt.Fprintf(bw, "c %s\n", c)
	}
	fmt.Fprintf(bw, "p cnf %d %d\n", nvars, len(clauses))
	var buf []byte
	for _, c := range clauses {
		buf = buf[:0]
		for _, l := range c {
			buf = strconv.AppendInt(buf, int64(l), 10)
			buf = append(buf, ' ')
		}
		buf = append(buf, '0', '\n')
		if _, err := bw.Write(buf); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// WriteModelDIMACS writes the CNF of m as lowered by Lower, with comment
// lines that map the model's variables and constraint groups to CNF
// variables, and one unit clause per group selector at the end so that the
// CNF is satisfiable exactly when the model is feasible. The first comment
// line is title. The objective is not encoded.
func WriteModelDIMACS(w io.Writer, m *Model, title string) error {
	log := &Log{}
	enc, err := Lower(m, log)
	if err != nil {
		return err
	}
	comments := append([]string{
		title,
		"Lowered by plancert's encode package. Variable 1 is the constant true.",
		"Integers are order-encoded: a variable with domain [lo, hi] has the hi-lo CNF",
		"variables first, first+1, ... meaning value >= lo+1, value >= lo+2, ...; a bool b",
		"is the one CNF variable [b >= 1]. The objective is not encoded.",
		"Every clause of a constraint is guarded by its group's selector; the last",
		fmt.Sprintf("%d clauses are the selector units (drop them to switch groups off).", len(enc.Selector)),
	}, mapComments(m, enc)...)
	clauses := log.Clauses
	for _, s := range enc.Selector {
		clauses = append(clauses, []int32{s})
	}
	return WriteDIMACS(w, enc.NumVars(), clauses, comments...)
}

// mapComments returns the comment lines that map m's variables and groups
// to the CNF variables of enc.
func mapComments(m *Model, enc *Encoding) []string {
	comments := []string{"var <first CNF variable, 0 if none> <lo> <hi> <name>"}
	for v, vi := range m.Vars {
		first := int32(0)
		if vi.Hi > vi.Lo {
			first = enc.Ge(Var(v), vi.Lo+1)
		}
		comments = append(comments, fmt.Sprintf("var %d %d %d %q", first, vi.Lo, vi.Hi, vi.Name))
	}
	comments = append(comments, "group <selector CNF variable> <name>")
	for i, g := range enc.Groups {
		comments = append(comments, fmt.Sprintf("group %d %q", enc.Selector[i], g))
	}
	return comments
}
