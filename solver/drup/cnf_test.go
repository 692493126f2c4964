package drup_test

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/plancert/plancert/solver/drup"
)

func TestReadCNF(t *testing.T) {
	f, err := drup.ReadCNF(strings.NewReader("c comment\np cnf 3 3\n1 -2\n 3 0 -1 0\n\t\n0\n%\n0\n"), "f.cnf")
	if err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(f.NumVars, f.Clauses); got != "3 [[1 -2 3] [-1] []]" {
		t.Fatalf("got %s", got)
	}
	var buf bytes.Buffer
	if err := drup.WriteCNF(&buf, f, "hello"); err != nil {
		t.Fatal(err)
	}
	if want := "c hello\np cnf 3 3\n1 -2 3 0\n-1 0\n0\n"; buf.String() != want {
		t.Fatalf("WriteCNF wrote %q, want %q", buf.String(), want)
	}
	g, err := drup.ReadCNF(&buf, "again")
	if err != nil || fmt.Sprint(g) != fmt.Sprint(f) {
		t.Fatalf("round trip: %v %v", g, err)
	}
}

func TestReadCNFErrors(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"no header", "c only comments\n", "f.cnf:1: no header"},
		{"empty", "", "f.cnf:1: no header"},
		{"clause first", "1 2 0\np cnf 2 1\n", "f.cnf:1: clause before the header"},
		{"bad header", "p cnf 2\n", "f.cnf:1: the header must be \"p cnf VARS CLAUSES\""},
		{"not cnf", "p wcnf 2 1\n", "f.cnf:1: the header must be"},
		{"negative", "p cnf -2 1\n", "f.cnf:1: the header must be \"p cnf VARS CLAUSES\" with two non-negative integers"},
		{"two headers", "p cnf 2 1\np cnf 2 1\n", "f.cnf:2: second header line"},
		{"huge", "p cnf 999999999 1\n", "f.cnf:1: 999999999 variables is more than"},
		{"bad literal", "p cnf 2 1\n1 two 0\n", "f.cnf:2: \"two\" is not a literal"},
		{"beyond header", "p cnf 2 1\n1 -3 0\n", "f.cnf:2: literal -3: variable 3 is beyond the 2 of the header"},
		{"too many", "p cnf 2 1\n1 0\n2 0\n", "f.cnf:3: more clauses than the 1 of the header"},
		{"too few", "p cnf 2 3\n1 0\n2 0\n", "f.cnf:3: the header says 3 clauses, the file has 2"},
		{"unterminated", "p cnf 2 1\n1 2\n", "f.cnf:2: the last clause is not ended by 0"},
		{"binary", "p cnf 2 1\n1 \x00 0\n", "f.cnf:2: byte 0x00 is not printable ASCII"},
		{"percent first", "%\n", "f.cnf:1: \"%\" before the header"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := drup.ReadCNF(strings.NewReader(tt.in), "f.cnf")
			var se *drup.SyntaxError
			if !errors.As(err, &se) || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("got %v, want a syntax error containing %q", err, tt.want)
			}
		})
	}
}
