package drup_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/plancert/plancert/solver/drup"
)

// Solve a formula, write its proof, and check the proof.
func Example() {
	// x1 ∨ x2 and its three other sign patterns: unsatisfiable.
	f, err := drup.ReadCNF(strings.NewReader("p cnf 2 4\n1 2 0\n-1 2 0\n1 -2 0\n-1 -2 0\n"), "f.cnf")
	if err != nil {
		fmt.Println(err)
		return
	}
	var proof bytes.Buffer
	r, err := drup.Solve(context.Background(), f, &proof)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("satisfiable: %v\nproof:\n%s", r.Sat, proof.String())
	st, err := drup.Check(context.Background(), f, &proof, "f.drup")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("checked: %d lemmas, the empty clause at line %d\n", st.Lemmas, st.EmptyLine)

	// A proof that stops short is rejected.
	_, err = drup.Check(context.Background(), f, strings.NewReader("1 0\n"), "short.drup")
	var re *drup.RejectError
	fmt.Println(errors.As(err, &re), err)
	// Output:
	// satisfiable: false
	// proof:
	// 1 0
	// 0
	// checked: 2 lemmas, the empty clause at line 2
	// true drup: proof rejected at line 1: the proof ends without deriving the empty clause
}
