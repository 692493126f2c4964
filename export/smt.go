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

// WriteSMT2 writes m in SMT-LIB 2 with z3's optimization commands ("z3
// FILE.smt2", then ReadZ3Solution). title goes in the first comment line; a
// comment names each constraint.
//
// Variables keep the names of Names(m, SMT2), quoted with bars when they
// are not simple symbols: a bool is a Bool constant, an int an Int
// constant with its bounds asserted, and a bool used as a number is
// (ite b 1 0). The constraint kinds map to
//
//	linear                 the linear (in)equation
//	at_most/least/exactly  Σ (ite lit 1 0) ≤ / ≥ / = k
//	all_different          distinct
//	no_overlap             per pair of intervals of positive duration,
//	                       "one is absent, or one ends before the other"
//	circuit                one arc out of and into every node, and
//	                       Miller–Tucker–Zemlin positions c<i>_pos_<node>
//	                       (Int) against subtours
//	element                0 ≤ index < n and target = (ite (= index 0) a0 ...)
//	table                  a disjunction of the tuples
//	max                    target ≥ every argument and = one of them
//
// A constraint with only_if literals is asserted as (=> (and lits) body).
// The objective levels are one (minimize ...) or (maximize ...) each, in
// order, under (set-option :opt.priority lex); then (check-sat) and
// (get-value ...) of every model variable. The file sets z3's option
// :opt.elim_01 to false: z3 4.8.12 (Debian 12) otherwise loops on some
// infeasible models with an objective. That z3 also answers some models
// with several levels with a vector that is not the lexicographic optimum
// (each level alone is right), so internal/peers runs it one level at a
// time (Stage).
func WriteSMT2(w io.Writer, m *encode.Model, title string) error {
	if err := m.Validate(); err != nil {
		return err
	}
	s := &smtWriter{m: m, nm: newNamer(SMT2)}
	for _, vi := range m.Vars {
		s.names = append(s.names, smtSymbol(s.nm.name(vi.Name)))
	}
	var body strings.Builder
	for ci, c := range m.Constraints {
		fmt.Fprintf(&body, "; constraint %s (%s)\n", oneLine(strconv.Quote(c.Name)), c.Kind)
		s.constraint(&body, ci, c)
	}
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "; %s\n", oneLine(title))
	bw.WriteString("; SMT-LIB 2 written by plancert's export package, with z3's optimization\n")
	bw.WriteString("; commands: \"z3 FILE\". Bools are Bool, ints Int with asserted bounds.\n")
	for i, vi := range m.Vars {
		if strings.Trim(s.names[i], "|") != vi.Name {
			fmt.Fprintf(bw, "; variable %s is %s\n", s.names[i], oneLine(strconv.Quote(vi.Name)))
		}
	}
	// z3 4.8.12 (Debian 12) loops on some infeasible models with an
	// objective unless 0-1 integers are kept as they are.
	bw.WriteString("(set-option :opt.elim_01 false)\n")
	if len(m.Objectives) > 1 {
		bw.WriteString("(set-option :opt.priority lex)\n")
	}
	for i, vi := range m.Vars {
		if vi.Kind == encode.BoolVar {
			fmt.Fprintf(bw, "(declare-const %s Bool)\n", s.names[i])
			continue
		}
		fmt.Fprintf(bw, "(declare-const %s Int)\n(assert (and (<= %s %s) (<= %s %s)))\n", s.names[i], smtInt(vi.Lo), s.names[i], s.names[i], smtInt(vi.Hi))
	}
	bw.WriteString(s.decls.String())
	bw.WriteString(body.String())
	for _, o := range m.Objectives {
		fmt.Fprintf(bw, "(%simize %s)\n", map[encode.Sense]string{encode.Minimize: "min", encode.Maximize: "max"}[o.Sense], s.sum(o.Terms))
	}
	bw.WriteString("(check-sat)\n")
	if len(m.Vars) > 0 {
		fmt.Fprintf(bw, "(get-value (%s))\n", strings.Join(s.names, " "))
	}
	return bw.Flush()
}

type smtWriter struct {
	m     *encode.Model
	nm    *namer
	names []string
	decls strings.Builder
}

// smtInt writes an integer literal; SMT-LIB numerals are not negative.
func smtInt(x int64) string {
	if x < 0 {
		return "(- " + strconv.FormatInt(-x, 10) + ")"
	}
	return strconv.FormatInt(x, 10)
}

func (s *smtWriter) num(v encode.Var) string {
	if s.m.Vars[v].Kind == encode.BoolVar {
		return "(ite " + s.names[v] + " 1 0)"
	}
	return s.names[v]
}

func (s *smtWriter) lit(l encode.Lit) string {
	if l.Neg {
		return "(not " + s.names[l.Var] + ")"
	}
	return s.names[l.Var]
}

func smtApply(op string, args []string, empty string) string {
	switch len(args) {
	case 0:
		return empty
	case 1:
		if op == "+" || op == "and" || op == "or" {
			return args[0]
		}
	}
	return "(" + op + " " + strings.Join(args, " ") + ")"
}

