package eval

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/plancert/plancert/domains"
)

// TestRunStructured: under Structured each request carries its record's
// ResponseFormat, and a record without answer_json_schema stops the run
// before any request.
func TestRunStructured(t *testing.T) {
	recs := readSuite(t)
	want := map[string]string{} // prompt -> the format's schema, compacted
	for _, r := range recs {
		f, err := ResponseFormat(r)
		if err != nil {
			t.Fatal(err)
		}
		want[r.Prompt] = string(f)
	}
	var calls, wrong atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		var req struct {
			Messages []struct{ Content string } `json:"messages"`
			Format   json.RawMessage            `json:"response_format"`
		}
		body, _ := io.ReadAll(r.Body)
		json.Unmarshal(body, &req)
		if got := string(req.Format); got != want[req.Messages[len(req.Messages)-1].Content] {
			wrong.Add(1)
		}
		json.NewEncoder(w).Encode(map[string]any{"choices": []any{map[string]any{
			"message": map[string]any{"role": "assistant", "content": "{}"}, "finish_reason": "stop"}}})
	}))
	t.Cleanup(srv.Close)
	m := &model{srv: srv}
	sum, _, err := Run(context.Background(), Options{Client: client(t, m, ""), Records: recs, Structured: true}, io.Discard, nil)
	if err != nil || sum.Written != len(recs) {
		t.Fatalf("summary %+v, %v", sum, err)
	}
	if calls.Load() != int64(len(recs)) || wrong.Load() != 0 {
		t.Errorf("%d calls, %d without their record's response_format", calls.Load(), wrong.Load())
	}

	old := *recs[1]
	old.AnswerJSONSchema = nil
	_, _, err = Run(context.Background(), Options{Client: client(t, m, ""), Records: []*domains.Record{recs[0], &old}, Structured: true}, io.Discard, nil)
	if err == nil || !strings.Contains(err.Error(), old.ID) || calls.Load() != int64(len(recs)) {
		t.Errorf("a record without answer_json_schema: %v, %d calls", err, calls.Load()-int64(len(recs)))
	}
}
