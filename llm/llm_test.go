package llm

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// fake is an OpenAI-compatible test server whose answers are scripted per
// call (from 1).
type fake struct {
	t     *testing.T
	srv   *httptest.Server
	calls atomic.Int64
	mu    sync.Mutex
	reqs  []map[string]any
	auth  []string
	// answer writes the answer of call n.
	answer func(w http.ResponseWriter, r *http.Request, n int, req map[string]any)
}

func newFake(t *testing.T, answer func(w http.ResponseWriter, r *http.Request, n int, req map[string]any)) *fake {
	f := &fake{t: t, answer: answer}
	f.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n := int(f.calls.Add(1))
		if r.Method != http.MethodPost || r.URL.Path != "/v1/chat/completions" {
			http.Error(w, "wrong route "+r.Method+" "+r.URL.Path, http.StatusNotFound)
			return
		}
		var req map[string]any
		body, _ := io.ReadAll(r.Body)
		if err := json.Unmarshal(body, &req); err != nil {
			http.Error(w, "bad json", http.StatusBadRequest)
			return
		}
		f.mu.Lock()
		f.reqs = append(f.reqs, req)
		f.auth = append(f.auth, r.Header.Get("Authorization"))
		f.mu.Unlock()
		f.answer(w, r, n, req)
	}))
	t.Cleanup(f.srv.Close)
	return f
}

func (f *fake) endpoint() string { return f.srv.URL + "/v1" }

// ok writes a completion whose content echoes the last message.
func ok(w http.ResponseWriter, req map[string]any) {
	msgs := req["messages"].([]any)
	last := msgs[len(msgs)-1].(map[string]any)["content"].(string)
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{
		"model": req["model"],
		"choices": []any{map[string]any{
			"index": 0, "finish_reason": "stop",
			"message": map[string]any{"role": "assistant", "content": "echo: " + last},
		}},
		"usage": map[string]any{"prompt_tokens": 3, "completion_tokens": 4},
	})
}

func okAnswer(w http.ResponseWriter, _ *http.Request, _ int, req map[string]any) { ok(w, req) }

// newTestClient returns a client of f whose waits are recorded, not slept.
func newTestClient(t *testing.T, f *fake, cfg Config) (*Client, *[]time.Duration) {
	t.Helper()
	cfg.Endpoint = f.endpoint()
	if cfg.Model == "" {
		cfg.Model = "m1"
	}
	c, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	waits := &[]time.Duration{}
	c.sleep = func(ctx context.Context, d time.Duration) error {
		mu.Lock()
		*waits = append(*waits, d)
		mu.Unlock()
		return ctx.Err()
	}
	return c, waits
}

func user(s string) []Message { return []Message{{Role: "user", Content: s}} }

func ptr[T any](v T) *T { return &v }

func TestCompleteSendsOnlySetParams(t *testing.T) {
	for _, tc := range []struct {
		name   string
		params Params
		sample int
		want   map[string]any // the optional fields sent
	}{
		{"none", Params{}, 0, map[string]any{}},
		{"all", Params{Temperature: ptr(0.7), TopP: ptr(0.9), TopK: ptr(20), MaxTokens: 512, Seed: ptr[int64](5)}, 0,
			map[string]any{"temperature": 0.7, "top_p": 0.9, "top_k": 20.0, "max_tokens": 512.0, "seed": 5.0}},
		{"seed offset by sample", Params{Seed: ptr[int64](5)}, 3, map[string]any{"seed": 8.0}},
		{"zero temperature is sent", Params{Temperature: ptr(0.0)}, 0, map[string]any{"temperature": 0.0}},
		{"reasoning model", Params{MaxCompletionTokens: 16000, ReasoningEffort: "high"}, 0,
			map[string]any{"max_completion_tokens": 16000.0, "reasoning_effort": "high"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFake(t, okAnswer)
			c, _ := newTestClient(t, f, Config{Params: tc.params})
			comp, err := c.Complete(context.Background(), user("hi"), tc.sample)
			if err != nil {
				t.Fatal(err)
			}
			if comp.Content != "echo: hi" || comp.FinishReason != "stop" || comp.Model != "m1" || comp.Usage.CompletionTokens != 4 || comp.Attempts != 1 || comp.Cached {
				t.Fatalf("completion %+v", comp)
			}
			req := f.reqs[0]
			if req["model"] != "m1" {
				t.Errorf("model %v", req["model"])
			}
			got := map[string]any{}
			for k, v := range req {
				if k != "model" && k != "messages" {
					got[k] = v
				}
			}
			if fmt.Sprint(got) != fmt.Sprint(tc.want) {
				t.Errorf("optional fields sent: %v, want %v", got, tc.want)
			}
		})
	}
}

