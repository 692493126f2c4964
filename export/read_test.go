package export_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/plancert/plancert/encode"
	"github.com/plancert/plancert/export"
)

// readModelFor is a small model with a negative bound, a bool and a name
// that every format but SMT-LIB sanitizes.
func readModelFor(objective bool) *encode.Model {
	m := encode.NewModel()
	x := m.NewInt("x", -2, 3)
	m.NewBool("b")
	m.NewInt("a b", 0, 4)
	if objective {
		m.Minimize(encode.Term{Var: x, Coef: 1})
	}
	return m
}

type readCase struct {
	name      string
	objective bool
	out       string
	status    export.Status
	values    []int64
	err       string // a substring of the error
}

func runReadCases(t *testing.T, read func(string, *encode.Model) (*export.Solution, error), cases []readCase) {
	t.Helper()
	for _, tc := range cases {
		sol, err := read(tc.out, readModelFor(tc.objective))
		if tc.err != "" {
			var se *export.SolutionError
			if err == nil || !errors.As(err, &se) || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%s: error %v, want a *SolutionError with %q", tc.name, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if sol.Status != tc.status || !slices.Equal([]int64(sol.Values), tc.values) {
			t.Errorf("%s: %s %v, want %s %v", tc.name, sol.Status, sol.Values, tc.status, tc.values)
		}
	}
}

func TestReadCBCSolution(t *testing.T) {
	read := func(s string, m *encode.Model) (*export.Solution, error) {
		return export.ReadCBCSolution(strings.NewReader(s), m)
	}
	runReadCases(t, read, []readCase{
		{"optimal", true, "Optimal - objective value -2.00000000\n      0 x   -2   1\n      1 a_b   4   0\n      2 c0_before_0_1  1  0\n", export.Optimal, []int64{-2, 0, 4}, ""},
		{"feasible without objective", false, "Optimal - objective value 0.00000000\n**    1 b   1   0\n", export.Feasible, []int64{0, 1, 0}, ""},
		{"rounding", true, "Optimal - objective value 1\n 0 x 0.9999999 0\n 1 b 1e-09 0\n", export.Optimal, []int64{1, 0, 0}, ""},
		{"infeasible", true, "Infeasible - objective value 0.00000000\n", export.Infeasible, nil, ""},
		{"integer infeasible", true, "Integer infeasible - objective value 0.00000000\n", export.Infeasible, nil, ""},
		{"stopped", true, "Stopped on time - objective value 3.00000000\n 0 x 3 0\n", export.Unknown, nil, ""},
		{"not an integer", true, "Optimal - objective value 0.5\n 0 x 0.5 0\n", "", nil, "line 2: value of x: 0.5 is not an integer"},
		{"short line", true, "Optimal - objective value 0\n 0 x\n", "", nil, "line 2: want"},
		{"unknown status", true, "Bogus\n", "", nil, `line 1: unknown status line "Bogus"`},
		{"empty", true, "", "", nil, "empty solution file"},
	})
}

func TestReadMZNSolution(t *testing.T) {
	read := func(s string, m *encode.Model) (*export.Solution, error) {
		return export.ReadMZNSolution(strings.NewReader(s), m)
	}
	runReadCases(t, read, []readCase{
		{"optimal, last solution counts", true, "x = 3\nb = true\na_b = 0\n----------\nx = -2\nb = false\na_b = 4\n----------\n==========\n", export.Optimal, []int64{-2, 0, 4}, ""},
		{"not proven optimal", true, "x = 3\nb = true\na_b = 0\n----------\n", export.Feasible, []int64{3, 1, 0}, ""},
		{"satisfaction", false, "% a comment\nx = 0\nb = false\na_b = 1\n----------\n", export.Feasible, []int64{0, 0, 1}, ""},
		{"helper names skipped", false, "x = 0\nc0_succ = [1]\nb = true\na_b = 1\n----------\n", export.Feasible, []int64{0, 1, 1}, ""},
		{"unsatisfiable", true, "=====UNSATISFIABLE=====\n", export.Infeasible, nil, ""},
		{"unknown", true, "=====UNKNOWN=====\n", export.Unknown, nil, ""},
		{"nothing", true, "", export.Unknown, nil, ""},
		{"error", true, "=====ERROR=====\n", "", nil, "MiniZinc reported an error"},
		{"missing value", true, "x = 1\nb = true\n----------\n", "", nil, "line 3: the solution gives no value to a_b"},
		{"bad value", true, "x = one\n", "", nil, `line 1: value of x: "one" is not an integer`},
		{"bad line", true, "x: 1\n", "", nil, `line 1: want "name = value"`},
		{"separator alone", true, "----------\n", "", nil, "line 1: a solution separator without a solution"},
	})
}

func TestReadZ3Solution(t *testing.T) {
	read := func(s string, m *encode.Model) (*export.Solution, error) {
		return export.ReadZ3Solution(strings.NewReader(s), m)
	}
	runReadCases(t, read, []readCase{
		{"optimal", true, "sat\n((x (- 2))\n (b false)\n (|a b| 4))\n", export.Optimal, []int64{-2, 0, 4}, ""},
		{"feasible", false, "sat\n((x 3) (b true) (|a b| 0))\n", export.Feasible, []int64{3, 1, 0}, ""},
		{"unsat with the error that follows", true, "unsat\n(error \"line 9 column 10: model is not available\")\n", export.Infeasible, nil, ""},
		{"unknown", true, "unknown\n", export.Unknown, nil, ""},
		{"missing value", true, "sat\n((x 1) (b true))\n", "", nil, "no value for a b"},
		{"unknown name", true, "sat\n((x 1) (b true) (|a b| 2) (y 3))\n", "", nil, `"y" is no variable of the model`},
		{"bad value", true, "sat\n((x 1.5) (b true) (|a b| 2))\n", "", nil, "value of x"},
		{"unclosed", true, "sat\n((x 1) (b true)", "", nil, "unclosed list"},
		{"error instead of values", true, "sat\n(error \"boom\")\n", "", nil, "an error message?"},
		{"garbage", true, "segmentation fault\n", "", nil, `line 1: want sat, unsat or unknown, got "segmentation fault"`},
	})
}

func TestReadDIMACSSolution(t *testing.T) {
	read := func(s string, m *encode.Model) (*export.Solution, error) {
		return export.ReadDIMACSSolution(strings.NewReader(s), m)
	}
	// CNF variables: 1 is true; x ≥ -1..3 are 2–6; b is 7; "a b" ≥ 1..4 are 8–11.
	runReadCases(t, read, []readCase{
		{"satisfiable", false, "c comment\ns SATISFIABLE\nv 1 2 3 -4 -5 -6 7 8\nv 9 10 -11 0\n", export.Feasible, []int64{0, 1, 3}, ""},
		{"unlisted variables are false", false, "s SATISFIABLE\nv 1 0\n", export.Feasible, []int64{-2, 0, 0}, ""},
		{"unsatisfiable", false, "s UNSATISFIABLE\n", export.Infeasible, nil, ""},
		{"unknown", false, "s UNKNOWN\n", export.Unknown, nil, ""},
		{"no status", false, "v 1 0\n", "", nil, "no status line"},
		{"two statuses", false, "s SATISFIABLE\ns SATISFIABLE\n", "", nil, "line 2: a second status line"},
		{"bad literal", false, "s SATISFIABLE\nv 1 x 0\n", "", nil, `line 2: "x" is not a literal`},
		{"bad line", false, "s SATISFIABLE\nq\n", "", nil, "line 2: want a line starting with c, s or v"},
	})
}
