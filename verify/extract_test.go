package verify

import (
	"errors"
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

// adversarial are hostile texts of about n bytes for the brace scan.
func adversarial(n int) map[string]string {
	return map[string]string{
		"open braces":          strings.Repeat("{", n),
		"open braces, quotes":  strings.Repeat(`{"`, n/2),
		"brace in strings":     strings.Repeat(`{"{"`, n/4),
		"nested then closed":   strings.Repeat(`{"{"`, n/8) + strings.Repeat("}", n/2),
		"deep invalid nesting": strings.Repeat(`{"a":`, n/10) + "x" + strings.Repeat("}", n/10),
		"many small invalid":   strings.Repeat("{x}", n/3),
		"many small objects":   strings.Repeat(`{"a":1}`, n/7),
		"escapes":              strings.Repeat(`{"\\"}`, n/6),
		"closing braces":       strings.Repeat("}", n),
		"alternating phases":   strings.Repeat(`{"}{"`, n/5),
	}
}

// TestExtractLinear checks that the brace scan reads each byte a bounded
// number of times on hostile texts (at O(n²) they would take minutes).
func TestExtractLinear(t *testing.T) {
	const n = 1 << 16
	for name, text := range adversarial(n) {
		if _, steps := balancedSpans(text); steps > 4*len(text) {
			t.Errorf("%s: the scan read %d bytes of %d", name, steps, len(text))
		}
		_, _ = Extract(text) // the parse budget bounds the rest
	}
}

func BenchmarkExtractAdversarial(b *testing.B) {
	const n = 1 << 20
	for name, text := range adversarial(n) {
		b.Run(strings.ReplaceAll(name, " ", "-"), func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			for b.Loop() {
				_, _ = Extract(text)
			}
		})
	}
}
