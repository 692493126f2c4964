package pylib

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/gen/loop"
	"github.com/plancert/plancert/verify"
)

const suiteFile = "../../testdata/verify/suite.jsonl"

// fixture is the test suite, its records and three responses to each:
// the reference, a perturbed reference and no plan.
type fixture struct {
	data  []byte
	recs  []*domains.Record
	lines [][]byte // the record lines, without their line ends
	cases []tcase
}

type tcase struct {
	rec      int
	response string
}

func newFixture(t testing.TB) fixture {
	t.Helper()
	data, err := os.ReadFile(suiteFile)
	if err != nil {
		t.Fatal(err)
	}
	recs, err := verify.ReadSuite(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	f := fixture{data: data, recs: recs}
	for _, l := range bytes.Split(bytes.TrimSpace(data), []byte("\n")) {
		f.lines = append(f.lines, l)
	}
	for i, rec := range recs {
		bad, err := loop.Perturbed{K: 1, Seed: uint64(i)}.Respond(context.Background(), rec)
		if err != nil {
			t.Fatal(err)
		}
		f.cases = append(f.cases,
			tcase{i, "The plan:\n```json\n" + string(rec.Reference.Plan) + "\n```\n"},
			tcase{i, bad},
			tcase{i, "no plan"})
	}
	return f
}

// decode decodes an answer into v, failing on an error answer.
func decode(t testing.TB, answer []byte, v any) {
	t.Helper()
	var e errorJSON
	if err := json.Unmarshal(answer, &e); err != nil {
		t.Fatalf("answer %q: %v", answer, err)
	}
	if e.Error != "" {
		t.Fatalf("error answer: %s", e.Error)
	}
	if err := json.Unmarshal(answer, v); err != nil {
		t.Fatalf("answer %q: %v", answer, err)
	}
}

// errorOf returns the error of an answer ("" when it is none).
func errorOf(t testing.TB, answer []byte) string {
	t.Helper()
	var e errorJSON
	if err := json.Unmarshal(answer, &e); err != nil {
		t.Fatalf("answer %q: %v", answer, err)
	}
	return e.Error
}

func load(t testing.TB, name string, data []byte) Loaded {
	t.Helper()
	var l Loaded
	decode(t, LoadSuite(name, data), &l)
	t.Cleanup(func() { FreeSuite(l.Handle) })
	return l
}

func TestLoadSuite(t *testing.T) {
	f := newFixture(t)
	var ids []string
	for _, r := range f.recs {
		ids = append(ids, r.ID)
	}
	l := load(t, "suite.jsonl", f.data)
	if !reflect.DeepEqual(l.IDs, ids) || !reflect.DeepEqual(l.Lines, []int{1, 2, 3, 4, 5}) {
		t.Errorf("ids %v lines %v, want %v and 1-5", l.IDs, l.Lines, ids)
	}
	// Blank lines, a byte order mark and CRLF line ends, as ReadSuite
	// reads them: the lines name the records' lines.
	var b bytes.Buffer
	b.WriteString("\uFEFF\r\n")
	for i, line := range f.lines {
		b.Write(line)
		b.WriteString("\r\n  \n")
		if i == 1 {
			b.WriteString("\n")
		}
	}
	l2 := load(t, "crlf.jsonl", b.Bytes())
	split := bytes.Split(b.Bytes(), []byte("\n"))
	for i, n := range l2.Lines {
		if got := bytes.TrimSpace(split[n-1]); !bytes.Equal(got, f.lines[i]) {
			t.Errorf("record %d: line %d is %.40q, want the record", i, n, got)
		}
	}
	if !reflect.DeepEqual(l2.IDs, ids) || l2.Handle == l.Handle {
		t.Errorf("ids %v handle %d (first %d)", l2.IDs, l2.Handle, l.Handle)
	}

	for _, tt := range []struct{ data, want string }{
		{"", "empty.jsonl: the suite has no records"},
		{string(f.lines[0]) + "\n{\"id\": 3}\n", `empty.jsonl: line 2: field "id": want a string, got a number`},
		{strings.Replace(string(f.lines[0]), `"task":"meeting-planning"`, `"task":"tea"`, 1), `empty.jsonl: line 1: field "task": no task "tea" is registered`},
	} {
		if got := errorOf(t, LoadSuite("empty.jsonl", []byte(tt.data))); got != tt.want {
			t.Errorf("LoadSuite(%.30q): %q, want %q", tt.data, got, tt.want)
		}
	}
}

// TestScoreID: every response graded by id is verify.ScoreResponse's
// score, in every mode; alone and in batches on 1 and 4 goroutines.
func TestScoreID(t *testing.T) {
	f := newFixture(t)
	l := load(t, "suite.jsonl", f.data)
	for _, mode := range []string{"", "allpass", "avgpass", "feasible"} {
		items := make([]BatchItem, len(f.cases))
		want := make([]verify.Score, len(f.cases))
		for i, c := range f.cases {
			rec := f.recs[c.rec]
			want[i] = verify.ScoreResponse(context.Background(), rec, c.response, verify.RewardMode(mode))
			var got verify.Score
			decode(t, ScoreID(l.Handle, rec.ID, c.response, mode), &got)
			if !reflect.DeepEqual(got, want[i]) {
				t.Errorf("mode %q case %d: %+v, want %+v", mode, i, got, want[i])
			}
			items[i] = BatchItem{&rec.ID, &f.cases[i].response}
		}
		for _, workers := range []int{1, 4} {
			req, _ := json.Marshal(BatchRequest{Items: items, Reward: mode, Workers: workers})
			var got BatchAnswer
			decode(t, ScoreBatch(l.Handle, req), &got)
			if len(got.Results) != len(want) {
				t.Fatalf("%d results for %d items", len(got.Results), len(want))
			}
			for i, r := range got.Results {
				if r.Error != "" || r.Score == nil || !reflect.DeepEqual(*r.Score, want[i]) {
					t.Errorf("batch, mode %q, %d workers, item %d: %+v, want %+v", mode, workers, i, r, want[i])
				}
			}
		}
	}
}

func TestScoreErrors(t *testing.T) {
	f := newFixture(t)
	l := load(t, "suite.jsonl", f.data)
	id := f.recs[0].ID
	for name, tt := range map[string]struct {
		answer []byte
		want   string
	}{
		"unknown id":     {ScoreID(l.Handle, "no/such/id", "x", ""), `no record of the suite has the id "no/such/id"`},
		"unknown mode":   {ScoreID(l.Handle, id, "x", "best"), `reward "best" is not allpass, avgpass or feasible`},
		"unknown handle": {ScoreID(12345, id, "x", ""), "no suite has the handle 12345 (freed, or never loaded)"},
		"batch not JSON": {ScoreBatch(l.Handle, []byte("{")), "the batch request: unexpected end of JSON input"},
		"batch no items": {ScoreBatch(l.Handle, []byte(`{"reward": "avgpass"}`)), `the batch request: "items": missing`},
		"batch no id":    {ScoreBatch(l.Handle, []byte(`{"items": [{"response": ""}]}`)), `the batch request: "items"[0].id: missing`},
		"batch no text":  {ScoreBatch(l.Handle, []byte(`{"items": [{"id": "a", "response": "x"}, {"id": "a"}]}`)), `the batch request: "items"[1].response: missing`},
		"batch workers":  {ScoreBatch(l.Handle, []byte(`{"items": [], "workers": -1}`)), `the batch request: "workers" is -1, want 0 (GOMAXPROCS) or more`},
		"batch mode":     {ScoreBatch(l.Handle, []byte(`{"items": [], "reward": "x"}`)), `reward "x" is not allpass, avgpass or feasible`},
		"free unknown":   {FreeSuite(12345), "no suite has the handle 12345 (freed, or never loaded)"},
		"record no task": {Score([]byte(`{"id": "a"}`), "x", ""), `the record: field "task": missing or empty`},
		"record type":    {Score([]byte(`{"id": 7}`), "x", ""), `the record: field "id": want a string, got a number`},
		"record empty":   {Score(nil, "x", ""), `the record: the record is empty (want a JSON object)`},
		"record mode":    {Score(f.lines[0], "x", "all"), `reward "all" is not allpass, avgpass or feasible`},
	} {
		if got := errorOf(t, tt.answer); got != tt.want {
			t.Errorf("%s: %q, want %q", name, got, tt.want)
		}
	}
	// An unknown id in a batch is an error of that item only.
	req := fmt.Sprintf(`{"items": [{"id": %q, "response": "no plan"}, {"id": "no/such/id", "response": ""}]}`, id)
	var got BatchAnswer
	decode(t, ScoreBatch(l.Handle, []byte(req)), &got)
	if got.Results[0].Score == nil || got.Results[0].Error != "" || got.Results[1].Score != nil ||
		got.Results[1].Error != `no record of the suite has the id "no/such/id"` {
		t.Errorf("batch with an unknown id: %+v", got.Results)
	}
	// A freed suite is gone.
	var l2 Loaded
	decode(t, LoadSuite("suite.jsonl", f.data), &l2)
	if got := string(FreeSuite(l2.Handle)); got != "{}" {
		t.Errorf("FreeSuite: %s", got)
	}
	if got := errorOf(t, ScoreID(l2.Handle, id, "x", "")); !strings.Contains(got, "no suite has the handle") {
		t.Errorf("ScoreID after FreeSuite: %q", got)
	}
}

func TestGuard(t *testing.T) {
	got := errorOf(t, guard(func() []byte { panic("boom") }))
	if !strings.HasPrefix(got, "internal error: boom\n") {
		t.Errorf("a panic answered %q", got)
	}
}

// TestScore: a record given as JSON grades as the suite's record does; it
// is read once and kept by content, up to maxRecords.
func TestScore(t *testing.T) {
	f := newFixture(t)
	defer func(m int) { maxRecords = m }(maxRecords)
	maxRecords = 3
	records.mu.Lock()
	records.gen = newGeneration()
	records.mu.Unlock()
	for _, mode := range []string{"", "avgpass", "feasible"} {
		for i, c := range f.cases {
			want := verify.ScoreResponse(context.Background(), f.recs[c.rec], c.response, verify.RewardMode(mode))
			var got verify.Score
			decode(t, Score(f.lines[c.rec], c.response, mode), &got)
			if !reflect.DeepEqual(got, want) {
				t.Errorf("mode %q case %d: %+v, want %+v", mode, i, got, want)
			}
		}
	}
	// Five records, three times over, through a table of three: it
	// started afresh four times and holds the last three.
	if n := kept(); n != 3 {
		t.Errorf("%d records kept, want 3", n)
	}
	indented, err := json.MarshalIndent(f.recs[0], "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	var got verify.Score
	decode(t, Score(indented, "no plan", ""), &got)
	if got.ID != f.recs[0].ID || got.ErrorKind != verify.ErrorFormat {
		t.Errorf("an indented record: %+v", got)
	}
}

// TestConcurrent grades, loads and frees from many goroutines at once
// (run with -race by make test-python).
func TestConcurrent(t *testing.T) {
	f := newFixture(t)
	l := load(t, "suite.jsonl", f.data)
	want := make([]verify.Score, len(f.cases))
	for i, c := range f.cases {
		want[i] = verify.ScoreResponse(context.Background(), f.recs[c.rec], c.response, "")
	}
	var wg sync.WaitGroup
	errs := make(chan string, 64)
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range 3 {
				i := (g + k) % len(f.cases)
				c := f.cases[i]
				for _, answer := range [][]byte{ScoreID(l.Handle, f.recs[c.rec].ID, c.response, ""), Score(f.lines[c.rec], c.response, "")} {
					var got verify.Score
					if err := json.Unmarshal(answer, &got); err != nil || !reflect.DeepEqual(got, want[i]) {
						errs <- fmt.Sprintf("goroutine %d case %d: %s", g, i, answer)
					}
				}
				var mine Loaded
				if err := json.Unmarshal(LoadSuite("s", f.data), &mine); err != nil {
					errs <- err.Error()
					continue
				}
				ScoreID(mine.Handle, f.recs[0].ID, "no plan", "")
				FreeSuite(mine.Handle)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}
