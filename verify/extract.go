package verify

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
)

// ErrNoJSON says a response holds neither a ```json block nor a balanced
// JSON object.
var ErrNoJSON = errors.New("verify: no JSON answer found")

// ErrInvalidBlock says the last ```json block of a response is not valid
// JSON. Extract wraps it with the parser's message.
var ErrInvalidBlock = errors.New("verify: the last json block is not valid JSON")

// Extract returns the answer in a response's text:
//
//   - the content of the last fenced ```json block, when there is one. A
//     fence is a line that starts (after indentation) with three or more
//     backticks; an opening fence whose info string's first word is "json"
//     (in any case) opens a JSON block, which ends at a line of at least as
//     many backticks and nothing else, or at the end of the text. If that
//     block is not valid JSON the result is an error wrapping
//     ErrInvalidBlock, even when an earlier block or a bare object is valid.
//   - otherwise, the last balanced top-level JSON object of the text: of
//     every span from a '{' to its matching '}' (braces inside JSON strings,
//     counted from that '{' with backslash escapes, do not count) that
//     parses as JSON, the one that ends last. An object nested in another
//     one ends before it, so the outermost one wins; a span that does not
//     parse ("{like this}" in prose, a truncated object) is passed over.
//   - otherwise ErrNoJSON.
//
// End-of-sequence tokens and white space at the end of the response
// (TrimEnd) are removed first: a decoder that keeps special tokens writes
// them after the closing fence.
//
// The result is the JSON text with surrounding white space removed; it is
// valid JSON but not necessarily an object (a JSON block may hold an array,
// which then fails the format item). Extract takes time linear in the text
// in practice; against adversarial text, at most 4×len(response)+1 MiB bytes
// are parsed before the object scan gives up with ErrNoJSON.
func Extract(response string) (json.RawMessage, error) {
	response = TrimEnd(response)
	if block, ok := lastJSONBlock(response); ok {
		b := bytes.TrimSpace([]byte(block))
		if err := validJSON(b); err != nil {
			return nil, fmt.Errorf("%w: %s", ErrInvalidBlock, describeJSONError(b, err))
		}
		return b, nil
	}
	if obj, ok := lastObject(response); ok {
		return json.RawMessage(obj), nil
	}
	return nil, ErrNoJSON
}

// lastJSONBlock returns the content of the last ```json block of text.
func lastJSONBlock(text string) (string, bool) {
	var (
		last, block strings.Builder
		found       bool
		inBlock     bool // inside any fenced block
		isJSON      bool // the open block is a json block
		fenceLen    int  // backticks of the open fence
	)
	for len(text) > 0 {
		line := text
		if i := strings.IndexByte(text, '\n'); i >= 0 {
			line, text = text[:i+1], text[i+1:]
		} else {
			text = ""
		}
		trimmed := strings.TrimLeft(line, " \t")
		ticks := len(trimmed) - len(strings.TrimLeft(trimmed, "`"))
		rest := strings.TrimSpace(trimmed[ticks:])
		switch {
		case !inBlock && ticks >= 3 && !strings.Contains(rest, "`"):
			inBlock, fenceLen = true, ticks
			word, _, _ := strings.Cut(rest, " ")
			word, _, _ = strings.Cut(word, "\t")
			isJSON = strings.EqualFold(word, "json")
			block.Reset()
		case inBlock && ticks >= fenceLen && rest == "":
			if isJSON {
				last.Reset()
				last.WriteString(block.String())
				found = true
			}
			inBlock = false
		case inBlock && isJSON:
			block.WriteString(line)
		}
	}
	if inBlock && isJSON { // not closed: the block runs to the end
		return block.String(), true
	}
	return last.String(), found
}

// validJSON reports why b is not one valid JSON value, or nil.
func validJSON(b []byte) error {
	if json.Valid(b) {
		return nil
	}
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	return errors.New("not valid JSON")
}

// describeJSONError adds the line and column of a syntax error in b.
func describeJSONError(b []byte, err error) string {
	var se *json.SyntaxError
	if !errors.As(err, &se) || se.Offset <= 0 || se.Offset >= int64(len(b)) {
		return err.Error()
	}
	before := b[:se.Offset]
	line := bytes.Count(before, []byte("\n")) + 1
	col := len(before) - bytes.LastIndexByte(before, '\n')
	if line == 1 {
		return fmt.Sprintf("%v (column %d)", err, col-1)
	}
	return fmt.Sprintf("%v (line %d, column %d of the block)", err, line, col-1)
}

// span is a balanced object candidate: text[start : end+1].
type span struct{ start, end int }

// lastObject returns the balanced span of text that parses as JSON and ends
// last.
func lastObject(text string) (string, bool) {
	if strings.IndexByte(text, '{') < 0 || len(text) >= math.MaxInt32 {
		return "", false
	}
	spans, _ := balancedSpans(text)
	// The last end first; for one end, the outer (earlier) start first.
	slices.SortFunc(spans, func(a, b span) int {
		if a.end != b.end {
			return b.end - a.end
		}
		return a.start - b.start
	})
	budget := 4*len(text) + 1<<20
	for _, s := range spans {
		cand := text[s.start : s.end+1]
		if budget -= len(cand); budget < 0 {
			return "", false
		}
		if json.Valid([]byte(cand)) {
			return cand, true
		}
	}
	return "", false
}

// balancedSpans returns, for every '{' of text that has a matching '}', the
// span between them, and the number of bytes its scans read. Strings are tracked from each '{' on its own: a '{'
// inside a string as seen from one start may open an object from another.
//
// Matches are memoized: when a scan from some start meets a '{' outside its
// strings, a scan from that '{' would see the same strings from there on
// (both are outside a string just after it), so its match is recorded once
// and reused, by later starts and by scans that meet the same '{' again.
func balancedSpans(text string) (spans []span, steps int) {
	const unclosed = -1
	match := make([]int32, len(text)) // 0: unknown; unclosed; else end+1
	var stack []int
	for start := 0; start < len(text); start++ {
		if text[start] != '{' {
			continue
		}
		if match[start] == 0 {
			stack = append(stack[:0], start)
			inString, escaped := false, false
			p := start + 1
		scan:
			for ; p < len(text); p++ {
				steps++
				c := text[p]
				if inString {
					switch {
					case escaped:
						escaped = false
					case c == '\\':
						escaped = true
					case c == '"':
						inString = false
					}
					continue
				}
				switch c {
				case '"':
					inString = true
				case '{':
					switch m := match[p]; {
					case m == unclosed:
						break scan
					case m > 0:
						p = int(m) - 1 // its '}'; the scan goes on after it
					default:
						stack = append(stack, p)
					}
				case '}':
					top := stack[len(stack)-1]
					stack = stack[:len(stack)-1]
					match[top] = int32(p + 1)
					if len(stack) == 0 {
						break scan
					}
				}
			}
			for _, q := range stack {
				if match[q] == 0 {
					match[q] = unclosed
				}
			}
			stack = stack[:0]
		}
		if m := match[start]; m > 0 {
			spans = append(spans, span{start, int(m) - 1})
		}
	}
	return spans, steps
}
