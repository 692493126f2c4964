package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/plancert/plancert/domains"
)

// syncBuffer is a bytes.Buffer safe for the server's log and the test.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// startServe runs "plancert serve" with args on a free port and returns
// its URL, a function that stops it (as Ctrl-C does) and returns its
// error, and its standard error.
func startServe(t *testing.T, args ...string) (url string, stop func() error, stderr *syncBuffer) {
	t.Helper()
	return startServeIn(t, "", args...)
}

// startServeIn is startServe with stdin as the standard input.
func startServeIn(t *testing.T, stdin string, args ...string) (url string, stop func() error, stderr *syncBuffer) {
	t.Helper()
	stderr = new(syncBuffer)
	ios := &iostreams{In: strings.NewReader(stdin), Out: io.Discard, ErrOut: stderr}
	addrs := make(chan net.Addr, 1)
	cmd := newServeCmd(ios, func(ctx context.Context, o *serveOptions) error {
		o.ready = func(a net.Addr) { addrs <- a }
		return runServe(ctx, o)
	})
	cmd.SetArgs(append(args, "--addr", "127.0.0.1:0"))
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- cmd.ExecuteContext(ctx) }()
	select {
	case a := <-addrs:
		url = "http://" + a.String()
	case err := <-done:
		cancel()
		t.Fatalf("serve stopped before listening: %v\n%s", err, stderr)
	case <-time.After(30 * time.Second):
		cancel()
		t.Fatalf("serve is not listening after 30 s:\n%s", stderr)
	}
	return url, func() error {
		cancel()
		select {
		case err := <-done:
			return err
		case <-time.After(30 * time.Second):
			t.Fatal("serve did not stop 30 s after the interrupt")
			return nil
		}
	}, stderr
}

