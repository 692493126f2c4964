package eval

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/plancert/plancert/domains"
	_ "github.com/plancert/plancert/domains/all"
	"github.com/plancert/plancert/llm"
	"github.com/plancert/plancert/verify"
)

func readSuite(t *testing.T) []*domains.Record {
	t.Helper()
	f, err := os.Open("../../testdata/verify/suite.jsonl")
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

// model is a fake OpenAI-compatible server: answer returns the text for a
// prompt and sample, or an HTTP status to fail with.
type model struct {
	srv   *httptest.Server
	calls atomic.Int64
}

func newModel(t *testing.T, answer func(r *http.Request, prompt string, seed int) (string, int)) *model {
	m := &model{}
	m.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		m.calls.Add(1)
		var req struct {
			Messages []llm.Message `json:"messages"`
			Seed     int           `json:"seed"`
		}
		body, _ := io.ReadAll(r.Body)
		if err := json.Unmarshal(body, &req); err != nil {
			http.Error(w, err.Error(), 400)
			return
		}
		text, status := answer(r, req.Messages[len(req.Messages)-1].Content, req.Seed)
		if status != 0 {
			http.Error(w, `{"error": {"message": "scripted failure"}}`, status)
			return
		}
		json.NewEncoder(w).Encode(map[string]any{"choices": []any{map[string]any{
			"message": map[string]any{"role": "assistant", "content": text}, "finish_reason": "stop"}}})
	}))
	t.Cleanup(m.srv.Close)
	return m
}

