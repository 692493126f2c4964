// Package jobshop reads job-shop instances in the OR-Library / JSPLIB format
// and builds their makespan models with the encode API. It backs the known-
// optimum tests and benchmarks of the solving core (ft06 = 55, la01–la05).
package jobshop

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/plancert/plancert/encode"
)

// Op is one operation: the machine it needs and its duration.
type Op struct {
	Machine  int
	Duration int64
}

// Instance is a job shop: Jobs[j] lists job j's operations in order.
type Instance struct {
	Name     string
	Machines int
	Jobs     [][]Op
}

// Read parses the JSPLIB format: '#' comment lines, then "n m", then n
// lines of m "machine duration" pairs.
func Read(r io.Reader, name string) (*Instance, error) {
	var toks []int64
	sc := bufio.NewScanner(r)
	line := 0
	for sc.Scan() {
		line++
		t := strings.TrimSpace(sc.Text())
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		for _, f := range strings.Fields(t) {
			v, err := strconv.ParseInt(f, 10, 64)
			if err != nil {
				return nil, fmt.Errorf("jobshop: %s:%d: %q is not an integer", name, line, f)
			}
			toks = append(toks, v)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("jobshop: %s: %w", name, err)
	}
	if len(toks) < 2 {
		return nil, fmt.Errorf("jobshop: %s: missing \"jobs machines\" header", name)
	}
	n, m := int(toks[0]), int(toks[1])
	if n <= 0 || m <= 0 || len(toks) != 2+2*n*m {
		return nil, fmt.Errorf("jobshop: %s: header says %d jobs × %d machines, found %d numbers after it", name, n, m, len(toks)-2)
	}
	in := &Instance{Name: name, Machines: m}
	k := 2
	for j := 0; j < n; j++ {
		var job []Op
		for o := 0; o < m; o++ {
			mc, d := toks[k], toks[k+1]
			k += 2
			if mc < 0 || int(mc) >= m || d < 0 {
				return nil, fmt.Errorf("jobshop: %s: job %d operation %d: machine %d or duration %d out of range", name, j, o, mc, d)
			}
			job = append(job, Op{Machine: int(mc), Duration: d})
		}
		in.Jobs = append(in.Jobs, job)
	}
	return in, nil
}

// ReadFile reads an instance file.
func ReadFile(path string) (*Instance, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	name := path[strings.LastIndex(path, "/")+1:]
	return Read(f, name)
}

// Greedy returns the makespan of a deterministic list schedule (each step
// starts the operation that can start earliest, ties to the lowest job), an
// upper bound on the optimum.
func (in *Instance) Greedy() int64 {
	next := make([]int, len(in.Jobs))
	jobFree := make([]int64, len(in.Jobs))
	machFree := make([]int64, in.Machines)
	var mk int64
	for {
		best, bestStart := -1, int64(0)
		for j, job := range in.Jobs {
			if next[j] == len(job) {
				continue
			}
			s := max(jobFree[j], machFree[job[next[j]].Machine])
			if best < 0 || s < bestStart {
				best, bestStart = j, s
			}
		}
		if best < 0 {
			return mk
		}
		op := in.Jobs[best][next[best]]
		end := bestStart + op.Duration
		jobFree[best], machFree[op.Machine] = end, end
		next[best]++
		mk = max(mk, end)
	}
}

// Model builds the makespan model: a start variable per operation with
// domain [head, horizon − tail], precedence inside each job, one no-overlap
// per machine, an end variable per job and makespan = max of the ends. The
// horizon is the greedy schedule's makespan. Answer variables are the
// starts (note that starts with slack make optima rarely unique).
func (in *Instance) Model() *encode.Model {
	h := in.Greedy()
	m := encode.NewModel()
	starts := make([][]encode.Var, len(in.Jobs))
	machines := make([][]encode.Interval, in.Machines)
	var ends, answer []encode.Var
	for j, job := range in.Jobs {
		var tail int64
		for _, op := range job {
			tail += op.Duration
		}
		var head int64
		for o, op := range job {
			s := m.NewInt(fmt.Sprintf("s_%d_%d", j, o), head, h-tail)
			starts[j] = append(starts[j], s)
			answer = append(answer, s)
			machines[op.Machine] = append(machines[op.Machine], encode.Interval{Start: s, Duration: op.Duration})
			if o > 0 {
				prev := job[o-1]
				m.AddLinear([]encode.Term{{Var: s, Coef: 1}, {Var: starts[j][o-1], Coef: -1}}, encode.GE, prev.Duration).
					Named(fmt.Sprintf("job %d: op %d after op %d", j, o, o-1))
			}
			head += op.Duration
			tail -= op.Duration
		}
		last := len(job) - 1
		e := m.NewInt(fmt.Sprintf("end_%d", j), head, h)
		m.AddLinear([]encode.Term{{Var: e, Coef: 1}, {Var: starts[j][last], Coef: -1}}, encode.EQ, job[last].Duration).
			Named(fmt.Sprintf("job %d: end", j))
		ends = append(ends, e)
	}
	for k, ivs := range machines {
		m.AddNoOverlap(ivs...).Named(fmt.Sprintf("machine %d: one operation at a time", k))
	}
	var lb int64
	for _, e := range ends {
		lb = max(lb, m.Vars[e].Lo)
	}
	mk := m.NewInt("makespan", lb, h)
	m.AddMax(mk, ends...).Named("makespan")
	m.Minimize(encode.Term{Var: mk, Coef: 1})
	m.SetAnswer(answer...)
	return m
}

// Makespan checks a schedule given as start times starts[j][o] on the
// instance itself, independently of any model: operations of a job in
// order, one operation at a time per machine, no negative start. It
// returns the makespan.
func (in *Instance) Makespan(starts [][]int64) (int64, error) {
	if len(starts) != len(in.Jobs) {
		return 0, fmt.Errorf("jobshop: %d jobs scheduled, want %d", len(starts), len(in.Jobs))
	}
	type slot struct {
		s, e int64
		j, o int
	}
	machines := make([][]slot, in.Machines)
	var mk int64
	for j, job := range in.Jobs {
		if len(starts[j]) != len(job) {
			return 0, fmt.Errorf("jobshop: job %d: %d starts for %d operations", j, len(starts[j]), len(job))
		}
		for o, op := range job {
			s := starts[j][o]
			if s < 0 {
				return 0, fmt.Errorf("jobshop: job %d op %d starts at %d", j, o, s)
			}
			if o > 0 && s < starts[j][o-1]+job[o-1].Duration {
				return 0, fmt.Errorf("jobshop: job %d op %d starts at %d before op %d ends", j, o, s, o-1)
			}
			e := s + op.Duration
			for _, x := range machines[op.Machine] {
				if s < x.e && x.s < e {
					return 0, fmt.Errorf("jobshop: machine %d: job %d op %d overlaps job %d op %d", op.Machine, j, o, x.j, x.o)
				}
			}
			machines[op.Machine] = append(machines[op.Machine], slot{s, e, j, o})
			mk = max(mk, e)
		}
	}
	return mk, nil
}

// Optima reads the optimum per instance name from a file in the format of
// testdata/external/jobshop/optima.txt: '#' comments, then "name  JxM  optimum ...".
func Optima(path string) (map[string]int64, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	out := map[string]int64{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		if len(fs) < 3 || strings.HasPrefix(fs[0], "#") {
			continue
		}
		v, err := strconv.ParseInt(fs[2], 10, 64)
		if err != nil {
			return nil, fmt.Errorf("jobshop: %s: %q: optimum %q is not an integer", path, fs[0], fs[2])
		}
		out[fs[0]] = v
	}
	return out, sc.Err()
}
