package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/gen"
	"github.com/plancert/plancert/gen/loop"
	"github.com/plancert/plancert/verify/serve"
)

// postJSON posts body to url and returns the status and the answer.
func postJSON(t *testing.T, url, body string) (int, []byte) {
	t.Helper()
	resp, err := http.Post(url, "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	out, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, out
}

// fetchProblems asks the server for records and returns each as the
// answer has it, and decoded.
func fetchProblems(t *testing.T, url, body string) ([]json.RawMessage, []*domains.Record) {
	t.Helper()
	code, out := postJSON(t, url+"/v1/problems", body)
	var a serve.ProblemsAnswer
	if err := json.Unmarshal(out, &a); code != 200 || err != nil {
		t.Fatalf("POST /v1/problems %s: %d %s", body, code, out)
	}
	recs := make([]*domains.Record, len(a.Records))
	for i, raw := range a.Records {
		recs[i] = new(domains.Record)
		if err := json.Unmarshal(raw, recs[i]); err != nil {
			t.Fatal(err)
		}
	}
	return a.Records, recs
}

func curriculumOf(t *testing.T, url, task string) serve.TaskState {
	t.Helper()
	resp, err := http.Get(url + "/v1/curriculum?task=" + task)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var a serve.CurriculumAnswer
	if err := json.NewDecoder(resp.Body).Decode(&a); resp.StatusCode != 200 || err != nil {
		t.Fatalf("GET /v1/curriculum: %d %v", resp.StatusCode, err)
	}
	return a.Tasks[task]
}

func jsonLines(raws []json.RawMessage) []byte {
	var b bytes.Buffer
	for _, r := range raws {
		b.Write(r)
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// TestServeGenerate: with a level, /v1/problems answers the records of
// "plancert gen" with the same task, level, n and seed, byte for byte;
// without one, each task of a family is drawn at its curriculum state
// (here the start: level 1 at the counts Nearest(p0, M0)) as a run of the
// task alone, index i of task i mod T.
func TestServeGenerate(t *testing.T) {
	url, stop, stderr := startServe(t, "--generate", "--max-generate", "8")
	defer func() {
		if err := stop(); err != nil {
			t.Errorf("serve: %v\n%s", err, stderr)
		}
	}()
	raws, _ := fetchProblems(t, url, `{"task": "meeting-planning", "level": 1, "n": 4, "seed": 3}`)
	file := filepath.Join(t.TempDir(), "gen.jsonl")
	if r := runPlancert(t, "", "gen", "--task", "meeting-planning", "--level", "1", "--n", "4", "--seed", "3", "--out", file); r.code != exitOK {
		t.Fatalf("gen: %d %s", r.code, r.stderr)
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if got := jsonLines(raws); !bytes.Equal(got, want) {
		t.Errorf("/v1/problems answered other records than plancert gen:\n%s\nwant\n%s", got, want)
	}

	raws, recs := fetchProblems(t, url, `{"family": "emergency", "n": 4, "seed": 5}`)
	var tasks []*domains.Task
	for _, task := range domains.Tasks() {
		if task.Family == "emergency" {
			tasks = append(tasks, task)
		}
	}
	if len(tasks) != 3 || len(recs) != 4 {
		t.Fatalf("%d emergency tasks, %d records", len(tasks), len(recs))
	}
	start := loop.DefaultParams.Start()
	for k, task := range tasks {
		var buf bytes.Buffer
		n := 1
		if k == 0 {
			n = 2
		}
		if _, err := gen.Run(context.Background(), gen.Options{Tasks: []*domains.Task{task}, N: n, Seed: 5, Level: start.Level, Tiers: &start.Counts, Workers: 2}, &buf, nil, nil); err != nil {
			t.Fatal(err)
		}
		var got []json.RawMessage
		for i := k; i < len(raws); i += len(tasks) {
			got = append(got, raws[i])
		}
		if !bytes.Equal(jsonLines(got), buf.Bytes()) {
			t.Errorf("%s: the records of the family request are not those of the task alone at level %d, tiers %v", task.ID, start.Level, start.Counts)
		}
	}
	if !strings.Contains(stderr.String(), "serve: no suite: 0 record(s), reward allpass") || !strings.Contains(stderr.String(), "generating up to 8 record(s) per request") {
		t.Errorf("stderr:\n%s", stderr)
	}
}

// TestServeCurriculumRaisesLevel: the curriculum endpoint raises the level
// of a task whose references keep passing. Problems of a task with no
// level are asked for, their reference answers graded by /v1/score, and
// GET /v1/curriculum's level of the task goes up: with the default
// parameters after MMax − M0 + 1 = 4 solved results, so at the end of the
// second round of 2; the third round's records are of level 2.
func TestServeCurriculumRaisesLevel(t *testing.T) {
	url, stop, stderr := startServe(t, "--generate")
	defer func() {
		if err := stop(); err != nil {
			t.Errorf("serve: %v\n%s", err, stderr)
		}
	}()
	const task, n = "meeting-planning", 2
	pr := loop.DefaultParams
	rounds := (pr.MMax - pr.M0 + 1 + n - 1) / n
	if got := curriculumOf(t, url, task).Level; got != 1 {
		t.Fatalf("level %d at the start", got)
	}
	for round := 1; round <= rounds+1; round++ {
		_, recs := fetchProblems(t, url, fmt.Sprintf(`{"task": %q, "n": %d, "seed": %d}`, task, n, round))
		wantLevel := 1
		if round > rounds {
			wantLevel = 2
		}
		items := make([]map[string]string, len(recs))
		for i, r := range recs {
			if r.Level != wantLevel {
				t.Errorf("round %d: %s is of level %d, want %d", round, r.ID, r.Level, wantLevel)
			}
			items[i] = map[string]string{"id": r.ID, "hash": r.Hash, "response": "```json\n" + string(r.Reference.Plan) + "\n```"}
		}
		body, _ := json.Marshal(map[string]any{"items": items})
		code, out := postJSON(t, url+"/v1/score", string(body))
		var sa serve.ScoreAnswer
		if err := json.Unmarshal(out, &sa); code != 200 || err != nil || sa.MeanReward != 1 {
			t.Fatalf("round %d: /v1/score %d %s", round, code, out)
		}
		st := curriculumOf(t, url, task)
		if round < rounds && st.Level != 1 || round >= rounds && st.Level != 2 {
			t.Errorf("round %d: level %d (%+v)", round, st.Level, st)
		}
		if st.Graded != round*n || st.Solved != round*n || st.Stale != 0 {
			t.Errorf("round %d: counts %+v", round, st)
		}
	}
}

// BenchmarkServeProblems times POST /v1/problems for 8 Meeting Planning
// records at level 1, through serve --generate's generator (gen.Run on
// every core), a new seed per request; the reference check and the
// answer's encoding included.
//
//	go test ./cmd/plancert -run '^$' -bench ServeProblems -benchtime 20x
func BenchmarkServeProblems(b *testing.B) {
	srv, err := serve.New(nil, serve.Options{Generator: genGenerator{workers: runtime.GOMAXPROCS(0)}, ErrorLog: log.New(io.Discard, "", 0)})
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; b.Loop(); i++ {
		rec := httptest.NewRecorder()
		srv.ServeHTTP(rec, httptest.NewRequest("POST", "/v1/problems", strings.NewReader(fmt.Sprintf(`{"task": "meeting-planning", "level": 1, "n": 8, "seed": %d}`, i+1))))
		if rec.Code != 200 {
			b.Fatalf("%d %s", rec.Code, rec.Body)
		}
	}
}
