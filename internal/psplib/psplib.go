package psplib

import (
	"archive/zip"
	"bufio"
	"fmt"
	"io"
	"os"
	"path"
	"strconv"
	"strings"
)

// Instance is one RCPSP instance. Jobs are numbered from 0 (the dummy
// source) to len(Duration)-1 (the dummy sink).
type Instance struct {
	Name string
	// Duration[j] is job j's duration.
	Duration []int
	// Demand[j][r] is job j's per-period need of resource r.
	Demand [][]int
	// Succ[j] lists job j's successors (0-based).
	Succ [][]int
	// Capacity[r] is resource r's availability per period.
	Capacity []int
	// Horizon is the file's horizon (the sum of the durations).
	Horizon int
}

// Jobs returns the number of jobs, the dummies included.
func (in *Instance) Jobs() int { return len(in.Duration) }

// FormatError says where and why a file is not valid PSPLIB.
type FormatError struct {
	File   string
	Line   int // 0 when the problem is not on one line
	Field  string
	Reason string
}

func (e *FormatError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("psplib: %s:%d: %s: %s", e.File, e.Line, e.Field, e.Reason)
	}
	return fmt.Sprintf("psplib: %s: %s: %s", e.File, e.Field, e.Reason)
}

// ReadFile reads a .sm file.
func ReadFile(name string) (*Instance, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, fmt.Errorf("psplib: %w", err)
	}
	defer f.Close()
	return Read(f, name)
}

// ReadZip reads member member (e.g. "j301_1.sm") of a zip archive such as
// PSPLIB's j30.sm.zip; the member may sit in a folder of the archive.
func ReadZip(archive, member string) (*Instance, error) {
	z, err := zip.OpenReader(archive)
	if err != nil {
		return nil, fmt.Errorf("psplib: %w", err)
	}
	defer z.Close()
	for _, f := range z.File {
		if path.Base(f.Name) != member {
			continue
		}
		r, err := f.Open()
		if err != nil {
			return nil, fmt.Errorf("psplib: %s: %s: %w", archive, member, err)
		}
		defer r.Close()
		return Read(r, archive+":"+member)
	}
	return nil, fmt.Errorf("psplib: %s: no member %q", archive, member)
}

type line struct {
	n    int
	text string
}

