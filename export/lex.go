package export

import (
	"fmt"
	"math"

	"github.com/plancert/plancert/encode"
)

// LexLimit bounds the magnitude of a combined objective (Combine): below
// 10⁹ every value is exact in a float64 MIP solver's tolerances and fits
// Gecode's 32-bit integers.
const LexLimit = 1e9

// LexError says the lexicographic levels of a model cannot be combined into
// one objective within LexLimit: Levels is the number of levels and Bound
// the magnitude the weighted objective could reach.
type LexError struct {
	Levels int
	Bound  float64
}

func (e *LexError) Error() string {
	return fmt.Sprintf("export: the %d objective levels combine into one objective that may reach %.3g in magnitude, beyond %.0g; solve one level at a time (Stage)", e.Levels, e.Bound, LexLimit)
}

// Combine returns one objective to minimize whose optima are exactly the
// lexicographic optima of m's levels: the sum over levels l of
// W_l · s_l · level_l, where s_l is 1 for a level to minimize and -1 for
// one to maximize, W of the last level is 1 and W_l = 1 + Σ_{k>l} W_k·w_k
// with w_k the width of level k's range over the variable bounds. A gain
// of 1 at level l then outweighs any change of the later levels. The terms
// are merged per variable and keep the order of first appearance. It
// returns a *LexError when the objective could reach LexLimit in
// magnitude, and nil terms for a model without objective.
func Combine(m *encode.Model) ([]encode.Term, error) {
	n := len(m.Objectives)
	if n == 0 {
		return nil, nil
	}
	lo, hi := make([]float64, n), make([]float64, n)
	for l, o := range m.Objectives {
		lo[l], hi[l] = levelRange(m, o.Terms)
	}
	w := make([]float64, n)
	w[n-1] = 1
	for l := n - 2; l >= 0; l-- {
		w[l] = 1
		for k := l + 1; k < n; k++ {
			w[l] += w[k] * (hi[k] - lo[k])
		}
	}
	var bound float64
	for l := range w {
		bound += w[l] * math.Max(math.Abs(lo[l]), math.Abs(hi[l]))
	}
	if bound >= LexLimit {
		return nil, &LexError{Levels: n, Bound: bound}
	}
	pos := map[encode.Var]int{}
	var out []encode.Term
	for l, o := range m.Objectives {
		s := int64(w[l])
		if o.Sense == encode.Maximize {
			s = -s
		}
		for _, t := range o.Terms {
			i, ok := pos[t.Var]
			if !ok {
				i = len(out)
				pos[t.Var] = i
				out = append(out, encode.Term{Var: t.Var})
			}
			out[i].Coef += s * t.Coef
		}
	}
	return out, nil
}

// levelRange returns the least and greatest value of sum(terms) over the
// variable bounds.
func levelRange(m *encode.Model, ts []encode.Term) (lo, hi float64) {
	for _, t := range ts {
		vi := m.Vars[t.Var]
		a, b := float64(t.Coef)*float64(vi.Lo), float64(t.Coef)*float64(vi.Hi)
		lo += math.Min(a, b)
		hi += math.Max(a, b)
	}
	return lo, hi
}

// Stage returns the model of one step of solving m level by level: m's
// variables, constraints and answer, level l of m's objective as its only
// level, and each earlier level k < l fixed to fixed[k] by a linear
// constraint named "objective level k+1 fixed" (with "_2", ... appended if
// that name is taken). fixed must hold l values. The constraints are shared
// with m, not copied.
func Stage(m *encode.Model, l int, fixed []int64) (*encode.Model, error) {
	if l < 0 || l >= len(m.Objectives) {
		return nil, fmt.Errorf("export: stage %d of a model with %d objective levels", l, len(m.Objectives))
	}
	if len(fixed) != l {
		return nil, fmt.Errorf("export: stage %d needs the optima of %d earlier levels, got %d", l, l, len(fixed))
	}
	s := encode.NewModel()
	for _, vi := range m.Vars {
		if vi.Kind == encode.BoolVar {
			s.NewBool(vi.Name)
		} else {
			s.NewInt(vi.Name, vi.Lo, vi.Hi)
		}
	}
	s.Constraints = append([]*encode.Constraint(nil), m.Constraints...)
	names := map[string]bool{}
	for _, c := range m.Constraints {
		names[c.Name] = true
	}
	for k := 0; k < l; k++ {
		name := fmt.Sprintf("objective level %d fixed", k+1)
		for i := 2; names[name]; i++ {
			name = fmt.Sprintf("objective level %d fixed_%d", k+1, i)
		}
		names[name] = true
		s.AddLinear(m.Objectives[k].Terms, encode.EQ, fixed[k]).Named(name)
	}
	o := m.Objectives[l]
	s.Objectives = []encode.Objective{{Sense: o.Sense, Terms: append([]encode.Term(nil), o.Terms...)}}
	if m.Answer != nil {
		s.SetAnswer(m.Answer...)
	}
	return s, nil
}
