package nrp

import (
	"errors"
	"math"
)

// lpCol is a column of the master LP: its cost and its nonzero rows.
type lpCol struct {
	cost float64
	rows []int32
	coef []float64
}

// masterLP is min c·x s.t. A x = b, x ≥ 0 (b ≥ 0), solved by a revised
// primal simplex with an explicit basis inverse (the master has a few
// hundred rows at most). Every row has an artificial column of cost bigM,
// so the initial basis is the identity; columns may be added between
// solves, and the simplex resumes from the last basis. Dantzig pricing,
// Bland's rule after a run of degenerate pivots; the inverse is rebuilt
// from the basis every refactor pivots.
type masterLP struct {
	m     int
	b     []float64
	cols  []lpCol
	basis []int       // column per row
	binv  [][]float64 // m × m
	x     []float64   // basic values per row
	y     []float64   // duals c_B·B⁻¹ after solve
	inB   []bool
}

const (
	bigM     = 1e6
	lpEps    = 1e-9
	refactor = 100
)

func newMasterLP(b []float64) *masterLP {
	m := len(b)
	// Perturb the right-hand sides by distinct tiny amounts against
	// degenerate stalling; the values and duals move by ~1e-6 at most,
	// and nothing proven depends on them (the bound is recomputed in
	// exact integers from the rounded duals).
	b = append([]float64(nil), b...)
	for i := range b {
		b[i] += 1e-7 * float64(1+(i*7919)%97)
	}
	lp := &masterLP{m: m, b: b, basis: make([]int, m), binv: make([][]float64, m), x: append([]float64(nil), b...)}
	for i := range m {
		lp.cols = append(lp.cols, lpCol{bigM, []int32{int32(i)}, []float64{1}})
		lp.basis[i] = i
		lp.binv[i] = make([]float64, m)
		lp.binv[i][i] = 1
		lp.inB = append(lp.inB, true)
	}
	return lp
}

func (lp *masterLP) add(c lpCol) int {
	lp.cols = append(lp.cols, c)
	lp.inB = append(lp.inB, false)
	return len(lp.cols) - 1
}

// duals sets lp.y = c_B·B⁻¹.
func (lp *masterLP) duals() {
	if lp.y == nil {
		lp.y = make([]float64, lp.m)
	}
	clear(lp.y)
	for i, j := range lp.basis {
		c := lp.cols[j].cost
		if c == 0 {
			continue
		}
		for k, v := range lp.binv[i] {
			lp.y[k] += c * v
		}
	}
}

func (lp *masterLP) reduced(j int) float64 {
	c := lp.cols[j]
	r := c.cost
	for k, row := range c.rows {
		r -= lp.y[row] * c.coef[k]
	}
	return r
}

// reinvert rebuilds binv from the basis by Gauss–Jordan elimination with
// partial pivoting, and x = B⁻¹b.
func (lp *masterLP) reinvert() error {
	m := lp.m
	a := make([][]float64, m)
	for i := range m {
		a[i] = make([]float64, 2*m)
		a[i][m+i] = 1
	}
	for i, j := range lp.basis {
		c := lp.cols[j]
		for k, row := range c.rows {
			a[row][i] = c.coef[k]
		}
	}
	for col := range m {
		p := col
		for r := col + 1; r < m; r++ {
			if math.Abs(a[r][col]) > math.Abs(a[p][col]) {
				p = r
			}
		}
		if math.Abs(a[p][col]) < 1e-12 {
			return errors.New("singular basis")
		}
		a[col], a[p] = a[p], a[col]
		f := 1 / a[col][col]
		for k := range a[col] {
			a[col][k] *= f
		}
		for r := range m {
			if r != col && a[r][col] != 0 {
				g := a[r][col]
				for k := range a[r] {
					a[r][k] -= g * a[col][k]
				}
			}
		}
	}
	for i := range m {
		copy(lp.binv[i], a[i][m:])
		var s float64
		for k, v := range lp.binv[i] {
			s += v * lp.b[k]
		}
		lp.x[i] = s
	}
	return nil
}

// solve runs the simplex to optimality from the current basis; it returns
// the objective value. lp.y holds the duals afterwards.
func (lp *masterLP) solve() (float64, error) {
	m := lp.m
	d := make([]float64, m)
	degenerate, pivots := 0, 0
	for iter := 0; ; iter++ {
		if iter > 200000 {
			return 0, errors.New("nrp: master LP: iteration limit")
		}
		lp.duals()
		enter, best := -1, -1e-9
		for j := range lp.cols {
			if lp.inB[j] {
				continue
			}
			r := lp.reduced(j)
			if degenerate > 50 {
				if r < -1e-9 { // Bland: the first improving column
					enter = j
					break
				}
				continue
			}
			if r < best {
				enter, best = j, r
			}
		}
		if enter < 0 {
			var obj float64
			for i, j := range lp.basis {
				obj += lp.cols[j].cost * lp.x[i]
			}
			return obj, nil
		}
		clear(d)
		c := lp.cols[enter]
		for i := range m {
			var s float64
			for k, row := range c.rows {
				s += lp.binv[i][row] * c.coef[k]
			}
			d[i] = s
		}
		leave := -1
		var ratio float64
		for i := range m {
			if d[i] > lpEps {
				r := max(lp.x[i], 0) / d[i]
				if leave < 0 || r < ratio-1e-12 || (r < ratio+1e-12 && lp.basis[i] < lp.basis[leave]) {
					leave, ratio = i, r
				}
			}
		}
		if leave < 0 {
			return 0, errors.New("nrp: master LP unbounded")
		}
		if ratio < 1e-12 {
			degenerate++
		} else {
			degenerate = 0
		}
		piv := d[leave]
		rowL := lp.binv[leave]
		for k := range rowL {
			rowL[k] /= piv
		}
		lp.x[leave] /= piv
		for i := range m {
			if i == leave || d[i] == 0 {
				continue
			}
			g := d[i]
			ri := lp.binv[i]
			for k, v := range rowL {
				ri[k] -= g * v
			}
			lp.x[i] -= g * lp.x[leave]
			if lp.x[i] < 0 && lp.x[i] > -1e-9 {
				lp.x[i] = 0
			}
		}
		lp.inB[lp.basis[leave]] = false
		lp.basis[leave] = enter
		lp.inB[enter] = true
		if pivots++; pivots%refactor == 0 {
			if err := lp.reinvert(); err != nil {
				return 0, errors.New("nrp: master LP: " + err.Error())
			}
		}
	}
}
