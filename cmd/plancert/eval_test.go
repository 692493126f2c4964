package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/verify"
)

// fakeModel is an OpenAI-compatible test server. answer gets the prompt's
// record (nil for an unknown prompt) and returns the answer, or an HTTP
// status to fail with.
type fakeModel struct {
	srv   *httptest.Server
	calls atomic.Int64
	mu    sync.Mutex
	auth  []string
}

func newFakeModel(t *testing.T, records []*domains.Record, answer func(r *http.Request, rec *domains.Record) (string, int)) *fakeModel {
	t.Helper()
	byPrompt := map[string]*domains.Record{}
	for _, r := range records {
		byPrompt[r.Prompt] = r
	}
	m := &fakeModel{}
	m.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		m.calls.Add(1)
		m.mu.Lock()
		m.auth = append(m.auth, r.Header.Get("Authorization"))
		m.mu.Unlock()
		var req struct {
			Model    string `json:"model"`
			Messages []struct {
				Role, Content string
			} `json:"messages"`
		}
		body, _ := io.ReadAll(r.Body)
		if err := json.Unmarshal(body, &req); err != nil || len(req.Messages) == 0 || r.URL.Path != "/v1/chat/completions" {
			http.Error(w, "bad request", http.StatusBadRequest)
			return
		}
		text, status := answer(r, byPrompt[req.Messages[len(req.Messages)-1].Content])
		if status != 0 {
			w.WriteHeader(status)
			io.WriteString(w, `{"error": {"message": "scripted failure"}}`)
			return
		}
		json.NewEncoder(w).Encode(map[string]any{"model": req.Model, "choices": []any{map[string]any{
			"index": 0, "finish_reason": "stop", "message": map[string]any{"role": "assistant", "content": text}}}})
	}))
	t.Cleanup(m.srv.Close)
	return m
}

func (m *fakeModel) endpoint() string { return m.srv.URL + "/v1" }

func evalTestSuite(t *testing.T) (string, []*domains.Record) {
	t.Helper()
	path := filepath.Join(verifyDir, "suite.jsonl")
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := verify.ReadSuite(f)
	if err != nil {
		t.Fatal(err)
	}
	return path, recs
}

// halfRight answers the records at even positions with the reference plan
// and the others with garbage.
func halfRight(records []*domains.Record) func(*http.Request, *domains.Record) (string, int) {
	pos := map[*domains.Record]int{}
	for i, r := range records {
		pos[r] = i
	}
	return func(_ *http.Request, rec *domains.Record) (string, int) {
		if rec == nil {
			return "unknown prompt", 0
		}
		if pos[rec]%2 == 0 {
			return "My schedule:\n```json\n" + string(rec.Reference.Plan) + "\n```\n", 0
		}
		return "Sorry, no idea. {not json", 0
	}
}

