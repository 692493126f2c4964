package serve

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"unicode/utf8"
)

// scanRewardRequest reads the usual shape of a /get_reward body quickly:
// one object whose keys are among "query", "prompts" and "labels", each
// at most once and spelled exactly so, each null or a list of strings. For
// anything else — another key, an escaped or differently cased key, a
// duplicate, another kind of value, a syntax error, trailing data — it
// returns ok false, and the caller decodes the body with json.Unmarshal,
// which also words the errors. Strings are checked as encoding/json checks
// them (no raw control characters; valid escapes), so ok is never true for
// a body json.Unmarshal refuses, and the request is the one it decodes.
//
// Profiled on 1,024-query OpenRLHF batches (each prompt sent twice, about
// 8 MB), encoding/json's byte-by-byte scan of the body cost about as much
// CPU as grading; this loop skips string contents several times faster.
// The query and prompt texts stay encoded, as slices of body.
func scanRewardRequest(body []byte) (req rawRewardRequest, ok bool) {
	s := scanner{b: body}
	s.ws()
	if !s.eat('{') {
		return req, false
	}
	s.ws()
	if s.eat('}') {
		return req, s.end()
	}
	var seen [3]bool
	for {
		key, ok := s.str()
		if !ok {
			return req, false
		}
		k := -1
		switch string(key) {
		case `"query"`:
			k = 0
		case `"prompts"`:
			k = 1
		case `"labels"`:
			k = 2
		}
		if k < 0 || seen[k] {
			return req, false
		}
		seen[k] = true
		s.ws()
		if !s.eat(':') {
			return req, false
		}
		s.ws()
		list, ok := s.strList()
		if !ok {
			return req, false
		}
		switch k {
		case 0:
			req.Query = list
		case 1:
			req.Prompts = list
		case 2:
			if list != nil {
				req.Labels = make([]string, len(list))
				for i, raw := range list {
					req.Labels[i] = decodeString(raw)
				}
			}
		}
		s.ws()
		if s.eat(',') {
			s.ws()
			continue
		}
		if s.eat('}') {
			return req, s.end()
		}
		return req, false
	}
}

// scanScoreRequest is scanRewardRequest for the usual /v1/score body: one
// object with keys among "items" (null or a list of objects with keys
// among "id", "response" and "hash", strings) and "reward" (a string). Responses
// stay encoded, for the workers to decode in parallel.
func scanScoreRequest(body []byte) (req rawScoreRequest, ok bool) {
	s := scanner{b: body}
	s.ws()
	if !s.eat('{') {
		return req, false
	}
	s.ws()
	if s.eat('}') {
		return req, s.end()
	}
	var seenItems, seenReward bool
	for {
		key, ok := s.str()
		if !ok {
			return req, false
		}
		s.ws()
		if !s.eat(':') {
			return req, false
		}
		s.ws()
		switch string(key) {
		case `"items"`:
			if seenItems {
				return req, false
			}
			seenItems = true
			if req.Items, ok = s.items(); !ok {
				return req, false
			}
		case `"reward"`:
			if seenReward {
				return req, false
			}
			seenReward = true
			raw, ok := s.str()
			if !ok {
				return req, false
			}
			req.Reward = decodeString(raw)
		default:
			return req, false
		}
		s.ws()
		if s.eat(',') {
			s.ws()
			continue
		}
		if s.eat('}') {
			return req, s.end()
		}
		return req, false
	}
}

// items consumes null (nil) or a list of {"id", "response", "hash"}
// objects.
func (s *scanner) items() ([]rawScoreItem, bool) { return scanList(s, s.item) }

// item consumes one {"id": "...", "response": "...", "hash": "..."}
// object (any key may be missing; no other key, no key twice).
func (s *scanner) item() (it rawScoreItem, ok bool) {
	if !s.eat('{') {
		return it, false
	}
	s.ws()
	if s.eat('}') {
		return it, true
	}
	for {
		key, ok := s.str()
		if !ok {
			return it, false
		}
		s.ws()
		if !s.eat(':') {
			return it, false
		}
		s.ws()
		raw, ok := s.str()
		if !ok {
			return it, false
		}
		switch string(key) {
		case `"id"`:
			if it.ID != nil {
				return it, false
			}
			id := decodeString(raw)
			it.ID = &id
		case `"response"`:
			if it.Raw != nil {
				return it, false
			}
			it.Raw = raw
		case `"hash"`:
			if it.Hash != nil {
				return it, false
			}
			h := decodeString(raw)
			it.Hash = &h
		default:
			return it, false
		}
		s.ws()
		if s.eat(',') {
			s.ws()
			continue
		}
		if s.eat('}') {
			return it, true
		}
		return it, false
	}
}

