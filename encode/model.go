package encode

import (
	"fmt"
	"math"
)

// MaxDomain is the largest number of values (hi-lo+1) an integer variable may
// have. Integers are order-encoded, one literal per value, so the cap keeps a
// careless model from asking for millions of literals.
const MaxDomain = 1 << 20

// Var is a handle on a variable of a Model: its index in Model.Vars.
type Var int

// Lit is a Boolean literal over a variable of a Model: the variable itself, or
// its negation when Neg is set. A literal over an integer variable means
// "the variable is not 0" (a bool variable is an integer in [0, 1]); the model
// reader and Validate only accept literals over bool variables.
type Lit struct {
	Var Var
	Neg bool
}

// Lit returns the positive literal of v.
func (v Var) Lit() Lit { return Lit{Var: v} }

// Not returns the negative literal of v.
func (v Var) Not() Lit { return Lit{Var: v, Neg: true} }

// Not returns the negation of l.
func (l Lit) Not() Lit { return Lit{Var: l.Var, Neg: !l.Neg} }

// VarKind says whether a variable is Boolean or a bounded integer.
type VarKind uint8

// The kinds of variable.
const (
	BoolVar VarKind = iota
	IntVar
)

// String returns "bool" or "int".
func (k VarKind) String() string {
	if k == BoolVar {
		return "bool"
	}
	return "int"
}

// VarInfo describes one variable: its name, kind and inclusive bounds (a
// bool variable has Lo 0 and Hi 1).
type VarInfo struct {
	Name   string
	Kind   VarKind
	Lo, Hi int64
}

// Term is Coef times a variable; a bool variable counts as 0 or 1.
type Term struct {
	Var  Var
	Coef int64
}

// Op is the relation of a linear constraint.
type Op uint8

// The relations of a linear constraint.
const (
	LE Op = iota // sum ≤ rhs
	GE           // sum ≥ rhs
	EQ           // sum = rhs
)

// String returns "<=", ">=" or "=".
func (o Op) String() string {
	switch o {
	case LE:
		return "<="
	case GE:
		return ">="
	}
	return "="
}

// Kind is the type of a constraint.
type Kind uint8

// The constraint kinds, with their names in the model format.
const (
	Linear       Kind = iota // linear
	AtMost                   // at_most
	AtLeast                  // at_least
	Exactly                  // exactly
	AllDifferent             // all_different
	NoOverlap                // no_overlap
	Circuit                  // circuit
	Element                  // element
	Table                    // table
	Max                      // max
	numKinds
)

var kindNames = [numKinds]string{"linear", "at_most", "at_least", "exactly", "all_different", "no_overlap", "circuit", "element", "table", "max"}

// String returns the kind's name in the model format, e.g. "no_overlap".
func (k Kind) String() string {
	if k < numKinds {
		return kindNames[k]
	}
	return fmt.Sprintf("kind(%d)", k)
}

// ParseKind returns the kind named s in the model format.
func ParseKind(s string) (Kind, bool) {
	for i, n := range kindNames {
		if n == s {
			return Kind(i), true
		}
	}
	return 0, false
}

// Interval is a task of fixed Duration starting at the integer variable
// Start: it occupies [Start, Start+Duration). When Present is not nil the
// interval is optional and takes no room unless *Present is true.
type Interval struct {
	Start    Var
	Duration int64
	Present  *Lit
}

// Arc is a directed arc of a circuit, chosen when Lit is true.
type Arc struct {
	From, To int
	Lit      Lit
}

// Constraint is one named constraint of a Model. Which fields are used
// depends on Kind; see the Add methods of Model. A constraint with Enforce
// literals holds only when all of them are true (OnlyIf).
//
// Group names the constraint group the constraint belongs to; minimal
// unsatisfiable subsets are reported over groups. It defaults to Name.
type Constraint struct {
	Name    string
	Group   string
	Kind    Kind
	Enforce []Lit

	Terms []Term // Linear
	Op    Op     // Linear
	RHS   int64  // Linear

	Lits []Lit // AtMost, AtLeast, Exactly
	K    int   // AtMost, AtLeast, Exactly

	Vars      []Var      // AllDifferent, Table, Max
	Intervals []Interval // NoOverlap
	Arcs      []Arc      // Circuit
	Index     Var        // Element
	Array     []int64    // Element
	Target    Var        // Element, Max
	Tuples    [][]int64  // Table
}

// OnlyIf makes c hold only when every literal in lits is true (an enforcement
// literal in CP-SAT's words). It returns c for chaining.
func (c *Constraint) OnlyIf(lits ...Lit) *Constraint {
	c.Enforce = append(c.Enforce, lits...)
	return c
}

