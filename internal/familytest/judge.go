package familytest

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/encode"
	"github.com/plancert/plancert/solver"
	"github.com/plancert/plancert/solver/sat"
)

// FormatItem is the checklist item of the answer's form, which every core
// has under this ID.
const FormatItem = "format"

// Judge grades answers to one instance against one reference, as the
// brute-force tests grade every plan they enumerate.
type Judge struct {
	Inst domains.Instance
	Ref  domains.Reference
	kind map[string]domains.ItemKind
}

// NewJudge returns the judge of inst's answers against ref (the kinds of
// the items are those of inst's checklist for ref).
func NewJudge(inst domains.Instance, ref domains.Reference) *Judge {
	j := &Judge{Inst: inst, Ref: ref, kind: map[string]domains.ItemKind{}}
	for _, it := range inst.Checklist(ref) {
		j.kind[it.ID] = it.Kind
	}
	return j
}

// Evaluate grades answer (with Evaluate when the instance is a
// domains.Evaluator, else Check): whether each item passes; feasible when
// no feasibility or coverage item fails; obj is Evaluate's objective
// vector (nil from Check).
func (j *Judge) Evaluate(answer json.RawMessage) (pass map[string]bool, feasible bool, obj []int64) {
	var res []domains.Result
	if ev, ok := j.Inst.(domains.Evaluator); ok {
		res, obj = ev.Evaluate(context.Background(), sat.Backend{}, answer, j.Ref)
	} else {
		res = j.Inst.Check(context.Background(), sat.Backend{}, answer, j.Ref)
	}
	pass = make(map[string]bool, len(res))
	feasible = true
	for _, r := range res {
		pass[r.ID] = r.Pass
		if k := j.kind[r.ID]; !r.Pass && (k == domains.KindFeasibility || k == domains.KindCoverage) {
			feasible = false
		}
	}
	return pass, feasible, obj
}

// Plan is Evaluate of an answer in the form of a plan (one the
// enumeration wrote): the test fails unless it passes FormatItem and, for
// a domains.Evaluator, has an objective vector exactly when it is
// feasible. name prefixes the messages.
func (j *Judge) Plan(t testing.TB, name string, answer json.RawMessage) (pass map[string]bool, feasible bool, obj []int64) {
	t.Helper()
	pass, feasible, obj = j.Evaluate(answer)
	if !pass[FormatItem] {
		t.Fatalf("%s: plan %s fails the format item", name, answer)
	}
	if _, ev := j.Inst.(domains.Evaluator); ev && feasible != (obj != nil) {
		t.Fatalf("%s: plan %s: feasible %v but objective %v", name, answer, feasible, obj)
	}
	return pass, feasible, obj
}

// Passes returns whether each item passes.
func (r Results) Passes() map[string]bool {
	out := make(map[string]bool, len(r))
	for id, x := range r {
		out[id] = x.Pass
	}
	return out
}

// ItemsAgree fails the test unless each item of holds passes (pass)
// exactly when holds says its rules hold; a key "?group" (a model group
// that maps to no item) fails it too. It returns the items whose rules do
// not hold, sorted. name prefixes the messages.
func ItemsAgree(t testing.TB, name string, pass, holds map[string]bool) (broken []string) {
	t.Helper()
	for it, h := range holds {
		if strings.HasPrefix(it, "?") {
			t.Fatalf("%s: group %q has no item", name, it[1:])
		}
		if pass[it] != h {
			t.Fatalf("%s: item %q passes %v, the model's rule holds %v", name, it, pass[it], h)
		}
		if !h {
			broken = append(broken, it)
		}
	}
	sort.Strings(broken)
	return broken
}

// LevelsItem checks the item of an objective unit, whose rule is that the
// plan keeps every rule and its objective levels lo..hi-1 (obj) are the
// optimum's (opt): it must pass exactly then (else the test fails). It
// reports whether the item caught the plan: it keeps every rule and the
// item fails.
func LevelsItem(t testing.TB, name string, pass map[string]bool, item string, broken bool, obj, opt []int64, lo, hi int) (caught bool) {
	t.Helper()
	want := !broken && len(opt) >= hi && slices.Equal(obj[lo:hi], opt[lo:hi])
	if pass[item] != want {
		t.Fatalf("%s: item %q passes %v; the plan breaks a rule: %v, its levels %v, the optimum %v", name, item, pass[item], broken, obj, opt)
	}
	return !broken && !want
}

// Fix holds one variable of a model at a value (FixedVerdict).
type Fix struct {
	Var   encode.Var
	Value int64
}

