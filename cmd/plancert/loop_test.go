package main

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/plancert/plancert/gen/loop"
	"github.com/plancert/plancert/verify"
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

// TestLoopEndpointTruncated: the endpoint responder gives no answer for a
// reply cut at the token limit, even one that holds the whole reference
// plan, so that the loop counts it failed as eval scores it 0; the same
// reply ended by the model solves.
func TestLoopEndpointTruncated(t *testing.T) {
	recs, _ := verifyFixture(t)
	rec := recs[0]
	var finish atomic.Value
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		json.NewEncoder(w).Encode(map[string]any{"choices": []any{map[string]any{"finish_reason": finish.Load(),
			"message": map[string]any{"role": "assistant", "content": "```json\n" + string(rec.Reference.Plan) + "\n```"}}}})
	}))
	defer srv.Close()
	for _, tc := range []struct {
		finish string
		solved int
	}{{"length", 0}, {"stop", 1}} {
		finish.Store(tc.finish)
		o := &loopOptions{Responder: "endpoint", LLM: llmFlags{Endpoint: srv.URL + "/v1", Model: "m", NoCache: true, Concurrency: 1, Timeout: time.Minute}}
		r, err := o.responder()
		if err != nil {
			t.Fatal(err)
		}
		resp, err := r.Respond(context.Background(), rec)
		if err != nil {
			t.Fatal(err)
		}
		if got := verify.ScoreResponse(context.Background(), rec, resp, verify.RewardAllPass).AllPass; got != tc.solved {
			t.Errorf("finish_reason %q: all-pass %d, want %d", tc.finish, got, tc.solved)
		}
	}
}
