package verbalize

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// MaxNameWords is the most words a string of the instance may have to be a
// name fact; longer strings (an intro sentence) are text, not names.
const MaxNameWords = 5

// FactKind says whether a fact is a name or a number.
type FactKind string

// The fact kinds.
const (
	Name   FactKind = "name"
	Number FactKind = "number"
	// Quoted is a phrase the text puts in double quotes (a rule's name,
	// which an answer may have to cite).
	Quoted FactKind = "quoted"
)

// Fact is one name or number of an instance that its canonical problem
// text states.
type Fact struct {
	Kind FactKind `json:"kind"`
	// Text is the string, or the number as the instance's JSON writes it.
	Text string `json:"text"`
	// Path is the JSON path of its first leaf, e.g. "rooms.0.name".
	Path string `json:"path"`
}

func (f Fact) String() string { return fmt.Sprintf("%s %q (%s)", f.Kind, f.Text, f.Path) }

// Facts returns the facts of an instance as a text states them, each
// distinct (kind, text) once, in the order of a walk of the instance with
// object keys sorted:
//
//   - every string leaf of at most MaxNameWords words that occurs in text
//     as a whole word sequence (not preceded or followed by a letter or a
//     digit), case and spelling exact;
//   - every number leaf whose JSON text occurs in text as a whole number
//     (not preceded by a letter, digit or '.', not followed by a digit or
//     by '.' and a digit);
//   - then every phrase the text puts in straight double quotes (the names
//     of named rules), in the order of the text, with the path "text".
//
// Object keys, booleans, nulls, longer strings and leaves the text does not
// show (internal constants, seeds) are not facts. The derivation knows
// nothing of tasks: it works for any instance JSON and its prompt.
func Facts(instance json.RawMessage, text string) ([]Fact, error) {
	v, err := decode(instance)
	if err != nil {
		return nil, fmt.Errorf("verbalize: the instance is not JSON: %w", err)
	}
	var out []Fact
	seen := map[Fact]bool{}
	walk(v, "", func(path string, leaf any) {
		var f Fact
		switch x := leaf.(type) {
		case string:
			s := strings.TrimSpace(x)
			if s == "" || len(strings.Fields(s)) > MaxNameWords || !ContainsName(text, s) {
				return
			}
			f = Fact{Kind: Name, Text: s}
		case json.Number:
			if !ContainsNumber(text, x.String()) {
				return
			}
			f = Fact{Kind: Number, Text: x.String()}
		default:
			return
		}
		if !seen[f] {
			seen[f] = true
			f.Path = path
			out = append(out, f)
		}
	})
	for _, q := range quotedPhrases(text) {
		f := Fact{Kind: Quoted, Text: q}
		if f.Text != "" && !seen[f] && !seen[Fact{Kind: Name, Text: f.Text}] {
			seen[f] = true
			f.Path = "text"
			out = append(out, f)
		}
	}
	return out, nil
}

// quotedPhrases returns the phrases between straight double quotes, the
// quotes of each line paired from the left; empty phrases are left out.
func quotedPhrases(text string) []string {
	var out []string
	for _, line := range strings.Split(text, "\n") {
		parts := strings.Split(line, `"`)
		for i := 1; i+1 < len(parts); i += 2 {
			if q := strings.TrimSpace(parts[i]); q != "" {
				out = append(out, q)
			}
		}
	}
	return out
}

// Missing returns the facts that prose does not state (by the matching
// rules of Facts).
func Missing(facts []Fact, prose string) []Fact {
	var out []Fact
	for _, f := range facts {
		ok := false
		switch f.Kind {
		case Name, Quoted:
			ok = ContainsName(prose, f.Text)
		case Number:
			ok = ContainsNumber(prose, f.Text)
		}
		if !ok {
			out = append(out, f)
		}
	}
	return out
}

// ContainsName reports whether name occurs in text not preceded or
// followed by a letter or a digit.
func ContainsName(text, name string) bool { return contains(text, name, nameAt) }

// ContainsNumber reports whether the number num occurs in text as a whole
// number: not preceded by a letter, a digit or '.', and not followed by a
// digit or by '.' and a digit.
func ContainsNumber(text, num string) bool { return contains(text, num, numberAt) }

// contains reports whether s occurs in text at a place where whole(text,
// start, end) holds.
func contains(text, s string, whole func(text string, start, end int) bool) bool {
	if s == "" {
		return false
	}
	for i := 0; ; {
		j := strings.Index(text[i:], s)
		if j < 0 {
			return false
		}
		if whole(text, i+j, i+j+len(s)) {
			return true
		}
		i += j + 1
	}
}

