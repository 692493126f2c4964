package peers

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/plancert/plancert/encode"
)

// RandomTSP returns the rounded Euclidean distances of n cities drawn
// uniformly in a 100 × 100 square.
func RandomTSP(n int, r *rand.Rand) [][]int64 {
	xs, ys := make([]float64, n), make([]float64, n)
	for i := range xs {
		xs[i], ys[i] = r.Float64()*100, r.Float64()*100
	}
	d := make([][]int64, n)
	for i := range d {
		d[i] = make([]int64, n)
		for j := range d[i] {
			if i != j {
				d[i][j] = int64(math.Hypot(xs[i]-xs[j], ys[i]-ys[j]) + 0.5)
			}
		}
	}
	return d
}

// TSPModel is the circuit model of a tour: a bool a_i_j per arc i→j, one
// circuit over all cities, minimizing the length Σ d_ij·a_ij.
func TSPModel(d [][]int64) *encode.Model {
	m := encode.NewModel()
	var arcs []encode.Arc
	var obj []encode.Term
	for i := range d {
		for j := range d[i] {
			if i == j {
				continue
			}
			v := m.NewBool(fmt.Sprintf("a_%d_%d", i, j))
			arcs = append(arcs, encode.Arc{From: i, To: j, Lit: v.Lit()})
			obj = append(obj, encode.Term{Var: v, Coef: d[i][j]})
		}
	}
	m.AddCircuit(arcs...).Named("tour")
	m.Minimize(obj...)
	return m
}