// FixedVerdict solves the constraints of m whose group keep accepts,
// without the objectives and with each variable of fixes held at its
// value (a constraint "fix <name>" of group "fix" each, in order), on
// sat.Backend: ok reports whether that has a solution. When it has and
// itemOf is not nil, holds says per item (itemOf of a constraint's group;
// "" for a group of no item) whether every constraint of the item's
// groups holds at the solution; obj is m's objective vector there.
func FixedVerdict(t testing.TB, m *encode.Model, keep func(group string) bool, fixes []Fix, itemOf func(group string) string) (ok bool, holds map[string]bool, obj []int64) {
	t.Helper()
	fixed := m.Restrict(keep)
	fixed.Objectives = nil
	fixed.Constraints = slices.Clone(fixed.Constraints)
	for _, f := range fixes {
		fixed.Constraints = append(fixed.Constraints, &encode.Constraint{Name: "fix " + m.Name(f.Var), Group: "fix", Kind: encode.Linear,
			Terms: []encode.Term{{Var: f.Var, Coef: 1}}, Op: encode.EQ, RHS: f.Value})
	}
	sv, err := sat.Backend{}.Load(fixed)
	if err != nil {
		t.Fatal(err)
	}
	r, err := sv.Optimize(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	switch r.Status {
	case solver.Infeasible:
		return false, nil, nil
	case solver.Optimal, solver.Feasible:
	default:
		t.Fatalf("the model with %d variables fixed: status %v", len(fixes), r.Status)
	}
	if itemOf != nil {
		holds = map[string]bool{}
		for _, con := range m.Constraints {
			it := itemOf(con.Group)
			if it == "" {
				continue
			}
			if _, seen := holds[it]; !seen {
				holds[it] = true
			}
			if !m.Holds(con, r.Solution) {
				holds[it] = false
			}
		}
	}
	return true, holds, m.ObjectiveValues(r.Solution)
}

// GroupHolds reports whether every constraint of group g holds under a.
func GroupHolds(m *encode.Model, g string, a encode.Assignment) bool {
	for _, c := range m.Constraints {
		if c.Group == g && !m.Holds(c, a) {
			return false
		}
	}
	return true
}

// Named returns the groups of a certificate's core that are not always on
// (domains.AlwaysOn): the conflict an answer names.
func Named(core []string) []string {
	var out []string
	for _, g := range core {
		if !domains.AlwaysOn(g) {
			out = append(out, g)
		}
	}
	return out
}

// AgreeTieBreaks is Agree at the instance's tie-break settings 0 and 1:
// set applies one (to b.Inst), and add tallies the enumeration's
// objective vectors, which depend on it, into a fresh Optima for each. An
// infeasible instance stops after the first; at 1 the optimum must be
// unique. Setting 0 is applied last.
func (b Brute) AgreeTieBreaks(t testing.TB, set func(tieBreaks int), add func(o *Optima)) {
	t.Helper()
	defer set(0)
	for _, tb := range []int{0, 1} {
		set(tb)
		c := b
		c.Name = fmt.Sprintf("%s tie-breaks %d", b.Name, tb)
		c.Optima = NewOptima(b.Inst)
		add(c.Optima)
		c.Agree(t)
		if c.Optima.Feasible == 0 {
			return
		}
		if tb == 1 && c.Optima.Count != 1 {
			t.Fatalf("%s: %d optimal plans after the tie-break", c.Name, c.Optima.Count)
		}
	}
}

// Clone3 returns a deep copy of x (a plan as counts per three indices).
func Clone3[T ~[][][]E, E any](x T) T {
	out := make(T, len(x))
	for i := range x {
		out[i] = make([][]E, len(x[i]))
		for j := range x[i] {
			out[i][j] = slices.Clone(x[i][j])
		}
	}
	return out
}

// HasItemGroup reports whether inst's model has a group that itemOf maps
// to item (false when the model does not build): whether a unit whose
// item it is constrains something.
func HasItemGroup(inst domains.Instance, itemOf func(group string) string, item string) bool {
	m, err := inst.Model()
	if err != nil {
		return false
	}
	for _, g := range m.Groups() {
		if itemOf(g) == item {
			return true
		}
	}
	return false
}

// FailsExactly fails t unless res has one result per item of items, in
// order, and the results that fail are exactly those whose IDs fail lists
// (a check test's table of answers and the items each must fail).
func FailsExactly(t testing.TB, res []domains.Result, items []domains.Item, fail []string) {
	t.Helper()
	if len(res) != len(items) {
		t.Errorf("%d results for %d items: %v", len(res), len(items), res)
		return
	}
	want := map[string]bool{}
	for _, id := range fail {
		want[id] = true
	}
	for i, r := range res {
		if r.ID != items[i].ID {
			t.Errorf("result %d is item %q, want %q", i, r.ID, items[i].ID)
		}
		if r.Pass == want[r.ID] {
			t.Errorf("item %q passes %v, want %v (%s)", r.ID, r.Pass, !want[r.ID], r.Detail)
		}
		delete(want, r.ID)
	}
	for id := range want {
		t.Errorf("item %q is to fail, but the checklist has no such item", id)
	}
}