// Read parses a single-mode .sm file; name is used in errors.
func Read(r io.Reader, name string) (*Instance, error) {
	var lines []line
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		lines = append(lines, line{n, sc.Text()})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("psplib: %s: %w", name, err)
	}
	bad := func(l line, field, format string, args ...any) error {
		return &FormatError{File: name, Line: l.n, Field: field, Reason: fmt.Sprintf(format, args...)}
	}
	// value returns the integer after the colon of the line starting with key.
	value := func(key, field string) (int, line, error) {
		for _, l := range lines {
			t := strings.TrimSpace(l.text)
			if !strings.HasPrefix(t, key) {
				continue
			}
			i := strings.Index(t, ":")
			if i < 0 {
				return 0, l, bad(l, field, "no ':' on the line")
			}
			fs := strings.Fields(t[i+1:])
			if len(fs) == 0 {
				return 0, l, bad(l, field, "no value after ':'")
			}
			v, err := strconv.Atoi(fs[0])
			if err != nil {
				return 0, l, bad(l, field, "%q is not an integer", fs[0])
			}
			return v, l, nil
		}
		return 0, line{}, &FormatError{File: name, Field: field, Reason: fmt.Sprintf("no line starting with %q", key)}
	}
	in := &Instance{Name: name}
	n, nl, err := value("jobs (incl. supersource/sink )", "jobs")
	if err != nil {
		return nil, err
	}
	if n < 2 {
		return nil, bad(nl, "jobs", "%d jobs: the dummy source and sink alone need 2", n)
	}
	if in.Horizon, _, err = value("horizon", "horizon"); err != nil {
		return nil, err
	}
	k, kl, err := value("- renewable", "renewable resources")
	if err != nil {
		return nil, err
	}
	if k < 0 {
		return nil, bad(kl, "renewable resources", "negative count %d", k)
	}
	for _, key := range []string{"- nonrenewable", "- doubly constrained"} {
		v, l, err := value(key, strings.TrimPrefix(key, "- ")+" resources")
		if err == nil && v != 0 {
			return nil, bad(l, strings.TrimPrefix(key, "- ")+" resources", "%d; only renewable resources are supported", v)
		}
	}
	// section returns the data lines of the section whose header line
	// starts with key: after the header (and a '---' rule if any) up to the
	// next line of '*'.
	section := func(key string) ([]line, error) {
		for i, l := range lines {
			if !strings.HasPrefix(strings.TrimSpace(l.text), key) {
				continue
			}
			var out []line
			for _, d := range lines[i+1:] {
				t := strings.TrimSpace(d.text)
				if strings.HasPrefix(t, "***") {
					break
				}
				if t == "" || strings.HasPrefix(t, "---") || strings.HasPrefix(t, "jobnr") {
					continue
				}
				out = append(out, d)
			}
			return out, nil
		}
		return nil, &FormatError{File: name, Field: key, Reason: "section missing"}
	}
	ints := func(l line, field string) ([]int, error) {
		fs := strings.Fields(l.text)
		out := make([]int, len(fs))
		for i, f := range fs {
			v, err := strconv.Atoi(f)
			if err != nil {
				return nil, bad(l, field, "%q is not an integer", f)
			}
			out[i] = v
		}
		return out, nil
	}
	in.Duration = make([]int, n)
	in.Demand = make([][]int, n)
	in.Succ = make([][]int, n)
	seen := make([]bool, n)
	prec, err := section("PRECEDENCE RELATIONS")
	if err != nil {
		return nil, err
	}
	if len(prec) != n {
		return nil, &FormatError{File: name, Field: "PRECEDENCE RELATIONS", Reason: fmt.Sprintf("%d job lines, the header says %d jobs", len(prec), n)}
	}
	for _, l := range prec {
		v, err := ints(l, "precedence")
		if err != nil {
			return nil, err
		}
		if len(v) < 3 || len(v) != 3+v[2] {
			return nil, bad(l, "precedence", "want \"jobnr #modes #successors successors…\" with as many successors as stated")
		}
		j := v[0] - 1
		if j < 0 || j >= n || seen[j] {
			return nil, bad(l, "precedence", "job %d is out of range or repeated", v[0])
		}
		seen[j] = true
		if v[1] != 1 {
			return nil, bad(l, "precedence", "job %d has %d modes; only single-mode files are supported", v[0], v[1])
		}
		for _, s := range v[3:] {
			if s < 1 || s > n || s-1 == j {
				return nil, bad(l, "precedence", "successor %d of job %d is out of range", s, v[0])
			}
			in.Succ[j] = append(in.Succ[j], s-1)
		}
	}
	req, err := section("REQUESTS/DURATIONS")
	if err != nil {
		return nil, err
	}
	if len(req) != n {
		return nil, &FormatError{File: name, Field: "REQUESTS/DURATIONS", Reason: fmt.Sprintf("%d job lines, the header says %d jobs", len(req), n)}
	}
	clear(seen)
	for _, l := range req {
		v, err := ints(l, "requests")
		if err != nil {
			return nil, err
		}
		if len(v) != 3+k {
			return nil, bad(l, "requests", "want jobnr, mode, duration and %d requests, found %d numbers", k, len(v))
		}
		j := v[0] - 1
		if j < 0 || j >= n || seen[j] {
			return nil, bad(l, "requests", "job %d is out of range or repeated", v[0])
		}
		seen[j] = true
		if v[2] < 0 {
			return nil, bad(l, "duration", "job %d has negative duration %d", v[0], v[2])
		}
		in.Duration[j] = v[2]
		in.Demand[j] = v[3:]
		for r, q := range in.Demand[j] {
			if q < 0 {
				return nil, bad(l, "requests", "job %d requests %d of R%d", v[0], q, r+1)
			}
		}
	}
	avail, err := section("RESOURCEAVAILABILITIES")
	if err != nil {
		return nil, err
	}
	var capl line
	for _, l := range avail {
		if !strings.HasPrefix(strings.TrimSpace(l.text), "R") {
			capl = l
		}
	}
	if capl.n == 0 {
		return nil, &FormatError{File: name, Field: "RESOURCEAVAILABILITIES", Reason: "no line of capacities"}
	}
	if in.Capacity, err = ints(capl, "capacities"); err != nil {
		return nil, err
	}
	if len(in.Capacity) != k {
		return nil, bad(capl, "capacities", "%d values for %d renewable resources", len(in.Capacity), k)
	}
	for j := range in.Demand {
		for r, q := range in.Demand[j] {
			if q > in.Capacity[r] {
				return nil, &FormatError{File: name, Field: "requests", Reason: fmt.Sprintf("job %d requests %d of R%d, more than its capacity %d", j+1, q, r+1, in.Capacity[r])}
			}
		}
	}
	if err := in.acyclic(); err != nil {
		return nil, &FormatError{File: name, Field: "precedence", Reason: err.Error()}
	}
	return in, nil
}