func TestEvalEndToEnd(t *testing.T) {
	const secret = "sk-eval-test-9f1e2d3c"
	t.Setenv("PLANCERT_EVAL_TEST_KEY", secret)
	suite, records := evalTestSuite(t)
	m := newFakeModel(t, records, halfRight(records))
	dir := t.TempDir()
	cache := filepath.Join(dir, "cache")
	out := filepath.Join(dir, "responses.jsonl")
	args := []string{"eval", "--suite", suite, "--endpoint", m.endpoint(), "--model", "fake-1",
		"--api-key-env", "PLANCERT_EVAL_TEST_KEY", "--cache", cache, "--samples", "2", "--out", out, "--json"}
	r := runPlancert(t, "", args...)
	if r.code != exitOK {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	right := (len(records) + 1) / 2
	var sum evalSummaryJSON
	if err := json.Unmarshal([]byte(r.stdout), &sum); err != nil {
		t.Fatalf("%v: %s", err, r.stdout)
	}
	if sum.Records != len(records) || sum.Responses != 2*len(records) || sum.AllPassed != 2*right ||
		sum.Parsed != 2*right || sum.Requests.Written != 2*len(records) || sum.Requests.Cached != 0 ||
		sum.Model != "fake-1" || sum.Samples != 2 {
		t.Errorf("summary %s", r.stdout)
	}
	if want := float64(right) / float64(len(records)); sum.AllPass.Mean != want || !(sum.AllPass.Lo < want && want < sum.AllPass.Hi) {
		t.Errorf("all-pass %+v, want mean %v inside its interval", sum.AllPass, want)
	}
	if len(sum.ErrorKinds) != 1 || sum.ErrorKinds[0].Kind != verify.ErrorFormat || sum.ErrorKinds[0].N != 2*(len(records)-right) {
		t.Errorf("error kinds %+v, want only format errors", sum.ErrorKinds)
	}
	if m.auth[0] != "Bearer "+secret {
		t.Errorf("authorization %q", m.auth[0])
	}

	// plancert score reads the file and agrees.
	s := runPlancert(t, "", "score", "--suite", suite, "--responses", out, "--json")
	var ssum scoreSummaryJSON
	if err := json.Unmarshal([]byte(s.stdout), &ssum); err != nil || s.code != exitOK {
		t.Fatalf("score: exit %d %v: %s", s.code, err, s.stderr)
	}
	if ssum.Report.AllPass != sum.AllPass || ssum.Report.AvgPass != sum.AvgPass || ssum.Report.N != sum.N {
		t.Errorf("score says %+v, eval said %+v", ssum.Report, sum.Report)
	}

	// The rerun is answered by the cache, writes the same file, and the
	// text report is the score report.
	first, _ := os.ReadFile(out)
	calls := m.calls.Load()
	r2 := runPlancert(t, "", args[:len(args)-1]...)
	if r2.code != exitOK || m.calls.Load() != calls {
		t.Fatalf("rerun: exit %d, %d new calls: %s", r2.code, m.calls.Load()-calls, r2.stderr)
	}
	if again, _ := os.ReadFile(out); !bytes.Equal(again, first) {
		t.Error("the rerun wrote a different responses file")
	}
	if !strings.Contains(r2.stderr, "(10 from the cache)") {
		t.Errorf("stderr does not count the cached answers: %s", r2.stderr)
	}
	text := runPlancert(t, "", "score", "--suite", suite, "--responses", out)
	if r2.stdout != text.stdout {
		t.Errorf("eval's report differs from score's:\n%s\n---\n%s", r2.stdout, text.stdout)
	}

	// The key is nowhere: outputs, the responses file, the cache.
	for name, s := range map[string]string{"stdout": r.stdout + r2.stdout, "stderr": r.stderr + r2.stderr, "responses": string(first)} {
		if strings.Contains(s, secret) {
			t.Errorf("the API key is in %s", name)
		}
	}
	filepath.WalkDir(cache, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			if data, _ := os.ReadFile(p); bytes.Contains(data, []byte(secret)) {
				t.Errorf("the API key is in %s", p)
			}
		}
		return err
	})
}

func TestEvalFailedRequests(t *testing.T) {
	suite, records := evalTestSuite(t)
	bad := records[0]
	m := newFakeModel(t, records, func(r *http.Request, rec *domains.Record) (string, int) {
		if rec == bad {
			return "", http.StatusServiceUnavailable
		}
		return halfRight(records)(r, rec)
	})
	dir := t.TempDir()
	out := filepath.Join(dir, "r.jsonl")
	r := runPlancert(t, "", "eval", "--suite", suite, "--endpoint", m.endpoint(), "--model", "m",
		"--cache", filepath.Join(dir, "c"), "--retries", "1", "--out", out)
	if r.code != exitError {
		t.Fatalf("exit %d, want %d: %s", r.code, exitError, r.stderr)
	}
	if !strings.Contains(r.stderr, bad.ID+" sample 0: llm: the server answered 503") || !strings.Contains(r.stderr, "1 request failed") {
		t.Errorf("stderr does not name the failed request: %s", r.stderr)
	}
	if !strings.Contains(r.stdout, "no response  1") || !strings.Contains(r.stdout, "(2 of 5)") ||
		!strings.Contains(r.stdout, "4 responses; 1 record without a response (counted as failed)") {
		t.Errorf("the report does not count the failed request as a failed response:\n%s", r.stdout)
	}
	if data, _ := os.ReadFile(out); bytes.Contains(data, []byte(bad.ID)) || bytes.Count(data, []byte("\n")) != len(records)-1 {
		t.Errorf("responses file:\n%s", data)
	}
	if got := m.calls.Load(); got != int64(len(records)+1) {
		t.Errorf("%d calls, want %d (one retry)", got, len(records)+1)
	}
}

