package domains

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
)

// canonicalOracle is the definition appendCanonical implements: decode
// with UseNumber into a tree, delete the top-level drop member, re-encode
// without HTML escapes (the first implementation of RecordHash).
func canonicalOracle(line []byte, drop string) ([]byte, error) {
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.UseNumber()
	var v map[string]any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	if len(bytes.Trim(line[dec.InputOffset():], " \t\r\n")) > 0 {
		return nil, errors.New("more after the object")
	}
	if v == nil {
		return nil, errors.New("null")
	}
	delete(v, drop)
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

func checkCanonical(t *testing.T, line []byte) {
	t.Helper()
	want, werr := canonicalOracle(line, "hash")
	got, gerr := appendCanonical(nil, line, "hash")
	if (werr == nil) != (gerr == nil) {
		t.Fatalf("appendCanonical(%q): error %v, the oracle's %v", line, gerr, werr)
	}
	if werr == nil && !bytes.Equal(got, want) {
		t.Fatalf("appendCanonical(%q)\n = %s\nwant %s", line, got, want)
	}
}

// TestCanonicalMatchesOracle: the one-pass canonical form equals the
// decode-and-re-encode definition on edge cases (escapes, invalid UTF-8,
// U+2028, repeated keys, "hash" nested and at the top, numbers as
// written) and refuses what the oracle refuses.
func TestCanonicalMatchesOracle(t *testing.T) {
	for _, line := range []string{
		`{}`, ` { } `, `{"b":1,"a":2}`, `{"a":1,"a":2}`, `{"a":1,"b":2,"a":3}`,
		`{"hash":"x","a":{"hash":"kept","z":[1,2,{"y":null,"x":true}]}}`,
		`{"hash":"x","hash":"y"}`, `{"a":"<&>"}`, `{"a":"\u003c\n\t\"\\\/"}`,
		`{"a":"\u2028 \u2029"}`, "{\"a\":\"\u2028\"}", "{\"a\":\"\xff\xfe\"}", "{\"\xff\":1}",
		`{"a":"\ud800"}`, `{"a":"é 中 😀"}`, `{"a":1.50,"b":-0,"c":1e+06,"d":1E-2,"e":0.0}`,
		`{"k\u0041":1,"kA":2}`, `{"a":[],"b":[[]],"c":{}}`, `{"a":false,"b":null}`,
		// refused
		``, `null`, `[]`, `"a"`, `{"a":1}x`, `{"a":01}`, `{"a":1.}`, `{"a":.5}`, `{"a":-}`,
		`{"a":1e}`, `{"a":tru}`, `{"a":truex}`, `{"a" 1}`, `{"a":1,}`, `{a:1}`, `{"a":[1,]}`,
		`{"a":"\x"}`, "{\"a\":\"\x01\"}", `{"a":"unterminated}`, `{"a":1`, `{"a":"\`, `{"a":[1 2]}`,
		`{"a":1}{"b":2}`,
	} {
		checkCanonical(t, []byte(line))
	}
}

// TestCanonicalRecords: the canonical form of every record in the
// project's committed suites, and of seeded reorderings and re-spacings of
// them, equals the oracle's.
func TestCanonicalRecords(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, path := range []string{"../testdata/verify/suite.jsonl"} {
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<26)
		n := 0
		for sc.Scan() {
			line := sc.Bytes()
			checkCanonical(t, line)
			var v map[string]json.RawMessage
			if err := json.Unmarshal(line, &v); err != nil {
				t.Fatal(err)
			}
			// The same members in a seeded order, with spaces.
			keys := make([]string, 0, len(v))
			for k := range v {
				keys = append(keys, k)
			}
			rng.Shuffle(len(keys), func(i, j int) { keys[i], keys[j] = keys[j], keys[i] })
			var b strings.Builder
			b.WriteString(" {")
			for i, k := range keys {
				if i > 0 {
					b.WriteString(" ,\n")
				}
				kb, _ := json.Marshal(k)
				b.Write(kb)
				b.WriteString(" : ")
				b.Write(v[k])
			}
			b.WriteString("}\t")
			checkCanonical(t, []byte(b.String()))
			n++
		}
		f.Close()
		if err := sc.Err(); err != nil || n == 0 {
			t.Fatalf("%s: %d records, %v", path, n, err)
		}
	}
}

// FuzzCanonical compares the one-pass canonical form with the oracle on
// any input.
func FuzzCanonical(f *testing.F) {
	for _, s := range []string{`{}`, `{"b":[1,{"d":"\u2028","c":-1.5e3}],"a":"x","hash":"h"}`, `{"a":1,"a":{"hash":2}}`, "{\"\xff\":\"\\ud83d\\ude00\"}"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		checkCanonical(t, line)
	})
}

// BenchmarkRecordHash hashes the lines of the committed verify suite, with
// the one-pass canonical form (onepass) and with the definition it
// replaced (oracle); bytes/s is per line read.
func BenchmarkRecordHash(b *testing.B) {
	data, err := os.ReadFile("../testdata/verify/suite.jsonl")
	if err != nil {
		b.Fatal(err)
	}
	lines := bytes.Split(bytes.TrimSpace(data), []byte("\n"))
	for _, bc := range []struct {
		name string
		f    func([]byte) error
	}{
		{"onepass", func(l []byte) error { _, err := appendCanonical(nil, l, "hash"); return err }},
		{"oracle", func(l []byte) error { _, err := canonicalOracle(l, "hash"); return err }},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				for _, l := range lines {
					if err := bc.f(l); err != nil {
						b.Fatal(err)
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(lines))/1e3, "µs/record")
		})
	}
}