func TestRetries(t *testing.T) {
	type step struct {
		status     int
		retryAfter string
	}
	for _, tc := range []struct {
		name      string
		steps     []step // answers before a 200 (all calls if giveUp)
		retries   int
		wantCalls int
		wantErr   int // status of the final APIError, 0 for success
		wantWaits []time.Duration
	}{
		{"429 then ok", []step{{429, ""}}, 3, 2, 0, nil},
		{"500 502 503 then ok", []step{{500, ""}, {502, ""}, {503, ""}}, 3, 4, 0, nil},
		{"retry-after seconds is a lower bound", []step{{429, "7"}}, 3, 2, 0, []time.Duration{7 * time.Second}},
		{"retry-after is capped", []step{{503, "86400"}}, 3, 2, 0, []time.Duration{MaxRetryAfter}},
		{"gives up after N retries", []step{{500, ""}, {500, ""}, {500, ""}, {500, ""}}, 2, 3, 500, nil},
		{"400 is not retried", []step{{400, ""}}, 3, 1, 400, nil},
		{"401 is not retried", []step{{401, ""}}, 3, 1, 401, nil},
		{"no retries", []step{{503, ""}}, -1, 1, 503, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFake(t, func(w http.ResponseWriter, _ *http.Request, n int, req map[string]any) {
				if n <= len(tc.steps) {
					s := tc.steps[n-1]
					if s.retryAfter != "" {
						w.Header().Set("Retry-After", s.retryAfter)
					}
					w.WriteHeader(s.status)
					fmt.Fprintf(w, `{"error": {"message": "scripted %d", "type": "x"}}`, s.status)
					return
				}
				ok(w, req)
			})
			c, waits := newTestClient(t, f, Config{Retries: tc.retries, Backoff: 100 * time.Millisecond, MaxBackoff: time.Second})
			comp, err := c.Complete(context.Background(), user("x"), 0)
			if got := int(f.calls.Load()); got != tc.wantCalls {
				t.Errorf("%d calls, want %d", got, tc.wantCalls)
			}
			if tc.wantErr == 0 {
				if err != nil {
					t.Fatal(err)
				}
				if comp.Attempts != tc.wantCalls {
					t.Errorf("attempts %d, want %d", comp.Attempts, tc.wantCalls)
				}
			} else {
				var ae *APIError
				if !errors.As(err, &ae) {
					t.Fatalf("error %v (%T), want *APIError", err, err)
				}
				if ae.StatusCode != tc.wantErr || ae.Attempts != tc.wantCalls || ae.Message != fmt.Sprintf("scripted %d", tc.wantErr) {
					t.Errorf("APIError %+v", ae)
				}
				if !strings.Contains(err.Error(), fmt.Sprint(tc.wantErr)) {
					t.Errorf("error %q does not name the status", err)
				}
			}
			if len(*waits) != tc.wantCalls-1 {
				t.Errorf("%d waits, want %d", len(*waits), tc.wantCalls-1)
			}
			for i, d := range *waits {
				base := 100 * time.Millisecond << i
				base = min(base, time.Second)
				lo, hi := base/2, base
				if tc.wantWaits != nil {
					lo, hi = tc.wantWaits[i], tc.wantWaits[i]
				}
				if d < lo || d > hi {
					t.Errorf("wait %d = %v, want in [%v, %v]", i, d, lo, hi)
				}
			}
		})
	}
}

