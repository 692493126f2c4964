package familytest

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/gen"
	"github.com/plancert/plancert/solver/sat"
)

// ConflictItem is the checklist item of an infeasible record that checks
// the named conflict.
const ConflictItem = "conflict"

// Mutant is one changed answer to a kept record.
type Mutant struct {
	// Name says what changed, for messages (the record's ID is added).
	Name string
	// Answer is the changed answer (JSON).
	Answer json.RawMessage
	// Kind labels the mutant in the logged tally ("shift", "rename", …).
	Kind string
	// Fail lists the items that must fail; each one that does counts as
	// catching the mutant.
	Fail []string
	// Pass lists the items that must pass.
	Pass []string
	// Changed says the plan differs from the reference: OptimalItem must
	// fail (kept optima are unique).
	Changed bool
	// Exact says no item outside Fail, MayFail (and OptimalItem when
	// Changed) may fail.
	Exact   bool
	MayFail []string
	// Verdict, when not nil, judges the results itself (failing the test
	// on a wrong one) and returns the further items that caught the
	// mutant: items it found failing as the rules require. obj is the
	// answer's objective vector when the instance is a domains.Evaluator
	// and the answer keeps every rule, else nil.
	Verdict func(t *testing.T, res Results, obj []int64) (caught []string)
}

// Results are the check results of one answer by item ID.
type Results map[string]domains.Result

// Failing returns the IDs of the failing items, sorted.
func (r Results) Failing() []string {
	var out []string
	for id, x := range r {
		if !x.Pass {
			out = append(out, id)
		}
	}
	sort.Strings(out)
	return out
}

// MutateFunc returns the mutants of a kept record; inst is its instance,
// loaded from rec.Instance for this call (the function may keep or change
// it). It returns nil for a record it has no mutants for.
type MutateFunc func(t *testing.T, rec *domains.Record, inst domains.Instance) []Mutant

// ConflictMutants are the generic mutants of an infeasible record's
// answer {"feasible": false, "conflict": [...]}: the conflict with a rule
// the problem does not have added; and, when minimal (the core's certified
// conflicts are minimal given every always-on rule) and it names two rules
// or more, the conflict with each of them left out. Each fails
// ConflictItem alone. Then the ClaimMutants.
func ConflictMutants(rec *domains.Record, minimal bool) []Mutant {
	c := rec.Reference.Conflict
	claim := func(rules []string) json.RawMessage {
		raw, _ := json.Marshal(map[string]any{"feasible": false, "conflict": rules})
		return raw
	}
	out := []Mutant{{Name: "a conflict naming a rule the problem does not have", Kind: "conflict", Answer: claim(append(slices.Clone(c), "no such rule")),
		Fail: []string{ConflictItem}, Exact: true}}
	if minimal && len(c) > 1 {
		for i := range c {
			out = append(out, Mutant{Name: fmt.Sprintf("the conflict without %q", c[i]), Kind: "conflict",
				Answer: claim(slices.Delete(slices.Clone(c), i, i+1)), Fail: []string{ConflictItem}, Exact: true})
		}
	}
	return append(out, ClaimMutants()...)
}

// ClaimMutants are the claims of infeasibility without a conflict to
// prove, for an infeasible record: without one, or with an empty list,
// the conflict item fails alone (as for a conflict that does not hold);
// with one that is not a list of names, the format item fails too
// (docs/grading.md).
func ClaimMutants() []Mutant {
	return []Mutant{
		{Name: "a claim without a conflict", Kind: "conflict", Answer: json.RawMessage(`{"feasible": false}`), Fail: []string{ConflictItem}, Exact: true},
		{Name: "a claim with an empty conflict", Kind: "conflict", Answer: json.RawMessage(`{"feasible": false, "conflict": []}`), Fail: []string{ConflictItem}, Exact: true},
		{Name: "a conflict that is not a list of names", Kind: "conflict", Answer: json.RawMessage(`{"feasible": false, "conflict": [1]}`), Fail: []string{FormatItem, ConflictItem}, Exact: true},
	}
}

