package export

import (
	"bufio"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"

	"github.com/plancert/plancert/encode"
)

// WriteMZN writes m as a MiniZinc model for the Gecode solver of MiniZinc
// 2.6 ("minizinc --solver gecode FILE.mzn", then ReadMZNSolution). title goes
// in the first comment line; a comment names each constraint.
//
// Variables keep the names of Names(m, MZN): a bool is "var bool", an int
// "var lo..hi", and a bool used as a number is bool2int(b). The constraint
// kinds map to
//
//	linear                 the linear (in)equation
//	at_most/least/exactly  Σ bool2int(lit) ≤ / ≥ / = k
//	all_different          alldifferent (pairwise ≠ under only_if)
//	no_overlap             disjunctive over the intervals of positive
//	                       duration; pairwise disjunctions when an interval
//	                       is optional or under only_if
//	circuit                circuit over successor variables c<i>_succ
//	                       (nodes numbered 1..n in increasing order), each
//	                       arc literal implying its successor, one arc out
//	                       of and into every node; under only_if, the
//	                       degrees and Miller–Tucker–Zemlin positions
//	element                target = array1d(0..n-1, array)[index], which
//	                       also rules out an index outside the array
//	table                  table (a disjunction of tuples under only_if)
//	max                    target = max([...])
//
// Only the library files that Gecode accepts are included, one per global
// ("alldifferent.mzn", ...; "globals.mzn" clashes with Gecode's library in
// MiniZinc 2.6). A constraint with only_if literals is written
// "l1 /\ not l2 -> (...)". The objective is "solve minimize" or "solve
// maximize" of the model's one level, the levels combined by Combine (a
// *LexError when they cannot be combined; use Stage), or "solve satisfy".
// The output item prints one line "name = value" per model variable.
func WriteMZN(w io.Writer, m *encode.Model, title string) error {
	if err := m.Validate(); err != nil {
		return err
	}
	z := &mznWriter{m: m, nm: newNamer(MZN), incl: map[string]bool{}}
	for _, vi := range m.Vars {
		z.names = append(z.names, z.nm.name(vi.Name))
	}
	var body strings.Builder
	for ci, c := range m.Constraints {
		fmt.Fprintf(&body, "%% constraint %s (%s)\n", oneLine(strconv.Quote(c.Name)), c.Kind)
		z.constraint(&body, ci, c)
	}
	var solve string
	switch len(m.Objectives) {
	case 0:
		solve = "solve satisfy;"
	case 1:
		o := m.Objectives[0]
		solve = fmt.Sprintf("solve %simize %s;", map[encode.Sense]string{encode.Minimize: "min", encode.Maximize: "max"}[o.Sense], z.sum(o.Terms))
	default:
		comb, err := Combine(m)
		if err != nil {
			return err
		}
		solve = "solve minimize " + z.sum(comb) + ";"
	}

	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "%% %s\n", oneLine(title))
	bw.WriteString("% MiniZinc written by plancert's export package, for Gecode:\n")
	bw.WriteString("% \"minizinc --solver gecode FILE\". Prints \"name = value\" per variable.\n")
	for i, vi := range m.Vars {
		if z.names[i] != vi.Name {
			fmt.Fprintf(bw, "%% variable %s is %s\n", z.names[i], oneLine(strconv.Quote(vi.Name)))
		}
	}
	incl := make([]string, 0, len(z.incl))
	for f := range z.incl {
		incl = append(incl, f)
	}
	sort.Strings(incl)
	for _, f := range incl {
		fmt.Fprintf(bw, "include %q;\n", f)
	}
	for i, vi := range m.Vars {
		if vi.Kind == encode.BoolVar {
			fmt.Fprintf(bw, "var bool: %s;\n", z.names[i])
		} else {
			fmt.Fprintf(bw, "var %d..%d: %s;\n", vi.Lo, vi.Hi, z.names[i])
		}
	}
	bw.WriteString(z.decls.String())
	bw.WriteString(body.String())
	bw.WriteString(solve + "\n")
	bw.WriteString("output [")
	for i, n := range z.names {
		if i > 0 {
			bw.WriteString(",")
		}
		fmt.Fprintf(bw, "\n  \"%s = \", show(%s), \"\\n\"", n, n)
	}
	bw.WriteString("\n];\n")
	return bw.Flush()
}

