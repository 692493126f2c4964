package encode_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/plancert/plancert/encode"
	"github.com/plancert/plancert/internal/randmodel"
)

// lowered lowers m and returns the size the sink saw.
func lowered(t *testing.T, m *encode.Model) encode.Size {
	t.Helper()
	var c counter
	e, err := encode.Lower(m, &c)
	if err != nil {
		t.Fatalf("Lower: %v", err)
	}
	got := encode.Size{Vars: int64(e.NumVars()), Clauses: int64(c.clauses), Literals: int64(c.lits)}
	if e.Size() != got {
		t.Fatalf("Encoding.Size %+v, the sink saw %+v", e.Size(), got)
	}
	return got
}

// checkUpperBound fails unless Estimate(m) bounds the lowered size in each
// count, and returns both.
func checkUpperBound(t *testing.T, name string, m *encode.Model) (est, got encode.Size) {
	t.Helper()
	got, est = lowered(t, m), encode.Estimate(m)
	if got.Vars > est.Vars || got.Clauses > est.Clauses || got.Literals > est.Literals {
		t.Errorf("%s: Estimate %+v is below the lowered size %+v", name, est, got)
	}
	return est, got
}

// TestEstimateBoundsExampleModels: for every example model the estimate
// is an upper bound on the CNF Lower makes, and not a loose one (within a
// factor of 4 of every count; the factors are logged).
func TestEstimateBoundsExampleModels(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "testdata", "models", "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no example models: %v", err)
	}
	for _, file := range files {
		f, err := os.Open(file)
		if err != nil {
			t.Fatal(err)
		}
		m, err := encode.ReadModel(f)
		f.Close()
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		est, got := checkUpperBound(t, file, m)
		rv, rc, rl := float64(est.Vars)/float64(got.Vars), float64(est.Clauses)/float64(got.Clauses), float64(est.Literals)/float64(got.Literals)
		t.Logf("%s: lowered %+v, estimate ×%.2f vars ×%.2f clauses ×%.2f literals", filepath.Base(file), got, rv, rc, rl)
		if rv > 4 || rc > 4 || rl > 4 {
			t.Errorf("%s: the estimate %+v is more than 4 times the lowered %+v", file, est, got)
		}
	}
}

// TestEstimateBoundsRandomModels: the estimate bounds the lowered size of
// random models: the small ones of randmodel (every kind, enforcement
// literals, shared groups) and wider ones (domains up to 80 values, sums
// of up to 9 terms, up to 10 intervals and all-different over up to 8
// offset domains) that reach the totalizer's cuts and the no-overlap pairs
// that cannot meet.
func TestEstimateBoundsRandomModels(t *testing.T) {
	for seed := uint64(1); seed <= 400; seed++ {
		m := randmodel.New(rand.New(rand.NewPCG(seed, 21)))
		checkUpperBound(t, fmt.Sprintf("randmodel seed %d", seed), m)
	}
	for seed := uint64(1); seed <= 200; seed++ {
		m := wideModel(rand.New(rand.NewPCG(seed, 22)))
		if err := m.Validate(); err != nil {
			t.Fatalf("wide model seed %d: %v", seed, err)
		}
		checkUpperBound(t, fmt.Sprintf("wide model seed %d", seed), m)
	}
}

