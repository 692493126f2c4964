//go:build faults && unix

package main

import (
	"encoding/json"
	"fmt"
	"hash/fnv"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/plancert/plancert/domains"
)

// killingModel is an OpenAI-compatible server on 127.0.0.1 whose answers
// depend only on the request (the prompt and the sampling seed): the
// reference plan, garbage, or an answer cut at the token limit with a
// reasoning text. It can kill a child at its k-th request, while the
// request is in flight.
type killingModel struct {
	srv *httptest.Server

	mu     sync.Mutex
	victim *child
	killAt int // kill victim at this request of its run; 0: never
	count  int // requests of the victim's run
}

func newKillingModel(t *testing.T, records []*domains.Record) *killingModel {
	byPrompt := map[string]*domains.Record{}
	for _, r := range records {
		byPrompt[r.Prompt] = r
	}
	m := &killingModel{}
	m.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		m.mu.Lock()
		m.count++
		if m.victim != nil && m.count == m.killAt {
			m.victim.cmd.Process.Signal(syscall.SIGKILL)
		}
		m.mu.Unlock()
		var req struct {
			Model    string `json:"model"`
			Seed     *int64 `json:"seed"`
			Messages []struct{ Role, Content string }
		}
		body, _ := io.ReadAll(r.Body)
		if json.Unmarshal(body, &req) != nil || len(req.Messages) == 0 || req.Seed == nil {
			http.Error(w, `{"error": {"message": "bad request"}}`, http.StatusBadRequest)
			return
		}
		prompt := req.Messages[len(req.Messages)-1].Content
		rec := byPrompt[prompt]
		h := fnv.New64a()
		fmt.Fprintf(h, "%d\x00%s", *req.Seed, prompt)
		msg := map[string]any{"role": "assistant"}
		finish := "stop"
		switch v := h.Sum64() % 4; {
		case rec == nil:
			msg["content"] = "unknown prompt"
		case v == 0:
			msg["content"] = fmt.Sprintf("No idea (%d). {not json", *req.Seed)
		case v == 1:
			finish = "length"
			msg["content"] = "Let me think about " + rec.ID
			msg["reasoning_content"] = "First, the constraints of " + rec.ID + " ..."
		default:
			msg["content"] = "Here is my plan.\n```json\n" + string(rec.Reference.Plan) + "\n```\n"
		}
		time.Sleep(8 * time.Millisecond) // so that a run lasts long enough to be killed at a time
		json.NewEncoder(w).Encode(map[string]any{"model": req.Model, "choices": []any{map[string]any{
			"index": 0, "finish_reason": finish, "message": msg}}})
	}))
	t.Cleanup(m.srv.Close)
	return m
}

// arm makes the server kill c at the k-th request from now (0: never).
func (m *killingModel) arm(c *child, k int) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.victim, m.killAt, m.count = c, k, 0
}

