package encode

import (
	"bytes"
	"os"
	"testing"
)

// FuzzReadModel checks that ReadModel never panics and that a model it
// accepts is written, read back and written again as the same bytes.
func FuzzReadModel(f *testing.F) {
	for _, name := range exampleModelFiles(f) {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	for _, s := range []string{
		``,
		`{}`,
		`[]`,
		`{"variables": [], "constraints": [], "objective": [], "answer": []}`,
		`{"variables": [{"name": "a", "type": "bool"}, {"name": "x", "type": "int", "lo": -3, "hi": 3}], "constraints": [{"name": "c", "group": "g", "type": "at_most", "lits": ["a", "!a"], "k": 1, "only_if": ["!a"]}], "answer": ["x"]}`,
		`{"variables": [{"name": "x", "type": "int", "lo": 0, "hi": 2}, {"name": "y", "type": "int", "lo": 0, "hi": 2}], "constraints": [{"name": "t", "type": "table", "vars": ["x", "y"], "tuples": [[0, 1], [2, 2]]}, {"name": "e", "type": "element", "index": "x", "array": [1, 2, 0], "target": "y"}]}`,
		`{"variables": [{"name": "\u00e9\"\\<", "type": "bool"}], "constraints": [{"name": "c", "type": "circuit", "arcs": [{"from": 0, "to": 1, "lit": "\u00e9\"\\<"}, {"from": 1, "to": 0, "lit": "!\u00e9\"\\<"}]}]}`,
		`{"variables": [{"name": "x", "type": "int", "lo": 1e3, "hi": 9223372036854775808}]}`,
		`{"variables": [{"name": "x", "type": "bool"}]} {}`,
		`{"variables": [{"name": "x", "type": "bool", "name": "y"}]}`,
		`{"constraints": [{"name": "c", "type": "linear", "terms": [], "op": "==", "rhs": -0}]}`,
		"{\"a\":\n[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]}",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := ReadModel(bytes.NewReader(data))
		if err != nil {
			if m != nil {
				t.Fatalf("ReadModel returned a model and the error %v", err)
			}
			return
		}
		var out1 bytes.Buffer
		if err := WriteModel(&out1, m); err != nil {
			t.Fatalf("WriteModel of a model read without error: %v", err)
		}
		m2, err := ReadModel(bytes.NewReader(out1.Bytes()))
		if err != nil {
			t.Fatalf("reading back the written model: %v\n%s", err, out1.Bytes())
		}
		var out2 bytes.Buffer
		if err := WriteModel(&out2, m2); err != nil {
			t.Fatalf("WriteModel of the model read back: %v", err)
		}
		if !bytes.Equal(out1.Bytes(), out2.Bytes()) {
			t.Fatalf("writing is not a fixed point:\n%s\nthen\n%s", out1.Bytes(), out2.Bytes())
		}
	})
}
