package domains

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"
)

// appendCanonical appends to dst the canonical form of the JSON value data
// holds (RecordHash's): every object's members sorted by key (bytewise, on
// the decoded keys), a key given twice kept at its last value as
// encoding/json keeps it, no white space, numbers as written, strings as
// encoding/json writes them without HTML escapes, and the top-level
// object's member drop left out (drop "" leaves out nothing). It is the
// bytes of json.Marshal (without HTML escapes) of the value decoded with
// UseNumber, in one pass over data with no decoded tree: a string without
// escapes or characters that encoding/json would rewrite is copied as it
// stands, and only the rare other string goes through encoding/json. data
// must hold one JSON object and nothing else but white space; otherwise
// appendCanonical returns an error.
func appendCanonical(dst, data []byte, drop string) ([]byte, error) {
	c := canonical{in: data, out: slices.Grow(dst, len(data)), drop: drop}
	c.ws()
	if c.i >= len(c.in) || c.in[c.i] != '{' {
		return nil, errors.New("want a JSON object")
	}
	if err := c.value(0); err != nil {
		return nil, err
	}
	c.ws()
	if c.i != len(c.in) {
		return nil, fmt.Errorf("more after the JSON object at byte %d", c.i)
	}
	return c.out, nil
}

// maxCanonicalDepth bounds the nesting that appendCanonical follows, as
// encoding/json bounds its own (10,000).
const maxCanonicalDepth = 10000

type canonical struct {
	in   []byte
	i    int
	out  []byte
	drop string   // the top-level member to leave out
	tmp  []byte   // scratch for reordering members
	mem  []member // the members of the objects being read, innermost last
}

// member is one object member written to out[start:end]; key is its
// decoded key (a slice of the input when it has no escapes).
type member struct {
	key        []byte
	start, end int
}

func (c *canonical) ws() {
	for c.i < len(c.in) {
		switch c.in[c.i] {
		case ' ', '\t', '\n', '\r':
			c.i++
		default:
			return
		}
	}
}

func (c *canonical) errorf(format string, args ...any) error {
	return fmt.Errorf("byte %d: "+format, append([]any{c.i}, args...)...)
}

func (c *canonical) value(depth int) error {
	if depth > maxCanonicalDepth {
		return c.errorf("nested too deep")
	}
	c.ws()
	if c.i >= len(c.in) {
		return c.errorf("unexpected end of JSON")
	}
	switch ch := c.in[c.i]; {
	case ch == '{':
		return c.object(depth)
	case ch == '[':
		return c.array(depth)
	case ch == '"':
		_, err := c.str(false)
		return err
	case ch == '-' || ch >= '0' && ch <= '9':
		return c.number()
	default:
		for _, lit := range [...]string{"true", "false", "null"} {
			if bytes.HasPrefix(c.in[c.i:], []byte(lit)) {
				c.out = append(c.out, lit...)
				c.i += len(lit)
				return nil
			}
		}
		return c.errorf("invalid character %q looking for a value", ch)
	}
}

func (c *canonical) object(depth int) error {
	c.i++ // '{'
	c.out = append(c.out, '{')
	start := len(c.out)
	base := len(c.mem)
	defer func() { c.mem = c.mem[:base] }()
	c.ws()
	if c.i < len(c.in) && c.in[c.i] == '}' {
		c.i++
		c.out = append(c.out, '}')
		return nil
	}
	for {
		c.ws()
		if c.i >= len(c.in) || c.in[c.i] != '"' {
			return c.errorf("want an object key")
		}
		m := member{start: len(c.out)}
		key, err := c.str(true)
		if err != nil {
			return err
		}
		m.key = key
		c.ws()
		if c.i >= len(c.in) || c.in[c.i] != ':' {
			return c.errorf("want ':' after an object key")
		}
		c.i++
		c.out = append(c.out, ':')
		if err := c.value(depth + 1); err != nil {
			return err
		}
		m.end = len(c.out)
		if depth == 0 && c.drop != "" && string(key) == c.drop {
			c.out = c.out[:m.start]
		} else {
			c.mem = append(c.mem, m)
		}
		c.ws()
		if c.i >= len(c.in) {
			return c.errorf("unexpected end of JSON in an object")
		}
		if c.in[c.i] == '}' {
			c.i++
			break
		}
		if c.in[c.i] != ',' {
			return c.errorf("want ',' or '}' in an object")
		}
		c.i++
	}
	c.reorder(start, c.mem[base:])
	c.out = append(c.out, '}')
	return nil
}