// TestFaultEvalKill kills eval with SIGKILL at seeded random points: at
// its k-th request (in flight, the answers before it cached or not yet),
// or after a random time (before its first request, or while it writes
// the responses), each time running the same command again; the last run
// finishes, and its responses file is byte for byte the uninterrupted
// run's and its summary the same but for the answers from the cache. No
// cache entry is ever partial; at the end the cache holds only whole
// entries (no temporary file a kill left) and nothing is left beside the
// responses file.
func TestFaultEvalKill(t *testing.T) {
	suite, records := evalTestSuite(t)
	m := newKillingModel(t, records)
	const samples = 12
	total := len(records) * samples
	args := func(dir string) []string {
		return []string{"eval", "--suite", suite, "--endpoint", m.srv.URL + "/v1", "--model", "fake-kill",
			"--samples", strconv.Itoa(samples), "--seed", "1", "--concurrency", "2", "--retries", "0",
			"--cache", filepath.Join(dir, "cache"), "--out", filepath.Join(dir, "out", "responses.jsonl"), "--json"}
	}
	prepare := func(dir string) {
		if err := os.Mkdir(filepath.Join(dir, "out"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	refDir := t.TempDir()
	prepare(refDir)
	wantOut, stderr, code := runChild(t, nil, args(refDir)...)
	if code != 0 {
		t.Fatalf("uninterrupted eval: exit %d: %s", code, stderr)
	}
	want := normalizeEvalSummary(t, wantOut)

	rng := rand.New(rand.NewPCG(21, 2))
	dir := t.TempDir()
	prepare(dir)
	kills := 0
	for round := 0; round < 8; round++ {
		left := total - len(cacheEntries(t, filepath.Join(dir, "cache"), false))
		c := startChild(t, nil, args(dir)...)
		var how string
		if rng.IntN(4) == 0 {
			d := time.Duration(rng.IntN(100)) * time.Millisecond
			how = fmt.Sprintf("%v after its start", d)
			m.arm(c, 0)
			select {
			case <-time.After(d):
				c.cmd.Process.Signal(syscall.SIGKILL)
			case <-c.done:
			}
		} else {
			k := 1 + rng.IntN(max(1, left/2)) // lands while requests are left
			how = fmt.Sprintf("at its request %d", k)
			m.arm(c, k)
		}
		code := c.wait()
		m.arm(nil, 0)
		if code == 0 {
			t.Logf("round %d: eval finished before the kill %s", round, how)
			break
		}
		if code != -1 {
			t.Fatalf("round %d: eval: exit %d before the kill %s: %s", round, code, how, &c.stderr)
		}
		kills++
		t.Logf("round %d: eval killed %s (%d cache entries)", round, how, len(cacheEntries(t, filepath.Join(dir, "cache"), false)))
	}
	if kills < 3 {
		t.Errorf("only %d kills landed", kills)
	}
	gotOut, stderr, code := runChild(t, nil, args(dir)...)
	if code != 0 {
		t.Fatalf("last run: exit %d: %s", code, stderr)
	}
	if a, b := readString(t, filepath.Join(refDir, "out", "responses.jsonl")), readString(t, filepath.Join(dir, "out", "responses.jsonl")); a != b {
		t.Errorf("responses after the kills differ from the uninterrupted run's:\n%s\n---\n%s", b, a)
	}
	if got := normalizeEvalSummary(t, gotOut); !reflect.DeepEqual(got, want) {
		t.Errorf("summary after the kills:\n%v\nwant (the uninterrupted run's):\n%v", got, want)
	}
	if n := len(cacheEntries(t, filepath.Join(dir, "cache"), true)); n != total {
		t.Errorf("%d cache entries, want %d", n, total)
	}
	if names := dirNames(t, filepath.Join(dir, "out")); !reflect.DeepEqual(names, []string{"responses.jsonl"}) {
		t.Errorf("the --out directory holds %q, want only responses.jsonl", names)
	}
}

// normalizeEvalSummary parses eval's --json summary without what differs
// between two runs of the same answers: the responses file's name and the
// answers from the cache.
func normalizeEvalSummary(t *testing.T, s string) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal([]byte(s), &m); err != nil {
		t.Fatalf("summary: %v: %s", err, s)
	}
	delete(m, "responses_file")
	if req, ok := m["requests"].(map[string]any); ok {
		delete(req, "cached")
	} else {
		t.Fatalf("summary without requests: %s", s)
	}
	return m
}

// cacheEntries returns the entries of the answer cache under dir, failing
// on an entry that is not whole, and with all on any other file too (a
// temporary file that a kill left, and that the rerun must remove).
func cacheEntries(t *testing.T, dir string, all bool) []string {
	t.Helper()
	var entries []string
	err := filepath.WalkDir(dir, func(path string, e os.DirEntry, err error) error {
		if os.IsNotExist(err) && path == dir {
			return filepath.SkipDir
		}
		if err != nil || e.IsDir() {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		var entry struct {
			Key        string          `json:"key"`
			Completion json.RawMessage `json:"completion"`
		}
		switch {
		case !strings.HasSuffix(path, ".json") || strings.HasPrefix(e.Name(), "."):
			if all {
				t.Errorf("cache: %s is not an entry (%d bytes)", path, len(data))
			}
		case json.Unmarshal(data, &entry) != nil || entry.Key+".json" != e.Name() || len(entry.Completion) == 0:
			t.Errorf("cache: %s is not a whole entry (%d bytes)", path, len(data))
		default:
			entries = append(entries, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return entries
}
