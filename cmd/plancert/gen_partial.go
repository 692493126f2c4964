package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/gen"
)

// A gen to --out FILE writes its records to FILE.partial as they are
// finished, and the run they belong to to FILE.partial.run.json, which it
// also holds locked while it runs; at the end FILE.partial is renamed onto
// FILE and the run file removed. A kill leaves both, and --resume goes on
// with them. FILE.partial.new exists only while a resumed run rewrites the
// partial file to put a retried index's record in its place.
const (
	partialSuffix = ".partial"
	runFileSuffix = ".partial.run.json"
	rewriteSuffix = ".partial.new"
)

// errLocked says another process holds a lock.
var errLocked = errors.New("locked by another process")

// genRunFile is the content of FILE.partial.run.json: the flags the
// records depend on, by flag name, and the plancert version that made
// them. --workers and --timeout are not among them: the records do not
// depend on --workers, and on --timeout only through the machine's speed,
// as a rerun on another machine may differ too.
type genRunFile struct {
	Plancert string            `json:"plancert"`
	Flags    map[string]string `json:"flags"`
}

// runFlagOrder is the order in which a refused resume names the flags
// that differ.
var runFlagOrder = []string{"--task/--family", "--n", "--seed", "--level", "--shard", "--determinacy", "--max-draws", "--crosscheck",
	"--verbalizer", "--endpoint", "--model", "--temperature", "--top-p", "--top-k", "--max-tokens", "--llm-seed"}

// runFile returns the run file of the run o describes (after validate).
func (o *genOptions) runFile() genRunFile {
	ids := make([]string, len(o.tasks))
	for i, t := range o.tasks {
		ids[i] = t.ID
	}
	f := map[string]string{
		"--task/--family": strings.Join(ids, ","),
		"--n":             strconv.Itoa(o.N),
		"--seed":          strconv.FormatUint(o.Seed, 10),
		"--level":         strconv.Itoa(o.Level),
		"--shard":         fmt.Sprintf("%d/%d", o.shard, o.shards),
		"--determinacy":   string(o.policy),
		"--max-draws":     strconv.Itoa(o.MaxDraws),
		"--verbalizer":    "template",
	}
	if o.CrossCheck != "" {
		f["--crosscheck"] = o.CrossCheck
	}
	if o.Verbalizer == "llm" {
		f["--verbalizer"] = "llm"
		f["--endpoint"], f["--model"] = o.LLM.Endpoint, o.LLM.Model
		p := o.LLM.params()
		if p.Temperature != nil {
			f["--temperature"] = strconv.FormatFloat(*p.Temperature, 'g', -1, 64)
		}
		if p.TopP != nil {
			f["--top-p"] = strconv.FormatFloat(*p.TopP, 'g', -1, 64)
		}
		if p.TopK != nil {
			f["--top-k"] = strconv.Itoa(*p.TopK)
		}
		if p.MaxTokens > 0 {
			f["--max-tokens"] = strconv.Itoa(p.MaxTokens)
		}
		if p.Seed != nil {
			f["--"+o.LLM.seedFlag] = strconv.FormatInt(*p.Seed, 10)
		}
		if p.MaxCompletionTokens > 0 {
			f["--max-completion-tokens"] = strconv.Itoa(p.MaxCompletionTokens)
		}
		if p.ReasoningEffort != "" {
			f["--reasoning-effort"] = p.ReasoningEffort
		}
		if o.LLM.ExtraBody != "" {
			f["--extra-body"] = o.LLM.ExtraBody
		}
	}
	return genRunFile{Plancert: moduleVersion(), Flags: f}
}

// differences lists how the run of here differs from the run of there,
// one "--flag is A there, B here" per flag.
func (there genRunFile) differences(here genRunFile) []string {
	var diffs []string
	if there.Plancert != here.Plancert {
		diffs = append(diffs, fmt.Sprintf("plancert %s made them, this is plancert %s", there.Plancert, here.Plancert))
	}
	names := slices.Clone(runFlagOrder)
	var more []string
	for name := range there.Flags {
		if !slices.Contains(names, name) {
			more = append(more, name)
		}
	}
	sort.Strings(more)
	show := func(v string) string {
		if v == "" {
			return "not given"
		}
		return v
	}
	for _, name := range append(names, more...) {
		if a, b := there.Flags[name], here.Flags[name]; a != b {
			diffs = append(diffs, fmt.Sprintf("%s is %s there, %s here", name, show(a), show(b)))
		}
	}
	return diffs
}

