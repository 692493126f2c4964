package export

import (
	"fmt"
	"io"
	"strings"

	"github.com/plancert/plancert/encode"
)

// Format is an export format, named as on the command line.
type Format string

// The formats.
const (
	LP     Format = "lp"
	MZN    Format = "mzn"
	SMT2   Format = "smt2"
	DIMACS Format = "dimacs"
)

// Formats lists the formats in the order they are documented.
var Formats = []Format{LP, MZN, SMT2, DIMACS}

// ParseFormat returns the format named s ("lp", "mzn", "smt2", "dimacs").
func ParseFormat(s string) (Format, error) {
	for _, f := range Formats {
		if string(f) == s {
			return f, nil
		}
	}
	names := make([]string, len(Formats))
	for i, f := range Formats {
		names[i] = string(f)
	}
	return "", fmt.Errorf("export: unknown format %q (want %s)", s, strings.Join(names, ", "))
}

// Write writes m in format f, with title in the file's first comment line.
func Write(w io.Writer, m *encode.Model, f Format, title string) error {
	switch f {
	case LP:
		return WriteLP(w, m, title)
	case MZN:
		return WriteMZN(w, m, title)
	case SMT2:
		return WriteSMT2(w, m, title)
	case DIMACS:
		return WriteDIMACS(w, m, title)
	}
	_, err := ParseFormat(string(f))
	return err
}

// Status is what a solver reported about a model. The names are those of
// solver.Status, so callers can convert with its UnmarshalText.
type Status string

// The statuses a reader can report. Optimal and Infeasible are proven
// answers; Feasible is a solution of a model without objective (or one
// whose optimality was not proven); Unknown means nothing was established.
const (
	Optimal    Status = "optimal"
	Feasible   Status = "feasible"
	Infeasible Status = "infeasible"
	Unknown    Status = "unknown"
)

// Solution is a solver's answer read back: its status and, when the solver
// gave one, a value for every variable of the model (Values is nil
// otherwise). Values is not checked: call the model's Check.
type Solution struct {
	Status Status
	Values encode.Assignment
}

// SolutionError is a solver output that cannot be read: the format, the
// line (counting from 1; 0 when the whole output is concerned) and the
// reason.
type SolutionError struct {
	Format Format
	Line   int
	Reason string
}

func (e *SolutionError) Error() string {
	if e.Line == 0 {
		return fmt.Sprintf("export: %s solution: %s", e.Format, e.Reason)
	}
	return fmt.Sprintf("export: %s solution: line %d: %s", e.Format, e.Line, e.Reason)
}

func solutionErrorf(f Format, line int, format string, args ...any) *SolutionError {
	return &SolutionError{Format: f, Line: line, Reason: fmt.Sprintf(format, args...)}
}

// ExportError says a model cannot be written in a format, and why: the
// format, the constraint or variable concerned (empty for the whole model)
// and the reason.
type ExportError struct {
	Format Format
	What   string
	Reason string
}

func (e *ExportError) Error() string {
	if e.What == "" {
		return fmt.Sprintf("export: %s: %s", e.Format, e.Reason)
	}
	return fmt.Sprintf("export: %s: %s: %s", e.Format, e.What, e.Reason)
}
