package verbalize

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/plancert/plancert/domains"
	_ "github.com/plancert/plancert/domains/all"
	"github.com/plancert/plancert/gen"
	"github.com/plancert/plancert/llm"
	"github.com/plancert/plancert/verify"
)

func suite(t *testing.T) []*domains.Record {
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

// Faithful turns a problem text into one paragraph of prose that keeps
// every word: table bars and bold marks become spaces.
func Faithful(problem string) string {
	s := strings.NewReplacer("|", " ", "**", "", "---", "").Replace(problem)
	return "Here is the problem in prose. " + strings.Join(strings.Fields(s), " ")
}

// fakeWriter is a model that rewrites with rewrite and back-extracts with
// extract (given the record whose instance the skeleton blanks).
type fakeWriter struct {
	t       *testing.T
	srv     *httptest.Server
	calls   atomic.Int64
	rewrite func(problem string) string
	extract func(rec *domains.Record, skeleton string) string
}

func newFakeWriter(t *testing.T, recs []*domains.Record, rewrite func(string) string, extract func(*domains.Record, string) string) *fakeWriter {
	f := &fakeWriter{t: t, rewrite: rewrite, extract: extract}
	f.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		f.calls.Add(1)
		var req struct {
			Messages []llm.Message `json:"messages"`
		}
		body, _ := io.ReadAll(r.Body)
		if err := json.Unmarshal(body, &req); err != nil || len(req.Messages) != 1 {
			http.Error(w, "bad request", 400)
			return
		}
		msg := req.Messages[0].Content
		var text string
		switch {
		case strings.HasPrefix(msg, rewriteInstructions):
			problem := strings.TrimPrefix(msg, rewriteInstructions)
			for _, rec := range recs {
				if strings.HasPrefix(rec.Prompt, problem) && strings.Contains(problem, rec.AnswerSchema) {
					t.Errorf("%s: the answer schema was sent for rewriting", rec.ID)
				}
			}
			text = f.rewrite(problem)
		case strings.HasPrefix(msg, "Below is a planning problem written in prose"):
			i := strings.LastIndex(msg, "```json\n")
			skel := strings.TrimSuffix(msg[i+len("```json\n"):], "\n```\n")
			var rec *domains.Record
			for _, r := range recs {
				want, _ := Facts(r.Instance, problemOf(r))
				s, _ := Skeleton(r.Instance, want)
				if string(s) == skel {
					rec = r
					// The skeleton gives no fact away.
					leaked, _ := Facts(s, problemOf(r))
					for _, f := range leaked {
						if f.Kind != Quoted { // quoted phrases come from the text
							t.Errorf("%s: the skeleton shows the fact %v", r.ID, f)
						}
					}
				}
			}
			if rec == nil {
				t.Errorf("the skeleton is no record's: %s", skel)
				http.Error(w, "unknown skeleton", 400)
				return
			}
			text = f.extract(rec, skel)
		default:
			t.Errorf("unexpected request %.80q", msg)
			http.Error(w, "unexpected", 400)
			return
		}
		json.NewEncoder(w).Encode(map[string]any{"choices": []any{map[string]any{
			"message": map[string]any{"role": "assistant", "content": text}, "finish_reason": "stop"}}})
	}))
	t.Cleanup(f.srv.Close)
	return f
}

func problemOf(r *domains.Record) string {
	p, _, _ := Split(r.Prompt, r.AnswerSchema)
	return p
}

func (f *fakeWriter) verbalizer(t *testing.T, cache string) *LLM {
	c, err := llm.New(llm.Config{Endpoint: f.srv.URL + "/v1", Model: "writer", CacheDir: cache, Retries: -1})
	if err != nil {
		t.Fatal(err)
	}
	return &LLM{Client: c}
}

// honest returns the instance: a reader that got every value right.
func honest(rec *domains.Record, _ string) string {
	return "Done.\n```json\n" + string(rec.Instance) + "\n```"
}

