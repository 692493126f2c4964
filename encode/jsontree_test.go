package encode

import (
	"encoding/json"
	"os"
	"reflect"
	"testing"
)

// treeSeeds are inputs for the oracle test of fastJSONTree: escapes,
// non-ASCII and invalid UTF-8 in keys and strings, every literal, numbers
// in every form, empty containers, white space everywhere, a duplicate key
// and nesting at and past the depth limit.
var treeSeeds = []string{
	`{}`, `[]`, ` [ ] `, `0`, `-1.5e+3`, `"x"`, `true`, `false`, `null`,
	`{"a": [1, -0, 2.50, 1E9, 9223372036854775808], "b": {"c": null, "d": [true, false, {}]}}`,
	"{\"\\u00e9\\\"\\\\\\/\\b\\f\\n\\r\\t\": \"\\ud83d\\ude00\", \"\xff\xfe\": \"caf\xc3\xa9 \xe9\"}",
	"\t{ \"a\" :\n[ 1 ,\r\n2 ] }\n",
	`{"a": 1, "a": 2}`,
	`[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]`,
	`[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]`,
	`{"a": "\ud800"}`,
}

// checkTree fails t unless fastJSONTree, on valid JSON, gives the tree of
// parseJSONTree, or declines exactly where parseJSONTree fails.
func checkTree(t *testing.T, data []byte) {
	if !json.Valid(data) {
		return
	}
	got, ok := fastJSONTree(data)
	want, err := parseJSONTree(data)
	if ok != (err == nil) {
		t.Fatalf("%q: fast ok %v, decoder error %v", data, ok, err)
	}
	if ok && !reflect.DeepEqual(got, want) {
		t.Fatalf("%q: fast tree %#v, decoder tree %#v", data, got, want)
	}
}

func TestFastJSONTree(t *testing.T) {
	for _, s := range treeSeeds {
		checkTree(t, []byte(s))
	}
	for _, name := range exampleModelFiles(t) {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		checkTree(t, data)
	}
}

// FuzzFastJSONTree: on any input json.Valid accepts, fastJSONTree agrees
// with the encoding/json parse it replaces (the oracle).
func FuzzFastJSONTree(f *testing.F) {
	for _, s := range treeSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) { checkTree(t, data) })
}
