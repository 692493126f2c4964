package encode_test

import (
	"bufio"
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/plancert/plancert/encode"
)

// counter is a Sink that counts clauses and literals.
type counter struct{ clauses, lits int }

func (c *counter) AddClause(cl []int32) { c.clauses++; c.lits += len(cl) }

// TestLowerSinks: the clause counter, the Log and the tee see the same
// stream, and the Encoding's own count agrees.
func TestLowerSinks(t *testing.T) {
	m := encode.NewModel()
	x, y := m.NewInt("x", 0, 5), m.NewInt("y", 0, 5)
	a := m.NewBool("a")
	m.AddLinear([]encode.Term{{Var: x, Coef: 1}, {Var: y, Coef: 1}, {Var: a, Coef: 3}}, encode.LE, 6).Named("sum")
	m.AddAllDifferent(x, y).Named("diff")
	var c counter
	var log encode.Log
	e, err := encode.Lower(m, encode.Tee(&c, &log))
	if err != nil {
		t.Fatal(err)
	}
	if c.clauses != len(log.Clauses) || c.clauses != e.NumClauses() || c.clauses == 0 {
		t.Fatalf("counter %d, log %d, encoding %d", c.clauses, len(log.Clauses), e.NumClauses())
	}
	if len(e.Groups) != 2 || e.Groups[0] != "sum" || e.Groups[1] != "diff" {
		t.Fatalf("groups %v", e.Groups)
	}
}

// TestWriteDIMACS: the header counts match the body and every literal is
// in range.
func TestWriteDIMACS(t *testing.T) {
	m := encode.NewModel()
	var ls []encode.Lit
	for i := range 5 {
		ls = append(ls, m.NewBool(fmt.Sprintf("b%d", i)).Lit())
	}
	m.AddExactly(ls, 2).Named("two")
	var log encode.Log
	e, err := encode.Lower(m, &log)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := encode.WriteDIMACS(&buf, e.NumVars(), log.Clauses, "plancert test"); err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(&buf)
	var nv, nc, seen int
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "c "):
		case strings.HasPrefix(line, "p cnf "):
			fmt.Sscanf(line, "p cnf %d %d", &nv, &nc)
		default:
			seen++
			fs := strings.Fields(line)
			if fs[len(fs)-1] != "0" {
				t.Fatalf("clause %q does not end in 0", line)
			}
			for _, f := range fs[:len(fs)-1] {
				l, err := strconv.Atoi(f)
				if err != nil || l == 0 || l > nv || -l > nv {
					t.Fatalf("bad literal %q in %q", f, line)
				}
			}
		}
	}
	if nv != e.NumVars() || nc != len(log.Clauses) || seen != nc {
		t.Fatalf("header %d vars %d clauses, body %d clauses; encoding %d vars", nv, nc, seen, e.NumVars())
	}
}

// TestSingleIntObjectiveCostsNothing: an objective that is one integer uses
// the integer's order literals as its bounds, with no new clauses.
func TestSingleIntObjectiveCostsNothing(t *testing.T) {
	m := encode.NewModel()
	x := m.NewInt("x", 0, 100)
	m.Minimize(encode.Term{Var: x, Coef: 1})
	var c counter
	e, err := encode.Lower(m, &c)
	if err != nil {
		t.Fatal(err)
	}
	before := c.clauses
	l, err := e.ObjectiveBound(0, 40)
	if err != nil {
		t.Fatal(err)
	}
	if c.clauses != before {
		t.Errorf("bound added %d clauses", c.clauses-before)
	}
	if l != -e.Ge(x, 41) {
		t.Errorf("bound literal %d, want ¬[x ≥ 41] = %d", l, -e.Ge(x, 41))
	}
	if l, _ := e.ObjectiveBound(0, 100); l != e.True() {
		t.Errorf("bound at the top of the domain should be true, got %d", l)
	}
	if l, _ := e.ObjectiveBound(0, -1); l != -e.True() {
		t.Errorf("bound below the domain should be false, got %d", l)
	}
}
