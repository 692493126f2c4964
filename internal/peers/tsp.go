package peers

import (
	"bufio"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/plancert/plancert/encode"
)

// TSP is a symmetric travelling-salesman instance: Dist[i][j] between
// cities numbered from 0.
type TSP struct {
	Name string
	Dist [][]int64
}

// ReadTSPLIB reads a TSPLIB file with a NODE_COORD_SECTION and
// EDGE_WEIGHT_TYPE EUC_2D, ATT or GEO, with the distance functions of
// TSPLIB95 (Reinelt 1991): EUC_2D rounds the Euclidean distance to the
// nearest integer; ATT is pseudo-Euclidean; GEO reads DDD.MM coordinates as
// degrees and minutes on a sphere of radius 6378.388. Other types are an
// error.
func ReadTSPLIB(path string) (*TSP, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	name := strings.TrimSuffix(filepath.Base(path), ".tsp")
	var kind string
	n := -1
	var xs, ys []float64
	sc := bufio.NewScanner(f)
	inCoords, line := false, 0
	for sc.Scan() {
		line++
		t := strings.TrimSpace(sc.Text())
		switch {
		case t == "" || t == "EOF":
			inCoords = inCoords && t == ""
		case inCoords:
			fs := strings.Fields(t)
			if len(fs) != 3 {
				return nil, fmt.Errorf("peers: %s:%d: want \"id x y\", got %q", path, line, t)
			}
			x, err1 := strconv.ParseFloat(fs[1], 64)
			y, err2 := strconv.ParseFloat(fs[2], 64)
			if err1 != nil || err2 != nil {
				return nil, fmt.Errorf("peers: %s:%d: bad coordinates %q", path, line, t)
			}
			xs, ys = append(xs, x), append(ys, y)
		case t == "NODE_COORD_SECTION":
			inCoords = true
		default:
			key, val, ok := strings.Cut(t, ":")
			if !ok {
				return nil, fmt.Errorf("peers: %s:%d: section %q is not supported", path, line, t)
			}
			key, val = strings.TrimSpace(key), strings.TrimSpace(val)
			switch key {
			case "DIMENSION":
				if n, err = strconv.Atoi(val); err != nil {
					return nil, fmt.Errorf("peers: %s:%d: DIMENSION %q", path, line, val)
				}
			case "EDGE_WEIGHT_TYPE":
				kind = val
			case "TYPE":
				if val != "TSP" {
					return nil, fmt.Errorf("peers: %s: TYPE %s is not TSP", path, val)
				}
			}
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if n < 0 || len(xs) != n {
		return nil, fmt.Errorf("peers: %s: DIMENSION %d but %d coordinates", path, n, len(xs))
	}
	var d func(i, j int) int64
	switch kind {
	case "EUC_2D":
		d = func(i, j int) int64 { return int64(math.Hypot(xs[i]-xs[j], ys[i]-ys[j]) + 0.5) }
	case "ATT":
		d = func(i, j int) int64 {
			dx, dy := xs[i]-xs[j], ys[i]-ys[j]
			r := math.Sqrt((dx*dx + dy*dy) / 10)
			t := int64(r + 0.5)
			if float64(t) < r {
				t++
			}
			return t
		}
	case "GEO":
		rad := func(x float64) float64 {
			deg := math.Trunc(x)
			return math.Pi * (deg + 5*(x-deg)/3) / 180
		}
		d = func(i, j int) int64 {
			q1 := math.Cos(rad(ys[i]) - rad(ys[j]))
			q2 := math.Cos(rad(xs[i]) - rad(xs[j]))
			q3 := math.Cos(rad(xs[i]) + rad(xs[j]))
			return int64(6378.388*math.Acos(0.5*((1+q1)*q2-(1-q1)*q3)) + 1)
		}
	default:
		return nil, fmt.Errorf("peers: %s: EDGE_WEIGHT_TYPE %q is not supported (EUC_2D, ATT, GEO)", path, kind)
	}
	dist := make([][]int64, n)
	for i := range dist {
		dist[i] = make([]int64, n)
		for j := range dist[i] {
			if i != j {
				dist[i][j] = d(i, j)
			}
		}
	}
	return &TSP{Name: name, Dist: dist}, nil
}

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