type mznWriter struct {
	m     *encode.Model
	nm    *namer
	names []string
	incl  map[string]bool
	decls strings.Builder // helper variables
}

// num is v as a number.
func (z *mznWriter) num(v encode.Var) string {
	if z.m.Vars[v].Kind == encode.BoolVar {
		return "bool2int(" + z.names[v] + ")"
	}
	return z.names[v]
}

func (z *mznWriter) lit(l encode.Lit) string {
	if l.Neg {
		return "not " + z.names[l.Var]
	}
	return z.names[l.Var]
}

func (z *mznWriter) nums(vs []encode.Var) string {
	s := make([]string, len(vs))
	for i, v := range vs {
		s[i] = z.num(v)
	}
	return "[" + strings.Join(s, ", ") + "]"
}

// sum writes Σ coef·var, "0" when empty.
func (z *mznWriter) sum(ts []encode.Term) string {
	var parts []string
	for _, t := range ts {
		parts = append(parts, fmt.Sprintf("%d*%s", t.Coef, z.num(t.Var)))
	}
	return joinSum(parts)
}

// joinSum joins "c*x" parts with " + ", writing "+ -3*x" as "- 3*x".
func joinSum(parts []string) string {
	if len(parts) == 0 {
		return "0"
	}
	var b strings.Builder
	for i, p := range parts {
		switch {
		case i == 0:
			b.WriteString(p)
		case strings.HasPrefix(p, "-"):
			b.WriteString(" - " + p[1:])
		default:
			b.WriteString(" + " + p)
		}
	}
	return b.String()
}

func (z *mznWriter) count(ls []encode.Lit) string {
	var parts []string
	for _, l := range ls {
		parts = append(parts, "bool2int("+z.lit(l)+")")
	}
	return joinSum(parts)
}

func and(parts []string) string {
	switch len(parts) {
	case 0:
		return "true"
	case 1:
		return parts[0]
	}
	return "(" + strings.Join(parts, " /\\ ") + ")"
}

func or(parts []string) string {
	switch len(parts) {
	case 0:
		return "false"
	case 1:
		return parts[0]
	}
	return "(" + strings.Join(parts, " \\/ ") + ")"
}

var mznOp = map[encode.Op]string{encode.LE: "<=", encode.GE: ">=", encode.EQ: "="}

