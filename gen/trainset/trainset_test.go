package trainset_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/parquet-go/parquet-go"

	"github.com/plancert/plancert/domains"
	_ "github.com/plancert/plancert/domains/all" // registers every task family
	"github.com/plancert/plancert/gen/trainset"
	"github.com/plancert/plancert/verify"
)

const fixture = "../../testdata/verify/suite.jsonl"

func readSuite(t *testing.T) []*domains.Record {
	t.Helper()
	recs, _ := readSuiteLines(t)
	return recs
}

// readSuiteLines returns the fixture's records and their lines.
func readSuiteLines(t *testing.T) ([]*domains.Record, [][]byte) {
	t.Helper()
	data, err := os.ReadFile(fixture)
	if err != nil {
		t.Fatal(err)
	}
	recs, err := verify.ReadSuite(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	return recs, bytes.Split(bytes.TrimSuffix(data, []byte("\n")), []byte("\n"))
}

// indexed returns the fixture's records with their lines.
func indexed(t *testing.T) ([]*domains.Record, []trainset.Indexed) {
	t.Helper()
	recs, lines := readSuiteLines(t)
	all := trainset.All(recs)
	if err := trainset.SetLines(all, lines); err != nil {
		t.Fatal(err)
	}
	return recs, all
}

// TestVerlRoundTrip writes a verl file, checks its schema against the
// columns verl reads, reads it back and checks every row against its
// record; the same rows give the same bytes.
func TestVerlRoundTrip(t *testing.T) {
	recs, all := indexed(t)
	rows, err := trainset.VerlRows(all, trainset.Train)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := trainset.WriteVerl(&buf, rows); err != nil {
		t.Fatal(err)
	}
	f, err := parquet.OpenFile(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
	if err != nil {
		t.Fatal(err)
	}
	var cols []string
	for _, path := range f.Schema().Columns() {
		cols = append(cols, strings.Join(path, "."))
	}
	want := []string{
		"data_source",
		"prompt.list.element.role", "prompt.list.element.content",
		"ability",
		"reward_model.style", "reward_model.ground_truth",
		"extra_info.index", "extra_info.id", "extra_info.hash", "extra_info.split", "extra_info.task", "extra_info.family", "extra_info.subtask", "extra_info.record",
	}
	if !reflect.DeepEqual(cols, want) {
		t.Errorf("columns %q,\nwant    %q", cols, want)
	}
	if lt := f.Schema().Fields()[1].Type().LogicalType(); lt == nil || lt.List == nil {
		t.Errorf("prompt is not a parquet LIST: %v", f.Schema())
	}
	if f.NumRows() != int64(len(recs)) {
		t.Errorf("%d rows, want %d", f.NumRows(), len(recs))
	}

	got, err := trainset.ReadVerl(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(recs) {
		t.Fatalf("read %d rows, want %d", len(got), len(recs))
	}
	for i, r := range recs {
		row := got[i]
		want := trainset.VerlRow{
			DataSource:  "plancert/scheduling",
			Prompt:      []trainset.Message{{Role: "user", Content: r.Prompt}},
			Ability:     "planning",
			RewardModel: trainset.RewardModel{Style: "rule", GroundTruth: r.ID},
			ExtraInfo:   trainset.ExtraInfo{Index: int64(i), ID: r.ID, Hash: hashOf(t, all[i].Line), Split: "train", Task: r.Task, Family: "scheduling", Subtask: r.Subtask, Record: string(all[i].Line)},
		}
		if !reflect.DeepEqual(row, want) {
			t.Errorf("row %d:\n%+v\nwant\n%+v", i, row, want)
		}
	}

	var again bytes.Buffer
	if err := trainset.WriteVerl(&again, rows); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(buf.Bytes(), again.Bytes()) {
		t.Error("the same rows give different bytes")
	}
}

func TestJSONL(t *testing.T) {
	recs, all := indexed(t)
	rows, err := trainset.JSONLRows(all, trainset.Test)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := trainset.WriteJSONL(&buf, rows); err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(&buf)
	sc.Buffer(nil, 1<<20)
	i := 0
	for ; sc.Scan(); i++ {
		var row map[string]any
		if err := json.Unmarshal(sc.Bytes(), &row); err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
		r := recs[i]
		want := map[string]any{
			"prompt": []any{map[string]any{"role": "user", "content": r.Prompt}},
			"id":     r.ID, "hash": hashOf(t, all[i].Line), "label": r.ID + "#" + hashOf(t, all[i].Line),
			"data_source": "plancert/scheduling", "task": r.Task, "family": "scheduling",
			"subtask": r.Subtask, "split": "test", "index": float64(i), "record": string(all[i].Line),
		}
		if !reflect.DeepEqual(row, want) {
			t.Errorf("line %d: %v\nwant %v", i+1, row, want)
		}
	}
	if i != len(recs) {
		t.Errorf("%d lines, want %d", i, len(recs))
	}
}

func TestSplit(t *testing.T) {
	recs := readSuite(t)
	train, test, err := trainset.Split(recs, 0.4)
	if err != nil {
		t.Fatal(err)
	}
	if len(test) != 2 || len(train) != 3 {
		t.Fatalf("%d train, %d test records, want 3 and 2", len(train), len(test))
	}
	seen := map[int]bool{}
	for _, part := range [][]trainset.Indexed{train, test} {
		for j, x := range part {
			if recs[x.Index] != x.Record || seen[x.Index] || (j > 0 && part[j-1].Index >= x.Index) {
				t.Errorf("index %d: not the suite's record, twice, or out of order", x.Index)
			}
			seen[x.Index] = true
		}
	}
	// The split depends on the ids, not on the order of the suite.
	rev := make([]*domains.Record, len(recs))
	for i, r := range recs {
		rev[len(recs)-1-i] = r
	}
	_, test2, _ := trainset.Split(rev, 0.4)
	ids := func(xs []trainset.Indexed) map[string]bool {
		m := map[string]bool{}
		for _, x := range xs {
			m[x.Record.ID] = true
		}
		return m
	}
	if !reflect.DeepEqual(ids(test), ids(test2)) {
		t.Errorf("reversing the suite changes the test split: %v, %v", ids(test), ids(test2))
	}
	for _, tt := range []struct {
		f   float64
		msg string
	}{
		{0, "want a number between 0 and 1"},
		{1, "want a number between 0 and 1"},
		{0.05, "leaves a split empty (0 test records)"},
		{0.95, "leaves a split empty (5 test records)"},
	} {
		if _, _, err := trainset.Split(recs, tt.f); err == nil || !strings.Contains(err.Error(), tt.msg) {
			t.Errorf("Split(%v) = %v, want %q", tt.f, err, tt.msg)
		}
	}
}

// hashOf is the content hash of a record's line, which every row carries
// (a "sha256:" hash: the fixture's records carry theirs, and ReadSuite
// hashes those without one).
func hashOf(t *testing.T, line []byte) string {
	t.Helper()
	h, err := domains.RecordHash(line)
	if err != nil || !strings.HasPrefix(h, domains.HashPrefix) {
		t.Fatalf("hashing a fixture record: %s, %v", h, err)
	}
	return h
}

// TestLabel: the /get_reward label is the id and the hash, or the id
// alone for a record without a hash.
func TestLabel(t *testing.T) {
	if got := trainset.Label(&domains.Record{ID: "a/b/1", Hash: "sha256:00ff"}); got != "a/b/1#sha256:00ff" {
		t.Errorf("Label = %q", got)
	}
	if got := trainset.Label(&domains.Record{ID: "a/b/1"}); got != "a/b/1" {
		t.Errorf("Label without a hash = %q", got)
	}
}
