package familytest

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/plancert/plancert/domains"
)

func TestLevels(t *testing.T) {
	l := Levels{Short: 1, Default: 2, Long: 3}
	want := uint64(2)
	switch {
	case Long():
		want = 3
	case testing.Short():
		want = 1
	}
	if got := l.N(); got != want {
		t.Fatalf("N() = %d, want %d", got, want)
	}
}

func TestText(t *testing.T) {
	rec := &domains.Record{ID: "x/y/1", Prompt: "Plan it.", Constraints: domains.Constraints{Basic: []string{"a"}, Medium: []string{}, Hard: []string{}, Stateful: []string{}},
		Checklist:   []domains.Item{{ID: "format", Tier: domains.Basic, Kind: domains.KindFormat, Text: "JSON."}},
		Reference:   domains.Reference{Feasible: true, Plan: json.RawMessage(`{"p":1}`)},
		Certificate: domains.Certificate{Status: "optimal", Objective: []int64{4}}}
	full := "record: x/y/1\nunits: basic [a]; medium []; hard []; stateful []\ncertificate: optimal [4]\n\n==== prompt ====\nPlan it.\n\n==== checklist (id | tier | kind | text) ====\nformat | basic | format | JSON.\n\n==== reference ====\n{\"p\":1}\n"
	if got := Text(rec, GoldenFormat{}); got != full {
		t.Fatalf("full form:\n%q\nwant\n%q", got, full)
	}
	short := "record: x/y/1\nunits: basic [a]; medium []; hard []\ncertificate: optimal\n\n==== prompt ====\nPlan it.\n\n==== checklist (id | tier | kind | text) ====\nformat | basic | format | JSON.\n"
	if got := Text(rec, GoldenFormat{NoStateful: true, NoObjective: true, NoReference: true}); got != short {
		t.Fatalf("short form:\n%q\nwant\n%q", got, short)
	}
}

func TestOptima(t *testing.T) {
	o := &Optima{Better: func(x, y []int64) bool { return x[0] < y[0] }}
	for _, v := range []int64{5, 3, 4, 3, 7} {
		o.Add([]int64{v})
	}
	if o.Feasible != 5 || !slices.Equal(o.Best, []int64{3}) || o.Count != 2 {
		t.Fatalf("%+v", o)
	}
}

func TestConflictMutants(t *testing.T) {
	rec := &domains.Record{Reference: domains.Reference{Conflict: []string{"r1", "r2"}}}
	claims := len(ClaimMutants())
	if n := len(ConflictMutants(rec, true)); n != 3+claims {
		t.Fatalf("%d mutants of a minimal conflict of two, want %d", n, 3+claims)
	}
	m := ConflictMutants(rec, false)
	if len(m) != 1+claims || !strings.Contains(string(m[0].Answer), "no such rule") || !slices.Equal(m[0].Fail, []string{ConflictItem}) {
		t.Fatalf("%+v", m)
	}
	if claims != 3 || !slices.Equal(m[len(m)-1].Fail, []string{FormatItem, ConflictItem}) {
		t.Fatalf("claim mutants: %+v", m[1:])
	}
}

// TestForcedSpec: the forced unit comes with what it requires; units in
// an exclusion with it, and those that then lose what they require, go;
// a subtask that excludes the unit is not used.
func TestForcedSpec(t *testing.T) {
	tk := &domains.Task{ID: "t",
		Subtasks: []domains.Subtask{{ID: "s1", Exclude: []string{"u"}}, {ID: "s2"}},
		Pool: []domains.Unit{{ID: "a", Tier: domains.Basic}, {ID: "b", Tier: domains.Basic, Requires: []string{"a"}},
			{ID: "x", Tier: domains.Medium, Excludes: []string{"u"}}, {ID: "y", Tier: domains.Medium, Requires: []string{"x"}},
			{ID: "u", Tier: domains.Hard, Requires: []string{"b"}}}}
	for k := uint64(1); k <= 20; k++ {
		spec, ok := forcedSpec(t, tk, tk.Pool[4], k)
		if !ok {
			t.Fatalf("seed %d: no spec", k)
		}
		if spec.Subtask != "s2" || !spec.Has("u") || !spec.Has("b") || !spec.Has("a") || spec.Has("x") || spec.Has("y") {
			t.Fatalf("seed %d: %+v", k, spec)
		}
		if err := tk.Compatible(spec.Units()); err != nil {
			t.Fatalf("seed %d: %v", k, err)
		}
	}
}

