package domains

import (
	"encoding/json"
	"fmt"
	"slices"
)

// JSONSchemaer is implemented by instances that state their answer form as
// a JSON Schema (draft 2020-12): the record's answer_json_schema, the
// response_format of "plancert eval --structured", a server's guided
// decoding. Every registered task implements it.
//
// The schema is built from the instance alone, never from its reference:
// a feasible and an infeasible instance of a task get schemas of the same
// form, and the schema says nothing about the optimum. It accepts every
// answer that passes every checklist item, and refuses what the format
// item refuses where a schema can say so cheaply (a missing key, a wrong
// type, a name that is not in the problem). Two leniencies of Go's JSON
// decoder, which the checkers use, are not followed: a null in place of a
// value (read as the zero value) and a key that differs only in case from
// the stated one (read as that key where a checker decodes into a struct).
// The checkers also refuse what no schema keyword can see (an activity
// listed twice, a ride that is not in the timetable): the format item
// stays the judge.
type JSONSchemaer interface {
	AnswerJSONSchema() json.RawMessage
}

// SchemaDialect is the $schema of an answer's JSON Schema.
const SchemaDialect = "https://json-schema.org/draft/2020-12/schema"

// Schema is a node of a JSON Schema, built with the helpers below and
// written by AnswerJSONSchema. Its keys marshal sorted, so that the same
// instance gives the same bytes.
type Schema map[string]any

// Str is any string.
func Str() Schema { return Schema{"type": "string"} }

// Enum is a string that is one of names (in their order, a name given
// twice listed once): the names of a problem, written exactly.
func Enum(names ...string) Schema {
	var vs []any
	seen := map[string]bool{}
	for _, n := range names {
		if !seen[n] {
			seen[n] = true
			vs = append(vs, n)
		}
	}
	if vs == nil {
		vs = []any{}
	}
	return Schema{"type": "string", "enum": vs}
}

// Int is any integer.
func Int() Schema { return Schema{"type": "integer"} }

// IntFrom is an integer of at least lo.
func IntFrom(lo int64) Schema { return Schema{"type": "integer", "minimum": lo} }

// IntRange is an integer from lo to hi.
func IntRange(lo, hi int64) Schema {
	return Schema{"type": "integer", "minimum": lo, "maximum": hi}
}

// Const is exactly v: a string or a bool.
func Const(v any) Schema {
	switch v.(type) {
	case string:
		return Schema{"type": "string", "const": v}
	case bool:
		return Schema{"type": "boolean", "const": v}
	}
	panic(fmt.Sprintf("domains: Const of %T", v))
}

// OrNull is s or null (s a Str, Enum, Int or Const).
func OrNull(s Schema) Schema {
	out := s.clone()
	out["type"] = []any{s["type"], "null"}
	if e, ok := s["enum"].([]any); ok {
		out["enum"] = append(slices.Clone(e), nil)
	}
	return out
}

// List is an array whose items are each items.
func List(items Schema) Schema { return Schema{"type": "array", "items": items} }

// Sized returns the array s with at least lo items and, when hi ≥ 0, at
// most hi.
func (s Schema) Sized(lo, hi int) Schema {
	out := s.clone()
	if lo > 0 {
		out["minItems"] = lo
	}
	if hi >= 0 {
		out["maxItems"] = hi
	}
	return out
}

// Exactly returns the array s with exactly n items.
func (s Schema) Exactly(n int) Schema { return s.Sized(n, n) }

// Field is one key of an Object: its value's schema, and whether the key
// may be left out.
type Field struct {
	Key      string
	Schema   Schema
	Optional bool
}

// Req is a key the object must have.
func Req(key string, s Schema) Field { return Field{Key: key, Schema: s} }

// Opt is a key the object may have.
func Opt(key string, s Schema) Field { return Field{Key: key, Schema: s, Optional: true} }

// Object is an object with fields (required ones listed in their order).
// Other keys are allowed, as the checkers ignore them; Closed and Rest
// say otherwise. A key given twice is a programming error (panic).
func Object(fields ...Field) Schema {
	props := Schema{}
	required := []any{}
	for _, f := range fields {
		if _, dup := props[f.Key]; dup {
			panic("domains: schema key " + f.Key + " given twice")
		}
		props[f.Key] = f.Schema
		if !f.Optional {
			required = append(required, f.Key)
		}
	}
	s := Schema{"type": "object", "properties": props}
	if len(required) > 0 {
		s["required"] = required
	}
	return s
}

// Closed returns the object s without other keys than its fields.
func (s Schema) Closed() Schema {
	out := s.clone()
	out["additionalProperties"] = false
	return out
}

// Rest returns the object s whose other keys each hold a value of rest.
func (s Schema) Rest(rest Schema) Schema {
	out := s.clone()
	out["additionalProperties"] = rest
	return out
}

// AnyOf is one of alts (itself when there is one).
func AnyOf(alts ...Schema) Schema {
	if len(alts) == 1 {
		return alts[0]
	}
	vs := make([]any, len(alts))
	for i, a := range alts {
		vs[i] = a
	}
	return Schema{"anyOf": vs}
}

// clone copies the top level of s.
func (s Schema) clone() Schema {
	out := make(Schema, len(s)+1)
	for k, v := range s {
		out[k] = v
	}
	return out
}

// AnswerJSONSchema returns the JSON Schema document of an answer: either
// plan, the core's form of a plan (an Object), or the infeasibility claim
// that every prompt offers, {"feasible": false, "conflict": [...]} naming
// at least one of rules (ReadClaim; a claim may name only rules of the
// problem, ConflictClaim). saysFeasible adds the optional "feasible": true
// that a plan may carry where ReadClaim reads it with onlyFalse false;
// without it the plan form leaves "feasible" open rather than refuse it
// with a false schema, which not every guided decoder takes (the checker
// refuses "feasible": true there: a plan says nothing about it). With no
// rules (the units drawn bind nothing, and the prompt names none) the
// claim may name any string, which the checker then refuses, rather than
// an empty enum, which guided decoders refuse or mishandle.
func AnswerJSONSchema(plan Schema, saysFeasible bool, rules []Rule) json.RawMessage {
	if saysFeasible {
		plan = plan.clone()
		props := plan["properties"].(Schema).clone()
		props["feasible"] = Const(true)
		plan["properties"] = props
	}
	names := make([]string, len(rules))
	for i, r := range rules {
		names[i] = r.Name
	}
	name := Str()
	if len(names) > 0 {
		name = Enum(names...)
	}
	claim := Object(Req("feasible", Const(false)), Req("conflict", List(name).Sized(1, -1)))
	root := AnyOf(plan, claim)
	root["$schema"] = SchemaDialect
	b, err := json.Marshal(root)
	if err != nil {
		panic("domains: answer schema: " + err.Error())
	}
	return b
}
