package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// mergeRunArgs are the flags of a fast run of the whole task mix.
func mergeRunArgs(out string, extra ...string) []string {
	return append([]string{"gen", "--n", "30", "--seed", "1", "--timeout", "0", "--workers", "2", "--out", out}, extra...)
}

// genShards makes the n shards of mergeRunArgs in dir, named by prefix,
// and returns their files.
func genShards(t *testing.T, dir, prefix string, n int, extra ...string) []string {
	t.Helper()
	var files []string
	for k := 1; k <= n; k++ {
		f := filepath.Join(dir, fmt.Sprintf("%s%d.jsonl", prefix, k))
		r := runPlancert(t, "", mergeRunArgs(f, append([]string{"--shard", fmt.Sprintf("%d/%d", k, n)}, extra...)...)...)
		if r.code != exitOK {
			t.Fatalf("gen --shard %d/%d: exit %d: %s", k, n, r.code, r.stderr)
		}
		files = append(files, f)
	}
	return files
}

// TestMergeIsTheRun: the merged shards of a run are its file without
// --shard, byte for byte, for any number of shards and in any order of
// the files.
func TestMergeIsTheRun(t *testing.T) {
	dir := t.TempDir()
	whole := filepath.Join(dir, "whole.jsonl")
	if r := runPlancert(t, "", mergeRunArgs(whole)...); r.code != exitOK {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	want := readString(t, whole)
	if got := strings.Count(want, "\n"); got != 30 {
		t.Fatalf("the run has %d records", got)
	}
	for _, n := range []int{1, 2, 3, 7} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			sub := t.TempDir()
			files := genShards(t, sub, "part-", n)
			cat := ""
			for _, f := range files {
				cat += readString(t, f)
			}
			if n > 1 && cat == want {
				t.Fatal("the shards' cat is the run: the test proves nothing")
			}
			out := filepath.Join(sub, "merged.jsonl")
			slices.Reverse(files)
			r := runPlancert(t, "", append([]string{"merge", "--out", out}, files...)...)
			if r.code != exitOK || r.stdout != "" {
				t.Fatalf("exit %d\nstdout: %s\nstderr: %s", r.code, r.stdout, r.stderr)
			}
			if readString(t, out) != want {
				t.Error("the merged file is not the run's file")
			}
			if msg := fmt.Sprintf("merge: 30 records of --n 30 from %d %s\nmerge: wrote %s\n", n, plural(n, "shard", "shards"), out); r.stderr != msg {
				t.Errorf("stderr %q, want %q", r.stderr, msg)
			}
			// Nothing else was left: the shards, their run files, the merged file.
			entries, _ := os.ReadDir(sub)
			if len(entries) != 2*n+1 {
				var names []string
				for _, e := range entries {
					names = append(names, e.Name())
				}
				t.Errorf("the directory holds %q", names)
			}
			// To standard output.
			r = runPlancert(t, "", append([]string{"merge", "--out", "-"}, files...)...)
			if r.code != exitOK || r.stdout != want {
				t.Errorf("--out -: exit %d, %d bytes: %s", r.code, len(r.stdout), r.stderr)
			}
		})
	}
}

