package serve_test

import (
	"encoding/json"
	"flag"
	"net/http/httptest"
	"os"
	"runtime"
	"strings"
	"testing"

	"github.com/plancert/plancert/verify"
	"github.com/plancert/plancert/verify/serve"
)

var longFlag = flag.Bool("long", false, "run the long tests (also PLANCERT_LONG=1)")

// long reports whether the long tests run: -long, or PLANCERT_LONG set
// (read here, not at init, so that the test cache notices it).
func long() bool { return *longFlag || os.Getenv("PLANCERT_LONG") != "" }

// hostileBodies returns a /v1/score and a /get_reward body whose one
// response is n bytes of '{'.
func hostileBodies(t testing.TB, id, prompt string, n int) map[string]string {
	resp := strings.Repeat("{", n)
	return map[string]string{
		"/v1/score":   mustJSON(t, map[string]any{"items": []map[string]string{{"id": id, "response": resp}}}),
		"/get_reward": mustJSON(t, serve.RewardRequest{Query: []string{prompt + resp}, Prompts: []string{prompt}, Labels: []string{id}}),
	}
}

// TestHostileResponseMemory: a request whose response is 5 MB of '{' (50
// MB with -long) is graded (reward 0) allocating at most 4 times its
// body, from reading the body to writing the answer. Before the object
// scan was one pass, 5 MB of '{' allocated 52 bytes per byte.
func TestHostileResponseMemory(t *testing.T) {
	n := 5 << 20
	if long() {
		n = 50 << 20
	}
	recs := readSuite(t)
	s := newServer(t, recs, serve.Options{Workers: 2})
	for path, body := range hostileBodies(t, recs[0].ID, recs[0].Prompt, n) {
		req := httptest.NewRequest("POST", path, strings.NewReader(body))
		rec := httptest.NewRecorder()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		s.ServeHTTP(rec, req)
		runtime.ReadMemStats(&after)
		allocs := after.TotalAlloc - before.TotalAlloc
		if allocs > 4*uint64(len(body)) {
			t.Errorf("%s: a body of %d bytes took %d bytes of allocations (%.1f per byte)", path, len(body), allocs, float64(allocs)/float64(len(body)))
		}
		var ans struct {
			Rewards []float64
			Results []verify.Score
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &ans); err != nil || rec.Code != 200 {
			t.Fatalf("%s: %d %.300s", path, rec.Code, rec.Body)
		}
		if len(ans.Rewards)+len(ans.Results) != 1 || ans.Rewards != nil && ans.Rewards[0] != 0 || ans.Results != nil && ans.Results[0].ErrorKind != verify.ErrorFormat {
			t.Errorf("%s: %s", path, rec.Body)
		}
		t.Logf("%s: %d bytes, %.2f bytes allocated per byte", path, len(body), float64(allocs)/float64(len(body)))
	}
}

// BenchmarkHostileResponse: grading a request whose one response is 1 MiB
// of '{', per endpoint.
func BenchmarkHostileResponse(b *testing.B) {
	recs := readSuite(b)
	s := newServer(b, recs, serve.Options{})
	for path, body := range hostileBodies(b, recs[0].ID, recs[0].Prompt, 1<<20) {
		b.Run(strings.TrimPrefix(path, "/"), func(b *testing.B) {
			b.SetBytes(int64(len(body)))
			b.ReportAllocs()
			for b.Loop() {
				rec := httptest.NewRecorder()
				s.ServeHTTP(rec, httptest.NewRequest("POST", path, strings.NewReader(body)))
				if rec.Code != 200 {
					b.Fatalf("%d %s", rec.Code, rec.Body)
				}
			}
		})
	}
}
