package main

import (
	"bufio"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/plancert/plancert/gen/loop"
)

// TestLoopEndpoint: --responder endpoint asks the model each step's prompt
// (here a local server that never solves), every instance is kept, the
// trace has a line per step with its level, and the key read from the
// environment is sent but never printed.
func TestLoopEndpoint(t *testing.T) {
	var calls atomic.Int64
	var auth atomic.Value
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		auth.Store(r.Header.Get("Authorization"))
		json.NewEncoder(w).Encode(map[string]any{"model": "m", "choices": []any{map[string]any{
			"index": 0, "finish_reason": "stop", "message": map[string]any{"role": "assistant", "content": "I cannot plan this."}}}})
	}))
	defer srv.Close()
	t.Setenv("PLANCERT_TEST_KEY", "sk-secret-loop")
	dir := t.TempDir()
	out, trace := filepath.Join(dir, "kept.jsonl"), filepath.Join(dir, "trace.jsonl")
	res := runPlancert(t, "", "loop", "--task", "meeting-planning", "--responder", "endpoint", "--endpoint", srv.URL+"/v1",
		"--model", "m", "--api-key-env", "PLANCERT_TEST_KEY", "--no-cache", "--n", "3", "--out", out, "--trace", trace)
	if res.code != exitOK {
		t.Fatalf("exit %d: %s", res.code, res.stderr)
	}
	if calls.Load() != 3 || auth.Load() != "Bearer sk-secret-loop" {
		t.Errorf("%d requests with Authorization %q, want 3 with the key", calls.Load(), auth.Load())
	}
	if strings.Contains(res.stderr+res.stdout, "sk-secret-loop") {
		t.Error("the API key was printed")
	}
	f, err := os.Open(trace)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	n := 0
	for sc := bufio.NewScanner(f); sc.Scan(); n++ {
		var st loop.Step
		if err := json.Unmarshal(sc.Bytes(), &st); err != nil {
			t.Fatal(err)
		}
		if st.Solved || !st.Kept || st.Level != 1 {
			t.Errorf("step %d: %+v, want failed, kept, level 1", st.Step, st)
		}
	}
	if n != 3 {
		t.Errorf("%d trace lines, want 3", n)
	}
	for _, args := range [][]string{
		{"--responder", "reference", "--level", "0"},
		{"--responder", "reference", "--level", "3", "--max-level", "2"},
		{"--responder", "reference", "--model", "m"},
		{"--responder", "endpoint"},
	} {
		args = append([]string{"loop", "--task", "meeting-planning", "--n", "1", "--out", out, "--trace", trace}, args...)
		if res := runPlancert(t, "", args...); res.code != exitBadInput {
			t.Errorf("%v: exit %d, want %d (usage)", args, res.code, exitBadInput)
		}
	}
}
