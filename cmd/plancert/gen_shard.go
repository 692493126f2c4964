package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strconv"
)

// A gen with --shard leaves FILE.run.json beside its --out FILE: the run
// file (as in FILE.partial.run.json) of the run FILE is a shard of, with
// the shard as k/n. plancert merge reads it to learn which run, and which
// shard of it, a file is. A gen without --shard removes a FILE.run.json
// that an earlier sharded gen to FILE left, since FILE is then no shard.
const shardFileSuffix = ".run.json"

// The variables --shard env reads.
const (
	envSlurmID    = "SLURM_ARRAY_TASK_ID"
	envSlurmMin   = "SLURM_ARRAY_TASK_MIN"
	envSlurmMax   = "SLURM_ARRAY_TASK_MAX"
	envSlurmStep  = "SLURM_ARRAY_TASK_STEP"
	envSlurmCount = "SLURM_ARRAY_TASK_COUNT"
	envK8sIndex   = "JOB_COMPLETION_INDEX"
)

// shardFromEnv resolves --shard env to the shard k/n of the array task
// that this gen is, from the variables getenv gives (an empty one is
// unset). shards is --shards (0 when not given).
//
// A Slurm job array's tasks are its indexes MIN, MIN+STEP, …, MAX, in
// order: the task with SLURM_ARRAY_TASK_ID makes shard (ID−MIN)/STEP+1 of
// COUNT. The indexes must be evenly spaced (--array=0-15, 1-16, 0-60:4);
// a list such as --array=1,2,9 is refused, since its tasks have no k/n.
// Without SLURM_ARRAY_TASK_STEP (Slurm 22.05 sets it) the step is the one that
// spaces COUNT indexes from MIN to MAX evenly. A Kubernetes Indexed Job's
// pod with the 0-based JOB_COMPLETION_INDEX makes shard index+1 of
// --shards, the Job's completions.
func shardFromEnv(getenv func(string) string, shards int) (k, n int, err error) {
	id, index := getenv(envSlurmID), getenv(envK8sIndex)
	switch {
	case id != "" && index != "":
		return 0, 0, usageErrorf("--shard env: both %s=%s (Slurm) and %s=%s (Kubernetes) are set; give --shard k/n", envSlurmID, id, envK8sIndex, index)
	case id != "":
		k, n, err = slurmShard(getenv)
		if err == nil && shards != 0 && shards != n {
			return 0, 0, usageErrorf("--shard env: --shards is %d, but the Slurm array has %d tasks (%s)", shards, n, slurmVars(getenv))
		}
		return k, n, err
	case index != "":
		i, err := strconv.Atoi(index)
		switch {
		case err != nil || i < 0:
			return 0, 0, usageErrorf("--shard env: %s=%q is not an index 0, 1, 2, …", envK8sIndex, index)
		case shards == 0:
			return 0, 0, usageErrorf("--shard env: %s=%s is set (a Kubernetes Indexed Job): give --shards N, the Job's completions", envK8sIndex, index)
		case i >= shards:
			return 0, 0, usageErrorf("--shard env: %s=%d is not below --shards %d (the indexes of %d completions are 0..%d)", envK8sIndex, i, shards, shards, shards-1)
		}
		return i + 1, shards, nil
	}
	return 0, 0, usageErrorf("--shard env: neither %s (a Slurm job array) nor %s (a Kubernetes Indexed Job) is set; give --shard k/n", envSlurmID, envK8sIndex)
}

