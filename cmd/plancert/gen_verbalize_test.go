package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/gen/verbalize"
	"github.com/plancert/plancert/verify"
)

// readRecords reads a suite file.
func readRecords(t *testing.T, path string) []*domains.Record {
	t.Helper()
	f, err := os.Open(path)
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

// fakeWriter is a model for --verbalizer llm: it rewrites a problem text
// as one paragraph keeping every word, except that it writes "Zed" for
// the name drop; it back-extracts by looking the skeleton up among the
// records of the template run.
func fakeWriter(t *testing.T, recs []*domains.Record, drop string) (*httptest.Server, *atomic.Int64) {
	t.Helper()
	bySkeleton := map[string]*domains.Record{}
	for _, r := range recs {
		problem, _, ok := verbalize.Split(r.Prompt, r.AnswerSchema)
		if !ok {
			t.Fatalf("%s: no answer section", r.ID)
		}
		facts, err := verbalize.Facts(r.Instance, problem)
		if err != nil {
			t.Fatal(err)
		}
		skel, err := verbalize.Skeleton(r.Instance, facts)
		if err != nil {
			t.Fatal(err)
		}
		bySkeleton[string(skel)] = r
	}
	calls := new(atomic.Int64)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		var req struct {
			Messages []struct{ Content string } `json:"messages"`
		}
		body, _ := io.ReadAll(r.Body)
		if json.Unmarshal(body, &req) != nil || len(req.Messages) == 0 {
			http.Error(w, "bad request", 400)
			return
		}
		msg := req.Messages[0].Content
		var text string
		if i := strings.LastIndex(msg, "```json\n"); strings.HasPrefix(msg, "Below is") && i >= 0 {
			rec := bySkeleton[strings.TrimSuffix(msg[i+len("```json\n"):], "\n```\n")]
			if rec == nil {
				http.Error(w, "unknown skeleton", 400)
				return
			}
			text = "```json\n" + string(rec.Instance) + "\n```"
		} else {
			_, problem, _ := strings.Cut(msg, "The problem:\n\n")
			problem = strings.ReplaceAll(problem, drop, "Zed")
			s := strings.NewReplacer("|", " ", "**", "", "---", "").Replace(problem)
			text = "In short: " + strings.Join(strings.Fields(s), " ")
		}
		json.NewEncoder(w).Encode(map[string]any{"choices": []any{map[string]any{
			"message": map[string]any{"role": "assistant", "content": text}, "finish_reason": "stop"}}})
	}))
	t.Cleanup(srv.Close)
	return srv, calls
}

