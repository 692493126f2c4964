package serve_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/plancert/plancert/domains"
	_ "github.com/plancert/plancert/domains/all" // registers every task family
	"github.com/plancert/plancert/gen/loop"
	"github.com/plancert/plancert/verify"
	"github.com/plancert/plancert/verify/serve"
)

const suiteFile = "../../testdata/verify/suite.jsonl"

func readSuite(t testing.TB) []*domains.Record {
	t.Helper()
	f, err := os.Open(suiteFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := verify.ReadSuite(f)
	if err != nil {
		t.Fatal(err)
	}
	return recs
}

func newServer(t testing.TB, recs []*domains.Record, opts serve.Options) *serve.Server {
	t.Helper()
	if opts.ErrorLog == nil {
		opts.ErrorLog = log.New(io.Discard, "", 0)
	}
	s, err := serve.New(recs, opts)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func reference(rec *domains.Record) string {
	return "Here is the plan.\n```json\n" + string(rec.Reference.Plan) + "\n```\n"
}

func perturbed(t testing.TB, rec *domains.Record, seed uint64) string {
	t.Helper()
	s, err := loop.Perturbed{K: 1, Seed: seed}.Respond(context.Background(), rec)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// do sends one request to h and returns the status and the body.
func do(t testing.TB, h http.Handler, method, path, body string) (int, []byte) {
	t.Helper()
	req := httptest.NewRequest(method, path, strings.NewReader(body))
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if ct := rec.Header().Get("Content-Type"); ct != "application/json" {
		t.Errorf("%s %s: Content-Type %q, want application/json", method, path, ct)
	}
	return rec.Code, rec.Body.Bytes()
}

func mustJSON(t testing.TB, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestHealthz(t *testing.T) {
	recs := readSuite(t)
	s := newServer(t, recs, serve.Options{Reward: verify.RewardAvgPass})
	code, body := do(t, s, "GET", "/healthz", "")
	if code != 200 {
		t.Fatalf("GET /healthz: %d %s", code, body)
	}
	var h serve.Health
	if err := json.Unmarshal(body, &h); err != nil {
		t.Fatal(err)
	}
	if want := (serve.Health{Status: "ok", Records: len(recs), Reward: verify.RewardAvgPass}); h != want {
		t.Errorf("healthz = %+v, want %+v", h, want)
	}
}

// TestGetReward: OpenRLHF's protocol; every reward is the one
// verify.ScoreResponse gives for the query with its prompt stripped.
func TestGetReward(t *testing.T) {
	recs := readSuite(t)
	for _, mode := range verify.RewardModes {
		t.Run(string(mode), func(t *testing.T) {
			s := newServer(t, recs, serve.Options{Reward: mode})
			var req serve.RewardRequest
			var responses []string
			for i, rec := range recs {
				for _, resp := range []string{reference(rec), perturbed(t, rec, uint64(i)), "no answer"} {
					prompt := "<|user|>" + rec.Prompt + "<|assistant|>"
					req.Query = append(req.Query, prompt+resp)
					req.Prompts = append(req.Prompts, prompt)
					req.Labels = append(req.Labels, rec.ID)
					responses = append(responses, resp)
				}
			}
			code, body := do(t, s, "POST", "/get_reward", mustJSON(t, req))
			if code != 200 {
				t.Fatalf("status %d: %s", code, body)
			}
			var got serve.RewardResponse
			if err := json.Unmarshal(body, &got); err != nil {
				t.Fatal(err)
			}
			n := len(req.Query)
			if len(got.Rewards) != n || len(got.Scores) != n {
				t.Fatalf("%d rewards, %d scores for %d queries", len(got.Rewards), len(got.Scores), n)
			}
			ones := 0
			for i := range n {
				want := verify.ScoreResponse(context.Background(), recs[i/3], responses[i], mode)
				if got.Rewards[i] != want.Reward || got.Scores[i] != want.Reward {
					t.Errorf("query %d (%s): reward %v score %v, want %v", i, req.Labels[i], got.Rewards[i], got.Scores[i], want.Reward)
				}
				logs := map[string]float64{"all_pass": float64(want.AllPass), "avg_pass": want.AvgPass, "parsed": b2f(want.Parsed), "prompt_not_found": 0, "integrity_alarm": 0}
				for k, v := range logs {
					if l := got.ExtraLogs[k]; len(l) != n || l[i] != v {
						t.Errorf("query %d: extra_logs[%s] = %v, want %v at %d", i, k, l, v, i)
					}
				}
				if got.Rewards[i] == 1 {
					ones++
				}
			}
			// The references pass in every mode; "no answer" never does.
			if ones < len(recs) {
				t.Errorf("%d rewards of 1, want at least the %d references", ones, len(recs))
			}
			for i := 2; i < n; i += 3 {
				if got.Rewards[i] != 0 {
					t.Errorf("query %d without an answer: reward %v", i, got.Rewards[i])
				}
			}
		})
	}
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// TestGetRewardPrompt: how the response is cut out of the query.
func TestGetRewardPrompt(t *testing.T) {
	recs := readSuite(t)
	rec := recs[0]
	s := newServer(t, recs, serve.Options{})
	ref := reference(rec)
	tests := []struct {
		name     string
		query    string
		prompts  []string // nil: no "prompts" field
		reward   float64
		notFound float64
	}{
		{"prefix", "P:" + rec.Prompt + ref, []string{"P:" + rec.Prompt}, 1, 0},
		{"inside", "<bos>P:" + rec.Prompt + ref, []string{"P:" + rec.Prompt}, 1, 0},
		// The prompt is not in the query: graded whole, which still
		// finds the answer (the last json block) and says so.
		{"not found", rec.Prompt + ref, []string{"another prompt"}, 1, 1},
		{"no prompts", ref, nil, 1, 0},
		// The prompt's own skeleton block is the last block when the
		// response has none: stripping the prompt leaves nothing to grade.
		{"prompt only", rec.Prompt, []string{rec.Prompt}, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := map[string]any{"query": []string{tt.query}, "labels": []string{rec.ID}}
			if tt.prompts != nil {
				req["prompts"] = tt.prompts
			}
			code, body := do(t, s, "POST", "/get_reward", mustJSON(t, req))
			if code != 200 {
				t.Fatalf("status %d: %s", code, body)
			}
			var got serve.RewardResponse
			if err := json.Unmarshal(body, &got); err != nil {
				t.Fatal(err)
			}
			if got.Rewards[0] != tt.reward || got.ExtraLogs["prompt_not_found"][0] != tt.notFound {
				t.Errorf("reward %v prompt_not_found %v, want %v %v", got.Rewards[0], got.ExtraLogs["prompt_not_found"][0], tt.reward, tt.notFound)
			}
		})
	}
}

// TestScore: /v1/score gives verify.ScoreResponse's score of every item,
// the counts of items passed and failed, a per-item error for an unknown
// id, and the mean reward of the scored items.
func TestScore(t *testing.T) {
	recs := readSuite(t)
	s := newServer(t, recs, serve.Options{})
	for _, mode := range []string{"", "allpass", "avgpass", "feasible"} {
		t.Run("mode="+mode, func(t *testing.T) {
			type item struct {
				ID       string `json:"id"`
				Response string `json:"response"`
			}
			var items []item
			for i, rec := range recs {
				items = append(items, item{rec.ID, reference(rec)}, item{rec.ID, perturbed(t, rec, uint64(i))})
			}
			items = append(items, item{"no/such/id", "{}"})
			code, body := do(t, s, "POST", "/v1/score", mustJSON(t, map[string]any{"items": items, "reward": mode}))
			if code != 200 {
				t.Fatalf("status %d: %s", code, body)
			}
			var got serve.ScoreAnswer
			if err := json.Unmarshal(body, &got); err != nil {
				t.Fatal(err)
			}
			wantMode := verify.RewardMode(mode)
			if mode == "" {
				wantMode = verify.RewardAllPass
			}
			if got.Reward != wantMode || got.N != len(items) || got.Scored != len(items)-1 || got.Errors != 1 || len(got.Results) != len(items) {
				t.Fatalf("answer header = %s %d %d %d with %d results", got.Reward, got.N, got.Scored, got.Errors, len(got.Results))
			}
			sum := 0.0
			for i, it := range items[:len(items)-1] {
				want := verify.ScoreResponse(context.Background(), recs[i/2], it.Response, wantMode)
				r := got.Results[i]
				if r.Error != "" || r.Score == nil {
					t.Fatalf("item %d: error %q", i, r.Error)
				}
				// "id" is the Result's (the Score's own is shadowed).
				sc := *r.Score
				sc.ID = r.ID
				if !reflect.DeepEqual(sc, want) {
					t.Errorf("item %d: score %+v, want %+v", i, sc, want)
				}
				passed := 0
				for _, x := range want.Items {
					if x.Pass {
						passed++
					}
				}
				if r.ID != it.ID || r.Passed != passed || r.Passed+r.Failed != len(recs[i/2].Checklist) {
					t.Errorf("item %d: id %s passed %d failed %d, want %s %d of %d", i, r.ID, r.Passed, r.Failed, it.ID, passed, len(recs[i/2].Checklist))
				}
				if i%2 == 0 && r.Reward != 1 {
					t.Errorf("item %d: the reference gets %v", i, r.Reward)
				}
				sum += want.Reward
			}
			if want := sum / float64(len(items)-1); got.MeanReward != want {
				t.Errorf("mean_reward %v, want %v", got.MeanReward, want)
			}
			last := got.Results[len(items)-1]
			if last.ID != "no/such/id" || last.Score != nil || !strings.Contains(last.Error, `no record of the suite has the id "no/such/id"`) {
				t.Errorf("unknown id: %+v", last)
			}
			// The unknown item's JSON has no score fields.
			var raw struct {
				Results []map[string]any `json:"results"`
			}
			json.Unmarshal(body, &raw)
			if _, has := raw.Results[len(items)-1]["reward"]; has {
				t.Errorf("unknown id has a reward: %v", raw.Results[len(items)-1])
			}
		})
	}
}

// TestBadRequests: every malformed request gets its status and a JSON
// message that says what is wrong.
func TestBadRequests(t *testing.T) {
	recs := readSuite(t)
	s := newServer(t, recs, serve.Options{MaxBodyBytes: 4096, MaxBatch: 3})
	id := recs[0].ID
	big := `{"items": [{"id": "` + id + `", "response": "` + strings.Repeat("x", 5000) + `"}]}`
	tests := []struct {
		method, path, body string
		status             int
		msg                string
	}{
		{"POST", "/v1/score", ``, 400, "the body is empty"},
		{"POST", "/v1/score", `{"items": [`, 400, "ends inside"},
		{"POST", "/v1/score", `{"items": [}`, 400, "not valid JSON"},
		{"POST", "/v1/score", `[1, 2]`, 400, "want an object"},
		{"POST", "/v1/score", `{"items": {}}`, 400, `"items": want a list`},
		{"POST", "/v1/score", `{"items": [{"id": 3, "response": ""}]}`, 400, `want a string`},
		{"POST", "/v1/score", `{"items": []} {}`, 400, "more after its JSON object"},
		{"POST", "/v1/score", `{}`, 400, `"items": missing`},
		{"POST", "/v1/score", `{"items": [{"response": ""}]}`, 400, `"items"[0].id: missing`},
		{"POST", "/v1/score", `{"items": [{"id": "x"}]}`, 400, `"items"[0].response: missing`},
		{"POST", "/v1/score", `{"items": [], "reward": "best"}`, 400, `"reward": "best" is not allpass`},
		{"POST", "/v1/score", big, 413, "over the limit of 4096 bytes"},
		{"POST", "/v1/score", `{"items": [{"id":"a","response":""},{"id":"a","response":""},{"id":"a","response":""},{"id":"a","response":""}]}`, 413, "4 items is over the limit of 3"},
		{"POST", "/get_reward", `{"query": ["a"]}`, 400, `"labels": missing`},
		{"POST", "/get_reward", `{"labels": ["a"]}`, 400, `"query": missing`},
		{"POST", "/get_reward", `{"query": ["a", "b"], "labels": ["` + id + `"]}`, 400, `"labels" has 1 entries for 2 queries`},
		{"POST", "/get_reward", `{"query": ["a"], "prompts": [], "labels": ["` + id + `"]}`, 400, `"prompts" has 0 entries for 1 queries`},
		{"POST", "/get_reward", `{"query": ["a"], "labels": ["nope"]}`, 400, `"labels"[0]: no record of the suite has the id "nope"`},
		{"POST", "/get_reward", `{"query": ["a"], "labels": [null]}`, 400, `no record of the suite has the id ""`},
		{"POST", "/get_reward", `{"query": "a", "labels": ["` + id + `"]}`, 400, `"query": want a list`},
		{"POST", "/get_reward", `{"query": [1], "labels": ["` + id + `"]}`, 400, `"query"[0]: want a string, got 1`},
		{"POST", "/get_reward", `{"query": [null], "labels": ["` + id + `"]}`, 400, `"query"[0]: want a string, got null`},
		{"POST", "/get_reward", `{"query": ["a"], "prompts": [{"x": 1}], "labels": ["` + id + `"]}`, 400, `"prompts"[0]: want a string, got {"x": 1}`},
		{"POST", "/get_reward", `{"query": ["a","a","a","a"], "labels": ["a","a","a","a"]}`, 413, "4 queries is over the limit of 3"},
		{"GET", "/get_reward", ``, 405, "/get_reward takes POST, got GET"},
		{"PUT", "/v1/score", `{}`, 405, "/v1/score takes POST, got PUT"},
		{"POST", "/healthz", ``, 405, "/healthz takes GET, got POST"},
		{"GET", "/v2/score", ``, 404, "no endpoint /v2/score"},
	}
	for _, tt := range tests {
		t.Run(tt.method+" "+tt.path+" "+tt.msg, func(t *testing.T) {
			code, body := do(t, s, tt.method, tt.path, tt.body)
			var e struct {
				Error string `json:"error"`
			}
			if err := json.Unmarshal(body, &e); err != nil {
				t.Fatalf("the body is not a JSON error: %q", body)
			}
			if code != tt.status || !strings.Contains(e.Error, tt.msg) {
				t.Errorf("got %d %q, want %d with %q", code, e.Error, tt.status, tt.msg)
			}
		})
	}
	// Wrong methods say which are allowed.
	req := httptest.NewRequest("GET", "/v1/score", nil)
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, req)
	if got := rec.Header().Get("Allow"); got != "POST" {
		t.Errorf("Allow = %q, want POST", got)
	}
}

// TestIntegrityAlarm: an answer that beats the certified optimum (here,
// a record whose stated optimum was made worse than its own reference) is
// flagged in both answers and logged loudly, never scored silently.
func TestIntegrityAlarm(t *testing.T) {
	recs := readSuite(t)
	bad := *recs[0]
	bad.ID = "tampered"
	bad.Reference.Objective = append([]int64(nil), bad.Reference.Objective...)
	bad.Reference.Objective[0]++
	var logged syncBuffer
	s := newServer(t, []*domains.Record{recs[0], &bad}, serve.Options{ErrorLog: log.New(&logged, "", 0)})
	resp := reference(recs[0])

	code, body := do(t, s, "POST", "/v1/score", mustJSON(t, map[string]any{"items": []map[string]string{{"id": recs[0].ID, "response": resp}, {"id": "tampered", "response": resp}}}))
	var ans serve.ScoreAnswer
	if err := json.Unmarshal(body, &ans); err != nil || code != 200 {
		t.Fatalf("%d %s", code, body)
	}
	if ans.IntegrityAlarms != 1 || ans.Results[0].IntegrityAlarm || !ans.Results[1].IntegrityAlarm {
		t.Errorf("integrity_alarms %d, per item %v %v; want 1, false, true", ans.IntegrityAlarms, ans.Results[0].IntegrityAlarm, ans.Results[1].IntegrityAlarm)
	}
	code, body = do(t, s, "POST", "/get_reward", mustJSON(t, map[string]any{"query": []string{resp, resp}, "labels": []string{recs[0].ID, "tampered"}}))
	var rr serve.RewardResponse
	if err := json.Unmarshal(body, &rr); err != nil || code != 200 {
		t.Fatalf("%d %s", code, body)
	}
	if got := rr.ExtraLogs["integrity_alarm"]; !reflect.DeepEqual(got, []float64{0, 1}) {
		t.Errorf("extra_logs.integrity_alarm = %v, want [0 1]", got)
	}
	if n := strings.Count(logged.String(), "serve: INTEGRITY ALARM: a feasible answer to tampered"); n != 2 {
		t.Errorf("%d alarms logged, want 2:\n%s", n, logged.String())
	}
}

// syncBuffer is a bytes.Buffer safe for concurrent writers.
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

// TestWarm: every reference of the suite passes; a record whose
// reference plan was broken is named; a cancelled context stops Warm.
func TestWarm(t *testing.T) {
	recs := readSuite(t)
	if err := newServer(t, recs, serve.Options{}).Warm(context.Background()); err != nil {
		t.Fatalf("Warm on the suite: %v", err)
	}
	bad := *recs[1]
	bad.ID = "zz-broken"
	bad.Reference.Plan = json.RawMessage(strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(perturbed(t, recs[1], 7)), "```json\n"), "\n```"))
	err := newServer(t, append(recs[:len(recs):len(recs)], &bad), serve.Options{}).Warm(context.Background())
	var re *serve.ReferenceError
	if !errors.As(err, &re) || len(re.Failures) != 1 || re.Failures[0].ID != "zz-broken" || re.Failures[0].Item == "" {
		t.Fatalf("Warm with a broken reference = %v", err)
	}
	if !strings.HasPrefix(err.Error(), `serve: the certified reference of zz-broken fails item "`) {
		t.Errorf("message %q", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := newServer(t, recs, serve.Options{}).Warm(ctx); err != context.Canceled {
		t.Errorf("Warm after the context ended = %v, want context.Canceled", err)
	}
}

func TestNewErrors(t *testing.T) {
	recs := readSuite(t)
	tests := []struct {
		recs []*domains.Record
		opts serve.Options
		msg  string
	}{
		{nil, serve.Options{}, "serve: the suite has no records"},
		{append(recs[:1:1], recs[0]), serve.Options{}, `serve: the id "` + recs[0].ID + `" is on two records`},
		{recs, serve.Options{Reward: "best"}, `is not allpass, avgpass or feasible`},
		{recs, serve.Options{MaxBatch: -1}, "MaxBatch is -1"},
		{recs, serve.Options{MaxBodyBytes: -1}, "MaxBodyBytes is -1"},
		{recs, serve.Options{Workers: -2}, "Workers is -2"},
		{recs, serve.Options{MaxConcurrent: -1}, "MaxConcurrent is -1"},
	}
	for _, tt := range tests {
		if _, err := serve.New(tt.recs, tt.opts); err == nil || !strings.Contains(err.Error(), tt.msg) {
			t.Errorf("New(%d records, %+v) = %v, want %q", len(tt.recs), tt.opts, err, tt.msg)
		}
	}
}

// TestServeGraceful: a request in flight when the context ends is
// finished; then Serve returns nil and the port is closed.
func TestServeGraceful(t *testing.T) {
	recs := readSuite(t)
	s := newServer(t, recs, serve.Options{})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- s.Serve(ctx, ln) }()
	url := "http://" + ln.Addr().String()

	body := mustJSON(t, map[string]any{"items": []map[string]string{{"id": recs[0].ID, "response": reference(recs[0])}}})
	pr, pw := io.Pipe()
	type result struct {
		code int
		body []byte
		err  error
	}
	answered := make(chan result, 1)
	go func() {
		resp, err := http.Post(url+"/v1/score", "application/json", pr)
		if err != nil {
			answered <- result{err: err}
			return
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		answered <- result{resp.StatusCode, b, err}
	}()
	// Half the body, then the shutdown, then the rest.
	half := len(body) / 2
	if _, err := pw.Write([]byte(body[:half])); err != nil {
		t.Fatal(err)
	}
	time.Sleep(50 * time.Millisecond) // the server is reading the body
	cancel()
	time.Sleep(50 * time.Millisecond) // the server is shutting down
	if _, err := pw.Write([]byte(body[half:])); err != nil {
		t.Fatal(err)
	}
	pw.Close()
	r := <-answered
	if r.err != nil || r.code != 200 || !bytes.Contains(r.body, []byte(`"reward":1`)) {
		t.Fatalf("request in flight: %v %d %s", r.err, r.code, r.body)
	}
	select {
	case err := <-served:
		if err != nil {
			t.Fatalf("Serve = %v, want nil", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Serve did not return after the shutdown")
	}
	if _, err := http.Get(url + "/healthz"); err == nil {
		t.Error("the server still answers after the shutdown")
	}
}

// TestBodyHoldsNoSlot: with one grading slot, a request whose body is
// still coming holds no slot: a second request is answered meanwhile, and
// the first once its body has come. (TestSlotsBoundGrading: the slots
// bound the requests graded at once.)
func TestBodyHoldsNoSlot(t *testing.T) {
	recs := readSuite(t)
	ts := httptest.NewServer(newServer(t, recs, serve.Options{MaxConcurrent: 1}))
	defer ts.Close()
	body := mustJSON(t, map[string]any{"items": []map[string]string{{"id": recs[0].ID, "response": reference(recs[0])}}})
	send := func(r io.Reader, done chan<- int) {
		resp, err := http.Post(ts.URL+"/v1/score", "application/json", r)
		if err != nil {
			done <- -1
			return
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		done <- resp.StatusCode
	}
	pr, pw := io.Pipe()
	defer pw.Close() // before ts.Close, should the test fail early
	first, second := make(chan int, 1), make(chan int, 1)
	go send(pr, first)
	pw.Write([]byte(body[:10])) // the first request's body is coming
	go send(strings.NewReader(body), second)
	select {
	case code := <-second:
		if code != 200 {
			t.Errorf("the second request: status %d", code)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the second request waited for the first one's body")
	}
	select {
	case code := <-first:
		t.Fatalf("the first request was answered (%d) before its body came", code)
	default:
	}
	pw.Write([]byte(body[10:]))
	pw.Close()
	if code := <-first; code != 200 {
		t.Errorf("the first request: status %d", code)
	}
}

func Example() {
	f, _ := os.Open("../../testdata/verify/suite.jsonl")
	defer f.Close()
	recs, _ := verify.ReadSuite(f)
	s, _ := serve.New(recs, serve.Options{})
	ts := httptest.NewServer(s)
	defer ts.Close()

	rec := recs[0]
	body, _ := json.Marshal(map[string]any{"items": []map[string]string{
		{"id": rec.ID, "response": "```json\n" + string(rec.Reference.Plan) + "\n```"},
		{"id": rec.ID, "response": "I could not find a plan."},
	}})
	resp, err := http.Post(ts.URL+"/v1/score", "application/json", bytes.NewReader(body))
	if err != nil {
		panic(err)
	}
	defer resp.Body.Close()
	var ans serve.ScoreAnswer
	json.NewDecoder(resp.Body).Decode(&ans)
	for _, r := range ans.Results {
		fmt.Printf("reward %v, %d of %d items passed, error kind %q\n", r.Reward, r.Passed, r.Passed+r.Failed, r.ErrorKind)
	}
	// Output:
	// reward 1, 9 of 9 items passed, error kind ""
	// reward 0, 0 of 9 items passed, error kind "format"
}

// TestGetRewardEndToken: OpenRLHF decodes the query with
// skip_special_tokens=False, so the chat template's end token follows the
// answer's closing fence directly; the reference still scores 1, through
// /get_reward and through /v1/score, for every token of verify.EndTokens,
// right after the fence, repeated, or followed by white space. The same
// token inside the JSON block fails it.
func TestGetRewardEndToken(t *testing.T) {
	recs := readSuite(t)
	rec := recs[0]
	s := newServer(t, recs, serve.Options{})
	fence := "```json\n" + string(rec.Reference.Plan) + "\n```"
	prompt := "<|im_start|>user\n" + rec.Prompt + "<|im_end|>\n<|im_start|>assistant\n"
	reward := func(resp string) float64 {
		t.Helper()
		req := serve.RewardRequest{Query: []string{prompt + resp}, Prompts: []string{prompt}, Labels: []string{rec.ID}}
		code, body := do(t, s, "POST", "/get_reward", mustJSON(t, req))
		var got serve.RewardResponse
		if err := json.Unmarshal(body, &got); code != 200 || err != nil || len(got.Rewards) != 1 {
			t.Fatalf("/get_reward: status %d, %s", code, body)
		}
		return got.Rewards[0]
	}
	score := func(resp string) (float64, verify.ErrorKind) {
		t.Helper()
		code, body := do(t, s, "POST", "/v1/score", mustJSON(t, map[string]any{"items": []any{map[string]string{"id": rec.ID, "response": resp}}}))
		var got serve.ScoreAnswer
		if err := json.Unmarshal(body, &got); code != 200 || err != nil || len(got.Results) != 1 || got.Results[0].Score == nil {
			t.Fatalf("/v1/score: status %d, %s", code, body)
		}
		return got.Results[0].Reward, got.Results[0].ErrorKind
	}
	for _, tok := range verify.EndTokens {
		for _, resp := range []string{fence + tok, fence + "\n" + tok, fence + tok + tok + tok, fence + tok + " \n\t", fence + tok + "\n" + tok + "\n"} {
			if r := reward(resp); r != 1 {
				t.Errorf("/get_reward %q: reward %v", resp[len(fence):], r)
			}
			if r, kind := score(resp); r != 1 {
				t.Errorf("/v1/score %q: reward %v, error kind %q", resp[len(fence):], r, kind)
			}
		}
		inside := "```json\n" + string(rec.Reference.Plan) + tok + "\n```"
		if r := reward(inside); r != 0 {
			t.Errorf("/get_reward, %s inside the block: reward %v", tok, r)
		}
		if r, kind := score(inside); r != 0 || kind != verify.ErrorFormat {
			t.Errorf("/v1/score, %s inside the block: reward %v, error kind %q", tok, r, kind)
		}
	}
}
