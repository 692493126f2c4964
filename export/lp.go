package export

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/plancert/plancert/encode"
)

// WriteLP writes m in the CPLEX LP format, as read by COIN-OR CBC
// ("cbc FILE.lp solve solu OUT.txt", then ReadCBCSolution) and by most MIP
// solvers. title goes in the first comment line; a comment names each
// constraint before its rows.
//
// The model's variables are the first columns, under the names of
// Names(m, LP): a bool is a binary column, an int a general integer column
// with its bounds. Each constraint becomes rows over them, with helper
// columns named after the constraint ("c<i>_...", i its index in the
// model) or variable:
//
//	linear                 the row itself (= as ≤ and ≥)
//	at_most/least/exactly  Σ lits ≤ / ≥ / = k, a literal ¬b being 1 − b
//	all_different          per value x: Σ_i [v_i = x] ≤ 1
//	no_overlap             per pair that can meet, a binary "before" with
//	                       s_a + d_a ≤ s_b if before, s_b + d_b ≤ s_a if not
//	circuit                Σ out-arcs = 1 and Σ in-arcs = 1 per node, and
//	                       Miller–Tucker–Zemlin positions against subtours
//	element                target = Σ_x array[x]·[index = x], and no index
//	                       value outside the array
//	table                  a binary per tuple, exactly one chosen, each
//	                       variable equal to the chosen tuple's value
//	max                    target ≥ each argument, and target ≤ one chosen
//	                       argument
//
// [v = x] for an int variable is one of its value binaries (one per value,
// Σ = 1, Σ x·[v = x] = v), made once per variable and used by every
// constraint that needs it. Enforcement literals (only_if), the "before"
// binaries, optional intervals and circuit arcs switch rows off with big-M
// terms: a row e ≤ r that may be off when a 0/1 expression z is 1 is written
// e ≤ r + M·z, with M = max(e) − r over the column bounds, the least M that
// does not cut a solution. Rows that always hold are left out.
//
// The objective is the model's one level, or the levels combined by
// Combine; a model whose levels cannot be combined gives a *LexError (use
// Stage). A model without objective minimizes 0. Columns in no row and not
// in the objective are written with coefficient 0 in the objective, as
// CBC's reader wants every column to appear somewhere.
func WriteLP(w io.Writer, m *encode.Model, title string) error {
	p, err := newMIP(m, LP)
	if err != nil {
		return err
	}
	obj, minimize, err := p.objective()
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	comment := func(s string) { fmt.Fprintf(bw, "\\ %s\n", s) }
	comment(oneLine(title))
	comment("CPLEX LP format written by plancert's export package; solve with e.g.")
	comment("\"cbc FILE solve solu OUT\". Bools are binaries, ints general integers; helper")
	comment("columns (c<constraint index>_..., <variable>_eq_<value>) linearise the other kinds.")
	for i, vi := range m.Vars {
		if p.cols[i].name != vi.Name {
			comment(fmt.Sprintf("variable %s is %s", p.cols[i].name, strconv.Quote(vi.Name)))
		}
	}
	if minimize {
		bw.WriteString("Minimize\n")
	} else {
		bw.WriteString("Maximize\n")
	}
	// CBC's LP reader rejects a column that is in no row and not in the
	// objective: such columns get coefficient 0 in the objective.
	used := make([]bool, len(p.cols))
	for _, t := range obj {
		used[t.col] = true
	}
	for _, b := range p.blocks {
		for _, r := range b.rows {
			for _, t := range r.terms {
				used[t.col] = true
			}
		}
	}
	for c, u := range used {
		if !u {
			obj = append(obj, lterm{c, 0})
		}
	}
	if len(obj) == 0 { // no objective: 0 times some column
		if len(p.cols) == 0 {
			p.zero = p.newCol("zero", 0, 0, false)
		}
		obj = []lterm{{0, 0}}
	}
	bw.WriteString(" obj: ")
	p.writeTerms(bw, obj)
	bw.WriteString("\nSubject To\n")
	n := 0
	for _, b := range p.blocks {
		if len(b.rows) == 0 {
			continue
		}
		comment(oneLine(b.comment))
		for _, r := range b.rows {
			n++
			fmt.Fprintf(bw, " r%d: ", n)
			p.writeTerms(bw, r.terms)
			fmt.Fprintf(bw, " %s %d\n", r.op, r.rhs)
		}
	}
	bw.WriteString("Bounds\n")
	for _, c := range p.cols {
		switch {
		case c.binary:
		case c.lo == c.hi:
			fmt.Fprintf(bw, " %s = %d\n", c.name, c.lo)
		default:
			fmt.Fprintf(bw, " %d <= %s <= %d\n", c.lo, c.name, c.hi)
		}
	}
	section := func(head string, binary bool) {
		first := true
		for _, c := range p.cols {
			if c.binary != binary {
				continue
			}
			if first {
				fmt.Fprintf(bw, "%s\n", head)
				first = false
			}
			fmt.Fprintf(bw, " %s\n", c.name)
		}
	}
	section("Generals", false)
	section("Binaries", true)
	bw.WriteString("End\n")
	return bw.Flush()
}

