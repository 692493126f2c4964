package schematest

import (
	"encoding/json"
	"testing"
)

// TestShape: names, enum values and numbers do not change a shape; a
// key, a type or a required key does.
func TestShape(t *testing.T) {
	base := `{"anyOf": [{"type": "object", "properties": {"roster": {"type": "object", "additionalProperties": false,
		"properties": {"Ana": {"type": "array", "items": {"type": "string", "enum": ["Early", "Off"]}, "minItems": 7, "maxItems": 7},
		               "Ben": {"type": "array", "items": {"type": "string", "enum": ["Early", "Off"]}, "minItems": 7, "maxItems": 7}},
		"required": ["Ana", "Ben"]}}, "required": ["roster"]},
		{"type": "object", "properties": {"feasible": {"type": "boolean", "const": false}, "conflict": {"type": "array", "items": {"type": "string", "enum": ["staffing"]}}}}]}`
	same := `{"anyOf": [{"type": "object", "properties": {"roster": {"type": "object", "additionalProperties": false,
		"properties": {"Cy": {"type": "array", "items": {"type": "string", "enum": ["Late", "Night", "Off"]}, "minItems": 5, "maxItems": 5},
		               "Di": {"type": "array", "items": {"type": "string", "enum": ["Late", "Night", "Off"]}, "minItems": 5, "maxItems": 5},
		               "Ed": {"type": "array", "items": {"type": "string", "enum": ["Late", "Night", "Off"]}, "minItems": 5, "maxItems": 5}},
		"required": ["Cy", "Di", "Ed"]}}, "required": ["roster"]},
		{"type": "object", "properties": {"feasible": {"type": "boolean", "const": false}, "conflict": {"type": "array", "items": {"type": "string", "enum": ["leave", "staffing"]}}}}]}`
	sb, err := Shape(json.RawMessage(base))
	if err != nil {
		t.Fatal(err)
	}
	if ss, _ := Shape(json.RawMessage(same)); ss != sb {
		t.Errorf("shapes differ:\n%s\n%s", sb, ss)
	}
	for _, other := range []string{
		`{"anyOf": [{"type": "object", "properties": {"rota": {"type": "object"}}, "required": ["rota"]}, {"type": "object"}]}`,
		`{"anyOf": [{"type": "object", "properties": {"roster": {"type": "object"}}}, {"type": "object"}]}`,
		`{"anyOf": [{"type": "object", "properties": {"roster": {"type": "array"}}, "required": ["roster"]}, {"type": "object"}]}`,
	} {
		so, _ := Shape(json.RawMessage(other))
		if so == sb {
			t.Errorf("%s: the same shape as the base", other)
		}
	}
	keys, err := PlanKeys(json.RawMessage(base))
	if err != nil || len(keys) != 1 || keys[0] != "roster" {
		t.Errorf("plan keys %v, %v", keys, err)
	}
	names, err := RuleNames(json.RawMessage(same))
	if err != nil || len(names) != 2 || names[0] != "leave" {
		t.Errorf("rule names %v, %v", names, err)
	}
	if Validate(json.RawMessage(`{"type": "nothing"}`), json.RawMessage(`{}`)) == nil {
		t.Error("a schema that is not one compiled")
	}
}
