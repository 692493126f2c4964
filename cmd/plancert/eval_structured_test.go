package main

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/plancert/plancert/domains"
)

// TestEvalStructured: with --structured every request carries the
// record's answer_json_schema as response_format (name "answer", not
// strict), and a reply that is the bare reference object, without a
// fence, passes every item. A record without answer_json_schema, or an
// --extra-body that sets response_format too, is exit 2 before any
// request.
func TestEvalStructured(t *testing.T) {
	suite, records := evalTestSuite(t)
	byPrompt := map[string]*domains.Record{}
	for _, r := range records {
		if len(r.AnswerJSONSchema) == 0 {
			t.Fatalf("%s: the fixture has no answer_json_schema (go test ./cmd/plancert -update)", r.ID)
		}
		byPrompt[r.Prompt] = r
	}
	var mu sync.Mutex
	var bad []string
	calls := 0
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req struct {
			Messages []struct{ Role, Content string } `json:"messages"`
			Format   struct {
				Type       string `json:"type"`
				JSONSchema struct {
					Name   string          `json:"name"`
					Schema json.RawMessage `json:"schema"`
					Strict *bool           `json:"strict"`
				} `json:"json_schema"`
			} `json:"response_format"`
		}
		body, _ := io.ReadAll(r.Body)
		if err := json.Unmarshal(body, &req); err != nil || len(req.Messages) == 0 {
			http.Error(w, "bad request", http.StatusBadRequest)
			return
		}
		rec := byPrompt[req.Messages[len(req.Messages)-1].Content]
		mu.Lock()
		calls++
		js := req.Format.JSONSchema
		var want bytes.Buffer
		json.Compact(&want, rec.AnswerJSONSchema)
		var got bytes.Buffer
		json.Compact(&got, js.Schema)
		if req.Format.Type != "json_schema" || js.Name != "answer" || js.Strict == nil || *js.Strict || !bytes.Equal(got.Bytes(), want.Bytes()) {
			bad = append(bad, rec.ID+": "+string(body[:min(len(body), 300)]))
		}
		mu.Unlock()
		json.NewEncoder(w).Encode(map[string]any{"choices": []any{map[string]any{
			"index": 0, "finish_reason": "stop", "message": map[string]any{"role": "assistant", "content": string(rec.Reference.Plan)}}}})
	}))
	t.Cleanup(srv.Close)
	endpoint := srv.URL + "/v1"
	args := []string{"eval", "--suite", suite, "--endpoint", endpoint, "--model", "fake", "--no-cache", "--structured", "--json"}
	r := runPlancert(t, "", args...)
	if r.code != exitOK {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	if len(bad) > 0 || calls != len(records) {
		t.Fatalf("%d calls for %d records; requests without the record's schema as response_format:\n%s", calls, len(records), strings.Join(bad, "\n"))
	}
	var sum evalSummaryJSON
	if err := json.Unmarshal([]byte(r.stdout), &sum); err != nil {
		t.Fatal(err)
	}
	if sum.AllPassed != len(records) || sum.Parsed != len(records) {
		t.Errorf("the bare reference objects: %d of %d pass, %d parsed", sum.AllPassed, len(records), sum.Parsed)
	}

	// A suite whose second record has no schema.
	data, err := os.ReadFile(suite)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	var rec map[string]json.RawMessage
	if err := json.Unmarshal([]byte(lines[1]), &rec); err != nil {
		t.Fatal(err)
	}
	delete(rec, "answer_json_schema")
	delete(rec, "hash") // a record of before both existed
	b, _ := json.Marshal(rec)
	lines[1] = string(b)
	old := filepath.Join(t.TempDir(), "old.jsonl")
	if err := os.WriteFile(old, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	before := calls
	r = runPlancert(t, "", "eval", "--suite", old, "--endpoint", endpoint, "--model", "fake", "--no-cache", "--structured")
	if r.code != exitBadInput || !strings.Contains(r.stderr, records[1].ID) || !strings.Contains(r.stderr, "answer_json_schema") {
		t.Errorf("a record without answer_json_schema: exit %d: %s", r.code, r.stderr)
	}
	r = runPlancert(t, "", "eval", "--suite", suite, "--endpoint", endpoint, "--model", "fake", "--no-cache", "--structured",
		"--extra-body", `{"response_format": {"type": "json_object"}}`)
	if r.code != exitBadInput || !strings.Contains(r.stderr, "response_format") {
		t.Errorf("--extra-body response_format with --structured: exit %d: %s", r.code, r.stderr)
	}
	if calls != before {
		t.Errorf("%d requests made by the refused runs", calls-before)
	}
}