func TestBackoffIsSeeded(t *testing.T) {
	delays := func(seed uint64) []time.Duration {
		c, err := New(Config{Endpoint: "http://localhost:1/v1", Model: "m", JitterSeed: seed, Backoff: time.Second, MaxBackoff: time.Minute})
		if err != nil {
			t.Fatal(err)
		}
		var out []time.Duration
		for a := 1; a <= 6; a++ {
			out = append(out, c.backoff(a))
		}
		return out
	}
	a, b, other := delays(1), delays(1), delays(2)
	if fmt.Sprint(a) != fmt.Sprint(b) {
		t.Errorf("same seed, different waits: %v %v", a, b)
	}
	if fmt.Sprint(a) == fmt.Sprint(other) {
		t.Errorf("seeds 1 and 2 gave the same waits %v", a)
	}
	for i, d := range a {
		base := time.Second << i
		if d < base/2 || d > base {
			t.Errorf("wait %d = %v, want in [%v, %v]", i, d, base/2, base)
		}
	}
}

func TestMalformedBodies(t *testing.T) {
	for _, tc := range []struct {
		name, body, reason string
	}{
		{"not json", "<html>gateway</html>", "not a JSON chat completion"},
		{"truncated", `{"choices": [{"message": {"content": "abc`, "not a JSON chat completion"},
		{"no choices", `{"choices": []}`, "no choices"},
		{"no message", `{"choices": [{"text": "abc"}]}`, "no message"},
		{"null content", `{"choices": [{"message": {"role": "assistant", "content": null}}]}`, "no text content"},
		{"wrong type", `{"choices": [{"message": {"content": 3}}]}`, "not a JSON chat completion"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFake(t, func(w http.ResponseWriter, _ *http.Request, _ int, _ map[string]any) {
				io.WriteString(w, tc.body)
			})
			dir := t.TempDir()
			c, _ := newTestClient(t, f, Config{CacheDir: dir})
			_, err := c.Complete(context.Background(), user("x"), 0)
			var re *ResponseError
			if !errors.As(err, &re) {
				t.Fatalf("error %v (%T), want *ResponseError", err, err)
			}
			if !strings.Contains(re.Reason, tc.reason) || re.Body != tc.body {
				t.Errorf("ResponseError %+v, want reason %q and the body", re, tc.reason)
			}
			if f.calls.Load() != 1 {
				t.Errorf("%d calls: a malformed body is not retried", f.calls.Load())
			}
			if n := countFiles(t, dir); n != 0 {
				t.Errorf("%d cache files after a failure", n)
			}
		})
	}
}

func TestLongMessageTruncated(t *testing.T) {
	long := strings.Repeat("é", 2000)
	f := newFake(t, func(w http.ResponseWriter, _ *http.Request, _ int, _ map[string]any) {
		w.WriteHeader(400)
		io.WriteString(w, long)
	})
	c, _ := newTestClient(t, f, Config{})
	_, err := c.Complete(context.Background(), user("x"), 0)
	var ae *APIError
	if !errors.As(err, &ae) {
		t.Fatal(err)
	}
	if len(ae.Message) > MaxMessage+len("…") || !strings.HasSuffix(ae.Message, "…") || !strings.HasPrefix(long, strings.TrimSuffix(ae.Message, "…")) {
		t.Errorf("message of %d bytes not truncated on a rune boundary: %q…", len(ae.Message), ae.Message[:20])
	}
}

func TestTimeoutPerAttempt(t *testing.T) {
	release := make(chan struct{})
	defer close(release)
	f := newFake(t, func(w http.ResponseWriter, r *http.Request, _ int, _ map[string]any) {
		select {
		case <-r.Context().Done():
		case <-release:
		}
	})
	c, waits := newTestClient(t, f, Config{Timeout: 30 * time.Millisecond, Retries: 2})
	_, err := c.Complete(context.Background(), user("x"), 0)
	if err == nil || !strings.Contains(err.Error(), "time limit") || !strings.Contains(err.Error(), "3 attempts") {
		t.Fatalf("error %v, want the time limit after 3 attempts", err)
	}
	if f.calls.Load() != 3 || len(*waits) != 2 {
		t.Errorf("%d calls, %d waits; want 3 and 2", f.calls.Load(), len(*waits))
	}
}

