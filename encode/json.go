package encode

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/plancert/plancert/internal/bom"
)

// ModelError is an error in a model file or in a model being written: the
// JSON path of the offending value, such as "constraints[3].terms[1].var",
// and the reason. Path is empty for errors that concern the whole input,
// such as JSON syntax errors, whose Reason starts with the line and column.
type ModelError struct {
	Path   string
	Reason string
}

// Error returns "encode: " followed by the path, ": " and the reason, or by
// the reason alone when the path is empty.
func (e *ModelError) Error() string {
	if e.Path == "" {
		return "encode: " + e.Reason
	}
	return "encode: " + e.Path + ": " + e.Reason
}

func modelErrorf(path, format string, args ...any) *ModelError {
	return &ModelError{Path: path, Reason: fmt.Sprintf(format, args...)}
}

// jsonMaxDepth bounds the nesting of arrays and objects in a model file; the
// format itself nests at most five deep.
const jsonMaxDepth = 32

// jsonTermLimit bounds the magnitude of a coefficient times a bound, and of the
// least and greatest value of a sum of terms, as Validate does.
const jsonTermLimit = 1e15

// ReadModel reads a model in the JSON model format of "plancert audit" from
// r and validates it. A model file is one JSON object:
//
//	{
//	  "variables": [
//	    {"name": "s1", "type": "int", "lo": 0, "hi": 100},
//	    {"name": "b", "type": "bool"}
//	  ],
//	  "constraints": [
//	    {"name": "c1", "type": "linear", "terms": [{"var": "s1", "coef": 1}], "op": "<=", "rhs": 7, "only_if": ["!b"]}
//	  ],
//	  "objective": [{"sense": "min", "terms": [{"var": "s1", "coef": 1}]}],
//	  "answer": ["s1"]
//	}
//
// A variable has a unique, non-empty "name" not starting with "!" and a
// "type", "bool" or "int"; an int has bounds "lo" ≤ "hi" with
// hi-lo < MaxDomain, a bool has none. Every constraint has a unique,
// non-empty "name", a "type", an optional "group" (default: the name; see
// Constraint.Group) and optional "only_if" literals (see Constraint.OnlyIf).
// The other fields of each type are
//
//	linear         terms [{"var", "coef"}], op ("<=", ">=", "=" or "=="), rhs
//	at_most        lits, k
//	at_least       lits, k
//	exactly        lits, k
//	all_different  vars
//	no_overlap     intervals [{"start", "duration", optional "present" literal}]
//	circuit        arcs [{"from", "to", "lit"}]   (nodes ≥ 0, no self-loops)
//	element        index, array, target           (target = array[index], from 0)
//	table          vars, tuples                   (len(vars) values per tuple)
//	max            target, vars                   (target = max(vars))
//
// and all are required. A literal is the name of a bool variable, or "!name"
// for its negation; "var", "vars", "start", "index" and "target" name
// variables of either type, a bool counting as 0 or 1. k and durations are
// non-negative, and an interval must lie within ±1e15. "objective" lists
// lexicographic levels, each with "sense" "min" or "max" and "terms"; no
// coefficient times a bound and no end of the range of a sum of terms may
// pass ±1e15. "answer" lists distinct variables. Every number is an integer
// that fits in an int64; 1.5, 1e3 and 2.0 are errors. "variables",
// "constraints", "objective" and "answer" may be absent.
//
// The model is built with the Model builder methods, so it is the model that
// the same calls to the API would build; the order of variables,
// constraints, terms and objective levels is kept. An absent "answer" gives
// a nil Model.Answer (all variables), a present but empty one a non-nil
// empty Answer.
//
// A malformed model yields a *ModelError that names the JSON path and the
// reason, such as
//
//	encode: constraints[3].terms[1].var: unknown variable "x9"
//
// and a JSON syntax error yields one with the line and column (counting
// bytes from 1). Unknown fields, fields that do not belong to the type of a
// constraint or variable, duplicate fields, non-integer numbers and data
// after the model are errors. The model is finally checked with Validate,
// whose error is returned as is, as is an error reading r. A UTF-8 byte
// order mark at the start of r is skipped (and not counted in columns).
func ReadModel(r io.Reader) (*Model, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	data = bom.Trim(data)
	if json.Valid(data) {
		if tree, ok := fastJSONTree(data); ok {
			return modelFromTree(tree)
		}
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	var raw json.RawMessage
	if err := dec.Decode(&raw); err != nil {
		var se *json.SyntaxError
		switch {
		case errors.As(err, &se):
			// Offset counts the bytes read up to and including the bad one.
			return nil, &ModelError{Reason: jsonLineCol(data, int(se.Offset)-1) + ": " + se.Error()}
		case err == io.EOF || err == io.ErrUnexpectedEOF:
			return nil, &ModelError{Reason: jsonLineCol(data, len(data)) + ": unexpected end of input"}
		}
		return nil, &ModelError{Reason: err.Error()}
	}
	end := int(dec.InputOffset())
	for end < len(data) && jsonSpace(data[end]) {
		end++
	}
	if end < len(data) {
		return nil, &ModelError{Reason: jsonLineCol(data, end) + ": unexpected data after the model"}
	}
	tree, err := parseJSONTree(raw)
	if err != nil {
		return nil, err
	}
	return modelFromTree(tree)
}

// modelFromTree builds and validates the model of a parsed JSON tree.
func modelFromTree(tree any) (*Model, error) {
	m, err := buildJSONModel(tree)
	if err != nil {
		return nil, err
	}
	if err := m.Validate(); err != nil {
		return nil, err
	}
	return m, nil
}

func jsonSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// jsonLineCol returns "line L, column C" for byte offset off of data, both
// counting from 1 and the column in bytes.
func jsonLineCol(data []byte, off int) string {
	off = max(0, min(off, len(data)))
	line := 1 + bytes.Count(data[:off], []byte{'\n'})
	col := off + 1
	if i := bytes.LastIndexByte(data[:off], '\n'); i >= 0 {
		col = off - i
	}
	return fmt.Sprintf("line %d, column %d", line, col)
}

// jsonObject is a JSON object that keeps its keys in document order.
type jsonObject struct {
	keys []string
	vals map[string]any
}

// parseJSONTree turns syntactically valid JSON into string, json.Number, bool,
// nil, []any and *jsonObject values, rejecting duplicate keys and deep nesting.
func parseJSONTree(raw []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	return parseJSONValue(dec, "", 0)
}

func parseJSONValue(dec *json.Decoder, path string, depth int) (any, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, &ModelError{Path: path, Reason: err.Error()}
	}
	d, ok := tok.(json.Delim)
	if !ok {
		return tok, nil
	}
	if depth >= jsonMaxDepth {
		return nil, modelErrorf(path, "nested deeper than %d", jsonMaxDepth)
	}
	if d == '[' {
		arr := []any{}
		for dec.More() {
			v, err := parseJSONValue(dec, jsonIndex(path, len(arr)), depth+1)
			if err != nil {
				return nil, err
			}
			arr = append(arr, v)
		}
		_, err := dec.Token() // ']'
		return arr, err
	}
	obj := &jsonObject{vals: map[string]any{}}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, &ModelError{Path: path, Reason: err.Error()}
		}
		key, _ := tok.(string)
		p := jsonField(path, key)
		if _, dup := obj.vals[key]; dup {
			return nil, modelErrorf(p, "duplicate field %q", key)
		}
		v, err := parseJSONValue(dec, p, depth+1)
		if err != nil {
			return nil, err
		}
		obj.keys = append(obj.keys, key)
		obj.vals[key] = v
	}
	_, err = dec.Token() // '}'
	return obj, err
}

