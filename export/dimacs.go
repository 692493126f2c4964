package export

import (
	"bufio"
	"io"
	"strconv"
	"strings"

	"github.com/plancert/plancert/encode"
)

// WriteDIMACS writes the CNF of m as plancert's SAT backend solves it
// (encode.WriteModelDIMACS): the comment lines map every model variable to
// its order-encoding CNF variables. The objective is not encoded, so a SAT
// solver decides feasibility only.
func WriteDIMACS(w io.Writer, m *encode.Model, title string) error {
	return encode.WriteModelDIMACS(w, m, oneLine(title))
}

// discard is a Sink that drops clauses.
type discard struct{}

func (discard) AddClause([]int32) {}

// ReadDIMACSSolution reads a SAT solver's answer in the SAT competition
// format for the CNF of WriteDIMACS: "s SATISFIABLE" and "v" lines of
// literals ended by 0 (Feasible, decoded to the model's variables through
// the order encoding), "s UNSATISFIABLE" (Infeasible) or "s UNKNOWN".
// Comment lines ("c") are skipped; a variable not listed counts as false.
func ReadDIMACSSolution(r io.Reader, m *encode.Model) (*Solution, error) {
	enc, err := encode.Lower(m, discard{})
	if err != nil {
		return nil, err
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), 1<<24)
	var st Status
	trueVars := map[int32]bool{}
	line := 0
	for sc.Scan() {
		line++
		t := strings.TrimSpace(sc.Text())
		switch {
		case t == "" || strings.HasPrefix(t, "c"):
		case strings.HasPrefix(t, "s "):
			if st != "" {
				return nil, solutionErrorf(DIMACS, line, "a second status line")
			}
			switch strings.TrimSpace(t[2:]) {
			case "SATISFIABLE":
				st = Feasible
			case "UNSATISFIABLE":
				st = Infeasible
			case "UNKNOWN":
				st = Unknown
			default:
				return nil, solutionErrorf(DIMACS, line, "unknown status %q", t)
			}
		case strings.HasPrefix(t, "v"):
			for _, f := range strings.Fields(t[1:]) {
				l, err := strconv.ParseInt(f, 10, 32)
				if err != nil {
					return nil, solutionErrorf(DIMACS, line, "%q is not a literal", f)
				}
				if l > 0 {
					trueVars[int32(l)] = true
				}
			}
		default:
			return nil, solutionErrorf(DIMACS, line, "want a line starting with c, s or v, got %q", t)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	switch st {
	case "":
		return nil, solutionErrorf(DIMACS, 0, "no status line (\"s SATISFIABLE\", ...)")
	case Feasible:
		value := func(l int32) bool {
			if l < 0 {
				return !trueVars[-l]
			}
			return trueVars[l]
		}
		return &Solution{Status: Feasible, Values: enc.Decode(value)}, nil
	}
	return &Solution{Status: st}, nil
}
