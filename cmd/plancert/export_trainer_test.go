package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/gen/trainset"
)

// TestExport writes every format with and without a split and reads the
// files back: every record is in exactly one split, with its id (the
// ground truth of verl) and its line of the suite as the record.
func TestExport(t *testing.T) {
	recs, _ := verifyFixture(t)
	suite, err := os.ReadFile(fixtureSuite)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(suite), "\n"), "\n")
	for _, format := range []string{"verl", "jsonl", "hf"} {
		for _, split := range []string{"0", "0.4"} {
			t.Run(format+"/split="+split, func(t *testing.T) {
				dir := filepath.Join(t.TempDir(), "out", "data")
				r := runPlancert(t, "", "export", "--format", format, "--suite", fixtureSuite, "--out", dir, "--split", split)
				if r.code != exitOK || r.stdout != "" {
					t.Fatalf("exit %d, stdout %q, stderr %s", r.code, r.stdout, r.stderr)
				}
				names := []string{"train"}
				if split != "0" {
					names = append(names, "test")
				}
				ids := map[string]string{}
				for _, name := range names {
					path := filepath.Join(dir, name+map[string]string{"verl": ".parquet", "jsonl": ".jsonl"}[format])
					if format == "hf" {
						path = filepath.Join(dir, "data", name+"-00000-of-00001.parquet")
					}
					data, err := os.ReadFile(path)
					if err != nil {
						t.Fatal(err)
					}
					if !strings.Contains(r.stderr, path+" (") {
						t.Errorf("stderr does not name %s: %s", path, r.stderr)
					}
					if format == "jsonl" {
						for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
							var row trainset.JSONLRow
							if err := json.Unmarshal([]byte(line), &row); err != nil {
								t.Fatalf("%s: %v", path, err)
							}
							if row.Split != name || recs[row.Index].ID != row.ID || len(row.Prompt) != 1 || row.Prompt[0].Content != recs[row.Index].Prompt || row.Record != lines[row.Index] ||
								row.Hash != lineHash(t, lines[row.Index]) || row.Label != row.ID+"#"+row.Hash {
								t.Errorf("%s: row %s of split %s, index %d", path, row.ID, row.Split, row.Index)
							}
							ids[row.ID] = name
						}
						continue
					}
					if format == "hf" {
						rows, err := trainset.ReadHF(strings.NewReader(string(data)), int64(len(data)))
						if err != nil {
							t.Fatal(err)
						}
						for _, row := range rows {
							if recs[row.Index].ID != row.ID || row.Record != lines[row.Index] || row.Prompt[0].Content != recs[row.Index].Prompt || row.Hash != lineHash(t, lines[row.Index]) {
								t.Errorf("%s: row %s, index %d", path, row.ID, row.Index)
							}
							ids[row.ID] = name
						}
						continue
					}
					rows, err := trainset.ReadVerl(strings.NewReader(string(data)), int64(len(data)))
					if err != nil {
						t.Fatal(err)
					}
					for _, row := range rows {
						if row.RewardModel.GroundTruth != row.ExtraInfo.ID || row.ExtraInfo.Split != name || recs[row.ExtraInfo.Index].ID != row.ExtraInfo.ID || row.ExtraInfo.Record != lines[row.ExtraInfo.Index] ||
							row.ExtraInfo.Hash != lineHash(t, lines[row.ExtraInfo.Index]) {
							t.Errorf("%s: row %+v", path, row.ExtraInfo)
						}
						ids[row.ExtraInfo.ID] = name
					}
				}
				if format == "hf" {
					card, err := os.ReadFile(filepath.Join(dir, "README.md"))
					if err != nil || !strings.Contains(r.stderr, filepath.Join(dir, "README.md")+" (the dataset card)") {
						t.Fatalf("no card: %v: %s", err, r.stderr)
					}
					for _, name := range names {
						if !strings.Contains(string(card), "  - split: "+name+"\n    path: data/"+name+"-00000-of-00001.parquet\n") {
							t.Errorf("the card has no data_files for %s:\n%s", name, card)
						}
					}
				}
				if len(ids) != len(recs) {
					t.Errorf("%d records exported, want %d", len(ids), len(recs))
				}
				if n := strings.Count(strings.Join(mapValues(ids), " "), "test"); split != "0" && n != 2 {
					t.Errorf("%d test records, want 2", n)
				}
			})
		}
	}
}