// Topo returns the jobs in an order where every job comes after its
// predecessors (Kahn's algorithm, smallest index first).
func (in *Instance) Topo() []int {
	indeg := make([]int, in.Jobs())
	for _, ss := range in.Succ {
		for _, s := range ss {
			indeg[s]++
		}
	}
	var order, ready []int
	for j, d := range indeg {
		if d == 0 {
			ready = append(ready, j)
		}
	}
	for len(ready) > 0 {
		j := ready[0]
		ready = ready[1:]
		order = append(order, j)
		for _, s := range in.Succ[j] {
			if indeg[s]--; indeg[s] == 0 {
				ready = append(ready, s)
			}
		}
	}
	return order
}

func (in *Instance) acyclic() error {
	if o := in.Topo(); len(o) != in.Jobs() {
		return fmt.Errorf("the precedence relations have a cycle (%d of %d jobs can be ordered)", len(o), in.Jobs())
	}
	return nil
}

// ReadOptima reads a PSPLIB optimum table such as j30opt.sm: after the
// header, rows "parameter instance makespan cpu-time"; the result maps the
// instance name ("j30" + parameter + "_" + instance, e.g. "j301_1") to its
// makespan. prefix is the set's name ("j30").
func ReadOptima(r io.Reader, name, prefix string) (map[string]int, error) {
	out := map[string]int{}
	sc := bufio.NewScanner(r)
	data := false
	for n := 1; sc.Scan(); n++ {
		t := strings.TrimSpace(sc.Text())
		if strings.HasPrefix(t, "Paramter") || strings.HasPrefix(t, "Parameter") {
			data = true
			continue
		}
		if !data || t == "" || strings.HasPrefix(t, "---") {
			continue
		}
		if strings.HasPrefix(t, "===") {
			break // the closing rule
		}
		fs := strings.Fields(t)
		if len(fs) < 3 {
			return nil, &FormatError{File: name, Line: n, Field: "row", Reason: "want \"parameter instance makespan\""}
		}
		var v [3]int
		for i := range v {
			x, err := strconv.Atoi(fs[i])
			if err != nil {
				return nil, &FormatError{File: name, Line: n, Field: "row", Reason: fmt.Sprintf("%q is not an integer", fs[i])}
			}
			v[i] = x
		}
		out[fmt.Sprintf("%s%d_%d", prefix, v[0], v[1])] = v[2]
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("psplib: %s: %w", name, err)
	}
	if len(out) == 0 {
		return nil, &FormatError{File: name, Field: "table", Reason: "no rows after the \"Paramter Instance Makespan\" header"}
	}
	return out, nil
}
