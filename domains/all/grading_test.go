package all_test

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/plancert/plancert/domains"
	_ "github.com/plancert/plancert/domains/all"
	"github.com/plancert/plancert/gen"
	"github.com/plancert/plancert/gen/loop"
	"github.com/plancert/plancert/internal/familytest"
	"github.com/plancert/plancert/solver/sat"
	"github.com/plancert/plancert/verify"
)

var longFlag = flag.Bool("long", false, "run the long tests (also PLANCERT_LONG=1)")

func long() bool { return *longFlag || familytest.Long() }

// The grading properties of docs/grading.md, tested over seeded mutations
// of certified records of every registered task: sampled seeds, and for
// every unit of a task's pool whose instances have parts besides the plan
// (domains.Parter: stated values, backups, ...), specs that force it.
//
//   - P1, no pay for a false claim: for each stated part of a reference
//     answer, the answer without it fails exactly the part's items, and
//     scores (Avg-pass and All-pass) at least as high as the answer with
//     any wrong value of it (each number one off, zero, negated; a time
//     moved; each number of a list or object one off, and all of them).
//     A claim of infeasibility never scores higher than the answer without
//     it: on a feasible record, the reference with a false claim scores
//     at most the reference, and the claim alone at most the empty
//     answer {}; on an infeasible record, the claim without its conflict
//     fails exactly the conflict item and scores at least as high as the
//     claim with any wrong conflict (an unknown rule, each proper subset of
//     the certified conflict that does not hold).
//   - P2, locality: making one part of an answer unreadable (its value
//     replaced by true) fails the format item and the part's items (every
//     item for a plan part) and leaves every other item's verdict as on
//     the intact answer; on the reference and on a perturbed answer
//     (gen/loop.Perturbed). Leaving an extra part out fails only its
//     items, never the format item.
//   - P3, misspelling: for every name in the reference's plan and extra
//     parts (every string of them, and the members' names of an object
//     of names), the answer with the name misspelled fails every item that
//     the answer with the name's entry deleted fails, and scores no
//     higher; a name misspelled in a plan part fails every item but the
//     format item, so it scores no higher than any placement of the entry.
//
// The declared parts must be exactly the members of the reference answer.
func TestGradingProperties(t *testing.T) {
	sampled, forced := uint64(2), uint64(1)
	if testing.Short() {
		sampled = 1
	}
	if long() {
		sampled, forced = 12, 4
	}
	for _, tk := range domains.Tasks() {
		t.Run(tk.ID, func(t *testing.T) {
			t.Parallel()
			g := &grader{t: t, keys: map[string]bool{}}
			for seed := uint64(1); seed <= sampled; seed++ {
				if o := familytest.Record(tk, seed); o.Kept() {
					g.record(o.Rec)
				} else if o.Err != nil {
					t.Fatalf("seed %d: %v", seed, o.Err)
				}
			}
			for _, spec := range partSpecs(t, tk, forced) {
				if o := familytest.Certify(tk, spec, 0); o.Kept() {
					g.record(o.Rec)
				} else if o.Err != nil {
					t.Fatalf("%v: %v", spec.Units(), o.Err)
				}
			}
			keys := slices.Sorted(maps.Keys(g.keys))
			t.Logf("%d records (%d infeasible), %d mutants; parts %v", g.records, g.infeasible, g.mutants, keys)
			if g.records == 0 {
				t.Fatal("no record was kept")
			}
		})
	}
}

// partSpecs lists specs of tk that force each unit of its pool whose
// instance (seed 1, its first allowing subtask) has a part the base
// instances of the task do not: seeds 1..n of it.
func partSpecs(t *testing.T, tk *domains.Task, n uint64) []domains.Spec {
	t.Helper()
	var out []domains.Spec
	for _, u := range tk.Pool {
		for _, st := range tk.Subtasks {
			if !st.Allows(u.ID) {
				continue
			}
			spec := familytest.NewSpec(t, tk, st.ID, 1, familytest.Requiring(tk, u.ID)...)
			inst, err := gen.NewInstance(context.Background(), sat.Backend{}, tk, spec)
			if err != nil || !hasParts(inst) {
				break
			}
			for seed := uint64(1); seed <= n; seed++ {
				s := spec
				s.Seed = seed
				out = append(out, s)
			}
			break
		}
	}
	return out
}

