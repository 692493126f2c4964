package trainset_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/parquet-go/parquet-go"

	"github.com/plancert/plancert/gen/trainset"
	"github.com/plancert/plancert/verify"
)

// update rewrites the golden card: go test ./gen/trainset -update
var update = flag.Bool("update", false, "rewrite testdata/card.md")

// TestLines checks that Lines finds the lines ReadSuite reads records
// from: blank lines, CRLF line ends, white space around a line and a byte
// order mark are not part of them.
func TestLines(t *testing.T) {
	_, lines := readSuiteLines(t)
	var b bytes.Buffer
	b.WriteString("\ufeff")
	for i, l := range lines {
		b.WriteString([]string{"", "\n", " \t", "\r\n  \r\n"}[i%4])
		b.Write(l)
		b.WriteString([]string{"\n", "\r\n", "  \n", ""}[i%4])
		if i%4 == 3 {
			b.WriteString("\n")
		}
	}
	b.WriteString("\n\n")
	recs, err := verify.ReadSuite(bytes.NewReader(b.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	got := trainset.Lines(b.Bytes())
	if len(got) != len(recs) {
		t.Fatalf("%d lines, %d records", len(got), len(recs))
	}
	for i := range got {
		if !bytes.Equal(got[i], lines[i]) {
			t.Errorf("line %d: %q,\nwant %q", i, got[i], lines[i])
		}
	}
	if got := trainset.Lines([]byte("{}")); len(got) != 1 || string(got[0]) != "{}" {
		t.Errorf("a last line without a line end: %q", got)
	}
}

// TestRecordJSON checks the record column: the suite's line, or without
// one the record as gen writes it, which for the fixture (written by gen)
// is its line again.
func TestRecordJSON(t *testing.T) {
	_, all := indexed(t)
	for _, x := range all {
		got, err := trainset.RecordJSON(x)
		if err != nil || got != string(x.Line) {
			t.Errorf("record %d: %v, not its line", x.Index, err)
		}
		line := x.Line
		x.Line = nil
		got, err = trainset.RecordJSON(x)
		if err != nil || got != string(line) {
			t.Errorf("record %d encoded: %v\n%s\nwant\n%s", x.Index, err, got, line)
		}
	}
	if err := trainset.SetLines(all, nil); err == nil || !strings.Contains(err.Error(), "record 0 of a suite of 0 lines") {
		t.Errorf("SetLines with too few lines: %v", err)
	}
}

// TestHFRoundTrip writes a Hugging Face parquet file and reads it back:
// the columns, one row group, every row against its record, the same
// bytes again.
func TestHFRoundTrip(t *testing.T) {
	recs, all := indexed(t)
	rows, err := trainset.HFRows(all)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := trainset.WriteHF(&buf, rows); err != nil {
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
	want := []string{"id", "hash", "index", "family", "task", "subtask", "level", "status",
		"prompt.list.element.role", "prompt.list.element.content", "record"}
	if !reflect.DeepEqual(cols, want) {
		t.Errorf("columns %q,\nwant    %q", cols, want)
	}
	if f.NumRows() != int64(len(recs)) || len(f.RowGroups()) != 1 {
		t.Errorf("%d rows in %d row groups, want %d in 1", f.NumRows(), len(f.RowGroups()), len(recs))
	}
	got, err := trainset.ReadHF(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range recs {
		want := trainset.HFRow{
			ID: r.ID, Hash: hashOf(t, all[i].Line), Index: int64(i), Family: "scheduling", Task: r.Task, Subtask: r.Subtask, Level: 1, Status: "optimal",
			Prompt: []trainset.Message{{Role: "user", Content: r.Prompt}}, Record: string(all[i].Line),
		}
		if i >= len(got) || !reflect.DeepEqual(got[i], want) {
			t.Errorf("row %d differs", i)
		}
	}
	var again bytes.Buffer
	if err := trainset.WriteHF(&again, rows); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(buf.Bytes(), again.Bytes()) {
		t.Error("the same rows give different bytes")
	}
}

// writeHFDir writes the fixture as a Hugging Face dataset with a 0.2 test
// split into a new directory, as export does.
func writeHFDir(t *testing.T) (string, trainset.Card) {
	t.Helper()
	recs, lines := readSuiteLines(t)
	train, test, err := trainset.Split(recs, 0.2)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	card := trainset.Card{
		License: "cc-by-4.0", Suite: "suite.jsonl", SHA256: "f0e720e8d40ab4565e4f78583362fa118db341f9c1275e5d8e84b040408c5a7a",
		Fraction: 0.2, Version: "devel",
		Command: "plancert export --format hf --suite suite.jsonl --out hf --split 0.2 --license cc-by-4.0",
	}
	for _, p := range []struct {
		name string
		recs []trainset.Indexed
	}{{trainset.Train, train}, {trainset.Test, test}} {
		if err := trainset.SetLines(p.recs, lines); err != nil {
			t.Fatal(err)
		}
		rows, err := trainset.HFRows(p.recs)
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := trainset.WriteHF(&buf, rows); err != nil {
			t.Fatal(err)
		}
		rel := trainset.HFSplitPath(p.name)
		path := filepath.Join(dir, filepath.FromSlash(rel))
		os.MkdirAll(filepath.Dir(path), 0o755)
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		card.Splits = append(card.Splits, trainset.CardSplit{Name: p.name, Path: rel, Records: p.recs, Size: int64(buf.Len())})
	}
	var b bytes.Buffer
	if err := trainset.WriteCard(&b, card); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "README.md"), b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir, card
}

// TestCardGolden compares the fixture's card with testdata/card.md, and
// checks that the same card gives the same bytes.
func TestCardGolden(t *testing.T) {
	dir, card := writeHFDir(t)
	got, err := os.ReadFile(filepath.Join(dir, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	var again bytes.Buffer
	if err := trainset.WriteCard(&again, card); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, again.Bytes()) {
		t.Error("the same card gives different bytes")
	}
	golden := filepath.Join("testdata", "card.md")
	if *update {
		os.MkdirAll("testdata", 0o755)
		if err := os.WriteFile(golden, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (go test ./gen/trainset -update writes it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("the card differs from %s (go test ./gen/trainset -update if the change is intended):\n%s", golden, got)
	}
}

// yamlPython returns a python3 that imports yaml (PyYAML, the parser
// huggingface_hub reads dataset cards with), or "".
func yamlPython() string {
	var cands []string
	if p, err := exec.LookPath("python3"); err == nil {
		cands = append(cands, p)
	}
	cands = append(cands, "/usr/bin/python3") // Debian's python3-yaml
	for _, p := range cands {
		if exec.Command(p, "-c", "import yaml").Run() == nil {
			return p
		}
	}
	return ""
}

// TestCardYAML parses the card's front matter with PyYAML as
// huggingface_hub does (yaml.safe_load of the text between the --- lines)
// and checks it against the files: every data_files path exists, the
// features are the parquet files' columns with their types, num_examples
// is each file's row count, num_bytes the Arrow size, download_size the
// files' bytes. Skipped without a python3 that has PyYAML (Debian:
// python3-yaml).
func TestCardYAML(t *testing.T) {
	python := yamlPython()
	if python == "" {
		t.Skip("no python3 with PyYAML (apt-get install python3-yaml): the card's YAML is not parsed")
	}
	dir, _ := writeHFDir(t)
	const script = `
import json, re, sys, yaml
text = open(sys.argv[1], encoding="utf-8").read()
m = re.match(r"^(\s*---[\r\n]+)([\S\s]*?)([\r\n]+---(\r\n|\n|$))", text)
print(json.dumps(yaml.safe_load(m.group(2))))
`
	out, err := exec.Command(python, "-c", script, filepath.Join(dir, "README.md")).Output()
	if err != nil {
		t.Fatalf("%s: %v", python, err)
	}
	type feat struct {
		Name  string `json:"name"`
		Dtype string `json:"dtype"`
		List  []feat `json:"list"`
	}
	var meta struct {
		License    string   `json:"license"`
		Language   []string `json:"language"`
		Tags       []string `json:"tags"`
		Categories []string `json:"task_categories"`
		SizeCategs []string `json:"size_categories"`
		Configs    []struct {
			Name      string `json:"config_name"`
			DataFiles []struct {
				Split string `json:"split"`
				Path  string `json:"path"`
			} `json:"data_files"`
		} `json:"configs"`
		Info struct {
			Features []feat `json:"features"`
			Splits   []struct {
				Name     string `json:"name"`
				Bytes    int64  `json:"num_bytes"`
				Examples int64  `json:"num_examples"`
			} `json:"splits"`
			DownloadSize int64 `json:"download_size"`
			DatasetSize  int64 `json:"dataset_size"`
		} `json:"dataset_info"`
	}
	dec := json.NewDecoder(bytes.NewReader(out))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&meta); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if meta.License != "cc-by-4.0" || !reflect.DeepEqual(meta.Language, []string{"en"}) || len(meta.Tags) == 0 || !reflect.DeepEqual(meta.Categories, []string{"text-generation"}) || !reflect.DeepEqual(meta.SizeCategs, []string{"n<1K"}) {
		t.Errorf("metadata: %s", out)
	}
	if len(meta.Configs) != 1 || meta.Configs[0].Name != "default" || len(meta.Configs[0].DataFiles) != 2 || len(meta.Info.Splits) != 2 {
		t.Fatalf("configs and splits: %s", out)
	}
	// The features, from the parquet schema by hand.
	str, i64 := "string", "int64"
	wantFeats := []feat{{Name: "id", Dtype: str}, {Name: "hash", Dtype: str}, {Name: "index", Dtype: i64}, {Name: "family", Dtype: str}, {Name: "task", Dtype: str},
		{Name: "subtask", Dtype: str}, {Name: "level", Dtype: i64}, {Name: "status", Dtype: str},
		{Name: "prompt", List: []feat{{Name: "role", Dtype: str}, {Name: "content", Dtype: str}}}, {Name: "record", Dtype: str}}
	if !reflect.DeepEqual(meta.Info.Features, wantFeats) {
		t.Errorf("features %+v,\nwant     %+v", meta.Info.Features, wantFeats)
	}
	// num_bytes of the test split (the fixture's record 4): the sum of the
	// Arrow buffers that parquet-wasm (arrow-rs) and apache-arrow read from
	// the file. (Measured before records carried a hash as 42829 and
	// 7567; the hash adds per row 49 bytes to the record (`,"hash":"…"`)
	// and a string column of 39 bytes with its 4-byte offset, and 4 bytes
	// for the column's last offset: 4 × 92 + 4 and 92 + 4. The answer's
	// JSON Schema then adds its member to each record: 1104, 1138, 1123 and
	// 1033 bytes to the train records, 849 to the test record.)
	wantBytes := map[string]int64{"train": 42829 + 4*92 + 4 + 1104 + 1138 + 1123 + 1033, "test": 7567 + 92 + 4 + 849}
	var download, size int64
	for i, df := range meta.Configs[0].DataFiles {
		sp := meta.Info.Splits[i]
		data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(df.Path)))
		if err != nil {
			t.Fatalf("data_files %s: %v", df.Path, err)
		}
		f, err := parquet.OpenFile(bytes.NewReader(data), int64(len(data)))
		if err != nil {
			t.Fatal(err)
		}
		var cols []string
		for _, c := range f.Schema().Fields() {
			cols = append(cols, c.Name())
		}
		var names []string
		for _, ft := range meta.Info.Features {
			names = append(names, ft.Name)
		}
		if !reflect.DeepEqual(cols, names) {
			t.Errorf("%s: columns %q, features %q", df.Path, cols, names)
		}
		if sp.Name != df.Split || sp.Examples != f.NumRows() || sp.Bytes != wantBytes[sp.Name] {
			t.Errorf("split %s (%s): %d examples, %d bytes; the file has %d rows, want %d bytes", sp.Name, df.Split, sp.Examples, sp.Bytes, f.NumRows(), wantBytes[sp.Name])
		}
		download += int64(len(data))
		size += sp.Bytes
	}
	if meta.Info.DownloadSize != download || meta.Info.DatasetSize != size {
		t.Errorf("download_size %d, dataset_size %d; want %d and %d", meta.Info.DownloadSize, meta.Info.DatasetSize, download, size)
	}
}
