//go:build cbc

package cbc_test

import (
	"context"
	"fmt"

	"github.com/plancert/plancert/encode"
	"github.com/plancert/plancert/solver"
	"github.com/plancert/plancert/solver/cbc"
	"github.com/plancert/plancert/solver/sat"
)

// Two tasks on one machine, the second released at time 2, certified by
// CBC and, as a cross-check, by the SAT backend with CBC confirming it:
// the same proven optimum, the same unique plan.
func Example() {
	m := encode.NewModel()
	a := m.NewInt("a", 0, 10)
	b := m.NewInt("b", 2, 10)
	end := m.NewInt("end", 0, 20)
	m.AddNoOverlap(encode.Interval{Start: a, Duration: 3}, encode.Interval{Start: b, Duration: 4}).Named("one machine")
	m.AddLinear([]encode.Term{{Var: end, Coef: 1}, {Var: a, Coef: -1}}, encode.GE, 3).Named("end after a")
	m.AddLinear([]encode.Term{{Var: end, Coef: 1}, {Var: b, Coef: -1}}, encode.GE, 4).Named("end after b")
	m.Minimize(encode.Term{Var: end, Coef: 1})
	m.SetAnswer(a, b)

	for _, be := range []solver.Backend{cbc.Backend{}, solver.CrossCheck(sat.Backend{}, cbc.Backend{})} {
		c, err := solver.Certify(context.Background(), be, m)
		if err != nil {
			panic(err)
		}
		fmt.Println(be.Name(), c.Status, c.Objective, "a =", c.Solution[a], "b =", c.Solution[b], "unique:", *c.Unique)
	}
	// Output:
	// cbc optimal [7] a = 0 b = 3 unique: true
	// sat+cbc optimal [7] a = 0 b = 3 unique: true
}

// An infeasible model is explained by a minimal set of named constraints;
// the unrelated one is left out.
func Example_core() {
	m := encode.NewModel()
	x := m.NewInt("x", 0, 10)
	y := m.NewInt("y", 0, 10)
	m.AddLinear([]encode.Term{{Var: x, Coef: 1}, {Var: y, Coef: 1}}, encode.LE, 5).Named("budget")
	m.AddLinear([]encode.Term{{Var: x, Coef: 1}}, encode.GE, 3).Named("x needs 3")
	m.AddLinear([]encode.Term{{Var: y, Coef: 1}}, encode.GE, 3).Named("y needs 3")
	m.AddLinear([]encode.Term{{Var: y, Coef: 1}}, encode.LE, 9).Named("y cap")

	c, err := solver.Certify(context.Background(), cbc.Backend{}, m)
	if err != nil {
		panic(err)
	}
	fmt.Println(c.Status, c.Core)
	// Output: infeasible [budget x needs 3 y needs 3]
}