func (s *smtWriter) sum(ts []encode.Term) string {
	var parts []string
	for _, t := range ts {
		if t.Coef == 1 {
			parts = append(parts, s.num(t.Var))
		} else {
			parts = append(parts, "(* "+smtInt(t.Coef)+" "+s.num(t.Var)+")")
		}
	}
	return smtApply("+", parts, "0")
}

func (s *smtWriter) count(ls []encode.Lit) string {
	var parts []string
	for _, l := range ls {
		parts = append(parts, "(ite "+s.lit(l)+" 1 0)")
	}
	return smtApply("+", parts, "0")
}

var smtOp = map[encode.Op]string{encode.LE: "<=", encode.GE: ">=", encode.EQ: "="}

func (s *smtWriter) constraint(w *strings.Builder, ci int, c *encode.Constraint) {
	var body string
	switch c.Kind {
	case encode.Linear:
		body = fmt.Sprintf("(%s %s %s)", smtOp[c.Op], s.sum(c.Terms), smtInt(c.RHS))
	case encode.AtMost, encode.AtLeast, encode.Exactly:
		op := map[encode.Kind]string{encode.AtMost: "<=", encode.AtLeast: ">=", encode.Exactly: "="}[c.Kind]
		body = fmt.Sprintf("(%s %s %d)", op, s.count(c.Lits), c.K)
	case encode.AllDifferent:
		if len(c.Vars) < 2 {
			return
		}
		args := make([]string, len(c.Vars))
		for i, v := range c.Vars {
			args[i] = s.num(v)
		}
		body = smtApply("distinct", args, "true")
	case encode.NoOverlap:
		var pairs []string
		for i, a := range c.Intervals {
			for _, b := range c.Intervals[i+1:] {
				if a.Duration == 0 || b.Duration == 0 {
					continue
				}
				var alt []string
				for _, iv := range []encode.Interval{a, b} {
					if iv.Present != nil {
						alt = append(alt, s.lit(iv.Present.Not()))
					}
				}
				alt = append(alt,
					fmt.Sprintf("(<= (+ %s %d) %s)", s.num(a.Start), a.Duration, s.num(b.Start)),
					fmt.Sprintf("(<= (+ %s %d) %s)", s.num(b.Start), b.Duration, s.num(a.Start)))
				pairs = append(pairs, smtApply("or", alt, "false"))
			}
		}
		if len(pairs) == 0 {
			return
		}
		body = smtApply("and", pairs, "true")
	case encode.Circuit:
		body = s.circuit(ci, c.Arcs)
	case encode.Element:
		sel := smtInt(c.Array[len(c.Array)-1])
		for i := len(c.Array) - 2; i >= 0; i-- {
			sel = fmt.Sprintf("(ite (= %s %d) %s %s)", s.num(c.Index), i, smtInt(c.Array[i]), sel)
		}
		body = fmt.Sprintf("(and (<= 0 %s) (<= %s %d) (= %s %s))", s.num(c.Index), s.num(c.Index), len(c.Array)-1, s.num(c.Target), sel)
	case encode.Table:
		var alts []string
		for _, t := range c.Tuples {
			var eqs []string
			for j, v := range c.Vars {
				eqs = append(eqs, fmt.Sprintf("(= %s %s)", s.num(v), smtInt(t[j])))
			}
			alts = append(alts, smtApply("and", eqs, "true"))
		}
		body = smtApply("or", alts, "false")
	case encode.Max:
		var ge, eq []string
		for _, v := range c.Vars {
			ge = append(ge, fmt.Sprintf("(>= %s %s)", s.num(c.Target), s.num(v)))
			eq = append(eq, fmt.Sprintf("(= %s %s)", s.num(c.Target), s.num(v)))
		}
		body = smtApply("and", append(ge, smtApply("or", eq, "false")), "true")
	}
	if len(c.Enforce) > 0 {
		var enf []string
		for _, l := range c.Enforce {
			enf = append(enf, s.lit(l))
		}
		body = fmt.Sprintf("(=> %s %s)", smtApply("and", enf, "true"), body)
	}
	fmt.Fprintf(w, "(assert %s)\n", body)
}

func (s *smtWriter) circuit(ci int, arcs []encode.Arc) string {
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
	var parts []string
	for _, n := range ns {
		parts = append(parts, "(= "+s.count(out[n])+" 1)", "(= "+s.count(in[n])+" 1)")
	}
	if len(ns) > 2 {
		pos := map[int]string{}
		for _, n := range ns[1:] {
			pos[n] = smtSymbol(s.nm.name(fmt.Sprintf("c%d_pos_%d", ci, n)))
			fmt.Fprintf(&s.decls, "(declare-const %s Int)\n(assert (and (<= 1 %s) (<= %s %d)))\n", pos[n], pos[n], pos[n], len(ns)-1)
		}
		for _, a := range arcs {
			if a.From == ns[0] || a.To == ns[0] {
				continue
			}
			parts = append(parts, fmt.Sprintf("(=> %s (>= %s (+ %s 1)))", s.lit(a.Lit), pos[a.To], pos[a.From]))
		}
	}
	return smtApply("and", parts, "true")
}

