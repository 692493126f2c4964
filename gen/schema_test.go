package gen_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/gen"
	"github.com/plancert/plancert/internal/schematest"
	"github.com/plancert/plancert/solver/sat"
)

// infeasibility is the unit that makes an instance infeasible; every core
// has it under this ID.
const infeasibility = "infeasibility"

// TestAnswerJSONSchema: for every registered task, at level 1 and, for
// the first task of every core, level 3 (every task at level 3 with
// PLANCERT_LONG=1; level 1 alone under -short), seed 1 (1..8 with
// PLANCERT_LONG=1), each sampled
// spec is certified, and at level 1 (every level with PLANCERT_LONG=1)
// twice, without and with the infeasibility unit (and the units it
// requires, on both sides): every instance states a JSON
// Schema of its answer (domains.JSONSchemaer), the record carries it
// byte for byte as the loaded instance states it, and it compiles against
// the 2020-12 metaschema; the reference (and a witness) validates; the
// infeasibility claim validates (naming every rule the schema lists, it
// passes every item of an infeasible record, so the schema lists only
// names the checker takes); the two schemas of a pair have the same shape
// (names and numbers abstracted, schematest.Shape) and the same plan
// keys, so the schema does not tell a feasible instance from an
// infeasible one; and the mutations of the reference (checkMutations)
// agree with the checker.
func TestAnswerJSONSchema(t *testing.T) {
	levels, seeds := []int{1, 3}, uint64(1)
	long := os.Getenv("PLANCERT_LONG") != ""
	switch {
	case long:
		seeds = 8
	case testing.Short():
		levels, seeds = []int{1}, 1
	}
	seen := map[string]bool{}
	for _, task := range domains.Tasks() {
		levels := levels
		if !long && seen[task.Core] {
			levels = levels[:1]
		}
		seen[task.Core] = true
		t.Run(task.ID, func(t *testing.T) {
			t.Parallel()
			pairs := 0
			st := &schemaStats{}
			for _, level := range levels {
				for seed := uint64(1); seed <= seeds; seed++ {
					spec, err := gen.SampleLevel(task, seed, level)
					if err != nil {
						t.Fatal(err)
					}
					feas, inf, ok := infeasiblePair(task, spec)
					if !ok || (level > 1 && !long) {
						if rec := schemaRecord(t, task, spec); rec != nil {
							checkSchema(t, rec, st)
						}
						continue
					}
					a, b := schemaRecord(t, task, feas), schemaRecord(t, task, inf)
					for _, rec := range []*domains.Record{a, b} {
						if rec != nil {
							checkSchema(t, rec, st)
						}
					}
					if a != nil && b != nil {
						pairs++
						sameForm(t, a, b)
					}
				}
			}
			t.Logf("%d records (%d infeasible), %d pairs, %d mutations of which the schema refuses %d and the checker's format item %d",
				st.records, st.infeasible, pairs, st.mutations, st.refused, st.badFormat)
			if st.records == 0 {
				t.Errorf("%s: no record kept: the schema went unchecked", task.ID)
			}
		})
	}
}

// infeasiblePair returns spec without and with the infeasibility unit,
// both with the units that unit requires; ok is false when the subtask
// cannot have it or the sets do not fit the task's rules.
func infeasiblePair(task *domains.Task, spec domains.Spec) (feas, inf domains.Spec, ok bool) {
	u, has := task.Unit(infeasibility)
	if !has {
		return feas, inf, false
	}
	var sub domains.Subtask
	for _, s := range task.Subtasks {
		if s.ID == spec.Subtask {
			sub = s
		}
	}
	if !sub.Allows(infeasibility) {
		return feas, inf, false
	}
	units := map[string]bool{}
	for _, id := range spec.Units() {
		units[id] = true
	}
	for _, r := range u.Requires {
		units[r] = true
	}
	make1 := func(with bool) (domains.Spec, bool) {
		m := map[string]bool{}
		var ids []string
		for id := range units {
			if id != infeasibility {
				m[id] = true
				ids = append(ids, id)
			}
		}
		if with {
			m[infeasibility] = true
			ids = append(ids, infeasibility)
		}
		if task.Compatible(ids) != nil {
			return domains.Spec{}, false
		}
		for _, id := range ids {
			if !sub.Allows(id) {
				return domains.Spec{}, false
			}
		}
		s, err := task.NewSpec(spec.Subtask, spec.Seed, m)
		if err != nil {
			return domains.Spec{}, false
		}
		s.Level = spec.Level
		return s, true
	}
	feas, ok1 := make1(false)
	inf, ok2 := make1(true)
	return feas, inf, ok1 && ok2
}