// wideModel is a random model with wider domains and longer constraints
// than randmodel's.
func wideModel(r *rand.Rand) *encode.Model {
	m := encode.NewModel()
	var bools, ints []encode.Var
	for i := range 3 + r.IntN(6) {
		bools = append(bools, m.NewBool(fmt.Sprintf("b%d", i)))
	}
	for i := range 2 + r.IntN(8) {
		lo := int64(r.IntN(40) - 20)
		ints = append(ints, m.NewInt(fmt.Sprintf("x%d", i), lo, lo+int64(r.IntN(80))))
	}
	lit := func() encode.Lit {
		l := bools[r.IntN(len(bools))].Lit()
		if r.IntN(2) == 0 {
			l = l.Not()
		}
		return l
	}
	anyVar := func() encode.Var {
		if r.IntN(3) == 0 {
			return bools[r.IntN(len(bools))]
		}
		return ints[r.IntN(len(ints))]
	}
	for i := range 1 + r.IntN(6) {
		var c *encode.Constraint
		switch r.IntN(8) {
		case 0, 1:
			ts := make([]encode.Term, 1+r.IntN(9))
			for j := range ts {
				ts[j] = encode.Term{Var: anyVar(), Coef: int64(r.IntN(15) - 7)}
			}
			c = m.AddLinear(ts, encode.Op(r.IntN(3)), int64(r.IntN(200)-60))
		case 2:
			ls := make([]encode.Lit, 2+r.IntN(12))
			for j := range ls {
				ls[j] = lit()
			}
			k := r.IntN(len(ls) + 2)
			switch r.IntN(3) {
			case 0:
				c = m.AddAtMost(ls, k)
			case 1:
				c = m.AddAtLeast(ls, k)
			default:
				c = m.AddExactly(ls, k)
			}
		case 3:
			vs := make([]encode.Var, 2+r.IntN(7))
			for j := range vs {
				vs[j] = anyVar()
			}
			c = m.AddAllDifferent(vs...)
		case 4:
			ivs := make([]encode.Interval, 2+r.IntN(9))
			for j := range ivs {
				ivs[j] = encode.Interval{Start: ints[r.IntN(len(ints))], Duration: int64(r.IntN(30))}
				if r.IntN(3) == 0 {
					l := lit()
					ivs[j].Present = &l
				}
			}
			c = m.AddNoOverlap(ivs...)
		case 5:
			n := 2 + r.IntN(5)
			var arcs []encode.Arc
			for a := range n {
				for b := range n {
					if a != b && r.IntN(4) > 0 {
						arcs = append(arcs, encode.Arc{From: a, To: b, Lit: lit()})
					}
				}
			}
			if len(arcs) == 0 {
				arcs = append(arcs, encode.Arc{From: 0, To: 1, Lit: lit()})
			}
			c = m.AddCircuit(arcs...)
		case 6:
			arr := make([]int64, 1+r.IntN(30))
			for j := range arr {
				arr[j] = int64(r.IntN(100) - 30)
			}
			c = m.AddElement(ints[r.IntN(len(ints))], arr, anyVar())
		default:
			if r.IntN(2) == 0 {
				vs := []encode.Var{anyVar(), anyVar(), anyVar()}
				tuples := make([][]int64, 1+r.IntN(10))
				for j := range tuples {
					tuples[j] = []int64{int64(r.IntN(60) - 20), int64(r.IntN(60) - 20), int64(r.IntN(2))}
				}
				c = m.AddTable(vs, tuples)
			} else {
				vs := make([]encode.Var, 1+r.IntN(5))
				for j := range vs {
					vs[j] = anyVar()
				}
				c = m.AddMax(anyVar(), vs...)
			}
		}
		c.Named(fmt.Sprintf("c%d", i))
		if r.IntN(4) == 0 {
			c.OnlyIf(lit(), lit())
		}
		if i > 0 && r.IntN(4) == 0 {
			c.InGroup("shared")
		}
	}
	return m
}

// allDifferentModel has n integers in [0, hi] that are all different.
func allDifferentModel(n int, hi int64) *encode.Model {
	m := encode.NewModel()
	vs := make([]encode.Var, n)
	for i := range vs {
		vs[i] = m.NewInt(fmt.Sprintf("x%d", i), 0, hi)
	}
	m.AddAllDifferent(vs...).Named("all different")
	return m
}

