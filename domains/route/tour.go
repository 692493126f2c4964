package route

import (
	"fmt"

	"github.com/plancert/plancert/encode"
)

// TourModel is the route core's model of a closed tour through every stop
// of a travel-time matrix: a literal per arc i→j, one circuit over all
// stops, and the objective "minimize the total travel time".
//
// The answer is the tour as a plan, not a sequence: rotations are one plan
// by construction (a circuit has no start), and when d is symmetric the two
// directions of a tour are one plan too. There the answer variables are
// the undirected legs e_i_j (i < j), each tied to its arcs by
// e_i_j = a_i_j + a_j_i, so a certificate's uniqueness is that of the set
// of legs. On an asymmetric matrix the answer is the arcs themselves.
type TourModel struct {
	Model *encode.Model
	// Arc[i][j] is the literal of arc i→j (Arc[i][i] is unused).
	Arc [][]encode.Var
	// Symmetric reports whether the answer is the set of undirected legs.
	Symmetric bool
}

// NewTourModel builds the tour model of d, a square matrix of at least two
// stops with non-negative travel times.
func NewTourModel(d [][]int64) (*TourModel, error) {
	n := len(d)
	if n < 2 {
		return nil, fmt.Errorf("route: a tour needs at least 2 stops, got %d", n)
	}
	sym := true
	for i := range d {
		if len(d[i]) != n {
			return nil, fmt.Errorf("route: travel-time row %d has %d entries, want %d", i, len(d[i]), n)
		}
		for j := range d[i] {
			if i != j && d[i][j] < 0 {
				return nil, fmt.Errorf("route: travel time %d→%d is %d, want ≥ 0", i, j, d[i][j])
			}
		}
	}
	for i := range d {
		for j := range i {
			sym = sym && d[i][j] == d[j][i]
		}
	}
	m := encode.NewModel()
	t := &TourModel{Model: m, Arc: make([][]encode.Var, n), Symmetric: sym}
	var arcs []encode.Arc
	var obj []encode.Term
	for i := range n {
		t.Arc[i] = make([]encode.Var, n)
		for j := range n {
			if i == j {
				continue
			}
			v := m.NewBool(fmt.Sprintf("a_%d_%d", i, j))
			t.Arc[i][j] = v
			arcs = append(arcs, encode.Arc{From: i, To: j, Lit: v.Lit()})
			obj = append(obj, encode.Term{Var: v, Coef: d[i][j]})
		}
	}
	m.AddCircuit(arcs...).Named("tour")
	m.Minimize(obj...)
	if sym && n > 2 {
		// One direction per undirected tour: the stop after 0 has a
		// smaller number than the stop before 0. Reversing a tour swaps
		// those two stops, so exactly one direction of each tour is kept.
		for p := 1; p < n; p++ {
			for s := p + 1; s < n; s++ {
				m.AddAtMost([]encode.Lit{t.Arc[0][s].Lit(), t.Arc[p][0].Lit()}, 1).Named(fmt.Sprintf("direction_%d_%d", s, p)).InGroup("tour")
			}
		}
	}
	return t, nil
}

// Decode returns the tour of a solution as the sequence of stops from stop
// 0, following the chosen arcs. It fails when the arcs do not form one
// circuit through every stop.
func (t *TourModel) Decode(a encode.Assignment) ([]int, error) {
	n := len(t.Arc)
	tour := []int{0}
	seen := make([]bool, n)
	seen[0] = true
	for cur := 0; ; {
		next := -1
		for j := range n {
			if j != cur && a[t.Arc[cur][j]] == 1 {
				if next >= 0 {
					return nil, fmt.Errorf("route: stop %d has two outgoing arcs (to %d and %d)", cur, next, j)
				}
				next = j
			}
		}
		switch {
		case next < 0:
			return nil, fmt.Errorf("route: stop %d has no outgoing arc", cur)
		case next == 0 && len(tour) == n:
			return tour, nil
		case seen[next]:
			return nil, fmt.Errorf("route: the arcs close a cycle at stop %d after %d of %d stops", next, len(tour), n)
		}
		seen[next] = true
		tour = append(tour, next)
		cur = next
	}
}