// hasParts reports whether inst's answer has a part besides its plan.
func hasParts(inst domains.Instance) bool {
	p, ok := inst.(domains.Parter)
	if !ok {
		return false
	}
	for _, x := range p.AnswerParts() {
		if x.Kind != domains.PartPlan {
			return true
		}
	}
	return false
}

// grader tests the properties on the records of one task.
type grader struct {
	t                            *testing.T
	records, infeasible, mutants int
	keys                         map[string]bool // the part keys seen
}

// verdict is a graded answer: its items' verdicts, All-pass and Avg-pass.
type verdict struct {
	pass    map[string]bool
	detail  map[string]string
	all     int
	avg     float64
	answer  string
	failing []string
}

func (g *grader) score(rec *domains.Record, answer []byte) verdict {
	g.mutants++
	s := verify.ScoreResponse(context.Background(), rec, "```json\n"+string(answer)+"\n```", verify.RewardAllPass)
	v := verdict{pass: map[string]bool{}, detail: map[string]string{}, all: s.AllPass, avg: s.AvgPass, answer: string(answer)}
	for _, it := range s.Items {
		v.pass[it.ID] = it.Pass
		v.detail[it.ID] = it.Detail
		if !it.Pass {
			v.failing = append(v.failing, it.ID)
		}
	}
	return v
}

// noHigher fails the test when got scores higher than bound (Avg-pass or
// All-pass).
func (g *grader) noHigher(rec *domains.Record, what string, got, bound verdict) {
	g.t.Helper()
	if got.avg > bound.avg || got.all > bound.all {
		g.t.Errorf("%s: %s scores higher (avg %.3f, all %d; failing %v) than %s (avg %.3f, all %d; failing %v)\n  %s\n  %s",
			rec.ID, what, got.avg, got.all, got.failing, "the answer without it", bound.avg, bound.all, bound.failing, got.answer, bound.answer)
	}
}

// failsExactly fails the test unless v fails exactly the items want
// (those of the checklist) and passes every other that base passes and
// fails every other that base fails.
func (g *grader) failsExactly(rec *domains.Record, what string, v, base verdict, want []string) {
	g.t.Helper()
	must := map[string]bool{}
	for _, id := range want {
		must[id] = true
	}
	for _, it := range rec.Checklist {
		exp := base.pass[it.ID] && !must[it.ID]
		if v.pass[it.ID] != exp {
			g.t.Errorf("%s: %s: item %s passes %v, want %v (failing %v; detail %q)\n  %s", rec.ID, what, it.ID, v.pass[it.ID], exp, v.failing, v.detail[it.ID], v.answer)
		}
	}
}

