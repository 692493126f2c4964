// Package roster builds a seeded nurse-roster-like cardinality model for
// benchmarks: staff × 7 days × 3 shifts (early, late, night), one shift a
// day, exact coverage per shift, 4–5 shifts a week, no early shift after a
// night, minimizing seeded preference penalties (a weighted sum). It backs
// solver/sat's roster benchmark and the peer benchmark (internal/peers).
package roster

import (
	"fmt"
	"math/rand/v2"

	"github.com/plancert/plancert/encode"
)

// Model returns the roster model with the given staff; same staff and
// seed, same model. Coverage asks 2 early, 2 late and 1 night shift a day,
// so staff below 5 is infeasible by the daily coverage alone and staff
// above 8 by the weekly minimum of 4 shifts (35 shifts a week).
func Model(staff int, seed uint64) *encode.Model {
	r := rand.New(rand.NewPCG(seed, 1))
	m := encode.NewModel()
	const days, shifts = 7, 3
	cover := [shifts]int{2, 2, 1}
	x := make([][][]encode.Var, staff)
	var obj []encode.Term
	for s := range staff {
		x[s] = make([][]encode.Var, days)
		for d := range days {
			for k := range shifts {
				v := m.NewBool(fmt.Sprintf("x_%d_%d_%d", s, d, k))
				x[s][d] = append(x[s][d], v)
				if w := int64(r.IntN(4)); w > 0 {
					obj = append(obj, encode.Term{Var: v, Coef: w})
				}
			}
			m.AddAtMost([]encode.Lit{x[s][d][0].Lit(), x[s][d][1].Lit(), x[s][d][2].Lit()}, 1).
				Named(fmt.Sprintf("staff %d day %d: one shift", s, d))
		}
	}
	for d := range days {
		for k := range shifts {
			var ls []encode.Lit
			for s := range staff {
				ls = append(ls, x[s][d][k].Lit())
			}
			m.AddExactly(ls, cover[k]).Named(fmt.Sprintf("day %d shift %d: coverage", d, k))
		}
	}
	for s := range staff {
		var ls []encode.Lit
		for d := range days {
			for k := range shifts {
				ls = append(ls, x[s][d][k].Lit())
			}
			if d+1 < days {
				m.AddAtMost([]encode.Lit{x[s][d][2].Lit(), x[s][d+1][0].Lit()}, 1).
					Named(fmt.Sprintf("staff %d day %d: rest after night", s, d))
			}
		}
		m.AddAtMost(ls, 5).Named(fmt.Sprintf("staff %d: at most 5 shifts", s))
		m.AddAtLeast(ls, 4).Named(fmt.Sprintf("staff %d: at least 4 shifts", s))
	}
	m.Minimize(obj...)
	return m
}
