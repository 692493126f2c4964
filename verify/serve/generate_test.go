package serve_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log"
	"net/http/httptest"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/gen/loop"
	"github.com/plancert/plancert/verify/serve"
)

// fakeGen makes records by copying the suite's records of the task asked
// for, with ids of their own (task/fake/level-tiers-seed-index) and the
// level asked for: they grade as the records they copy. It records the
// Generations it is asked for. With ready set, it makes that many records
// and then waits for the context's end (a generation that does not finish
// in time); with hold set, it signals started and waits for hold to be
// closed (or the context to end) before making any.
type fakeGen struct {
	pool    []*domains.Record
	ready   int
	hold    chan struct{}
	started chan struct{}
	mutate  func(*domains.Record)

	mu    sync.Mutex
	calls []serve.Generation
}

func (f *fakeGen) Generate(ctx context.Context, g serve.Generation) ([]*domains.Record, error) {
	f.mu.Lock()
	f.calls = append(f.calls, g)
	f.mu.Unlock()
	if f.hold != nil {
		f.started <- struct{}{}
		select {
		case <-f.hold:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	var out []*domains.Record
	for i := range g.N {
		if f.ready > 0 && i == f.ready {
			<-ctx.Done()
			return out, ctx.Err()
		}
		task := g.Tasks[i%len(g.Tasks)].ID
		var src *domains.Record
		for k := range f.pool {
			if r := f.pool[(i+k)%len(f.pool)]; r.Task == task {
				src = r
				break
			}
		}
		if src == nil {
			return out, fmt.Errorf("fake: no record of %s to copy", task)
		}
		c := *src
		tiers := "drawn"
		if g.Tiers != nil {
			tiers = fmt.Sprint(g.Tiers[0], g.Tiers[1], g.Tiers[2])
		}
		c.ID = fmt.Sprintf("%s/fake/%d-%s-%d-%d", task, g.Level, tiers, g.Seed, i)
		c.Level, c.Hash = g.Level, ""
		if f.mutate != nil {
			f.mutate(&c)
		}
		out = append(out, &c)
	}
	return out, nil
}

func (f *fakeGen) Calls() []serve.Generation {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]serve.Generation(nil), f.calls...)
}

// problems asks s for records and decodes them (fatal unless 200).
func problems(t *testing.T, s *serve.Server, body string) []*domains.Record {
	t.Helper()
	code, out := do(t, s, "POST", "/v1/problems", body)
	if code != 200 {
		t.Fatalf("POST /v1/problems %s: %d %s", body, code, out)
	}
	var a struct {
		N       int               `json:"n"`
		Records []json.RawMessage `json:"records"`
	}
	if err := json.Unmarshal(out, &a); err != nil {
		t.Fatal(err)
	}
	recs := make([]*domains.Record, len(a.Records))
	for i, raw := range a.Records {
		recs[i] = new(domains.Record)
		if err := json.Unmarshal(raw, recs[i]); err != nil {
			t.Fatal(err)
		}
		// Each record is as gen writes it: its hash is its line's.
		if h, err := domains.RecordHash(append(raw, '\n')); err != nil || h != recs[i].Hash {
			t.Errorf("record %d: hash %s, its content %s (%v)", i, recs[i].Hash, h, err)
		}
	}
	if a.N != len(recs) {
		t.Errorf("n = %d for %d records", a.N, len(recs))
	}
	return recs
}

// scoreRefs grades the reference answers of recs (with their hashes) on
// /v1/score and returns the mean reward.
func scoreRefs(t *testing.T, s *serve.Server, recs []*domains.Record) float64 {
	t.Helper()
	items := make([]map[string]string, len(recs))
	for i, r := range recs {
		items[i] = map[string]string{"id": r.ID, "hash": r.Hash, "response": reference(r)}
	}
	code, out := do(t, s, "POST", "/v1/score", mustJSON(t, map[string]any{"items": items}))
	if code != 200 {
		t.Fatalf("POST /v1/score: %d %s", code, out)
	}
	var a serve.ScoreAnswer
	if err := json.Unmarshal(out, &a); err != nil {
		t.Fatal(err)
	}
	return a.MeanReward
}