// partialFile is the partial file of a gen to a FILE, locked while the run
// lasts. Run gives it the records (it is a gen.RecordWriter).
type partialFile struct {
	out, path, runPath string
	lock               *os.File // the run file, locked
	f                  *os.File // the partial file, open for appending
	pos                []int    // the shard positions of the records in f, in order
	last               int      // the position of the last record the run began with; -1 for none
	fills              []fill   // records for positions before last, not yet in f
	source             string   // the file whose records the run keeps
	done               map[string]bool
}

// fill is a record that a resumed run made for an index that had failed
// before, and that goes before records already written.
type fill struct {
	pos  int
	line []byte
}

// oldRecord is a record line of the file a run continues.
type oldRecord struct {
	ID    string `json:"id"`
	Task  string `json:"task"`
	Level int    `json:"level"`
}

// openPartial locks the partial file of o.Out and readies it for the run:
// a new one, or, with --resume, the one a killed run left (its run must be
// this one) or a copy of the records of a finished --out. Nothing has been
// changed when it refuses.
func openPartial(o *genOptions, gopts *gen.Options, errOut io.Writer) (_ *partialFile, err error) {
	p := &partialFile{out: o.Out, path: o.Out + partialSuffix, runPath: o.Out + runFileSuffix, last: -1}
	p.lock, err = lockRunFile(p.runPath)
	if errors.Is(err, errLocked) {
		return nil, fmt.Errorf("another plancert gen is writing %s (it holds %s locked); wait for it to end, or choose another --out", o.Out, p.runPath)
	}
	if err != nil {
		return nil, &createError{filepath.Dir(o.Out), err}
	}
	data, err := io.ReadAll(p.lock)
	if err != nil {
		p.lock.Close()
		return nil, &fileError{p.runPath, err}
	}
	fresh := false // a new partial file and run file, made by this run
	defer func() {
		if err != nil {
			if fresh {
				os.Remove(p.path)
			}
			if fresh || len(data) == 0 { // no run in it
				os.Remove(p.runPath)
			}
			p.lock.Close()
		}
	}()
	here := o.runFile()
	info, err := os.Stat(p.path)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, &fileError{p.path, err}
	}
	var (
		recs     []oldRecord
		complete int64 // the bytes of recs
		torn     int   // the bytes of a half-written last line after them
	)
	if err == nil && info.Size() > 0 { // the partial file of a killed run
		if !o.Resume {
			return nil, &inputError{p.path, fmt.Errorf("holds the records of an interrupted gen of %s: add --resume to continue it, or remove it to start again", o.Out)}
		}
		var there genRunFile
		if json.Unmarshal(data, &there) != nil || there.Flags == nil {
			return nil, &inputError{p.path, fmt.Errorf("cannot tell which run made it: %s is missing or not a run file of plancert gen; remove %s to start again", p.runPath, p.path)}
		}
		if diffs := there.differences(here); len(diffs) > 0 {
			return nil, &inputError{p.path, fmt.Errorf("holds the records of another run: %s (--resume continues a run with its own flags; remove %s to start another)", strings.Join(diffs, "; "), p.path)}
		}
		if recs, complete, torn, err = readRecordLines(p.path); err != nil {
			return nil, err
		}
		if p.pos, err = locateRecords(p.path, recs, gopts); err != nil {
			return nil, err
		}
		p.source = p.path
		if torn > 0 {
			warnTorn(errOut, p.path, len(recs), torn)
			if err := os.Truncate(p.path, complete); err != nil {
				return nil, &fileError{p.path, err}
			}
		}
		if p.f, err = os.OpenFile(p.path, os.O_WRONLY|os.O_APPEND, 0); err != nil {
			return nil, &fileError{p.path, err}
		}
	} else { // a new partial file, with the records of --out to resume it
		fresh = true
		if o.Resume {
			if recs, complete, torn, err = readRecordLines(o.Out); err != nil {
				return nil, err
			}
			if p.pos, err = locateRecords(o.Out, recs, gopts); err != nil {
				return nil, err
			}
			p.source = o.Out
		}
		if err := writeRunFile(p.lock, here); err != nil {
			return nil, &fileError{p.runPath, err}
		}
		if p.f, err = os.OpenFile(p.path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC|os.O_APPEND, 0o644); err != nil {
			return nil, &fileError{p.path, err}
		}
		if err := p.f.Chmod(0o644); err != nil { // whatever the umask, as before
			p.f.Close()
			return nil, &fileError{p.path, err}
		}
		if complete > 0 {
			if torn > 0 {
				warnTorn(errOut, o.Out, len(recs), torn)
			}
			if err := copyPrefix(p.f, o.Out, complete); err != nil {
				p.f.Close()
				return nil, err
			}
		}
	}
	if err := os.Remove(o.Out + rewriteSuffix); err != nil && !errors.Is(err, fs.ErrNotExist) {
		p.f.Close()
		return nil, &fileError{o.Out + rewriteSuffix, err}
	}
	p.done = make(map[string]bool, len(recs))
	for _, r := range recs {
		p.done[r.ID] = true
	}
	if len(p.pos) > 0 {
		p.last = p.pos[len(p.pos)-1]
	}
	return p, nil
}