func TestEvalInterrupted(t *testing.T) {
	suite, records := evalTestSuite(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var once sync.Once
	m := newFakeModel(t, records, func(r *http.Request, rec *domains.Record) (string, int) {
		if rec == records[3] && ctx.Err() == nil {
			once.Do(cancel)
			<-r.Context().Done()
		}
		return halfRight(records)(r, rec)
	})
	dir := t.TempDir()
	out := filepath.Join(dir, "r.jsonl")
	args := []string{"eval", "--suite", suite, "--endpoint", m.endpoint(), "--model", "m",
		"--cache", filepath.Join(dir, "c"), "--concurrency", "1", "--out", out}
	var stdout, stderr bytes.Buffer
	code := run(ctx, args, &iostreams{In: strings.NewReader(""), Out: &stdout, ErrOut: &stderr})
	if code != exitError || !strings.Contains(stderr.String(), "plancert: interrupted; ") {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	// Every answer received before the interrupt is kept: one line per
	// cached answer (the cache holds exactly the received ones). Which
	// records were asked first is up to the workers (CI saw record 3
	// asked before record 2), so the count is checked, not the ids.
	kept, _ := os.ReadFile(out)
	received, _ := filepath.Glob(filepath.Join(dir, "c", "*", "*.json"))
	if n := bytes.Count(kept, []byte("\n")); n != len(received) {
		t.Fatalf("%d answers kept, %d received before the interrupt", n, len(received))
	}
	calls := m.calls.Load()
	r := runPlancert(t, "", args...)
	if r.code != exitOK {
		t.Fatalf("resume: exit %d: %s", r.code, r.stderr)
	}
	full, _ := os.ReadFile(out)
	if bytes.Count(full, []byte("\n")) != len(records) {
		t.Errorf("resumed file:\n%s\ninterrupted file:\n%s", full, kept)
	}
	for _, line := range bytes.SplitAfter(kept, []byte("\n")) {
		if len(line) > 0 && !bytes.Contains(full, line) {
			t.Errorf("answer kept at the interrupt is not in the resumed file: %s", line)
		}
	}
	if got := m.calls.Load() - calls; got > int64(len(records)-len(received)) {
		t.Errorf("resume made %d calls; the %d received answers should come from the cache", got, len(received))
	}
}

func TestEvalUsage(t *testing.T) {
	suite, _ := evalTestSuite(t)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"eval", "--endpoint", "http://x/v1", "--model", "m"}, "--suite is required"},
		{[]string{"eval", "--suite", suite, "--model", "m"}, "--endpoint is required"},
		{[]string{"eval", "--suite", suite, "--endpoint", "http://x/v1"}, "--model is required"},
		{[]string{"eval", "--suite", suite, "--endpoint", "http://x/v1", "--model", "m", "--samples", "0"}, "--samples must be at least 1"},
		{[]string{"eval", "--suite", suite, "--endpoint", "localhost:8000", "--model", "m", "--no-cache"}, "not an http(s) URL"},
		{[]string{"eval", "--suite", suite, "--endpoint", "http://x/v1", "--model", "m", "--cache", "d", "--no-cache"}, "cannot be used together"},
		{[]string{"eval", "--suite", suite, "--endpoint", "http://x/v1", "--model", "m", "--reward", "best"}, "--reward must be"},
		{[]string{"eval", "--suite", "nope.jsonl", "--endpoint", "http://x/v1", "--model", "m", "--no-cache"}, "nope.jsonl"},
	} {
		r := runPlancert(t, "", tc.args...)
		if r.code != exitBadInput || !strings.Contains(r.stderr, tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q", tc.args, r.code, r.stderr, exitBadInput, tc.want)
		}
	}
}

