package serve

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/plancert/plancert/domains"
)

// TestPanicRecovered: a panic while scoring, in the handler or in one of
// its workers, is a 500 with a JSON message, is logged, and the server
// goes on answering.
func TestPanicRecovered(t *testing.T) {
	var logged bytes.Buffer
	s, err := New([]*domains.Record{{ID: "x"}}, Options{Workers: 4, ErrorLog: log.New(&logged, "", 0)})
	if err != nil {
		t.Fatal(err)
	}
	s.mux.HandleFunc("/panic-worker", s.post(func(context.Context, []byte) (any, *requestError) {
		s.parallel(16, func(i int) {
			if i == 7 {
				panic("boom in a worker")
			}
		})
		return nil, nil
	}))
	s.mux.HandleFunc("/panic-handler", func(http.ResponseWriter, *http.Request) { panic("boom in the handler") })
	for _, path := range []string{"/panic-worker", "/panic-handler"} {
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, httptest.NewRequest("POST", path, strings.NewReader("{}")))
		var e errorBody
		if err := json.Unmarshal(rec.Body.Bytes(), &e); err != nil || rec.Code != 500 || !strings.Contains(e.Error, "internal error: boom") {
			t.Errorf("%s: %d %q (%v)", path, rec.Code, rec.Body, err)
		}
		if !strings.Contains(logged.String(), "serve: panic handling POST "+path) {
			t.Errorf("%s: the panic is not logged: %q", path, logged.String())
		}
	}
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, httptest.NewRequest("GET", "/healthz", nil))
	if rec.Code != 200 {
		t.Errorf("after the panics, /healthz: %d", rec.Code)
	}
}

// TestResponseOfInvalidText: a prompt that ends inside a character (bad
// UTF-8, or the first half of a surrogate pair) is cut as the decoded
// texts are.
func TestResponseOfInvalidText(t *testing.T) {
	tests := []struct{ query, prompt string }{
		{"\"P\xe6\x97\xa5R\"", "\"P\xe6\""},     // 日 split after its first byte
		{"\"P\xe6\x97\xa5R\"", "\"P\xe6\x97\""}, // and after its second
		{`"P\ud83d\ude00R"`, `"P\ud83d"`},       // 😀 split between its surrogates
		{`"P\ud83d\uDE00R"`, `"P\ud83d"`},       // upper-case hex
		{"\"P\xffR\"", "\"P\xff\""},             // a byte that is never UTF-8
		{`"P\ud83dR"`, `"P\ud83d"`},             // a lone surrogate, then ASCII
	}
	for _, tt := range tests {
		q, p := []byte(tt.query), []byte(tt.prompt)
		wantResp, wantFound := stripPrompt(unquote(q), unquote(p))
		if got, found := responseOf(q, p); got != wantResp || found != wantFound {
			t.Errorf("responseOf(%q, %q) = %q %v, want %q %v", q, p, got, found, wantResp, wantFound)
		}
	}
}

func TestStripPrompt(t *testing.T) {
	tests := []struct {
		query, prompt, resp string
		found               bool
	}{
		{"PR", "P", "R", true},
		{"xPRPS", "P", "S", true},
		{"QR", "P", "QR", false},
		{"QR", "", "QR", true},
		{"", "P", "", false},
	}
	for _, tt := range tests {
		if resp, found := stripPrompt(tt.query, tt.prompt); resp != tt.resp || found != tt.found {
			t.Errorf("stripPrompt(%q, %q) = %q, %v; want %q, %v", tt.query, tt.prompt, resp, found, tt.resp, tt.found)
		}
	}
}

// TestResponseOf: cutting the response out of the encoded query gives what
// stripPrompt gives on the decoded texts, whether or not the client
// encoded the prompt and the query alike.
func TestResponseOf(t *testing.T) {
	encoders := map[string]func(string) []byte{
		"html": func(s string) []byte { b, _ := json.Marshal(s); return b },
		"plain": func(s string) []byte {
			var buf bytes.Buffer
			enc := json.NewEncoder(&buf)
			enc.SetEscapeHTML(false)
			enc.Encode(s)
			return bytes.TrimSpace(buf.Bytes())
		},
		"ascii": func(s string) []byte { // every non-ASCII rune and < as \uXXXX, as Python's json.dumps does
			var b strings.Builder
			b.WriteByte('"')
			for _, r := range s {
				switch {
				case r == '"' || r == '\\':
					b.WriteString(`\` + string(r))
				case r < 0x20 || r == '<' || (r > 0x7e && r < 0x10000):
					fmt.Fprintf(&b, `\u%04x`, r)
				case r >= 0x10000:
					r -= 0x10000
					fmt.Fprintf(&b, `\u%04x\u%04x`, 0xd800+(r>>10), 0xdc00+(r&0x3ff))
				default:
					b.WriteRune(r)
				}
			}
			b.WriteByte('"')
			return []byte(b.String())
		},
	}
	alphabet := []string{"a", "Z", " ", "\n", "\"", "\\", "<", "é", "日", "😀", "\t", "/", "```json\n{}\n```"}
	rng := rand.New(rand.NewPCG(1, 2))
	text := func(n int) string {
		var b strings.Builder
		for range n {
			b.WriteString(alphabet[rng.IntN(len(alphabet))])
		}
		return b.String()
	}
	for i := range 3000 {
		prompt, resp := text(rng.IntN(6)), text(rng.IntN(6))
		query := prompt + resp
		switch i % 4 {
		case 1:
			query = text(2) + prompt + resp // the prompt inside
		case 2:
			query = text(5) // the prompt most likely absent
		}
		wantResp, wantFound := stripPrompt(query, prompt)
		for qn, qe := range encoders {
			for pn, pe := range encoders {
				got, found := responseOf(qe(query), pe(prompt))
				if got != wantResp || found != wantFound {
					t.Fatalf("query %q (%s), prompt %q (%s): got %q %v, want %q %v", query, qn, prompt, pn, got, found, wantResp, wantFound)
				}
			}
			if got, found := responseOf(qe(query), nil); got != query || !found {
				t.Fatalf("query %q (%s) without a prompt: got %q %v", query, qn, got, found)
			}
		}
	}
}