func (g *grader) record(rec *domains.Record) {
	g.t.Helper()
	g.records++
	_, inst, err := rec.Load()
	if err != nil {
		g.t.Fatal(err)
	}
	if !rec.Reference.Feasible {
		g.infeasible++
		g.claim(rec)
		return
	}
	obj := object(g.t, rec.Reference.Plan)
	var parts []domains.Part
	if p, ok := inst.(domains.Parter); ok {
		parts = p.AnswerParts()
	} else {
		g.t.Fatalf("%s: the instance does not declare its answer's parts (domains.Parter)", rec.ID)
	}
	var declared []string
	for _, p := range parts {
		declared = append(declared, p.Key)
		g.keys[string(p.Kind)+":"+p.Key] = true
	}
	if got := slices.Sorted(maps.Keys(obj)); !slices.Equal(got, slices.Sorted(slices.Values(declared))) {
		g.t.Fatalf("%s: the reference has members %v, the declared parts are %v", rec.ID, got, declared)
	}
	ref := g.score(rec, rec.Reference.Plan)
	if ref.all != 1 {
		g.t.Fatalf("%s: the reference fails %v", rec.ID, ref.failing)
	}
	bases := []verdict{ref}
	if resp, err := (loop.Perturbed{K: 1, Seed: 1}).Respond(context.Background(), rec); err == nil {
		if a, err := verify.Extract(resp); err == nil {
			if o, ok := tryObject(a); ok && len(o) == len(obj) {
				bases = append(bases, g.score(rec, a))
			}
		}
	}
	all := ids(rec.Checklist)
	for _, p := range parts {
		items := p.Items
		if p.Kind == domains.PartPlan {
			items = all
		}
		// P2: an unreadable part, on the reference and a perturbed answer.
		for _, base := range bases {
			o := object(g.t, []byte(base.answer))
			o[p.Key] = json.RawMessage("true")
			g.failsExactly(rec, fmt.Sprintf("%q unreadable", p.Key), g.score(rec, encode(o)), base, append([]string{domains.ItemFormat}, items...))
		}
		if p.Kind == domains.PartPlan {
			continue
		}
		without := g.score(rec, encode(deleted(obj, p.Key)))
		if p.Kind == domains.PartStated {
			// P1: a stated value left out fails its items, as a wrong
			// value does, and no wrong value scores higher.
			g.failsExactly(rec, fmt.Sprintf("%q left out", p.Key), without, ref, p.Items)
			for _, w := range wrongs(obj[p.Key]) {
				o := deleted(obj, "")
				o[p.Key] = w
				g.noHigher(rec, fmt.Sprintf("%q stated as %s", p.Key, w), g.score(rec, encode(o)), without)
			}
			continue
		}
		// An extra part left out fails only (some of) its items.
		if !without.pass[domains.ItemFormat] {
			g.t.Errorf("%s: %q left out fails the format item: %q", rec.ID, p.Key, without.detail[domains.ItemFormat])
		}
		for _, id := range without.failing {
			if !slices.Contains(p.Items, id) {
				g.t.Errorf("%s: %q left out fails item %s, not one of its items %v: %q", rec.ID, p.Key, id, p.Items, without.detail[id])
			}
		}
	}
	// P1: a false claim of infeasibility on a feasible record.
	claim := `{"feasible": false, "conflict": ["` + firstRule(rec) + `"]}`
	with := deleted(obj, "")
	with["feasible"], with["conflict"] = json.RawMessage("false"), json.RawMessage(`["`+firstRule(rec)+`"]`)
	g.noHigher(rec, "a false claim of infeasibility with the plan", g.score(rec, encode(with)), ref)
	g.noHigher(rec, "a false claim of infeasibility", g.score(rec, []byte(claim)), g.score(rec, []byte(`{}`)))
	// P3: misspelled names.
	for _, p := range parts {
		if p.Kind == domains.PartStated {
			continue
		}
		for _, m := range misspellings(obj[p.Key]) {
			o := deleted(obj, "")
			o[p.Key] = m.misspelled
			bad := g.score(rec, encode(o))
			o[p.Key] = m.deleted
			del := g.score(rec, encode(o))
			what := fmt.Sprintf("%q misspelled as %q in %q", m.name, m.name+misspell, p.Key)
			g.noHigher(rec, what, bad, del)
			for _, id := range del.failing {
				if bad.pass[id] {
					g.t.Errorf("%s: %s passes item %s, which deleting its entry fails (%q)", rec.ID, what, id, del.detail[id])
				}
			}
			if p.Kind == domains.PartPlan {
				for _, id := range all {
					if id != domains.ItemFormat && bad.pass[id] {
						g.t.Errorf("%s: %s passes item %s", rec.ID, what, id)
					}
				}
			}
		}
	}
}

// claim tests P1, P2 and P3 on the conflict of an infeasible record.
func (g *grader) claim(rec *domains.Record) {
	g.t.Helper()
	obj := object(g.t, rec.Reference.Plan)
	ref := g.score(rec, rec.Reference.Plan)
	if ref.all != 1 {
		g.t.Fatalf("%s: the reference claim fails %v", rec.ID, ref.failing)
	}
	conflict := domains.ConflictPart
	g.keys["claim:"+conflict.Key] = true
	without := g.score(rec, encode(deleted(obj, conflict.Key)))
	g.failsExactly(rec, "the conflict left out", without, ref, conflict.Items)
	empty := deleted(obj, "")
	empty[conflict.Key] = json.RawMessage("[]")
	g.failsExactly(rec, "an empty conflict", g.score(rec, encode(empty)), ref, conflict.Items)
	unread := deleted(obj, "")
	unread[conflict.Key] = json.RawMessage("true")
	g.failsExactly(rec, "an unreadable conflict", g.score(rec, encode(unread)), ref, append([]string{domains.ItemFormat}, conflict.Items...))
	var wrong [][]string
	wrong = append(wrong, []string{"no such rule" + misspell})
	names := rec.Reference.Conflict
	for i := range names {
		if len(names) > 1 {
			wrong = append(wrong, slices.Delete(slices.Clone(names), i, i+1))
		}
		// P3: a misspelled rule scores no higher than the rule left out.
		mis := slices.Clone(names)
		mis[i] += misspell
		del := slices.Delete(slices.Clone(names), i, i+1)
		g.noHigher(rec, fmt.Sprintf("the rule %q misspelled", names[i]), g.score(rec, withConflict(obj, mis)), g.score(rec, withConflict(obj, del)))
	}
	for _, w := range wrong {
		v := g.score(rec, withConflict(obj, w))
		if v.pass[domains.ItemConflict] {
			continue // a smaller conflict that holds (a core whose certified conflicts are not minimal): no false claim
		}
		g.noHigher(rec, fmt.Sprintf("the conflict %q", w), v, without)
	}
}