// TestEvalBadParams: sampling parameters a server cannot take and a bad
// --extra-body are usage errors found before any request is sent (a NaN
// temperature used to fail every request, and exit 1).
func TestEvalBadParams(t *testing.T) {
	suite, records := evalTestSuite(t)
	m := newFakeModel(t, records, halfRight(records))
	base := []string{"eval", "--suite", suite, "--endpoint", m.endpoint(), "--model", "m", "--no-cache"}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--temperature", "NaN"}, "--temperature must be a finite number of at least 0, got NaN"},
		{[]string{"--temperature", "+Inf"}, "--temperature must be a finite number of at least 0, got +Inf"},
		{[]string{"--temperature", "-0.5"}, "--temperature must be a finite number of at least 0, got -0.5"},
		{[]string{"--top-p", "nan"}, "--top-p must be a number from 0 to 1, got NaN"},
		{[]string{"--top-p", "1.5"}, "--top-p must be a number from 0 to 1, got 1.5"},
		{[]string{"--max-completion-tokens", "-1"}, "--max-completion-tokens must not be negative, got -1"},
		{[]string{"--max-tokens", "100", "--max-completion-tokens", "100"}, "--max-tokens and --max-completion-tokens cannot be used together"},
		{[]string{"--reasoning-effort", "max"}, `--reasoning-effort must be low, medium or high, got "max"`},
		{[]string{"--extra-body", `{"chat_template_kwargs": `}, "--extra-body is not valid JSON: unexpected end of JSON input"},
		{[]string{"--extra-body", `[1, 2]`}, "--extra-body must be a JSON object, got an array"},
		{[]string{"--extra-body", `null`}, "--extra-body must be a JSON object, got null"},
		{[]string{"--extra-body", `{"model": "other"}`}, `--extra-body may not set "model": plancert sends it`},
		{[]string{"--extra-body", `{"messages": []}`}, `--extra-body may not set "messages": plancert sends it`},
		{[]string{"--extra-body", `{"stream": true}`}, `--extra-body may not set "stream": plancert reads one JSON answer, not a stream`},
		{[]string{"--temperature", "0", "--extra-body", `{"temperature": 1}`}, `--extra-body sets "temperature", which --temperature sets too; give it once`},
		{[]string{"--seed", "1", "--extra-body", `{"seed": 2}`}, `--extra-body sets "seed", which --seed sets too; give it once`},
		{[]string{"--reasoning-effort", "low", "--extra-body", `{"reasoning_effort": "minimal"}`}, `--extra-body sets "reasoning_effort", which --reasoning-effort sets too`},
	} {
		r := runPlancert(t, "", append(base, tc.args...)...)
		if r.code != exitBadInput || !strings.Contains(r.stderr, tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q", tc.args, r.code, r.stderr, exitBadInput, tc.want)
		}
	}
	if n := m.calls.Load(); n != 0 {
		t.Errorf("%d requests sent for bad parameters", n)
	}
	// gen and loop share the endpoint flags: the new ones are refused
	// without an endpoint, as the others are.
	for _, args := range [][]string{
		{"gen", "--n", "1", "--out", filepath.Join(t.TempDir(), "s.jsonl"), "--reasoning-effort", "low"},
		{"loop", "--task", "meeting-planning", "--responder", "reference", "--n", "1", "--out", "-", "--trace", "-", "--extra-body", "{}"},
	} {
		if r := runPlancert(t, "", args...); r.code != exitBadInput || !strings.Contains(r.stderr, "--"+strings.TrimPrefix(args[len(args)-2], "--")) {
			t.Errorf("%v: exit %d, stderr %q", args, r.code, r.stderr)
		}
	}
}

// reasoningModel is a stand-in for a reasoning model's server: record 0 is
// cut at the token limit while reasoning (content null), record 1 after a
// whole plan (finish_reason "length"); the others get the reference plan
// with a reasoning text, under the field name reasoning. Every request
// body is kept.
func reasoningModel(t *testing.T, records []*domains.Record) (*httptest.Server, *[]map[string]any, *atomic.Int64) {
	t.Helper()
	byPrompt := map[string]*domains.Record{}
	for _, r := range records {
		byPrompt[r.Prompt] = r
	}
	var (
		mu    sync.Mutex
		reqs  []map[string]any
		calls atomic.Int64
	)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		var req map[string]any
		body, _ := io.ReadAll(r.Body)
		json.Unmarshal(body, &req)
		mu.Lock()
		reqs = append(reqs, req)
		mu.Unlock()
		msgs, _ := req["messages"].([]any)
		last, _ := msgs[len(msgs)-1].(map[string]any)
		prompt, _ := last["content"].(string)
		rec := byPrompt[prompt]
		msg := map[string]any{"role": "assistant", "content": "```json\n" + string(rec.Reference.Plan) + "\n```", "reasoning": "I place the long one first."}
		finish := "stop"
		switch rec {
		case records[0]:
			msg["content"], finish = nil, "length"
		case records[1]:
			finish = "length"
		}
		json.NewEncoder(w).Encode(map[string]any{"model": "o-test", "choices": []any{map[string]any{"index": 0, "message": msg, "finish_reason": finish}}})
	}))
	t.Cleanup(srv.Close)
	return srv, &reqs, &calls
}

