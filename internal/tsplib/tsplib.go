package tsplib

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// Instance is a TSPLIB instance: Dist[i][j] between cities numbered from 0
// (TSPLIB's node i+1).
type Instance struct {
	Name string
	Dist [][]int64
}

// Read reads the TSPLIB instance in the file at path; the instance is named
// after the file without its .tsp suffix.
func Read(path string) (*Instance, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("tsplib: %w", err)
	}
	defer f.Close()
	d, err := Parse(f, path)
	if err != nil {
		return nil, err
	}
	return &Instance{Name: strings.TrimSuffix(filepath.Base(path), ".tsp"), Dist: d}, nil
}

// file is the raw content of a TSPLIB file: header keys and the numbers of
// each section, with the line each number came from.
type file struct {
	name     string
	keys     map[string]string
	sections map[string][]number
}

type number struct {
	text string
	line int
}

var sectionNames = map[string]bool{
	"NODE_COORD_SECTION":   true,
	"EDGE_WEIGHT_SECTION":  true,
	"DISPLAY_DATA_SECTION": true,
	"TOUR_SECTION":         true,
	"DEMAND_SECTION":       true,
	"TIME_WINDOW_SECTION":  true,
	"DEPOT_SECTION":        true,
}

func scan(r io.Reader, name string) (*file, error) {
	f := &file{name: name, keys: map[string]string{}, sections: map[string][]number{}}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<16), 1<<24)
	section, line := "", 0
	for sc.Scan() {
		line++
		t := strings.TrimSpace(sc.Text())
		switch {
		case t == "":
		case t == "EOF":
			section = ""
		case sectionNames[t]:
			if _, dup := f.sections[t]; dup {
				return nil, fmt.Errorf("tsplib: %s:%d: %s appears twice", name, line, t)
			}
			section = t
			f.sections[t] = []number{}
		case strings.Contains(t, ":"):
			key, val, _ := strings.Cut(t, ":")
			f.keys[strings.TrimSpace(key)] = strings.TrimSpace(val)
			section = ""
		case section != "":
			for _, x := range strings.Fields(t) {
				f.sections[section] = append(f.sections[section], number{x, line})
			}
		default:
			return nil, fmt.Errorf("tsplib: %s:%d: %q is neither a \"KEY : value\" line nor a known section", name, line, t)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("tsplib: %s: %w", name, err)
	}
	return f, nil
}

func (f *file) dimension() (int, error) {
	v, ok := f.keys["DIMENSION"]
	if !ok {
		return 0, fmt.Errorf("tsplib: %s: DIMENSION is missing", f.name)
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 {
		return 0, fmt.Errorf("tsplib: %s: DIMENSION %q is not a positive integer", f.name, v)
	}
	return n, nil
}

func (f *file) floats(section string) ([]float64, error) {
	nums := f.sections[section]
	out := make([]float64, len(nums))
	for i, x := range nums {
		v, err := strconv.ParseFloat(x.text, 64)
		if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, fmt.Errorf("tsplib: %s:%d: %s: %q is not a number", f.name, x.line, section, x.text)
		}
		out[i] = v
	}
	return out, nil
}