// schemaCertifyTimeout bounds the generation and certification of one
// spec in TestAnswerJSONSchema.
const schemaCertifyTimeout = 20 * time.Second

// schemaRecord generates and certifies spec; nil when the draw is
// dropped or does not generate. A task whose instance states no JSON
// Schema fails the test.
func schemaRecord(t *testing.T, task *domains.Task, spec domains.Spec) *domains.Record {
	t.Helper()
	// A draw that takes longer is passed over, like a drop: the test
	// is about the schema, not the solver.
	ctx, cancel := context.WithTimeout(context.Background(), schemaCertifyTimeout)
	defer cancel()
	inst, err := gen.NewInstance(ctx, sat.Backend{}, task, spec)
	if err != nil {
		return nil
	}
	js, ok := inst.(domains.JSONSchemaer)
	if !ok {
		t.Fatalf("%s: the instance is no domains.JSONSchemaer", task.ID)
	}
	rec, err := gen.Certify(ctx, sat.Backend{}, task, inst, gen.Unique)
	var drop *gen.DropError
	if errors.As(err, &drop) || ctx.Err() != nil {
		return nil
	}
	if err != nil {
		t.Fatalf("%s: certify %v: %v", task.ID, spec.Units(), err)
	}
	if !bytes.Equal(rec.AnswerJSONSchema, js.AnswerJSONSchema()) {
		t.Fatalf("%s: the record's answer_json_schema is not the instance's", rec.ID)
	}
	return rec
}

// checkSchema checks one record's schema: stable, valid, true to the
// reference and the claim, and to the checker on mutations.
func checkSchema(t *testing.T, rec *domains.Record, st *schemaStats) {
	t.Helper()
	st.records++
	if !rec.Reference.Feasible {
		st.infeasible++
	}
	schema := rec.AnswerJSONSchema
	_, inst, err := rec.Load()
	if err != nil {
		t.Fatal(err)
	}
	if again := inst.(domains.JSONSchemaer).AnswerJSONSchema(); !bytes.Equal(again, schema) {
		t.Fatalf("%s: the loaded instance states another schema", rec.ID)
	}
	if _, err := schematest.Compile(schema); err != nil {
		t.Fatalf("%s: %v\n%s", rec.ID, err, schema)
	}
	if err := schematest.Validate(schema, rec.Reference.Plan); err != nil {
		t.Fatalf("%s: the reference %s is not valid: %v\nschema %s", rec.ID, rec.Reference.Plan, err, schema)
	}
	if w := rec.Certificate.Witness; len(w) > 0 && string(w) != "null" {
		if err := schematest.Validate(schema, w); err != nil {
			t.Fatalf("%s: the witness %s is not valid: %v", rec.ID, w, err)
		}
	}
	names, err := schematest.RuleNames(schema)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	format := formatItem(rec)
	if rec.Reference.Feasible {
		if len(names) > 0 {
			claim := claimOf(names[:1])
			if err := schematest.Validate(schema, claim); err != nil {
				t.Fatalf("%s: the claim %s is not valid: %v", rec.ID, claim, err)
			}
			// The checker fails every item of a claim on a feasible
			// instance; the claim's form is what ReadClaim reads.
			if c := domains.ReadClaim(claim, true); c.FormatErr != "" || !c.Infeasible {
				t.Fatalf("%s: the claim %s does not read as one: %s", rec.ID, claim, c.FormatErr)
			}
		}
	} else {
		claim := claimOf(names)
		if err := schematest.Validate(schema, claim); err != nil {
			t.Fatalf("%s: the claim %s is not valid: %v", rec.ID, claim, err)
		}
		for _, r := range inst.Check(ctx, sat.Backend{}, claim, rec.Reference) {
			if !r.Pass {
				t.Fatalf("%s: the claim of every rule the schema names fails %q: %s", rec.ID, r.ID, r.Detail)
			}
		}
	}
	checkMutations(t, rec, inst, format, st)
}