func jsonField(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

func jsonIndex(path string, i int) string { return path + "[" + strconv.Itoa(i) + "]" }

// jsonType names the JSON type of a parsed value.
func jsonType(v any) string {
	switch v.(type) {
	case string:
		return "string"
	case json.Number:
		return "number"
	case bool:
		return "boolean"
	case nil:
		return "null"
	case []any:
		return "array"
	case *jsonObject:
		return "object"
	}
	return fmt.Sprintf("%T", v)
}

func jsonAsObject(v any, path string) (*jsonObject, error) {
	if o, ok := v.(*jsonObject); ok {
		return o, nil
	}
	return nil, modelErrorf(path, "want an object, got %s", jsonType(v))
}

func jsonAsArray(v any, path string) ([]any, error) {
	if a, ok := v.([]any); ok {
		return a, nil
	}
	return nil, modelErrorf(path, "want an array, got %s", jsonType(v))
}

func jsonAsString(v any, path string) (string, error) {
	if s, ok := v.(string); ok {
		return s, nil
	}
	return "", modelErrorf(path, "want a string, got %s", jsonType(v))
}

func jsonAsInt(v any, path string) (int64, error) {
	n, ok := v.(json.Number)
	if !ok {
		return 0, modelErrorf(path, "want an integer, got %s", jsonType(v))
	}
	i, err := strconv.ParseInt(string(n), 10, 64)
	if err != nil {
		if errors.Is(err, strconv.ErrRange) {
			return 0, modelErrorf(path, "%s is beyond int64", n)
		}
		return 0, modelErrorf(path, "%s is not an integer", n)
	}
	return i, nil
}

// jsonAsSmallInt is jsonAsInt for values held in an int.
func jsonAsSmallInt(v any, path string) (int, error) {
	i, err := jsonAsInt(v, path)
	if err != nil {
		return 0, err
	}
	if int64(int(i)) != i {
		return 0, modelErrorf(path, "%d is beyond int", i)
	}
	return int(i), nil
}

// jsonFieldSpec says which fields an object of some kind may and must have.
type jsonFieldSpec struct {
	what     string   // "linear constraints", for "... have no field"
	allowed  []string // in the order they are written
	required []string
	known    []string // fields of any kind of such object
}

// check reports an unknown or foreign field of o, in document order, then
// the first missing required field.
func (s *jsonFieldSpec) check(o *jsonObject, path string) error {
	for _, k := range o.keys {
		if jsonContains(s.allowed, k) {
			continue
		}
		if jsonContains(s.known, k) {
			return modelErrorf(jsonField(path, k), "%s have no field %q", s.what, k)
		}
		return modelErrorf(jsonField(path, k), "unknown field %q", k)
	}
	for _, k := range s.required {
		if _, ok := o.vals[k]; !ok {
			return modelErrorf(path, "missing field %q", k)
		}
	}
	return nil
}

func jsonContains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

var (
	jsonModelSpec = jsonFieldSpec{what: "models", allowed: []string{"variables", "constraints", "objective", "answer"}}

	jsonVarFields = []string{"name", "type", "lo", "hi"}
	jsonVarSpecs  = map[string]*jsonFieldSpec{
		"bool": {what: "bool variables", allowed: jsonVarFields[:2], required: jsonVarFields[:2], known: jsonVarFields},
		"int":  {what: "int variables", allowed: jsonVarFields, required: jsonVarFields, known: jsonVarFields},
	}

	jsonTermSpec      = jsonFieldSpec{what: "terms", allowed: []string{"var", "coef"}, required: []string{"var", "coef"}}
	jsonIntervalSpec  = jsonFieldSpec{what: "intervals", allowed: []string{"start", "duration", "present"}, required: []string{"start", "duration"}}
	jsonArcSpec       = jsonFieldSpec{what: "arcs", allowed: []string{"from", "to", "lit"}, required: []string{"from", "to", "lit"}}
	jsonObjectiveSpec = jsonFieldSpec{what: "objective levels", allowed: []string{"sense", "terms"}, required: []string{"sense", "terms"}}

	// jsonKindFields lists the fields of each constraint kind in written order.
	jsonKindFields = [numKinds][]string{
		Linear:       {"terms", "op", "rhs"},
		AtMost:       {"lits", "k"},
		AtLeast:      {"lits", "k"},
		Exactly:      {"lits", "k"},
		AllDifferent: {"vars"},
		NoOverlap:    {"intervals"},
		Circuit:      {"arcs"},
		Element:      {"index", "array", "target"},
		Table:        {"vars", "tuples"},
		Max:          {"target", "vars"},
	}
	jsonConstraintSpecs [numKinds]*jsonFieldSpec
)

func init() {
	common := []string{"name", "group", "type", "only_if"}
	known := append([]string(nil), common...)
	for _, fs := range jsonKindFields {
		for _, f := range fs {
			if !jsonContains(known, f) {
				known = append(known, f)
			}
		}
	}
	for k, fs := range jsonKindFields {
		jsonConstraintSpecs[k] = &jsonFieldSpec{
			what:     Kind(k).String() + " constraints",
			allowed:  append(append([]string(nil), common...), fs...),
			required: append([]string{"name"}, fs...),
			known:    known,
		}
	}
}

// jsonBuilder turns a parsed model file into a Model, checking as it goes.
type jsonBuilder struct {
	m   *Model
	chk jsonChecker
}

func buildJSONModel(tree any) (*Model, error) {
	root, err := jsonAsObject(tree, "")
	if err != nil {
		return nil, &ModelError{Reason: "the model must be a JSON object, not " + jsonType(tree)}
	}
	if err := jsonModelSpec.check(root, ""); err != nil {
		return nil, err
	}
	b := &jsonBuilder{m: NewModel()}
	b.chk.m = b.m
	if v, ok := root.vals["variables"]; ok {
		vars, err := jsonAsArray(v, "variables")
		if err != nil {
			return nil, err
		}
		for i, v := range vars {
			if err := b.variable(v, jsonIndex("variables", i)); err != nil {
				return nil, err
			}
			if err := b.chk.variable(i); err != nil {
				return nil, err
			}
		}
	}
	if v, ok := root.vals["constraints"]; ok {
		cons, err := jsonAsArray(v, "constraints")
		if err != nil {
			return nil, err
		}
		for i, v := range cons {
			if err := b.constraint(v, jsonIndex("constraints", i)); err != nil {
				return nil, err
			}
			if err := b.chk.constraint(i); err != nil {
				return nil, err
			}
		}
	}
	if v, ok := root.vals["objective"]; ok {
		levels, err := jsonAsArray(v, "objective")
		if err != nil {
			return nil, err
		}
		for l, v := range levels {
			if err := b.objective(v, jsonIndex("objective", l)); err != nil {
				return nil, err
			}
			if err := b.chk.objective(l); err != nil {
				return nil, err
			}
		}
	}
	if v, ok := root.vals["answer"]; ok {
		names, err := jsonAsArray(v, "answer")
		if err != nil {
			return nil, err
		}
		vs := make([]Var, len(names))
		for i, v := range names {
			if vs[i], err = b.varRef(v, jsonIndex("answer", i)); err != nil {
				return nil, err
			}
		}
		b.m.SetAnswer(vs...)
		if b.m.Answer == nil {
			b.m.Answer = []Var{} // present but empty: no answer variables
		}
		if err := b.chk.answer(); err != nil {
			return nil, err
		}
	}
	return b.m, nil
}

func (b *jsonBuilder) variable(v any, path string) error {
	o, err := jsonAsObject(v, path)
	if err != nil {
		return err
	}
	tv, ok := o.vals["type"]
	if !ok {
		return modelErrorf(path, "missing field %q", "type")
	}
	typ, err := jsonAsString(tv, jsonField(path, "type"))
	if err != nil {
		return err
	}
	spec, ok := jsonVarSpecs[typ]
	if !ok {
		return modelErrorf(jsonField(path, "type"), "unknown variable type %q", typ)
	}
	if err := spec.check(o, path); err != nil {
		return err
	}
	name, err := jsonAsString(o.vals["name"], jsonField(path, "name"))
	if err != nil {
		return err
	}
	if name == "" { // NewBool and NewInt would make up a name
		return modelErrorf(jsonField(path, "name"), "empty name")
	}
	if typ == "bool" {
		b.m.NewBool(name)
		return nil
	}
	lo, err := jsonAsInt(o.vals["lo"], jsonField(path, "lo"))
	if err != nil {
		return err
	}
	hi, err := jsonAsInt(o.vals["hi"], jsonField(path, "hi"))
	if err != nil {
		return err
	}
	b.m.NewInt(name, lo, hi)
	return nil
}

// varRef resolves a variable name. It is called only after every variable
// has been read and checked, so names are unique.
func (b *jsonBuilder) varRef(v any, path string) (Var, error) {
	name, err := jsonAsString(v, path)
	if err != nil {
		return 0, err
	}
	x, ok := b.m.Lookup(name)
	if !ok {
		return 0, modelErrorf(path, "unknown variable %q", name)
	}
	return x, nil
}

func (b *jsonBuilder) varRefs(v any, path string) ([]Var, error) {
	arr, err := jsonAsArray(v, path)
	if err != nil {
		return nil, err
	}
	vs := make([]Var, len(arr))
	for i, v := range arr {
		if vs[i], err = b.varRef(v, jsonIndex(path, i)); err != nil {
			return nil, err
		}
	}
	return vs, nil
}

func (b *jsonBuilder) lit(v any, path string) (Lit, error) {
	s, err := jsonAsString(v, path)
	if err != nil {
		return Lit{}, err
	}
	name, neg := strings.CutPrefix(s, "!")
	x, ok := b.m.Lookup(name)
	if !ok {
		return Lit{}, modelErrorf(path, "unknown variable %q", name)
	}
	if b.m.Vars[x].Kind != BoolVar {
		return Lit{}, modelErrorf(path, "%q is an int variable, a literal needs a bool", name)
	}
	return Lit{Var: x, Neg: neg}, nil
}

func (b *jsonBuilder) lits(v any, path string) ([]Lit, error) {
	arr, err := jsonAsArray(v, path)
	if err != nil {
		return nil, err
	}
	ls := make([]Lit, len(arr))
	for i, v := range arr {
		if ls[i], err = b.lit(v, jsonIndex(path, i)); err != nil {
			return nil, err
		}
	}
	return ls, nil
}

func (b *jsonBuilder) terms(v any, path string) ([]Term, error) {
	arr, err := jsonAsArray(v, path)
	if err != nil {
		return nil, err
	}
	ts := make([]Term, len(arr))
	for i, v := range arr {
		p := jsonIndex(path, i)
		o, err := jsonAsObject(v, p)
		if err != nil {
			return nil, err
		}
		if err := jsonTermSpec.check(o, p); err != nil {
			return nil, err
		}
		if ts[i].Var, err = b.varRef(o.vals["var"], jsonField(p, "var")); err != nil {
			return nil, err
		}
		if ts[i].Coef, err = jsonAsInt(o.vals["coef"], jsonField(p, "coef")); err != nil {
			return nil, err
		}
	}
	return ts, nil
}

func (b *jsonBuilder) ints(v any, path string) ([]int64, error) {
	arr, err := jsonAsArray(v, path)
	if err != nil {
		return nil, err
	}
	xs := make([]int64, len(arr))
	for i, v := range arr {
		if xs[i], err = jsonAsInt(v, jsonIndex(path, i)); err != nil {
			return nil, err
		}
	}
	return xs, nil
}

func (b *jsonBuilder) constraint(v any, path string) error {
	o, err := jsonAsObject(v, path)
	if err != nil {
		return err
	}
	tv, ok := o.vals["type"]
	if !ok {
		return modelErrorf(path, "missing field %q", "type")
	}
	typ, err := jsonAsString(tv, jsonField(path, "type"))
	if err != nil {
		return err
	}
	kind, ok := ParseKind(typ)
	if !ok {
		return modelErrorf(jsonField(path, "type"), "unknown constraint type %q", typ)
	}
	if err := jsonConstraintSpecs[kind].check(o, path); err != nil {
		return err
	}
	name, err := jsonAsString(o.vals["name"], jsonField(path, "name"))
	if err != nil {
		return err
	}
	group := name
	if gv, ok := o.vals["group"]; ok {
		if group, err = jsonAsString(gv, jsonField(path, "group")); err != nil {
			return err
		}
	}
	f := func(key string) (any, string) { return o.vals[key], jsonField(path, key) }
	var c *Constraint
	switch kind {
	case Linear:
		ts, err := b.terms(f("terms"))
		if err != nil {
			return err
		}
		ov, op := f("op")
		s, err := jsonAsString(ov, op)
		if err != nil {
			return err
		}
		var rel Op
		switch s {
		case "<=":
			rel = LE
		case ">=":
			rel = GE
		case "=", "==":
			rel = EQ
		default:
			return modelErrorf(op, "unknown op %q", s)
		}
		rhs, err := jsonAsInt(f("rhs"))
		if err != nil {
			return err
		}
		c = b.m.AddLinear(ts, rel, rhs)
	case AtMost, AtLeast, Exactly:
		ls, err := b.lits(f("lits"))
		if err != nil {
			return err
		}
		k, err := jsonAsSmallInt(f("k"))
		if err != nil {
			return err
		}
		switch kind {
		case AtMost:
			c = b.m.AddAtMost(ls, k)
		case AtLeast:
			c = b.m.AddAtLeast(ls, k)
		default:
			c = b.m.AddExactly(ls, k)
		}
	case AllDifferent:
		vs, err := b.varRefs(f("vars"))
		if err != nil {
			return err
		}
		c = b.m.AddAllDifferent(vs...)
	case NoOverlap:
		arr, err := jsonAsArray(f("intervals"))
		if err != nil {
			return err
		}
		ivs := make([]Interval, len(arr))
		for i, v := range arr {
			p := jsonIndex(jsonField(path, "intervals"), i)
			o, err := jsonAsObject(v, p)
			if err != nil {
				return err
			}
			if err := jsonIntervalSpec.check(o, p); err != nil {
				return err
			}
			if ivs[i].Start, err = b.varRef(o.vals["start"], jsonField(p, "start")); err != nil {
				return err
			}
			if ivs[i].Duration, err = jsonAsInt(o.vals["duration"], jsonField(p, "duration")); err != nil {
				return err
			}
			if pv, ok := o.vals["present"]; ok {
				l, err := b.lit(pv, jsonField(p, "present"))
				if err != nil {
					return err
				}
				ivs[i].Present = &l
			}
		}
		c = b.m.AddNoOverlap(ivs...)
	case Circuit:
		arr, err := jsonAsArray(f("arcs"))
		if err != nil {
			return err
		}
		arcs := make([]Arc, len(arr))
		for i, v := range arr {
			p := jsonIndex(jsonField(path, "arcs"), i)
			o, err := jsonAsObject(v, p)
			if err != nil {
				return err
			}
			if err := jsonArcSpec.check(o, p); err != nil {
				return err
			}
			if arcs[i].From, err = jsonAsSmallInt(o.vals["from"], jsonField(p, "from")); err != nil {
				return err
			}
			if arcs[i].To, err = jsonAsSmallInt(o.vals["to"], jsonField(p, "to")); err != nil {
				return err
			}
			if arcs[i].Lit, err = b.lit(o.vals["lit"], jsonField(p, "lit")); err != nil {
				return err
			}
		}
		c = b.m.AddCircuit(arcs...)
	case Element:
		idx, err := b.varRef(f("index"))
		if err != nil {
			return err
		}
		array, err := b.ints(f("array"))
		if err != nil {
			return err
		}
		target, err := b.varRef(f("target"))
		if err != nil {
			return err
		}
		c = b.m.AddElement(idx, array, target)
	case Table:
		vs, err := b.varRefs(f("vars"))
		if err != nil {
			return err
		}
		arr, err := jsonAsArray(f("tuples"))
		if err != nil {
			return err
		}
		tuples := make([][]int64, len(arr))
		for i, v := range arr {
			if tuples[i], err = b.ints(v, jsonIndex(jsonField(path, "tuples"), i)); err != nil {
				return err
			}
		}
		c = b.m.AddTable(vs, tuples)
	case Max:
		target, err := b.varRef(f("target"))
		if err != nil {
			return err
		}
		vs, err := b.varRefs(f("vars"))
		if err != nil {
			return err
		}
		c = b.m.AddMax(target, vs...)
	default:
		return modelErrorf(jsonField(path, "type"), "constraint type %q is not supported by the model format", typ)
	}
	c.Named(name)
	if group != name {
		c.InGroup(group)
	}
	if ev, ok := o.vals["only_if"]; ok {
		ls, err := b.lits(ev, jsonField(path, "only_if"))
		if err != nil {
			return err
		}
		c.OnlyIf(ls...)
	}
	return nil
}

func (b *jsonBuilder) objective(v any, path string) error {
	o, err := jsonAsObject(v, path)
	if err != nil {
		return err
	}
	if err := jsonObjectiveSpec.check(o, path); err != nil {
		return err
	}
	sense, err := jsonAsString(o.vals["sense"], jsonField(path, "sense"))
	if err != nil {
		return err
	}
	if sense != "min" && sense != "max" {
		return modelErrorf(jsonField(path, "sense"), "unknown sense %q", sense)
	}
	ts, err := b.terms(o.vals["terms"], jsonField(path, "terms"))
	if err != nil {
		return err
	}
	if sense == "min" {
		b.m.Minimize(ts...)
	} else {
		b.m.Maximize(ts...)
	}
	return nil
}

// jsonChecker checks a Model for what the model format requires, naming JSON
// paths. ReadModel runs it on each part as soon as the part is built, so
// errors come in document order; WriteModel runs it on the whole model.
type jsonChecker struct {
	m      *Model
	vnames map[string]bool
	cnames map[string]bool
}

func (k *jsonChecker) name(path, name string) error {
	switch {
	case name == "":
		return modelErrorf(path, "empty name")
	case !utf8.ValidString(name):
		return modelErrorf(path, "name %q is not valid UTF-8", name)
	}
	return nil
}

func (k *jsonChecker) variable(i int) error {
	vi := k.m.Vars[i]
	path := jsonIndex("variables", i)
	np := jsonField(path, "name")
	if err := k.name(np, vi.Name); err != nil {
		return err
	}
	if strings.HasPrefix(vi.Name, "!") {
		return modelErrorf(np, "name %q starts with \"!\"", vi.Name)
	}
	if k.vnames == nil {
		k.vnames = map[string]bool{}
	}
	if k.vnames[vi.Name] {
		return modelErrorf(np, "duplicate variable name %q", vi.Name)
	}
	k.vnames[vi.Name] = true
	switch vi.Kind {
	case BoolVar:
		if vi.Lo != 0 || vi.Hi != 1 {
			return modelErrorf(path, "bool variable with domain [%d, %d]", vi.Lo, vi.Hi)
		}
	case IntVar:
		if !small(vi.Lo) {
			return modelErrorf(jsonField(path, "lo"), "%d is beyond ±1e15", vi.Lo)
		}
		if !small(vi.Hi) {
			return modelErrorf(jsonField(path, "hi"), "%d is beyond ±1e15", vi.Hi)
		}
		if vi.Lo > vi.Hi {
			return modelErrorf(jsonField(path, "hi"), "lo %d > hi %d", vi.Lo, vi.Hi)
		}
		if uint64(vi.Hi)-uint64(vi.Lo) >= MaxDomain {
			return modelErrorf(jsonField(path, "hi"), "domain [%d, %d] has more than %d values", vi.Lo, vi.Hi, MaxDomain)
		}
	default:
		return modelErrorf(jsonField(path, "type"), "unknown variable kind %d", vi.Kind)
	}
	return nil
}

func (k *jsonChecker) varOK(v Var, path string) error {
	if v < 0 || int(v) >= len(k.m.Vars) {
		return modelErrorf(path, "unknown variable %d", v)
	}
	return nil
}

func (k *jsonChecker) vars(vs []Var, path string) error {
	for i, v := range vs {
		if err := k.varOK(v, jsonIndex(path, i)); err != nil {
			return err
		}
	}
	return nil
}

func (k *jsonChecker) lit(l Lit, path string) error {
	if err := k.varOK(l.Var, path); err != nil {
		return err
	}
	if vi := k.m.Vars[l.Var]; vi.Kind != BoolVar {
		return modelErrorf(path, "%q is an int variable, a literal needs a bool", vi.Name)
	}
	return nil
}

func (k *jsonChecker) lits(ls []Lit, path string) error {
	for i, l := range ls {
		if err := k.lit(l, jsonIndex(path, i)); err != nil {
			return err
		}
	}
	return nil
}

// terms checks the variables of ts and that no coefficient times a bound,
// and no partial sum of the magnitudes of the terms, exceeds ±1e15 (as
// Model.Validate does, so that cancelling terms cannot hide an overflow).
func (k *jsonChecker) terms(ts []Term, path string) error {
	var total float64
	for i, t := range ts {
		p := jsonIndex(path, i)
		if err := k.varOK(t.Var, jsonField(p, "var")); err != nil {
			return err
		}
		vi := k.m.Vars[t.Var]
		a, b := float64(t.Coef)*float64(vi.Lo), float64(t.Coef)*float64(vi.Hi)
		if math.Abs(a) > jsonTermLimit || math.Abs(b) > jsonTermLimit {
			return modelErrorf(jsonField(p, "coef"), "%d times the bounds [%d, %d] of %q goes beyond ±1e15", t.Coef, vi.Lo, vi.Hi, vi.Name)
		}
		total += math.Max(math.Abs(a), math.Abs(b))
	}
	if total > jsonTermLimit {
		return modelErrorf(path, "sum may reach %.3g in magnitude, beyond ±1e15", total)
	}
	return nil
}

func (k *jsonChecker) constraint(i int) error {
	c := k.m.Constraints[i]
	path := jsonIndex("constraints", i)
	if c == nil {
		return modelErrorf(path, "nil constraint")
	}
	np := jsonField(path, "name")
	if err := k.name(np, c.Name); err != nil {
		return err
	}
	if k.cnames == nil {
		k.cnames = map[string]bool{}
	}
	if k.cnames[c.Name] {
		return modelErrorf(np, "duplicate constraint name %q", c.Name)
	}
	k.cnames[c.Name] = true
	if c.Group == "" {
		return modelErrorf(jsonField(path, "group"), "empty group")
	}
	if !utf8.ValidString(c.Group) {
		return modelErrorf(jsonField(path, "group"), "group %q is not valid UTF-8", c.Group)
	}
	f := func(key string) string { return jsonField(path, key) }
	switch c.Kind {
	case Linear:
		if err := k.terms(c.Terms, f("terms")); err != nil {
			return err
		}
		if c.Op > EQ {
			return modelErrorf(f("op"), "unknown op %d", c.Op)
		}
	case AtMost, AtLeast, Exactly:
		if err := k.lits(c.Lits, f("lits")); err != nil {
			return err
		}
		if c.K < 0 {
			return modelErrorf(f("k"), "%d is negative", c.K)
		}
	case AllDifferent:
		if err := k.vars(c.Vars, f("vars")); err != nil {
			return err
		}
	case NoOverlap:
		for j, iv := range c.Intervals {
			p := jsonIndex(f("intervals"), j)
			if err := k.varOK(iv.Start, jsonField(p, "start")); err != nil {
				return err
			}
			if iv.Duration < 0 {
				return modelErrorf(jsonField(p, "duration"), "%d is negative", iv.Duration)
			}
			if vi := k.m.Vars[iv.Start]; float64(vi.Lo) < -jsonTermLimit || float64(vi.Hi)+float64(iv.Duration) > jsonTermLimit {
				return modelErrorf(p, "start %q in [%d, %d] plus duration %d goes beyond ±1e15", vi.Name, vi.Lo, vi.Hi, iv.Duration)
			}
			if iv.Present != nil {
				if err := k.lit(*iv.Present, jsonField(p, "present")); err != nil {
					return err
				}
			}
		}
	case Circuit:
		if len(c.Arcs) == 0 {
			return modelErrorf(f("arcs"), "no arcs")
		}
		for j, a := range c.Arcs {
			p := jsonIndex(f("arcs"), j)
			if a.From < 0 {
				return modelErrorf(jsonField(p, "from"), "%d is negative", a.From)
			}
			if a.To < 0 {
				return modelErrorf(jsonField(p, "to"), "%d is negative", a.To)
			}
			if a.From == a.To {
				return modelErrorf(p, "self-loop at node %d", a.From)
			}
			if err := k.lit(a.Lit, jsonField(p, "lit")); err != nil {
				return err
			}
		}
	case Element:
		if err := k.varOK(c.Index, f("index")); err != nil {
			return err
		}
		if len(c.Array) == 0 {
			return modelErrorf(f("array"), "empty array")
		}
		if err := k.varOK(c.Target, f("target")); err != nil {
			return err
		}
	case Table:
		if err := k.vars(c.Vars, f("vars")); err != nil {
			return err
		}
		for j, t := range c.Tuples {
			if len(t) != len(c.Vars) {
				return modelErrorf(jsonIndex(f("tuples"), j), "%d values for %d variables", len(t), len(c.Vars))
			}
		}
	case Max:
		if err := k.varOK(c.Target, f("target")); err != nil {
			return err
		}
		if len(c.Vars) == 0 {
			return modelErrorf(f("vars"), "no variables")
		}
		if err := k.vars(c.Vars, f("vars")); err != nil {
			return err
		}
	default:
		return modelErrorf(f("type"), "unknown constraint kind %d", c.Kind)
	}
	return k.lits(c.Enforce, f("only_if"))
}

func (k *jsonChecker) objective(l int) error {
	o := k.m.Objectives[l]
	path := jsonIndex("objective", l)
	if o.Sense != Minimize && o.Sense != Maximize {
		return modelErrorf(jsonField(path, "sense"), "unknown sense %d", o.Sense)
	}
	return k.terms(o.Terms, jsonField(path, "terms"))
}

func (k *jsonChecker) answer() error {
	seen := map[Var]bool{}
	for i, v := range k.m.Answer {
		p := jsonIndex("answer", i)
		if err := k.varOK(v, p); err != nil {
			return err
		}
		if seen[v] {
			return modelErrorf(p, "duplicate variable %q", k.m.Vars[v].Name)
		}
		seen[v] = true
	}
	return nil
}

func (k *jsonChecker) all() error {
	for i := range k.m.Vars {
		if err := k.variable(i); err != nil {
			return err
		}
	}
	for i := range k.m.Constraints {
		if err := k.constraint(i); err != nil {
			return err
		}
	}
	for l := range k.m.Objectives {
		if err := k.objective(l); err != nil {
			return err
		}
	}
	return k.answer()
}

// WriteModel writes m to w in the JSON model format that ReadModel reads:
// an object indented by two spaces with one variable, constraint or
// objective level per line, fields in a fixed order, "group" only when it
// differs from the name, "objective" only when m has objective levels and
// "answer" only when m.Answer is not nil. The output ends with a newline and
// depends only on m, so writing a model read by ReadModel and reading it
// back gives the same bytes again.
//
// WriteModel first checks that m can be expressed and read back, returning
// a *ModelError naming the JSON path of the first problem (an unknown
// variable, a duplicate or empty name, a literal over an int variable, ...).
// Fields of a constraint that its Kind does not use are not written.
func WriteModel(w io.Writer, m *Model) error {
	chk := jsonChecker{m: m}
	if err := chk.all(); err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	e := &jsonWriter{w: bw, m: m}
	e.model()
	if e.err != nil {
		return e.err
	}
	return bw.Flush()
}

// jsonWriter writes the model format; the model has been checked.
type jsonWriter struct {
	w   *bufio.Writer
	m   *Model
	err error
}

func (e *jsonWriter) raw(s string) {
	if e.err == nil {
		_, e.err = e.w.WriteString(s)
	}
}

// str writes s as a JSON string, without HTML escaping.
func (e *jsonWriter) str(s string) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(s); err != nil && e.err == nil {
		e.err = err
	}
	e.raw(strings.TrimSuffix(buf.String(), "\n"))
}