// lockRunFile opens the run file at path, made when missing, and locks it.
func lockRunFile(path string) (*os.File, error) {
	for {
		f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
		if err != nil {
			return nil, err
		}
		if err := lockFile(f); err != nil {
			f.Close()
			return nil, err
		}
		held, err := f.Stat()
		if err != nil {
			f.Close()
			return nil, err
		}
		now, err := os.Stat(path)
		if err == nil && os.SameFile(held, now) {
			return f, nil
		}
		f.Close()
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
		// The gen that held it removed it at its end: lock the new one.
	}
}

// writeRunFile replaces the content of the locked run file f with run.
func writeRunFile(f *os.File, run genRunFile) error {
	data, err := json.Marshal(run)
	if err != nil {
		return err
	}
	if err := f.Truncate(0); err != nil {
		return err
	}
	_, err = f.WriteAt(append(data, '\n'), 0)
	return err
}

// readRecordLines reads the record lines of path: their IDs, tasks and levels,
// the bytes of the complete lines, and the bytes of a half-written last
// line (a kill in the middle of a write). A missing file has no records.
func readRecordLines(path string) (recs []oldRecord, complete int64, torn int, err error) {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, 0, 0, nil
	}
	if err != nil {
		return nil, 0, 0, &fileError{path, err}
	}
	defer f.Close()
	r := bufio.NewReaderSize(f, 1<<20)
	for {
		line, err := r.ReadBytes('\n')
		if err == io.EOF {
			return recs, complete, len(line), nil
		}
		if err != nil {
			return nil, 0, 0, &fileError{path, err}
		}
		var rec oldRecord
		if err := json.Unmarshal(line, &rec); err != nil || rec.ID == "" {
			why := "no record id"
			if err != nil {
				why = err.Error()
			}
			return nil, 0, 0, &inputError{path, fmt.Errorf("line %d is not a record: %s", len(recs)+1, why)}
		}
		recs = append(recs, rec)
		complete += int64(len(line))
	}
}

func warnTorn(errOut io.Writer, path string, lines, bytes int) {
	fmt.Fprintf(errOut, "gen: warning: %s: dropping the half-written last line (line %d, %d bytes); its instance is made again\n", path, lines+1, bytes)
}