func TestServe(t *testing.T) {
	recs, _ := verifyFixture(t)
	url, stop, stderr := startServe(t, "--suite", fixtureSuite, "--reward", "avgpass")

	resp, err := http.Get(url + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if want := `{"status":"ok","records":5,"reward":"avgpass"}` + "\n"; resp.StatusCode != 200 || string(body) != want {
		t.Errorf("GET /healthz: %d %s, want %s", resp.StatusCode, body, want)
	}

	req, _ := json.Marshal(map[string]any{
		"query":  []string{"P" + "```json\n" + string(recs[0].Reference.Plan) + "\n```", "P{}"},
		"labels": []string{recs[0].ID, recs[0].ID}, "prompts": []string{"P", "P"},
	})
	resp, err = http.Post(url+"/get_reward", "application/json", bytes.NewReader(req))
	if err != nil {
		t.Fatal(err)
	}
	var got struct{ Rewards []float64 }
	json.NewDecoder(resp.Body).Decode(&got)
	resp.Body.Close()
	// avgpass: the reference passes every item; "{}" passes none of the
	// items that need a plan.
	if resp.StatusCode != 200 || len(got.Rewards) != 2 || got.Rewards[0] != 1 || got.Rewards[1] >= 1 {
		t.Errorf("POST /get_reward: %d %v", resp.StatusCode, got.Rewards)
	}
	if err := stop(); err != nil {
		t.Fatalf("serve after the interrupt: %v", err)
	}
	log := stderr.String()
	for _, want := range []string{"serve: every reference plan passes its checklist; 5 record(s) read in ", "serve: " + fixtureSuite + ": 5 record(s), reward avgpass", "listening on " + url, "serve: stopped"} {
		if !strings.Contains(log, want) {
			t.Errorf("stderr has no %q:\n%s", want, log)
		}
	}
}

func TestServeErrors(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	busy := ln.Addr().String()
	// A suite whose first reference plan is broken (no meetings at all):
	// an integrity failure.
	recs, _ := verifyFixture(t)
	broken := *recs[0]
	broken.Reference.Plan = json.RawMessage(`{"meetings": []}`)
	var suite bytes.Buffer
	for _, r := range append([]*domains.Record{&broken}, recs[1:]...) {
		line, _ := r.Encode() // a new hash: as a plancert with the bug would write it
		suite.Write(line)
	}
	brokenSuite := filepath.Join(t.TempDir(), "broken.jsonl")
	if err := os.WriteFile(brokenSuite, suite.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	first, _ := recs[0].Encode()
	badLine, emptySuite := filepath.Join(t.TempDir(), "bad.jsonl"), filepath.Join(t.TempDir(), "empty.jsonl")
	if err := os.WriteFile(badLine, append(first, "{\"id\": 1}\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(emptySuite, []byte("\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		args   []string
		code   exitCode
		stderr string
	}{
		{[]string{"serve"}, exitBadInput, "plancert: --suite is required (or --generate)\n"},
		{[]string{"serve", "--generate", "--max-generate", "0"}, exitBadInput, "plancert: --max-generate must be at least 1, got 0\n"},
		{[]string{"serve", "--generate", "--generate-timeout", "0s"}, exitBadInput, "plancert: --generate-timeout must be positive, got 0s\n"},
		{[]string{"serve", "--generate", "--generate-concurrency", "0"}, exitBadInput, "plancert: --generate-concurrency must be at least 1, got 0\n"},
		{[]string{"serve", "--generate", "--max-generate", "10", "--generate-cache", "5"}, exitBadInput, "plancert: --generate-cache must be at least --max-generate (10), got 5: a request's records would be dropped before they are graded\n"},
		{[]string{"serve", "--generate", "--curriculum-eta", "0"}, exitBadInput, "plancert: --curriculum-eta must be positive and --curriculum-alpha, --curriculum-beta, --curriculum-gamma not negative\n"},
		{[]string{"serve", "--generate", "--curriculum-level", "3", "--curriculum-max-level", "2"}, exitBadInput, "plancert: --curriculum-level 3 and --curriculum-max-level 2 must satisfy 1 <= --curriculum-level <= --curriculum-max-level <= 5\n"},
		{[]string{"serve", "--suite", fixtureSuite, "--reward", "best"}, exitBadInput, `plancert: --reward must be allpass, avgpass or feasible, got "best"` + "\n"},
		{[]string{"serve", "--suite", fixtureSuite, "--addr", "8000"}, exitBadInput, `plancert: --addr "8000" is not HOST:PORT`},
		{[]string{"serve", "--suite", fixtureSuite, "--max-batch", "0"}, exitBadInput, "plancert: --max-batch must be at least 1, got 0\n"},
		{[]string{"serve", "--suite", fixtureSuite, "--max-body", "0"}, exitBadInput, "plancert: --max-body must be at least 1, got 0\n"},
		{[]string{"serve", "--suite", fixtureSuite, "--max-concurrent", "0"}, exitBadInput, "plancert: --max-concurrent must be at least 1, got 0\n"},
		{[]string{"serve", "--suite", fixtureSuite, "--cache-records", "0"}, exitBadInput, "plancert: --cache-records must be at least 1, got 0\n"},
		{[]string{"serve", "--suite", badLine}, exitBadInput, "plancert: " + badLine + ": line 2: field \"id\": want a string, got a number\n"},
		{[]string{"serve", "--suite", emptySuite}, exitBadInput, "plancert: " + emptySuite + ": the suite has no records\n"},
		{[]string{"serve", "--suite", fixtureSuite, "--read-header-timeout", "0s"}, exitBadInput, "plancert: --read-header-timeout must be positive, got 0s\n"},
		{[]string{"serve", "--suite", fixtureSuite, "--body-timeout", "-1s"}, exitBadInput, "plancert: --body-timeout must be positive, got -1s\n"},
		{[]string{"serve", "--suite", fixtureSuite, "--body-grace", "0s"}, exitBadInput, "plancert: --body-grace must be positive, got 0s\n"},
		{[]string{"serve", "--suite", fixtureSuite, "--body-min-rate", "0"}, exitBadInput, "plancert: --body-min-rate must be at least 1 (bytes per second), got 0\n"},
		{[]string{"serve", "--suite", "no/such/suite.jsonl"}, exitBadInput, "plancert: no/such/suite.jsonl: no such file or directory\n"},
		{[]string{"serve", "--suite", fixtureSuite, "x"}, exitBadInput, `plancert: plancert serve takes no arguments, got "x"` + "\n"},
		{[]string{"serve", "--suite", fixtureSuite, "--addr", busy}, exitError, "plancert: --addr: listen tcp " + busy + ": bind: address already in use\n"},
		{[]string{"serve", "--suite", brokenSuite, "--addr", busy}, exitIntegrity, "plancert: solver: integrity failure in backend serve: the certified reference of " + recs[0].ID + ` fails item "`},
	}
	for _, tt := range tests {
		r := runPlancert(t, "", tt.args...)
		if r.code != tt.code || !strings.Contains(r.stderr, tt.stderr) {
			t.Errorf("plancert %s:\nexit %d, want %d\nstderr %q\nwant   %q", strings.Join(tt.args, " "), r.code, tt.code, r.stderr, tt.stderr)
		}
	}
	// A suite on standard input is named "-".
	if r := runPlancert(t, "{\"id\": 1}\n", "serve", "--suite", "-"); r.code != exitBadInput || r.stderr != "plancert: -: line 1: field \"id\": want a string, got a number\n" {
		t.Errorf("a bad suite on standard input: exit %d, %q", r.code, r.stderr)
	}
}

// TestServeStdin: a suite read from standard input (--suite -) is served
// as the same file is.
func TestServeStdin(t *testing.T) {
	recs, _ := verifyFixture(t)
	data, err := os.ReadFile(fixtureSuite)
	if err != nil {
		t.Fatal(err)
	}
	url, stop, stderr := startServeIn(t, string(data), "--suite", "-", "--cache-records", "2")
	var items []map[string]string
	for _, r := range recs {
		items = append(items, map[string]string{"id": r.ID, "response": "```json\n" + string(r.Reference.Plan) + "\n```"})
	}
	req, _ := json.Marshal(map[string]any{"items": items})
	resp, err := http.Post(url+"/v1/score", "application/json", bytes.NewReader(req))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.Contains(string(body), `"n":5,"scored":5,"errors":0,"mean_reward":1,`) {
		t.Errorf("POST /v1/score: %d %s", resp.StatusCode, body)
	}
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(stderr.String(), "serve: -: 5 record(s), reward allpass") {
		t.Errorf("stderr:\n%s", stderr)
	}
}

// TestServeEndTokens: what a trainer that keeps special tokens sends. The
// OpenRLHF request (query = chat-template prompt + response, decoded with
// skip_special_tokens=False) whose answer's closing fence is followed
// directly by <|im_end|> scores the reference 1, and so do the other
// decoders' end tokens on /v1/score; a token inside the answer still
// fails it.
func TestServeEndTokens(t *testing.T) {
	recs, _ := verifyFixture(t)
	url, stop, _ := startServe(t, "--suite", fixtureSuite)
	defer stop()
	post := func(path string, v any) []byte {
		t.Helper()
		req, _ := json.Marshal(v)
		resp, err := http.Post(url+path, "application/json", bytes.NewReader(req))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != 200 {
			t.Fatalf("POST %s: %d %s", path, resp.StatusCode, body)
		}
		return body
	}
	var query, prompts, labels []string
	for _, rec := range recs {
		prompt := "<|im_start|>system\nYou are a helpful assistant.<|im_end|>\n<|im_start|>user\n" + rec.Prompt + "<|im_end|>\n<|im_start|>assistant\n"
		query = append(query, prompt+"```json\n"+string(rec.Reference.Plan)+"\n```<|im_end|>")
		prompts, labels = append(prompts, prompt), append(labels, rec.ID)
	}
	inside := "```json\n" + string(recs[0].Reference.Plan) + "<|im_end|>\n```"
	query, prompts, labels = append(query, prompts[0]+inside), append(prompts, prompts[0]), append(labels, recs[0].ID)
	var got struct{ Rewards []float64 }
	json.Unmarshal(post("/get_reward", map[string]any{"query": query, "prompts": prompts, "labels": labels}), &got)
	want := append(slices.Repeat([]float64{1}, len(recs)), 0)
	if !slices.Equal(got.Rewards, want) {
		t.Errorf("/get_reward: rewards %v, want %v", got.Rewards, want)
	}

	var items []map[string]string
	for _, tok := range []string{"<|im_end|>", "<|endoftext|>", "<|eot_id|>", "<|end_of_text|>", "</s>", "<|return|>", "<|end|>", "<|call|>"} {
		items = append(items, map[string]string{"id": recs[0].ID, "response": "```json\n" + string(recs[0].Reference.Plan) + "\n```" + tok + "\n"})
	}
	var sc struct {
		Results []struct {
			Reward    float64 `json:"reward"`
			ErrorKind string  `json:"error_kind"`
		}
	}
	json.Unmarshal(post("/v1/score", map[string]any{"items": items}), &sc)
	for i, r := range sc.Results {
		if r.Reward != 1 {
			t.Errorf("/v1/score %q: reward %v, error kind %q", items[i]["response"][len(items[i]["response"])-15:], r.Reward, r.ErrorKind)
		}
	}
	if len(sc.Results) != len(items) {
		t.Errorf("/v1/score: %d results for %d items", len(sc.Results), len(items))
	}
}

// TestServeSlowBody: the body limits are flags; a body that comes too
// slowly is answered 408.
func TestServeSlowBody(t *testing.T) {
	url, stop, stderr := startServe(t, "--suite", fixtureSuite, "--body-grace", "100ms", "--body-min-rate", "100")
	defer func() {
		if err := stop(); err != nil {
			t.Errorf("serve: %v\n%s", err, stderr)
		}
	}()
	pr, pw := io.Pipe()
	defer pw.Close()
	go func() {
		for range 100 {
			if _, err := pw.Write([]byte(" ")); err != nil {
				return
			}
			time.Sleep(200 * time.Millisecond)
		}
	}()
	req, _ := http.NewRequest("POST", url+"/v1/score", pr)
	req.ContentLength = 100
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusRequestTimeout || !strings.Contains(string(body), "the request body came slower than 100 bytes/s") {
		t.Errorf("status %d: %s", resp.StatusCode, body)
	}
}