func withConflict(obj map[string]json.RawMessage, names []string) []byte {
	o := deleted(obj, "")
	o["conflict"], _ = json.Marshal(names)
	return encode(o)
}

// firstRule is a rule name of rec's prompt (the first of its answer
// schema's conflict enum), or "deadline" when it names none.
func firstRule(rec *domains.Record) string {
	var s struct {
		AnyOf []struct {
			Properties map[string]struct {
				Items struct {
					Enum []string `json:"enum"`
				} `json:"items"`
			} `json:"properties"`
		} `json:"anyOf"`
	}
	_ = json.Unmarshal(rec.AnswerJSONSchema, &s)
	for _, a := range s.AnyOf {
		if e := a.Properties["conflict"].Items.Enum; len(e) > 0 {
			return e[0]
		}
	}
	return "deadline"
}

// misspell is what a misspelling appends to a name.
const misspell = "~x"

// misspelling is a name of a part's value, the value with the name
// misspelled, and the value with the name's entry deleted.
type misspelling struct {
	name                string
	misspelled, deleted json.RawMessage
}

// misspellings lists, for every string of v (and every member name of
// an object whose members are all lists or strings: names mapped to
// their entries), v with it misspelled and v with its entry deleted: the
// innermost list element that holds it, or the member.
func misspellings(v json.RawMessage) []misspelling {
	var root any
	dec := json.NewDecoder(bytes.NewReader(v))
	dec.UseNumber()
	if dec.Decode(&root) != nil {
		return nil
	}
	var out []misspelling
	// path is the way to a leaf: list indexes (int) and member names
	// (string); entry is the length of the path to its innermost list
	// element.
	var walk func(x any, path []any)
	emit := func(name string, path []any, member bool) {
		entry := -1
		for i, s := range path {
			if _, ok := s.(int); ok {
				entry = i + 1
			}
		}
		mis := rewrite(root, path, func(x any) (any, bool) { return name + misspell, true }, member)
		var del any
		if member && entry < len(path) {
			del = rewrite(root, path, nil, true)
		} else if entry > 0 {
			del = rewrite(root, path[:entry], nil, false)
		} else {
			return // a string outside any list: a stated value, not a name
		}
		a, _ := json.Marshal(mis)
		b, _ := json.Marshal(del)
		out = append(out, misspelling{name: name, misspelled: a, deleted: b})
	}
	walk = func(x any, path []any) {
		switch x := x.(type) {
		case string:
			emit(x, path, false)
		case []any:
			for i, e := range x {
				walk(e, append(slices.Clone(path), i))
			}
		case map[string]any:
			names := true
			for _, e := range x {
				switch e.(type) {
				case []any, string:
				default:
					names = false
				}
			}
			for _, k := range slices.Sorted(maps.Keys(x)) {
				if names && len(path) == 0 {
					emit(k, append(slices.Clone(path), k), true)
				}
				walk(x[k], append(slices.Clone(path), k))
			}
		}
	}
	walk(root, nil)
	return out
}

