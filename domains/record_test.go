package domains_test

import (
	"os"
	"strings"
	"testing"

	"github.com/plancert/plancert/domains"
)

// TestRecordHash pins the content hash: the SHA-256 (first 16 bytes) of
// the canonical JSON without "hash" — keys sorted, no white space,
// numbers as written, no HTML escapes. The want below was computed apart
// from Go: sha256 of {"a":{"x":1.50,"y":"é<>"},"b":[1,2],"id":"a/b/1"}.
func TestRecordHash(t *testing.T) {
	const want = "sha256:b400117fb3f74a48fa9708647696eb45"
	for _, line := range []string{
		`{"id":"a/b/1","b":[1,2],"a":{"y":"é<>","x":1.50}}`,
		// Formatting, key order, escapes and the hash member do not count.
		"{\"hash\": \"sha256:00\",\n  \"a\": {\"x\": 1.50, \"y\": \"\\u00e9\\u003c>\"}, \"b\": [1, 2], \"id\": \"a/b/1\"}\r\n",
	} {
		got, err := domains.RecordHash([]byte(line))
		if err != nil || got != want {
			t.Errorf("RecordHash(%q) = %s, %v; want %s", line, got, err, want)
		}
	}
	// Content counts: a number as written, a value, a field.
	for _, line := range []string{
		`{"id":"a/b/1","b":[1,2],"a":{"y":"é<>","x":1.5}}`,
		`{"id":"a/b/1","b":[2,1],"a":{"y":"é<>","x":1.50}}`,
		`{"id":"a/b/1","b":[1,2],"a":{"y":"é<>","x":1.50},"c":null}`,
	} {
		if got, _ := domains.RecordHash([]byte(line)); got == want {
			t.Errorf("RecordHash(%q) = %s, the hash of other content", line, got)
		}
	}
	for _, bad := range []string{`[1]`, `null`, `{"id":1} {}`, `{"id":`} {
		if got, err := domains.RecordHash([]byte(bad)); err == nil {
			t.Errorf("RecordHash(%q) = %s, want an error", bad, got)
		}
	}
}

// TestRecordEncode checks that Encode writes the record with its content
// hash, the same as the fixture's (written by gen): stable across versions
// for the same content.
func TestRecordEncode(t *testing.T) {
	data, err := os.ReadFile("../testdata/verify/suite.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	line, _, _ := strings.Cut(string(data), "\n")
	const want = "sha256:827a11391840a658fa74274a07a69b47" // golden: this record's hash since records carry one
	if got, err := domains.RecordHash([]byte(line)); err != nil || got != want {
		t.Fatalf("the fixture's first record hashes to %s, %v; want %s", got, err, want)
	}
	r := &domains.Record{ID: "x/y/1", Hash: "sha256:stale", Task: "x", Prompt: "<b> & é"}
	out, err := r.Encode()
	if err != nil {
		t.Fatal(err)
	}
	h, _ := domains.RecordHash(out)
	if r.Hash != h || !strings.Contains(string(out), `"hash":"`+h+`"`) || !strings.HasSuffix(string(out), "}\n") || !strings.Contains(string(out), "<b> & é") {
		t.Errorf("Encode: hash %s, line hashes to %s:\n%s", r.Hash, h, out)
	}
}
