package verify

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
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
//     parses as JSON (json.Valid, whose nesting limit is 10,000), the one
//     that ends last. An object nested in another one ends before it, so
//     the outermost one wins; a span that does not parse ("{like this}" in
//     prose, a truncated object) is passed over.
//   - otherwise ErrNoJSON.
//
// End-of-sequence tokens and white space at the end of the response
// (TrimEnd) are removed first: a decoder that keeps special tokens writes
// them after the closing fence.
//
// The result is the JSON text with surrounding white space removed; it is
// valid JSON but not necessarily an object (a JSON block may hold an array,
// which then fails the format item). Extract reads the text once for the
// blocks and once for the objects, whatever the text, and allocates a
// copy of the last json block or of the object it returns, and at most
// 1 MiB besides.
func Extract(response string) (json.RawMessage, error) {
	response = TrimEnd(response)
	if block, ok := lastJSONBlock(response); ok {
		b := []byte(strings.TrimSpace(block))
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

// lastJSONBlock returns the content of the last ```json block of text (a
// slice of it: the lines between the fences).
func lastJSONBlock(text string) (string, bool) {
	var (
		last       string
		found      bool
		inBlock    bool // inside any fenced block
		isJSON     bool // the open block is a json block
		fenceLen   int  // backticks of the open fence
		blockStart int  // where the open block's content starts
	)
	for off := 0; off < len(text); {
		lineStart := off
		line := text[off:]
		if i := strings.IndexByte(line, '\n'); i >= 0 {
			line = line[:i+1]
		}
		off += len(line)
		trimmed := strings.TrimLeft(line, " \t")
		ticks := len(trimmed) - len(strings.TrimLeft(trimmed, "`"))
		rest := strings.TrimSpace(trimmed[ticks:])
		switch {
		case !inBlock && ticks >= 3 && !strings.Contains(rest, "`"):
			inBlock, fenceLen = true, ticks
			word, _, _ := strings.Cut(rest, " ")
			word, _, _ = strings.Cut(word, "\t")
			isJSON = strings.EqualFold(word, "json")
			blockStart = off
		case inBlock && ticks >= fenceLen && rest == "":
			if isJSON {
				last, found = text[blockStart:lineStart], true
			}
			inBlock = false
		}
	}
	if inBlock && isJSON { // not closed: the block runs to the end
		return text[blockStart:], true
	}
	return last, found
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

// maxDepth is encoding/json's nesting limit: json.Valid refuses a value
// nested deeper than this (arrays and objects together).
const maxDepth = 10000

// lastObject returns the last balanced span of text that parses as a JSON
// object: of every span from a '{' to its matching '}' (strings tracked
// from that '{') that json.Valid accepts, the one that ends last.
//
// It reads text once, running a JSON validator (encoding/json's scanner)
// from every '{' at the same time, and keeps at most two stacks of at most
// maxDepth levels however long the text is. That takes a little reasoning
// about validators that run at the same time:
//
//   - A span that is valid JSON ends at the '}' that matches its '{' (the
//     validator tracks strings as the brace match does), so the answer is
//     the last object some validator completes.
//   - A '{' that a validator reads outside a string where a value may
//     come opens a nested object: the validator from that '{' goes through
//     the same states from there on, one level higher, until the object
//     closes. Such validators share one thread: a stack of the open
//     objects and arrays and one state. A syntax error in the innermost
//     object is one for every validator of the thread, which ends it.
//   - A '{' that no thread reads where a value may come starts a new
//     thread. Every other thread is then inside a string (a thread outside
//     one fails on a '{' in any other place), and two live threads stay on
//     opposite sides of every string: a quote takes both across, and a
//     backslash outside a string is an error. So at most two threads live
//     at once, and a '}' closes an object of one thread at most.
//   - A validator fails when its depth passes maxDepth, so the innermost
//     objects of a thread can outlive the outermost ones: a thread keeps
//     at most maxDepth levels, the innermost.
func lastObject(text string) (string, bool) {
	start, end, _ := scanObjects(text)
	if end < 0 {
		return "", false
	}
	return text[start : end+1], true
}

// scanObjects returns the span text[start:end+1] of lastObject (end -1:
// none) and the most threads that were live at once (at most 2; the tests
// check it).
func scanObjects(text string) (start, end, maxThreads int) {
	start, end = -1, -1
	if strings.IndexByte(text, '{') < 0 {
		return start, end, 0
	}
	var threads, spare []*thread
	for p := 0; p < len(text); p++ {
		switch {
		case len(threads) == 0: // to the next '{'
			i := strings.IndexByte(text[p:], '{')
			if i < 0 {
				return start, end, maxThreads
			}
			p += i
		case len(threads) == 1 && threads[0].state == stInString:
			p += plainString(text[p:]) // bytes that leave the thread as it is
			if p == len(text) {
				return start, end, maxThreads
			}
		}
		c := text[p]
		nested := false
		live := threads[:0]
		for _, t := range threads {
			switch t.step(c, p) {
			case stepOn:
				live = append(live, t)
			case stepOpened:
				nested = true
				live = append(live, t)
			case stepClosed:
				// The last object closed so far (p only grows).
				start, end = t.closed, p
				if t.live() {
					live = append(live, t)
				} else {
					spare = append(spare, t)
				}
			case stepFailed:
				spare = append(spare, t)
			}
		}
		threads = live
		if c == '{' && !nested {
			var t *thread
			if n := len(spare); n > 0 {
				t, spare = spare[n-1], spare[:n-1]
			} else {
				t = new(thread)
			}
			t.begin(p)
			threads = append(threads, t)
			maxThreads = max(maxThreads, len(threads))
		}
	}
	return start, end, maxThreads
}

// plainString returns the length of the prefix of s that a string's
// content can have without a quote, a backslash, a control character or a
// '{' (which may start a thread).
func plainString(s string) int {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c == '"' || c == '\\' || c == '{' || c < 0x20 {
			return i
		}
	}
	return len(s)
}

// A thread is the validators of one JSON text from its '{' and of every
// object opened in it and still open: encoding/json's scanner, but for
// its stack, which is shared. The stack is a ring of the innermost
// levels, at most maxDepth: the validator of the outermost level fails
// when another is opened (its depth would pass maxDepth), so that level
// is dropped. The thread ends when the stack is empty.
type thread struct {
	state  scanState
	ring   []level // the stack: ring[(first+i) & (len(ring)-1)] for i < depth
	first  int
	depth  int
	closed int // the start of the object the last step closed
}

// level is an open object (start: its '{') or array (start -1), and what
// comes next in it.
type level struct {
	start int
	next  parseState
}

// parseState is what a level of the stack expects, as in encoding/json.
type parseState uint8

const (
	parseObjectKey   parseState = iota // a key, or the end of the object
	parseObjectValue                   // a value after the colon, or after it a comma or the end
	parseArrayValue                    // a value, or after it a comma or the end
)

// scanState is the state of encoding/json's scanner (its step function).
type scanState uint8

const (
	stBeginValue scanState = iota
	stBeginValueOrEmpty
	stBeginStringOrEmpty
	stBeginString
	stEndValue
	stInString
	stInStringEsc
	stInStringEscU
	stInStringEscU1
	stInStringEscU12
	stInStringEscU123
	stNeg
	st1
	st0
	stDot
	stDot0
	stE
	stESign
	stE0
	stT
	stTr
	stTru
	stF
	stFa
	stFal
	stFals
	stN
	stNu
	stNul
)

// stepResult is what one byte did to a thread.
type stepResult uint8

const (
	stepOn     stepResult = iota // the thread goes on
	stepOpened                   // it opened an object at this byte
	stepClosed                   // it closed the object that starts at closed
	stepFailed                   // a syntax error, or the stack is empty: the thread is over
)

// begin makes t the thread of the '{' at p.
func (t *thread) begin(p int) {
	t.first, t.depth = 0, 0
	t.push(p, parseObjectKey)
	t.state = stBeginStringOrEmpty
}

// live says the stack is not empty.
func (t *thread) live() bool { return t.depth > 0 }

func (t *thread) push(start int, next parseState) stepResult {
	if t.depth == maxDepth { // the outermost validator fails here
		t.first = (t.first + 1) & (len(t.ring) - 1)
		t.depth--
	}
	if t.depth == len(t.ring) {
		ring := make([]level, max(16, 2*len(t.ring)))
		for i := range t.depth {
			ring[i] = t.ring[(t.first+i)&(len(t.ring)-1)]
		}
		t.ring, t.first = ring, 0
	}
	t.ring[(t.first+t.depth)&(len(t.ring)-1)] = level{start, next}
	t.depth++
	if start < 0 {
		return stepOn
	}
	return stepOpened
}

// top is the innermost level.
func (t *thread) top() *level { return &t.ring[(t.first+t.depth-1)&(len(t.ring)-1)] }

// pop closes the innermost level.
func (t *thread) pop() stepResult {
	top := *t.top()
	t.depth--
	t.state = stEndValue
	switch {
	case top.start >= 0:
		t.closed = top.start
		return stepClosed
	case t.depth == 0:
		return stepFailed // an array whose validators are all over
	}
	return stepOn
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

func isHex(c byte) bool { return isDigit(c) || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F' }

// step reads the byte c at p, as encoding/json's scanner does.
func (t *thread) step(c byte, p int) stepResult {
	for { // a state that ends on c (a number's end) hands it on
		switch t.state {
		case stBeginValueOrEmpty:
			if isSpace(c) {
				return stepOn
			}
			if c == ']' {
				t.state = stEndValue
			} else {
				t.state = stBeginValue
			}
			continue
		case stBeginValue:
			switch {
			case isSpace(c):
			case c == '{':
				t.state = stBeginStringOrEmpty
				return t.push(p, parseObjectKey)
			case c == '[':
				t.state = stBeginValueOrEmpty
				return t.push(-1, parseArrayValue)
			case c == '"':
				t.state = stInString
			case c == '-':
				t.state = stNeg
			case c == '0':
				t.state = st0
			case '1' <= c && c <= '9':
				t.state = st1
			case c == 't':
				t.state = stT
			case c == 'f':
				t.state = stF
			case c == 'n':
				t.state = stN
			default:
				return stepFailed
			}
			return stepOn
		case stBeginStringOrEmpty:
			if isSpace(c) {
				return stepOn
			}
			if c == '}' {
				t.top().next = parseObjectValue
				t.state = stEndValue
			} else {
				t.state = stBeginString
			}
			continue
		case stBeginString:
			if isSpace(c) {
				return stepOn
			}
			if c != '"' {
				return stepFailed
			}
			t.state = stInString
			return stepOn
		case stEndValue:
			if isSpace(c) {
				return stepOn
			}
			top := t.top()
			switch {
			case top.next == parseObjectKey && c == ':':
				top.next = parseObjectValue
				t.state = stBeginValue
			case top.next == parseObjectValue && c == ',':
				top.next = parseObjectKey
				t.state = stBeginString
			case top.next == parseArrayValue && c == ',':
				t.state = stBeginValue
			case top.next == parseObjectValue && c == '}', top.next == parseArrayValue && c == ']':
				return t.pop()
			default:
				return stepFailed
			}
			return stepOn
		case stInString:
			switch {
			case c == '"':
				t.state = stEndValue
			case c == '\\':
				t.state = stInStringEsc
			case c < 0x20:
				return stepFailed
			}
			return stepOn
		case stInStringEsc:
			switch c {
			case 'b', 'f', 'n', 'r', 't', '\\', '/', '"':
				t.state = stInString
			case 'u':
				t.state = stInStringEscU
			default:
				return stepFailed
			}
			return stepOn
		case stInStringEscU, stInStringEscU1, stInStringEscU12, stInStringEscU123:
			if !isHex(c) {
				return stepFailed
			}
			if t.state == stInStringEscU123 {
				t.state = stInString
			} else {
				t.state++
			}
			return stepOn
		case stNeg:
			switch {
			case c == '0':
				t.state = st0
			case '1' <= c && c <= '9':
				t.state = st1
			default:
				return stepFailed
			}
			return stepOn
		case st1:
			if isDigit(c) {
				return stepOn
			}
			t.state = st0
			continue
		case st0:
			switch c {
			case '.':
				t.state = stDot
			case 'e', 'E':
				t.state = stE
			default:
				t.state = stEndValue
				continue
			}
			return stepOn
		case stDot:
			if !isDigit(c) {
				return stepFailed
			}
			t.state = stDot0
			return stepOn
		case stDot0:
			switch {
			case isDigit(c):
			case c == 'e', c == 'E':
				t.state = stE
			default:
				t.state = stEndValue
				continue
			}
			return stepOn
		case stE:
			if c == '+' || c == '-' {
				t.state = stESign
				return stepOn
			}
			t.state = stESign
			continue
		case stESign:
			if !isDigit(c) {
				return stepFailed
			}
			t.state = stE0
			return stepOn
		case stE0:
			if isDigit(c) {
				return stepOn
			}
			t.state = stEndValue
			continue
		default: // true, false, null
			return t.literal(c)
		}
	}
}

// literals spell out true, false and null from the state after their
// first letter; the last letter ends the value.
var literals = [...]struct {
	first scanState
	rest  string
}{{stT, "rue"}, {stF, "alse"}, {stN, "ull"}}

func (t *thread) literal(c byte) stepResult {
	for _, l := range literals {
		if i := int(t.state - l.first); i >= 0 && i < len(l.rest) {
			if c != l.rest[i] {
				return stepFailed
			}
			if i == len(l.rest)-1 {
				t.state = stEndValue
			} else {
				t.state++
			}
			return stepOn
		}
	}
	panic(fmt.Sprintf("verify: scan state %d", t.state))
}
