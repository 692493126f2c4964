package verify

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"
)

func TestExtract(t *testing.T) {
	const plan = `{"meetings": [{"meeting": "M1", "day": "Mon", "start": "09:00", "room": "Oak"}], "objective": 3}`
	tests := []struct {
		name     string
		response string
		want     string // "" when an error is expected
		err      error
	}{
		{"fenced block", "Here is my plan.\n```json\n" + plan + "\n```\nDone.", plan, nil},
		{"fenced block, upper case tag and indentation", "1. The plan:\n   ```JSON\n   " + plan + "\n   ```\n", plan, nil},
		{"fenced block with CRLF", "plan:\r\n```json\r\n" + plan + "\r\n```\r\n", plan, nil},
		{"longer fence", "````json\n{\"a\": \"```\"}\n````\n", `{"a": "` + "```" + `"}`, nil},
		{"several blocks: the last", "draft:\n```json\n{\"a\": 1}\n```\nfinal:\n```json\n{\"a\": 2}\n```\nthanks", `{"a": 2}`, nil},
		{"json block wins over a later bare object", "```json\n{\"a\": 1}\n```\nNote: {\"b\": 2}", `{"a": 1}`, nil},
		{"other fences ignored", "```python\nd = {\"x\": 1}\n```\nanswer: {\"a\": 1} and\n```\n{\"b\": 2}\n```\n", `{"b": 2}`, nil},
		{"json fence inside another fence is content", "````markdown\n```json\n{\"a\": 1}\n```\n````\nfinal {\"b\": 2}", `{"b": 2}`, nil},
		{"unclosed last block runs to the end", "```json\n{\"a\": 1}\n```\n```json\n{\"a\": 2}\n", `{"a": 2}`, nil},
		{"block holding an array", "```json\n[1, 2]\n```", `[1, 2]`, nil},
		{"invalid last block", "```json\n{\"a\": 1}\n```\n```json\n{\"a\": 1,}\n```", "", ErrInvalidBlock},
		{"invalid last block, valid bare object after it", "```json\n{a: 1}\n```\n{\"b\": 2}", "", ErrInvalidBlock},
		{"empty json block", "```json\n```\n{\"b\": 2}", "", ErrInvalidBlock},
		{"bare object", "The plan is " + plan + " as asked.", plan, nil},
		{"bare object: the last", `first {"a": 1} then {"a": 2} end`, `{"a": 2}`, nil},
		{"prose with braces", `Use the form {name, day} for each. Plan: {"a": 1}. Hope {this} helps; {} is empty.`, `{}`, nil},
		{"prose braces after the object", `Plan: {"a": 1}. Reply {if needed}.`, `{"a": 1}`, nil},
		{"nested objects: the outermost", `x {"a": {"b": {"c": 1}}, "d": [{"e": 2}]} y`, `{"a": {"b": {"c": 1}}, "d": [{"e": 2}]}`, nil},
		{"strings with braces", `ok {"a": "}{", "b": "{{"} done`, `{"a": "}{", "b": "{{"}`, nil},
		{"strings with escaped quotes", `ok {"a": "say \"}\" now", "b": "\\"} done`, `{"a": "say \"}\" now", "b": "\\"}`, nil},
		{"stray quote in prose before the object", `{it's 5" long} then {"a": 1}`, `{"a": 1}`, nil},
		{"stray brace before the object", `the set {a, b and then {"a": 1}`, `{"a": 1}`, nil},
		{"truncated object: the last complete inner one", `{"meetings": [{"m": 1}, {"m": 2}, {"m": `, `{"m": 2}`, nil},
		{"inline code fence is not a fence", "answer: ```json {\"a\": 1}```", `{"a": 1}`, nil},
		{"no JSON", "I could not find a schedule.", "", ErrNoJSON},
		{"empty", "", "", ErrNoJSON},
		{"only invalid braces", "{not json} and {neither}", "", ErrNoJSON},
		{"array only", "[1, 2, 3]", "", ErrNoJSON},
		{"unbalanced", "{{{{", "", ErrNoJSON},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Extract(tt.response)
			if tt.err != nil {
				if !errors.Is(err, tt.err) {
					t.Fatalf("Extract = %s, %v; want error %v", got, err, tt.err)
				}
				return
			}
			if err != nil || string(got) != tt.want {
				t.Fatalf("Extract = %s, %v; want %s", got, err, tt.want)
			}
		})
	}
}

