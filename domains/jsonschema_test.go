package domains_test

import (
	"encoding/json"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/internal/schematest"
)

// TestAnswerJSONSchemaBuilder pins the bytes the builder writes (keys
// sorted, enums in the order given and without repeats) and checks what
// the schema accepts with an independent validator.
func TestAnswerJSONSchemaBuilder(t *testing.T) {
	entry := domains.Object(
		domains.Req("job", domains.Enum("A", "B", "A")),
		domains.Req("start", domains.IntRange(0, 9)),
		domains.Opt("note", domains.OrNull(domains.Str())),
	).Rest(domains.Str())
	plan := domains.Object(
		domains.Req("jobs", domains.List(entry).Exactly(2)),
		domains.Req("slots", domains.Object(domains.Req("x", domains.IntFrom(1))).Closed()),
		domains.Opt("mode", domains.AnyOf(domains.Const("fast"), domains.OrNull(domains.Enum("slow")))),
	)
	rules := []domains.Rule{{Name: "deadline"}, {Name: "order"}, {Name: "deadline"}}
	got := domains.AnswerJSONSchema(plan, true, rules)
	const want = `{"$schema":"https://json-schema.org/draft/2020-12/schema","anyOf":[` +
		`{"properties":{"feasible":{"const":true,"type":"boolean"},` +
		`"jobs":{"items":{"additionalProperties":{"type":"string"},"properties":{"job":{"enum":["A","B"],"type":"string"},"note":{"type":["string","null"]},"start":{"maximum":9,"minimum":0,"type":"integer"}},"required":["job","start"],"type":"object"},"maxItems":2,"minItems":2,"type":"array"},` +
		`"mode":{"anyOf":[{"const":"fast","type":"string"},{"enum":["slow",null],"type":["string","null"]}]},` +
		`"slots":{"additionalProperties":false,"properties":{"x":{"minimum":1,"type":"integer"}},"required":["x"],"type":"object"}},` +
		`"required":["jobs","slots"],"type":"object"},` +
		`{"properties":{"conflict":{"items":{"enum":["deadline","order"],"type":"string"},"minItems":1,"type":"array"},"feasible":{"const":false,"type":"boolean"}},"required":["feasible","conflict"],"type":"object"}]}`
	if string(got) != want {
		t.Fatalf("schema\n%s\nwant\n%s", got, want)
	}
	if again := domains.AnswerJSONSchema(plan, true, rules); string(again) != string(got) {
		t.Fatal("two calls, two schemas")
	}
	if _, err := schematest.Compile(got); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		answer string
		valid  bool
	}{
		{`{"jobs": [{"job": "A", "start": 0}, {"job": "B", "start": 9, "note": null, "extra": "ok"}], "slots": {"x": 1}}`, true},
		{`{"jobs": [{"job": "A", "start": 0}, {"job": "B", "start": 9}], "slots": {"x": 1}, "feasible": true, "mode": "fast", "other": [1]}`, true},
		{`{"jobs": [{"job": "A", "start": 0}, {"job": "B", "start": 9}], "slots": {"x": 1}, "mode": null}`, true},
		{`{"jobs": [{"job": "A", "start": 0}, {"job": "B", "start": 9}], "slots": {"x": 1}, "mode": "medium"}`, false},
		{`{"jobs": [{"job": "A", "start": 0}, {"job": "B", "start": 9}], "slots": {"x": 1}, "feasible": false}`, false},
		{`{"jobs": [{"job": "A", "start": 0}], "slots": {"x": 1}}`, false},                                       // one entry short
		{`{"jobs": [{"job": "A", "start": 0}, {"job": "C", "start": 1}], "slots": {"x": 1}}`, false},             // no such job
		{`{"jobs": [{"job": "A", "start": 0}, {"job": "B", "start": 10}], "slots": {"x": 1}}`, false},            // beyond the range
		{`{"jobs": [{"job": "A", "start": 0}, {"job": "B", "start": "1"}], "slots": {"x": 1}}`, false},           // a string
		{`{"jobs": [{"job": "A", "start": 0}, {"job": "B"}], "slots": {"x": 1}}`, false},                         // no start
		{`{"jobs": [{"job": "A", "start": 0}, {"job": "B", "start": 1, "extra": 2}], "slots": {"x": 1}}`, false}, // another key, not a string
		{`{"jobs": [{"job": "A", "start": 0}, {"job": "B", "start": 1}], "slots": {"x": 1, "y": 1}}`, false},     // closed
		{`{"jobs": [{"job": "A", "start": 0}, {"job": "B", "start": 1}], "slots": {"x": 0}}`, false},             // below the least
		{`{"feasible": false, "conflict": ["order"]}`, true},
		{`{"feasible": false, "conflict": ["order", "deadline"], "why": "x"}`, true},
		{`{"feasible": false, "conflict": []}`, false},
		{`{"feasible": false, "conflict": ["speed"]}`, false},
		{`{"feasible": false}`, false},
		{`{"feasible": true, "conflict": ["order"]}`, false},
		{`[]`, false},
	} {
		err := schematest.Validate(got, json.RawMessage(c.answer))
		if (err == nil) != c.valid {
			t.Errorf("%s: valid %v, want %v (%v)", c.answer, err == nil, c.valid, err)
		}
	}

	// Without "feasible" in the plan form, and without rules to name.
	bare := domains.AnswerJSONSchema(domains.Object(domains.Req("x", domains.Int())), false, nil)
	if err := schematest.Validate(bare, json.RawMessage(`{"x": 1, "feasible": true}`)); err != nil {
		t.Errorf("a plan form without feasible takes any value of it: %v", err)
	}
	if err := schematest.Validate(bare, json.RawMessage(`{"feasible": false, "conflict": ["anything"]}`)); err != nil {
		t.Errorf("without rules, a claim names any string: %v", err)
	}
}
