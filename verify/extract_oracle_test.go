package verify

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strings"
)

// Extract as it was before its object scan became one pass (a brace match
// per '{', then json.Valid on each span, last end first, within a parse
// budget) and its block scan stopped copying: the oracle of
// TestLastObjectOracle and FuzzLastObject. On texts of up to 1,000 bytes
// its budget of 4×len+1 MiB is never reached, so there it is exact.

func oldExtract(response string) (json.RawMessage, error) {
	response = TrimEnd(response)
	if block, ok := oldLastJSONBlock(response); ok {
		b := bytes.TrimSpace([]byte(block))
		if err := validJSON(b); err != nil {
			return nil, fmt.Errorf("%w: %s", ErrInvalidBlock, describeJSONError(b, err))
		}
		return b, nil
	}
	if obj, ok := oldLastObject(response); ok {
		return json.RawMessage(obj), nil
	}
	return nil, ErrNoJSON
}

// oldLastJSONBlock returns the content of the last ```json block of text.
func oldLastJSONBlock(text string) (string, bool) {
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

// oldSpan is a balanced object candidate: text[start : end+1].
type oldSpan struct{ start, end int }

// oldLastObject returns the balanced span of text that parses as JSON and ends
// last.
func oldLastObject(text string) (string, bool) {
	if strings.IndexByte(text, '{') < 0 || len(text) >= math.MaxInt32 {
		return "", false
	}
	spans, _ := oldBalancedSpans(text)
	// The last end first; for one end, the outer (earlier) start first.
	slices.SortFunc(spans, func(a, b oldSpan) int {
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

// oldBalancedSpans returns, for every '{' of text that has a matching '}', the
// span between them, and the number of bytes its scans read. Strings are tracked from each '{' on its own: a '{'
// inside a string as seen from one start may open an object from another.
//
// Matches are memoized: when a scan from some start meets a '{' outside its
// strings, a scan from that '{' would see the same strings from there on
// (both are outside a string just after it), so its match is recorded once
// and reused, by later starts and by scans that meet the same '{' again.
func oldBalancedSpans(text string) (spans []oldSpan, steps int) {
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
			spans = append(spans, oldSpan{start, int(m) - 1})
		}
	}
	return spans, steps
}