// nameAt reports whether text[start:end] is a whole name.
func nameAt(text string, start, end int) bool {
	return !wordRune(lastRune(text[:start])) && !wordRune(firstRune(text[end:]))
}

// numberAt reports whether text[start:end] is a whole number.
func numberAt(text string, start, end int) bool {
	before, after := lastRune(text[:start]), text[end:]
	return !wordRune(before) && before != '.' &&
		!(len(after) > 0 && isDigit(after[0])) && !(len(after) > 1 && after[0] == '.' && isDigit(after[1]))
}

func isDigit(b byte) bool { return '0' <= b && b <= '9' }

func wordRune(r rune) bool { return r != utf8.RuneError && (unicode.IsLetter(r) || unicode.IsDigit(r)) }

func lastRune(s string) rune {
	r, _ := utf8.DecodeLastRuneInString(s)
	return r
}

func firstRune(s string) rune {
	r, _ := utf8.DecodeRuneInString(s)
	return r
}

// Placeholders of a skeleton's blanked leaves.
const (
	NamePlaceholder   = "<name>"
	NumberPlaceholder = "<number>"
)

// Skeleton returns the instance with every leaf that is one of facts
// replaced by a placeholder ("<name>" for a string, "<number>" for a
// number); every other value is kept. The back-extraction fills the
// placeholders from the prose alone.
func Skeleton(instance json.RawMessage, facts []Fact) (json.RawMessage, error) {
	v, err := decode(instance)
	if err != nil {
		return nil, fmt.Errorf("verbalize: the instance is not JSON: %w", err)
	}
	is := map[Fact]bool{}
	for _, f := range facts {
		is[Fact{Kind: f.Kind, Text: f.Text}] = true
	}
	var blank func(v any) any
	blank = func(v any) any {
		switch x := v.(type) {
		case map[string]any:
			for k, e := range x {
				x[k] = blank(e)
			}
		case []any:
			for i, e := range x {
				x[i] = blank(e)
			}
		case string:
			if is[Fact{Kind: Name, Text: strings.TrimSpace(x)}] {
				return NamePlaceholder
			}
		case json.Number:
			if is[Fact{Kind: Number, Text: x.String()}] {
				return NumberPlaceholder
			}
		}
		return v
	}
	return marshal(blank(v))
}

// Canonical returns the canonical form of a JSON value: objects with sorted
// keys, no insignificant space, and every number as its shortest exact
// decimal (2, 2.0 and 2e0 are all 2; 0.50 and 5e-1 are 0.5), so that two
// values are equal exactly when their canonical forms are.
func Canonical(data []byte) ([]byte, error) {
	v, err := decode(data)
	if err != nil {
		return nil, err
	}
	var norm func(v any) any
	norm = func(v any) any {
		switch x := v.(type) {
		case map[string]any:
			for k, e := range x {
				x[k] = norm(e)
			}
		case []any:
			for i, e := range x {
				x[i] = norm(e)
			}
		case json.Number:
			r, ok := new(big.Rat).SetString(x.String())
			if !ok {
				return x
			}
			return json.Number(r.FloatString(decimals(r.Denom())))
		}
		return v
	}
	return marshal(norm(v))
}

// decimals returns the digits after the point of the exact decimal of a
// fraction whose denominator is den = 2^a·5^b (every JSON number's is):
// max(a, b).
func decimals(den *big.Int) int {
	d := new(big.Int).Set(den)
	n := 0
	ten, two, five, zero, m := big.NewInt(10), big.NewInt(2), big.NewInt(5), big.NewInt(0), new(big.Int)
	for d.Cmp(big.NewInt(1)) != 0 {
		switch {
		case m.Mod(d, ten).Cmp(zero) == 0:
			d.Div(d, ten)
		case m.Mod(d, two).Cmp(zero) == 0:
			d.Div(d, two)
		case m.Mod(d, five).Cmp(zero) == 0:
			d.Div(d, five)
		default:
			return n + 20 // not a terminating decimal; cannot come from JSON
		}
		n++
	}
	return n
}

// decode reads one JSON value with numbers kept as written.
func decode(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	if dec.More() {
		return nil, fmt.Errorf("more than one JSON value")
	}
	return v, nil
}

func marshal(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimRight(buf.Bytes(), "\n"), nil
}

// walk calls f with every leaf of v and its path, objects in key order.
func walk(v any, path string, f func(path string, leaf any)) {
	join := func(k string) string {
		if path == "" {
			return k
		}
		return path + "." + k
	}
	switch x := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			walk(x[k], join(k), f)
		}
	case []any:
		for i, e := range x {
			walk(e, join(strconv.Itoa(i)), f)
		}
	default:
		f(path, v)
	}
}