// Parse reads a TSPLIB instance of TYPE TSP from r; name is used in errors.
func Parse(r io.Reader, name string) ([][]int64, error) {
	f, err := scan(r, name)
	if err != nil {
		return nil, err
	}
	if t := f.keys["TYPE"]; t != "TSP" {
		return nil, fmt.Errorf("tsplib: %s: TYPE %q is not TSP", name, t)
	}
	n, err := f.dimension()
	if err != nil {
		return nil, err
	}
	kind := f.keys["EDGE_WEIGHT_TYPE"]
	if kind == "EXPLICIT" {
		return f.explicit(n)
	}
	if _, ok := f.sections["NODE_COORD_SECTION"]; !ok {
		return nil, fmt.Errorf("tsplib: %s: EDGE_WEIGHT_TYPE %q needs a NODE_COORD_SECTION", name, kind)
	}
	c, err := f.floats("NODE_COORD_SECTION")
	if err != nil {
		return nil, err
	}
	if len(c) != 3*n {
		return nil, fmt.Errorf("tsplib: %s: NODE_COORD_SECTION has %d numbers, want 3 per node (id x y) for DIMENSION %d", name, len(c), n)
	}
	xs, ys := make([]float64, n), make([]float64, n)
	for i := range n {
		if c[3*i] != float64(i+1) {
			return nil, fmt.Errorf("tsplib: %s:%d: NODE_COORD_SECTION: node %v where node %d was due", name, f.sections["NODE_COORD_SECTION"][3*i].line, c[3*i], i+1)
		}
		xs[i], ys[i] = c[3*i+1], c[3*i+2]
	}
	var d func(i, j int) int64
	switch kind {
	case "EUC_2D":
		d = func(i, j int) int64 { return nint(math.Hypot(xs[i]-xs[j], ys[i]-ys[j])) }
	case "CEIL_2D":
		d = func(i, j int) int64 { return int64(math.Ceil(math.Hypot(xs[i]-xs[j], ys[i]-ys[j]))) }
	case "ATT":
		d = func(i, j int) int64 {
			dx, dy := xs[i]-xs[j], ys[i]-ys[j]
			r := math.Sqrt((dx*dx + dy*dy) / 10)
			if t := nint(r); float64(t) < r {
				return t + 1
			} else {
				return t
			}
		}
	case "GEO":
		lat, lon := make([]float64, n), make([]float64, n)
		for i := range n {
			lat[i], lon[i] = geoRadians(xs[i]), geoRadians(ys[i])
		}
		d = func(i, j int) int64 {
			q1 := math.Cos(lon[i] - lon[j])
			q2 := math.Cos(lat[i] - lat[j])
			q3 := math.Cos(lat[i] + lat[j])
			return int64(geoRadius*math.Acos(0.5*((1+q1)*q2-(1-q1)*q3)) + 1)
		}
	default:
		return nil, fmt.Errorf("tsplib: %s: EDGE_WEIGHT_TYPE %q is not supported (EUC_2D, CEIL_2D, ATT, GEO, EXPLICIT)", name, kind)
	}
	dist := square(n)
	for i := range dist {
		for j := range dist[i] {
			if i != j {
				dist[i][j] = d(i, j)
			}
		}
	}
	return dist, nil
}

// The constants of TSPLIB95's GEO distance.
const (
	geoPI     = 3.141592
	geoRadius = 6378.388
)

// geoRadians converts TSPLIB's DDD.MM (degrees and minutes) to radians.
func geoRadians(x float64) float64 {
	deg := math.Trunc(x)
	return geoPI * (deg + 5*(x-deg)/3) / 180
}

func nint(x float64) int64 { return int64(x + 0.5) }

func square(n int) [][]int64 {
	d := make([][]int64, n)
	for i := range d {
		d[i] = make([]int64, n)
	}
	return d
}