func TestExtractErrorMessages(t *testing.T) {
	_, err := Extract("no answer")
	if err == nil || err.Error() != "verify: no JSON answer found" {
		t.Errorf("got %v", err)
	}
	_, err = Extract("```json\n{\"a\": 1,\n \"b\" 2}\n```")
	want := `verify: the last json block is not valid JSON: invalid character '2' after object key (line 2, column 6 of the block)`
	if err == nil || err.Error() != want {
		t.Errorf("got  %v\nwant %s", err, want)
	}
	_, err = Extract("```json\n{\"a\": 1\n```")
	if want := "verify: the last json block is not valid JSON: unexpected end of JSON input"; err == nil || err.Error() != want {
		t.Errorf("got  %v\nwant %s", err, want)
	}
}

// adversarial are hostile texts of about n bytes for the object scan.
func adversarial(n int) map[string]string {
	return map[string]string{
		"open braces":          strings.Repeat("{", n),
		"open braces, quotes":  strings.Repeat(`{"`, n/2),
		"brace in strings":     strings.Repeat(`{"{"`, n/4),
		"nested then closed":   strings.Repeat(`{"{"`, n/8) + strings.Repeat("}", n/2),
		"deep invalid nesting": strings.Repeat(`{"a":`, n/10) + "x" + strings.Repeat("}", n/10),
		"deep valid nesting":   strings.Repeat(`{"a":`, n/10) + "1" + strings.Repeat("}", n/10),
		"deep arrays":          `{"a":` + strings.Repeat("[", n/2) + strings.Repeat("]", n/2) + "}",
		"many small invalid":   strings.Repeat("{x}", n/3),
		"many small objects":   strings.Repeat(`{"a":1}`, n/7),
		"escapes":              strings.Repeat(`{"\\"}`, n/6),
		"closing braces":       strings.Repeat("}", n),
		"alternating phases":   strings.Repeat(`{"}{"`, n/5),
		"open keys":            strings.Repeat(`{"a":{"`, n/7),
	}
}

// TestExtractLinear: on hostile texts the object scan runs at most two
// threads at once (the bound its reasoning gives) and allocates nothing
// per byte of text but the answer's copy: at most 1 MiB besides (each
// thread's ring of levels grows to 16,384 of 16 bytes, by doubling).
// Before it was one pass, 1 MiB of '{' allocated 52 bytes per byte.
func TestExtractLinear(t *testing.T) {
	const n = 1 << 20
	for name, text := range adversarial(n) {
		if _, _, threads := scanObjects(text); threads > 2 {
			t.Errorf("%s: %d threads at once, want at most 2", name, threads)
		}
		var answer []byte
		allocs := allocated(func() { answer, _ = Extract(text) })
		if allocs > uint64(len(answer))+1<<20 {
			t.Errorf("%s: Extract allocated %d bytes for %d bytes of text (an answer of %d)", name, allocs, len(text), len(answer))
		}
	}
}