func (e *jsonWriter) int(x int64) { e.raw(strconv.FormatInt(x, 10)) }

// key writes `, "key": ` (without the comma for the first key).
func (e *jsonWriter) key(first bool, key string) {
	if !first {
		e.raw(", ")
	}
	e.str(key)
	e.raw(": ")
}

func (e *jsonWriter) name(v Var) { e.str(e.m.Vars[v].Name) }

func (e *jsonWriter) lit(l Lit) {
	if l.Neg {
		e.str("!" + e.m.Vars[l.Var].Name)
	} else {
		e.name(l.Var)
	}
}

func (e *jsonWriter) list(n int, item func(i int)) {
	e.raw("[")
	for i := range n {
		if i > 0 {
			e.raw(", ")
		}
		item(i)
	}
	e.raw("]")
}

func (e *jsonWriter) vars(vs []Var)   { e.list(len(vs), func(i int) { e.name(vs[i]) }) }
func (e *jsonWriter) lits(ls []Lit)   { e.list(len(ls), func(i int) { e.lit(ls[i]) }) }
func (e *jsonWriter) ints(xs []int64) { e.list(len(xs), func(i int) { e.int(xs[i]) }) }

func (e *jsonWriter) terms(ts []Term) {
	e.list(len(ts), func(i int) {
		e.raw("{")
		e.key(true, "var")
		e.name(ts[i].Var)
		e.key(false, "coef")
		e.int(ts[i].Coef)
		e.raw("}")
	})
}

