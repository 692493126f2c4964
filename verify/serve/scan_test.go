package serve

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// sameAsUnmarshal fails t unless scanRewardRequest either declines body or
// gives exactly what json.Unmarshal gives.
func sameAsUnmarshal(t *testing.T, body []byte) (ok bool) {
	t.Helper()
	fast, ok := scanRewardRequest(body)
	if !ok {
		return false
	}
	var slow rawRewardRequest
	if err := json.Unmarshal(body, &slow); err != nil {
		t.Fatalf("the scanner accepts %q, json.Unmarshal refuses it: %v", body, err)
	}
	for _, pair := range [][2][]json.RawMessage{{fast.Query, slow.Query}, {fast.Prompts, slow.Prompts}} {
		f, s := pair[0], pair[1]
		if (f == nil) != (s == nil) || len(f) != len(s) {
			t.Fatalf("%q: scanned %q, json.Unmarshal %q", body, f, s)
		}
		for i := range f {
			if !bytes.Equal(f[i], s[i]) {
				t.Fatalf("%q: entry %d scanned %q, json.Unmarshal %q", body, i, f[i], s[i])
			}
		}
	}
	if (fast.Labels == nil) != (slow.Labels == nil) || !reflect.DeepEqual(append([]string{}, fast.Labels...), append([]string{}, slow.Labels...)) {
		t.Fatalf("%q: labels scanned %q, json.Unmarshal %q", body, fast.Labels, slow.Labels)
	}
	return true
}

func TestScanRewardRequest(t *testing.T) {
	tests := []struct {
		body string
		ok   bool
	}{
		{`{"query": ["P R"], "prompts": ["P "], "labels": ["a/b/1"]}`, true},
		{" \n{ \"labels\" : [ \"x\" , \"y\" ] ,\"query\":[\"1\",\"2\"]\t} \r\n", true},
		{`{}`, true},
		{`{"query": null, "prompts": null, "labels": null}`, true},
		{`{"query": [], "labels": []}`, true},
		{`{"query": ["\u00e9\ud83d\ude00\n\"\\\/\b\f\r\t"], "labels": ["\u0041"]}`, true},
		{"{\"query\": [\"\xff\xe6\"], \"labels\": [\"\xff\"]}", true},
		{`{"Query": ["a"], "labels": ["x"]}`, false},                 // encoding/json matches keys case-insensitively
		{`{"query": ["a"], "query": ["b"], "labels": ["x"]}`, false}, // the last wins in encoding/json
		{`{"query": ["a"], "labels": ["x"], "datasources": ["d"]}`, false},
		{`{"q\u0075ery": ["a"]}`, false},
		{`{"query": [null]}`, false},
		{`{"query": [1]}`, false},
		{`{"query": "a"}`, false},
		{`{"query": ["a",]}`, false},
		{`{"query": ["a"],}`, false},
		{`{"query": ["a\u00"]}`, false},
		{`{"query": ["a\x"]}`, false},
		{"{\"query\": [\"a\x01\"]}", false},
		{`{"query": ["a"]} {}`, false},
		{`{"query": ["a"]`, false},
		{`{"query": ["a`, false},
		{`{"query": nul}`, false},
		{`[]`, false},
		{``, false},
	}
	for _, tt := range tests {
		if ok := sameAsUnmarshal(t, []byte(tt.body)); ok != tt.ok {
			t.Errorf("scanRewardRequest(%q): ok %v, want %v", tt.body, ok, tt.ok)
		}
	}
	req, _ := scanRewardRequest([]byte("{\"labels\": [\"\\u0041\", \"\xff\", \"plain\"]}"))
	if want := []string{"A", "\uFFFD", "plain"}; !reflect.DeepEqual(req.Labels, want) {
		t.Errorf("labels %q, want %q", req.Labels, want)
	}
}