func TestNetworkErrorRetried(t *testing.T) {
	f := newFake(t, okAnswer)
	url := f.endpoint()
	f.srv.Close() // connection refused
	c, err := New(Config{Endpoint: url, Model: "m", Retries: 2})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	c.sleep = func(context.Context, time.Duration) error { n++; return nil }
	_, err = c.Complete(context.Background(), user("x"), 0)
	if err == nil || !strings.Contains(err.Error(), "after 3 attempts") {
		t.Fatalf("error %v, want a failure after 3 attempts", err)
	}
	if n != 2 {
		t.Errorf("%d waits, want 2", n)
	}
}

func TestContextCancelled(t *testing.T) {
	started := make(chan struct{}, 1)
	f := newFake(t, func(w http.ResponseWriter, r *http.Request, _ int, _ map[string]any) {
		started <- struct{}{}
		<-r.Context().Done()
	})
	c, _ := newTestClient(t, f, Config{Timeout: time.Minute})
	ctx, cancel := context.WithCancel(context.Background())
	go func() { <-started; cancel() }()
	_, err := c.Complete(ctx, user("x"), 0)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("error %v, want context.Canceled", err)
	}
	if f.calls.Load() != 1 {
		t.Errorf("%d calls after a cancel", f.calls.Load())
	}
}

func TestCacheHits(t *testing.T) {
	f := newFake(t, okAnswer)
	dir := t.TempDir()
	cfg := Config{CacheDir: dir, Params: Params{Temperature: ptr(0.5)}}
	c1, _ := newTestClient(t, f, cfg)
	first, err := c1.Complete(context.Background(), user("q"), 0)
	if err != nil {
		t.Fatal(err)
	}
	// A new client on the same directory: no request.
	c2, _ := newTestClient(t, f, cfg)
	again, err := c2.Complete(context.Background(), user("q"), 0)
	if err != nil {
		t.Fatal(err)
	}
	if f.calls.Load() != 1 || !again.Cached || again.Content != first.Content || again.Attempts != 0 {
		t.Fatalf("calls %d, cached %v, content %q vs %q", f.calls.Load(), again.Cached, again.Content, first.Content)
	}
	// Each part of the key makes a new entry.
	for _, tc := range []struct {
		name string
		cfg  Config
		msgs []Message
		s    int
	}{
		{"sample", cfg, user("q"), 1},
		{"message", cfg, user("q2"), 0},
		{"role", cfg, []Message{{Role: "system", Content: "q"}}, 0},
		{"params", Config{CacheDir: dir, Params: Params{Temperature: ptr(0.6)}}, user("q"), 0},
		{"model", Config{CacheDir: dir, Model: "m2", Params: Params{Temperature: ptr(0.5)}}, user("q"), 0},
	} {
		before := f.calls.Load()
		c, _ := newTestClient(t, f, tc.cfg)
		comp, err := c.Complete(context.Background(), tc.msgs, tc.s)
		if err != nil {
			t.Fatal(err)
		}
		if f.calls.Load() != before+1 || comp.Cached {
			t.Errorf("%s: a different %s hit the cache", tc.name, tc.name)
		}
	}
	if n := countFiles(t, dir); n != 6 {
		t.Errorf("%d cache files, want 6", n)
	}
	// A damaged entry is a miss and is rewritten.
	path := c1.cachePath(c1.CacheKey(user("q"), 0))
	if err := os.WriteFile(path, []byte(`{"key": "trunc`), 0o644); err != nil {
		t.Fatal(err)
	}
	before := f.calls.Load()
	if _, err := c1.Complete(context.Background(), user("q"), 0); err != nil {
		t.Fatal(err)
	}
	if f.calls.Load() != before+1 {
		t.Error("a damaged cache entry was used")
	}
	if comp, ok := c1.cacheGet(c1.CacheKey(user("q"), 0)); !ok || comp.Content != "echo: q" {
		t.Error("the damaged entry was not rewritten")
	}
}

