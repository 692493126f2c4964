package encode_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/plancert/plancert/encode"
)

// TestRefutationErrors: a claim must have one value per level, and a
// model without objective has no optimum to refute.
func TestRefutationErrors(t *testing.T) {
	m := encode.NewModel()
	x := m.NewInt("x", 0, 3)
	if _, _, err := encode.Refutation(m, []int64{}, "t"); err == nil || !strings.Contains(err.Error(), "no objective") {
		t.Errorf("no objective: %v", err)
	}
	m.Minimize(encode.Term{Var: x, Coef: 1})
	if _, _, err := encode.Refutation(m, []int64{1, 2}, "t"); err == nil || !strings.Contains(err.Error(), "2 objective values for 1 levels") {
		t.Errorf("two values for one level: %v", err)
	}
}

// TestRefutationHeader: the DIMACS file says what it refutes, and its
// header counts every clause (the model's, the selector units and the
// bound).
func TestRefutationHeader(t *testing.T) {
	m := encode.NewModel()
	x := m.NewInt("x", 0, 3)
	y := m.NewInt("y", 0, 3)
	m.AddLinear([]encode.Term{{Var: x, Coef: 1}, {Var: y, Coef: 1}}, encode.GE, 2).Named("sum")
	m.Minimize(encode.Term{Var: x, Coef: 1})
	m.Maximize(encode.Term{Var: y, Coef: 1})
	f, _, err := encode.Refutation(m, []int64{0, 3}, "title line")
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := f.WriteDIMACS(&buf); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	for _, want := range []string{
		"c title line\n",
		"c Refutes a solution of the model lexicographically better than the objective vector [0 3] (it is optimal).\n",
		"c group 8 \"sum\"\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in\n%s", want, out)
		}
	}
	clauses := 0
	for _, l := range strings.Split(out, "\n") {
		if l != "" && !strings.HasPrefix(l, "c ") && !strings.HasPrefix(l, "p ") {
			clauses++
		}
	}
	if !strings.Contains(out, fmt.Sprintf("p cnf %d %d\n", f.NumVars, clauses)) || clauses != len(f.Clauses) {
		t.Errorf("header does not count the %d clauses:\n%s", clauses, out)
	}
}
