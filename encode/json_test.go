package encode

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

var updateModels = flag.Bool("update-models", false, "rewrite ../testdata/models/*.json in the canonical form WriteModel writes")

func exampleModelFiles(t testing.TB) []string {
	files, err := filepath.Glob(filepath.Join("..", "testdata", "models", "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 7 {
		t.Fatalf("found %d model files in ../testdata/models, want at least 7", len(files))
	}
	return files
}

func writeModelString(t testing.TB, m *Model) string {
	t.Helper()
	var buf bytes.Buffer
	if err := WriteModel(&buf, m); err != nil {
		t.Fatalf("WriteModel: %v", err)
	}
	return buf.String()
}

func readModelFile(t testing.TB, name string) *Model {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	m, err := ReadModel(f)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return m
}

// TestModelFiles reads every example model, checks that writing it is a
// fixed point and that the file is in the canonical form.
func TestModelFiles(t *testing.T) {
	for _, name := range exampleModelFiles(t) {
		t.Run(filepath.Base(name), func(t *testing.T) {
			data, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			m, err := ReadModel(bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			out := writeModelString(t, m)
			m2, err := ReadModel(strings.NewReader(out))
			if err != nil {
				t.Fatalf("reading the written model: %v\n%s", err, out)
			}
			if !reflect.DeepEqual(m, m2) {
				t.Errorf("the model read back differs from the model written")
			}
			if out2 := writeModelString(t, m2); out2 != out {
				t.Errorf("writing is not a fixed point:\n%s\nthen\n%s", out, out2)
			}
			if *updateModels {
				if err := os.WriteFile(name, []byte(out), 0o666); err != nil {
					t.Fatal(err)
				}
			} else if out != string(data) {
				t.Errorf("%s is not in canonical form; run go test ./encode -run TestModelFiles -update-models", name)
			}
		})
	}
}

// modelConstraintVars returns the variables c reads.
func modelConstraintVars(c *Constraint) []Var {
	var vs []Var
	for _, l := range c.Enforce {
		vs = append(vs, l.Var)
	}
	for _, t := range c.Terms {
		vs = append(vs, t.Var)
	}
	for _, l := range c.Lits {
		vs = append(vs, l.Var)
	}
	vs = append(vs, c.Vars...)
	for _, iv := range c.Intervals {
		vs = append(vs, iv.Start)
		if iv.Present != nil {
			vs = append(vs, iv.Present.Var)
		}
	}
	for _, a := range c.Arcs {
		vs = append(vs, a.Lit.Var)
	}
	if c.Kind == Element {
		vs = append(vs, c.Index)
	}
	if c.Kind == Element || c.Kind == Max {
		vs = append(vs, c.Target)
	}
	return vs
}

// solveAllBrute enumerates the solutions of m by depth-first search, checking
// each constraint as soon as its last variable is set. It returns the best
// objective vector and the distinct answers (as strings) that reach it; for
// a model without objective, every feasible answer.
func solveAllBrute(m *Model) (best []int64, answers []string) {
	last := make([][]*Constraint, len(m.Vars))
	for _, c := range m.Constraints {
		d := 0
		for _, v := range modelConstraintVars(c) {
			d = max(d, int(v))
		}
		last[d] = append(last[d], c)
	}
	a := make(Assignment, len(m.Vars))
	found := false
	var dfs func(d int)
	dfs = func(d int) {
		if d == len(m.Vars) {
			obj := m.ObjectiveValues(a)
			var ans []int64
			for _, v := range m.AnswerVars() {
				ans = append(ans, a[v])
			}
			key := fmt.Sprint(ans)
			switch {
			case !found || m.Better(obj, best):
				found, best, answers = true, obj, []string{key}
			case !m.Better(best, obj) && !slices.Contains(answers, key):
				answers = append(answers, key)
			}
			return
		}
	values:
		for x := m.Vars[d].Lo; x <= m.Vars[d].Hi; x++ {
			a[d] = x
			for _, c := range last[d] {
				if !m.Holds(c, a) {
					continue values
				}
			}
			dfs(d + 1)
		}
	}
	dfs(0)
	slices.Sort(answers)
	return best, answers
}

// withoutGroups returns a copy of m without the constraints of the given
// groups.
func withoutGroups(m *Model, groups ...string) *Model {
	sub := &Model{Vars: m.Vars, Objectives: m.Objectives, Answer: m.Answer}
	for _, c := range m.Constraints {
		if !slices.Contains(groups, c.Group) {
			sub.Constraints = append(sub.Constraints, c)
		}
	}
	return sub
}

// TestModelFileClaims checks by exhaustive search what each example model
// is meant to show.
func TestModelFileClaims(t *testing.T) {
	if testing.Short() {
		t.Skip("exhaustive search")
	}
	dir := filepath.Join("..", "testdata", "models")
	load := func(name string) *Model { return readModelFile(t, filepath.Join(dir, name)) }
	type claim struct {
		best    []int64
		answers []string // nil: infeasible
	}
	for _, tc := range []struct {
		file string
		want claim
	}{
		{"assignment-4x4.json", claim{[]int64{24}, []string{"[0 1 0 0 1 0 0 0 0 0 1 0 0 0 0 1]"}}},
		{"tsp-5.json", claim{[]int64{20}, []string{
			"[0 0 0 1 1 0 0 0 0 1 0 0 0 0 1 0 0 0 0 1]", // 0 4 3 2 1 0
			"[1 0 0 0 0 1 0 0 0 0 1 0 0 0 0 1 1 0 0 0]", // 0 1 2 3 4 0
		}}},
		{"pigeonhole-4-3.json", claim{}},
		{"meeting-conflict.json", claim{}},
		{"lexicographic.json", claim{[]int64{15, 10}, []string{"[1 2]"}}},
		{"feasibility.json", claim{[]int64{}, []string{"[2 4 1 3]"}}},
	} {
		t.Run(tc.file, func(t *testing.T) {
			best, answers := solveAllBrute(load(tc.file))
			if answers == nil {
				best = nil
			}
			if got := (claim{best, answers}); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got %v, want %v", got, tc.want)
			}
		})
	}

	// The conflict of the meeting model is a strict subset of its groups,
	// and a minimal one: dropping any of its groups makes the rest feasible.
	m := load("meeting-conflict.json")
	mus := []string{"meeting lasts 2h", "meeting needs alice and bob", "alice available 9-11", "bob available 13-15"}
	var others []string
	for _, g := range m.Groups() {
		if !slices.Contains(mus, g) {
			others = append(others, g)
		}
	}
	if len(others) == 0 {
		t.Fatal("meeting-conflict.json: the conflict is the whole model")
	}
	if _, ans := solveAllBrute(withoutGroups(m, others...)); ans != nil {
		t.Errorf("meeting-conflict.json: %q alone are feasible", mus)
	}
	for _, g := range mus {
		if _, ans := solveAllBrute(withoutGroups(m, g)); ans == nil {
			t.Errorf("meeting-conflict.json: still infeasible without %q", g)
		}
	}

	// The second level of lexicographic.json decides between ties of the
	// first.
	lex := load("lexicographic.json")
	lex1 := *lex
	lex1.Objectives = lex.Objectives[:1]
	if _, ans := solveAllBrute(&lex1); len(ans) < 2 {
		t.Errorf("lexicographic.json: the first level alone has %d optimal answers, want several", len(ans))
	}

	// A job shop schedule that meets every constraint, with makespan 14:
	// starts of jobs 0, 1, 2, then ends and makespan.
	js := load("jobshop-3x3.json")
	a := Assignment{0, 4, 7, 3, 9, 10, 0, 4, 7, 9, 14, 8, 14}
	if err := js.Check(a); err != nil {
		t.Errorf("jobshop-3x3.json: %v", err)
	}
}

func TestReadModelErrors(t *testing.T) {
	// vars declares x, y (int), a, b (bool) for the constraint cases.
	const vars = `"variables": [{"name": "x", "type": "int", "lo": 0, "hi": 3}, {"name": "y", "type": "int", "lo": -2, "hi": 2}, {"name": "a", "type": "bool"}, {"name": "b", "type": "bool"}]`
	con := func(cs ...string) string {
		return `{` + vars + `, "constraints": [` + strings.Join(cs, ", ") + `]}`
	}
	const lin = `{"name": "ok", "type": "linear", "terms": [{"var": "x", "coef": 1}], "op": "<=", "rhs": 2}`
	for _, tc := range []struct {
		in, want string
	}{
		// Syntax and overall shape.
		{``, `encode: line 1, column 1: unexpected end of input`},
		{"{\n  \"variables\": [}\n", `encode: line 2, column 17: invalid character '}' looking for beginning of value`},
		{"{\"variables\": [\n  {\"name\": \"x\" \"type\": \"bool\"}]}", `encode: line 2, column 16: invalid character '"' after object key:value pair`},
		{"{\"variables\": [", `encode: line 1, column 16: unexpected end of input`},
		{"{}\n{}", `encode: line 2, column 1: unexpected data after the model`},
		{`{} x`, `encode: line 1, column 4: unexpected data after the model`},
		{`[]`, `encode: the model must be a JSON object, not array`},
		{`{"variable": []}`, `encode: variable: unknown field "variable"`},
		{`{"variables": [], "variables": []}`, `encode: variables: duplicate field "variables"`},
		{`{"variables": {}}`, `encode: variables: want an array, got object`},
		{`{"constraints": null}`, `encode: constraints: want an array, got null`},

		// Variables.
		{`{"variables": [{"name": "x", "type": "int", "lo": 5, "hi": 3}]}`, `encode: variables[0].hi: lo 5 > hi 3`},
		{`{"variables": [{"name": "a", "type": "bool"}, {"name": "b", "type": "bool"}, {"name": "x", "type": "int", "lo": 5, "hi": 3}]}`, `encode: variables[2].hi: lo 5 > hi 3`},
		{`{"variables": [{"name": "x", "type": "int", "lo": 0, "hi": 1048576}]}`, `encode: variables[0].hi: domain [0, 1048576] has more than 1048576 values`},
		{`{"variables": [{"name": "x", "type": "int", "lo": -9223372036854775808, "hi": 9223372036854775807}]}`, `encode: variables[0].lo: -9223372036854775808 is beyond ±1e15`},
		{`{"variables": [{"name": "x", "type": "int", "lo": 0}]}`, `encode: variables[0]: missing field "hi"`},
		{`{"variables": [{"name": "x", "type": "int", "lo": 0, "hi": 1.5}]}`, `encode: variables[0].hi: 1.5 is not an integer`},
		{`{"variables": [{"name": "x", "type": "int", "lo": 0, "hi": 1e3}]}`, `encode: variables[0].hi: 1e3 is not an integer`},
		{`{"variables": [{"name": "x", "type": "int", "lo": 0, "hi": 9223372036854775808}]}`, `encode: variables[0].hi: 9223372036854775808 is beyond int64`},
		{`{"variables": [{"name": "x", "type": "int", "lo": "0", "hi": 3}]}`, `encode: variables[0].lo: want an integer, got string`},
		{`{"variables": [{"name": "a", "type": "bool", "lo": 0}]}`, `encode: variables[0].lo: bool variables have no field "lo"`},
		{`{"variables": [{"name": "a", "type": "float"}]}`, `encode: variables[0].type: unknown variable type "float"`},
		{`{"variables": [{"name": "a"}]}`, `encode: variables[0]: missing field "type"`},
		{`{"variables": [{"type": "bool"}]}`, `encode: variables[0]: missing field "name"`},
		{`{"variables": [{"name": "", "type": "bool"}]}`, `encode: variables[0].name: empty name`},
		{`{"variables": [{"name": "!a", "type": "bool"}]}`, `encode: variables[0].name: name "!a" starts with "!"`},
		{`{"variables": [{"name": 7, "type": "bool"}]}`, `encode: variables[0].name: want a string, got number`},
		{`{"variables": [{"name": "a", "type": "bool"}, {"name": "a", "type": "int", "lo": 0, "hi": 1}]}`, `encode: variables[1].name: duplicate variable name "a"`},
		{`{"variables": [{"name": "a", "type": "bool", "color": "red"}]}`, `encode: variables[0].color: unknown field "color"`},
		{`{"variables": ["a"]}`, `encode: variables[0]: want an object, got string`},

		// Constraints in general.
		{con(`{"name": "c", "type": "foo"}`), `encode: constraints[0].type: unknown constraint type "foo"`},
		{con(`{"name": "c"}`), `encode: constraints[0]: missing field "type"`},
		{con(`{"type": "all_different", "vars": []}`), `encode: constraints[0]: missing field "name"`},
		{con(`{"name": "", "type": "all_different", "vars": []}`), `encode: constraints[0].name: empty name`},
		{con(lin, lin), `encode: constraints[1].name: duplicate constraint name "ok"`},
		{con(`{"name": "c", "group": "", "type": "all_different", "vars": []}`), `encode: constraints[0].group: empty group`},
		{con(`{"name": "c", "type": "all_different", "vars": ["x"], "colour": 1}`), `encode: constraints[0].colour: unknown field "colour"`},
		{con(`{"name": "c", "type": "linear", "terms": [], "op": "<=", "rhs": 0, "k": 1}`), `encode: constraints[0].k: linear constraints have no field "k"`},
		{con(`{"name": "c", "type": "all_different", "vars": ["x"], "only_if": ["x"]}`), `encode: constraints[0].only_if[0]: "x" is an int variable, a literal needs a bool`},
		{con(`{"name": "c", "type": "all_different", "vars": ["x"], "only_if": ["!zz"]}`), `encode: constraints[0].only_if[0]: unknown variable "zz"`},
		{con(`{"name": "c", "type": "all_different", "vars": ["x"], "only_if": "a"}`), `encode: constraints[0].only_if: want an array, got string`},

		// linear
		{con(lin, lin, lin, `{"name": "l", "type": "linear", "terms": [{"var": "x", "coef": 1}, {"var": "x9", "coef": 2}], "op": "<=", "rhs": 2}`), `encode: constraints[1].name: duplicate constraint name "ok"`},
		{con(`{"name": "l", "type": "linear", "terms": [{"var": "x", "coef": 1}, {"var": "x9", "coef": 2}], "op": "<=", "rhs": 2}`), `encode: constraints[0].terms[1].var: unknown variable "x9"`},
		{con(`{"name": "l", "type": "linear", "terms": [{"var": "x", "coef": 1}], "op": "<", "rhs": 2}`), `encode: constraints[0].op: unknown op "<"`},
		{con(`{"name": "l", "type": "linear", "terms": [{"var": "x", "coef": 1}], "op": "<="}`), `encode: constraints[0]: missing field "rhs"`},
		{con(`{"name": "l", "type": "linear", "terms": [{"var": "x"}], "op": "<=", "rhs": 1}`), `encode: constraints[0].terms[0]: missing field "coef"`},
		{con(`{"name": "l", "type": "linear", "terms": [{"var": "x", "coef": 1, "lit": "a"}], "op": "<=", "rhs": 1}`), `encode: constraints[0].terms[0].lit: unknown field "lit"`},
		{con(`{"name": "l", "type": "linear", "terms": [{"var": "x", "coef": 0.5}], "op": "<=", "rhs": 1}`), `encode: constraints[0].terms[0].coef: 0.5 is not an integer`},
		{con(`{"name": "l", "type": "linear", "terms": [{"var": "x", "coef": 1}], "op": "<=", "rhs": -1e2}`), `encode: constraints[0].rhs: -1e2 is not an integer`},
		{con(`{"name": "l", "type": "linear", "terms": [{"var": "x", "coef": 1000000000000000}], "op": "<=", "rhs": 1}`), `encode: constraints[0].terms[0].coef: 1000000000000000 times the bounds [0, 3] of "x" goes beyond ±1e15`},
		{con(`{"name": "l", "type": "linear", "terms": [{"var": "x", "coef": 300000000000000}, {"var": "y", "coef": 300000000000000}], "op": "<=", "rhs": 1}`), `encode: constraints[0].terms: sum may reach 1.5e+15 in magnitude, beyond ±1e15`},

		// at_most, at_least, exactly
		{con(`{"name": "c", "type": "at_most", "lits": ["a", "x"], "k": 1}`), `encode: constraints[0].lits[1]: "x" is an int variable, a literal needs a bool`},
		{con(lin, `{"name": "c", "type": "exactly", "lits": ["a", "!x"], "k": 1}`), `encode: constraints[1].lits[1]: "x" is an int variable, a literal needs a bool`},
		{con(`{"name": "c", "type": "at_least", "lits": ["a", "c"], "k": 1}`), `encode: constraints[0].lits[1]: unknown variable "c"`},
		{con(`{"name": "c", "type": "at_least", "lits": ["a", ""], "k": 1}`), `encode: constraints[0].lits[1]: unknown variable ""`},
		{con(`{"name": "c", "type": "exactly", "lits": ["a"], "k": -1}`), `encode: constraints[0].k: -1 is negative`},
		{con(`{"name": "c", "type": "at_most", "lits": ["a"]}`), `encode: constraints[0]: missing field "k"`},
		{con(`{"name": "c", "type": "at_most", "lits": ["a"], "k": "1"}`), `encode: constraints[0].k: want an integer, got string`},
		{con(`{"name": "c", "type": "at_most", "lits": [true], "k": 1}`), `encode: constraints[0].lits[0]: want a string, got boolean`},

		// all_different
		{con(`{"name": "c", "type": "all_different", "vars": ["x", "q"]}`), `encode: constraints[0].vars[1]: unknown variable "q"`},
		{con(`{"name": "c", "type": "all_different", "vars": ["x", "!a"]}`), `encode: constraints[0].vars[1]: unknown variable "!a"`},

		// no_overlap
		{con(`{"name": "c", "type": "no_overlap", "intervals": [{"start": "x", "duration": -1}]}`), `encode: constraints[0].intervals[0].duration: -1 is negative`},
		{con(`{"name": "c", "type": "no_overlap", "intervals": [{"start": "x", "duration": 1, "present": "y"}]}`), `encode: constraints[0].intervals[0].present: "y" is an int variable, a literal needs a bool`},
		{con(`{"name": "c", "type": "no_overlap", "intervals": [{"start": "x", "duration": 1}, {"duration": 2}]}`), `encode: constraints[0].intervals[1]: missing field "start"`},
		{con(`{"name": "c", "type": "no_overlap", "intervals": [{"start": "x", "end": 2}]}`), `encode: constraints[0].intervals[0].end: unknown field "end"`},
		{`{"variables": [{"name": "s", "type": "int", "lo": 999999999999990, "hi": 999999999999999}], "constraints": [{"name": "c", "type": "no_overlap", "intervals": [{"start": "s", "duration": 2}]}]}`, `encode: constraints[0].intervals[0]: start "s" in [999999999999990, 999999999999999] plus duration 2 goes beyond ±1e15`},
		{`{"variables": [{"name": "x", "type": "int", "lo": -1000000000000, "hi": -1000000000000}], "constraints": [{"name": "c", "type": "linear", "terms": [{"var": "x", "coef": 1000}, {"var": "x", "coef": -1000}], "op": "<=", "rhs": 0}]}`, `encode: constraints[0].terms: sum may reach 2e+15 in magnitude, beyond ±1e15`},
		{`{"variables": [{"name": "x", "type": "int", "lo": -1000000000000000000, "hi": -1000000000000000000}]}`, `encode: variables[0].lo: -1000000000000000000 is beyond ±1e15`},

		// circuit
		{con(`{"name": "c", "type": "circuit", "arcs": [{"from": 0, "to": 1, "lit": "a"}, {"from": 1, "to": 1, "lit": "b"}]}`), `encode: constraints[0].arcs[1]: self-loop at node 1`},
		{con(`{"name": "c", "type": "circuit", "arcs": [{"from": -1, "to": 1, "lit": "a"}]}`), `encode: constraints[0].arcs[0].from: -1 is negative`},
		{con(`{"name": "c", "type": "circuit", "arcs": []}`), `encode: constraints[0].arcs: no arcs`},
		{con(`{"name": "c", "type": "circuit", "arcs": [{"from": 0, "to": 1, "lit": "x"}]}`), `encode: constraints[0].arcs[0].lit: "x" is an int variable, a literal needs a bool`},
		{con(`{"name": "c", "type": "circuit", "arcs": [{"from": 0, "to": 1}]}`), `encode: constraints[0].arcs[0]: missing field "lit"`},

		// element
		{con(`{"name": "c", "type": "element", "index": "x", "array": [], "target": "y"}`), `encode: constraints[0].array: empty array`},
		{con(`{"name": "c", "type": "element", "index": "x", "array": [1, 2.5], "target": "y"}`), `encode: constraints[0].array[1]: 2.5 is not an integer`},
		{con(`{"name": "c", "type": "element", "index": "x", "array": [1], "target": "z"}`), `encode: constraints[0].target: unknown variable "z"`},
		{con(`{"name": "c", "type": "element", "index": "x", "array": [1], "target": "y", "vars": ["x"]}`), `encode: constraints[0].vars: element constraints have no field "vars"`},

		// table
		{con(`{"name": "c", "type": "table", "vars": ["x", "y"], "tuples": [[1, 2], [3]]}`), `encode: constraints[0].tuples[1]: 1 values for 2 variables`},
		{con(`{"name": "c", "type": "table", "vars": ["x", "y"], "tuples": [[1, 2], 3]}`), `encode: constraints[0].tuples[1]: want an array, got number`},
		{con(`{"name": "c", "type": "table", "vars": ["x", "y"]}`), `encode: constraints[0]: missing field "tuples"`},

		// max
		{con(`{"name": "c", "type": "max", "target": "x", "vars": []}`), `encode: constraints[0].vars: no variables`},
		{con(`{"name": "c", "type": "max", "target": "w", "vars": ["y"]}`), `encode: constraints[0].target: unknown variable "w"`},
		{con(`{"name": "c", "type": "max", "target": "x", "vars": ["y"], "k": 2}`), `encode: constraints[0].k: max constraints have no field "k"`},

		// Objective and answer.
		{`{` + vars + `, "objective": [{"sense": "minimize", "terms": []}]}`, `encode: objective[0].sense: unknown sense "minimize"`},
		{`{` + vars + `, "objective": [{"sense": "min", "terms": []}, {"sense": "max", "terms": [{"var": "u", "coef": 1}]}]}`, `encode: objective[1].terms[0].var: unknown variable "u"`},
		{`{` + vars + `, "objective": [{"sense": "min"}]}`, `encode: objective[0]: missing field "terms"`},
		{`{` + vars + `, "objective": {"sense": "min", "terms": []}}`, `encode: objective: want an array, got object`},
		{`{` + vars + `, "objective": [{"sense": "max", "terms": [{"var": "y", "coef": -9223372036854775808}]}]}`, `encode: objective[0].terms[0].coef: -9223372036854775808 times the bounds [-2, 2] of "y" goes beyond ±1e15`},
		{`{` + vars + `, "answer": ["x", "nope"]}`, `encode: answer[1]: unknown variable "nope"`},
		{`{` + vars + `, "answer": ["x", "a", "x"]}`, `encode: answer[2]: duplicate variable "x"`},
		{`{` + vars + `, "answer": [1]}`, `encode: answer[0]: want a string, got number`},
	} {
		m, err := ReadModel(strings.NewReader(tc.in))
		if err == nil {
			t.Errorf("ReadModel(%s) = no error, want %s\n%s", tc.in, tc.want, writeModelString(t, m))
			continue
		}
		if err.Error() != tc.want {
			t.Errorf("ReadModel(%s):\n got %s\nwant %s", tc.in, err, tc.want)
		}
		var me *ModelError
		if !errors.As(err, &me) {
			t.Errorf("ReadModel(%s): error %T is not a *ModelError", tc.in, err)
		}
	}
}

// allKindsModel builds a model with every kind of constraint through the API.
func allKindsModel() *Model {
	m := NewModel()
	x := m.NewInt("x", 0, 5)
	y := m.NewInt("y", -3, 3)
	z := m.NewInt("z", 1, 2)
	a := m.NewBool("a")
	b := m.NewBool("b")
	c := m.NewBool("c <&> \"quoted\" ünïcode")
	m.AddLinear([]Term{{x, 2}, {y, -1}, {a, 3}}, LE, 7).Named("lin")
	m.AddLinear([]Term{{x, 1}}, GE, 1).Named("ge").OnlyIf(a.Lit(), b.Not())
	m.AddLinear(nil, EQ, 0).Named("empty sum").InGroup("trivial")
	m.AddAtMost([]Lit{a.Lit(), b.Lit(), c.Not()}, 2).Named("at most")
	m.AddAtLeast([]Lit{a.Not(), c.Lit()}, 1).Named("at least").InGroup("cardinality")
	m.AddExactly([]Lit{a.Lit(), b.Lit()}, 1).Named("exactly").InGroup("cardinality")
	m.AddAllDifferent(x, y, z).Named("diff")
	p := b.Not()
	m.AddNoOverlap(Interval{Start: x, Duration: 2}, Interval{Start: y, Duration: 0, Present: &p}).Named("nooverlap")
	m.AddCircuit(Arc{0, 1, a.Lit()}, Arc{1, 0, b.Lit()}, Arc{1, 2, c.Lit()}, Arc{2, 0, c.Not()}).Named("tour")
	m.AddElement(z, []int64{4, -7, 9}, x).Named("el")
	m.AddTable([]Var{x, y}, [][]int64{{1, 2}, {2, -3}}).Named("tab").OnlyIf(c.Lit())
	m.AddTable([]Var{}, [][]int64{{}}).Named("empty table")
	m.AddMax(x, y, z).Named("mx")
	m.Maximize(Term{x, 1}, Term{c, -2})
	m.Minimize()
	m.SetAnswer(x, a)
	return m
}

// TestWriteRead checks that a model built through the API is written and
// read back as the very same model.
func TestWriteRead(t *testing.T) {
	m := allKindsModel()
	if err := m.Validate(); err != nil {
		t.Fatal(err)
	}
	out := writeModelString(t, m)
	got, err := ReadModel(strings.NewReader(out))
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if !reflect.DeepEqual(got, m) {
		t.Errorf("read back\n%#v\nwant\n%#v", got, m)
	}
	if out2 := writeModelString(t, got); out2 != out {
		t.Errorf("not a fixed point:\n%s\nthen\n%s", out, out2)
	}
	for _, s := range []string{`"group": "trivial"`, `"c <&> \"quoted\" ünïcode"`, `"op": "="`, `"only_if": ["a", "!b"]`, `"present": "!b"`} {
		if !strings.Contains(out, s) {
			t.Errorf("output lacks %s:\n%s", s, out)
		}
	}
	if strings.Contains(out, `"group": "lin"`) {
		t.Errorf("output writes a group equal to the name:\n%s", out)
	}
}

func TestAnswerNilAndEmpty(t *testing.T) {
	const vars = `{"variables": [{"name": "a", "type": "bool"}]`
	for _, tc := range []struct {
		in    string
		empty bool // Answer is non-nil and empty
	}{
		{vars + `}`, false},
		{vars + `, "answer": []}`, true},
	} {
		m, err := ReadModel(strings.NewReader(tc.in))
		if err != nil {
			t.Fatal(err)
		}
		if got := m.Answer != nil && len(m.Answer) == 0; got != tc.empty || (!tc.empty && m.Answer != nil) {
			t.Errorf("%s: Answer = %#v", tc.in, m.Answer)
		}
		out := writeModelString(t, m)
		if got := strings.Contains(out, `"answer": []`); got != tc.empty {
			t.Errorf("%s: written as\n%s", tc.in, out)
		}
		if strings.Contains(out, `"answer"`) != tc.empty {
			t.Errorf("%s: written as\n%s", tc.in, out)
		}
	}
}

// TestReadAccepts checks inputs that are valid although not canonical.
func TestReadAccepts(t *testing.T) {
	in := `{"answer": ["x"], "variables": [{"type": "int", "hi": 3, "lo": -0, "name": "x"}, {"name": "a", "type": "bool"}],
	  "objective": [], "constraints": [
	    {"op": "==", "type": "linear", "name": "c", "group": "c", "terms": [{"coef": 2, "var": "x"}, {"var": "a", "coef": -1}], "rhs": 4, "only_if": []}]}` + "\n\n"
	m, err := ReadModel(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	// A file saved with a UTF-8 byte order mark reads the same.
	if mb, err := ReadModel(strings.NewReader("\uFEFF" + in)); err != nil || !reflect.DeepEqual(mb, m) {
		t.Errorf("with a byte order mark: %v", err)
	}
	want := NewModel()
	x := want.NewInt("x", 0, 3)
	a := want.NewBool("a")
	want.AddLinear([]Term{{x, 2}, {a, -1}}, EQ, 4).Named("c")
	want.SetAnswer(x)
	if !reflect.DeepEqual(m, want) {
		t.Errorf("got\n%#v\nwant\n%#v", m, want)
	}
	const canon = `{
  "variables": [
    {"name": "x", "type": "int", "lo": 0, "hi": 3},
    {"name": "a", "type": "bool"}
  ],
  "constraints": [
    {"name": "c", "type": "linear", "terms": [{"var": "x", "coef": 2}, {"var": "a", "coef": -1}], "op": "=", "rhs": 4}
  ],
  "answer": ["x"]
}
`
	if out := writeModelString(t, m); out != canon {
		t.Errorf("written as\n%s\nwant\n%s", out, canon)
	}
	if out := writeModelString(t, NewModel()); out != "{\n  \"variables\": [],\n  \"constraints\": []\n}\n" {
		t.Errorf("empty model written as\n%s", out)
	}
}

func TestWriteModelErrors(t *testing.T) {
	for _, tc := range []struct {
		name  string
		build func(m *Model)
		want  string
	}{
		{"unknown var", func(m *Model) {
			x := m.NewInt("x", 0, 1)
			m.AddLinear([]Term{{x, 1}, {7, 1}}, LE, 1).Named("c")
		}, `encode: constraints[0].terms[1].var: unknown variable 7`},
		{"bang name", func(m *Model) { m.NewBool("!a") }, `encode: variables[0].name: name "!a" starts with "!"`},
		{"duplicate var", func(m *Model) { m.NewBool("a"); m.NewBool("a") }, `encode: variables[1].name: duplicate variable name "a"`},
		{"bad utf8", func(m *Model) { m.NewBool("a\xff") }, `encode: variables[0].name: name "a\xff" is not valid UTF-8`},
		{"int literal", func(m *Model) {
			x := m.NewInt("x", 0, 1)
			m.AddAtMost([]Lit{x.Lit()}, 1)
		}, `encode: constraints[0].lits[0]: "x" is an int variable, a literal needs a bool`},
		{"duplicate constraint", func(m *Model) {
			m.AddAllDifferent().Named("c")
			m.AddAllDifferent().Named("c")
		}, `encode: constraints[1].name: duplicate constraint name "c"`},
		{"bad op", func(m *Model) { m.AddLinear(nil, Op(9), 0) }, `encode: constraints[0].op: unknown op 9`},
		{"bad kind", func(m *Model) {
			m.Constraints = append(m.Constraints, &Constraint{Name: "c", Group: "c", Kind: Kind(42)})
		}, `encode: constraints[0].type: unknown constraint kind 42`},
		{"bad sense", func(m *Model) { m.Objectives = append(m.Objectives, Objective{Sense: Sense(3)}) }, `encode: objective[0].sense: unknown sense 3`},
		{"bad answer", func(m *Model) { m.NewBool("a"); m.SetAnswer(0, 1) }, `encode: answer[1]: unknown variable 1`},
		{"empty domain", func(m *Model) { m.NewInt("x", 2, 1) }, `encode: variables[0].hi: lo 2 > hi 1`},
	} {
		m := NewModel()
		tc.build(m)
		err := WriteModel(new(bytes.Buffer), m)
		if err == nil || err.Error() != tc.want {
			t.Errorf("%s: WriteModel = %v, want %s", tc.name, err, tc.want)
		}
	}
}

// TestErrorsMatchValidate checks that a model the reader accepts passes
// Validate and is written as it was read, for a few odd but valid inputs.
func TestErrorsMatchValidate(t *testing.T) {
	for _, in := range []string{
		`{}`,
		`{"variables": [], "constraints": [], "objective": [], "answer": []}`,
		`{"variables": [{"name": "x", "type": "int", "lo": -1000000000000000, "hi": -1000000000000000}]}`,
		`{"variables": [{"name": "x", "type": "int", "lo": 1000000000000000, "hi": 1000000000000000}], "constraints": [{"name": "t", "type": "table", "vars": ["x"], "tuples": []}]}`,
		`{"variables": [{"name": "x", "type": "int", "lo": -1000, "hi": 1000}], "objective": [{"sense": "max", "terms": [{"var": "x", "coef": 1000000000000}]}]}`,
	} {
		m, err := ReadModel(strings.NewReader(in))
		if err != nil {
			t.Errorf("ReadModel(%s): %v", in, err)
			continue
		}
		if err := m.Validate(); err != nil {
			t.Errorf("ReadModel(%s) passes a model that Validate rejects: %v", in, err)
		}
		out := writeModelString(t, m)
		if m2, err := ReadModel(strings.NewReader(out)); err != nil || writeModelString(t, m2) != out {
			t.Errorf("ReadModel(%s): no round trip: %v\n%s", in, err, out)
		}
	}
}

func ExampleReadModel() {
	const in = `{
  "variables": [
    {"name": "x", "type": "int", "lo": 0, "hi": 9},
    {"name": "big", "type": "bool"}
  ],
  "constraints": [
    {"name": "small unless big", "type": "linear", "terms": [{"var": "x", "coef": 1}], "op": "<=", "rhs": 3, "only_if": ["!big"]},
    {"name": "pick one", "group": "choices", "type": "exactly", "lits": ["big"], "k": 1}
  ],
  "objective": [{"sense": "max", "terms": [{"var": "x", "coef": 1}]}]
}`
	m, err := ReadModel(strings.NewReader(in))
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, v := range m.Vars {
		fmt.Printf("%s %s [%d, %d]\n", v.Kind, v.Name, v.Lo, v.Hi)
	}
	for _, c := range m.Constraints {
		fmt.Printf("%s %q in group %q, %d enforcement literal(s)\n", c.Kind, c.Name, c.Group, len(c.Enforce))
	}
	fmt.Println(m.Objectives[0].Sense, "answer:", m.AnswerVars())

	_, err = ReadModel(strings.NewReader(`{"variables": [{"name": "x", "type": "int", "lo": 0, "hi": 9}],
  "constraints": [{"name": "c", "type": "at_most", "lits": ["x"], "k": 1}]}`))
	fmt.Println(err)
	// Output:
	// int x [0, 9]
	// bool big [0, 1]
	// linear "small unless big" in group "small unless big", 1 enforcement literal(s)
	// exactly "pick one" in group "choices", 0 enforcement literal(s)
	// max answer: [0 1]
	// encode: constraints[0].lits[0]: "x" is an int variable, a literal needs a bool
}