// TestSelectTasks: a family takes the tasks of its core, in registry
// order; with Family.Tasks only those, and a listed task that the core
// does not register is an error, as is a core with no task.
func TestSelectTasks(t *testing.T) {
	all := []*domains.Task{{ID: "a", Core: "route"}, {ID: "b", Core: "flow"}, {ID: "c", Core: "route"}, {ID: "d", Core: "route"}}
	ids := func(tks []*domains.Task) []string {
		var out []string
		for _, tk := range tks {
			out = append(out, tk.ID)
		}
		return out
	}
	for _, tc := range []struct {
		f    Family
		want []string
		err  string
	}{
		{f: Family{Core: "route"}, want: []string{"a", "c", "d"}},
		{f: Family{Core: "route", Tasks: []string{"d", "a"}}, want: []string{"a", "d"}},
		{f: Family{Core: "route", Tasks: []string{"c"}}, want: []string{"c"}},
		{f: Family{Core: "route", Tasks: []string{"c", "b"}}, err: `task "b" of the family is not registered with core "route"`},
		{f: Family{Core: "roster"}, err: `no task of core "roster" is registered`},
	} {
		got, err := selectTasks(all, &tc.f)
		switch {
		case tc.err != "" && (err == nil || err.Error() != tc.err):
			t.Errorf("%+v: error %v, want %q", tc.f, err, tc.err)
		case tc.err == "" && (err != nil || !slices.Equal(ids(got), tc.want)):
			t.Errorf("%+v: %v %v, want %v", tc.f, ids(got), err, tc.want)
		}
	}
}

// TestUncaught: the items of Family.MustCatch that caught no mutant, in
// the family's order.
func TestUncaught(t *testing.T) {
	x := newTally()
	x.items["format"], x.items["optimal"] = 2, 1
	if got := uncaught(x, []string{"stated", "format", "conflict", "optimal"}); !slices.Equal(got, []string{"stated", "conflict"}) {
		t.Fatalf("uncaught = %v", got)
	}
	if got := uncaught(x, nil); got != nil {
		t.Fatalf("uncaught of no item = %v", got)
	}
}

// TestPackagePath: the -update command names the package under test from
// the module's root, nested packages too.
func TestPackagePath(t *testing.T) {
	exists := func(p string) bool { return p == "/m/go.mod" }
	for dir, want := range map[string]string{"/m/domains/flow": "./domains/flow/", "/m/domains/route/commute": "./domains/route/commute/", "/m": ".", "/x/y": "."} {
		if got := packagePath(dir, exists); got != want {
			t.Errorf("packagePath(%q) = %q, want %q", dir, got, want)
		}
	}
}

// TestNewSpec: the spec has the subtask, the seed and exactly the units
// given.
func TestNewSpec(t *testing.T) {
	tk := &domains.Task{ID: "t", Subtasks: []domains.Subtask{{ID: "s"}},
		Pool: []domains.Unit{{ID: "a", Tier: domains.Basic}, {ID: "b", Tier: domains.Medium}, {ID: "c", Tier: domains.Hard}}}
	spec := NewSpec(t, tk, "s", 7, "a", "c")
	if spec.Subtask != "s" || spec.Seed != 7 || !slices.Equal(spec.Units(), []string{"a", "c"}) {
		t.Fatalf("%+v, units %v", spec, spec.Units())
	}
}

// errorsTB records the errors of a check.
type errorsTB struct {
	testing.TB
	errs []string
}

func (e *errorsTB) Helper()             {}
func (e *errorsTB) Logf(string, ...any) {}
func (e *errorsTB) Errorf(format string, a ...any) {
	e.errs = append(e.errs, fmt.Sprintf(format, a...))
}