// Named sets c's name, which must be unique in its model. It returns c.
func (c *Constraint) Named(name string) *Constraint {
	if c.Group == c.Name {
		c.Group = name
	}
	c.Name = name
	return c
}

// InGroup puts c in the named constraint group. It returns c.
func (c *Constraint) InGroup(group string) *Constraint {
	c.Group = group
	return c
}

// Sense is the direction of an objective level.
type Sense uint8

// The objective senses.
const (
	Minimize Sense = iota
	Maximize
)

// String returns "min" or "max".
func (s Sense) String() string {
	if s == Maximize {
		return "max"
	}
	return "min"
}

// Objective is one level of a lexicographic objective: Sense of the sum of
// Terms.
type Objective struct {
	Sense Sense
	Terms []Term
}

// Model is a constraint model: variables, named constraints, lexicographic
// objective levels and the answer variables, the projection that decides when
// two solutions are the same plan. The zero Model is empty and ready to use.
//
// A Model is a plain description; it is lowered to clauses by Lower and its
// semantics are given by Check, which every solver answer must pass.
type Model struct {
	Vars        []VarInfo
	Constraints []*Constraint
	Objectives  []Objective
	// Answer lists the answer variables; nil means all variables.
	Answer []Var

	byName map[string]Var
}

// NewModel returns an empty model.
func NewModel() *Model { return &Model{} }

func (m *Model) newVar(name string, kind VarKind, lo, hi int64) Var {
	v := Var(len(m.Vars))
	if name == "" {
		name = fmt.Sprintf("_v%d", v)
	}
	m.Vars = append(m.Vars, VarInfo{Name: name, Kind: kind, Lo: lo, Hi: hi})
	if m.byName == nil {
		m.byName = make(map[string]Var)
	}
	if _, dup := m.byName[name]; !dup {
		m.byName[name] = v
	}
	return v
}

// NewBool adds a Boolean variable and returns it. An empty name gets a
// generated one.
func (m *Model) NewBool(name string) Var { return m.newVar(name, BoolVar, 0, 1) }

// NewInt adds an integer variable with inclusive bounds lo ≤ hi and returns
// it. Validate reports empty or oversized domains.
func (m *Model) NewInt(name string, lo, hi int64) Var { return m.newVar(name, IntVar, lo, hi) }

// Lookup returns the variable called name.
func (m *Model) Lookup(name string) (Var, bool) {
	if len(m.byName) != len(m.Vars) {
		m.byName = make(map[string]Var, len(m.Vars))
		for i, vi := range m.Vars {
			if _, dup := m.byName[vi.Name]; !dup {
				m.byName[vi.Name] = Var(i)
			}
		}
	}
	v, ok := m.byName[name]
	return v, ok
}

// Name returns the name of v.
func (m *Model) Name(v Var) string { return m.Vars[v].Name }

func (m *Model) add(c *Constraint) *Constraint {
	if c.Name == "" {
		c.Name = fmt.Sprintf("%s#%d", c.Kind, len(m.Constraints))
	}
	if c.Group == "" {
		c.Group = c.Name
	}
	m.Constraints = append(m.Constraints, c)
	return c
}

// AddLinear adds sum(terms) op rhs.
func (m *Model) AddLinear(terms []Term, op Op, rhs int64) *Constraint {
	return m.add(&Constraint{Kind: Linear, Terms: append([]Term(nil), terms...), Op: op, RHS: rhs})
}

// AddAtMost adds "at most k of lits are true".
func (m *Model) AddAtMost(lits []Lit, k int) *Constraint {
	return m.add(&Constraint{Kind: AtMost, Lits: append([]Lit(nil), lits...), K: k})
}

// AddAtLeast adds "at least k of lits are true".
func (m *Model) AddAtLeast(lits []Lit, k int) *Constraint {
	return m.add(&Constraint{Kind: AtLeast, Lits: append([]Lit(nil), lits...), K: k})
}

// AddExactly adds "exactly k of lits are true".
func (m *Model) AddExactly(lits []Lit, k int) *Constraint {
	return m.add(&Constraint{Kind: Exactly, Lits: append([]Lit(nil), lits...), K: k})
}

// AddAllDifferent adds "the variables take pairwise different values".
func (m *Model) AddAllDifferent(vars ...Var) *Constraint {
	return m.add(&Constraint{Kind: AllDifferent, Vars: append([]Var(nil), vars...)})
}

// AddNoOverlap adds "no two present intervals overlap". Intervals of
// duration 0 take no room.
func (m *Model) AddNoOverlap(ivs ...Interval) *Constraint {
	return m.add(&Constraint{Kind: NoOverlap, Intervals: append([]Interval(nil), ivs...)})
}