func TestFaithfulRewritePasses(t *testing.T) {
	recs := suite(t)
	f := newFakeWriter(t, recs, Faithful, honest)
	v := f.verbalizer(t, "")
	for _, rec := range recs {
		orig := *rec
		o, err := v.Verbalize(context.Background(), rec)
		if err != nil {
			t.Fatal(err)
		}
		if o.By != ByLLM || o.Note != "" {
			t.Fatalf("%s: by %s, note %q", rec.ID, o.By, o.Note)
		}
		_, answer, _ := Split(orig.Prompt, orig.AnswerSchema)
		if !strings.HasPrefix(o.Prompt, "Here is the problem in prose. ") || !strings.HasSuffix(o.Prompt, answer) {
			t.Errorf("%s: prompt is not the rewrite followed by the answer section:\n%s", rec.ID, o.Prompt)
		}
		if err := v.Apply(context.Background(), rec); err != nil {
			t.Fatal(err)
		}
		if rec.Prompt != o.Prompt || rec.Verbalizer != ByLLM || rec.AnswerSchema != orig.AnswerSchema ||
			len(rec.Checklist) != len(orig.Checklist) || string(rec.Instance) != string(orig.Instance) {
			t.Errorf("%s: Apply changed more than the prompt", rec.ID)
		}
		// The reference still passes every item of the rewritten record.
		if s := verify.ScoreResponse(context.Background(), rec, "```json\n"+string(rec.Reference.Plan)+"\n```", verify.RewardAllPass); s.AllPass != 1 {
			t.Errorf("%s: the reference fails the verbalized record", rec.ID)
		}
	}
	if got := f.calls.Load(); got != int64(4*len(recs)) {
		t.Errorf("%d calls, want 4 per record (Verbalize and Apply, 2 each, no cache)", got)
	}
}

// dropNumber replaces every whole occurrence of the number num in text
// (by the rule of ContainsNumber) with "some".
func dropNumber(text, num string) string {
	var b strings.Builder
	for i := 0; i < len(text); {
		if strings.HasPrefix(text[i:], num) && numberAt(text, i, i+len(num)) {
			b.WriteString("some")
			i += len(num)
			continue
		}
		b.WriteByte(text[i])
		i++
	}
	return b.String()
}

func TestUnfaithfulRewritesFallBack(t *testing.T) {
	recs := suite(t)
	rec := recs[0]
	facts, _ := Facts(rec.Instance, problemOf(rec))
	var name, number Fact
	for _, f := range facts {
		if f.Kind == Name && strings.HasSuffix(f.Path, ".name") && name.Text == "" {
			name = f
		}
		if f.Kind == Number && len(f.Text) > len(number.Text) {
			number = f // the longest: e.g. a capacity, not a small count
		}
	}
	if name.Text == "" || number.Text == "" {
		t.Fatalf("%s: no name or no number fact: %v", rec.ID, facts)
	}
	for _, tc := range []struct {
		test    string
		rewrite func(string) string
		extract func(*domains.Record, string) string
		reason  string
		detail  string
	}{
		{"drops a number", func(p string) string {
			return Faithful(dropNumber(p, number.Text))
		}, honest, ReasonMissingFact, `number "` + number.Text + `"`},
		{"changes a name", func(p string) string {
			return Faithful(strings.ReplaceAll(p, name.Text, "Zed"))
		}, honest, ReasonMissingFact, `name "` + name.Text + `"`},
		{"spells a name in lower case", func(p string) string {
			return Faithful(strings.ReplaceAll(p, name.Text, strings.ToLower(name.Text)))
		}, honest, ReasonMissingFact, `name "` + name.Text + `"`},
		{"back-extraction reads another value", Faithful, func(r *domains.Record, _ string) string {
			return "```json\n" + strings.Replace(string(r.Instance), `"`+name.Text+`"`, `"Zed"`, 1) + "\n```"
		}, ReasonExtractionDiff, "Zed"},
		{"back-extraction is not JSON", Faithful, func(*domains.Record, string) string {
			return "I could not read the text."
		}, ReasonNoExtraction, "no JSON"},
		{"rewrite adds a code block", func(p string) string {
			return Faithful(p) + "\n```json\n{}\n```"
		}, honest, ReasonCodeBlock, "```"},
		{"empty rewrite", func(string) string { return "  \n" }, honest, ReasonEmpty, "nothing"},
	} {
		t.Run(tc.test, func(t *testing.T) {
			f := newFakeWriter(t, recs, tc.rewrite, tc.extract)
			r := *rec
			o, err := f.verbalizer(t, "").Verbalize(context.Background(), &r)
			if err != nil {
				t.Fatal(err)
			}
			if o.By != ByTemplate || o.Prompt != rec.Prompt || Reason(o.Note) != tc.reason || !strings.Contains(o.Note, tc.detail) {
				t.Errorf("by %s, note %q; want the template with %q and %q", o.By, o.Note, tc.reason, tc.detail)
			}
		})
	}
}