// slurmShard is shardFromEnv for a Slurm job array.
func slurmShard(getenv func(string) string) (k, n int, err error) {
	num := func(name string, required bool, least int) (int, bool, error) {
		s := getenv(name)
		if s == "" {
			if required {
				return 0, false, usageErrorf("--shard env: %s=%s is set but %s is not (%s)", envSlurmID, getenv(envSlurmID), name, slurmVars(getenv))
			}
			return 0, false, nil
		}
		v, err := strconv.Atoi(s)
		if err != nil || v < least {
			return 0, false, usageErrorf("--shard env: %s=%q is not a whole number of at least %d", name, s, least)
		}
		return v, true, nil
	}
	id, _, err := num(envSlurmID, true, 0)
	if err != nil {
		return 0, 0, err
	}
	lo, _, err := num(envSlurmMin, true, 0)
	if err != nil {
		return 0, 0, err
	}
	hi, haveMax, err := num(envSlurmMax, false, 0)
	if err != nil {
		return 0, 0, err
	}
	count, haveCount, err := num(envSlurmCount, false, 1)
	if err != nil {
		return 0, 0, err
	}
	step, haveStep, err := num(envSlurmStep, false, 1)
	if err != nil {
		return 0, 0, err
	}
	if !haveMax && !haveCount {
		return 0, 0, usageErrorf("--shard env: %s=%s is set but neither %s nor %s is (%s)", envSlurmID, getenv(envSlurmID), envSlurmMax, envSlurmCount, slurmVars(getenv))
	}
	bad := func(why string) error {
		return usageErrorf("--shard env: %s (%s); --shard env needs a job array of evenly spaced indexes such as --array=0-15 or --array=1-61:4", why, slurmVars(getenv))
	}
	if haveMax && hi < lo {
		return 0, 0, bad(fmt.Sprintf("%s=%d is below %s=%d", envSlurmMax, hi, envSlurmMin, lo))
	}
	if !haveStep {
		step = 1
		if haveMax && haveCount && count > 1 && (hi-lo)%(count-1) == 0 {
			step = max((hi-lo)/(count-1), 1)
		}
	}
	if haveMax {
		if (hi-lo)%step != 0 {
			return 0, 0, bad(fmt.Sprintf("%s=%d is not %s=%d plus a multiple of the step %d", envSlurmMax, hi, envSlurmMin, lo, step))
		}
		n = (hi-lo)/step + 1
		if haveCount && count != n {
			return 0, 0, bad(fmt.Sprintf("%s=%d, but %d..%d in steps of %d are %d indexes", envSlurmCount, count, lo, hi, step, n))
		}
	} else {
		n = count
	}
	switch {
	case id < lo:
		return 0, 0, bad(fmt.Sprintf("%s=%d is below %s=%d", envSlurmID, id, envSlurmMin, lo))
	case (id-lo)%step != 0:
		return 0, 0, bad(fmt.Sprintf("%s=%d is not %s=%d plus a multiple of the step %d", envSlurmID, id, envSlurmMin, lo, step))
	case (id-lo)/step >= n:
		return 0, 0, bad(fmt.Sprintf("%s=%d is beyond the array's %d indexes", envSlurmID, id, n))
	}
	return (id-lo)/step + 1, n, nil
}

// slurmVars lists the Slurm array variables that are set, as NAME=value.
func slurmVars(getenv func(string) string) string {
	s := ""
	for _, name := range []string{envSlurmID, envSlurmMin, envSlurmMax, envSlurmStep, envSlurmCount} {
		if v := getenv(name); v != "" {
			if s != "" {
				s += " "
			}
			s += name + "=" + v
		}
	}
	if s == "" {
		return "none of the SLURM_ARRAY_TASK_ variables is set"
	}
	return s
}

// writeShardFile leaves the run file of a sharded gen beside its --out,
// or removes a stale one beside the --out of a gen without --shard.
func writeShardFile(o *genOptions) error {
	if !o.sharded {
		return removeStaleShardFile(o.Out)
	}
	path := o.Out + shardFileSuffix
	data, err := json.Marshal(o.runFile())
	if err != nil {
		return err
	}
	err = writeFileAtomic(path, nil, func(w io.Writer) error {
		_, err := w.Write(append(data, '\n'))
		return err
	})
	if err != nil {
		return &fileError{path, err}
	}
	return nil
}

// removeStaleShardFile removes path's FILE.run.json when it is the run file
// of a shard: path is not one (any longer).
func removeStaleShardFile(path string) error {
	runPath := path + shardFileSuffix
	data, err := os.ReadFile(runPath)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return &fileError{runPath, err}
	}
	if _, err := parseShardFile(data); err != nil {
		return nil // not ours: leave it
	}
	if err := os.Remove(runPath); err != nil {
		return &fileError{runPath, err}
	}
	return nil
}

// parseShardFile reads a run file of a shard: a genRunFile whose --shard
// is k/n.
func parseShardFile(data []byte) (genRunFile, error) {
	var run genRunFile
	if err := json.Unmarshal(data, &run); err != nil {
		return run, err
	}
	if run.Plancert == "" || run.Flags == nil {
		return run, errors.New("not a run file of plancert gen (no plancert version or flags)")
	}
	if _, _, err := parseShard(run.Flags["--shard"]); err != nil {
		return run, fmt.Errorf("its --shard %q is not k/n", run.Flags["--shard"])
	}
	return run, nil
}