// allocated returns the bytes f allocates on the heap.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestLastObjectOracle: the one-pass scan finds the object the scan it
// replaced found (a brace match per '{', then json.Valid on every span,
// last end first), on seeded random texts over JSON's characters and
// prose, and on hostile ones; on texts this short the old scan's parse
// budget is never reached, so it is exact.
func TestLastObjectOracle(t *testing.T) {
	var texts []string
	for _, text := range adversarial(1000) {
		texts = append(texts, text)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 30000 {
		texts = append(texts, randomText(rng, 1+rng.IntN(120)))
	}
	for range 30000 {
		texts = append(texts, mutatedJSON(rng))
	}
	for range 10000 { // fenced blocks
		fence := []string{"```json\n", "```JSON \n", "````json\n", "```\n", "```python\n", "  ```json\n", "```json"}
		close := []string{"\n```\n", "\n````", "```", "\n  ```\n", "\n``` x\n", ""}
		var b strings.Builder
		for range 1 + rng.IntN(3) {
			b.WriteString(randomText(rng, rng.IntN(3)))
			b.WriteString(fence[rng.IntN(len(fence))])
			b.WriteString(mutatedJSON(rng))
			b.WriteString(close[rng.IntN(len(close))])
		}
		texts = append(texts, b.String())
	}
	for _, text := range texts {
		compareOracle(t, text)
	}
}

// compareOracle fails t when Extract and oldExtract, or lastObject and
// oldLastObject, differ on text, or when the scan ran more than two
// threads at once.
func compareOracle(t *testing.T, text string) {
	t.Helper()
	answer, err := Extract(text)
	oldAnswer, oldErr := oldExtract(text)
	if string(answer) != string(oldAnswer) || fmt.Sprint(err) != fmt.Sprint(oldErr) {
		t.Fatalf("text %.300q (%d bytes):\nExtract    = %.300s, %v\noldExtract = %.300s, %v", text, len(text), answer, err, oldAnswer, oldErr)
	}
	got, ok := lastObject(text)
	want, wantOK := oldLastObject(text)
	if got != want || ok != wantOK {
		t.Fatalf("text %.300q (%d bytes):\nlastObject    = %.300q, %v\noldLastObject = %.300q, %v", text, len(text), got, ok, want, wantOK)
	}
	if _, _, threads := scanObjects(text); threads > 2 {
		t.Fatalf("text %.300q (%d bytes): %d threads at once", text, len(text), threads)
	}
}

// randomText draws n tokens: JSON's punctuation, escapes, numbers,
// literals, control and non-ASCII bytes, and prose.
func randomText(rng *rand.Rand, n int) string {
	tokens := []string{"{", "{", "{", "}", "}", "}", "[", "]", `"`, `"`, `"`, `\`, `\"`, ":", ",", " ", "\n",
		"a", "1", "0", "-", ".", "e", "E", "+", "t", "true", "fals", "false", "null", "nul",
		`"a"`, `"a":`, `{"a":`, `\u00e9`, `\u12`, "\x01", "\t", "é", "\xff", "12.5e-3", "-0", "01"}
	var b strings.Builder
	for range n {
		b.WriteString(tokens[rng.IntN(len(tokens))])
	}
	return b.String()
}

// mutatedJSON draws a valid JSON object of up to a few hundred bytes
// between bits of prose, then changes up to three of its bytes (each
// replaced by, or preceded by, a random token of randomText, or dropped).
func mutatedJSON(rng *rand.Rand) string {
	var b strings.Builder
	b.WriteString(randomText(rng, rng.IntN(4)))
	randomValue(rng, &b, 0, true)
	b.WriteString(randomText(rng, rng.IntN(4)))
	text := b.String()
	for range rng.IntN(4) {
		if text == "" {
			break
		}
		i := rng.IntN(len(text))
		tok := randomText(rng, 1)
		switch rng.IntN(3) {
		case 0:
			text = text[:i] + tok + text[i+1:]
		case 1:
			text = text[:i] + tok + text[i:]
		default:
			text = text[:i] + text[i+1:]
		}
	}
	return text
}

// randomValue writes a random JSON value (an object when object is set).
func randomValue(rng *rand.Rand, b *strings.Builder, depth int, object bool) {
	ws := func() {
		b.WriteString([]string{"", "", " ", "\n  "}[rng.IntN(4)])
	}
	kind := rng.IntN(8)
	if object {
		kind = 0
	} else if depth >= 4 {
		kind = 2 + rng.IntN(6)
	}
	switch kind {
	case 0:
		b.WriteByte('{')
		for i := range rng.IntN(4) {
			if i > 0 {
				b.WriteByte(',')
			}
			ws()
			b.WriteString([]string{`"a"`, `"day"`, `"{"`, `"x\"}"`, `"\u00e9"`}[rng.IntN(5)])
			ws()
			b.WriteByte(':')
			ws()
			randomValue(rng, b, depth+1, false)
		}
		ws()
		b.WriteByte('}')
	case 1:
		b.WriteByte('[')
		for i := range rng.IntN(4) {
			if i > 0 {
				b.WriteString(", ")
			}
			randomValue(rng, b, depth+1, false)
		}
		b.WriteByte(']')
	case 2, 3:
		b.WriteString([]string{`"Mon"`, `"{\"a\": 1}"`, `""`, `"\\"`, `"}{"`, `"é"`}[rng.IntN(6)])
	case 4, 5:
		b.WriteString([]string{"0", "-1", "12.5", "1e3", "-0.5E-2", "42"}[rng.IntN(6)])
	default:
		b.WriteString([]string{"true", "false", "null"}[rng.IntN(3)])
	}
}

// TestLastObjectDepth: json.Valid refuses values nested more than 10,000
// deep, so of nested objects the outermost that are too deep are passed
// over, and a thread whose outer levels are out of reach still finds the
// objects inside them. The old scan, the oracle, is within its budget on
// the first two texts only.
func TestLastObjectDepth(t *testing.T) {
	deep := func(levels int, inner string) string {
		return strings.Repeat(`{"a":`, levels) + inner + strings.Repeat("}", levels)
	}
	arrays := func(levels int, inner string) string {
		return strings.Repeat("[", levels) + inner + strings.Repeat("]", levels)
	}
	const sibling = `{"b":2}, "c": {"d":3}` // objects one level deeper
	for _, tt := range []struct {
		name, text, want string // want "": none
		oracle           bool
	}{
		{"at the limit", deep(maxDepth, "1"), deep(maxDepth, "1"), true},
		{"over the limit", deep(maxDepth+5, "1"), deep(maxDepth, "1"), true},
		{"arrays count, at the limit", `{"a":` + arrays(maxDepth-1, "") + "}", `{"a":` + arrays(maxDepth-1, "") + "}", false},
		{"arrays count, over the limit", `{"a":` + arrays(maxDepth, "") + "}", "", false},
		{"twice the limit, objects inside", deep(2*maxDepth+3, sibling), deep(maxDepth-1, sibling), false},
		{"arrays over the limit, an object inside", arrays(3*maxDepth, `{"a":1}`) + "}", `{"a":1}`, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := lastObject(tt.text)
			if ok != (tt.want != "") || got != tt.want {
				t.Errorf("lastObject = %.40q… (%d bytes), %v; want %.40q… (%d bytes)", got, len(got), ok, tt.want, len(tt.want))
			}
			if ok && !json.Valid([]byte(got)) {
				t.Error("json.Valid refuses the answer")
			}
			if tt.oracle {
				compareOracle(t, tt.text)
			}
		})
	}
	if json.Valid([]byte(deep(maxDepth, sibling))) || !json.Valid([]byte(deep(maxDepth-1, sibling))) {
		t.Error("json.Valid's depth limit is not 10,000")
	}
}

// FuzzLastObject compares the one-pass scan with the old one.
func FuzzLastObject(f *testing.F) {
	for _, text := range adversarial(200) {
		f.Add(text)
	}
	f.Add(`x {"a": {"b": {"c": 1}}, "d": [{"e": 2}]} y`)
	f.Add(`{"a": "}{\"{", "b": [1, -2.5e3, true, null]}`)
	f.Fuzz(func(t *testing.T, text string) {
		if len(text) > 1000 {
			return // the old scan's budget could cut it short
		}
		compareOracle(t, text)
	})
}

// BenchmarkExtractAdversarial: Extract on 1 MiB of each hostile text.
func BenchmarkExtractAdversarial(b *testing.B) {
	const n = 1 << 20
	for name, text := range adversarial(n) {
		b.Run(strings.ReplaceAll(name, " ", "-"), func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			b.ReportAllocs()
			for b.Loop() {
				_, _ = Extract(text)
			}
		})
	}
}