// schemaStats counts what TestAnswerJSONSchema checked, per task.
type schemaStats struct {
	records, infeasible, mutations, refused, badFormat int
}

// sameForm checks that the schemas of a pair of instances, without and
// with the infeasibility unit, have one shape and one set of plan keys.
//
// The claim's names are left out of the comparison: an instance whose
// prompt names no rule (the units drawn bind nothing) has none to list,
// and its claim takes any string rather than an empty enum, which guided
// decoders refuse or mishandle. Its prompt says as much.
func sameForm(t *testing.T, a, b *domains.Record) {
	t.Helper()
	sa, err := schematest.Shape(withoutClaimNames(t, a.AnswerJSONSchema))
	if err != nil {
		t.Fatal(err)
	}
	sb, err := schematest.Shape(withoutClaimNames(t, b.AnswerJSONSchema))
	if err != nil {
		t.Fatal(err)
	}
	if sa != sb {
		t.Errorf("%s (feasible %v) and %s (feasible %v): the schemas differ in shape:\n%s\n%s", a.ID, a.Reference.Feasible, b.ID, b.Reference.Feasible, sa, sb)
	}
	ka, _ := schematest.PlanKeys(a.AnswerJSONSchema)
	kb, _ := schematest.PlanKeys(b.AnswerJSONSchema)
	if !slices.Equal(ka, kb) {
		t.Errorf("%s and %s: plan keys %v and %v", a.ID, b.ID, ka, kb)
	}
}

// withoutClaimNames returns schema without the enum of the claim's rule
// names.
func withoutClaimNames(t *testing.T, schema json.RawMessage) json.RawMessage {
	t.Helper()
	var root map[string]any
	if err := json.Unmarshal(schema, &root); err != nil {
		t.Fatal(err)
	}
	claim := root["anyOf"].([]any)[1].(map[string]any)
	items := claim["properties"].(map[string]any)["conflict"].(map[string]any)["items"].(map[string]any)
	delete(items, "enum")
	b, _ := json.Marshal(root)
	return b
}

func claimOf(names []string) json.RawMessage {
	b, _ := json.Marshal(map[string]any{"feasible": false, "conflict": names})
	return b
}

// formatItem returns the ID of the record's format item.
func formatItem(rec *domains.Record) string {
	for _, it := range rec.Checklist {
		if it.Kind == domains.KindFormat {
			return it.ID
		}
	}
	return ""
}

func result(res []domains.Result, id string) domains.Result {
	for _, r := range res {
		if r.ID == id {
			return r
		}
	}
	return domains.Result{ID: id, Detail: "no result"}
}

// mutation is one change of an answer: kind "missing" (a key removed),
// "type" (a value of another JSON type), "name" (a string no problem
// names) or "short" (an array's last item removed).
type mutation struct {
	kind, path string
	answer     json.RawMessage
}