// explicit reads EDGE_WEIGHT_SECTION by EDGE_WEIGHT_FORMAT.
func (f *file) explicit(n int) ([][]int64, error) {
	format := f.keys["EDGE_WEIGHT_FORMAT"]
	nums, ok := f.sections["EDGE_WEIGHT_SECTION"]
	if !ok {
		return nil, fmt.Errorf("tsplib: %s: EDGE_WEIGHT_TYPE EXPLICIT needs an EDGE_WEIGHT_SECTION", f.name)
	}
	// cells lists the (row, column) of each number in reading order.
	var cells [][2]int
	for i := range n {
		var lo, hi int // columns lo..hi-1 of row i
		switch format {
		case "FULL_MATRIX":
			lo, hi = 0, n
		case "UPPER_ROW":
			lo, hi = i+1, n
		case "UPPER_DIAG_ROW":
			lo, hi = i, n
		case "LOWER_ROW":
			lo, hi = 0, i
		case "LOWER_DIAG_ROW":
			lo, hi = 0, i+1
		default:
			return nil, fmt.Errorf("tsplib: %s: EDGE_WEIGHT_FORMAT %q is not supported (FULL_MATRIX, UPPER_ROW, UPPER_DIAG_ROW, LOWER_ROW, LOWER_DIAG_ROW)", f.name, format)
		}
		for j := lo; j < hi; j++ {
			cells = append(cells, [2]int{i, j})
		}
	}
	if len(nums) != len(cells) {
		return nil, fmt.Errorf("tsplib: %s: EDGE_WEIGHT_SECTION has %d numbers, %s of DIMENSION %d needs %d", f.name, len(nums), format, n, len(cells))
	}
	d := square(n)
	set := make([][]bool, n)
	for i := range set {
		set[i] = make([]bool, n)
	}
	for k, c := range cells {
		v, err := strconv.ParseInt(nums[k].text, 10, 64)
		if err != nil || v < 0 {
			return nil, fmt.Errorf("tsplib: %s:%d: EDGE_WEIGHT_SECTION: %q is not a non-negative integer", f.name, nums[k].line, nums[k].text)
		}
		i, j := c[0], c[1]
		if i == j {
			continue // the diagonal is not a distance
		}
		if set[i][j] && d[i][j] != v {
			return nil, fmt.Errorf("tsplib: %s:%d: EDGE_WEIGHT_SECTION: d(%d,%d) = %d but d(%d,%d) = %d; only symmetric instances are supported", f.name, nums[k].line, i+1, j+1, v, j+1, i+1, d[i][j])
		}
		d[i][j], d[j][i] = v, v
		set[i][j], set[j][i] = true, true
	}
	return d, nil
}

// ReadTour reads a TSPLIB tour file (TYPE TOUR): the cities of its
// TOUR_SECTION, numbered from 0, without the closing -1.
func ReadTour(path string) ([]int, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("tsplib: %w", err)
	}
	defer fh.Close()
	f, err := scan(fh, path)
	if err != nil {
		return nil, err
	}
	if t := f.keys["TYPE"]; t != "TOUR" {
		return nil, fmt.Errorf("tsplib: %s: TYPE %q is not TOUR", path, t)
	}
	n, err := f.dimension()
	if err != nil {
		return nil, err
	}
	var tour []int
	seen := make([]bool, n)
	for _, x := range f.sections["TOUR_SECTION"] {
		v, err := strconv.Atoi(x.text)
		switch {
		case err != nil:
			return nil, fmt.Errorf("tsplib: %s:%d: TOUR_SECTION: %q is not an integer", path, x.line, x.text)
		case v == -1:
			if len(tour) != n {
				return nil, fmt.Errorf("tsplib: %s: TOUR_SECTION has %d cities, DIMENSION is %d", path, len(tour), n)
			}
			return tour, nil
		case v < 1 || v > n || seen[v-1]:
			return nil, fmt.Errorf("tsplib: %s:%d: TOUR_SECTION: city %d is out of range or repeated", path, x.line, v)
		}
		seen[v-1] = true
		tour = append(tour, v-1)
	}
	return nil, fmt.Errorf("tsplib: %s: TOUR_SECTION does not end with -1", path)
}

// VRPTW is a vehicle-routing instance with capacity and time windows in
// LKH-3's CVRPTW format, with SCALE applied: location 0 is the depot.
type VRPTW struct {
	Name     string
	Vehicles int
	Capacity int64
	Travel   [][]int64 // floor(SCALE · Euclidean distance) (FLOOR_2D)
	Demand   []int64
	Ready    []int64 // SCALE · earliest service start
	Due      []int64 // SCALE · latest service start (the depot's: latest return)
	Service  []int64 // SCALE · SERVICE_TIME for customers, 0 at the depot
}

