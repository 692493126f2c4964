package serve

import (
	"bytes"
	"encoding/json"
	"log"
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
	s.mux.HandleFunc("/panic-worker", s.post(func([]byte) (any, *requestError) {
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