func (z *mznWriter) constraint(w *strings.Builder, ci int, c *encode.Constraint) {
	var enf []string
	for _, l := range c.Enforce {
		enf = append(enf, z.lit(l))
	}
	reified := len(enf) > 0
	var body string
	switch c.Kind {
	case encode.Linear:
		body = fmt.Sprintf("%s %s %d", z.sum(c.Terms), mznOp[c.Op], c.RHS)
	case encode.AtMost, encode.AtLeast, encode.Exactly:
		op := map[encode.Kind]string{encode.AtMost: "<=", encode.AtLeast: ">=", encode.Exactly: "="}[c.Kind]
		body = fmt.Sprintf("%s %s %d", z.count(c.Lits), op, c.K)
	case encode.AllDifferent:
		switch {
		case len(c.Vars) < 2:
			return
		case !reified:
			z.incl["alldifferent.mzn"] = true
			body = "alldifferent(" + z.nums(c.Vars) + ")"
		default:
			var ne []string
			for i, a := range c.Vars {
				for _, b := range c.Vars[i+1:] {
					ne = append(ne, z.num(a)+" != "+z.num(b))
				}
			}
			body = and(ne)
		}
	case encode.NoOverlap:
		body = z.noOverlap(c.Intervals, reified)
		if body == "" {
			return
		}
	case encode.Circuit:
		body = z.circuit(ci, c.Arcs, reified)
	case encode.Element:
		arr := make([]string, len(c.Array))
		for i, x := range c.Array {
			arr[i] = strconv.FormatInt(x, 10)
		}
		body = fmt.Sprintf("%s = array1d(0..%d, [%s])[%s]", z.num(c.Target), len(c.Array)-1, strings.Join(arr, ", "), z.num(c.Index))
	case encode.Table:
		if !reified && len(c.Vars) > 0 && len(c.Tuples) > 0 {
			z.incl["table.mzn"] = true
			var flat []string
			for _, t := range c.Tuples {
				for _, x := range t {
					flat = append(flat, strconv.FormatInt(x, 10))
				}
			}
			body = fmt.Sprintf("table(%s, array2d(1..%d, 1..%d, [%s]))", z.nums(c.Vars), len(c.Tuples), len(c.Vars), strings.Join(flat, ", "))
			break
		}
		var alts []string
		for _, t := range c.Tuples {
			var eqs []string
			for j, v := range c.Vars {
				eqs = append(eqs, fmt.Sprintf("%s = %d", z.num(v), t[j]))
			}
			alts = append(alts, and(eqs))
		}
		body = or(alts)
	case encode.Max:
		body = fmt.Sprintf("%s = max(%s)", z.num(c.Target), z.nums(c.Vars))
	}
	if reified {
		fmt.Fprintf(w, "constraint %s -> (%s);\n", and(enf), body)
	} else {
		fmt.Fprintf(w, "constraint %s;\n", body)
	}
}

func (z *mznWriter) noOverlap(ivs []encode.Interval, reified bool) string {
	var pos []encode.Interval
	optional := false
	for _, iv := range ivs {
		if iv.Duration > 0 {
			pos = append(pos, iv)
			optional = optional || iv.Present != nil
		}
	}
	if len(pos) < 2 {
		return ""
	}
	if !reified && !optional {
		z.incl["disjunctive.mzn"] = true
		s, d := make([]encode.Var, len(pos)), make([]string, len(pos))
		for i, iv := range pos {
			s[i], d[i] = iv.Start, strconv.FormatInt(iv.Duration, 10)
		}
		return fmt.Sprintf("disjunctive(%s, [%s])", z.nums(s), strings.Join(d, ", "))
	}
	var pairs []string
	for i, a := range pos {
		for _, b := range pos[i+1:] {
			var alt []string
			for _, iv := range []encode.Interval{a, b} {
				if iv.Present != nil {
					alt = append(alt, z.lit(iv.Present.Not()))
				}
			}
			alt = append(alt,
				fmt.Sprintf("%s + %d <= %s", z.num(a.Start), a.Duration, z.num(b.Start)),
				fmt.Sprintf("%s + %d <= %s", z.num(b.Start), b.Duration, z.num(a.Start)))
			pairs = append(pairs, or(alt))
		}
	}
	return and(pairs)
}