// Mutations is the mutation test of a family. Per task (in parallel
// subtests), the kept records of the sweep (Family.MutationSeeds, or
// MutationRecords) are given to mutate, and every mutant is checked (with
// Evaluate when the instance is a domains.Evaluator, else Check): one
// result per checklist item in order; some item fails; the items of Fail
// fail, those of Pass pass, OptimalItem fails when Changed, nothing else
// fails when Exact; then the Verdict. A mutant is caught by the items of
// Fail and those its Verdict returns (OptimalItem when it has none and
// Changed); a mutant caught by an item is caught by that item's unit, the
// checklist item's Constraint when it is a unit of the task's pool (or
// the unit Family.ItemUnit gives the item).
//
// Per-unit coverage: every unit of every task's pool must catch some
// mutant. A unit no sweep record covered is searched for, first in the
// sampled seeds 1..N of the reference test (the records the reference
// test certified, from the cache; only seeds whose spec has the unit are
// certified and mutated), then in up to Family.ForcedSpecs specs with the
// unit forced in: the spec gen.SampleSpec draws for seed k = 1, 2, … (on a
// subtask that allows the unit; otherwise another subtask's Always units),
// plus the unit and what it requires, minus the units that exclude it or
// lose what they require. A unit still not caught fails the test, naming
// it; the exceptions are the units of Family.Exempt (with their reason)
// and units every subtask of the task excludes (they cannot be drawn).
// With Family.SweepCoverage there is no search: the sweep's records must
// cover every unit. Each item of Family.MustCatch must catch some mutant
// of the sweep's records.
// The coverage table (task, unit, the first kept record with it, where
// its item first caught a mutant, how many mutants its item caught) is
// logged.
func Mutations(t *testing.T, f *Family, mutate MutateFunc) {
	tasks := Tasks(t, f)
	var mu sync.Mutex
	logs := map[string][]string{}
	t.Cleanup(func() {
		for _, tk := range tasks {
			for _, l := range logs[tk.ID] {
				t.Log(l)
			}
		}
	})
	for _, tk := range tasks {
		t.Run(tk.ID, func(t *testing.T) {
			t.Parallel()
			m := &mutator{f: f, tk: tk, mutate: mutate, done: map[where]*tally{}, total: newTally()}
			m.sweep(t)
			for _, id := range uncaught(m.total, f.MustCatch) {
				t.Errorf("item %q: no mutant of the sweep's %d records is caught by it", id, m.total.records)
			}
			rows := m.coverage(t)
			mu.Lock()
			logs[tk.ID] = append([]string{fmt.Sprintf("%s: %s", tk.ID, m.total)}, rows...)
			mu.Unlock()
		})
	}
}

// uncaught returns the items of want that caught no mutant of x, in
// want's order.
func uncaught(x *tally, want []string) []string {
	var out []string
	for _, id := range want {
		if x.items[id] == 0 {
			out = append(out, id)
		}
	}
	return out
}

// tally counts the mutants of one record or of a task.
type tally struct {
	records, mutants int
	kinds            map[string]int
	items            map[string]int // item → mutants it caught
	units            map[string]int // unit → mutants its items caught
	has              map[string]bool
}

func newTally() *tally {
	return &tally{kinds: map[string]int{}, items: map[string]int{}, units: map[string]int{}, has: map[string]bool{}}
}

func (x *tally) add(y *tally) {
	x.records += y.records
	x.mutants += y.mutants
	for k, n := range y.kinds {
		x.kinds[k] += n
	}
	for k, n := range y.items {
		x.items[k] += n
	}
	for k, n := range y.units {
		x.units[k] += n
	}
}

func (x *tally) String() string {
	return fmt.Sprintf("%d records, %d mutants (%s); caught, by item: %s", x.records, x.mutants, counts(x.kinds, "%s %d"), counts(x.items, "%s %d"))
}

type mutator struct {
	f      *Family
	tk     *domains.Task
	mutate MutateFunc
	done   map[where]*tally
	total  *tally
	// per unit: the first record (sampled seeds before forced specs) that
	// had it, and the first whose mutants its item caught
	present, caught map[string]where
}

// where is a record of the mutation test: a sampled seed, or the k-th
// spec with unit forced in.
type where struct {
	forced string
	seed   uint64
}

func (w where) String() string {
	switch {
	case w == where{}:
		return "-"
	case w.forced != "":
		return fmt.Sprintf("forced %d", w.seed)
	}
	return fmt.Sprintf("seed %d", w.seed)
}

// before orders records: sampled seeds first, by seed.
func (w where) before(v where) bool {
	if v == (where{}) {
		return true
	}
	if (w.forced == "") != (v.forced == "") {
		return w.forced == ""
	}
	return w.seed < v.seed
}