func taskState(t *testing.T, s *serve.Server, task string) serve.TaskState {
	t.Helper()
	code, out := do(t, s, "GET", "/v1/curriculum?task="+task, "")
	if code != 200 {
		t.Fatalf("GET /v1/curriculum: %d %s", code, out)
	}
	var a serve.CurriculumAnswer
	if err := json.Unmarshal(out, &a); err != nil {
		t.Fatal(err)
	}
	st, ok := a.Tasks[task]
	if !ok || len(a.Tasks) != 1 {
		t.Fatalf("GET /v1/curriculum?task=%s: tasks %v", task, a.Tasks)
	}
	return st
}

func errorOf(t *testing.T, body []byte) string {
	t.Helper()
	var e struct {
		Error string `json:"error"`
	}
	if err := json.Unmarshal(body, &e); err != nil {
		t.Fatalf("the body is not a JSON error: %q", body)
	}
	return e.Error
}

// TestGenerateOff: without a Generator the generation endpoints answer
// 404 and say how to turn generation on.
func TestGenerateOff(t *testing.T) {
	s := newServer(t, readSuite(t), serve.Options{})
	for _, tt := range []struct{ method, path string }{{"POST", "/v1/problems"}, {"GET", "/v1/curriculum"}, {"POST", "/v1/curriculum/feedback"}} {
		code, body := do(t, s, tt.method, tt.path, `{}`)
		if msg := errorOf(t, body); code != 404 || !strings.Contains(msg, "generation is off") || !strings.Contains(msg, "--generate") {
			t.Errorf("%s %s: %d %q", tt.method, tt.path, code, msg)
		}
	}
	if _, err := serve.New(nil, serve.Options{}); err == nil {
		t.Error("New without records nor a Generator: no error")
	}
}

// TestProblems: a request with a level is one Generation as asked; its
// records are kept and graded by /v1/score and /get_reward, by id and
// hash; results of records of another level than the task's are counted
// stale and do not move the curriculum.
func TestProblems(t *testing.T) {
	suite := readSuite(t)
	g := &fakeGen{pool: suite}
	s := newServer(t, suite[:1], serve.Options{Generator: g})
	recs := problems(t, s, `{"task": "meeting-planning", "level": 2, "n": 3, "seed": 7}`)
	mp, _ := domains.Lookup("meeting-planning")
	if want := []serve.Generation{{Tasks: []*domains.Task{mp}, Level: 2, N: 3, Seed: 7}}; !reflect.DeepEqual(g.Calls(), want) {
		t.Errorf("calls %+v, want %+v", g.Calls(), want)
	}
	if len(recs) != 3 {
		t.Fatalf("%d records", len(recs))
	}
	if r := scoreRefs(t, s, recs); r != 1 {
		t.Errorf("the references of the generated records score %v, want 1", r)
	}
	code, out := do(t, s, "POST", "/get_reward", mustJSON(t, map[string]any{
		"query": []string{reference(recs[0]), "no plan"}, "labels": []string{recs[0].ID + "#" + recs[0].Hash, recs[1].ID}}))
	var rw serve.RewardResponse
	if err := json.Unmarshal(out, &rw); code != 200 || err != nil || !reflect.DeepEqual(rw.Rewards, []float64{1, 0}) {
		t.Errorf("POST /get_reward: %d %s", code, out)
	}
	var h serve.Health
	if _, out := do(t, s, "GET", "/healthz", ""); json.Unmarshal(out, &h) != nil || h.Records != 1+3 {
		t.Errorf("healthz %s, want 4 records", out)
	}
	st := taskState(t, s, "meeting-planning")
	if want := (serve.TaskState{State: loop.DefaultParams.Start(), Graded: 5, Solved: 4, Stale: 5}); !reflect.DeepEqual(st, want) {
		t.Errorf("curriculum %+v, want %+v (level-2 results are stale at level 1)", st, want)
	}
	// The same request again: the same records, kept once.
	again := problems(t, s, `{"task": "meeting-planning", "level": 2, "n": 3, "seed": 7}`)
	if !reflect.DeepEqual(again, recs) {
		t.Error("the same request gave other records")
	}
	if _, out := do(t, s, "GET", "/healthz", ""); json.Unmarshal(out, &h) != nil || h.Records != 4 {
		t.Errorf("healthz %s after the same request, want 4 records", out)
	}
	// Every registered task is listed; an unknown one is refused.
	code, out = do(t, s, "GET", "/v1/curriculum", "")
	var all serve.CurriculumAnswer
	if err := json.Unmarshal(out, &all); code != 200 || err != nil || len(all.Tasks) != len(domains.Tasks()) || all.Params.MMax != loop.DefaultParams.MMax {
		t.Errorf("GET /v1/curriculum: %d, %d tasks, params %+v", code, len(all.Tasks), all.Params)
	}
	if code, out := do(t, s, "GET", "/v1/curriculum?task=nope", ""); code != 400 || !strings.Contains(errorOf(t, out), `"nope": no such task`) {
		t.Errorf("GET /v1/curriculum?task=nope: %d %s", code, out)
	}
}