// FuzzScanRewardRequest: the scanner declines a body or decodes it
// exactly as json.Unmarshal does.
func FuzzScanRewardRequest(f *testing.F) {
	seeds, _ := filepath.Glob("testdata/requests/reward-*.json")
	for _, p := range seeds {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte(`{"query": ["\u00e9\ud83d\ude00\n\"\\\/"], "prompts": null, "labels": ["\u0041", "x"]}`))
	f.Add([]byte(strings.Repeat(" ", 3) + `{"labels":[]}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		sameAsUnmarshal(t, body)
	})
}

// scoreSameAsUnmarshal fails t unless scanScoreRequest either declines
// body or gives exactly what json.Unmarshal gives.
func scoreSameAsUnmarshal(t *testing.T, body []byte) (ok bool) {
	t.Helper()
	fast, ok := scanScoreRequest(body)
	if !ok {
		return false
	}
	var slow ScoreRequest
	if err := json.Unmarshal(body, &slow); err != nil {
		t.Fatalf("the scanner accepts %q, json.Unmarshal refuses it: %v", body, err)
	}
	if fast.Reward != slow.Reward || (fast.Items == nil) != (slow.Items == nil) || len(fast.Items) != len(slow.Items) {
		t.Fatalf("%q: scanned %+v, json.Unmarshal %+v", body, fast, slow)
	}
	for i, f := range fast.Items {
		s := slow.Items[i]
		if (f.ID == nil) != (s.ID == nil) || (f.ID != nil && *f.ID != *s.ID) {
			t.Fatalf("%q: item %d id differs", body, i)
		}
		if (f.Raw == nil) != (s.Response == nil) || (f.Raw != nil && f.response() != *s.Response) {
			t.Fatalf("%q: item %d response differs", body, i)
		}
	}
	return true
}

func TestScanScoreRequest(t *testing.T) {
	tests := []struct {
		body string
		ok   bool
	}{
		{`{"items": [{"id": "a/1", "response": "x"}, {"response": "\u00e9\n", "id": "b"}], "reward": "avgpass"}`, true},
		{` { "reward" : "" , "items" : [ ] } `, true},
		{`{"items": null}`, true},
		{`{"items": [{}]}`, true},
		{`{}`, true},
		{"{\"items\": [{\"id\": \"\xff\", \"response\": \"\xfe\"}]}", true},
		{`{"items": [{"id": "a", "id": "b", "response": ""}]}`, false},
		{`{"items": [{"id": "a", "response": "", "extra": 1}]}`, false},
		{`{"items": [{"ID": "a", "response": ""}]}`, false},
		{`{"items": [null]}`, false},
		{`{"items": [{"id": 3, "response": ""}]}`, false},
		{`{"items": [], "reward": null}`, false},
		{`{"items": [], "items": []}`, false},
		{`{"items": [], "mode": "x"}`, false},
		{`{"items": [{"id": "a", "response": "x"},]}`, false},
		{`{"items": [{"id": "a" "response": "x"}]}`, false},
		{`{"items": []}]`, false},
		{`{"items": [{"id": "a", "response": "\q"}]}`, false},
	}
	for _, tt := range tests {
		if ok := scoreSameAsUnmarshal(t, []byte(tt.body)); ok != tt.ok {
			t.Errorf("scanScoreRequest(%q): ok %v, want %v", tt.body, ok, tt.ok)
		}
	}
}

// FuzzScanScoreRequest: the scanner declines a body or decodes it exactly
// as json.Unmarshal does.
func FuzzScanScoreRequest(f *testing.F) {
	seeds, _ := filepath.Glob("testdata/requests/score-*.json")
	for _, p := range seeds {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte(`{"items": [{"id": "a", "response": "\u00e9\ud83d\ude00\n\"\\\/"}, {}], "reward": "feasible"}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		scoreSameAsUnmarshal(t, body)
	})
}

// TestPlainRun: plainRun stops at the first '"', '\\' or control
// character, wherever it is in a word of 8 bytes, and at the end.
func TestPlainRun(t *testing.T) {
	for n := range 20 {
		for _, stop := range []byte{'"', '\\', 0, 0x1f, '\n'} {
			b := []byte(strings.Repeat("aé~ \x7f", 8)[:n] + string(stop) + "xyz\"")
			if got := plainRun(b); got != n {
				t.Errorf("%q: %d, want %d", b, got, n)
			}
		}
		if b := []byte(strings.Repeat("z ", 10)[:n]); plainRun(b) != n {
			t.Errorf("%q: %d, want %d", b, plainRun(b), n)
		}
	}
	for c := range 256 {
		special := c == '"' || c == '\\' || c < 0x20
		for _, at := range []int{0, 3, 7, 8, 13} { // in the first word, the second, and the tail
			b := []byte("0123456789abcdefXYZ")
			b[at] = byte(c)
			want := len(b)
			if special {
				want = at
			}
			if got := plainRun(b); got != want {
				t.Errorf("byte %#x at %d: %d, want %d", c, at, got, want)
			}
		}
	}
}

// BenchmarkPlainRun: plainRun over 64 KB of prompt text.
func BenchmarkPlainRun(b *testing.B) {
	text := []byte(strings.Repeat("You are placing dangerous goods in the bays of a chemical store. ", 1000))
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		if plainRun(text) != len(text) {
			b.Fatal("stopped early")
		}
	}
}
