package encode

import (
	"fmt"
	"sort"
	"strings"
)

// Assignment gives a value to every variable of a model, indexed by Var; a
// bool variable is 0 or 1.
type Assignment []int64

// Value returns the value of l under a (a literal over v is true when v ≠ 0,
// negated when l.Neg).
func (a Assignment) Value(l Lit) bool { return (a[l.Var] != 0) != l.Neg }

// Violation is a constraint that an assignment breaks, with the reason.
type Violation struct {
	Constraint string
	Reason     string
}

// CheckError lists the constraints an assignment violates. It is the
// evidence Check returns.
type CheckError struct {
	Violations []Violation
}

func (e *CheckError) Error() string {
	var b strings.Builder
	b.WriteString("encode: assignment violates ")
	for i, v := range e.Violations {
		if i > 0 {
			b.WriteString("; ")
		}
		fmt.Fprintf(&b, "%s (%s)", v.Constraint, v.Reason)
	}
	return b.String()
}

// Check returns nil when a is a solution of m: every value in its domain and
// every constraint holding. Otherwise it returns a *CheckError naming every
// violated constraint. Check is the specification that every solver answer
// must meet; it costs O(size of the model) except for NoOverlap (quadratic
// in the intervals).
func (m *Model) Check(a Assignment) error {
	if len(a) != len(m.Vars) {
		return &CheckError{[]Violation{{"(assignment)", fmt.Sprintf("%d values for %d variables", len(a), len(m.Vars))}}}
	}
	var vs []Violation
	for i, vi := range m.Vars {
		if a[i] < vi.Lo || a[i] > vi.Hi {
			vs = append(vs, Violation{"(domain)", fmt.Sprintf("%s = %d outside [%d, %d]", vi.Name, a[i], vi.Lo, vi.Hi)})
		}
	}
	for _, c := range m.Constraints {
		if r := m.Why(c, a); r != "" {
			vs = append(vs, Violation{c.Name, r})
		}
	}
	if vs != nil {
		return &CheckError{vs}
	}
	return nil
}

// Holds reports whether c holds under a (true when an enforcement literal
// is false).
func (m *Model) Holds(c *Constraint, a Assignment) bool { return m.Why(c, a) == "" }

// Why returns "" when c holds under a, and otherwise a short reason.
func (m *Model) Why(c *Constraint, a Assignment) string {
	for _, l := range c.Enforce {
		if !a.Value(l) {
			return ""
		}
	}
	switch c.Kind {
	case Linear:
		s := SumTerms(c.Terms, a)
		ok := (c.Op == LE && s <= c.RHS) || (c.Op == GE && s >= c.RHS) || (c.Op == EQ && s == c.RHS)
		if !ok {
			return fmt.Sprintf("sum is %d, want %s %d", s, c.Op, c.RHS)
		}
	case AtMost, AtLeast, Exactly:
		n := 0
		for _, l := range c.Lits {
			if a.Value(l) {
				n++
			}
		}
		ok := (c.Kind == AtMost && n <= c.K) || (c.Kind == AtLeast && n >= c.K) || (c.Kind == Exactly && n == c.K)
		if !ok {
			return fmt.Sprintf("%d true, want %s %d", n, c.Kind, c.K)
		}
	case AllDifferent:
		seen := map[int64]Var{}
		for _, v := range c.Vars {
			if w, dup := seen[a[v]]; dup {
				return fmt.Sprintf("%s = %s = %d", m.Name(w), m.Name(v), a[v])
			}
			seen[a[v]] = v
		}
	case NoOverlap:
		for i, x := range c.Intervals {
			for _, y := range c.Intervals[i+1:] {
				if x.Duration == 0 || y.Duration == 0 || (x.Present != nil && !a.Value(*x.Present)) || (y.Present != nil && !a.Value(*y.Present)) {
					continue
				}
				sx, sy := a[x.Start], a[y.Start]
				if sx < sy+y.Duration && sy < sx+x.Duration {
					return fmt.Sprintf("[%d, %d) of %s overlaps [%d, %d) of %s", sx, sx+x.Duration, m.Name(x.Start), sy, sy+y.Duration, m.Name(y.Start))
				}
			}
		}
	case Circuit:
		return circuitWhy(c.Arcs, a)
	case Element:
		i := a[c.Index]
		if i < 0 || i >= int64(len(c.Array)) {
			return fmt.Sprintf("index %s = %d outside [0, %d]", m.Name(c.Index), i, len(c.Array)-1)
		}
		if a[c.Target] != c.Array[i] {
			return fmt.Sprintf("%s = %d, want array[%d] = %d", m.Name(c.Target), a[c.Target], i, c.Array[i])
		}
	case Table:
	tuples:
		for _, t := range c.Tuples {
			for j, v := range c.Vars {
				if a[v] != t[j] {
					continue tuples
				}
			}
			return ""
		}
		vals := make([]int64, len(c.Vars))
		for j, v := range c.Vars {
			vals[j] = a[v]
		}
		return fmt.Sprintf("%v is not a tuple", vals)
	case Max:
		mx := a[c.Vars[0]]
		for _, v := range c.Vars[1:] {
			if a[v] > mx {
				mx = a[v]
			}
		}
		if a[c.Target] != mx {
			return fmt.Sprintf("%s = %d, want max %d", m.Name(c.Target), a[c.Target], mx)
		}
	}
	return ""
}