func (z *mznWriter) circuit(ci int, arcs []encode.Arc, reified bool) string {
	nodes := map[int]bool{}
	out, in := map[int][]encode.Lit{}, map[int][]encode.Lit{}
	for _, a := range arcs {
		nodes[a.From], nodes[a.To] = true, true
		out[a.From] = append(out[a.From], a.Lit)
		in[a.To] = append(in[a.To], a.Lit)
	}
	ns := make([]int, 0, len(nodes))
	for n := range nodes {
		ns = append(ns, n)
	}
	sort.Ints(ns)
	num := map[int]int{}
	for i, n := range ns {
		num[n] = i + 1
	}
	var parts []string
	for _, n := range ns {
		parts = append(parts, z.count(out[n])+" = 1", z.count(in[n])+" = 1")
	}
	if !reified {
		z.incl["circuit.mzn"] = true
		succ := z.nm.name(fmt.Sprintf("c%d_succ", ci))
		fmt.Fprintf(&z.decls, "array[1..%d] of var 1..%d: %s;\n", len(ns), len(ns), succ)
		for _, a := range arcs {
			parts = append(parts, fmt.Sprintf("(%s -> %s[%d] = %d)", z.lit(a.Lit), succ, num[a.From], num[a.To]))
		}
		parts = append(parts, fmt.Sprintf("circuit(%s)", succ))
		return strings.Join(parts, " /\\\n  ")
	}
	if len(ns) > 2 {
		pos := map[int]string{}
		for _, n := range ns[1:] {
			pos[n] = z.nm.name(fmt.Sprintf("c%d_pos_%d", ci, n))
			fmt.Fprintf(&z.decls, "var 1..%d: %s;\n", len(ns)-1, pos[n])
		}
		for _, a := range arcs {
			if a.From == ns[0] || a.To == ns[0] {
				continue
			}
			parts = append(parts, fmt.Sprintf("(%s -> %s >= %s + 1)", z.lit(a.Lit), pos[a.To], pos[a.From]))
		}
	}
	return strings.Join(parts, " /\\\n  ")
}

// ReadMZNSolution reads what MiniZinc prints for a model written by
// WriteMZN: solutions of "name = value" lines (value an integer, true or
// false), each ended by "----------"; the last one counts. "=========="
// after a solution means the search was complete: Optimal for a model with
// objective (Feasible without). A solution without it is Feasible (not
// proven optimal). "=====UNSATISFIABLE=====" is Infeasible, and
// "=====UNKNOWN=====" or no solution at all Unknown. Lines starting with
// "%" are skipped, as are names of no model variable.
func ReadMZNSolution(r io.Reader, m *encode.Model) (*Solution, error) {
	idx := nameIndex(m, MZN)
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), 1<<24)
	var last, cur encode.Assignment
	var seen []bool
	complete, unsat, errored := false, false, false
	line := 0
	for sc.Scan() {
		line++
		t := strings.TrimSpace(sc.Text())
		switch {
		case t == "" || strings.HasPrefix(t, "%"):
		case t == "----------":
			if cur == nil {
				return nil, solutionErrorf(MZN, line, "a solution separator without a solution")
			}
			for v, ok := range seen {
				if !ok {
					return nil, solutionErrorf(MZN, line, "the solution gives no value to %s", Names(m, MZN)[v])
				}
			}
			last, cur = cur, nil
		case t == "==========":
			complete = true
		case t == "=====UNSATISFIABLE=====":
			unsat = true
		case t == "=====UNKNOWN=====":
		case t == "=====ERROR=====":
			errored = true
		default:
			name, val, ok := strings.Cut(t, " = ")
			if !ok {
				return nil, solutionErrorf(MZN, line, "want \"name = value\", got %q", t)
			}
			v, known := idx[name]
			if !known {
				continue
			}
			if cur == nil {
				cur, seen = make(encode.Assignment, len(m.Vars)), make([]bool, len(m.Vars))
			}
			switch val {
			case "true":
				cur[v] = 1
			case "false":
				cur[v] = 0
			default:
				x, err := strconv.ParseInt(val, 10, 64)
				if err != nil {
					return nil, solutionErrorf(MZN, line, "value of %s: %q is not an integer", name, val)
				}
				cur[v] = x
			}
			seen[v] = true
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	switch {
	case errored:
		return nil, solutionErrorf(MZN, 0, "MiniZinc reported an error (=====ERROR=====)")
	case unsat:
		return &Solution{Status: Infeasible}, nil
	case last == nil:
		return &Solution{Status: Unknown}, nil
	case complete && len(m.Objectives) > 0:
		return &Solution{Status: Optimal, Values: last}, nil
	}
	return &Solution{Status: Feasible, Values: last}, nil
}