// TestCurriculumRaisesLevel: a task asked for without a level is drawn at
// its curriculum state (level and tier counts); its references keep
// passing, so the level goes up, after exactly as many rounds as the
// parameters say: M0 → MMax takes MMax − M0 solved results, and one more
// at MMax moves up a level (4 with the defaults: 2 rounds of 2).
func TestCurriculumRaisesLevel(t *testing.T) {
	suite := readSuite(t)
	g := &fakeGen{pool: suite}
	s := newServer(t, suite, serve.Options{Generator: g})
	pr := loop.DefaultParams
	const n = 2
	toRaise := pr.MMax - pr.M0 + 1
	rounds := (toRaise + n - 1) / n
	mp, _ := domains.Lookup("meeting-planning")
	want := pr.Start()
	for round := 1; round <= rounds+1; round++ {
		st := taskState(t, s, "meeting-planning")
		recs := problems(t, s, fmt.Sprintf(`{"task": "meeting-planning", "n": %d, "seed": %d}`, n, round))
		calls := g.Calls()
		c := want.Counts
		if got, w := calls[len(calls)-1], (serve.Generation{Tasks: []*domains.Task{mp}, Level: st.Level, Tiers: &c, N: n, Seed: uint64(round)}); !reflect.DeepEqual(got, w) {
			t.Errorf("round %d: asked for %+v, want %+v (the curriculum's state)", round, got, w)
		}
		if st.State != want {
			t.Errorf("round %d: state %+v, want %+v", round, st.State, want)
		}
		if r := scoreRefs(t, s, recs); r != 1 {
			t.Fatalf("round %d: references score %v", round, r)
		}
		for range n {
			want = pr.Update(want, true)
		}
		level := taskState(t, s, "meeting-planning").Level
		switch {
		case round < rounds && level != 1:
			t.Errorf("round %d of %d: level %d already", round, rounds, level)
		case round == rounds && level != 2:
			t.Errorf("round %d: level %d, want 2 after %d solved results", round, level, round*n)
		}
	}
	// Tiers given without a level: the curriculum's level at those counts.
	problems(t, s, `{"task": "meeting-planning", "n": 1, "seed": 9, "tiers": [1, 0, 0]}`)
	calls := g.Calls()
	if got := calls[len(calls)-1]; got.Level != 2 || got.Tiers == nil || *got.Tiers != [3]int{1, 0, 0} {
		t.Errorf("tiers without a level: asked for %+v", got)
	}
	// Failures change nothing but the counts.
	before := taskState(t, s, "exam-scheduling")
	ex := problems(t, s, `{"task": "exam-scheduling", "n": 2, "seed": 1}`)
	if code, out := do(t, s, "POST", "/v1/score", mustJSON(t, map[string]any{"items": []map[string]string{{"id": ex[0].ID, "response": "no"}, {"id": ex[1].ID, "response": "{}"}}})); code != 200 {
		t.Fatalf("POST /v1/score: %d %s", code, out)
	}
	if after := taskState(t, s, "exam-scheduling"); after.State != before.State || after.Graded != before.Graded+2 || after.Solved != before.Solved {
		t.Errorf("after two failures: %+v, before %+v", after, before)
	}
}