// TestMergeRefuses: shards of another run, a missing or duplicate shard, a
// file that is not a shard or not a whole one are refused with exit code 2
// naming them, and --out is not written.
func TestMergeRefuses(t *testing.T) {
	dir := t.TempDir()
	p := genShards(t, dir, "p", 3)
	other := genShards(t, dir, "seed2-", 3, "--seed", "2")
	draws := genShards(t, dir, "draws5-", 3, "--max-draws", "5")
	value := genShards(t, dir, "value-", 3, "--determinacy", "value")
	four := genShards(t, dir, "four-", 4)
	whole := filepath.Join(dir, "whole.jsonl")
	if r := runPlancert(t, "", mergeRunArgs(whole)...); r.code != exitOK {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	// A shard with its last records missing (an interrupted gen), one with a
	// record missing in the middle (a failed index), one with a half-written
	// last line, and the records of shard 1 with the run file of shard 2.
	lines := strings.SplitAfter(readString(t, p[1]), "\n")
	variant := func(name, content, runFrom string) string {
		f := filepath.Join(dir, name)
		if err := os.WriteFile(f, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(f+shardFileSuffix, []byte(readString(t, runFrom+shardFileSuffix)), 0o644); err != nil {
			t.Fatal(err)
		}
		return f
	}
	short := variant("short.jsonl", strings.Join(lines[:4], ""), p[1])
	gap := variant("gap.jsonl", lines[0]+strings.Join(lines[2:], ""), p[1])
	torn := variant("torn.jsonl", strings.Join(lines, "")+`{"id": "meeting`, p[1])
	swapped := variant("swapped.jsonl", readString(t, p[0]), p[1])
	badRun := filepath.Join(dir, "badrun.jsonl")
	if err := os.WriteFile(badRun, []byte(readString(t, p[1])), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(badRun+shardFileSuffix, []byte(`{"plancert": "devel", "flags": {"--shard": "all"}}`), 0o644); err != nil {
		t.Fatal(err)
	}

	out := filepath.Join(dir, "merged.jsonl")
	tests := []struct {
		name   string
		files  []string
		stderr []string
	}{
		{"another seed", []string{p[0], other[1], p[2]}, []string{other[1] + ": is a shard of another run than " + p[0] + ": --seed is 1 in " + p[0] + ", 2 here"}},
		{"another --max-draws", []string{p[0], p[1], draws[2]}, []string{draws[2] + ": is a shard of another run than " + p[0] + ": --max-draws is 20 in " + p[0] + ", 5 here"}},
		{"another determinacy", []string{value[0], p[1], p[2]}, []string{": --determinacy is value in " + value[0] + ", unique here"}},
		{"another shard count", []string{p[0], four[1], p[2]}, []string{four[1] + ": is a shard of another run than " + p[0] + ": it is shard 2/4, " + p[0] + " is shard 1/3"}},
		{"missing shard", []string{p[0], p[2]}, []string{"plancert: shard 2/3 of the run is missing"}},
		{"missing shards", []string{p[2]}, []string{"plancert: shards 1/3, 2/3 of the run are missing"}},
		{"duplicate shard", []string{p[0], p[1], p[2], p[1]}, []string{"shard 2/3 is given more than once: " + p[1] + " (given twice)"}},
		{"duplicate copies", []string{p[0], p[1], swapped, p[2]}, []string{"shard 2/3 is given more than once: " + p[1] + " and " + swapped}},
		{"not a shard", []string{p[0], p[1], p[2], whole}, []string{whole + ": is not a shard of a gen run: there is no " + whole + ".run.json beside it"}},
		{"no such file", []string{p[0], p[1], filepath.Join(dir, "nope.jsonl")}, []string{"nope.jsonl: ", "no such file"}},
		{"bad run file", []string{p[0], badRun, p[2]}, []string{badRun + ".run.json: is not the run file of a shard: its --shard \"all\" is not k/n"}},
		{"interrupted shard", []string{p[0], short, p[2]}, []string{short + ": holds 4 of the 10 records of shard 2/3 of --n 30: the records of indexes 13 and after are missing"}},
		{"failed index", []string{p[0], gap, p[2]}, []string{gap + ": line 2: record ", " is of index 7, but the record of index 4 is missing before it"}},
		{"half-written line", []string{p[0], torn, p[2]}, []string{torn + ": line 11 is half-written"}},
		{"records of another shard", []string{p[0], swapped, p[2]}, []string{swapped + ": line 1: record ", " is not the record of shard 2/3 of the run of " + swapped + ".run.json at its place"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := runPlancert(t, "", append([]string{"merge", "--out", out}, tt.files...)...)
			if r.code != exitBadInput {
				t.Errorf("exit %d, want 2: %s", r.code, r.stderr)
			}
			for _, s := range append(tt.stderr, "plancert: nothing was written\n") {
				if !strings.Contains(r.stderr, s) {
					t.Errorf("stderr lacks %q:\n%s", s, r.stderr)
				}
			}
			if _, err := os.Stat(out); err == nil {
				t.Error("--out was written")
			}
		})
	}

	// Usage.
	for _, tt := range []struct {
		args   []string
		stderr string
	}{
		{[]string{"merge", "--out", out}, "plancert merge needs the shard files"},
		{append([]string{"merge"}, p...), "--out is required"},
		{append([]string{"merge", "--out", p[1]}, p...), "--out " + p[1] + " is one of the shards"},
		{append([]string{"merge", "--out", dir}, p...), "is a directory"},
	} {
		r := runPlancert(t, "", tt.args...)
		if r.code != exitBadInput || !strings.Contains(r.stderr, tt.stderr) {
			t.Errorf("%v: exit %d, want 2 with %q: %s", tt.args, r.code, tt.stderr, r.stderr)
		}
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("--out was written")
	}
}

// TestMergeStaleRunFile: merging onto a file that was a shard removes its
// run file, since the merged file is a whole run.
func TestMergeStaleRunFile(t *testing.T) {
	dir := t.TempDir()
	p := genShards(t, dir, "p", 2)
	out := filepath.Join(dir, "suite.jsonl")
	if r := runPlancert(t, "", mergeRunArgs(out, "--shard", "1/5")...); r.code != exitOK {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	if r := runPlancert(t, "", append([]string{"merge", "--out", out}, p...)...); r.code != exitOK {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	if _, err := os.Stat(out + shardFileSuffix); err == nil {
		t.Error("the merged file's stale run file is left")
	}
	r := runPlancert(t, "", "merge", "--out", filepath.Join(dir, "again.jsonl"), out)
	if r.code != exitBadInput || !strings.Contains(r.stderr, "is not a shard") {
		t.Errorf("the merged file is taken for a shard: exit %d: %s", r.code, r.stderr)
	}
}