// TestEstimateLargeAllDifferent: the estimate of a model too large to
// lower is quick to make (a few runs of values, not 2^20 values) and
// names its size: 200 integers in [0, 2^20) with all_different would take
// hundreds of GiB.
func TestEstimateLargeAllDifferent(t *testing.T) {
	est := encode.Estimate(allDifferentModel(200, 1<<20-1))
	if min := int64(200 << 20); est.Vars < min || est.Bytes() < 100<<30 {
		t.Errorf("estimate %+v (%s), want at least %d variables and 100 GiB", est, encode.FormatBytes(est.Bytes()), min)
	}
	small := allDifferentModel(2, 1<<12-1)
	checkUpperBound(t, "2 integers in [0, 4095]", small)
}

// TestLowerContextBudget: a model whose estimate passes the budget is
// refused before anything reaches the sink; one that fits the estimate
// but whose objective counter does not is stopped while the counter is
// built, with the encoding still usable.
func TestLowerContextBudget(t *testing.T) {
	m := allDifferentModel(200, 1<<20-1)
	var c counter
	_, err := encode.LowerContext(context.Background(), m, &c, 16<<30)
	var tl *encode.TooLargeError
	if !errors.As(err, &tl) || !tl.Estimated || c.clauses != 0 {
		t.Fatalf("got %v after %d clauses, want an estimated TooLargeError before any clause", err, c.clauses)
	}

	// 40 integers in [0, 500] and an objective over their sum: the
	// constraints are small, the totalizer of the objective is not.
	m = encode.NewModel()
	var ts []encode.Term
	for i := range 40 {
		v := m.NewInt(fmt.Sprintf("x%d", i), 0, 500)
		ts = append(ts, encode.Term{Var: v, Coef: int64(1 + i%7)})
	}
	m.AddLinear(ts[:2], encode.LE, 600).Named("c")
	m.Minimize(ts...)
	est := encode.Estimate(m)
	budget := 4 * est.Bytes()
	e, err := encode.LowerContext(context.Background(), m, &c, budget)
	if err != nil {
		t.Fatalf("LowerContext within the budget: %v", err)
	}
	_, err = e.ObjectiveBound(0, 10000)
	if !errors.As(err, &tl) || tl.Estimated || tl.Size.Bytes() <= budget {
		t.Fatalf("ObjectiveBound: got %v, want a TooLargeError past the budget", err)
	}
	if _, err := e.ObjectiveBound(0, 0); err != nil { // a small counter still fits
		t.Errorf("ObjectiveBound(0) after the refusal: %v", err)
	}
}

// TestLowerContextStops: LowerContext returns soon after its context ends,
// with a StoppedError that wraps the context's error; before, lowering
// 2 integers in [0, 2^20) with all_different (5 million clauses) ran to
// the end whatever the deadline.
func TestLowerContextStops(t *testing.T) {
	m := allDifferentModel(2, 1<<20-1)
	ctx, cancel := context.WithCancel(context.Background())
	var c stopAfter
	c.n, c.cancel = 100_000, cancel
	_, err := encode.LowerContext(ctx, m, &c, 0)
	var st *encode.StoppedError
	if !errors.As(err, &st) || !errors.Is(err, context.Canceled) {
		t.Fatalf("got %v, want a StoppedError wrapping context.Canceled", err)
	}
	if c.seen > c.n+2*1024 {
		t.Errorf("%d clauses after the cancel at %d, want at most a poll interval's worth", c.seen, c.n)
	}
	if st.Size.Clauses != int64(c.seen) {
		t.Errorf("StoppedError says %d clauses, the sink saw %d", st.Size.Clauses, c.seen)
	}

	ctx, cancel = context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
	defer cancel()
	if _, err := encode.LowerContext(ctx, m, &counter{}, 0); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("past deadline: got %v", err)
	}
}

// stopAfter counts clauses and calls cancel at the n-th.
type stopAfter struct {
	n, seen int
	cancel  func()
}

func (s *stopAfter) AddClause([]int32) {
	s.seen++
	if s.seen == s.n {
		s.cancel()
	}
}
