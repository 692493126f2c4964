package llm

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

// TestJSONSchemaFormat pins the response_format of structured outputs.
func TestJSONSchemaFormat(t *testing.T) {
	got, err := JSONSchemaFormat("answer", json.RawMessage(`{"type": "object"}`), false)
	if err != nil {
		t.Fatal(err)
	}
	const want = `{"json_schema":{"name":"answer","schema":{"type":"object"},"strict":false},"type":"json_schema"}`
	if string(got) != want {
		t.Errorf("format %s, want %s", got, want)
	}
	for _, bad := range []string{``, `[]`, `null`, `"x"`, `{`} {
		if _, err := JSONSchemaFormat("answer", json.RawMessage(bad), false); err == nil {
			t.Errorf("schema %q: no error", bad)
		}
	}
}

// TestCompleteFormat: the format goes into the request body as
// response_format, the answer is cached under a key of its own (the key
// without a format is CacheKey's), and an extra body field
// response_format or a format that is not an object is refused before a
// request.
func TestCompleteFormat(t *testing.T) {
	f := newFake(t, okAnswer)
	c, _ := newTestClient(t, f, Config{CacheDir: t.TempDir()})
	format, err := JSONSchemaFormat("answer", json.RawMessage(`{"type": "object", "required": ["x"]}`), false)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if _, err := c.CompleteFormat(ctx, user("q"), 0, format); err != nil {
		t.Fatal(err)
	}
	got, _ := json.Marshal(f.reqs[0]["response_format"])
	var v any
	json.Unmarshal(format, &v)
	if want, _ := json.Marshal(v); !bytes.Equal(got, want) {
		t.Errorf("response_format %s, want %s", got, want)
	}
	if _, err := c.Complete(ctx, user("q"), 0); err != nil {
		t.Fatal(err)
	}
	if f.calls.Load() != 2 {
		t.Errorf("%d calls: the answer with a format answered the request without one", f.calls.Load())
	}
	if _, has := f.reqs[1]["response_format"]; has {
		t.Error("Complete sent a response_format")
	}
	if comp, err := c.CompleteFormat(ctx, user("q"), 0, format); err != nil || !comp.Cached {
		t.Errorf("the answer with a format was not cached: %v", err)
	}
	if c.FormatCacheKey(user("q"), 0, nil) != c.CacheKey(user("q"), 0) {
		t.Error("the key without a format is not CacheKey's")
	}
	spaced := json.RawMessage(strings.ReplaceAll(string(format), ":", ": "))
	if c.FormatCacheKey(user("q"), 0, spaced) != c.FormatCacheKey(user("q"), 0, format) {
		t.Error("white space in the format changes the key")
	}

	x := newFake(t, func(w http.ResponseWriter, _ *http.Request, _ int, req map[string]any) { ok(w, req) })
	cx, _ := newTestClient(t, x, Config{ExtraBody: map[string]json.RawMessage{"response_format": json.RawMessage(`{"type":"json_object"}`)}})
	if _, err := cx.CompleteFormat(ctx, user("q"), 0, format); err == nil || !strings.Contains(err.Error(), "response_format") {
		t.Errorf("extra body response_format with a format: %v", err)
	}
	if _, err := cx.Complete(ctx, user("q"), 0); err != nil {
		t.Errorf("extra body response_format alone: %v", err)
	}
	if _, err := c.CompleteFormat(ctx, user("q"), 0, json.RawMessage(`[1]`)); err == nil {
		t.Error("a format that is not an object: no error")
	}
	if x.calls.Load() != 1 {
		t.Errorf("%d requests, want 1 (the refused ones make none)", x.calls.Load())
	}
}