func TestNoAnswerSection(t *testing.T) {
	rec := *suite(t)[0]
	rec.AnswerSchema = "a schema the prompt does not show"
	f := newFakeWriter(t, nil, Faithful, honest)
	o, err := f.verbalizer(t, "").Verbalize(context.Background(), &rec)
	if err != nil {
		t.Fatal(err)
	}
	if o.By != ByTemplate || Reason(o.Note) != ReasonNoSplit || f.calls.Load() != 0 {
		t.Errorf("by %s, note %q, %d calls", o.By, o.Note, f.calls.Load())
	}
}

func TestRequestFailureIsAnError(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		http.Error(w, "down", http.StatusServiceUnavailable)
	}))
	defer srv.Close()
	c, err := llm.New(llm.Config{Endpoint: srv.URL + "/v1", Model: "m", Retries: -1})
	if err != nil {
		t.Fatal(err)
	}
	rec := *suite(t)[0]
	_, err = (&LLM{Client: c}).Verbalize(context.Background(), &rec)
	var ae *llm.APIError
	if err == nil || !strings.Contains(err.Error(), rec.ID) || !strings.Contains(err.Error(), "rewrite") || !errors.As(err, &ae) {
		t.Errorf("error %v, want an APIError naming the record", err)
	}
}

func TestDeterministicWithCache(t *testing.T) {
	recs := suite(t)
	cache := t.TempDir()
	run := func(f *fakeWriter) []byte {
		var out []byte
		for _, r := range suite(t) {
			if err := f.verbalizer(t, cache).Apply(context.Background(), r); err != nil {
				t.Fatal(err)
			}
			b, _ := json.Marshal(r)
			out = append(out, b...)
		}
		return out
	}
	// A writer whose rewrites differ call by call: only the cache makes the
	// second run equal to the first.
	var n atomic.Int64
	varying := func(p string) string { return Faithful(p) + strings.Repeat(" ", int(n.Add(1))) + "." }
	f := newFakeWriter(t, recs, varying, honest)
	first := run(f)
	calls := f.calls.Load()
	second := run(f)
	if string(first) != string(second) || f.calls.Load() != calls {
		t.Errorf("second run: %d new calls, same bytes %v", f.calls.Load()-calls, string(first) == string(second))
	}
	if !strings.Contains(string(first), `"verbalizer":"llm"`) {
		t.Error("records do not say who made their prompt")
	}
	// Without the cache, the varying writer gives other bytes: the check
	// above can fail.
	other := newFakeWriter(t, recs, varying, honest)
	var out []byte
	for _, r := range suite(t) {
		other.verbalizer(t, "").Apply(context.Background(), r)
		b, _ := json.Marshal(r)
		out = append(out, b...)
	}
	if string(out) == string(first) {
		t.Error("the varying writer made the same bytes without the cache")
	}
}

// TestEveryTaskSplitsAndPasses checks on a record of every registered
// task that the prompt splits, the problem text has facts, and a rewrite
// that keeps every word passes the audit: nothing in the audit is
// specific to one task.
func TestEveryTaskSplitsAndPasses(t *testing.T) {
	tasks := domains.Tasks()
	if testing.Short() {
		tasks = tasks[:min(3, len(tasks))]
	}
	var buf bytes.Buffer
	sum, err := gen.Run(context.Background(), gen.Options{Tasks: tasks, N: len(tasks), Seed: 5, Workers: 2,
		Determinacy: gen.Any}, &buf, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	recs, err := verify.ReadSuite(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != len(tasks) || sum.Kept != len(tasks) {
		t.Fatalf("%d records of %d tasks", len(recs), len(tasks))
	}
	f := newFakeWriter(t, recs, Faithful, honest)
	v := f.verbalizer(t, "")
	for _, rec := range recs {
		problem, _, ok := Split(rec.Prompt, rec.AnswerSchema)
		if !ok {
			t.Errorf("%s: the prompt does not split", rec.ID)
			continue
		}
		facts, err := Facts(rec.Instance, problem)
		if err != nil {
			t.Fatal(err)
		}
		if len(facts) == 0 {
			t.Errorf("%s: the problem text shows no fact of the instance", rec.ID)
		}
		o, err := v.Verbalize(context.Background(), rec)
		if err != nil {
			t.Fatal(err)
		}
		if o.By != ByLLM {
			t.Errorf("%s: a rewrite keeping every word fell back: %s", rec.ID, o.Note)
		}
	}
}