// TestFeedback: results graded elsewhere move the curriculum as graded
// ones do; a hash that is not the record's refuses the whole request
// (409, nothing counted); unknown ids are counted as such.
func TestFeedback(t *testing.T) {
	suite := readSuite(t)
	s := newServer(t, suite, serve.Options{Generator: &fakeGen{pool: suite}})
	recs := problems(t, s, `{"task": "meeting-planning", "n": 2, "seed": 3}`)
	body := mustJSON(t, map[string]any{"results": []map[string]any{
		{"id": recs[0].ID, "hash": recs[0].Hash, "all_pass": 1},
		{"id": recs[1].ID, "hash": "sha256:" + strings.Repeat("0", 32), "all_pass": true},
	}})
	code, out := do(t, s, "POST", "/v1/curriculum/feedback", body)
	var hc serve.HashConflict
	if err := json.Unmarshal(out, &hc); code != 409 || err != nil || hc.Item != 1 || hc.ID != recs[1].ID || hc.ServerHash != recs[1].Hash || !strings.Contains(hc.Error, "nothing was counted") {
		t.Errorf("a wrong hash: %d %s", code, out)
	}
	if st := taskState(t, s, "meeting-planning"); st.Graded != 0 {
		t.Errorf("after a refused feedback: %+v", st)
	}
	body = mustJSON(t, map[string]any{"results": []map[string]any{
		{"id": recs[0].ID, "hash": recs[0].Hash, "all_pass": 1},
		{"id": recs[1].ID, "all_pass": false},
		{"id": "no/such/id", "all_pass": 1},
		{"id": suite[4].ID, "all_pass": true}, // exam-scheduling, from the suite
	}})
	code, out = do(t, s, "POST", "/v1/curriculum/feedback", body)
	var fa serve.FeedbackAnswer
	if err := json.Unmarshal(out, &fa); code != 200 || err != nil {
		t.Fatalf("feedback: %d %s", code, out)
	}
	want := loop.DefaultParams.Update(loop.DefaultParams.Start(), true)
	if fa.N != 4 || fa.Counted != 3 || fa.Unknown != 1 || fa.Stale != 0 || len(fa.Errors) != 1 || !strings.Contains(fa.Errors[0], `"results"[2]: no record has the id "no/such/id"`) ||
		!reflect.DeepEqual(fa.Tasks, map[string]serve.TaskState{
			"meeting-planning": {State: want, Graded: 2, Solved: 1},
			"exam-scheduling":  {State: want, Graded: 1, Solved: 1},
		}) {
		t.Errorf("feedback answer %+v", fa)
	}
	for _, tt := range []struct {
		body string
		msg  string
	}{
		{`{}`, `"results": missing`},
		{`{"results": [{"all_pass": 1}]}`, `"results"[0].id: missing`},
		{`{"results": [{"id": "x"}]}`, `"results"[0].all_pass: missing`},
		{`{"results": [{"id": "x", "all_pass": 0.5}]}`, `"results"[0].all_pass: want 0, 1, true or false, got 0.5`},
		{`{"results": [{"id": "x", "all_pass": "yes"}]}`, `want 0, 1, true or false, got "yes"`},
		{`{"results": [{"id": "x", "all_pass": 1, "reward": 1}]}`, `"reward": unknown field`},
		{`{"results": [], "x": 1}`, `"x": unknown field (the fields are results)`},
		{`{"results": [`, `ends inside`},
	} {
		if code, out := do(t, s, "POST", "/v1/curriculum/feedback", tt.body); code != 400 || !strings.Contains(errorOf(t, out), tt.msg) {
			t.Errorf("feedback %s: %d %s, want 400 with %q", tt.body, code, out, tt.msg)
		}
	}
}

