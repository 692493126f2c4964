package drup_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/plancert/plancert/solver/drup"
)

// randomCNF draws a small formula: n variables, clauses of 1–4 literals,
// with duplicate literals, tautologies and repeated clauses now and then.
func randomCNF(rng *rand.Rand, n int) *drup.CNF {
	f := &drup.CNF{NumVars: n}
	m := n*4 + rng.IntN(2*n+1) - n
	for range m {
		k := 2 + rng.IntN(3)
		if rng.IntN(10) == 0 {
			k = 1
		}
		var cl []int32
		for range k {
			l := int32(1 + rng.IntN(n))
			if rng.IntN(2) == 0 {
				l = -l
			}
			cl = append(cl, l)
		}
		f.Clauses = append(f.Clauses, cl)
		if rng.IntN(40) == 0 {
			f.Clauses = append(f.Clauses, slices.Clone(cl))
		}
	}
	return f
}

// bruteSat says whether some assignment satisfies f.
func bruteSat(f *drup.CNF) bool {
	for a := uint64(0); a < 1<<f.NumVars; a++ {
		if satisfies(f, func(v int32) bool { return a>>(v-1)&1 == 1 }) {
			return true
		}
	}
	return false
}

func satisfies(f *drup.CNF, val func(v int32) bool) bool {
	for _, cl := range f.Clauses {
		if !slices.ContainsFunc(cl, func(l int32) bool {
			if l > 0 {
				return val(l)
			}
			return !val(-l)
		}) {
			return false
		}
	}
	return true
}

// TestSolveAgreesWithBrute: on seeded random formulas of 1–12 variables,
// Solve agrees with brute force; every model satisfies the formula and
// every proof of unsatisfiability is accepted by Check.
func TestSolveAgreesWithBrute(t *testing.T) {
	count := 3000
	if testing.Short() {
		count = 500
	}
	var nsat, nunsat int
	for seed := range uint64(count) {
		rng := rand.New(rand.NewPCG(seed, 7))
		f := randomCNF(rng, 1+rng.IntN(12))
		want := bruteSat(f)
		var proof bytes.Buffer
		r, err := drup.Solve(context.Background(), f, &proof)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if r.Sat != want {
			t.Fatalf("seed %d: Solve says sat=%v, brute force %v\n%v", seed, r.Sat, want, f.Clauses)
		}
		if r.Sat {
			nsat++
			if !satisfies(f, func(v int32) bool { return r.Model[v] }) {
				t.Fatalf("seed %d: the model does not satisfy the formula", seed)
			}
			continue
		}
		nunsat++
		if _, err := drup.Check(context.Background(), f, &proof, "proof"); err != nil {
			t.Fatalf("seed %d: %v\nformula %v\nproof:\n%s", seed, err, f.Clauses, proof.String())
		}
	}
	if nsat < count/10 || nunsat < count/10 {
		t.Fatalf("unbalanced sample: %d satisfiable, %d unsatisfiable", nsat, nunsat)
	}
	t.Logf("%d satisfiable, %d unsatisfiable", nsat, nunsat)
}

// pigeonhole says that n+1 pigeons sit in n holes, at most one a hole.
func pigeonhole(n int) *drup.CNF {
	p := func(i, h int) int32 { return int32(i*n + h + 1) }
	f := &drup.CNF{NumVars: (n + 1) * n}
	for i := 0; i <= n; i++ {
		var cl []int32
		for h := range n {
			cl = append(cl, p(i, h))
		}
		f.Clauses = append(f.Clauses, cl)
	}
	for h := range n {
		for i := 0; i <= n; i++ {
			for j := i + 1; j <= n; j++ {
				f.Clauses = append(f.Clauses, []int32{-p(i, h), -p(j, h)})
			}
		}
	}
	return f
}

// TestPigeonholeProofs: the proofs of n+1 pigeons in n holes check, and
// with one pigeon fewer the formula is satisfiable.
func TestPigeonholeProofs(t *testing.T) {
	ns := []int{1, 2, 3, 4, 5, 6, 7}
	if testing.Short() {
		ns = ns[:6]
	}
	for _, n := range ns {
		f := pigeonhole(n)
		var proof bytes.Buffer
		r, err := drup.Solve(context.Background(), f, &proof)
		if err != nil || r.Sat {
			t.Fatalf("n=%d: sat=%v err=%v", n, r != nil && r.Sat, err)
		}
		st, err := drup.Check(context.Background(), f, bytes.NewReader(proof.Bytes()), "php")
		if err != nil {
			t.Fatalf("n=%d: %v", n, err)
		}
		t.Logf("n=%d: %d conflicts, %d lemmas, %d deletions, %d bytes; checked %d RUP", n, r.Stats.Conflicts, r.Stats.Lemmas, r.Stats.Deletions, proof.Len(), st.RUP)
		// Drop the last pigeon: n pigeons fit.
		g := &drup.CNF{NumVars: f.NumVars}
		for _, cl := range f.Clauses[:n] {
			g.Clauses = append(g.Clauses, cl)
		}
		g.Clauses = append(g.Clauses, f.Clauses[n+1:]...)
		if r, err := drup.Solve(context.Background(), g, nil); err != nil || !r.Sat {
			t.Fatalf("n=%d without a pigeon: %+v %v", n, r, err)
		}
	}
}

// TestSolveDeterministic: the same formula gives the same proof, byte for
// byte.
func TestSolveDeterministic(t *testing.T) {
	f := pigeonhole(5)
	var a, b bytes.Buffer
	if _, err := drup.Solve(context.Background(), f, &a); err != nil {
		t.Fatal(err)
	}
	if _, err := drup.Solve(context.Background(), f, &b); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) || a.Len() == 0 {
		t.Fatalf("two runs wrote different proofs (%d and %d bytes)", a.Len(), b.Len())
	}
}

func TestSolveCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := drup.Solve(ctx, pigeonhole(9), nil); !errors.Is(err, context.Canceled) {
		t.Fatalf("got %v, want context.Canceled", err)
	}
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestSolveWriteError(t *testing.T) {
	if _, err := drup.Solve(context.Background(), pigeonhole(4), failWriter{}); err == nil || !strings.Contains(err.Error(), "disk full") {
		t.Fatalf("got %v, want the write error", err)
	}
}

func TestSolveBadLiteral(t *testing.T) {
	f := &drup.CNF{NumVars: 2, Clauses: [][]int32{{1, 3}}}
	if _, err := drup.Solve(context.Background(), f, nil); err == nil {
		t.Fatal("a literal beyond NumVars was accepted")
	}
}

// naiveAccepts is an independent, obviously correct forward checker:
// unit propagation by repeated passes over every clause, RUP, then RAT on
// the first literal p over the clauses with ¬p that are not tautologies (a
// tautology is true under every assignment, so it never needs the flip of
// p that RAT is about; Check keeps no tautologies). It reads proofs without
// deletions.
func naiveAccepts(f *drup.CNF, proof [][]int32) bool {
	db := slices.Clone(f.Clauses)
	rup := func(neg []int32) bool {
		val := map[int32]bool{} // literal → true
		for _, l := range neg {
			if val[l] {
				return true // ¬l and l both assumed
			}
			val[-l] = true
		}
		for changed := true; changed; {
			changed = false
			for _, cl := range db {
				var open []int32
				sat := false
				for _, l := range cl {
					switch {
					case val[l]:
						sat = true
					case !val[-l]:
						if !slices.Contains(open, l) {
							open = append(open, l)
						}
					}
				}
				if sat {
					continue
				}
				if len(open) == 0 {
					return true
				}
				if len(open) == 1 {
					val[open[0]] = true
					changed = true
				}
			}
		}
		return false
	}
	for _, lemma := range proof {
		ok := rup(lemma)
		if !ok && len(lemma) > 0 {
			ok = true
			p := lemma[0]
			for _, d := range db {
				if !slices.Contains(d, -p) || slices.ContainsFunc(d, func(l int32) bool { return slices.Contains(d, -l) }) {
					continue
				}
				res := slices.Clone(lemma)
				taut := false
				for _, l := range d {
					if l == -p {
						continue
					}
					if slices.Contains(lemma, -l) {
						taut = true
					}
					res = append(res, l)
				}
				if !taut && !rup(res) {
					ok = false
					break
				}
			}
		}
		if !ok {
			return false
		}
		if len(lemma) == 0 {
			return true
		}
		db = append(db, lemma)
	}
	return false
}

// TestCheckAgreesWithNaive mutates proofs from Solve (one lemma dropped,
// or one literal flipped, at every position) and asks Check and the naive
// checker: they must agree on every mutant, and on the original (which
// both accept).
func TestCheckAgreesWithNaive(t *testing.T) {
	var mutants, rejected int
	for seed := uint64(0); mutants < 1500; seed++ {
		rng := rand.New(rand.NewPCG(seed, 13))
		f := randomCNF(rng, 5+rng.IntN(6))
		var buf bytes.Buffer
		r, err := drup.Solve(context.Background(), f, &buf)
		if err != nil {
			t.Fatal(err)
		}
		if r.Sat {
			continue
		}
		var proof [][]int32
		for _, line := range strings.Split(strings.TrimSpace(buf.String()), "\n") {
			if strings.HasPrefix(line, "d ") {
				continue
			}
			var lemma []int32
			for _, tok := range strings.Fields(line) {
				var l int32
				fmt.Sscan(tok, &l)
				if l != 0 {
					lemma = append(lemma, l)
				}
			}
			proof = append(proof, lemma)
		}
		variants := [][][]int32{proof}
		for i := range proof {
			variants = append(variants, slices.Concat(proof[:i], proof[i+1:]))
			for j := range proof[i] {
				v := slices.Clone(proof)
				v[i] = slices.Clone(proof[i])
				v[i][j] = -v[i][j]
				variants = append(variants, v)
			}
		}
		for k, v := range variants {
			var text strings.Builder
			for _, lemma := range v {
				for _, l := range lemma {
					fmt.Fprintf(&text, "%d ", l)
				}
				text.WriteString("0\n")
			}
			_, err := drup.Check(context.Background(), f, strings.NewReader(text.String()), "mutant")
			var re *drup.RejectError
			if err != nil && !errors.As(err, &re) {
				t.Fatalf("seed %d variant %d: %v", seed, k, err)
			}
			if want := naiveAccepts(f, v); (err == nil) != want {
				t.Fatalf("seed %d variant %d: Check says %v, the naive checker accepts=%v\nformula %v\nproof %v", seed, k, err, want, f.Clauses, v)
			}
			if k == 0 && err != nil {
				t.Fatalf("seed %d: the unmutated proof is rejected: %v", seed, err)
			}
			if k > 0 {
				mutants++
				if err != nil {
					rejected++
				}
			}
		}
	}
	if rejected == 0 || rejected == mutants {
		t.Fatalf("%d of %d mutants rejected: the sample does not test both verdicts", rejected, mutants)
	}
	t.Logf("%d of %d mutants rejected by both checkers", rejected, mutants)
}