func TestResumedRun(t *testing.T) {
	// A run of 6 prompts is interrupted after 3 answers; the rerun asks
	// only for the other 3.
	f := newFake(t, okAnswer)
	dir := t.TempDir()
	c, _ := newTestClient(t, f, Config{CacheDir: dir})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var got []string
	for i := range 6 {
		comp, err := c.Complete(ctx, user(fmt.Sprint("p", i)), 0)
		if err != nil {
			if !errors.Is(err, context.Canceled) {
				t.Fatal(err)
			}
			continue
		}
		got = append(got, comp.Content)
		if len(got) == 3 {
			cancel()
		}
	}
	if f.calls.Load() != 3 {
		t.Fatalf("%d calls before the interrupt", f.calls.Load())
	}
	c2, _ := newTestClient(t, f, Config{CacheDir: dir})
	cached := 0
	for i := range 6 {
		comp, err := c2.Complete(context.Background(), user(fmt.Sprint("p", i)), 0)
		if err != nil {
			t.Fatal(err)
		}
		if comp.Content != fmt.Sprint("echo: p", i) {
			t.Errorf("prompt %d: %q", i, comp.Content)
		}
		if comp.Cached {
			cached++
		}
	}
	if f.calls.Load() != 6 || cached != 3 {
		t.Errorf("%d calls in all and %d cached, want 6 and 3", f.calls.Load(), cached)
	}
	if n := countFiles(t, dir); n != 6 {
		t.Errorf("%d cache files, want 6", n)
	}
	if tmp := findFiles(t, dir, ".tmp"); len(tmp) != 0 {
		t.Errorf("temporary files left: %v", tmp)
	}
}

func TestKeyNotLeaked(t *testing.T) {
	const secret = "sk-test-5e3f1c9a0b7d42e8"
	t.Setenv("PLANCERT_TEST_LLM_KEY", secret)
	for _, tc := range []struct {
		name   string
		status int
	}{{"401 echoing the key", 401}, {"500 echoing the key", 500}, {"ok", 200}} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFake(t, func(w http.ResponseWriter, r *http.Request, _ int, req map[string]any) {
				if tc.status == 200 {
					ok(w, req)
					return
				}
				w.WriteHeader(tc.status)
				fmt.Fprintf(w, `{"error": {"message": "bad key %s"}}`, strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer "))
			})
			dir := t.TempDir()
			c, _ := newTestClient(t, f, Config{APIKeyEnv: "PLANCERT_TEST_LLM_KEY", CacheDir: dir, Retries: 1})
			_, err := c.Complete(context.Background(), user("x"), 0)
			if f.auth[0] != "Bearer "+secret {
				t.Fatalf("Authorization header %q", f.auth[0])
			}
			if tc.status != 200 {
				if err == nil || strings.Contains(err.Error(), secret) || !strings.Contains(err.Error(), "[redacted]") {
					t.Errorf("error %v: want the key redacted", err)
				}
				if strings.Contains(fmt.Sprintf("%+v %#v", err, err), secret) {
					t.Error("the key is in the error's fields")
				}
			} else if err != nil {
				t.Fatal(err)
			}
			if strings.Contains(c.CacheKey(user("x"), 0), secret) || strings.Contains(fmt.Sprintf("%+v", c.cfg), secret) {
				t.Error("the key is in the cache key or the config")
			}
			for _, format := range []string{"%v", "%+v", "%#v", "%s"} {
				if s := fmt.Sprintf(format, c); strings.Contains(s, secret) || !strings.Contains(s, "from $PLANCERT_TEST_LLM_KEY") {
					t.Errorf("%s of the client: %s", format, s)
				}
			}
			filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
				if err != nil || d.IsDir() {
					return err
				}
				data, _ := os.ReadFile(p)
				if strings.Contains(string(data), secret) || strings.Contains(p, secret) {
					t.Errorf("the key is in the cache file %s", p)
				}
				return nil
			})
		})
	}
	// Without the variable, no Authorization header.
	t.Setenv("PLANCERT_TEST_LLM_KEY", "")
	f := newFake(t, okAnswer)
	c, _ := newTestClient(t, f, Config{APIKeyEnv: "PLANCERT_TEST_LLM_KEY"})
	if _, err := c.Complete(context.Background(), user("x"), 0); err != nil {
		t.Fatal(err)
	}
	if f.auth[0] != "" {
		t.Errorf("Authorization %q without a key", f.auth[0])
	}
}