// TestProblemsBadRequests: each field's errors are named.
func TestProblemsBadRequests(t *testing.T) {
	suite := readSuite(t)
	s := newServer(t, suite, serve.Options{Generator: &fakeGen{pool: suite}, MaxGenerate: 4})
	tests := []struct {
		method, body string
		status       int
		msg          string
	}{
		{"POST", ``, 400, "the body is empty"},
		{"POST", `{"n": 1, "seed": 1`, 400, "ends inside"},
		{"POST", `{"n": 1, "seed": 1} {}`, 400, "more after its JSON object"},
		{"POST", `{"n": 1, "seed": 1, "count": 2}`, 400, `"count": unknown field (the fields are task, family, level, tiers, n, seed)`},
		{"POST", `{"seed": 1}`, 400, `"n": missing (the number of records, 1..4)`},
		{"POST", `{"n": 0, "seed": 1}`, 400, `"n": 0, want 1..4`},
		{"POST", `{"n": 5, "seed": 1}`, 413, `"n": 5 is over the limit of 4 records per request`},
		{"POST", `{"n": "2", "seed": 1}`, 400, `"n": want an integer, got a JSON string`},
		{"POST", `{"n": 1}`, 400, `"seed": missing`},
		{"POST", `{"n": 1, "seed": -1}`, 400, `"seed": want an integer from 0 to 2^64-1`},
		{"POST", `{"n": 1, "seed": 1, "level": 0}`, 400, `"level": 0 is outside 1..5`},
		{"POST", `{"n": 1, "seed": 1, "level": 6}`, 400, `"level": 6 is outside 1..5`},
		{"POST", `{"n": 1, "seed": 1, "task": "meeting-planning", "family": "scheduling"}`, 400, `"task" and "family": give one, not both`},
		{"POST", `{"n": 1, "seed": 1, "task": "meeting"}`, 400, `"task": no task "meeting" is registered (tasks: `},
		{"POST", `{"n": 1, "seed": 1, "family": "cooking"}`, 400, `"family": no task of a family "cooking" is registered (families: scheduling`},
		{"POST", `{"n": 1, "seed": 1, "tiers": [1, 0]}`, 400, `"tiers": 2 counts, want 3`},
		{"POST", `{"n": 1, "seed": 1, "tiers": [1, -1, 0]}`, 400, `"tiers"[1]: -1 is outside 0..9`},
		{"POST", `{"n": 1, "seed": 1, "tiers": [1, 0, 10]}`, 400, `"tiers"[2]: 10 is outside 0..9`},
		{"POST", `{"n": 1, "seed": 1, "tiers": [0, 0, 0]}`, 400, `"tiers": all three counts are 0`},
		{"POST", `{"n": 1, "seed": 1, "tiers": "1,0,0"}`, 400, `"tiers": want a list`},
		{"GET", ``, 405, "/v1/problems takes POST, got GET"},
	}
	for _, tt := range tests {
		code, out := do(t, s, tt.method, "/v1/problems", tt.body)
		if msg := errorOf(t, out); code != tt.status || !strings.Contains(msg, tt.msg) {
			t.Errorf("%s %s: %d %q, want %d with %q", tt.method, tt.body, code, msg, tt.status, tt.msg)
		}
	}
	for _, tt := range []struct{ method, path string }{{"POST", "/v1/curriculum"}, {"GET", "/v1/curriculum/feedback"}} {
		if code, out := do(t, s, tt.method, tt.path, ""); code != 405 {
			t.Errorf("%s %s: %d %s", tt.method, tt.path, code, out)
		}
	}
	for _, opts := range []serve.Options{
		{Generator: &fakeGen{}, MaxGenerate: 10, GenerateCache: 5},
		{Generator: &fakeGen{}, MaxGenerate: -1},
		{Generator: &fakeGen{}, GenerateTimeout: -time.Second},
		{Generator: &fakeGen{}, GenerateConcurrency: -1},
		{Generator: &fakeGen{}, Curriculum: loop.Params{Eta: 1, M0: 3, MMax: 6, Level0: 4, LevelMax: 2}},
		{Generator: &fakeGen{}, Curriculum: loop.Params{Eta: 1, M0: 3, MMax: 2, Level0: 1, LevelMax: 2}},
	} {
		if _, err := serve.New(nil, opts); err == nil {
			t.Errorf("New with %+v: no error", opts)
		}
	}
}