// circuitWhy checks that the chosen arcs form one cycle through all nodes.
func circuitWhy(arcs []Arc, a Assignment) string {
	nodes := map[int]bool{}
	next := map[int]int{}
	indeg := map[int]int{}
	for _, arc := range arcs {
		nodes[arc.From], nodes[arc.To] = true, true
		if a.Value(arc.Lit) {
			if _, dup := next[arc.From]; dup {
				return fmt.Sprintf("node %d has two outgoing arcs", arc.From)
			}
			next[arc.From] = arc.To
			indeg[arc.To]++
			if indeg[arc.To] > 1 {
				return fmt.Sprintf("node %d has two incoming arcs", arc.To)
			}
		}
	}
	ns := make([]int, 0, len(nodes))
	for n := range nodes {
		ns = append(ns, n)
	}
	sort.Ints(ns)
	for _, n := range ns {
		if _, ok := next[n]; !ok {
			return fmt.Sprintf("node %d has no outgoing arc", n)
		}
	}
	start, cur, steps := ns[0], ns[0], 0
	for {
		cur = next[cur]
		steps++
		if cur == start {
			break
		}
	}
	if steps != len(ns) {
		return fmt.Sprintf("the cycle through node %d visits %d of %d nodes", start, steps, len(ns))
	}
	return ""
}

// SumTerms returns sum(coef * value) over ts.
func SumTerms(ts []Term, a Assignment) int64 {
	var s int64
	for _, t := range ts {
		s += t.Coef * a[t.Var]
	}
	return s
}

// ObjectiveValues returns the value of every objective level under a, in
// the model's own senses (not negated for Maximize).
func (m *Model) ObjectiveValues(a Assignment) []int64 {
	out := make([]int64, len(m.Objectives))
	for i, o := range m.Objectives {
		out[i] = SumTerms(o.Terms, a)
	}
	return out
}

// Better reports whether objective vector x is lexicographically better
// than y under m's senses.
func (m *Model) Better(x, y []int64) bool {
	for i, o := range m.Objectives {
		if x[i] == y[i] {
			continue
		}
		if o.Sense == Minimize {
			return x[i] < y[i]
		}
		return x[i] > y[i]
	}
	return false
}

// SameAnswer reports whether a and b agree on the answer variables of m.
func (m *Model) SameAnswer(a, b Assignment) bool {
	for _, v := range m.AnswerVars() {
		if a[v] != b[v] {
			return false
		}
	}
	return true
}