// block writes `"key": [` and n lines, one per item, then `  ]`.
func (e *jsonWriter) block(key string, n int, item func(i int)) {
	e.raw("  ")
	e.str(key)
	if n == 0 {
		e.raw(": []")
		return
	}
	e.raw(": [\n")
	for i := range n {
		e.raw("    ")
		item(i)
		if i < n-1 {
			e.raw(",")
		}
		e.raw("\n")
	}
	e.raw("  ]")
}

func (e *jsonWriter) model() {
	m := e.m
	e.raw("{\n")
	e.block("variables", len(m.Vars), func(i int) {
		vi := m.Vars[i]
		e.raw("{")
		e.key(true, "name")
		e.str(vi.Name)
		e.key(false, "type")
		e.str(vi.Kind.String())
		if vi.Kind == IntVar {
			e.key(false, "lo")
			e.int(vi.Lo)
			e.key(false, "hi")
			e.int(vi.Hi)
		}
		e.raw("}")
	})
	e.raw(",\n")
	e.block("constraints", len(m.Constraints), func(i int) { e.constraint(m.Constraints[i]) })
	if len(m.Objectives) > 0 {
		e.raw(",\n")
		e.block("objective", len(m.Objectives), func(l int) {
			o := m.Objectives[l]
			e.raw("{")
			e.key(true, "sense")
			e.str(o.Sense.String())
			e.key(false, "terms")
			e.terms(o.Terms)
			e.raw("}")
		})
	}
	if m.Answer != nil {
		e.raw(",\n  ")
		e.str("answer")
		e.raw(": ")
		e.vars(m.Answer)
	}
	e.raw("\n}\n")
}