func TestConcurrencyLimit(t *testing.T) {
	for _, limit := range []int{1, 3} {
		t.Run(fmt.Sprint(limit), func(t *testing.T) {
			var inFlight, peak atomic.Int64
			f := newFake(t, func(w http.ResponseWriter, _ *http.Request, _ int, req map[string]any) {
				n := inFlight.Add(1)
				for {
					p := peak.Load()
					if n <= p || peak.CompareAndSwap(p, n) {
						break
					}
				}
				time.Sleep(15 * time.Millisecond)
				inFlight.Add(-1)
				ok(w, req)
			})
			c, _ := newTestClient(t, f, Config{Concurrency: limit})
			var wg sync.WaitGroup
			errs := make(chan error, 12)
			for i := range 12 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					_, err := c.Complete(context.Background(), user(fmt.Sprint(i)), 0)
					errs <- err
				}()
			}
			wg.Wait()
			close(errs)
			for err := range errs {
				if err != nil {
					t.Fatal(err)
				}
			}
			if p := peak.Load(); p > int64(limit) || p < 1 {
				t.Errorf("peak of %d requests in flight, limit %d", p, limit)
			}
			if f.calls.Load() != 12 {
				t.Errorf("%d calls", f.calls.Load())
			}
		})
	}
}

func TestNewRejects(t *testing.T) {
	for _, tc := range []struct {
		cfg  Config
		want string
	}{
		{Config{Endpoint: "http://x/v1"}, "no model"},
		{Config{Endpoint: "localhost:8000/v1", Model: "m"}, "not an http(s) URL"},
		{Config{Endpoint: "ftp://x/v1", Model: "m"}, "not an http(s) URL"},
		{Config{Endpoint: "", Model: "m"}, "not an http(s) URL"},
		{Config{Endpoint: "http://x/v1", Model: "m", Params: Params{Temperature: ptr(math.NaN())}}, "temperature NaN is not a finite number"},
		{Config{Endpoint: "http://x/v1", Model: "m", Params: Params{TopP: ptr(math.Inf(1))}}, "top_p +Inf is not a finite number"},
	} {
		if _, err := New(tc.cfg); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("New(%+v) = %v, want %q", tc.cfg, err, tc.want)
		}
	}
	_, err := New(Config{Endpoint: "ftp://user:pw@x/v1", Model: "m"})
	if err == nil || strings.Contains(err.Error(), "pw") {
		t.Errorf("error %v shows the URL's password", err)
	}
}

func TestParseRetryAfter(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want time.Duration
	}{
		{"", 0}, {"3", 3 * time.Second}, {"0.5", 500 * time.Millisecond}, {"-1", 0}, {"soon", 0},
		{"Mon, 02 Jan 2006 15:04:05 GMT", 0}, // in the past
	} {
		if got := parseRetryAfter(tc.in); got != tc.want {
			t.Errorf("parseRetryAfter(%q) = %v, want %v", tc.in, got, tc.want)
		}
	}
	future := time.Now().Add(time.Hour).UTC().Format(http.TimeFormat)
	if d := parseRetryAfter(future); d < 59*time.Minute || d > time.Hour {
		t.Errorf("parseRetryAfter(%q) = %v, want about an hour", future, d)
	}
}

func countFiles(t *testing.T, dir string) int {
	return len(findFiles(t, dir, ".json"))
}

func findFiles(t *testing.T, dir, suffix string) []string {
	t.Helper()
	var out []string
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, suffix) {
			out = append(out, p)
		}
		return err
	})
	return out
}

