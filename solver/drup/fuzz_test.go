package drup_test

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/plancert/plancert/solver/drup"
)

// FuzzCheck: any CNF text and any proof bytes: no panic, and a proof is
// never accepted for a formula that brute force satisfies.
func FuzzCheck(f *testing.F) {
	f.Add(needsLemmas, []byte(needsLemmasProof))
	f.Add(complete3, []byte("1 0\n-1 2 0\n0\n"))
	f.Add(complete3, []byte("-4 1 0\n-4 2 0\nd 1 2 3 0\n4 -1 -2 0\n1 0\n-1 2 0\n0\n"))
	f.Add("p cnf 2 2\n1 2 0\n-1 0\n", []byte("0\n"))
	f.Add("p cnf 2 1\n1 2 0\n", []byte("a\x02\x00a\x00"))
	f.Fuzz(func(t *testing.T, cnf string, proof []byte) {
		formula, err := drup.ReadCNF(strings.NewReader(cnf), "fuzz.cnf")
		if err != nil || formula.NumVars > 16 || len(formula.Clauses) > 200 {
			return
		}
		_, err = drup.Check(context.Background(), formula, bytes.NewReader(proof), "fuzz.drup")
		if err == nil && bruteSat(formula) {
			t.Fatalf("a proof was accepted for a satisfiable formula\n%s\nproof %q", cnf, proof)
		}
	})
}

// FuzzCheckClauses draws a formula and a proof from the bytes (more
// formulas and proofs per input than FuzzCheck's text finds): the first
// byte picks 1–6 variables, then each byte is a literal (0 ends a clause),
// 0xff ends the formula and 0xfe makes the next proof clause a deletion.
// No proof is accepted for a satisfiable formula; Solve agrees with brute
// force and its proofs check.
func FuzzCheckClauses(f *testing.F) {
	f.Add([]byte{3, 1, 2, 3, 0, 1, 2, 4, 0, 1, 5, 3, 0, 1, 5, 4, 0, 2, 2, 3, 0, 2, 2, 4, 0, 2, 6, 3, 0, 2, 6, 4, 0, 0xff, 1, 0, 2, 3, 0, 0})
	f.Add([]byte{2, 1, 3, 0, 2, 3, 0, 1, 4, 0, 2, 4, 0, 0xff, 0xfe, 1, 3, 0, 3, 0, 0})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) == 0 {
			return
		}
		n := 1 + int(data[0])%6
		lit := func(b byte) int32 { // 1..2n → ±1..±n
			k := int32(b) % int32(2*n)
			if k%2 == 0 {
				return k/2 + 1
			}
			return -(k/2 + 1)
		}
		formula := &drup.CNF{NumVars: n}
		var proof strings.Builder
		var cur []int32
		inProof := false
		for _, b := range data[1:] {
			switch {
			case b == 0xff && !inProof:
				if len(cur) > 0 {
					formula.Clauses = append(formula.Clauses, cur)
					cur = nil
				}
				inProof = true
			case b == 0xfe && inProof:
				proof.WriteString("d ")
			case b == 0 && !inProof:
				formula.Clauses = append(formula.Clauses, cur)
				cur = nil
			case b == 0:
				proof.WriteString("0\n")
			case !inProof:
				cur = append(cur, lit(b-1))
			default:
				fmt.Fprintf(&proof, "%d ", lit(b-1))
			}
		}
		if len(cur) > 0 {
			formula.Clauses = append(formula.Clauses, cur)
		}
		sat := bruteSat(formula)
		_, err := drup.Check(context.Background(), formula, strings.NewReader(proof.String()), "fuzz")
		if err == nil && sat {
			t.Fatalf("a proof was accepted for a satisfiable formula %v\nproof:\n%s", formula.Clauses, proof.String())
		}
		var buf bytes.Buffer
		r, err := drup.Solve(context.Background(), formula, &buf)
		if err != nil {
			t.Fatal(err)
		}
		if r.Sat != sat {
			t.Fatalf("Solve says sat=%v, brute force %v: %v", r.Sat, sat, formula.Clauses)
		}
		if !sat {
			if _, err := drup.Check(context.Background(), formula, &buf, "solve"); err != nil {
				t.Fatalf("proof of Solve rejected: %v\n%v\n%s", err, formula.Clauses, buf.String())
			}
		}
	})
}