func (e *jsonWriter) constraint(c *Constraint) {
	e.raw("{")
	e.key(true, "name")
	e.str(c.Name)
	if c.Group != c.Name {
		e.key(false, "group")
		e.str(c.Group)
	}
	e.key(false, "type")
	e.str(c.Kind.String())
	switch c.Kind {
	case Linear:
		e.key(false, "terms")
		e.terms(c.Terms)
		e.key(false, "op")
		e.str(c.Op.String())
		e.key(false, "rhs")
		e.int(c.RHS)
	case AtMost, AtLeast, Exactly:
		e.key(false, "lits")
		e.lits(c.Lits)
		e.key(false, "k")
		e.int(int64(c.K))
	case AllDifferent:
		e.key(false, "vars")
		e.vars(c.Vars)
	case NoOverlap:
		e.key(false, "intervals")
		e.list(len(c.Intervals), func(i int) {
			iv := c.Intervals[i]
			e.raw("{")
			e.key(true, "start")
			e.name(iv.Start)
			e.key(false, "duration")
			e.int(iv.Duration)
			if iv.Present != nil {
				e.key(false, "present")
				e.lit(*iv.Present)
			}
			e.raw("}")
		})
	case Circuit:
		e.key(false, "arcs")
		e.list(len(c.Arcs), func(i int) {
			a := c.Arcs[i]
			e.raw("{")
			e.key(true, "from")
			e.int(int64(a.From))
			e.key(false, "to")
			e.int(int64(a.To))
			e.key(false, "lit")
			e.lit(a.Lit)
			e.raw("}")
		})
	case Element:
		e.key(false, "index")
		e.name(c.Index)
		e.key(false, "array")
		e.ints(c.Array)
		e.key(false, "target")
		e.name(c.Target)
	case Table:
		e.key(false, "vars")
		e.vars(c.Vars)
		e.key(false, "tuples")
		e.list(len(c.Tuples), func(i int) { e.ints(c.Tuples[i]) })
	case Max:
		e.key(false, "target")
		e.name(c.Target)
		e.key(false, "vars")
		e.vars(c.Vars)
	}
	if len(c.Enforce) > 0 {
		e.key(false, "only_if")
		e.lits(c.Enforce)
	}
	e.raw("}")
}
