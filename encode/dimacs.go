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
