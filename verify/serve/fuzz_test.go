package serve_test

import (
	"encoding/json"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plancert/plancert/verify/serve"
)

// FuzzRequest sends arbitrary bodies to both POST endpoints (seeded with
// the requests in testdata/requests). The server must answer 200, 400 or
// 413 with a JSON body, never panic, and a 200 must have one result per
// request entry.
func FuzzRequest(f *testing.F) {
	seeds, err := filepath.Glob("testdata/requests/*.json")
	if err != nil || len(seeds) == 0 {
		f.Fatalf("no seeds in testdata/requests: %v", err)
	}
	for _, p := range seeds {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		endpoint := uint8(0)
		if strings.HasPrefix(filepath.Base(p), "reward-") {
			endpoint = 1
		}
		f.Add(endpoint, b)
	}
	s := newServer(f, readSuite(f), serve.Options{MaxBatch: 64, MaxBodyBytes: 1 << 20})
	f.Fuzz(func(t *testing.T, endpoint uint8, body []byte) {
		path := "/v1/score"
		if endpoint%2 == 1 {
			path = "/get_reward"
		}
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, httptest.NewRequest("POST", path, strings.NewReader(string(body))))
		switch rec.Code {
		case 200:
		case 400, 413:
			var e struct {
				Error *string `json:"error"`
			}
			if err := json.Unmarshal(rec.Body.Bytes(), &e); err != nil || e.Error == nil || *e.Error == "" {
				t.Fatalf("%s %d: not a JSON error: %q", path, rec.Code, rec.Body)
			}
			return
		default:
			t.Fatalf("%s: status %d for %q: %s", path, rec.Code, body, rec.Body)
		}
		if path == "/v1/score" {
			var req struct{ Items []json.RawMessage }
			var ans serve.ScoreAnswer
			if err := json.Unmarshal(body, &req); err != nil {
				t.Fatalf("200 for a body json.Unmarshal refuses: %v", err)
			}
			if err := json.Unmarshal(rec.Body.Bytes(), &ans); err != nil || len(ans.Results) != len(req.Items) || ans.Scored+ans.Errors != ans.N {
				t.Fatalf("answer %s for %d items (%v)", rec.Body, len(req.Items), err)
			}
			return
		}
		var req serve.RewardRequest
		var ans serve.RewardResponse
		if err := json.Unmarshal(body, &req); err != nil {
			t.Fatalf("200 for a body json.Unmarshal refuses: %v", err)
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &ans); err != nil || len(ans.Rewards) != len(req.Query) || len(ans.Scores) != len(req.Query) {
			t.Fatalf("answer %s for %d queries (%v)", rec.Body, len(req.Query), err)
		}
		for _, r := range ans.Rewards {
			if r < 0 || r > 1 {
				t.Fatalf("reward %v out of [0, 1]", r)
			}
		}
	})
}