// checkMutations grades each mutation of the reference (mutations) with
// the checker and the schema: an answer that passes every item is valid
// (the schema is never stricter than the checker), and a missing key or a
// value of another type that the format item refuses is invalid.
func checkMutations(t *testing.T, rec *domains.Record, inst domains.Instance, format string, st *schemaStats) {
	t.Helper()
	ctx := context.Background()
	for _, m := range mutations(rec.Reference.Plan) {
		res := inst.Check(ctx, sat.Backend{}, m.answer, rec.Reference)
		all := true
		for _, r := range res {
			all = all && r.Pass
		}
		verr := schematest.Validate(rec.AnswerJSONSchema, m.answer)
		st.mutations++
		if verr != nil {
			st.refused++
		}
		if !result(res, format).Pass {
			st.badFormat++
		}
		switch {
		case all && verr != nil:
			t.Errorf("%s: %s at %s passes every item but is not valid: %v\n%s", rec.ID, m.kind, m.path, verr, m.answer)
		case (m.kind == "missing" || m.kind == "type") && !result(res, format).Pass && verr == nil:
			t.Errorf("%s: %s at %s fails the format item (%s) but is valid\n%s", rec.ID, m.kind, m.path, result(res, format).Detail, m.answer)
		}
	}
}

// mutations returns the mutations of a JSON answer: at every key of the
// objects and at the first item of the arrays, recursively.
func mutations(answer json.RawMessage) []mutation {
	dec := json.NewDecoder(bytes.NewReader(answer))
	dec.UseNumber()
	var root any
	if dec.Decode(&root) != nil {
		return nil
	}
	var out []mutation
	add := func(kind, path string, set func(v any), old any, v any) {
		set(v)
		b, _ := json.Marshal(root)
		set(old)
		out = append(out, mutation{kind, path, b})
	}
	var walk func(v any, path string, set func(any))
	walk = func(v any, path string, set func(any)) {
		if set != nil {
			if w := wrongType(v); w != nil {
				add("type", path, set, v, w)
			}
			if _, ok := v.(string); ok {
				add("name", path, set, v, "no such name")
			}
		}
		switch x := v.(type) {
		case map[string]any:
			keys := make([]string, 0, len(x))
			for k := range x {
				keys = append(keys, k)
			}
			slices.Sort(keys)
			for _, k := range keys {
				old := x[k]
				delete(x, k)
				b, _ := json.Marshal(root)
				x[k] = old
				out = append(out, mutation{"missing", path + "/" + k, b})
				walk(old, path+"/"+k, func(nv any) { x[k] = nv })
			}
		case []any:
			if len(x) == 0 {
				return
			}
			if set != nil {
				add("short", path, set, v, x[:len(x)-1])
			}
			walk(x[0], path+"/0", func(nv any) { x[0] = nv })
		}
	}
	walk(root, "", nil)
	return out
}

// wrongType returns a value of another JSON type than v (nil for null).
func wrongType(v any) any {
	switch v.(type) {
	case string, bool:
		return json.Number("7")
	case json.Number:
		return "7"
	case []any:
		return map[string]any{}
	case map[string]any:
		return []any{}
	}
	return nil
}

// TestMutationsOfAnswer pins the mutator on a small answer.
func TestMutationsOfAnswer(t *testing.T) {
	ms := mutations(json.RawMessage(`{"a": [{"b": "x", "c": 1}], "d": true}`))
	var got []string
	for _, m := range ms {
		got = append(got, fmt.Sprintf("%s %s %s", m.kind, m.path, m.answer))
	}
	want := []string{
		`missing /a {"d":true}`,
		`type /a {"a":{},"d":true}`,
		`short /a {"a":[],"d":true}`,
		`type /a/0 {"a":[[]],"d":true}`,
		`missing /a/0/b {"a":[{"c":1}],"d":true}`,
		`type /a/0/b {"a":[{"b":7,"c":1}],"d":true}`,
		`name /a/0/b {"a":[{"b":"no such name","c":1}],"d":true}`,
		`missing /a/0/c {"a":[{"b":"x"}],"d":true}`,
		`type /a/0/c {"a":[{"b":"x","c":"7"}],"d":true}`,
		`missing /d {"a":[{"b":"x","c":1}]}`,
		`type /d {"a":[{"b":"x","c":1}],"d":7}`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("mutations:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