// TestProblemsSaturated: one generation slot; a request while it is
// taken is answered 429 with Retry-After, and once it is free the next
// request is generated.
func TestProblemsSaturated(t *testing.T) {
	suite := readSuite(t)
	g := &fakeGen{pool: suite, hold: make(chan struct{}), started: make(chan struct{}, 1)}
	s := newServer(t, suite, serve.Options{Generator: g, GenerateConcurrency: 1})
	first := make(chan int, 1)
	go func() {
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, httptest.NewRequest("POST", "/v1/problems", strings.NewReader(`{"task": "meeting-planning", "n": 1, "seed": 1}`)))
		first <- rec.Code
	}()
	<-g.started // the first request holds the slot
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, httptest.NewRequest("POST", "/v1/problems", strings.NewReader(`{"task": "meeting-planning", "n": 1, "seed": 2}`)))
	if msg := errorOf(t, rec.Body.Bytes()); rec.Code != 429 || rec.Header().Get("Retry-After") != "1" || !strings.Contains(msg, "generating as many requests as it may at once (1)") {
		t.Errorf("while the slot is taken: %d, Retry-After %q, %q", rec.Code, rec.Header().Get("Retry-After"), msg)
	}
	// Grading does not wait for generation.
	if r := scoreRefs(t, s, suite[:1]); r != 1 {
		t.Errorf("grading while generating: %v", r)
	}
	close(g.hold)
	if code := <-first; code != 200 {
		t.Errorf("the first request: %d", code)
	}
	g.started = make(chan struct{}, 1) // the next one signals without a reader
	problems(t, s, `{"task": "meeting-planning", "n": 1, "seed": 2}`)
}

// TestProblemsTimeout: a request whose records are not all certified in
// time is answered 504 with the number ready, and none is kept.
func TestProblemsTimeout(t *testing.T) {
	suite := readSuite(t)
	g := &fakeGen{pool: suite, ready: 2}
	s := newServer(t, suite, serve.Options{Generator: g, GenerateTimeout: 20 * time.Millisecond})
	code, out := do(t, s, "POST", "/v1/problems", `{"task": "meeting-planning", "n": 3, "seed": 1}`)
	var gt serve.GenerateTimeout
	if err := json.Unmarshal(out, &gt); code != 504 || err != nil || gt.N != 3 || gt.Ready != 2 || !strings.Contains(gt.Error, "not all certified within 20ms") {
		t.Errorf("a generation out of time: %d %s", code, out)
	}
	var h serve.Health
	if _, out := do(t, s, "GET", "/healthz", ""); json.Unmarshal(out, &h) != nil || h.Records != len(suite) {
		t.Errorf("healthz %s: records were kept", out)
	}
}