// AddCircuit adds "the arcs whose literal is true form exactly one cycle
// through every node named in the arcs". Self-loops are not allowed.
func (m *Model) AddCircuit(arcs ...Arc) *Constraint {
	return m.add(&Constraint{Kind: Circuit, Arcs: append([]Arc(nil), arcs...)})
}

// AddElement adds target = array[index], indexes counting from 0.
func (m *Model) AddElement(index Var, array []int64, target Var) *Constraint {
	return m.add(&Constraint{Kind: Element, Index: index, Array: append([]int64(nil), array...), Target: target})
}

// AddTable adds "the values of vars are one of the tuples".
func (m *Model) AddTable(vars []Var, tuples [][]int64) *Constraint {
	t := make([][]int64, len(tuples))
	for i := range tuples {
		t[i] = append([]int64(nil), tuples[i]...)
	}
	return m.add(&Constraint{Kind: Table, Vars: append([]Var(nil), vars...), Tuples: t})
}

// AddMax adds target = max(vars).
func (m *Model) AddMax(target Var, vars ...Var) *Constraint {
	return m.add(&Constraint{Kind: Max, Target: target, Vars: append([]Var(nil), vars...)})
}

// Minimize appends a level "minimize sum(terms)" to the lexicographic
// objective.
func (m *Model) Minimize(terms ...Term) {
	m.Objectives = append(m.Objectives, Objective{Sense: Minimize, Terms: append([]Term(nil), terms...)})
}

// Maximize appends a level "maximize sum(terms)" to the lexicographic
// objective.
func (m *Model) Maximize(terms ...Term) {
	m.Objectives = append(m.Objectives, Objective{Sense: Maximize, Terms: append([]Term(nil), terms...)})
}

// SetAnswer sets the answer variables: two solutions are the same plan when
// they agree on these.
// SetAnswer with no variables makes every solution the same plan.
func (m *Model) SetAnswer(vars ...Var) { m.Answer = append([]Var{}, vars...) }

// AnswerVars returns the answer variables: Answer, or all variables when
// Answer is nil.
func (m *Model) AnswerVars() []Var {
	if m.Answer != nil {
		return m.Answer
	}
	all := make([]Var, len(m.Vars))
	for i := range all {
		all[i] = Var(i)
	}
	return all
}

// Groups returns the constraint group names in order of first appearance.
func (m *Model) Groups() []string {
	seen := map[string]bool{}
	var gs []string
	for _, c := range m.Constraints {
		if !seen[c.Group] {
			seen[c.Group] = true
			gs = append(gs, c.Group)
		}
	}
	return gs
}

// Validate reports the first structural error of m: a reference to a
// variable that does not exist, an empty or oversized domain, a literal over
// an integer variable, a duplicate constraint name, a malformed constraint.
// Errors name the constraint; the model reader reports JSON paths instead.
func (m *Model) Validate() error {
	names := map[string]bool{}
	for i, vi := range m.Vars {
		if names[vi.Name] {
			return fmt.Errorf("encode: variables[%d]: duplicate variable name %q", i, vi.Name)
		}
		names[vi.Name] = true
		if vi.Lo > vi.Hi {
			return fmt.Errorf("encode: variable %q: empty domain [%d, %d]", vi.Name, vi.Lo, vi.Hi)
		}
		if vi.Kind == BoolVar && (vi.Lo != 0 || vi.Hi != 1) {
			return fmt.Errorf("encode: variable %q: bool must have domain [0, 1]", vi.Name)
		}
		if !small(vi.Lo) || !small(vi.Hi) {
			return fmt.Errorf("encode: variable %q: bound beyond ±1e15", vi.Name)
		}
		if vi.Hi-vi.Lo >= MaxDomain {
			return fmt.Errorf("encode: variable %q: domain [%d, %d] has more than %d values", vi.Name, vi.Lo, vi.Hi, MaxDomain)
		}
	}
	cnames := map[string]bool{}
	for i, c := range m.Constraints {
		if cnames[c.Name] {
			return fmt.Errorf("encode: constraints[%d]: duplicate constraint name %q", i, c.Name)
		}
		cnames[c.Name] = true
		if c.Group == "" {
			return fmt.Errorf("encode: constraint %q: empty group name", c.Name)
		}
		if err := m.validateConstraint(c); err != nil {
			return fmt.Errorf("encode: constraint %q: %w", c.Name, err)
		}
	}
	for l, o := range m.Objectives {
		if o.Sense > Maximize {
			return fmt.Errorf("encode: objective level %d: bad sense %d", l, o.Sense)
		}
		if err := m.checkTerms(o.Terms); err != nil {
			return fmt.Errorf("encode: objective level %d: %w", l, err)
		}
	}
	for _, v := range m.Answer {
		if !m.okVar(v) {
			return fmt.Errorf("encode: answer: unknown variable %d", v)
		}
	}
	return nil
}

