package brute_test

import (
	"context"
	"fmt"

	"github.com/plancert/plancert/encode"
	"github.com/plancert/plancert/solver/brute"
)

// Maximize 2x + y subject to x + y ≤ 4 with x, y in [0, 3]: the optimum is
// x = 3, y = 1 with value 7, and it is the only one.
func ExampleBackend() {
	m := encode.NewModel()
	x := m.NewInt("x", 0, 3)
	y := m.NewInt("y", 0, 3)
	m.AddLinear([]encode.Term{{Var: x, Coef: 1}, {Var: y, Coef: 1}}, encode.LE, 4).Named("budget")
	m.Maximize(encode.Term{Var: x, Coef: 2}, encode.Term{Var: y, Coef: 1})

	s, err := brute.Backend{}.Load(m)
	if err != nil {
		fmt.Println(err)
		return
	}
	ctx := context.Background()
	r, err := s.Optimize(ctx)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(r.Status, r.Objective, r.Solution)
	u, err := s.Unique(ctx, r)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("proven:", u.Proven, "unique:", u.Unique)
	// Output:
	// optimal [7] [3 1]
	// proven: true unique: true
}