// record mutates rec once per key and returns its tally.
func (m *mutator) record(t *testing.T, key where, rec *domains.Record) *tally {
	t.Helper()
	if x, ok := m.done[key]; ok {
		return x
	}
	x := newTally()
	x.records = 1
	_, inst, err := rec.Load()
	if err != nil {
		t.Fatalf("%s: load: %v", rec.ID, err)
	}
	items := rec.Checklist
	unitOf := map[string]string{}
	for _, it := range items {
		u := it.Constraint
		if v, ok := m.f.ItemUnit[it.ID]; ok {
			u = v
		}
		if _, ok := m.tk.Unit(u); ok {
			unitOf[it.ID] = u
		}
	}
	for _, u := range rec.Constraints.Basic {
		x.has[u] = true
	}
	for _, l := range [][]string{rec.Constraints.Medium, rec.Constraints.Hard, rec.Constraints.Stateful} {
		for _, u := range l {
			x.has[u] = true
		}
	}
	for _, mu := range m.mutate(t, rec, inst) {
		caught := check(t, rec, inst, mu)
		x.mutants++
		kind := mu.Kind
		if kind == "" {
			kind = "mutant"
		}
		x.kinds[kind]++
		seen := map[string]bool{}
		for _, id := range caught {
			x.items[id]++
			if u, ok := unitOf[id]; ok && !seen[u] {
				seen[u] = true
				x.units[u]++
			}
		}
	}
	m.done[key] = x
	m.total.add(x)
	for u := range x.has {
		if key.before(m.present[u]) {
			m.present[u] = key
		}
		if x.units[u] > 0 && key.before(m.caught[u]) {
			m.caught[u] = key
		}
	}
	return x
}

// Apply checks mutants of rec as Mutations does (inst is rec's instance)
// and returns, per item, how many of them it caught; for a core's own
// tests of some records outside the mutation test.
func Apply(t *testing.T, rec *domains.Record, inst domains.Instance, muts []Mutant) map[string]int {
	t.Helper()
	out := map[string]int{}
	for _, mu := range muts {
		for _, id := range check(t, rec, inst, mu) {
			out[id]++
		}
	}
	return out
}

// check runs one mutant and returns the items that caught it.
func check(t *testing.T, rec *domains.Record, inst domains.Instance, mu Mutant) []string {
	t.Helper()
	name := rec.ID + ": " + mu.Name
	var res []domains.Result
	var obj []int64
	if ev, ok := inst.(domains.Evaluator); ok {
		res, obj = ev.Evaluate(context.Background(), sat.Backend{}, mu.Answer, rec.Reference)
	} else {
		res = inst.Check(context.Background(), sat.Backend{}, mu.Answer, rec.Reference)
	}
	if len(res) != len(rec.Checklist) {
		t.Fatalf("%s: %d results for %d items", name, len(res), len(rec.Checklist))
	}
	got := Results{}
	for k, r := range res {
		if r.ID != rec.Checklist[k].ID {
			t.Fatalf("%s: result %d is %q, item %q", name, k, r.ID, rec.Checklist[k].ID)
		}
		got[r.ID] = r
	}
	failing := got.Failing()
	if len(failing) == 0 {
		t.Fatalf("%s: %s passes every item", name, mu.Answer)
	}
	for _, id := range mu.Fail {
		if r, ok := got[id]; !ok || r.Pass {
			t.Fatalf("%s: %s passes %q (or has no such item), which it must fail; failing: %v", name, mu.Answer, id, failing)
		}
	}
	for _, id := range mu.Pass {
		if r, ok := got[id]; !ok || !r.Pass {
			t.Fatalf("%s: %s fails %q (or has no such item), which it must pass: %s", name, mu.Answer, id, r.Detail)
		}
	}
	if mu.Changed && got[OptimalItem].Pass {
		t.Fatalf("%s: a changed plan %s passes %q", name, mu.Answer, OptimalItem)
	}
	if mu.Exact {
		for _, id := range failing {
			if !slices.Contains(mu.Fail, id) && !slices.Contains(mu.MayFail, id) && !(mu.Changed && id == OptimalItem) {
				t.Fatalf("%s: %s fails %v, want only %v (%s: %s)", name, mu.Answer, failing, mu.Fail, id, got[id].Detail)
			}
		}
	}
	caught := slices.Clone(mu.Fail)
	if mu.Verdict != nil {
		caught = append(caught, mu.Verdict(t, got, obj)...)
	}
	slices.Sort(caught)
	caught = slices.Compact(caught)
	if len(caught) == 0 && mu.Changed {
		caught = []string{OptimalItem}
	}
	return caught
}