// reorder rewrites the members written from out[start:] (with no commas
// between them) in key order, the last of equal keys kept, separated by
// commas.
func (c *canonical) reorder(start int, members []member) {
	sorted := slices.IsSortedFunc(members, func(a, b member) int {
		if bytes.Equal(a.key, b.key) {
			return -1 // a repeated key is never sorted
		}
		return compareKeys(a, b)
	})
	if sorted {
		if len(members) < 2 {
			return
		}
		// Insert the commas, back to front, in place.
		n := len(c.out) + len(members) - 1
		c.out = slices.Grow(c.out, len(members)-1)[:n]
		w := n
		for k := len(members) - 1; k >= 0; k-- {
			m := members[k]
			w -= m.end - m.start
			copy(c.out[w:], c.out[m.start:m.end])
			if k > 0 {
				w--
				c.out[w] = ','
			}
		}
		return
	}
	// Keep the last of equal keys: a stable sort, then the last of each run.
	slices.SortStableFunc(members, compareKeys)
	c.tmp = c.tmp[:0]
	for k, m := range members {
		if k+1 < len(members) && bytes.Equal(members[k+1].key, m.key) {
			continue
		}
		if len(c.tmp) > 0 {
			c.tmp = append(c.tmp, ',')
		}
		c.tmp = append(c.tmp, c.out[m.start:m.end]...)
	}
	c.out = append(c.out[:start], c.tmp...)
}

func compareKeys(a, b member) int { return bytes.Compare(a.key, b.key) }

func (c *canonical) array(depth int) error {
	c.i++ // '['
	c.out = append(c.out, '[')
	c.ws()
	if c.i < len(c.in) && c.in[c.i] == ']' {
		c.i++
		c.out = append(c.out, ']')
		return nil
	}
	for {
		if err := c.value(depth + 1); err != nil {
			return err
		}
		c.ws()
		if c.i >= len(c.in) {
			return c.errorf("unexpected end of JSON in an array")
		}
		if c.in[c.i] == ']' {
			c.i++
			c.out = append(c.out, ']')
			return nil
		}
		if c.in[c.i] != ',' {
			return c.errorf("want ',' or ']' in an array")
		}
		c.i++
		c.out = append(c.out, ',')
	}
}

// str reads the string at c.i and writes its canonical form; with key set
// it also returns the string decoded (a slice of the input when it has no
// escapes).
func (c *canonical) str(key bool) ([]byte, error) {
	start := c.i
	c.i++ // '"'
	plain := true
	for {
		if c.i >= len(c.in) {
			return nil, c.errorf("unexpected end of JSON in a string")
		}
		b := c.in[c.i]
		if b == '"' {
			break
		}
		switch {
		case b == '\\':
			// encoding/json writes these escapes back as they stand; any
			// other (\/, \uXXXX) it rewrites, and a bad one it refuses.
			if c.i+1 >= len(c.in) || !strings.ContainsRune(`"\\bfnrt`, rune(c.in[c.i+1])) {
				plain = false
			}
			c.i += 2
			continue
		case b < 0x20:
			return nil, c.errorf("invalid control character in a string")
		case b >= utf8.RuneSelf:
			r, size := utf8.DecodeRune(c.in[c.i:])
			if r == utf8.RuneError && size == 1 || r == '\u2028' || r == '\u2029' {
				plain = false // encoding/json rewrites these
			}
			c.i += size
			continue
		}
		c.i++
	}
	c.i++ // closing '"'
	raw := c.in[start:c.i]
	if plain {
		c.out = append(c.out, raw...)
		if !key {
			return nil, nil
		}
		if bytes.IndexByte(raw, '\\') < 0 {
			return raw[1 : len(raw)-1], nil
		}
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return nil, fmt.Errorf("byte %d: %w", start, err)
	}
	if plain {
		return []byte(s), nil // a key with escapes written back as they stand
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(s); err != nil {
		return nil, err
	}
	c.out = append(c.out, bytes.TrimSuffix(buf.Bytes(), []byte("\n"))...)
	return []byte(s), nil
}

// number copies a JSON number after checking its grammar:
// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
func (c *canonical) number() error {
	start := c.i
	digits := func() int {
		n := 0
		for c.i < len(c.in) && c.in[c.i] >= '0' && c.in[c.i] <= '9' {
			c.i++
			n++
		}
		return n
	}
	if c.in[c.i] == '-' {
		c.i++
	}
	switch {
	case c.i < len(c.in) && c.in[c.i] == '0':
		c.i++
	case digits() == 0:
		return c.errorf("invalid number")
	}
	if c.i < len(c.in) && c.in[c.i] == '.' {
		c.i++
		if digits() == 0 {
			return c.errorf("invalid number")
		}
	}
	if c.i < len(c.in) && (c.in[c.i] == 'e' || c.in[c.i] == 'E') {
		c.i++
		if c.i < len(c.in) && (c.in[c.i] == '+' || c.in[c.i] == '-') {
			c.i++
		}
		if digits() == 0 {
			return c.errorf("invalid number")
		}
	}
	c.out = append(c.out, c.in[start:c.i]...)
	return nil
}