// TestExtraBody: the extra fields are sent at the top level of the
// request, next to the others; they are part of the cache key; fields the
// client sets itself are refused.
func TestExtraBody(t *testing.T) {
	f := newFake(t, okAnswer)
	dir := t.TempDir()
	extra := map[string]json.RawMessage{
		"chat_template_kwargs": json.RawMessage(`{"enable_thinking": false}`),
		"reasoning_effort":     json.RawMessage(`"minimal"`),
	}
	c, _ := newTestClient(t, f, Config{CacheDir: dir, ExtraBody: extra, Params: Params{Temperature: ptr(0.0)}})
	if _, err := c.Complete(context.Background(), user("q"), 0); err != nil {
		t.Fatal(err)
	}
	req := f.reqs[0]
	if fmt.Sprint(req["chat_template_kwargs"]) != "map[enable_thinking:false]" || req["reasoning_effort"] != "minimal" ||
		req["temperature"] != 0.0 || req["model"] != "m1" || len(req) != 5 {
		t.Errorf("request %v", req)
	}
	// The same extras (spelt otherwise) hit the cache; other extras or
	// none miss it.
	same := map[string]json.RawMessage{"reasoning_effort": json.RawMessage(` "minimal"`), "chat_template_kwargs": json.RawMessage(`{ "enable_thinking":false }`)}
	for _, tc := range []struct {
		name  string
		extra map[string]json.RawMessage
		hit   bool
	}{
		{"same", same, true},
		{"none", nil, false},
		{"other", map[string]json.RawMessage{"chat_template_kwargs": json.RawMessage(`{"enable_thinking": true}`)}, false},
	} {
		c2, _ := newTestClient(t, f, Config{CacheDir: dir, ExtraBody: tc.extra, Params: Params{Temperature: ptr(0.0)}})
		comp, err := c2.Complete(context.Background(), user("q"), 0)
		if err != nil {
			t.Fatal(err)
		}
		if comp.Cached != tc.hit {
			t.Errorf("%s extras: cached %v, want %v", tc.name, comp.Cached, tc.hit)
		}
	}
	if last := f.reqs[len(f.reqs)-1]; len(last) != 4 {
		t.Errorf("request without extras %v", f.reqs[len(f.reqs)-2])
	}
	for _, tc := range []struct {
		extra  string
		params Params
		want   string
	}{
		{`{"model": "other"}`, Params{}, `extra body field "model" is set by the client`},
		{`{"messages": []}`, Params{}, `extra body field "messages" is set by the client`},
		{`{"stream": true}`, Params{}, `extra body field "stream"`},
		{`{"temperature": 1}`, Params{Temperature: ptr(0.5)}, `extra body field "temperature" is also a parameter`},
		{`{"max_completion_tokens": 1}`, Params{MaxCompletionTokens: 9}, `extra body field "max_completion_tokens" is also a parameter`},
		{`{"x": nope}`, Params{}, `extra body field "x" is not valid JSON`},
	} {
		var m map[string]json.RawMessage
		if err := json.Unmarshal([]byte(tc.extra), &m); err != nil {
			m = map[string]json.RawMessage{"x": json.RawMessage("nope")}
		}
		_, err := New(Config{Endpoint: "http://x/v1", Model: "m", ExtraBody: m, Params: tc.params})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("extra %s: error %v, want %q", tc.extra, err, tc.want)
		}
	}
}

