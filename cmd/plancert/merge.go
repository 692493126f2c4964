package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/gen"
)

type mergeOptions struct {
	IO *iostreams

	Out   string
	Files []string
}

const mergeLong = `Join the shard files of one gen run into the file the run without --shard
writes, byte for byte: the n files of "plancert gen --shard k/n", k = 1..n
(or --shard env in a job array), each with the FILE.run.json that gen left
beside it. The run file says which run and which shard a file is; merge needs
no flags of the run.

Shard k of n holds the indexes i with i mod n = k-1 in index order, so the
merged file takes its lines from the shards in turn. Before it writes
anything, merge checks that:

  - every FILE has its FILE.run.json (else it is not a shard);
  - the shards are of one run: the same --task/--family, --n, --seed,
    --level, --determinacy, --max-draws, --crosscheck, --verbalizer and
    model flags, the same number of shards and the same plancert version
    (a refusal names each flag that differs, with both values and files);
  - each shard 1/n..n/n is given once (a refusal names the missing and the
    duplicate shards);
  - each FILE holds every record of its shard, each at its place: a record
    of another run or out of its order, a missing record (the shard's gen
    failed on an index, or was interrupted: "plancert gen --resume" with its
    flags finishes it) or a half-written last line is refused naming the
    FILE and the line.

--out is written whole or not at all (a temporary file renamed onto it).
The merged file is a whole run, not a shard: a FILE.run.json beside --out,
left by an earlier sharded gen to it, is removed.

Exit codes:
  0  the shards were merged
  1  an I/O error
  2  usage error or bad input: a FILE that is not a shard, shards of
     different runs, a missing or duplicate shard, a shard that is not
     complete`

const mergeExample = `  # Three shards of a run, made anywhere, joined into the file of the whole run
  $ plancert gen --task meeting-planning --n 9 --seed 1 --shard 1/3 --out /tmp/part-1.jsonl
  $ plancert gen --task meeting-planning --n 9 --seed 1 --shard 2/3 --out /tmp/part-2.jsonl
  $ plancert gen --task meeting-planning --n 9 --seed 1 --shard 3/3 --out /tmp/part-3.jsonl
  $ plancert merge --out /tmp/suite.jsonl /tmp/part-1.jsonl /tmp/part-2.jsonl /tmp/part-3.jsonl

  # The same file as the run without --shard
  $ plancert gen --task meeting-planning --n 9 --seed 1 --out /tmp/whole.jsonl
  $ cmp /tmp/suite.jsonl /tmp/whole.jsonl

  # After a Slurm job array of 16 shards (docs/scale-out.md)
  $ sbatch --dependency=afterok:$ARRAY_JOB_ID --wrap 'plancert merge --out suite.jsonl part-*.jsonl'`

func newMergeCmd(ios *iostreams, runF func(context.Context, *mergeOptions) error) *cobra.Command {
	opts := &mergeOptions{IO: ios}
	cmd := &cobra.Command{
		Use:     "merge --out FILE SHARD...",
		Short:   "Join the shard files of a gen run into the whole run's file",
		Long:    mergeLong,
		Example: mergeExample,
		Args:    needArgs("the shard files (SHARD...)"),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Files = args
			if err := opts.validate(); err != nil {
				return err
			}
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return runMerge(cmd.Context(), opts)
		},
	}
	cmd.Flags().StringVar(&opts.Out, "out", "", "write the merged run to `FILE` (- for standard output)")
	return cmd
}

func (o *mergeOptions) validate() error {
	if o.Out == "" {
		return usageErrorf("--out is required (a FILE, or - for standard output)")
	}
	if o.Out == "-" {
		return nil
	}
	if err := checkOut(o.Out); err != nil {
		return err
	}
	if out, err := os.Stat(o.Out); err == nil {
		for _, f := range o.Files {
			if in, err := os.Stat(f); err == nil && os.SameFile(in, out) {
				return usageErrorf("--out %s is one of the shards; write the merged run to another file", o.Out)
			}
		}
	}
	return nil
}

// shardInput is one shard file given to merge.
type shardInput struct {
	path    string
	run     genRunFile
	k, n    int
	records int
}

