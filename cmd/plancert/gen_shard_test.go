package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// shardEnvVars are the variables --shard env reads.
var shardEnvVars = []string{envSlurmID, envSlurmMin, envSlurmMax, envSlurmStep, envSlurmCount, envK8sIndex}

// clearShardEnv unsets (empties) the variables of --shard env for the
// test, whatever the environment it runs in.
func clearShardEnv(t *testing.T) {
	for _, name := range shardEnvVars {
		t.Setenv(name, "")
	}
}

func TestShardFromEnv(t *testing.T) {
	tests := []struct {
		name   string
		env    map[string]string
		shards int
		want   string // k/n, or a part of the error
	}{
		{"slurm 0-15", map[string]string{envSlurmID: "5", envSlurmMin: "0", envSlurmMax: "15", envSlurmStep: "1", envSlurmCount: "16"}, 0, "6/16"},
		{"slurm 0-15 first", map[string]string{envSlurmID: "0", envSlurmMin: "0", envSlurmMax: "15", envSlurmStep: "1", envSlurmCount: "16"}, 0, "1/16"},
		{"slurm 1-16 last", map[string]string{envSlurmID: "16", envSlurmMin: "1", envSlurmMax: "16", envSlurmStep: "1", envSlurmCount: "16"}, 0, "16/16"},
		{"slurm 0-60:4", map[string]string{envSlurmID: "8", envSlurmMin: "0", envSlurmMax: "60", envSlurmStep: "4", envSlurmCount: "16"}, 0, "3/16"},
		{"slurm 3-63:4 without step", map[string]string{envSlurmID: "63", envSlurmMin: "3", envSlurmMax: "63", envSlurmCount: "16"}, 0, "16/16"},
		{"slurm count only", map[string]string{envSlurmID: "3", envSlurmMin: "1", envSlurmCount: "4"}, 0, "3/4"},
		{"slurm max only", map[string]string{envSlurmID: "3", envSlurmMin: "1", envSlurmMax: "4"}, 0, "3/4"},
		{"slurm one task", map[string]string{envSlurmID: "7", envSlurmMin: "7", envSlurmMax: "7", envSlurmStep: "1", envSlurmCount: "1"}, 0, "1/1"},
		{"slurm with --shards", map[string]string{envSlurmID: "2", envSlurmMin: "0", envSlurmMax: "3", envSlurmCount: "4"}, 4, "3/4"},
		{"k8s first", map[string]string{envK8sIndex: "0"}, 4, "1/4"},
		{"k8s last", map[string]string{envK8sIndex: "3"}, 4, "4/4"},

		{"nothing set", nil, 0, "neither SLURM_ARRAY_TASK_ID (a Slurm job array) nor JOB_COMPLETION_INDEX (a Kubernetes Indexed Job) is set"},
		{"both set", map[string]string{envSlurmID: "1", envK8sIndex: "0"}, 2, "both SLURM_ARRAY_TASK_ID=1 (Slurm) and JOB_COMPLETION_INDEX=0 (Kubernetes) are set"},
		{"slurm no min", map[string]string{envSlurmID: "1", envSlurmMax: "3"}, 0, "SLURM_ARRAY_TASK_ID=1 is set but SLURM_ARRAY_TASK_MIN is not (SLURM_ARRAY_TASK_ID=1 SLURM_ARRAY_TASK_MAX=3)"},
		{"slurm no max nor count", map[string]string{envSlurmID: "1", envSlurmMin: "0"}, 0, "neither SLURM_ARRAY_TASK_MAX nor SLURM_ARRAY_TASK_COUNT is"},
		{"slurm id not a number", map[string]string{envSlurmID: "x1", envSlurmMin: "0", envSlurmMax: "3"}, 0, `SLURM_ARRAY_TASK_ID="x1" is not a whole number of at least 0`},
		{"slurm step 0", map[string]string{envSlurmID: "1", envSlurmMin: "0", envSlurmMax: "3", envSlurmStep: "0"}, 0, `SLURM_ARRAY_TASK_STEP="0" is not a whole number of at least 1`},
		{"slurm list", map[string]string{envSlurmID: "9", envSlurmMin: "1", envSlurmMax: "31", envSlurmStep: "1", envSlurmCount: "5"}, 0, "SLURM_ARRAY_TASK_COUNT=5, but 1..31 in steps of 1 are 31 indexes"},
		{"slurm list without step", map[string]string{envSlurmID: "2", envSlurmMin: "1", envSlurmMax: "9", envSlurmCount: "3"}, 0, "SLURM_ARRAY_TASK_ID=2 is not SLURM_ARRAY_TASK_MIN=1 plus a multiple of the step 4"},
		{"slurm id off step", map[string]string{envSlurmID: "5", envSlurmMin: "0", envSlurmMax: "60", envSlurmStep: "4", envSlurmCount: "16"}, 0, "SLURM_ARRAY_TASK_ID=5 is not SLURM_ARRAY_TASK_MIN=0 plus a multiple of the step 4"},
		{"slurm max off step", map[string]string{envSlurmID: "4", envSlurmMin: "0", envSlurmMax: "62", envSlurmStep: "4"}, 0, "SLURM_ARRAY_TASK_MAX=62 is not SLURM_ARRAY_TASK_MIN=0 plus a multiple of the step 4"},
		{"slurm id below min", map[string]string{envSlurmID: "0", envSlurmMin: "1", envSlurmMax: "4"}, 0, "SLURM_ARRAY_TASK_ID=0 is below SLURM_ARRAY_TASK_MIN=1"},
		{"slurm id beyond", map[string]string{envSlurmID: "5", envSlurmMin: "1", envSlurmCount: "4"}, 0, "SLURM_ARRAY_TASK_ID=5 is beyond the array's 4 indexes"},
		{"slurm max below min", map[string]string{envSlurmID: "1", envSlurmMin: "4", envSlurmMax: "1"}, 0, "SLURM_ARRAY_TASK_MAX=1 is below SLURM_ARRAY_TASK_MIN=4"},
		{"slurm --shards differs", map[string]string{envSlurmID: "2", envSlurmMin: "0", envSlurmMax: "15", envSlurmCount: "16"}, 8, "--shards is 8, but the Slurm array has 16 tasks"},
		{"k8s without --shards", map[string]string{envK8sIndex: "2"}, 0, "JOB_COMPLETION_INDEX=2 is set (a Kubernetes Indexed Job): give --shards N"},
		{"k8s index too large", map[string]string{envK8sIndex: "4"}, 4, "JOB_COMPLETION_INDEX=4 is not below --shards 4"},
		{"k8s index negative", map[string]string{envK8sIndex: "-1"}, 4, `JOB_COMPLETION_INDEX="-1" is not an index`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			k, n, err := shardFromEnv(func(name string) string { return tt.env[name] }, tt.shards)
			if strings.Contains(tt.want, "/") && !strings.Contains(tt.want, " ") {
				if got := fmt.Sprintf("%d/%d", k, n); err != nil || got != tt.want {
					t.Errorf("got %s, %v; want %s", got, err, tt.want)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.want) || exitCodeOf(err) != exitBadInput {
				t.Errorf("got %d/%d, %v (exit %d); want an error with %q", k, n, err, exitCodeOf(err), tt.want)
			}
		})
	}
}

