package serve_test

import (
	"encoding/json"
	"log"
	"reflect"
	"strings"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/verify/serve"
)

// otherHash is a content hash of no record of the fixture: the hash a
// record of the same id has in another plancert version's suite.
const otherHash = "sha256:0123456789abcdef0123456789abcdef"

// TestScoreHashConflict: a /v1/score item whose hash is not the server's
// record's fails the whole request with 409, both hashes in the body and
// the log, nothing graded; the right hash, an empty one or none grade.
func TestScoreHashConflict(t *testing.T) {
	recs := readSuite(t)
	var logged syncBuffer
	s := newServer(t, recs, serve.Options{ErrorLog: log.New(&logged, "", 0)})
	a, b := recs[0], recs[1]
	items := []map[string]string{
		{"id": a.ID, "response": reference(a), "hash": a.Hash},
		{"id": b.ID, "response": reference(b), "hash": ""},
		{"id": b.ID, "response": reference(b)},
		{"id": "no/such/id", "response": "{}", "hash": otherHash},
	}
	code, body := do(t, s, "POST", "/v1/score", mustJSON(t, map[string]any{"items": items}))
	var ans serve.ScoreAnswer
	if err := json.Unmarshal(body, &ans); err != nil || code != 200 || ans.Scored != 3 || ans.MeanReward != 1 || ans.Errors != 1 {
		t.Fatalf("the right hashes: %d %s", code, body)
	}
	if !strings.HasPrefix(a.Hash, domains.HashPrefix) {
		t.Fatalf("the fixture's record has the hash %q", a.Hash)
	}

	items = append(items, map[string]string{"id": b.ID, "response": reference(b), "hash": otherHash})
	for _, body := range []string{
		mustJSON(t, map[string]any{"items": items}),                // the scanner's path
		mustJSON(t, map[string]any{"items": items, "extra": true}), // encoding/json's
	} {
		code, got := do(t, s, "POST", "/v1/score", body)
		if code != 409 {
			t.Fatalf("a wrong hash: %d %s, want 409", code, got)
		}
		var c serve.HashConflict
		if err := json.Unmarshal(got, &c); err != nil {
			t.Fatal(err)
		}
		msg := `"items"[4]: the record ` + b.ID + ` has the hash ` + b.Hash + ` here but ` + otherHash + ` in the request: the request comes from another suite than this server grades (another plancert version or gen run); nothing was graded`
		want := serve.HashConflict{Error: msg, Item: 4, ID: b.ID, Hash: otherHash, ServerHash: b.Hash}
		if c != want {
			t.Errorf("409 body %+v,\nwant %+v", c, want)
		}
	}
	if n := strings.Count(logged.String(), "serve: HASH MISMATCH: \"items\"[4]: the record "+b.ID+" has the hash "+b.Hash+" here but "+otherHash); n != 2 {
		t.Errorf("%d mismatches logged, want 2:\n%s", n, logged.String())
	}
}

// TestGetRewardHashMismatch: OpenRLHF has no error channel, so a label
// "<id>#<hash>" whose hash is not the record's gets reward 0 with
// extra_logs.hash_mismatch 1 and a log line naming the id and both hashes;
// the right hash, or an id alone, grades as before.
func TestGetRewardHashMismatch(t *testing.T) {
	recs := readSuite(t)
	var logged syncBuffer
	s := newServer(t, recs, serve.Options{ErrorLog: log.New(&logged, "", 0)})
	a := recs[0]
	resp := reference(a)
	req := serve.RewardRequest{
		Query:  []string{resp, resp, resp},
		Labels: []string{a.ID, a.ID + "#" + a.Hash, a.ID + "#" + otherHash},
	}
	code, body := do(t, s, "POST", "/get_reward", mustJSON(t, req))
	var rr serve.RewardResponse
	if err := json.Unmarshal(body, &rr); err != nil || code != 200 {
		t.Fatalf("%d %s", code, body)
	}
	if want := []float64{1, 1, 0}; !reflect.DeepEqual(rr.Rewards, want) || !reflect.DeepEqual(rr.Scores, want) {
		t.Errorf("rewards %v scores %v, want %v", rr.Rewards, rr.Scores, want)
	}
	if got := rr.ExtraLogs["hash_mismatch"]; !reflect.DeepEqual(got, []float64{0, 0, 1}) {
		t.Errorf("extra_logs.hash_mismatch = %v, want [0 0 1]", got)
	}
	if got := rr.ExtraLogs["parsed"]; !reflect.DeepEqual(got, []float64{1, 1, 0}) {
		t.Errorf("extra_logs.parsed = %v, want [1 1 0] (the mismatched query is not graded)", got)
	}
	want := "serve: HASH MISMATCH: /get_reward labels[2]: record " + a.ID + " has the hash " + a.Hash + " here but " + otherHash + " in the label"
	if n := strings.Count(logged.String(), want); n != 1 {
		t.Errorf("logged %q, want one line with %q", logged.String(), want)
	}
	// An unknown id before the hash is still a setup error.
	code, body = do(t, s, "POST", "/get_reward", mustJSON(t, serve.RewardRequest{Query: []string{resp}, Labels: []string{"no/such/id#" + a.Hash}}))
	if code != 400 || !strings.Contains(string(body), `no record of the suite has the id \"no/such/id\"`) {
		t.Errorf("an unknown id with a hash: %d %s", code, body)
	}
}

// TestNewHashes: records not read by verify.ReadSuite (no Hash) are
// hashed as gen writes them, so that a request with that hash grades.
func TestNewHashes(t *testing.T) {
	rec := *readSuite(t)[0]
	want := rec.Hash
	rec.Hash = ""
	s := newServer(t, []*domains.Record{&rec}, serve.Options{})
	for h, status := range map[string]int{want: 200, otherHash: 409} {
		code, body := do(t, s, "POST", "/v1/score", mustJSON(t, map[string]any{"items": []map[string]string{{"id": rec.ID, "response": "{}", "hash": h}}}))
		if code != status {
			t.Errorf("hash %s: %d %s, want %d", h, code, body, status)
		}
	}
}