// ReadZ3Solution reads what z3 prints for a file written by WriteSMT2: the
// answer of (check-sat) — "sat" (Optimal for a model with objective, as z3
// answers sat only with an optimum; Feasible without), "unsat"
// (Infeasible) or "unknown" (Unknown) — and after "sat" the answer of
// (get-value ...), a list of (name value) pairs with integer values
// (negative ones as (- n)) or true/false. Error lines that z3 prints after
// "unsat" or "unknown" (no model) are skipped.
func ReadZ3Solution(r io.Reader, m *encode.Model) (*Solution, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	text := string(data)
	first, rest, _ := strings.Cut(strings.TrimLeft(text, " \t\r\n"), "\n")
	switch strings.TrimSpace(first) {
	case "unsat":
		return &Solution{Status: Infeasible}, nil
	case "unknown":
		return &Solution{Status: Unknown}, nil
	case "sat":
	default:
		return nil, solutionErrorf(SMT2, 1, "want sat, unsat or unknown, got %q", first)
	}
	st := Optimal
	if len(m.Objectives) == 0 {
		st = Feasible
	}
	vals := make(encode.Assignment, len(m.Vars))
	if len(m.Vars) == 0 {
		return &Solution{Status: st, Values: vals}, nil
	}
	p := &sexpParser{s: rest}
	e, err := p.parse()
	if err != nil {
		return nil, solutionErrorf(SMT2, 0, "get-value answer: %v", err)
	}
	idx := map[string]encode.Var{}
	for i, n := range Names(m, SMT2) {
		idx[n] = encode.Var(i)
	}
	seen := make([]bool, len(m.Vars))
	list, ok := e.([]any)
	if !ok {
		return nil, solutionErrorf(SMT2, 0, "get-value answer is not a list: %v", e)
	}
	for _, item := range list {
		pair, ok := item.([]any)
		if !ok || len(pair) != 2 {
			return nil, solutionErrorf(SMT2, 0, "want (name value), got %v", item)
		}
		name, ok := pair[0].(string)
		if !ok {
			return nil, solutionErrorf(SMT2, 0, "want a name, got %v", pair[0])
		}
		v, known := idx[name]
		if !known {
			return nil, solutionErrorf(SMT2, 0, "%q is no variable of the model", name)
		}
		x, err := smtValue(pair[1])
		if err != nil {
			return nil, solutionErrorf(SMT2, 0, "value of %s: %v", name, err)
		}
		vals[v], seen[v] = x, true
	}
	for v, ok := range seen {
		if !ok {
			return nil, solutionErrorf(SMT2, 0, "no value for %s", Names(m, SMT2)[v])
		}
	}
	return &Solution{Status: st, Values: vals}, nil
}

// smtValue reads true, false, a numeral or (- numeral).
func smtValue(e any) (int64, error) {
	switch x := e.(type) {
	case string:
		switch x {
		case "true":
			return 1, nil
		case "false":
			return 0, nil
		}
		return strconv.ParseInt(x, 10, 64)
	case []any:
		if len(x) == 2 && x[0] == "-" {
			n, err := smtValue(x[1])
			return -n, err
		}
	}
	return 0, fmt.Errorf("unexpected value %v", e)
}

// sexpParser reads one s-expression: a list ([]any) or an atom (string,
// with bars of a quoted symbol removed).
type sexpParser struct {
	s string
	i int
}

func (p *sexpParser) skip() {
	for p.i < len(p.s) {
		switch c := p.s[p.i]; {
		case c == ';':
			for p.i < len(p.s) && p.s[p.i] != '\n' {
				p.i++
			}
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			p.i++
		default:
			return
		}
	}
}

func (p *sexpParser) parse() (any, error) {
	p.skip()
	if p.i >= len(p.s) {
		return nil, fmt.Errorf("unexpected end of output")
	}
	switch p.s[p.i] {
	case '(':
		p.i++
		list := []any{}
		for {
			p.skip()
			if p.i >= len(p.s) {
				return nil, fmt.Errorf("unclosed list")
			}
			if p.s[p.i] == ')' {
				p.i++
				return list, nil
			}
			e, err := p.parse()
			if err != nil {
				return nil, err
			}
			list = append(list, e)
		}
	case ')':
		return nil, fmt.Errorf("unexpected ) at offset %d", p.i)
	case '|':
		j := strings.IndexByte(p.s[p.i+1:], '|')
		if j < 0 {
			return nil, fmt.Errorf("unclosed |symbol|")
		}
		atom := p.s[p.i+1 : p.i+1+j]
		p.i += j + 2
		return atom, nil
	case '"':
		return nil, fmt.Errorf("unexpected string at offset %d (an error message?)", p.i)
	}
	j := p.i
	for j < len(p.s) && strings.IndexByte(" \t\r\n();|\"", p.s[j]) < 0 {
		j++
	}
	atom := p.s[p.i:j]
	p.i = j
	return atom, nil
}