// rewrite returns a deep copy of x with the element at path replaced by
// f's value, or deleted when f is nil; member says that the path's last
// step names a member to rename (f) or delete (nil).
func rewrite(x any, path []any, f func(any) (any, bool), member bool) any {
	if len(path) == 0 {
		y, _ := f(x)
		return y
	}
	switch x := x.(type) {
	case []any:
		i := path[0].(int)
		var out []any
		for j, e := range x {
			switch {
			case j != i:
				out = append(out, clone(e))
			case len(path) == 1 && f == nil:
			default:
				out = append(out, rewrite(e, path[1:], f, member))
			}
		}
		if out == nil {
			out = []any{}
		}
		return out
	case map[string]any:
		k := path[0].(string)
		out := map[string]any{}
		for m, e := range x {
			switch {
			case m != k:
				out[m] = clone(e)
			case len(path) == 1 && member && f == nil:
			case len(path) == 1 && member:
				n, _ := f(m)
				out[n.(string)] = clone(e)
			default:
				out[m] = rewrite(e, path[1:], f, member)
			}
		}
		return out
	}
	return x
}

func clone(x any) any {
	b, _ := json.Marshal(x)
	var y any
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	_ = dec.Decode(&y)
	return y
}

var clock = regexp.MustCompile(`^\d\d:\d\d$`)

// wrongs lists wrong values of a stated value v: a number one off either
// way, zero and negated; a time of day moved; in a list or object, each
// number one off, and all of them.
func wrongs(v json.RawMessage) []json.RawMessage {
	var x any
	dec := json.NewDecoder(bytes.NewReader(v))
	dec.UseNumber()
	if dec.Decode(&x) != nil {
		return nil
	}
	var out []json.RawMessage
	add := func(y any) {
		b, _ := json.Marshal(y)
		if !bytes.Equal(b, v) && !slices.ContainsFunc(out, func(o json.RawMessage) bool { return bytes.Equal(o, b) }) {
			out = append(out, b)
		}
	}
	switch x := x.(type) {
	case json.Number:
		n, _ := x.Int64()
		for _, y := range []int64{n + 1, n - 1, 0, -n - 7} {
			add(y)
		}
	case string:
		if clock.MatchString(x) {
			add("00:00")
			add("23:59")
		} else {
			add(x + misspell)
		}
	default:
		var leaves [][]any
		var walk func(y any, path []any)
		walk = func(y any, path []any) {
			switch y := y.(type) {
			case json.Number:
				leaves = append(leaves, path)
			case []any:
				for i, e := range y {
					walk(e, append(slices.Clone(path), i))
				}
			case map[string]any:
				for _, k := range slices.Sorted(maps.Keys(y)) {
					walk(y[k], append(slices.Clone(path), k))
				}
			}
		}
		walk(x, nil)
		inc := func(y any) (any, bool) { n, _ := y.(json.Number).Int64(); return n + 1, true }
		allUp := x
		for _, p := range leaves {
			add(rewrite(x, p, inc, false))
			allUp = rewrite(allUp, p, inc, false)
		}
		add(allUp)
	}
	return out
}

func object(t *testing.T, raw []byte) map[string]json.RawMessage {
	t.Helper()
	o, ok := tryObject(raw)
	if !ok {
		t.Fatalf("not a JSON object: %s", raw)
	}
	return o
}

func tryObject(raw []byte) (map[string]json.RawMessage, bool) {
	var o map[string]json.RawMessage
	if json.Unmarshal(raw, &o) != nil || o == nil {
		return nil, false
	}
	return o, true
}

// deleted is a copy of obj without key ("" keeps every member).
func deleted(obj map[string]json.RawMessage, key string) map[string]json.RawMessage {
	out := make(map[string]json.RawMessage, len(obj))
	for k, v := range obj {
		if k != key {
			out[k] = v
		}
	}
	return out
}

// encode writes obj with its members in sorted order.
func encode(obj map[string]json.RawMessage) []byte {
	keys := slices.Sorted(maps.Keys(obj))
	var b strings.Builder
	b.WriteString("{")
	for i, k := range keys {
		if i > 0 {
			b.WriteString(", ")
		}
		q, _ := json.Marshal(k)
		b.Write(q)
		b.WriteString(": ")
		b.Write(obj[k])
	}
	b.WriteString("}")
	return []byte(b.String())
}

func ids(items []domains.Item) []string {
	var out []string
	for _, it := range items {
		out = append(out, it.ID)
	}
	sort.Strings(out)
	return out
}