// sweep mutates the kept records of the family's mutation seeds.
func (m *mutator) sweep(t *testing.T) {
	t.Helper()
	m.present, m.caught = map[string]where{}, map[string]where{}
	f := m.f
	if f.MutationRecords != (Levels{}) {
		want, last := f.MutationRecords.N(), f.MaxMutationSeeds
		if last == 0 {
			last = 200
		}
		feasible := uint64(0)
		for seed := uint64(1); feasible < want; seed++ {
			if seed > last {
				t.Fatalf("only %d kept feasible records in %d seeds", feasible, last)
			}
			o := f.Record(m.tk, seed)
			if o.Err != nil {
				t.Fatalf("seed %d %v: %v", seed, o.Spec.Units(), o.Err)
			}
			if !o.Kept() {
				continue
			}
			m.record(t, where{seed: seed}, o.Rec)
			if o.Rec.Reference.Feasible {
				feasible++
			}
		}
		return
	}
	seeds := f.MutationSeeds.N()
	if f.MutationSeeds == (Levels{}) {
		seeds = f.seeds(m.tk)
	}
	for seed := uint64(1); seed <= seeds; seed++ {
		o := f.Record(m.tk, seed)
		if o.Err != nil {
			t.Fatalf("seed %d %v: %v", seed, o.Spec.Units(), o.Err)
		}
		if o.Kept() {
			m.record(t, where{seed: seed}, o.Rec)
		}
	}
}

// coverage searches for the units the sweep did not cover, fails for
// those never caught, and returns the rows of the coverage table.
func (m *mutator) coverage(t *testing.T) []string {
	t.Helper()
	f, tk := m.f, m.tk
	allowed := func(u domains.Unit) bool {
		for _, st := range tk.Subtasks {
			if st.Allows(u.ID) {
				return true
			}
		}
		return false
	}
	for _, u := range tk.Pool {
		if _, exempt := f.Exempt[u.ID]; !exempt && !f.SweepCoverage && allowed(u) && m.caught[u.ID] == (where{}) {
			m.search(t, u)
		}
	}
	rows := []string{fmt.Sprintf("%s per-unit coverage: unit | first kept record with it | its item first caught a mutant in | mutants caught by its item", tk.ID)}
	for _, u := range tk.Pool {
		switch why, exempt := f.Exempt[u.ID]; {
		case !allowed(u):
			rows = append(rows, fmt.Sprintf("  %-22s n/a: every subtask of %s excludes it", u.ID, tk.ID))
			continue
		case exempt:
			rows = append(rows, fmt.Sprintf("  %-22s exempt: %s (%d caught)", u.ID, why, m.total.units[u.ID]))
			continue
		}
		if m.caught[u.ID] == (where{}) {
			why := "no kept record has it"
			if p, ok := m.present[u.ID]; ok {
				why = "first kept record with it: " + p.String()
			}
			searched := fmt.Sprintf("searched the sampled seeds 1..%d and %d forced specs", f.seeds(tk), m.forced())
			if f.SweepCoverage {
				searched = "in the sweep's records; the family does not search further"
			}
			t.Errorf("unit %q: no mutant is caught by its item (%s; %s)", u.ID, why, searched)
			rows = append(rows, fmt.Sprintf("  %-22s NOT COVERED (%s)", u.ID, why))
			continue
		}
		rows = append(rows, fmt.Sprintf("  %-22s %-14s %-14s %d", u.ID, m.present[u.ID], m.caught[u.ID], m.total.units[u.ID]))
	}
	return rows
}

func (m *mutator) forced() int {
	if m.f.ForcedSpecs > 0 {
		return m.f.ForcedSpecs
	}
	return 12
}

// search looks for a kept record with unit u whose mutants its item
// catches: the sampled seeds of the reference test, then forced specs.
func (m *mutator) search(t *testing.T, u domains.Unit) {
	t.Helper()
	f, tk := m.f, m.tk
	for seed := uint64(1); seed <= f.seeds(tk) && m.caught[u.ID] == (where{}); seed++ {
		spec, err := gen.SampleSpec(tk, seed)
		if err != nil {
			t.Fatal(err)
		}
		if !spec.Has(u.ID) {
			continue
		}
		o := f.Record(tk, seed)
		if o.Err != nil {
			t.Fatalf("seed %d %v: %v", seed, o.Spec.Units(), o.Err)
		}
		if o.Kept() {
			m.record(t, where{seed: seed}, o.Rec)
		}
	}
	for k := 1; k <= m.forced() && m.caught[u.ID] == (where{}); k++ {
		spec, ok := forcedSpec(t, tk, u, uint64(k))
		if !ok {
			continue
		}
		o := Certify(tk, spec, f.Timeout)
		if o.Err != nil {
			t.Fatalf("forced %s, spec %v seed %d: %v", u.ID, spec.Units(), k, o.Err)
		}
		if o.Kept() {
			m.record(t, where{forced: u.ID, seed: uint64(k)}, o.Rec)
		}
	}
}