// TestEverySubtaskAndUnit: a subtask without a kept record, and a unit
// in none, are errors, and only they.
func TestEverySubtaskAndUnit(t *testing.T) {
	tk := &domains.Task{ID: "t", Subtasks: []domains.Subtask{{ID: "s1"}, {ID: "s2"}, {ID: "s3"}},
		Pool: []domains.Unit{{ID: "a"}, {ID: "b"}, {ID: "c"}, {ID: "d"}}}
	kept := []*domains.Record{{Subtask: "s1", Constraints: domains.Constraints{Basic: []string{"a"}, Hard: []string{"c"}}},
		{Subtask: "s3", Constraints: domains.Constraints{Stateful: []string{"d"}}}}
	e := &errorsTB{}
	EverySubtask(e, tk, kept)
	if len(e.errs) != 1 || !strings.Contains(e.errs[0], "subtask s2") {
		t.Fatalf("EverySubtask: %q", e.errs)
	}
	e = &errorsTB{}
	EveryUnit(e, tk, kept)
	if len(e.errs) != 1 || !strings.Contains(e.errs[0], "unit b ") {
		t.Fatalf("EveryUnit: %q", e.errs)
	}
}

// TestFailsExactly: an item that fails or passes against the list is an
// error, and so are a failing ID the checklist does not have and a result
// out of place; the right results are none.
func TestFailsExactly(t *testing.T) {
	items := []domains.Item{{ID: "format"}, {ID: "rule"}, {ID: "optimal"}}
	res := []domains.Result{{ID: "format", Pass: true}, {ID: "rule", Pass: false}, {ID: "optimal", Pass: false}}
	for _, tc := range []struct {
		res  []domains.Result
		fail []string
		want []string // parts of the errors, one each
	}{
		{res, []string{"rule", "optimal"}, nil},
		{res, []string{"optimal"}, []string{`item "rule" passes false, want true`}},
		{res, []string{"format", "rule", "optimal"}, []string{`item "format" passes true, want false`}},
		{res, []string{"rule", "optimal", "stated"}, []string{`"stated" is to fail`}},
		{res[:2], []string{"rule"}, []string{"2 results for 3 items"}},
		{[]domains.Result{res[1], res[0], res[2]}, []string{"rule", "optimal"}, []string{`result 0 is item "rule"`, `result 1 is item "format"`}},
	} {
		e := &errorsTB{}
		FailsExactly(e, tc.res, items, tc.fail)
		if len(e.errs) != len(tc.want) {
			t.Errorf("fail %v: errors %q, want %d", tc.fail, e.errs, len(tc.want))
			continue
		}
		for i, w := range tc.want {
			if !strings.Contains(e.errs[i], w) {
				t.Errorf("fail %v: error %q, want %q in it", tc.fail, e.errs[i], w)
			}
		}
	}
}

// TestLoadErrorsCases: each way of breaking the good instance reaches the
// loader: an edit of its decoded form, a text replacement, raw bytes.
func TestLoadErrorsCases(t *testing.T) {
	good := []byte(`{"n":1,"name":"a"}`)
	load := func(b []byte) error {
		var v struct {
			N    int    `json:"n"`
			Name string `json:"name"`
		}
		if err := json.Unmarshal(b, &v); err != nil {
			return fmt.Errorf("toy: %w", err)
		}
		if v.N != 1 {
			return fmt.Errorf("toy: field n: %d, want 1", v.N)
		}
		if v.Name == "" {
			return fmt.Errorf("toy: field name: empty")
		}
		return nil
	}
	LoadErrors(t, load, good, "toy: ", []LoadCase[map[string]any]{
		{Name: "edit", Edit: func(v map[string]any) { v["n"] = 2 }, Want: "field n: 2"},
		{Name: "replace", From: `"name":"a"`, To: `"name":""`, Want: "field name: empty"},
		{Name: "bytes", Data: `[`, Want: "unexpected end"},
	})
}

// TestChangedAtLevels: every subtask is checked at levels 1..Levels, and
// one that a level changed (a shared slice written to, say) is reported.
func TestChangedAtLevels(t *testing.T) {
	type sub struct {
		ID    string
		Names []string
	}
	subs := []sub{{"a", []string{"x"}}, {"b", []string{"y"}}}
	var levels []int
	changed := changedAtLevels(subs, func(st *sub, level int) {
		levels = append(levels, level)
		if st.ID == "b" && level == 3 {
			st.Names = append(slices.Clip(st.Names), "z")
		}
	})
	if !slices.Equal(changed, []int{1}) {
		t.Errorf("changed %v, want [1]", changed)
	}
	if len(levels) != 2*domains.Levels || levels[0] != 1 || levels[domains.Levels-1] != domains.Levels {
		t.Errorf("levels checked %v", levels)
	}
}