// TestEvalReasoningModel: the reasoning flags reach the request body
// (--extra-body merged at its top level); an answer cut at the token limit
// is a scored response (reward 0, error kind "truncated", counted as
// truncated), exit 0, written with its reasoning and cached, so that the
// rerun asks nothing; plancert score on the file agrees.
func TestEvalReasoningModel(t *testing.T) {
	suite, records := evalTestSuite(t)
	srv, reqs, calls := reasoningModel(t, records)
	dir := t.TempDir()
	out := filepath.Join(dir, "r.jsonl")
	args := []string{"eval", "--suite", suite, "--endpoint", srv.URL + "/v1", "--model", "o-test", "--cache", filepath.Join(dir, "c"),
		"--max-completion-tokens", "16000", "--reasoning-effort", "high",
		"--extra-body", `{"chat_template_kwargs": {"enable_thinking": true}, "service_tier": "flex"}`, "--out", out, "--json"}
	r := runPlancert(t, "", args...)
	if r.code != exitOK {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	req := (*reqs)[0]
	if req["max_completion_tokens"] != 16000.0 || req["reasoning_effort"] != "high" || req["service_tier"] != "flex" ||
		fmt.Sprint(req["chat_template_kwargs"]) != "map[enable_thinking:true]" || req["max_tokens"] != nil || req["model"] != "o-test" {
		t.Errorf("request body %v", req)
	}
	var sum evalSummaryJSON
	if err := json.Unmarshal([]byte(r.stdout), &sum); err != nil {
		t.Fatalf("%v: %s", err, r.stdout)
	}
	n := len(records)
	if sum.Requests.Truncated != 2 || sum.Requests.Errors != 0 || sum.Requests.Written != n || sum.Responses != n || sum.NoResponse != 0 ||
		sum.AllPassed != n-2 || !slices.Equal(sum.ErrorKinds, []verify.KindCount{{Kind: verify.ErrorTruncated, N: 2}}) {
		t.Errorf("summary %s", r.stdout)
	}
	if !strings.Contains(r.stderr, `eval: warning: 2 answers were cut at the token limit (finish_reason "length") and scored 0 (error kind "truncated"); a higher --max-completion-tokens or --max-tokens leaves room for them`) {
		t.Errorf("stderr has no warning: %s", r.stderr)
	}
	data, _ := os.ReadFile(out)
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(lines) != n || !strings.HasPrefix(lines[0], `{"id":"`+records[0].ID+`","response":"","sample":0,"truncated":true,"reasoning":"I place the long one first."}`) ||
		!strings.Contains(lines[1], `"truncated":true`) || strings.Contains(lines[2], "truncated") || !strings.Contains(lines[2], `"reasoning":"I place`) {
		t.Errorf("responses file:\n%s", data)
	}

	// The rerun asks nothing and says the same, but for the answers from
	// the cache.
	before := calls.Load()
	r2 := runPlancert(t, "", args...)
	var sum2 evalSummaryJSON
	json.Unmarshal([]byte(r2.stdout), &sum2)
	if r2.code != exitOK || calls.Load() != before || sum2.Requests.Cached != n {
		t.Errorf("rerun: exit %d, %d new calls, %d cached: %s", r2.code, calls.Load()-before, sum2.Requests.Cached, r2.stderr)
	}
	sum2.Requests.Cached = 0
	if !reflect.DeepEqual(sum2, sum) {
		t.Errorf("rerun summary %s, first %s", r2.stdout, r.stdout)
	}
	// plancert score reads "truncated" from the file.
	s := runPlancert(t, "", "score", "--suite", suite, "--responses", out, "--json")
	var ssum scoreSummaryJSON
	if err := json.Unmarshal([]byte(s.stdout), &ssum); err != nil || s.code != exitOK {
		t.Fatalf("score: exit %d %v: %s", s.code, err, s.stderr)
	}
	if ssum.Report.AllPass != sum.AllPass || !slices.Equal(ssum.ErrorKinds, sum.ErrorKinds) {
		t.Errorf("score says %+v, eval said %+v", ssum.Report, sum.Report)
	}
}

// exampleEndpoint starts a stand-in for the model servers that help
// examples name (http://localhost:PORT/v1, https://api.example.com/v1) and
// returns a function that points such an argument at it. Its answers are
// not plans (every item fails; every rewrite falls back). The answer cache
// goes to dir, through XDG_CACHE_HOME.
func exampleEndpoint(t *testing.T, dir string) func(arg string) string {
	t.Helper()
	t.Setenv("XDG_CACHE_HOME", filepath.Join(dir, "cache"))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, `{"choices": [{"message": {"role": "assistant", "content": "I would rather not."}, "finish_reason": "stop"}]}`)
	}))
	t.Cleanup(srv.Close)
	return func(a string) string {
		if strings.HasPrefix(a, "http://localhost:") || strings.HasPrefix(a, "https://api.example.com/") {
			return srv.URL + "/v1"
		}
		return a
	}
}