// decodeString decodes a JSON string the scanner has checked, without
// encoding/json when it has no escapes and is valid UTF-8.
func decodeString(raw []byte) string {
	if c := raw[1 : len(raw)-1]; plain(c) {
		return string(c)
	}
	return unquote(raw)
}

// decodeContent is decodeString of the string whose content (between the
// quotes) is c, which the scanner has checked: a copy of c when it is
// plain, else the decoding of a quoted copy.
func decodeContent(c []byte) string {
	if plain(c) {
		return string(c)
	}
	q := make([]byte, 0, len(c)+2)
	return unquote(append(append(append(q, '"'), c...), '"'))
}

// plain says JSON string content c has no escapes and is valid UTF-8
// (invalid bytes become U+FFFD when encoding/json decodes it), so that it
// is its own decoding.
func plain(c []byte) bool { return bytes.IndexByte(c, '\\') < 0 && utf8.Valid(c) }

// scanner walks a JSON text.
type scanner struct {
	b []byte
	i int
}

func (s *scanner) ws() {
	for s.i < len(s.b) {
		switch s.b[s.i] {
		case ' ', '\t', '\n', '\r':
			s.i++
		default:
			return
		}
	}
}

// eat consumes c if it is next.
func (s *scanner) eat(c byte) bool {
	if s.i < len(s.b) && s.b[s.i] == c {
		s.i++
		return true
	}
	return false
}

// end says only white space is left.
func (s *scanner) end() bool {
	s.ws()
	return s.i == len(s.b)
}

// str consumes a string and returns it with its quotes.
func (s *scanner) str() ([]byte, bool) {
	start := s.i
	if !s.eat('"') {
		return nil, false
	}
	for s.i < len(s.b) {
		s.i += plainRun(s.b[s.i:])
		if s.i >= len(s.b) {
			break
		}
		c := s.b[s.i]
		switch {
		case c == '"':
			s.i++
			return s.b[start:s.i], true
		case c == '\\':
			if s.i+1 >= len(s.b) {
				return nil, false
			}
			switch s.b[s.i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				s.i += 2
			case 'u':
				if s.i+6 > len(s.b) || !isHex4(s.b[s.i+2:s.i+6]) {
					return nil, false
				}
				s.i += 6
			default:
				return nil, false
			}
		case c < 0x20:
			return nil, false
		default:
			s.i++
		}
	}
	return nil, false
}

// plainRun returns the length of the longest prefix of b that a JSON
// string's content may hold as it is: no '"', no '\\' and no control
// character. It tests 16 bytes at a time, then 8 (special), then finds
// the first such byte one at a time. Prompts are most of a /get_reward body,
// and long runs of plain text.
func plainRun(b []byte) int {
	n := len(b)
	for len(b) >= 16 {
		w, v := binary.LittleEndian.Uint64(b), binary.LittleEndian.Uint64(b[8:])
		if special(w)|special(v) != 0 {
			break
		}
		b = b[16:]
	}
	for len(b) >= 8 && special(binary.LittleEndian.Uint64(b)) == 0 {
		b = b[8:]
	}
	for len(b) > 0 {
		if c := b[0]; c == '"' || c == '\\' || c < 0x20 {
			break
		}
		b = b[1:]
	}
	return n - len(b)
}

// special is not 0 when a byte of w is '"', '\\' or below 0x20: by the
// usual bit tricks, a word has a byte below n, for n ≤ 128, exactly when
// (w - n·0x01…01) & ^w & 0x80…80 ≠ 0, and a zero byte (of w xor the byte
// sought) likewise with n = 1.
func special(w uint64) uint64 {
	const lo, hi = 0x0101010101010101, 0x8080808080808080
	q, bs := w^(lo*'"'), w^(lo*'\\')
	return ((w-lo*0x20)&^w | (q-lo)&^q | (bs-lo)&^bs) & hi
}

func isHex4(b []byte) bool {
	for _, c := range b {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
			return false
		}
	}
	return true
}

// strList consumes null (a nil list) or a list of strings (never nil).
func (s *scanner) strList() ([]json.RawMessage, bool) {
	return scanList(s, func() (json.RawMessage, bool) { return s.str() })
}

// scanList consumes null (a nil list) or a JSON array (never nil) whose
// elements elem consumes, with the whitespace around them.
func scanList[T any](s *scanner, elem func() (T, bool)) ([]T, bool) {
	if len(s.b)-s.i >= 4 && string(s.b[s.i:s.i+4]) == "null" {
		s.i += 4
		return nil, true
	}
	if !s.eat('[') {
		return nil, false
	}
	list := []T{}
	s.ws()
	if s.eat(']') {
		return list, true
	}
	for {
		x, ok := elem()
		if !ok {
			return nil, false
		}
		list = append(list, x)
		s.ws()
		if s.eat(',') {
			s.ws()
			continue
		}
		if s.eat(']') {
			return list, true
		}
		return nil, false
	}
}