// TestProblemsCache: past GenerateCache records, the oldest generated
// ones are dropped (their ids are then unknown); the suite's stay.
func TestProblemsCache(t *testing.T) {
	suite := readSuite(t)
	s := newServer(t, suite, serve.Options{Generator: &fakeGen{pool: suite}, MaxGenerate: 2, GenerateCache: 3})
	a := problems(t, s, `{"task": "meeting-planning", "n": 2, "seed": 1}`)
	b := problems(t, s, `{"task": "meeting-planning", "n": 2, "seed": 2}`)
	items := []map[string]string{{"id": a[0].ID, "response": ""}, {"id": a[1].ID, "response": ""}, {"id": b[0].ID, "response": ""}, {"id": suite[0].ID, "response": ""}}
	_, out := do(t, s, "POST", "/v1/score", mustJSON(t, map[string]any{"items": items}))
	var sa serve.ScoreAnswer
	if err := json.Unmarshal(out, &sa); err != nil || sa.Errors != 1 || sa.Results[0].Error == "" || sa.Results[1].Error != "" {
		t.Errorf("after 4 generated records with room for 3: %s", out)
	}
	var h serve.Health
	if _, out := do(t, s, "GET", "/healthz", ""); json.Unmarshal(out, &h) != nil || h.Records != len(suite)+3 {
		t.Errorf("healthz %s, want %d records", out, len(suite)+3)
	}
	// Asked for again, the dropped record is made and kept again.
	problems(t, s, `{"task": "meeting-planning", "n": 2, "seed": 1}`)
	if r := scoreRefs(t, s, a); r != 1 {
		t.Errorf("the records made again: %v", r)
	}
}

// TestProblemsGeneratorFaults: a generator's error, a wrong number of
// records, a reference that fails its own checklist, an id the server has
// with another hash, a record of another task and a panic all fail the
// request, and nothing is kept.
func TestProblemsGeneratorFaults(t *testing.T) {
	suite := readSuite(t)
	var logs syncBuffer
	tests := []struct {
		gen    serve.Generator
		status int
		msg    string
	}{
		{&fakeGen{pool: suite[4:]}, 500, "generating: fake: no record of meeting-planning to copy"},
		{shortGen{&fakeGen{pool: suite}}, 500, "the generator made 1 records for 2"},
		{&fakeGen{pool: suite, mutate: func(r *domains.Record) { r.Reference.Plan = json.RawMessage(`{"meetings": []}`) }}, 500, "fails item"},
		{&fakeGen{pool: suite, mutate: func(r *domains.Record) { r.ID = suite[0].ID; r.Prompt += " " }}, 409, "has the hash"},
		{&fakeGen{pool: suite, mutate: func(r *domains.Record) { r.Task = "exam-scheduling" }}, 500, "is not of the task meeting-planning at level 1"},
		{&fakeGen{pool: suite, mutate: func(r *domains.Record) { panic("fake bug") }}, 500, "the generator panicked: fake bug"},
	}
	for i, tt := range tests {
		s := newServer(t, suite[:1], serve.Options{Generator: tt.gen, ErrorLog: log.New(&logs, "", 0)})
		code, out := do(t, s, "POST", "/v1/problems", `{"task": "meeting-planning", "n": 2, "seed": 1, "level": 1}`)
		if msg := errorOf(t, out); code != tt.status || !strings.Contains(msg, tt.msg) {
			t.Errorf("case %d: %d %q, want %d with %q", i, code, msg, tt.status, tt.msg)
		}
		var h serve.Health
		if _, out := do(t, s, "GET", "/healthz", ""); json.Unmarshal(out, &h) != nil || h.Records != 1 {
			t.Errorf("case %d: healthz %s", i, out)
		}
	}
	if l := logs.String(); !strings.Contains(l, "INTEGRITY FAILURE") || !strings.Contains(l, "HASH MISMATCH") || !strings.Contains(l, "serve: panic generating") {
		t.Errorf("the log does not say it loudly:\n%s", l)
	}
}

// shortGen makes one record fewer than asked.
type shortGen struct{ g *fakeGen }

func (s shortGen) Generate(ctx context.Context, g serve.Generation) ([]*domains.Record, error) {
	recs, err := s.g.Generate(ctx, g)
	return recs[:len(recs)-1], err
}