// writeTerms writes a sum, eight terms per line.
func (p *mip) writeTerms(w *bufio.Writer, ts []lterm) {
	for i, t := range ts {
		if i > 0 && i%8 == 0 {
			w.WriteString("\n   ")
		}
		switch {
		case t.coef < 0 && i == 0:
			w.WriteString("- ")
		case t.coef < 0:
			w.WriteString(" - ")
		case i > 0:
			w.WriteString(" + ")
		}
		if a := abs(t.coef); a != 1 {
			w.WriteString(strconv.FormatInt(a, 10))
			w.WriteByte(' ')
		}
		w.WriteString(p.cols[t.col].name)
	}
}

func abs(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

// oneLine makes s fit on one comment line.
func oneLine(s string) string {
	return strings.Map(func(r rune) rune {
		if r < ' ' || r == 0x7f {
			return ' '
		}
		return r
	}, s)
}

// ReadCBCSolution reads the solution file that CBC writes with "solu FILE"
// after solving a model written by WriteLP. The first line gives the
// status: "Optimal ..." is Optimal (Feasible for a model without
// objective), "Infeasible ..." and "Integer infeasible ..." are
// Infeasible, and anything CBC writes when it stopped early ("Stopped on
// ...") is Unknown. Then one line per column with a nonzero value,
// "index name value reduced-cost" (CBC may mark a line with "**"); columns
// that are not listed are 0. Helper columns are ignored. Values must be
// integers within 10⁻⁶; Values is set for Optimal and Feasible only.
func ReadCBCSolution(r io.Reader, m *encode.Model) (*Solution, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), 1<<24)
	if !sc.Scan() {
		if err := sc.Err(); err != nil {
			return nil, err
		}
		return nil, solutionErrorf(LP, 0, "empty solution file")
	}
	head := strings.TrimSpace(sc.Text())
	var st Status
	switch {
	case strings.HasPrefix(head, "Optimal"):
		st = Optimal
		if len(m.Objectives) == 0 {
			st = Feasible
		}
	case strings.HasPrefix(head, "Infeasible"), strings.HasPrefix(head, "Integer infeasible"):
		return &Solution{Status: Infeasible}, nil
	case strings.HasPrefix(head, "Stopped"), strings.HasPrefix(head, "Unbounded"):
		return &Solution{Status: Unknown}, nil
	default:
		return nil, solutionErrorf(LP, 1, "unknown status line %q", head)
	}
	idx := nameIndex(m, LP)
	vals := make(encode.Assignment, len(m.Vars))
	line := 1
	for sc.Scan() {
		line++
		f := strings.Fields(strings.TrimPrefix(strings.TrimSpace(sc.Text()), "**"))
		if len(f) == 0 {
			continue
		}
		if len(f) < 3 {
			return nil, solutionErrorf(LP, line, "want \"index name value ...\", got %q", sc.Text())
		}
		v, ok := idx[f[1]]
		if !ok {
			continue // a helper column
		}
		x, err := integral(f[2])
		if err != nil {
			return nil, solutionErrorf(LP, line, "value of %s: %v", f[1], err)
		}
		vals[v] = x
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	return &Solution{Status: st, Values: vals}, nil
}

// integral parses a number that must be an integer within 10⁻⁶.
func integral(s string) (int64, error) {
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return 0, fmt.Errorf("%q is not a number", s)
	}
	r := math.Round(f)
	if math.Abs(f-r) > 1e-6 || math.Abs(r) > 1<<53 {
		return 0, fmt.Errorf("%s is not an integer", s)
	}
	return int64(r), nil
}
