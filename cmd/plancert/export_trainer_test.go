package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plancert/plancert/gen/trainset"
)

// TestExport writes both formats with and without a split and reads the
// files back: every record is in exactly one split, with its id as the
// ground truth.
func TestExport(t *testing.T) {
	recs, _ := verifyFixture(t)
	for _, format := range []string{"verl", "jsonl"} {
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
							if row.Split != name || recs[row.Index].ID != row.ID || len(row.Prompt) != 1 || row.Prompt[0].Content != recs[row.Index].Prompt {
								t.Errorf("%s: row %s of split %s, index %d", path, row.ID, row.Split, row.Index)
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
						if row.RewardModel.GroundTruth != row.ExtraInfo.ID || row.ExtraInfo.Split != name || recs[row.ExtraInfo.Index].ID != row.ExtraInfo.ID {
							t.Errorf("%s: row %+v", path, row.ExtraInfo)
						}
						ids[row.ExtraInfo.ID] = name
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
		{[]string{"export", "--suite", fixtureSuite, "--out", dir}, exitBadInput, "plancert: --format is required (verl or jsonl)\n"},
		{[]string{"export", "--format", "lp", "--suite", fixtureSuite, "--out", dir}, exitBadInput, `plancert: --format: "lp" is not a dataset format (want verl or jsonl; export-model writes models)` + "\n"},
		{[]string{"export", "--format", "verl", "--out", dir}, exitBadInput, "plancert: --suite is required\n"},
		{[]string{"export", "--format", "verl", "--suite", fixtureSuite}, exitBadInput, "plancert: --out is required (a directory)\n"},
		{[]string{"export", "--format", "verl", "--suite", fixtureSuite, "--out", dir, "--split", "1"}, exitBadInput, "plancert: --split must be at least 0 and less than 1, got 1\n"},
		{[]string{"export", "--format", "verl", "--suite", fixtureSuite, "--out", dir, "--split", "NaN"}, exitBadInput, "plancert: --split must be at least 0 and less than 1, got NaN\n"},
		{[]string{"export", "--format", "verl", "--suite", fixtureSuite, "--out", dir, "--split", "-Inf"}, exitBadInput, "plancert: --split must be at least 0 and less than 1, got -Inf\n"},
		{[]string{"export", "--format", "verl", "--suite", fixtureSuite, "--out", dir, "--split", "+Inf"}, exitBadInput, "plancert: --split must be at least 0 and less than 1, got +Inf\n"},
		{[]string{"export", "--format", "verl", "--suite", fixtureSuite, "--out", dir, "--split", "0.05"}, exitBadInput, "plancert: --split: a test fraction of 0.05 of 5 records leaves a split empty (0 test records)\n"},
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