func runMerge(ctx context.Context, opts *mergeOptions) error {
	var (
		shards []*shardInput
		errs   []error
	)
	for _, path := range opts.Files {
		s, err := readShardInput(path)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		shards = append(shards, s)
	}
	if len(errs) == 0 {
		errs = append(errs, checkShardSet(shards)...)
	}
	if len(errs) == 0 {
		for _, s := range shards {
			if err := checkShardRecords(s); err != nil {
				errs = append(errs, err)
			}
		}
	}
	if len(errs) > 0 {
		for _, err := range errs {
			fmt.Fprintf(opts.IO.ErrOut, "plancert: %v\n", err)
		}
		fmt.Fprintln(opts.IO.ErrOut, "plancert: nothing was written")
		return &reportedError{errors.Join(errs...)}
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	sort.Slice(shards, func(i, j int) bool { return shards[i].k < shards[j].k })
	total := 0
	for _, s := range shards {
		total += s.records
	}
	if opts.Out == "-" {
		if err := interleaveShards(opts.IO.Out, shards); err != nil {
			return err
		}
	} else {
		if err := writeFileAtomic(opts.Out, nil, func(w io.Writer) error { return interleaveShards(w, shards) }); err != nil {
			return &fileError{opts.Out, err}
		}
		if err := removeStaleShardFile(opts.Out); err != nil {
			return err
		}
	}
	fmt.Fprintf(opts.IO.ErrOut, "merge: %d %s of --n %s from %d %s\n", total, plural(total, "record", "records"),
		shards[0].run.Flags["--n"], len(shards), plural(len(shards), "shard", "shards"))
	if opts.Out != "-" {
		fmt.Fprintf(opts.IO.ErrOut, "merge: wrote %s\n", opts.Out)
	}
	return nil
}

// readShardInput reads the run file of the shard file path.
func readShardInput(path string) (*shardInput, error) {
	info, err := os.Stat(path)
	switch {
	case err != nil:
		return nil, &inputError{path, err}
	case !info.Mode().IsRegular():
		return nil, &inputError{path, errors.New("not a regular file")}
	}
	runPath := path + shardFileSuffix
	data, err := os.ReadFile(runPath)
	if errors.Is(err, fs.ErrNotExist) {
		hint := ""
		if _, err := os.Stat(path + runFileSuffix); err == nil {
			hint = fmt.Sprintf("; %s says a gen to it has not finished (plancert gen --resume with its flags finishes it)", path+runFileSuffix)
		}
		return nil, &inputError{path, fmt.Errorf("is not a shard of a gen run: there is no %s beside it (plancert gen --shard k/n --out FILE writes FILE and FILE%s)%s", runPath, shardFileSuffix, hint)}
	}
	if err != nil {
		return nil, &inputError{runPath, err}
	}
	run, err := parseShardFile(data)
	if err != nil {
		return nil, &inputError{runPath, fmt.Errorf("is not the run file of a shard: %v", err)}
	}
	s := &shardInput{path: path, run: run}
	s.k, s.n, _ = parseShard(run.Flags["--shard"])
	return s, nil
}

// checkShardSet checks that the shards are of one run and that each of its
// shards is there once.
func checkShardSet(shards []*shardInput) []error {
	var errs []error
	first := shards[0]
	for _, s := range shards[1:] {
		var diffs []string
		if s.run.Plancert != first.run.Plancert {
			diffs = append(diffs, fmt.Sprintf("plancert %s made %s, plancert %s made %s", first.run.Plancert, first.path, s.run.Plancert, s.path))
		}
		if s.n != first.n {
			diffs = append(diffs, fmt.Sprintf("it is shard %d/%d, %s is shard %d/%d (another number of shards)", s.k, s.n, first.path, first.k, first.n))
		}
		names := slices.Clone(runFlagOrder)
		for _, f := range []map[string]string{first.run.Flags, s.run.Flags} {
			for name := range f {
				if !slices.Contains(names, name) {
					names = append(names, name)
				}
			}
		}
		sort.SliceStable(names[len(runFlagOrder):], func(i, j int) bool {
			return names[len(runFlagOrder)+i] < names[len(runFlagOrder)+j]
		})
		show := func(v string) string {
			if v == "" {
				return "not given"
			}
			return v
		}
		for _, name := range names {
			if a, b := first.run.Flags[name], s.run.Flags[name]; name != "--shard" && a != b {
				diffs = append(diffs, fmt.Sprintf("%s is %s in %s, %s here", name, show(a), first.path, show(b)))
			}
		}
		if len(diffs) > 0 {
			errs = append(errs, &inputError{s.path, fmt.Errorf("is a shard of another run than %s: %s", first.path, strings.Join(diffs, "; "))})
		}
	}
	if len(errs) > 0 {
		return errs
	}
	byK := map[int][]string{}
	for _, s := range shards {
		byK[s.k] = append(byK[s.k], s.path)
	}
	var missing []string
	for k := 1; k <= first.n; k++ {
		switch paths := byK[k]; {
		case len(paths) == 0:
			missing = append(missing, fmt.Sprintf("%d/%d", k, first.n))
		case len(paths) > 1:
			what := strings.Join(paths, " and ")
			if len(paths) == 2 && paths[0] == paths[1] {
				what = paths[0] + " (given twice)"
			}
			errs = append(errs, usageErrorf("shard %d/%d is given more than once: %s", k, first.n, what))
		}
	}
	if len(missing) > 0 {
		errs = append(errs, usageErrorf("%s %s of the run %s missing (a run in %d shards needs all of them)",
			plural(len(missing), "shard", "shards"), strings.Join(missing, ", "), plural(len(missing), "is", "are"), first.n))
	}
	return errs
}

// runOptions returns the gen options of the run of run's flags that
// Options.Locate needs.
func runOptions(run genRunFile) (*gen.Options, error) {
	f := run.Flags
	o := &gen.Options{}
	var err error
	atoi := func(name string) int {
		v, e := strconv.Atoi(f[name])
		if e != nil && err == nil {
			err = fmt.Errorf("its %s %q is not a number", name, f[name])
		}
		return v
	}
	o.N, o.Level, o.MaxDraws = atoi("--n"), atoi("--level"), atoi("--max-draws")
	if o.Seed, err = strconv.ParseUint(f["--seed"], 10, 64); err != nil {
		return nil, fmt.Errorf("its --seed %q is not a number", f["--seed"])
	}
	o.Shard, o.Shards, _ = parseShard(f["--shard"])
	for _, id := range strings.Split(f["--task/--family"], ",") {
		t, ok := domains.Lookup(id)
		if !ok {
			return nil, fmt.Errorf("its task %q is not a task of this plancert (%s)", id, moduleVersion())
		}
		o.Tasks = append(o.Tasks, t)
	}
	return o, err
}

// checkShardRecords checks that the file of s holds every record of its
// shard, each at its place, and counts them.
func checkShardRecords(s *shardInput) error {
	runPath := s.path + shardFileSuffix
	gopts, err := runOptions(s.run)
	if err != nil {
		return &inputError{runPath, err}
	}
	recs, _, torn, err := readRecordLines(s.path)
	if err != nil {
		return err
	}
	if torn > 0 {
		return &inputError{s.path, fmt.Errorf("line %d is half-written (%d bytes without an end of line): not a finished shard", len(recs)+1, torn)}
	}
	ids := make([]string, len(recs))
	for i, r := range recs {
		ids[i] = r.ID
	}
	pos, bad := gopts.Locate(ids)
	if bad >= 0 {
		why := fmt.Sprintf("not the record of shard %d/%d of the run of %s at its place (another run's record, or a line out of its order)", s.k, s.n, runPath)
		if v := moduleVersion(); s.run.Plancert != v {
			why += fmt.Sprintf("; plancert %s made the shard, this is plancert %s, whose records may differ", s.run.Plancert, v)
		}
		return &inputError{s.path, fmt.Errorf("line %d: record %s is %s", bad+1, recs[bad].ID, why)}
	}
	index := func(p int) int { return s.k - 1 + p*s.n }
	finish := fmt.Sprintf("plancert gen --resume with the flags of %s makes it", runPath)
	for p, at := range pos {
		if at != p {
			return &inputError{s.path, fmt.Errorf("line %d: record %s is of index %d, but the record of index %d is missing before it (its gen failed there; %s)", p+1, ids[p], index(at), index(p), finish)}
		}
	}
	want := 0
	if s.k-1 < gopts.N {
		want = (gopts.N - (s.k - 1) + s.n - 1) / s.n
	}
	if len(recs) < want {
		return &inputError{s.path, fmt.Errorf("holds %d of the %d records of shard %d/%d of --n %d: the records of indexes %d and after are missing (its gen was interrupted or failed; %s)", len(recs), want, s.k, s.n, gopts.N, index(len(recs)), finish)}
	}
	s.records = len(recs)
	return nil
}

// interleaveShards writes the records of the shards, sorted by k, in index
// order: index i is the next line of shard i mod n.
func interleaveShards(w io.Writer, shards []*shardInput) error {
	readers := make([]*bufio.Reader, len(shards))
	for i, s := range shards {
		f, err := os.Open(s.path)
		if err != nil {
			return &fileError{s.path, err}
		}
		defer f.Close()
		readers[i] = bufio.NewReaderSize(f, 1<<20)
	}
	left := 0
	for _, s := range shards {
		left += s.records
	}
	for i := 0; left > 0; i++ {
		k := i % len(shards)
		if shards[k].records <= i/len(shards) {
			continue
		}
		line, err := readers[k].ReadBytes('\n')
		if err != nil {
			return &fileError{shards[k].path, fmt.Errorf("reading its records again: %w (was it changed during the merge?)", err)}
		}
		if _, err := w.Write(line); err != nil {
			return err
		}
		left--
	}
	return nil
}