// lineHash is the content hash of a record's line.
func lineHash(t *testing.T, line string) string {
	t.Helper()
	h, err := domains.RecordHash([]byte(line))
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// TestExportHashOldSuite: a suite written before records carried a hash
// exports the hash of each line, the hash the same records carry once
// written with one (so a server of either suite grades the rows).
func TestExportHashOldSuite(t *testing.T) {
	recs, _ := verifyFixture(t)
	var old bytes.Buffer
	for _, r := range recs {
		c := *r
		c.Hash = ""
		line, err := json.Marshal(&c)
		if err != nil {
			t.Fatal(err)
		}
		old.Write(append(line, '\n'))
	}
	dir := t.TempDir()
	suite := filepath.Join(dir, "old.jsonl")
	if err := os.WriteFile(suite, old.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out")
	if r := runPlancert(t, "", "export", "--format", "jsonl", "--suite", suite, "--out", out); r.code != exitOK {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	data, err := os.ReadFile(filepath.Join(out, "train.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	for i, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var row trainset.JSONLRow
		if err := json.Unmarshal([]byte(line), &row); err != nil {
			t.Fatal(err)
		}
		if row.Hash != recs[i].Hash || row.Label != recs[i].ID+"#"+recs[i].Hash || strings.Contains(row.Record, `"hash"`) {
			t.Errorf("row %d: hash %s label %s, want %s (and the record's line as it is)", i, row.Hash, row.Label, recs[i].Hash)
		}
	}
}

func mapValues(m map[string]string) []string {
	var out []string
	for _, v := range m {
		out = append(out, v)
	}
	return out
}

func TestExportErrors(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	os.WriteFile(file, nil, 0o644)
	tests := []struct {
		args   []string
		code   exitCode
		stderr string
	}{
		{[]string{"export", "--suite", fixtureSuite, "--out", dir}, exitBadInput, "plancert: --format is required (verl, jsonl or hf)\n"},
		{[]string{"export", "--format", "lp", "--suite", fixtureSuite, "--out", dir}, exitBadInput, `plancert: --format: "lp" is not a dataset format (want verl, jsonl or hf; export-model writes models)` + "\n"},
		{[]string{"export", "--format", "verl", "--out", dir}, exitBadInput, "plancert: --suite is required\n"},
		{[]string{"export", "--format", "verl", "--suite", fixtureSuite}, exitBadInput, "plancert: --out is required (a directory)\n"},
		{[]string{"export", "--format", "verl", "--suite", fixtureSuite, "--out", dir, "--split", "1"}, exitBadInput, "plancert: --split must be at least 0 and less than 1, got 1\n"},
		{[]string{"export", "--format", "verl", "--suite", fixtureSuite, "--out", dir, "--split", "NaN"}, exitBadInput, "plancert: --split must be at least 0 and less than 1, got NaN\n"},
		{[]string{"export", "--format", "verl", "--suite", fixtureSuite, "--out", dir, "--split", "-Inf"}, exitBadInput, "plancert: --split must be at least 0 and less than 1, got -Inf\n"},
		{[]string{"export", "--format", "verl", "--suite", fixtureSuite, "--out", dir, "--split", "+Inf"}, exitBadInput, "plancert: --split must be at least 0 and less than 1, got +Inf\n"},
		{[]string{"export", "--format", "verl", "--suite", fixtureSuite, "--out", dir, "--split", "0.05"}, exitBadInput, "plancert: --split: a test fraction of 0.05 of 5 records leaves a split empty (0 test records)\n"},
		{[]string{"export", "--format", "verl", "--suite", fixtureSuite, "--out", dir, "--license", "mit"}, exitBadInput, "plancert: --license is for --format hf (the dataset card), not verl\n"},
		{[]string{"export", "--format", "hf", "--suite", fixtureSuite, "--out", dir, "--license", "CC BY"}, exitBadInput, `plancert: --license "CC BY" is not a Hugging Face licence id (lower case, such as mit, apache-2.0, cc-by-4.0 or other)` + "\n"},
		{[]string{"export", "--format", "hf", "--suite", fixtureSuite, "--out", dir, "--license", ""}, exitBadInput, `plancert: --license "" is not a Hugging Face licence id`},
		{[]string{"export", "--format", "jsonl", "--suite", filepath.Join(dir, "none.jsonl"), "--out", dir}, exitBadInput, "plancert: " + filepath.Join(dir, "none.jsonl") + ": no such file or directory\n"},
		{[]string{"export", "--format", "jsonl", "--suite", fixtureSuite, "--out", filepath.Join(file, "sub")}, exitError, "plancert: --out: mkdir " + file + ": not a directory\n"},
	}
	for _, tt := range tests {
		r := runPlancert(t, "", tt.args...)
		if r.code != tt.code || !strings.HasPrefix(r.stderr, tt.stderr) {
			t.Errorf("plancert %s:\nexit %d, want %d\nstderr %q\nwant   %q", strings.Join(tt.args, " "), r.code, tt.code, r.stderr, tt.stderr)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("failed runs left files in %s: %v", dir, entries)
	}
}

// TestExportHF checks what the hf format adds: the same suite and flags
// give the same bytes wherever --out is, the card names the suite by its
// SHA-256 and the licence, and the record column is each record's line as
// the file has it (a field this version does not know included), whatever
// the line ends, blank lines and byte order mark around it.
func TestExportHF(t *testing.T) {
	suite, err := os.ReadFile(fixtureSuite)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(suite), "\n"), "\n")
	// A field no record has yet, and CRLF, blank lines and a BOM.
	// (its hash covers the field, as a later version would write it).
	var rec struct{ Hash string }
	json.Unmarshal([]byte(lines[2]), &rec)
	lines[2] = strings.TrimSuffix(lines[2], "}") + `,"future_field":{"a":[1,2]}}`
	lines[2] = strings.Replace(lines[2], rec.Hash, lineHash(t, lines[2]), 1)
	messy := "\ufeff" + lines[0] + "\r\n\r\n" + strings.Join(lines[1:], "\n  \n") + "\n\n"
	in := filepath.Join(t.TempDir(), "suite.jsonl")
	os.WriteFile(in, []byte(messy), 0o644)
	sum := sha256.Sum256([]byte(messy))

	export := func(out string, extra ...string) (map[string][]byte, result) {
		t.Helper()
		r := runPlancert(t, "", append([]string{"export", "--format", "hf", "--suite", in, "--out", out}, extra...)...)
		if r.code != exitOK {
			t.Fatalf("exit %d: %s", r.code, r.stderr)
		}
		files := map[string][]byte{}
		filepath.WalkDir(out, func(path string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				rel, _ := filepath.Rel(out, path)
				files[filepath.ToSlash(rel)], _ = os.ReadFile(path)
			}
			return nil
		})
		return files, r
	}
	a, _ := export(filepath.Join(t.TempDir(), "one", "hf"), "--split", "0.4", "--license", "apache-2.0")
	b, _ := export(filepath.Join(t.TempDir(), "two", "hf"), "--split", "0.4", "--license", "apache-2.0")
	if len(a) != 3 || a["README.md"] == nil {
		t.Fatalf("files %v, want README.md and two parquet files", mapKeys(a))
	}
	for name, data := range a {
		if !bytes.Equal(data, b[name]) {
			t.Errorf("%s differs between two runs", name)
		}
	}
	card := string(a["README.md"])
	for _, want := range []string{
		"license: apache-2.0\n",
		"plancert export --format hf --suite suite.jsonl --out hf --split 0.4 --license apache-2.0\n",
		"SHA-256 " + hex.EncodeToString(sum[:]),
		"    num_examples: 3\n", "    num_examples: 2\n",
		"`apache-2.0`, as given",
	} {
		if !strings.Contains(card, want) {
			t.Errorf("the card has no %q:\n%s", want, card)
		}
	}
	seen := 0
	for _, split := range []string{"train", "test"} {
		data := a["data/"+split+"-00000-of-00001.parquet"]
		rows, err := trainset.ReadHF(bytes.NewReader(data), int64(len(data)))
		if err != nil {
			t.Fatal(err)
		}
		for _, row := range rows {
			if row.Record != lines[row.Index] {
				t.Errorf("%s row %d: the record is not the suite's line:\n%s", split, row.Index, row.Record)
			}
			seen++
		}
	}
	if seen != len(lines) {
		t.Errorf("%d rows, want %d", seen, len(lines))
	}

	// Standard input, no split, no licence.
	out := filepath.Join(t.TempDir(), "hf")
	r := runPlancert(t, messy, "export", "--format", "hf", "--suite", "-", "--out", out)
	if r.code != exitOK {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	c, _ := os.ReadFile(filepath.Join(out, "README.md"))
	for _, want := range []string{"license: unknown\n", "--suite - --out hf\n", "None was given", "  - split: train\n"} {
		if !strings.Contains(string(c), want) {
			t.Errorf("the card of standard input has no %q:\n%s", want, c)
		}
	}
	if strings.Contains(string(c), "split: test") {
		t.Errorf("a test split without --split:\n%s", c)
	}
}

func mapKeys[V any](m map[string]V) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}