func client(t *testing.T, m *model, cache string) *llm.Client {
	t.Helper()
	seed := int64(100)
	c, err := llm.New(llm.Config{Endpoint: m.srv.URL + "/v1", Model: "fake", CacheDir: cache, Retries: -1,
		Params: llm.Params{Seed: &seed}})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// byPrompt maps each prompt to its record.
func byPrompt(recs []*domains.Record) map[string]*domains.Record {
	m := map[string]*domains.Record{}
	for _, r := range recs {
		m[r.Prompt] = r
	}
	return m
}

func TestRunWritesInOrderAndScores(t *testing.T) {
	recs := readSuite(t)
	idx := byPrompt(recs)
	// Sample 0 answers with the reference plan, sample 1 with garbage.
	m := newModel(t, func(_ *http.Request, p string, seed int) (string, int) {
		rec := idx[p]
		if seed == 101 {
			return "I cannot solve this.", 0
		}
		return "Here it is.\n```json\n" + string(rec.Reference.Plan) + "\n```", 0
	})
	cache := t.TempDir()
	var out bytes.Buffer
	var last Progress
	sum, resp, err := Run(context.Background(), Options{Client: client(t, m, cache), Records: recs, Samples: 2, Workers: 3}, &out,
		func(p Progress) { last = p })
	if err != nil {
		t.Fatal(err)
	}
	n := 2 * len(recs)
	if sum.Total != n || sum.Written != n || sum.Errors != 0 || sum.Cached != 0 || sum.Unfinished != 0 || len(resp) != n {
		t.Fatalf("summary %+v, %d responses", sum, len(resp))
	}
	if last.Done != n || last.Total != n {
		t.Errorf("last progress %+v", last)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	for i, l := range lines {
		var got Line
		if err := json.Unmarshal([]byte(l), &got); err != nil {
			t.Fatal(err)
		}
		if got.ID != recs[i/2].ID || got.Sample != i%2 {
			t.Errorf("line %d is %s sample %d, want %s sample %d", i+1, got.ID, got.Sample, recs[i/2].ID, i%2)
		}
	}
	// The file reads back as responses; reference answers pass, garbage fails.
	back, err := verify.ReadResponses(strings.NewReader(out.String()), recs)
	if err != nil {
		t.Fatal(err)
	}
	byID := map[string]*domains.Record{}
	for _, r := range recs {
		byID[r.ID] = r
	}
	var scores []verify.Score
	for i, r := range back {
		s := verify.ScoreResponse(context.Background(), byID[r.ID], r.Response, verify.RewardAllPass)
		if want := 1 - i%2; s.AllPass != want {
			t.Errorf("response %d (%s): all-pass %d, want %d", i, r.ID, s.AllPass, want)
		}
		scores = append(scores, s)
	}
	if rep := verify.Summarize(recs, scores); rep.AllPassed != len(recs) || rep.N != n {
		t.Errorf("report: %d of %d passed, want %d of %d", rep.AllPassed, rep.N, len(recs), n)
	}

	// A rerun makes no request and writes the same bytes.
	calls := m.calls.Load()
	var again bytes.Buffer
	sum2, _, err := Run(context.Background(), Options{Client: client(t, m, cache), Records: recs, Samples: 2, Workers: 2}, &again, nil)
	if err != nil {
		t.Fatal(err)
	}
	if m.calls.Load() != calls || sum2.Cached != n {
		t.Errorf("rerun: %d new calls, %d cached of %d", m.calls.Load()-calls, sum2.Cached, n)
	}
	if again.String() != out.String() {
		t.Error("the rerun wrote different bytes")
	}
}

func TestRunCountsFailedRequests(t *testing.T) {
	recs := readSuite(t)
	bad := recs[1].Prompt
	m := newModel(t, func(_ *http.Request, p string, _ int) (string, int) {
		if p == bad {
			return "", 400
		}
		return "ok", 0
	})
	var out bytes.Buffer
	sum, resp, err := Run(context.Background(), Options{Client: client(t, m, ""), Records: recs}, &out, nil)
	if err != nil {
		t.Fatal(err)
	}
	if sum.Errors != 1 || sum.Written != len(recs)-1 || len(resp) != len(recs)-1 || len(sum.ErrorMessages) != 1 {
		t.Fatalf("summary %+v", sum)
	}
	if msg := sum.ErrorMessages[0]; !strings.Contains(msg, recs[1].ID) || !strings.Contains(msg, "400") {
		t.Errorf("error message %q does not name the record and the status", msg)
	}
	if len(sum.Failed) != 1 || sum.Failed[0] != (Request{recs[1].ID, 0}) {
		t.Errorf("failed requests %+v", sum.Failed)
	}
	if strings.Contains(out.String(), recs[1].ID) {
		t.Error("a failed request was written")
	}
}

func TestRunInterruptedKeepsAnswersAndResumes(t *testing.T) {
	recs := readSuite(t)
	cache := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var once sync.Once
	block := recs[2].Prompt
	m := newModel(t, func(r *http.Request, p string, _ int) (string, int) {
		if p == block && ctx.Err() == nil {
			once.Do(cancel)      // Ctrl-C while record 2 is asked
			<-r.Context().Done() // the client hangs up
			return "late", 0
		}
		return "answer to " + idOf(recs, p), 0
	})
	var out bytes.Buffer
	sum, _, err := Run(ctx, Options{Client: client(t, m, cache), Records: recs, Workers: 1}, &out, nil)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("error %v, want context.Canceled", err)
	}
	if sum.Written != 2 || sum.Unfinished != len(recs)-2 {
		t.Fatalf("summary %+v: want the two answers before the interrupt", sum)
	}
	calls := m.calls.Load()
	var rest bytes.Buffer
	sum2, _, err := Run(context.Background(), Options{Client: client(t, m, cache), Records: recs, Workers: 1}, &rest, nil)
	if err != nil {
		t.Fatal(err)
	}
	if sum2.Cached != 2 || m.calls.Load()-calls != int64(len(recs)-2) {
		t.Errorf("resume: %d cached, %d new calls; want 2 and %d", sum2.Cached, m.calls.Load()-calls, len(recs)-2)
	}
	if !strings.HasPrefix(rest.String(), out.String()) {
		t.Error("the resumed file does not start with the interrupted one")
	}
}

func idOf(recs []*domains.Record, prompt string) string {
	for _, r := range recs {
		if r.Prompt == prompt {
			return r.ID
		}
	}
	return fmt.Sprint("unknown")
}

// TestRunTruncatedAndReasoning: a reasoning model cut at its token limit
// (content null, or a whole plan with finish_reason "length") is an
// answer: written with "truncated": true, counted, returned as a
// truncated response and cached, so that a rerun asks nothing. Reasoning
// text is written beside the answer.
func TestRunTruncatedAndReasoning(t *testing.T) {
	recs := readSuite(t)
	idx := byPrompt(recs)
	var calls atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		var req struct {
			Messages []llm.Message `json:"messages"`
		}
		body, _ := io.ReadAll(r.Body)
		json.Unmarshal(body, &req)
		rec := idx[req.Messages[len(req.Messages)-1].Content]
		plan := "```json\n" + string(rec.Reference.Plan) + "\n```"
		msg := map[string]any{"role": "assistant", "content": plan, "reasoning_content": "thinking about " + rec.ID}
		finish := "stop"
		switch rec {
		case recs[0]:
			msg["content"], finish = nil, "length"
		case recs[1]:
			finish = "length"
			delete(msg, "reasoning_content")
		}
		json.NewEncoder(w).Encode(map[string]any{"choices": []any{map[string]any{"message": msg, "finish_reason": finish}}})
	}))
	defer srv.Close()
	cache := t.TempDir()
	newClient := func() *llm.Client {
		c, err := llm.New(llm.Config{Endpoint: srv.URL + "/v1", Model: "fake", CacheDir: cache, Retries: -1})
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	var out bytes.Buffer
	sum, resp, err := Run(context.Background(), Options{Client: newClient(), Records: recs}, &out, nil)
	if err != nil {
		t.Fatal(err)
	}
	if sum.Written != len(recs) || sum.Errors != 0 || sum.Truncated != 2 || len(resp) != len(recs) {
		t.Fatalf("summary %+v, %d responses", sum, len(resp))
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	for i, l := range lines {
		var got Line
		if err := json.Unmarshal([]byte(l), &got); err != nil {
			t.Fatal(err)
		}
		wantReasoning := "thinking about " + recs[i].ID
		if i == 1 {
			wantReasoning = ""
		}
		if got.Truncated != (i < 2) || resp[i].Truncated != (i < 2) || got.Reasoning != wantReasoning || (i == 0) != (got.Response == "") {
			t.Errorf("line %d: %s; response %+v", i+1, l, resp[i])
		}
		if i == 1 && strings.Contains(l, "reasoning") {
			t.Errorf("line %d has an empty reasoning field: %s", i+1, l)
		}
	}
	if s := verify.ScoreLine(context.Background(), recs[1], resp[1], verify.RewardAllPass); s.ErrorKind != verify.ErrorTruncated || s.Reward != 0 {
		t.Errorf("a whole plan cut at the limit scores %+v", s)
	}
	n := calls.Load()
	var again bytes.Buffer
	sum2, _, err := Run(context.Background(), Options{Client: newClient(), Records: recs}, &again, nil)
	if err != nil || calls.Load() != n || sum2.Cached != len(recs) || sum2.Truncated != 2 || again.String() != out.String() {
		t.Errorf("rerun: error %v, %d new calls, summary %+v, same bytes %v", err, calls.Load()-n, sum2, again.String() == out.String())
	}
}