// locateRecords returns the shard positions of recs, the records of path,
// or an error naming the first that is not a record of the run in its
// place (see gen.Options.Locate).
func locateRecords(path string, recs []oldRecord, gopts *gen.Options) ([]int, error) {
	ids := make([]string, len(recs))
	for i, r := range recs {
		ids[i] = r.ID
	}
	pos, bad := gopts.Locate(ids)
	if bad < 0 {
		return pos, nil
	}
	r := recs[bad]
	why := "another --seed, --n, --shard or --max-draws, or a line out of its order"
	switch {
	case !slices.ContainsFunc(gopts.Tasks, func(t *domains.Task) bool { return t.ID == r.Task }):
		why = fmt.Sprintf("its task %s is not one of this run's (--task/--family)", r.Task)
	case r.Level != 0 && r.Level != max(gopts.Level, 1):
		why = fmt.Sprintf("it is of level %d, this run's --level is %d", r.Level, max(gopts.Level, 1))
	}
	return nil, &inputError{path, fmt.Errorf("line %d: record %s is not a record of this run at its place (%s); --resume continues only the run that wrote the file", bad+1, r.ID, why)}
}

// copyPrefix appends the first n bytes of the file path to w.
func copyPrefix(w io.Writer, path string, n int64) error {
	f, err := os.Open(path)
	if err != nil {
		return &fileError{path, err}
	}
	defer f.Close()
	if _, err := io.CopyN(w, f, n); err != nil {
		return &fileError{path, fmt.Errorf("copying its records: %w", err)}
	}
	return nil
}

// Write appends b to the partial file.
func (p *partialFile) Write(b []byte) (int, error) { return p.f.Write(b) }

// WriteRecord writes the record of shard position pos: appended when it
// comes after the records the run began with, else kept until flush puts
// it in its place.
func (p *partialFile) WriteRecord(pos int, line []byte) error {
	if pos < p.last {
		p.fills = append(p.fills, fill{pos, bytes.Clone(line)})
		return nil
	}
	if err := p.flush(); err != nil {
		return err
	}
	_, err := p.f.Write(line)
	return err
}

// flush puts the kept records in their places among the records of the
// partial file: it writes them together to FILE.partial.new, renamed onto
// the partial file, so that a kill leaves one or the other whole.
func (p *partialFile) flush() error {
	if len(p.fills) == 0 {
		return nil
	}
	newPath := p.out + rewriteSuffix
	nf, err := os.OpenFile(newPath, os.O_WRONLY|os.O_CREATE|os.O_TRUNC|os.O_APPEND, 0o644)
	if err != nil {
		return err
	}
	err = p.merge(nf)
	if err == nil {
		err = nf.Chmod(0o644)
	}
	if err == nil {
		err = os.Rename(newPath, p.path)
	}
	if err != nil {
		nf.Close()
		os.Remove(newPath)
		return err
	}
	p.f.Close()
	p.f = nf
	for _, f := range p.fills {
		p.pos = append(p.pos, f.pos)
	}
	sort.Ints(p.pos)
	p.fills = nil
	return nil
}

// merge writes the records of the partial file and the kept ones to w, in
// the order of their positions.
func (p *partialFile) merge(w io.Writer) error {
	src, err := os.Open(p.path)
	if err != nil {
		return err
	}
	defer src.Close()
	r := bufio.NewReaderSize(src, 1<<20)
	bw := bufio.NewWriterSize(w, 1<<20)
	fills := p.fills
	for _, at := range p.pos {
		for len(fills) > 0 && fills[0].pos < at {
			bw.Write(fills[0].line)
			fills = fills[1:]
		}
		line, err := r.ReadBytes('\n')
		if err != nil {
			return fmt.Errorf("%s: reading its records back: %w", p.path, err)
		}
		bw.Write(line)
	}
	for _, f := range fills {
		bw.Write(f.line)
	}
	return bw.Flush()
}

// commit puts the records in place: the partial file is renamed onto
// --out and the run file removed.
func (p *partialFile) commit() error {
	defer p.lock.Close()
	err := p.flush()
	if cerr := p.f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	if err := os.Rename(p.path, p.out); err != nil {
		return err
	}
	return os.Remove(p.runPath)
}

// keep leaves the partial file and its run file for --resume.
func (p *partialFile) keep() error {
	defer p.lock.Close()
	err := p.flush()
	if cerr := p.f.Close(); err == nil {
		err = cerr
	}
	return err
}

// discard removes the partial file and its run file.
func (p *partialFile) discard() {
	p.f.Close()
	os.Remove(p.path)
	os.Remove(p.out + rewriteSuffix)
	os.Remove(p.runPath)
	p.lock.Close()
}
