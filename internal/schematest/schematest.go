// Package schematest checks answers against the JSON Schemas that
// instances state (domains.JSONSchemaer) for the tests: with a validator
// of its own kind, santhosh-tekuri/jsonschema (draft 2020-12, which also
// checks each schema against the dialect's metaschema), so that the
// schemas plancert writes are judged by another reading of the standard
// than the one that wrote them; and it abstracts a schema's form (Shape)
// for comparing the schemas of two instances.
//
// Only tests import it; the validator is a dependency of the tests alone.
package schematest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// compiled caches the compiled schemas by their bytes.
var compiled sync.Map

// Compile compiles schema, checking it against its metaschema.
func Compile(schema json.RawMessage) (*jsonschema.Schema, error) {
	if s, ok := compiled.Load(string(schema)); ok {
		return s.(*jsonschema.Schema), nil
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(schema))
	if err != nil {
		return nil, fmt.Errorf("schematest: the schema is not JSON: %w", err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("answer.json", doc); err != nil {
		return nil, fmt.Errorf("schematest: %w", err)
	}
	s, err := c.Compile("answer.json")
	if err != nil {
		return nil, fmt.Errorf("schematest: the schema does not compile: %w", err)
	}
	compiled.Store(string(schema), s)
	return s, nil
}

// Validate reports whether answer is valid under schema: nil, or why not.
func Validate(schema, answer json.RawMessage) error {
	s, err := Compile(schema)
	if err != nil {
		return err
	}
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(answer))
	if err != nil {
		return fmt.Errorf("schematest: the answer is not JSON: %w", err)
	}
	return s.Validate(v)
}

// Shape returns the form of schema with what an instance fills in
// abstracted: the values of enum (their JSON types kept), every number
// (bounds and counts), and the names of properties that share one form
// with another property of the same object (the staff of a roster, say),
// which become "*". Property names of a form of their own, type, const,
// required (by the abstracted names) and the structure stay. Two
// instances of a task with the same units get the same shape.
func Shape(schema json.RawMessage) (string, error) {
	var v any
	if err := json.Unmarshal(schema, &v); err != nil {
		return "", fmt.Errorf("schematest: %w", err)
	}
	return shape(v), nil
}

func shape(v any) string {
	switch x := v.(type) {
	case map[string]any:
		names := map[string]string{} // property name -> its abstracted name
		var parts []string
		for k, sub := range x {
			switch k {
			case "enum":
				var types []string
				for _, e := range sub.([]any) {
					t := jsonType(e)
					if !slices.Contains(types, t) {
						types = append(types, t)
					}
				}
				sort.Strings(types)
				parts = append(parts, "enum:["+strings.Join(types, ",")+"]")
			case "minimum", "maximum", "minItems", "maxItems":
				parts = append(parts, k+":#")
			case "properties":
				props := sub.(map[string]any)
				byShape := map[string][]string{}
				for name, p := range props {
					s := shape(p)
					byShape[s] = append(byShape[s], name)
				}
				var ps []string
				for s, ns := range byShape {
					name := ns[0]
					if len(ns) > 1 {
						name = "*"
					}
					for _, n := range ns {
						names[n] = name
					}
					ps = append(ps, fmt.Sprintf("%q:%s", name, s))
				}
				sort.Strings(ps)
				parts = append(parts, "properties:{"+strings.Join(ps, ",")+"}")
			case "required":
				// after properties: see below
			default:
				parts = append(parts, fmt.Sprintf("%s:%s", k, shape(sub)))
			}
		}
		if req, ok := x["required"].([]any); ok {
			var rs []string
			for _, r := range req {
				n := r.(string)
				if a, ok := names[n]; ok {
					n = a
				}
				if !slices.Contains(rs, n) {
					rs = append(rs, n)
				}
			}
			sort.Strings(rs)
			parts = append(parts, "required:["+strings.Join(rs, ",")+"]")
		}
		sort.Strings(parts)
		return "{" + strings.Join(parts, ",") + "}"
	case []any:
		var parts []string
		for _, e := range x {
			parts = append(parts, shape(e))
		}
		return "[" + strings.Join(parts, ",") + "]"
	}
	b, _ := json.Marshal(v)
	return string(b)
}

func jsonType(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case string:
		return "string"
	case bool:
		return "boolean"
	case float64:
		return "number"
	case []any:
		return "array"
	}
	return "object"
}

// PlanKeys returns the property names of the plan form of an answer
// schema (the first alternative of its anyOf), sorted.
func PlanKeys(schema json.RawMessage) ([]string, error) {
	var root struct {
		AnyOf []struct {
			Properties map[string]json.RawMessage `json:"properties"`
		} `json:"anyOf"`
	}
	if err := json.Unmarshal(schema, &root); err != nil || len(root.AnyOf) != 2 {
		return nil, fmt.Errorf("schematest: not an answer schema of two alternatives")
	}
	var keys []string
	for k := range root.AnyOf[0].Properties {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys, nil
}

// RuleNames returns the rule names that the infeasibility claim of an
// answer schema (the second alternative) may use, in order.
func RuleNames(schema json.RawMessage) ([]string, error) {
	var root struct {
		AnyOf []struct {
			Properties struct {
				Conflict struct {
					Items struct {
						Enum []string `json:"enum"`
					} `json:"items"`
				} `json:"conflict"`
			} `json:"properties"`
		} `json:"anyOf"`
	}
	if err := json.Unmarshal(schema, &root); err != nil || len(root.AnyOf) != 2 {
		return nil, fmt.Errorf("schematest: not an answer schema of two alternatives")
	}
	return root.AnyOf[1].Properties.Conflict.Items.Enum, nil
}