// TestGenShardEnv: gen --shard env in a Slurm array task or a Kubernetes
// Indexed Job pod writes the file of --shard k/n, and its k/n in the run
// files; missing variables are usage errors naming them.
func TestGenShardEnv(t *testing.T) {
	dir := t.TempDir()
	want := filepath.Join(dir, "want.jsonl")
	if r := runPlancert(t, "", genArgs(want, "--shard", "2/3")...); r.code != exitOK {
		t.Fatalf("--shard 2/3: exit %d: %s", r.code, r.stderr)
	}
	wantRun := readString(t, want+shardFileSuffix)
	if !strings.Contains(wantRun, `"--shard":"2/3"`) {
		t.Fatalf("%s: %s", want+shardFileSuffix, wantRun)
	}
	for _, tt := range []struct {
		name  string
		env   map[string]string
		extra []string
	}{
		{"slurm", map[string]string{envSlurmID: "12", envSlurmMin: "10", envSlurmMax: "14", envSlurmStep: "2", envSlurmCount: "3"}, nil},
		{"k8s", map[string]string{envK8sIndex: "1"}, []string{"--shards", "3"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			clearShardEnv(t)
			for name, v := range tt.env {
				t.Setenv(name, v)
			}
			out := filepath.Join(dir, tt.name+".jsonl")
			r := runPlancert(t, "", genArgs(out, append([]string{"--shard", "env", "--json"}, tt.extra...)...)...)
			if r.code != exitOK || !strings.Contains(r.stdout, `"shard":"2/3"`) {
				t.Fatalf("exit %d\nstdout: %s\nstderr: %s", r.code, r.stdout, r.stderr)
			}
			if readString(t, out) != readString(t, want) {
				t.Error("the records differ from --shard 2/3's")
			}
			if got := readString(t, out+shardFileSuffix); got != wantRun {
				t.Errorf("run file %s, want %s", got, wantRun)
			}
			// --resume in the same task: the partial file's run (k/n) is this one.
			if r := runPlancert(t, "", genArgs(out, append([]string{"--shard", "env", "--resume"}, tt.extra...)...)...); r.code != exitOK || !strings.Contains(r.stderr, "skipped") {
				t.Errorf("--resume: exit %d: %s", r.code, r.stderr)
			}
		})
	}
	t.Run("usage", func(t *testing.T) {
		clearShardEnv(t)
		out := filepath.Join(dir, "usage.jsonl")
		for _, tt := range []struct {
			env    map[string]string
			args   []string
			stderr string
		}{
			{nil, []string{"--shard", "env"}, "--shard env: neither SLURM_ARRAY_TASK_ID"},
			{map[string]string{envSlurmID: "3"}, []string{"--shard", "env"}, "SLURM_ARRAY_TASK_ID=3 is set but SLURM_ARRAY_TASK_MIN is not"},
			{map[string]string{envK8sIndex: "3"}, []string{"--shard", "env"}, "JOB_COMPLETION_INDEX=3 is set (a Kubernetes Indexed Job): give --shards N"},
			{map[string]string{envK8sIndex: "3"}, []string{"--shard", "env", "--shards", "3"}, "JOB_COMPLETION_INDEX=3 is not below --shards 3"},
			{nil, []string{"--shard", "1/2", "--shards", "2"}, "--shards is for --shard env"},
			{nil, []string{"--shards", "-1"}, "--shards must be at least 1, got -1"},
		} {
			for name, v := range tt.env {
				t.Setenv(name, v)
			}
			r := runPlancert(t, "", genArgs(out, tt.args...)...)
			if r.code != exitBadInput || !strings.Contains(r.stderr, tt.stderr) {
				t.Errorf("%v %v: exit %d, want 2 with %q:\n%s", tt.env, tt.args, r.code, tt.stderr, r.stderr)
			}
			if _, err := os.Stat(out); err == nil {
				t.Error("--out was written")
			}
			for name := range tt.env {
				t.Setenv(name, "")
			}
		}
	})
}

// TestGenShardFile: the run file beside a shard is replaced by a later
// sharded gen to the same --out, and removed by a gen without --shard.
func TestGenShardFile(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "suite.jsonl")
	if r := runPlancert(t, "", genArgs(out, "--shard", "1/2")...); r.code != exitOK {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	if r := runPlancert(t, "", genArgs(out, "--shard", "1/1")...); r.code != exitOK {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	if got := readString(t, out+shardFileSuffix); !strings.Contains(got, `"--shard":"1/1"`) {
		t.Errorf("run file %s", got)
	}
	if r := runPlancert(t, "", genArgs(out)...); r.code != exitOK {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	onlyFile(t, dir, "suite.jsonl")
	// A FILE.run.json that is not a gen's is left alone.
	other := out + shardFileSuffix
	if err := os.WriteFile(other, []byte(`{"mine": true}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if r := runPlancert(t, "", genArgs(out)...); r.code != exitOK {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	if readString(t, other) != `{"mine": true}` {
		t.Error("another program's file was changed")
	}
}
