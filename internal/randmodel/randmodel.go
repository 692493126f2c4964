// Package randmodel generates small random models that mix every
// constraint kind of encode, with 0–3 objective levels, for property tests
// that compare backends (solver/sat against the exhaustive solver/brute).
// Same seed, same model.
package randmodel

import (
	"fmt"
	"math/rand/v2"

	"github.com/plancert/plancert/encode"
)

// MaxAssignments bounds the product of the domain sizes of a generated
// model, so that brute force stays cheap.
const MaxAssignments = 1 << 14

type gen struct {
	r     *rand.Rand
	m     *encode.Model
	size  float64
	bools []encode.Var
	ints  []encode.Var
}

// New returns a random model drawn from rng. It always passes Validate.
func New(rng *rand.Rand) *encode.Model {
	g := &gen{r: rng, m: encode.NewModel(), size: 1}
	nb, ni := 2+g.r.IntN(3), 1+g.r.IntN(3)
	for i := 0; i < nb; i++ {
		g.newBool()
	}
	for i := 0; i < ni; i++ {
		g.newInt()
	}
	nc := 1 + g.r.IntN(4)
	for i := 0; i < nc; i++ {
		g.constraint(i)
	}
	for l, n := 0, g.r.IntN(4); l < n; l++ {
		terms := g.terms(1 + g.r.IntN(4))
		if g.r.IntN(3) == 0 { // wide weights: distinct sums, binary search
			for j := range terms {
				terms[j].Coef *= int64(1 + g.r.IntN(25))
			}
		}
		if g.r.IntN(2) == 0 {
			g.m.Minimize(terms...)
		} else {
			g.m.Maximize(terms...)
		}
	}
	if g.r.IntN(3) > 0 {
		var ans []encode.Var
		for v := range g.m.Vars {
			if g.r.IntN(3) > 0 {
				ans = append(ans, encode.Var(v))
			}
		}
		g.m.SetAnswer(ans...)
	}
	return g.m
}

func (g *gen) room(n int) bool { return g.size*float64(n) <= MaxAssignments }

func (g *gen) newBool() encode.Var {
	v := g.m.NewBool(fmt.Sprintf("b%d", len(g.m.Vars)))
	g.size *= 2
	g.bools = append(g.bools, v)
	return v
}

func (g *gen) newInt() encode.Var {
	lo := int64(g.r.IntN(5) - 2)
	w := int64(1 + g.r.IntN(3))
	for w > 1 && !g.room(int(w+1)) {
		w--
	}
	v := g.m.NewInt(fmt.Sprintf("x%d", len(g.m.Vars)), lo, lo+w)
	g.size *= float64(w + 1)
	g.ints = append(g.ints, v)
	return v
}

func (g *gen) anyVar() encode.Var { return encode.Var(g.r.IntN(len(g.m.Vars))) }

func (g *gen) intVar() encode.Var { return g.ints[g.r.IntN(len(g.ints))] }

func (g *gen) lit() encode.Lit {
	l := g.bools[g.r.IntN(len(g.bools))].Lit()
	if g.r.IntN(2) == 0 {
		l = l.Not()
	}
	return l
}

func (g *gen) coef() int64 {
	c := int64(g.r.IntN(7) - 3)
	if c == 0 {
		c = 1
	}
	return c
}

func (g *gen) terms(n int) []encode.Term {
	ts := make([]encode.Term, n)
	for i := range ts {
		ts[i] = encode.Term{Var: g.anyVar(), Coef: g.coef()}
	}
	return ts
}

func (g *gen) val() int64 { return int64(g.r.IntN(7) - 3) }

// valIn returns a value of v's domain, or any small value one time in four.
func (g *gen) valIn(v encode.Var) int64 {
	vi := g.m.Vars[v]
	if g.r.IntN(4) == 0 {
		return g.val()
	}
	return vi.Lo + g.r.Int64N(vi.Hi-vi.Lo+1)
}

func (g *gen) constraint(i int) {
	var c *encode.Constraint
	switch g.r.IntN(int(encode.Max) + 1) {
	case 0:
		ts := g.terms(1 + g.r.IntN(4))
		c = g.m.AddLinear(ts, encode.Op(g.r.IntN(3)), g.val())
	case 1, 2, 3:
		n := 2 + g.r.IntN(7)
		ls := make([]encode.Lit, n)
		for j := range ls {
			ls[j] = g.lit()
		}
		k := g.r.IntN(n + 2)
		if g.r.IntN(3) == 0 {
			k = g.r.IntN(2)
		}
		switch g.r.IntN(3) {
		case 0:
			c = g.m.AddAtMost(ls, k)
		case 1:
			c = g.m.AddAtLeast(ls, k)
		default:
			c = g.m.AddExactly(ls, k)
		}
	case 4:
		vs := make([]encode.Var, 2+g.r.IntN(2))
		for j := range vs {
			vs[j] = g.anyVar()
		}
		c = g.m.AddAllDifferent(vs...)
	case 5:
		ivs := make([]encode.Interval, 2+g.r.IntN(2))
		for j := range ivs {
			ivs[j] = encode.Interval{Start: g.intVar(), Duration: int64(g.r.IntN(4))}
			if g.r.IntN(3) == 0 {
				l := g.lit()
				ivs[j].Present = &l
			}
		}
		c = g.m.AddNoOverlap(ivs...)
	case 6:
		c = g.circuit()
	case 7:
		arr := make([]int64, 2+g.r.IntN(3))
		target := g.anyVar()
		for j := range arr {
			arr[j] = g.valIn(target)
		}
		c = g.m.AddElement(g.intVar(), arr, target)
	case 8:
		vs := []encode.Var{g.anyVar(), g.anyVar()}
		tuples := make([][]int64, 1+g.r.IntN(4))
		for j := range tuples {
			tuples[j] = []int64{g.valIn(vs[0]), g.valIn(vs[1])}
		}
		c = g.m.AddTable(vs, tuples)
	default:
		vs := make([]encode.Var, 1+g.r.IntN(3))
		for j := range vs {
			vs[j] = g.anyVar()
		}
		c = g.m.AddMax(g.anyVar(), vs...)
	}
	c.Named(fmt.Sprintf("c%d", i))
	if g.r.IntN(5) == 0 {
		c.OnlyIf(g.lit())
	}
	if i > 0 && g.r.IntN(8) == 0 {
		c.InGroup(fmt.Sprintf("g%d", g.r.IntN(i)))
	}
}

// circuit adds arc variables for 3 or 4 nodes when there is room, or
// reuses existing bools.
func (g *gen) circuit() *encode.Constraint {
	n := 3
	var arcs []encode.Arc
	for a := 0; a < n; a++ {
		for b := 0; b < n; b++ {
			if a == b || g.r.IntN(8) == 0 {
				continue
			}
			var l encode.Lit
			if g.room(2) {
				l = g.newBool().Lit()
			} else {
				l = g.lit()
			}
			arcs = append(arcs, encode.Arc{From: a, To: b, Lit: l})
		}
	}
	if len(arcs) == 0 {
		arcs = append(arcs, encode.Arc{From: 0, To: 1, Lit: g.lit()})
	}
	return g.m.AddCircuit(arcs...)
}
