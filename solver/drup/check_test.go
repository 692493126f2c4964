package drup_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/plancert/plancert/solver/drup"
)

// needsLemmas is unsatisfiable, but unit propagation alone does not refute
// it: x1 ∨ x2 (from clauses 1–2 by resolution on x3), ¬x1 (from clauses
// 3–6, a case split on x4 and x5) and ¬x2 (from clauses 7–10, on x6 and x7).
const needsLemmas = `c a formula that needs lemmas
p cnf 7 10
1 2 3 0
1 2 -3 0
-1 4 5 0
-1 4 -5 0
-1 -4 5 0
-1 -4 -5 0
-2 6 7 0
-2 6 -7 0
-2 -6 7 0
-2 -6 -7 0
`

// needsLemmasProof refutes needsLemmas; every lemma is RUP.
const needsLemmasProof = `1 2 0
-1 4 0
-1 0
-2 6 0
-2 0
0
`

// complete3 is the formula of all eight clauses over three variables.
const complete3 = `p cnf 3 8
1 2 3 0
1 2 -3 0
1 -2 3 0
1 -2 -3 0
-1 2 3 0
-1 2 -3 0
-1 -2 3 0
-1 -2 -3 0
`

func readCNF(t testing.TB, s string) *drup.CNF {
	t.Helper()
	f, err := drup.ReadCNF(strings.NewReader(s), "test.cnf")
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// TestCheck: valid proofs are accepted with the counts they should have,
// and each kind of corruption is rejected at the line where it shows. The
// expected lines follow from the comments (worked out by hand, not by
// running the checker).
func TestCheck(t *testing.T) {
	satisfiable := strings.Replace(needsLemmas, "p cnf 7 10", "p cnf 7 6", 1)
	satisfiable = satisfiable[:strings.Index(satisfiable, "-2 6 7 0")] // clauses 1–6: x2 true, x1 false
	tests := []struct {
		name, cnf, proof string
		// want: the line of the empty clause (accepted), or the line of
		// the rejection with a piece of its reason.
		accept   bool
		line     int
		reason   string
		rup, rat int
	}{
		{name: "valid", cnf: needsLemmas, proof: needsLemmasProof, accept: true, line: 6, rup: 6},
		{name: "comments and blank lines", cnf: needsLemmas, proof: "c hello\n\n" + needsLemmasProof, accept: true, line: 8, rup: 6},
		{name: "lemma across lines", cnf: needsLemmas, proof: "1\n2 0 -1 4 0\n-1 0 -2 6 0 -2 0\n0\n", accept: true, line: 4, rup: 6},
		{name: "lines after the empty clause are not read", cnf: needsLemmas, proof: needsLemmasProof + "garbage\n", accept: true, line: 6, rup: 6},
		// Without "-1 4", ¬x1 is neither RUP (x1 gives only 2-clauses) nor
		// RAT (the resolvent x2 with "1 2" is not RUP).
		{name: "dropped lemma", cnf: needsLemmas, proof: "1 2 0\n-1 0\n-2 6 0\n-2 0\n0\n", line: 2, reason: "not RAT on its first literal -1"},
		// x1 ∨ ¬x2: ¬x1 and x2 give only 2-clauses; not RAT on x1 either
		// (the resolvent ¬x2 ∨ x4 ∨ x5 with clause 3 propagates only ¬x1).
		{name: "flipped literal", cnf: needsLemmas, proof: "1 -2 0\n-1 4 0\n-1 0\n-2 6 0\n-2 0\n0\n", line: 1, reason: "not RAT on its first literal 1"},
		{name: "missing empty clause", cnf: needsLemmas, proof: strings.TrimSuffix(needsLemmasProof, "0\n"), line: 5, reason: "ends without deriving the empty clause"},
		{name: "empty proof", cnf: needsLemmas, proof: "", line: 0, reason: "ends without deriving the empty clause"},
		{name: "empty clause too early", cnf: needsLemmas, proof: "1 2 0\n0\n", line: 2, reason: "the empty clause does not follow"},
		// The formula is satisfiable: no proof can pass, not even one whose
		// lemmas are RUP.
		{name: "satisfiable formula", cnf: satisfiable, proof: "1 2 0\n-1 4 0\n-1 0\n0\n", line: 4, reason: "the empty clause does not follow"},
		{name: "satisfiable formula, empty clause only", cnf: satisfiable, proof: "0\n", line: 1, reason: "the empty clause does not follow"},
		// Deleting clause 1 loses "1 2": with ¬x1, ¬x2 only clause 2 propagates.
		{name: "deleted clause is gone", cnf: needsLemmas, proof: "d 1 2 3 0\n" + needsLemmasProof, line: 2, reason: "not RAT"},
		{name: "deleting a clause in another order", cnf: needsLemmas, proof: "d 3 2 1 0\n" + needsLemmasProof, line: 2, reason: "not RAT"},
		{name: "deleting an absent clause changes nothing", cnf: needsLemmas, proof: "d 1 2 0\n" + needsLemmasProof, accept: true, line: 7, rup: 6},
		// x1 is RAT on x1 in complete3: every resolvent is a clause of
		// complete3 with x1 removed, which propagation refutes.
		{name: "RAT lemma", cnf: complete3, proof: "1 0\n-1 2 0\n0\n", accept: true, line: 3, rup: 2, rat: 1},
		// Extended resolution, x4 ↔ x1 ∧ x2: "-4 1" is RAT (no clause has
		// x4), "-4 2" and "4 -1 -2" are then RUP (x4 ∧ ¬x2 gives x1, and
		// x1 ∧ x2 alone falsify two clauses of complete3); "1" is RAT on x1
		// (its resolvent "4 -2" with "4 -1 -2" gives ¬x1, then x1 ∨ ¬x2 ∨
		// ±x3 conflict), and the rest as in "RAT lemma".
		{name: "fresh variable", cnf: complete3, proof: "-4 1 0\n-4 2 0\n4 -1 -2 0\n1 0\n-1 2 0\n0\n", accept: true, line: 6, rup: 4, rat: 2},
		{name: "formula refuted by propagation", cnf: "p cnf 2 3\n1 0\n-1 2 0\n-2 0\n", proof: "0\n", accept: true, line: 1, rup: 1},
		{name: "formula with the empty clause", cnf: "p cnf 1 1\n0\n", proof: "0\n", accept: true, line: 1, rup: 1},
		{name: "formula with the empty clause, empty proof", cnf: "p cnf 1 1\n0\n", proof: "", line: 0, reason: "ends without deriving"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := readCNF(t, tt.cnf)
			st, err := drup.Check(context.Background(), f, strings.NewReader(tt.proof), "test.drup")
			if tt.accept {
				if err != nil {
					t.Fatalf("rejected: %v", err)
				}
				if st.EmptyLine != tt.line || st.RUP != tt.rup || st.RAT != tt.rat || st.Lemmas != tt.rup+tt.rat {
					t.Fatalf("stats %+v, want empty clause at line %d, %d RUP, %d RAT", st, tt.line, tt.rup, tt.rat)
				}
				return
			}
			var re *drup.RejectError
			if !errors.As(err, &re) {
				t.Fatalf("got %+v, %v; want a rejection", st, err)
			}
			if re.Line != tt.line || !strings.Contains(re.Reason, tt.reason) {
				t.Fatalf("rejected at line %d: %q; want line %d: %q", re.Line, re.Reason, tt.line, tt.reason)
			}
		})
	}
}