// TestReasoningAndTruncation: a reasoning model's reasoning text
// (reasoning_content, or reasoning as some servers call it) is kept with
// the answer and in the cache; a reply cut at the token limit with no
// content at all is an answer with empty content and finish_reason
// "length", cached like any other, not a malformed body.
func TestReasoningAndTruncation(t *testing.T) {
	for _, tc := range []struct {
		name, body      string
		content, reason string
		finish          string
		truncated       bool
	}{
		{"reasoning_content", `{"choices": [{"message": {"content": "42", "reasoning_content": "six times seven"}, "finish_reason": "stop"}]}`, "42", "six times seven", "stop", false},
		{"reasoning", `{"choices": [{"message": {"content": "42", "reasoning": "six times seven"}, "finish_reason": "stop"}]}`, "42", "six times seven", "stop", false},
		{"both", `{"choices": [{"message": {"content": "42", "reasoning_content": "first", "reasoning": "second"}, "finish_reason": "stop"}]}`, "42", "first", "stop", false},
		{"cut while reasoning", `{"choices": [{"message": {"role": "assistant", "content": null, "reasoning_content": "let me think"}, "finish_reason": "length"}]}`, "", "let me think", "length", true},
		{"cut, nothing", `{"choices": [{"message": {"role": "assistant", "content": null}, "finish_reason": "length"}]}`, "", "", "length", true},
		{"cut in the answer", `{"choices": [{"message": {"content": "{\"a\": "}, "finish_reason": "length"}]}`, `{"a": `, "", "length", true},
		{"reasoned, no answer", `{"choices": [{"message": {"content": null, "reasoning": "hmm"}, "finish_reason": "stop"}]}`, "", "hmm", "stop", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFake(t, func(w http.ResponseWriter, _ *http.Request, _ int, _ map[string]any) {
				io.WriteString(w, tc.body)
			})
			dir := t.TempDir()
			c, _ := newTestClient(t, f, Config{CacheDir: dir})
			for round := range 2 {
				comp, err := c.Complete(context.Background(), user("x"), 0)
				if err != nil {
					t.Fatal(err)
				}
				if comp.Content != tc.content || comp.Reasoning != tc.reason || comp.FinishReason != tc.finish || comp.Truncated() != tc.truncated || comp.Cached != (round == 1) {
					t.Errorf("round %d: completion %+v, truncated %v", round, comp, comp.Truncated())
				}
			}
			if f.calls.Load() != 1 {
				t.Errorf("%d calls: the answer was not cached", f.calls.Load())
			}
		})
	}
}

// TestCacheKeyStable: a configuration without the newer fields
// (max_completion_tokens, reasoning_effort, extra body fields) keeps the
// cache key it had before they existed, so that earlier caches still
// answer.
func TestCacheKeyStable(t *testing.T) {
	c, err := New(Config{Endpoint: "http://localhost:8000/v1/", Model: "Qwen/Qwen3-8B",
		Params: Params{Temperature: ptr(0.7), MaxTokens: 8192, Seed: ptr[int64](3)}})
	if err != nil {
		t.Fatal(err)
	}
	const want = "afdcde8a6da5add0eb226113bdc18d24d84673e5792bfd165abf0b3a1eafc325"
	if got := c.CacheKey([]Message{{Role: "system", Content: "s"}, {Role: "user", Content: "p"}}, 2); got != want {
		t.Errorf("cache key %s, want %s", got, want)
	}
}

// TestCachePutRemovesStaleTemps: the temporary files a put of the same key
// killed before its rename left are removed when the answer is cached;
// those of other keys stay.
func TestCachePutRemovesStaleTemps(t *testing.T) {
	f := newFake(t, okAnswer)
	dir := t.TempDir()
	c, _ := newTestClient(t, f, Config{CacheDir: dir})
	k := c.CacheKey(user("q"), 0)
	sub := filepath.Join(dir, k[:2])
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	stale := []string{"." + k + ".123.tmp", "." + k + ".4294967295.tmp"}
	other := "." + k[:2] + strings.Repeat("f", len(k)-2) + ".7.tmp" // another key's
	for _, name := range append(stale, other) {
		if err := os.WriteFile(filepath.Join(sub, name), []byte(`{"key": "`), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := c.Complete(context.Background(), user("q"), 0); err != nil {
		t.Fatal(err)
	}
	if got := findFiles(t, dir, ".tmp"); len(got) != 1 || filepath.Base(got[0]) != other {
		t.Errorf("temporary files left %q, want only %s", got, other)
	}
	if _, ok := c.cacheGet(k); !ok {
		t.Error("the answer was not cached")
	}
}
