package encode

import (
	"encoding/json"
	"unicode/utf8"
)

// fastJSONTree is parseJSONTree for input that json.Valid accepts, in one
// pass over the bytes with no decoder: the same tree (string, json.Number,
// bool, nil, []any and *jsonObject values). It reports false where
// parseJSONTree would fail (a duplicate key, nesting deeper than
// jsonMaxDepth), so that the caller runs parseJSONTree for its error with
// the value's path. parseJSONTree over encoding/json's Token took 70% of
// reading a large model, most of it in the decoder's scanner building
// error values it then dropped.
//
// Cost: linear in len(data); one allocation per array, object, key, and
// string or number value.
func fastJSONTree(data []byte) (any, bool) {
	p := treeParser{data: data}
	v, ok := p.value(0)
	return v, ok
}

type treeParser struct {
	data []byte
	i    int
}

func (p *treeParser) space() {
	for p.i < len(p.data) && jsonSpace(p.data[p.i]) {
		p.i++
	}
}

// value parses the value at p.i; the input is valid JSON.
func (p *treeParser) value(depth int) (any, bool) {
	p.space()
	switch c := p.data[p.i]; c {
	case '[':
		if depth >= jsonMaxDepth {
			return nil, false
		}
		p.i++
		arr := []any{}
		p.space()
		if p.data[p.i] == ']' {
			p.i++
			return arr, true
		}
		for {
			v, ok := p.value(depth + 1)
			if !ok {
				return nil, false
			}
			arr = append(arr, v)
			p.space()
			c := p.data[p.i]
			p.i++ // ',' or ']'
			if c == ']' {
				return arr, true
			}
		}
	case '{':
		if depth >= jsonMaxDepth {
			return nil, false
		}
		p.i++
		obj := &jsonObject{vals: map[string]any{}}
		p.space()
		if p.data[p.i] == '}' {
			p.i++
			return obj, true
		}
		for {
			p.space()
			key := p.str()
			if _, dup := obj.vals[key]; dup {
				return nil, false
			}
			p.space()
			p.i++ // ':'
			v, ok := p.value(depth + 1)
			if !ok {
				return nil, false
			}
			obj.keys = append(obj.keys, key)
			obj.vals[key] = v
			p.space()
			c := p.data[p.i]
			p.i++ // ',' or '}'
			if c == '}' {
				return obj, true
			}
		}
	case '"':
		return p.str(), true
	case 't':
		p.i += len("true")
		return true, true
	case 'f':
		p.i += len("false")
		return false, true
	case 'n':
		p.i += len("null")
		return nil, true
	default: // a number
		start := p.i
		for p.i < len(p.data) && isNumberByte(p.data[p.i]) {
			p.i++
		}
		return json.Number(p.data[start:p.i]), true
	}
}

func isNumberByte(c byte) bool {
	return c >= '0' && c <= '9' || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E'
}

// str parses the string at p.i as encoding/json does: a string with no
// escapes and valid UTF-8 as it stands, any other through json.Unmarshal
// (escapes, and invalid bytes replaced by U+FFFD).
func (p *treeParser) str() string {
	start := p.i
	p.i++ // '"'
	plain := true
	for {
		c := p.data[p.i]
		if c == '"' {
			break
		}
		if c == '\\' {
			plain = false
			p.i++ // the escaped byte cannot end the string
		} else if c >= utf8.RuneSelf {
			plain = false
		}
		p.i++
	}
	p.i++ // '"'
	if plain {
		return string(p.data[start+1 : p.i-1])
	}
	var s string
	_ = json.Unmarshal(p.data[start:p.i], &s) // valid JSON: cannot fail
	return s
}