// forcedSpec returns the spec of seed k with unit u forced in (see
// Mutations), or false when no compatible one exists.
func forcedSpec(t *testing.T, tk *domains.Task, u domains.Unit, k uint64) (domains.Spec, bool) {
	t.Helper()
	base, err := gen.SampleSpec(tk, k)
	if err != nil {
		t.Fatal(err)
	}
	var st domains.Subtask
	set := map[string]bool{}
	for i := range tk.Subtasks {
		s := tk.Subtasks[i]
		if s.ID == base.Subtask && s.Allows(u.ID) {
			st = s
			for _, x := range base.Units() {
				set[x] = true
			}
			break
		}
	}
	if st.ID == "" {
		n := len(tk.Subtasks)
		for i := range n {
			if s := tk.Subtasks[(int(k)+i)%n]; s.Allows(u.ID) {
				st = s
				break
			}
		}
		for _, x := range st.Always {
			set[x] = true
		}
	}
	// u and what it requires, transitively.
	forced := map[string]bool{}
	var need func(id string)
	need = func(id string) {
		if forced[id] {
			return
		}
		forced[id] = true
		if v, ok := tk.Unit(id); ok {
			for _, r := range v.Requires {
				need(r)
			}
		}
	}
	need(u.ID)
	for id := range forced {
		if !st.Allows(id) {
			return domains.Spec{}, false
		}
		set[id] = true
	}
	// Drop the units in an exclusion with a forced one, then those that
	// lost what they require, until none is left to drop.
	excludes := func(a, b string) bool {
		v, _ := tk.Unit(a)
		return slices.Contains(v.Excludes, b)
	}
	for id := range set {
		for fid := range forced {
			if !forced[id] && (excludes(id, fid) || excludes(fid, id)) {
				delete(set, id)
			}
		}
	}
	for changed := true; changed; {
		changed = false
		for id := range set {
			v, _ := tk.Unit(id)
			for _, r := range v.Requires {
				if !set[r] && !forced[id] {
					delete(set, id)
					changed = true
				}
			}
		}
	}
	spec, err := tk.NewSpec(st.ID, k, set)
	if err != nil {
		t.Fatal(err)
	}
	if tk.Compatible(spec.Units()) != nil {
		return domains.Spec{}, false
	}
	return spec, true
}

// InfeasibleItem is the checklist item of an infeasible record that
// checks the answer claims infeasibility.
const InfeasibleItem = "infeasible"

// InfeasibleMutants are the mutants of an infeasible record whose core
// certifies minimal conflicts: ConflictMutants, and plan (an answer in the
// form of a plan) given for it, which fails FormatItem, InfeasibleItem and
// ConflictItem exactly.
func InfeasibleMutants(rec *domains.Record, plan json.RawMessage) []Mutant {
	return append(ConflictMutants(rec, true), Mutant{Name: "a plan for an infeasible instance", Kind: "plan",
		Answer: plan, Fail: []string{FormatItem, InfeasibleItem, ConflictItem}, Exact: true})
}

// StatedMutant is the reference plan (a JSON object) with its stated
// value key one more, which fails item (the stated values' item) alone.
func StatedMutant(t testing.TB, rec *domains.Record, key, item string) Mutant {
	t.Helper()
	var obj map[string]any
	if err := json.Unmarshal(rec.Reference.Plan, &obj); err != nil {
		t.Fatalf("%s: %v", rec.ID, err)
	}
	v, ok := obj[key].(float64)
	if !ok {
		t.Fatalf("%s: the reference %s states no number %q", rec.ID, rec.Reference.Plan, key)
	}
	obj[key] = v + 1
	raw, _ := json.Marshal(obj)
	return Mutant{Name: "a wrong stated " + key, Kind: "stated", Answer: raw, Fail: []string{item}, Exact: true}
}

// RenameMutant is the reference plan with its first occurrence of the
// quoted name replaced by "Nobody", a name the instance does not have,
// which fails FormatItem; false when the plan does not name it.
func RenameMutant(rec *domains.Record, name string) (Mutant, bool) {
	plan := string(rec.Reference.Plan)
	bad := strings.Replace(plan, fmt.Sprintf("%q", name), `"Nobody"`, 1)
	return Mutant{Name: "an unknown name", Kind: "format", Answer: json.RawMessage(bad), Fail: []string{FormatItem}}, bad != plan
}