func TestGenVerbalizerLLM(t *testing.T) {
	dir := t.TempDir()
	plain := filepath.Join(dir, "plain.jsonl")
	if r := runPlancert(t, "", genArgs(plain, "--n", "6")...); r.code != exitOK {
		t.Fatalf("template run: exit %d: %s", r.code, r.stderr)
	}
	recs := readRecords(t, plain)
	// One name of one record is written "Zed" by the model: that record
	// falls back to the template.
	const drop = "Retro"
	n := 0
	for _, r := range recs {
		if strings.Contains(r.Prompt, "Retro") {
			n++
		}
	}
	if n == 0 || n == len(recs) {
		t.Fatalf("%d of %d records name a Retro; the test needs some but not all", n, len(recs))
	}
	srv, calls := fakeWriter(t, recs, drop)
	prose := filepath.Join(dir, "prose.jsonl")
	cache := filepath.Join(dir, "cache")
	args := genArgs(prose, "--n", "6", "--verbalizer", "llm", "--endpoint", srv.URL+"/v1", "--model", "writer",
		"--cache", cache, "--workers", "2", "--json")
	r := runPlancert(t, "", args...)
	if r.code != exitOK {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	var sum genSummaryJSON
	if err := json.Unmarshal([]byte(r.stdout), &sum); err != nil {
		t.Fatal(err)
	}
	if sum.Verbalizers["llm"] != len(recs)-n || sum.Verbalizers["template"] != n || sum.Fallbacks[verbalize.ReasonMissingFact] != n {
		t.Errorf("summary: verbalizers %v, fallbacks %v; want %d llm, %d template for a missing fact", sum.Verbalizers, sum.Fallbacks, len(recs)-n, n)
	}
	got := readRecords(t, prose)
	if len(got) != len(recs) {
		t.Fatalf("%d records, want %d", len(got), len(recs))
	}
	for i, g := range got {
		want := *recs[i]
		switch {
		case strings.Contains(want.Prompt, drop):
			if g.Verbalizer != "template" || g.Prompt != want.Prompt || !strings.HasPrefix(g.VerbalizerNote, "missing fact: ") || !strings.Contains(g.VerbalizerNote, drop) {
				t.Errorf("%s: verbalizer %q note %q: want the template, for the missing %s", g.ID, g.Verbalizer, g.VerbalizerNote, drop)
			}
		default:
			_, answer, _ := verbalize.Split(want.Prompt, want.AnswerSchema)
			if g.Verbalizer != "llm" || g.VerbalizerNote != "" || !strings.HasPrefix(g.Prompt, "In short: ") || !strings.HasSuffix(g.Prompt, answer) {
				t.Errorf("%s: verbalizer %q note %q prompt %.40q", g.ID, g.Verbalizer, g.VerbalizerNote, g.Prompt)
			}
		}
		// Everything but the prompt and the verbalizer fields (and so the
		// content hash) is the template run's.
		if g.Hash == want.Hash {
			t.Errorf("%s: the template run's hash %s, though the verbalizer fields are new", g.ID, g.Hash)
		}
		g.Prompt, g.Verbalizer, g.VerbalizerNote, g.Hash = want.Prompt, "", "", want.Hash
		a, _ := json.Marshal(g)
		b, _ := json.Marshal(&want)
		if !bytes.Equal(a, b) {
			t.Errorf("%s: the record differs beyond its prompt", g.ID)
		}
	}

	// The same command again: no request, the same bytes.
	first := readString(t, prose)
	before := calls.Load()
	r2 := runPlancert(t, "", args[:len(args)-1]...)
	if r2.code != exitOK || calls.Load() != before || readString(t, prose) != first {
		t.Errorf("rerun: exit %d, %d new calls, same file %v: %s", r2.code, calls.Load()-before, readString(t, prose) == first, r2.stderr)
	}
	if !strings.Contains(r2.stderr, fmt.Sprintf("prompts by llm %d, by template %d (audit failed)", len(recs)-n, n)) ||
		!strings.Contains(r2.stderr, fmt.Sprintf("fell back %d: missing fact", n)) {
		t.Errorf("text summary:\n%s", r2.stderr)
	}
}

func TestGenVerbalizerUsage(t *testing.T) {
	out := filepath.Join(t.TempDir(), "s.jsonl")
	for _, tc := range []struct {
		extra []string
		want  string
	}{
		{[]string{"--endpoint", "http://x/v1"}, "--endpoint is only for --verbalizer llm"},
		{[]string{"--model", "m", "--llm-seed", "3"}, "--llm-seed, --model are only for --verbalizer llm"},
		{[]string{"--verbalizer", "llm", "--model", "m"}, "--endpoint is required"},
		{[]string{"--verbalizer", "llm", "--endpoint", "http://x/v1"}, "--model is required"},
		{[]string{"--verbalizer", "gpt"}, "--verbalizer must be template or llm"},
	} {
		r := runPlancert(t, "", genArgs(out, tc.extra...)...)
		if r.code != exitBadInput || !strings.Contains(r.stderr, tc.want) {
			t.Errorf("%v: exit %d, %q; want %d and %q", tc.extra, r.code, r.stderr, exitBadInput, tc.want)
		}
	}
}