func (m *Model) okVar(v Var) bool { return v >= 0 && int(v) < len(m.Vars) }

func (m *Model) okLit(l Lit) error {
	if !m.okVar(l.Var) {
		return fmt.Errorf("unknown variable %d", l.Var)
	}
	if m.Vars[l.Var].Kind != BoolVar {
		return fmt.Errorf("literal over int variable %q", m.Vars[l.Var].Name)
	}
	return nil
}

// MaxMagnitude bounds every coefficient, bound, right-hand side, duration
// and partial sum of a model, so that no computation on it overflows int64.
const MaxMagnitude = 1e15

func (m *Model) checkTerms(ts []Term) error {
	var total float64
	for _, t := range ts {
		if !m.okVar(t.Var) {
			return fmt.Errorf("unknown variable %d", t.Var)
		}
		vi := m.Vars[t.Var]
		c := math.Abs(float64(t.Coef))
		total += c * math.Max(math.Abs(float64(vi.Lo)), math.Abs(float64(vi.Hi)))
	}
	if total > MaxMagnitude {
		return fmt.Errorf("sum may reach %.3g in magnitude, beyond ±1e15", total)
	}
	return nil
}

func small(x int64) bool { return x >= -MaxMagnitude && x <= MaxMagnitude }

func (m *Model) validateConstraint(c *Constraint) error {
	for _, l := range c.Enforce {
		if err := m.okLit(l); err != nil {
			return fmt.Errorf("only_if: %w", err)
		}
	}
	vars := func(vs []Var) error {
		for _, v := range vs {
			if !m.okVar(v) {
				return fmt.Errorf("unknown variable %d", v)
			}
		}
		return nil
	}
	switch c.Kind {
	case Linear:
		if c.Op > EQ {
			return fmt.Errorf("bad op %d", c.Op)
		}
		if !small(c.RHS) {
			return fmt.Errorf("rhs %d beyond ±1e15", c.RHS)
		}
		return m.checkTerms(c.Terms)
	case AtMost, AtLeast, Exactly:
		for _, l := range c.Lits {
			if err := m.okLit(l); err != nil {
				return err
			}
		}
		if c.K < 0 {
			return fmt.Errorf("k = %d is negative", c.K)
		}
	case AllDifferent:
		return vars(c.Vars)
	case NoOverlap:
		for _, iv := range c.Intervals {
			if !m.okVar(iv.Start) {
				return fmt.Errorf("unknown variable %d", iv.Start)
			}
			if iv.Duration < 0 || !small(iv.Duration) {
				return fmt.Errorf("duration %d not in [0, 1e15]", iv.Duration)
			}
			if iv.Present != nil {
				if err := m.okLit(*iv.Present); err != nil {
					return err
				}
			}
		}
	case Circuit:
		for _, a := range c.Arcs {
			if a.From == a.To {
				return fmt.Errorf("self-loop at node %d", a.From)
			}
			if a.From < 0 || a.To < 0 {
				return fmt.Errorf("negative node number")
			}
			if err := m.okLit(a.Lit); err != nil {
				return err
			}
		}
		if len(c.Arcs) == 0 {
			return fmt.Errorf("no arcs")
		}
	case Element:
		if !m.okVar(c.Index) || !m.okVar(c.Target) {
			return fmt.Errorf("unknown variable")
		}
		if len(c.Array) == 0 {
			return fmt.Errorf("empty array")
		}
		for _, v := range c.Array {
			if !small(v) {
				return fmt.Errorf("array value %d beyond ±1e15", v)
			}
		}
	case Table:
		if err := vars(c.Vars); err != nil {
			return err
		}
		for i, t := range c.Tuples {
			if len(t) != len(c.Vars) {
				return fmt.Errorf("tuple %d has %d values for %d variables", i, len(t), len(c.Vars))
			}
			for _, v := range t {
				if !small(v) {
					return fmt.Errorf("tuple %d: value %d beyond ±1e15", i, v)
				}
			}
		}
	case Max:
		if !m.okVar(c.Target) {
			return fmt.Errorf("unknown variable %d", c.Target)
		}
		if len(c.Vars) == 0 {
			return fmt.Errorf("no variables")
		}
		return vars(c.Vars)
	default:
		return fmt.Errorf("unknown kind %d", c.Kind)
	}
	return nil
}

// Restrict returns a model with the same variables, objective and answer
// that keeps only the constraints whose group satisfies keep. The
// constraints are shared with m, not copied.
func (m *Model) Restrict(keep func(group string) bool) *Model {
	r := *m
	r.Constraints = nil
	for _, c := range m.Constraints {
		if keep(c.Group) {
			r.Constraints = append(r.Constraints, c)
		}
	}
	r.byName = nil
	return &r
}
