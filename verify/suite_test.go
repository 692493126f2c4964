package verify_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/verify"
)

func TestWilson(t *testing.T) {
	// Hand-computed: center (p + z²/2n)/(1 + z²/n),
	// half-width z/(1 + z²/n)·√(p(1−p)/n + z²/4n²), z = 1.959964.
	tests := []struct {
		p      float64
		n      int
		lo, hi float64
	}{
		{0.8, 10, 0.4902, 0.9433},
		{0, 10, 0, 0.2775},
		{1, 10, 0.7225, 1},
		{0.5, 2, 0.0945, 0.9055},
		{0.6317, 467, 0.5870, 0.6742},
		{0, 0, 0, 1},
	}
	for _, tt := range tests {
		lo, hi := verify.Wilson(tt.p, tt.n)
		if math.Abs(lo-tt.lo) > 5e-5 || math.Abs(hi-tt.hi) > 5e-5 {
			t.Errorf("Wilson(%v, %d) = [%.4f, %.4f], want [%.4f, %.4f]", tt.p, tt.n, lo, hi, tt.lo, tt.hi)
		}
	}
}

func suiteJSONL(t *testing.T, recs ...*domains.Record) string {
	t.Helper()
	var b bytes.Buffer
	for _, r := range recs {
		line, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		b.Write(line)
		b.WriteByte('\n')
	}
	return b.String()
}