// TestCheckSyntax: ill-formed proofs are syntax errors with file and line.
func TestCheckSyntax(t *testing.T) {
	f := readCNF(t, needsLemmas)
	tests := []struct{ name, proof, want string }{
		{"not a literal", "1 2 0\n1 x 0\n", "test.drup:2: \"x\" is not a literal"},
		{"unterminated", "1 2 0\n-1 4", "test.drup:2: the last lemma is not ended by 0"},
		{"d inside a lemma", "1 d 2 0\n", "test.drup:1: \"d\" is not a literal"},
		{"too far beyond", "1 99999999 0\n", "test.drup:1: literal 99999999: variable 99999999 is more than 65536 beyond the formula's 7 variables"},
		{"overflow", "1 99999999999 0\n", "test.drup:1: \"99999999999\" is not a literal"},
		{"control byte", "1 2 0\n\x01 0\n", "test.drup:2: byte 0x01 is not printable ASCII"},
		{"binary: bad step", "a\x02\x04\x00x", "test.drup: step 2: byte 0x78 where a binary proof step starts"},
		{"binary: truncated", "a\x02", "test.drup: step 1: the proof ends inside a step"},
		{"binary: variable out of range", "a\xff\xff\x7f\x00", "test.drup: step 1: literal code 2097151: variable 1048575 is not in 1..65543"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := drup.Check(context.Background(), f, strings.NewReader(tt.proof), "test.drup")
			var se *drup.SyntaxError
			if !errors.As(err, &se) || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("got %v, want a syntax error containing %q", err, tt.want)
			}
		})
	}
}

