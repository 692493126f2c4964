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