func TestReadSuite(t *testing.T) {
	a, b := record(t, 0), record(t, 1)
	got, err := verify.ReadSuite(strings.NewReader(suiteJSONL(t, a, b) + "\n  \n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].ID != a.ID || got[1].ID != b.ID || len(got[1].Checklist) != len(b.Checklist) {
		t.Fatalf("read %d records", len(got))
	}

	// A file saved with a UTF-8 byte order mark (Windows editors) reads
	// the same; a mark further on is named in the error.
	got, err = verify.ReadSuite(strings.NewReader("\uFEFF" + suiteJSONL(t, a, b)))
	if err != nil || len(got) != 2 || got[0].ID != a.ID {
		t.Fatalf("suite with a byte order mark: %d records, %v", len(got), err)
	}

	good := strings.TrimSuffix(suiteJSONL(t, a), "\n")
	edit := func(f func(m map[string]any)) string {
		var m map[string]any
		if err := json.Unmarshal([]byte(good), &m); err != nil {
			t.Fatal(err)
		}
		f(m)
		out, _ := json.Marshal(m)
		return string(out)
	}
	bad := []struct {
		name, suite, want string
	}{
		{"not JSON", good + "\n{\"id\": \n", `line 2: not valid JSON: unexpected end of JSON input`},
		{"syntax error", `{"id" "x"}`, `line 1: not valid JSON: invalid character '"' after object key (column 7)`},
		{"not an object", `[1]`, `line 1: want a JSON object, got an array`},
		{"wrong type", edit(func(m map[string]any) { m["seed"] = "three" }), `line 1: field "seed": want an integer, got a string`},
		{"wrong nested type", edit(func(m map[string]any) { m["checklist"] = []any{map[string]any{"id": 7}} }), `line 1: field "checklist.id": want a string, got a number`},
		{"no id", edit(func(m map[string]any) { delete(m, "id") }), `line 1: field "id": missing or empty`},
		{"unknown task", edit(func(m map[string]any) { m["task"] = "tea-planning" }), `line 1: field "task": no task "tea-planning" is registered`},
		{"no family", edit(func(m map[string]any) { delete(m, "family") }), `line 1: field "family": missing or empty`},
		{"unknown family", edit(func(m map[string]any) { m["family"] = "tea" }), `line 1: field "family": "tea" is not a family (scheduling, allocation, workforce, routing, project, emergency)`},
		{"another task's family", edit(func(m map[string]any) { m["family"] = "routing" }), `line 1: field "family": "routing", but task "` + a.Task + `" is of family "` + string(a.Family) + `"`},
		{"empty checklist", edit(func(m map[string]any) { m["checklist"] = []any{} }), `line 1: field "checklist": missing or empty`},
		{"item without id", edit(func(m map[string]any) { m["checklist"].([]any)[1].(map[string]any)["id"] = "" }), `line 1: field "checklist.1.id": missing or empty`},
		{"no instance", edit(func(m map[string]any) { m["instance"] = nil }), `line 1: field "instance": missing`},
		{"byte order mark on line 2", good + "\n\uFEFF" + good, `line 2: a UTF-8 byte order mark not at the start of the file (files joined after one was saved with it?); save without BOM`},
		{"duplicate id", good + "\n" + good, `line 2: field "id": "` + a.ID + `" is also the id of line 1`},
		{"empty", "\n\n", verify.ErrEmptySuite.Error()},
	}
	for _, tt := range bad {
		_, err := verify.ReadSuite(strings.NewReader(tt.suite))
		if err == nil || err.Error() != tt.want {
			t.Errorf("%s: got  %v\nwant %s", tt.name, err, tt.want)
		}
		// ScanSuite in parallel, a bad line after the first: the same error.
		_, err = verify.ScanSuite(strings.NewReader(tt.suite+"\n"+tt.suite), 3, func(verify.SuiteLine) error { return nil })
		if err == nil || err.Error() != tt.want {
			t.Errorf("%s: ScanSuite: got  %v\nwant %s", tt.name, err, tt.want)
		}
		var le *verify.LineError
		if tt.name != "empty" && !errors.As(err, &le) {
			t.Errorf("%s: %T is not a *LineError", tt.name, err)
		}
	}
	// An instance the task cannot load names the field.
	broken := edit(func(m map[string]any) { m["instance"] = []any{1} })
	_, err = verify.ReadSuite(strings.NewReader(broken))
	if err == nil || !strings.HasPrefix(err.Error(), `line 1: field "instance": `) {
		t.Errorf("unloadable instance: %v", err)
	}

	// ReadRecord checks one record as ReadSuite checks a line, and names
	// the field without a line.
	for _, tt := range bad {
		if !strings.HasPrefix(tt.want, "line 1: ") || strings.Contains(tt.suite, "\n") {
			continue
		}
		_, err := verify.ReadRecord([]byte(tt.suite))
		want := strings.TrimPrefix(tt.want, "line 1: ")
		var le *verify.LineError
		if err == nil || err.Error() != want || !errors.As(err, &le) || le.Line != 0 {
			t.Errorf("ReadRecord, %s: got  %v\nwant %s", tt.name, err, want)
		}
	}
	for _, in := range []string{"", " \n"} {
		if _, err := verify.ReadRecord([]byte(in)); err == nil || err.Error() != "the record is empty (want a JSON object)" {
			t.Errorf("ReadRecord(%q): %v", in, err)
		}
	}
	indented, err := json.MarshalIndent(a, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	for _, in := range [][]byte{[]byte(good), indented, append([]byte("\uFEFF"), good...)} {
		rec, err := verify.ReadRecord(in)
		if err != nil || rec.ID != a.ID || len(rec.Checklist) != len(a.Checklist) {
			t.Errorf("ReadRecord(%.40q): %v", in, err)
		}
	}
}

func TestReadResponses(t *testing.T) {
	recs := certified(t, 2)
	in := `{"id": "` + recs[0].ID + `", "response": "a"}` + "\n\n" +
		`{"id": "` + recs[1].ID + `", "response": "", "model": "m"}` + "\n" +
		`{"id": "` + recs[0].ID + `", "response": "b"}` + "\n" +
		`{"id": "` + recs[1].ID + `", "response": "{\"a\": ", "truncated": true, "reasoning": "…"}` + "\n" +
		`{"id": "` + recs[1].ID + `", "response": "c", "truncated": false}`
	want := []verify.Response{
		{ID: recs[0].ID, Response: "a", Line: 1}, {ID: recs[1].ID, Response: "", Line: 3}, {ID: recs[0].ID, Response: "b", Line: 4},
		{ID: recs[1].ID, Response: `{"a": `, Line: 5, Truncated: true}, {ID: recs[1].ID, Response: "c", Line: 6},
	}
	for _, bom := range []string{"", "\uFEFF"} { // a leading byte order mark is skipped
		got, err := verify.ReadResponses(strings.NewReader(bom+in), recs)
		if err != nil {
			t.Fatalf("%q: %v", bom, err)
		}
		if len(got) != len(want) {
			t.Fatalf("%q: got %+v", bom, got)
		}
		for i := range want {
			if got[i] != want[i] {
				t.Errorf("%q: response %d: %+v, want %+v", bom, i, got[i], want[i])
			}
		}
	}
	bad := []struct{ in, want string }{
		{`{"id": "x", "response": "a"}`, `line 1: field "id": no record of the suite has the id "x"`},
		{"\n" + `{"response": "a"}`, `line 2: field "id": missing`},
		{`{"id": "` + recs[0].ID + `"}`, `line 1: field "response": missing`},
		{`{"id": "` + recs[0].ID + `", "response": 3}`, `line 1: field "response": want a string, got a number`},
		{`{"id": "` + recs[0].ID + `", "response": "a"`, `line 1: not valid JSON: unexpected end of JSON input`},
		{`{"id": "` + recs[0].ID + `", "response": "a", "truncated": "yes"}`, `line 1: field "truncated": want true or false, got a string`},
	}
	for _, tt := range bad {
		if _, err := verify.ReadResponses(strings.NewReader(tt.in), recs); err == nil || err.Error() != tt.want {
			t.Errorf("%q: got  %v\nwant %s", tt.in, err, tt.want)
		}
	}
}

// TestTruncated: a response cut at the token limit scores 0 in every
// reward mode with the error kind "truncated", whatever its text (here the
// whole reference plan); ScoreLine grades a line of a responses file as
// it says, and Summarize counts the kind.
func TestTruncated(t *testing.T) {
	recs := certified(t, 1)
	rec := recs[0]
	for _, mode := range verify.RewardModes {
		s := verify.ScoreLine(context.Background(), rec, verify.Response{ID: rec.ID, Response: reference(rec), Truncated: true}, mode)
		if s.ID != rec.ID || s.Reward != 0 || s.AllPass != 0 || s.AvgPass != 0 || s.Parsed || s.ErrorKind != verify.ErrorTruncated || len(s.Items) != len(rec.Checklist) {
			t.Errorf("%s: truncated score %+v", mode, s)
		}
		for _, it := range s.Items {
			if it.Pass || !strings.Contains(it.Detail, "token limit") {
				t.Errorf("%s: item %+v", mode, it)
			}
		}
		if whole := verify.ScoreLine(context.Background(), rec, verify.Response{ID: rec.ID, Response: reference(rec)}, mode); whole.Reward != 1 {
			t.Errorf("%s: the whole reference gets %v", mode, whole.Reward)
		}
	}
	rep := verify.Summarize(recs, []verify.Score{verify.Truncated(rec)})
	if want := []verify.KindCount{{verify.ErrorTruncated, 1}}; !slices.Equal(rep.ErrorKinds, want) || rep.Responses != 1 || rep.NoResponse != 0 {
		t.Errorf("summary: kinds %+v, %d responses, %d without", rep.ErrorKinds, rep.Responses, rep.NoResponse)
	}
}

func TestSummarize(t *testing.T) {
	recs := certified(t, 3)
	stated := readPlan(t, recs[1])
	stated.Objective++
	scores := []verify.Score{
		verify.ScoreResponse(context.Background(), recs[0], reference(recs[0]), ""),
		verify.ScoreResponse(context.Background(), recs[0], "no answer", ""),
		verify.ScoreResponse(context.Background(), recs[1], stated.response(), ""),
	}
	rep := verify.Summarize(recs, scores)
	nItems := float64(len(recs[1].Checklist))
	if rep.Records != 3 || rep.Responses != 3 || rep.NoResponse != 1 || rep.N != 4 || rep.Parsed != 2 || rep.AllPassed != 1 {
		t.Errorf("counts %+v", rep)
	}
	wantAvg := (1 + 0 + (nItems-1)/nItems + 0) / 4
	if rep.AllPass.Mean != 0.25 || math.Abs(rep.AvgPass.Mean-wantAvg) > 1e-12 || rep.Reward.Mean != 0.25 {
		t.Errorf("means %+v %+v %+v, want avg-pass %v", rep.AllPass, rep.AvgPass, rep.Reward, wantAvg)
	}
	if lo, hi := verify.Wilson(0.25, 4); rep.AllPass.Lo != lo || rep.AllPass.Hi != hi {
		t.Errorf("all-pass interval %+v", rep.AllPass)
	}
	wantKinds := []verify.KindCount{{verify.ErrorFormat, 1}, {verify.ErrorStated, 1}, {verify.ErrorNoResponse, 1}}
	if len(rep.ErrorKinds) != len(wantKinds) {
		t.Fatalf("error kinds %+v", rep.ErrorKinds)
	}
	for i := range wantKinds {
		if rep.ErrorKinds[i] != wantKinds[i] {
			t.Errorf("error kinds %+v, want %+v", rep.ErrorKinds, wantKinds)
		}
	}
	if len(rep.Tasks) != 1 || rep.Tasks[0] != (verify.TaskRow{Task: "meeting-planning", Family: domains.Scheduling, N: 4, AllPass: 0.25, AvgPass: rep.AvgPass.Mean}) {
		t.Errorf("tasks %+v", rep.Tasks)
	}

	missing := verify.Missing(recs, scores)
	if len(missing) != 1 || missing[0].ID != recs[2].ID || missing[0].ErrorKind != verify.ErrorNoResponse || missing[0].AvgPass != 0 {
		t.Errorf("missing %+v", missing)
	}

	// No responses at all: every record fails.
	rep = verify.Summarize(recs, nil)
	if rep.N != 3 || rep.AllPass.Mean != 0 || rep.AllPass.Hi == 0 || rep.ErrorKinds[0] != (verify.KindCount{verify.ErrorNoResponse, 3}) {
		t.Errorf("without responses: %+v", rep)
	}
}

// TestReadSuiteHash checks the content hash on reading: a record whose
// hash is not its content's was edited (an error naming the field and
// both hashes); one without a hash (written before records carried one)
// is read with the hash of its line; formatting does not count.
func TestReadSuiteHash(t *testing.T) {
	a := record(t, 0)
	line, err := a.Encode()
	if err != nil {
		t.Fatal(err)
	}
	want := a.Hash
	got, err := verify.ReadSuite(bytes.NewReader(line))
	if err != nil || got[0].Hash != want {
		t.Fatalf("a hashed record: %v, hash %v, want %s", err, got, want)
	}
	var m map[string]any
	if err := json.Unmarshal(line, &m); err != nil {
		t.Fatal(err)
	}
	// Reformatted (sorted keys, indented, on one line again): the same
	// content, the same hash.
	pretty, _ := json.MarshalIndent(m, "", " ")
	pretty = bytes.ReplaceAll(pretty, []byte("\n"), nil)
	if got, err := verify.ReadSuite(bytes.NewReader(pretty)); err != nil || got[0].Hash != want {
		t.Errorf("the record reformatted: %v", err)
	}
	// Written before records carried a hash: read, hashed.
	delete(m, "hash")
	old, _ := json.Marshal(m)
	if got, err := verify.ReadSuite(bytes.NewReader(old)); err != nil || got[0].Hash != want {
		t.Errorf("the record without its hash: %v, hash %v, want %s", err, got[0].Hash, want)
	}
	// Edited after it was written: the prompt changed, the hash kept.
	m["hash"] = want
	m["prompt"] = a.Prompt + " (edited)"
	edited, _ := json.Marshal(m)
	h, _ := domains.RecordHash(edited)
	_, err = verify.ReadSuite(bytes.NewReader(append(append(line, '\n'), edited...)))
	msg := `line 3: field "hash": the record says ` + want + ` but its content hashes to ` + h + `: it was changed after it was written (regenerate it, or delete its hash to take it as it is)`
	var le *verify.LineError
	if err == nil || err.Error() != msg || !errors.As(err, &le) || le.Field != "hash" {
		t.Errorf("an edited record: %v\nwant %s", err, msg)
	}
	// A field this version does not know counts (a later version's record).
	m["prompt"], m["later_field"] = a.Prompt, []any{1}
	delete(m, "hash")
	later, _ := json.Marshal(m)
	lh, _ := domains.RecordHash(later)
	m["hash"] = lh
	later, _ = json.Marshal(m)
	if got, err := verify.ReadSuite(bytes.NewReader(later)); err != nil || got[0].Hash != lh || lh == want {
		t.Errorf("a record with a field this version does not know: %v (hash %s, without the field %s)", err, lh, want)
	}
}

// TestScanSuite: ScanSuite hands over the records of ReadSuite in file
// order, each with its line number and the offset of its line (a byte
// order mark and blank lines counted), with one worker or several; an
// error of f stops it.
func TestScanSuite(t *testing.T) {
	recs := certified(t, 5)
	file := "\uFEFF" + suiteJSONL(t, recs[0], recs[1]) + "\n  \n" + suiteJSONL(t, recs[2:]...)
	file = strings.TrimSuffix(file, "\n") // the last line without a newline
	want, err := verify.ReadSuite(strings.NewReader(file))
	if err != nil {
		t.Fatal(err)
	}
	for _, workers := range []int{1, 2, 7} {
		var got []verify.SuiteLine
		n, err := verify.ScanSuite(strings.NewReader(file), workers, func(l verify.SuiteLine) error {
			got = append(got, l)
			return nil
		})
		if err != nil || n != len(want) || len(got) != len(want) {
			t.Fatalf("workers %d: %d records (%d calls), %v", workers, n, len(got), err)
		}
		for i, l := range got {
			wantLine := []int{1, 2, 5, 6, 7}[i]
			if l.Record.ID != want[i].ID || l.Record.Hash != want[i].Hash || l.Line != wantLine {
				t.Errorf("workers %d, record %d: %s (hash %s) on line %d; want %s (%s) on line %d", workers, i, l.Record.ID, l.Record.Hash, l.Line, want[i].ID, want[i].Hash, wantLine)
			}
			if at := file[l.Offset : l.Offset+int64(len(l.Bytes))]; at != string(l.Bytes) || !strings.HasPrefix(at, "{") {
				t.Errorf("workers %d, record %d: the offset %d does not point at its line", workers, i, l.Offset)
			}
		}
	}
	stop := errors.New("stop")
	calls := 0
	_, err = verify.ScanSuite(strings.NewReader(file), 2, func(verify.SuiteLine) error { calls++; return stop })
	if err != stop || calls != 1 {
		t.Errorf("an error of f: %v after %d calls", err, calls)
	}
}