// binaryProof encodes a text proof as binary DRAT.
func binaryProof(t *testing.T, text string) string {
	t.Helper()
	var b []byte
	for _, line := range strings.Split(strings.TrimSpace(text), "\n") {
		fs := strings.Fields(line)
		op := byte('a')
		if fs[0] == "d" {
			op, fs = 'd', fs[1:]
		}
		b = append(b, op)
		for _, tok := range fs {
			var l int
			if _, err := fmt.Sscan(tok, &l); err != nil {
				t.Fatal(err)
			}
			u := uint(2 * l)
			if l < 0 {
				u = uint(-2*l + 1)
			}
			for u >= 0x80 {
				b = append(b, byte(u)|0x80)
				u >>= 7
			}
			b = append(b, byte(u))
		}
	}
	return string(b)
}

// TestCheckBinary: the same proofs in binary DRAT give the same verdicts,
// with steps for lines.
func TestCheckBinary(t *testing.T) {
	f := readCNF(t, needsLemmas)
	st, err := drup.Check(context.Background(), f, strings.NewReader(binaryProof(t, "d 1 2 0\n"+needsLemmasProof)), "b.drat")
	if err != nil || !st.Binary || st.EmptyLine != 7 || st.Deletions != 1 || st.Missing != 1 {
		t.Fatalf("valid binary proof: %+v %v", st, err)
	}
	_, err = drup.Check(context.Background(), f, strings.NewReader(binaryProof(t, "1 2 0\n-1 0\n0\n")), "b.drat")
	var re *drup.RejectError
	if !errors.As(err, &re) || re.Line != 2 || !re.Binary || !strings.Contains(err.Error(), "step 2") {
		t.Fatalf("dropped lemma in a binary proof: %v", err)
	}
}

// TestCheckKeepsReasons: deleting a unit, or the clause that implies a
// top-level literal, is ignored (counted as Kept), so the literal stays
// available — never a way to make a wrong proof pass, since keeping a
// clause only makes the clause set stronger.
func TestCheckKeepsReasons(t *testing.T) {
	f := readCNF(t, "p cnf 3 4\n1 0\n-1 2 0\n-2 3 0\n-2 -3 0\n")
	st, err := drup.Check(context.Background(), f, strings.NewReader("d 1 0\nd -1 2 0\n0\n"), "p")
	if err != nil || st.Kept != 2 || st.Deletions != 2 {
		t.Fatalf("%+v %v", st, err)
	}
}

func TestCheckCancelled(t *testing.T) {
	f := readCNF(t, needsLemmas)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	proof := strings.Repeat("d 9 0\n", 5000) + needsLemmasProof
	if _, err := drup.Check(ctx, f, strings.NewReader(proof), "p"); !errors.Is(err, context.Canceled) {
		t.Fatalf("got %v, want context.Canceled", err)
	}
}