// ReadVRPTW reads an LKH-3 CVRPTW file (TYPE CVRPTW, EDGE_WEIGHT_TYPE
// FLOOR_2D, node 1 the depot) such as the Solomon 25-customer instances in
// testdata/external/vrptw; the instance is named after the file without its
// .vrptw suffix.
func ReadVRPTW(path string) (*VRPTW, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("tsplib: %w", err)
	}
	defer fh.Close()
	f, err := scan(fh, path)
	if err != nil {
		return nil, err
	}
	if t := f.keys["TYPE"]; t != "CVRPTW" {
		return nil, fmt.Errorf("tsplib: %s: TYPE %q is not CVRPTW", path, t)
	}
	if t := f.keys["EDGE_WEIGHT_TYPE"]; t != "FLOOR_2D" {
		return nil, fmt.Errorf("tsplib: %s: EDGE_WEIGHT_TYPE %q is not FLOOR_2D", path, t)
	}
	n, err := f.dimension()
	if err != nil {
		return nil, err
	}
	ints := map[string]int64{}
	for _, key := range []string{"VEHICLES", "CAPACITY", "SERVICE_TIME", "SCALE"} {
		v, err := strconv.ParseInt(f.keys[key], 10, 64)
		if err != nil || v < 0 {
			return nil, fmt.Errorf("tsplib: %s: %s %q is not a non-negative integer", path, key, f.keys[key])
		}
		ints[key] = v
	}
	if ints["VEHICLES"] < 1 || ints["SCALE"] < 1 {
		return nil, fmt.Errorf("tsplib: %s: VEHICLES and SCALE must be positive", path)
	}
	table := func(section string, cols int) ([][]float64, error) {
		v, err := f.floats(section)
		if err != nil {
			return nil, err
		}
		if len(v) != (cols+1)*n {
			return nil, fmt.Errorf("tsplib: %s: %s has %d numbers, want %d per node for DIMENSION %d", path, section, len(v), cols+1, n)
		}
		out := make([][]float64, n)
		for i := range n {
			if v[(cols+1)*i] != float64(i+1) {
				return nil, fmt.Errorf("tsplib: %s:%d: %s: node %v where node %d was due", path, f.sections[section][(cols+1)*i].line, section, v[(cols+1)*i], i+1)
			}
			out[i] = v[(cols+1)*i+1 : (cols+1)*(i+1)]
		}
		return out, nil
	}
	xy, err := table("NODE_COORD_SECTION", 2)
	if err != nil {
		return nil, err
	}
	dem, err := table("DEMAND_SECTION", 1)
	if err != nil {
		return nil, err
	}
	tw, err := table("TIME_WINDOW_SECTION", 2)
	if err != nil {
		return nil, err
	}
	if d := f.sections["DEPOT_SECTION"]; len(d) < 1 || d[0].text != "1" {
		return nil, fmt.Errorf("tsplib: %s: DEPOT_SECTION must name node 1 as the depot", path)
	}
	sc := float64(ints["SCALE"])
	v := &VRPTW{Name: strings.TrimSuffix(filepath.Base(path), ".vrptw"), Vehicles: int(ints["VEHICLES"]), Capacity: ints["CAPACITY"], Travel: square(n)}
	for i := range n {
		for j := range n {
			if i != j {
				v.Travel[i][j] = int64(math.Floor(sc * math.Hypot(xy[i][0]-xy[j][0], xy[i][1]-xy[j][1])))
			}
		}
		v.Demand = append(v.Demand, int64(dem[i][0]))
		v.Ready = append(v.Ready, int64(math.Round(sc*tw[i][0])))
		v.Due = append(v.Due, int64(math.Round(sc*tw[i][1])))
		if i == 0 {
			v.Service = append(v.Service, 0)
		} else {
			v.Service = append(v.Service, ints["SERVICE_TIME"]*ints["SCALE"])
		}
	}
	return v, nil
}
