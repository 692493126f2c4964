package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/spf13/cobra"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/gen/loop"
)

type respondOptions struct {
	IO *iostreams

	Suite     string
	Responder string
	Cmd       string
	K         int
	Seed      uint64
	Timeout   time.Duration
	Out       string
	Resume    bool
}

const respondLong = `Answer every record of a suite with a responder and write the responses
(JSONL, one {"id", "response"} per line, in suite order) for "plancert score".

Responders:
  reference   the certified reference plan in a json block (passes every item)
  greedy      the task's greedy baseline plan: a one-pass heuristic of its
              core, no search (how far a simple plan gets; see "hardness"
              in the records)
  perturbed   the reference after --k seeded mutations of its values
  command     runs --cmd (with sh -c) with the prompt on standard input
              and takes its standard output as the response, within
              --responder-timeout; at the limit the command's whole process
              group is killed, children included

A record whose responder fails (a command that exits non-zero or runs out
of time, a task without a greedy baseline) is reported on standard error
and not written to --out, and the run goes on; "plancert score" counts it
as a failed response (error kind "no response"), as for eval. The file is
written through a temporary file renamed at the end, with every answered
record. Ctrl-C keeps every response written so far.

--resume reads an existing --out, keeps its responses and asks only the
records that have none (those that failed or were not reached), so that the
final file, in suite order, is the one a run without failures writes. A
half-written last line is dropped with a warning; a line whose id is not a
record of the suite is an error (the file is of another suite).

Exit codes:
  0  every record was answered
  1  some record's responder failed (the answered ones are written; the
     same command with --resume asks only the others), interrupted (the
     answers so far are kept), or an I/O error
  2  usage error or bad input (unknown flag or responder, missing file,
     malformed suite or --out with --resume, --responder-timeout not
     positive)`

const respondExample = `  # Answers that must score 100%, and answers that must not
  $ plancert gen --task meeting-planning --n 6 --seed 1 --out /tmp/suite.jsonl
  $ plancert respond --suite /tmp/suite.jsonl --responder reference --out /tmp/ref.jsonl
  $ plancert respond --suite /tmp/suite.jsonl --responder perturbed --k 2 --out /tmp/bad.jsonl
  $ plancert score --suite /tmp/suite.jsonl --responses /tmp/bad.jsonl

  # Any program that reads a prompt on stdin and prints an answer (here: cat,
  # which echoes the prompt and so fails every item)
  $ plancert respond --suite /tmp/suite.jsonl --responder command --cmd cat --out /tmp/cmd.jsonl

  # After some answers failed (exit 1), ask again only the records without one
  $ plancert respond --suite /tmp/suite.jsonl --responder command --cmd cat --out /tmp/cmd.jsonl --resume`

func newRespondCmd(ios *iostreams, runF func(context.Context, *respondOptions) error) *cobra.Command {
	opts := &respondOptions{IO: ios}
	cmd := &cobra.Command{
		Use:     "respond --suite FILE --responder R --out FILE",
		Short:   "Answer a suite with a responder (reference, perturbed or a command)",
		Long:    respondLong,
		Example: respondExample,
		Args:    noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := opts.validate(); err != nil {
				return err
			}
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return runRespond(cmd.Context(), opts)
		},
	}
	f := cmd.Flags()
	f.StringVar(&opts.Suite, "suite", "", "the suite (JSONL records from plancert gen)")
	addResponderFlags(f, &opts.Responder, &opts.Cmd, &opts.K, &opts.Seed, &opts.Timeout)
	f.StringVar(&opts.Out, "out", "", "where to write the responses (JSONL)")
	f.BoolVar(&opts.Resume, "resume", false, "keep the responses already in --out and ask only the records without one")
	return cmd
}

func (o *respondOptions) validate() error {
	switch {
	case o.Suite == "":
		return usageErrorf("--suite is required")
	case o.Out == "":
		return usageErrorf("--out is required")
	}
	_, err := newResponder(o.Responder, o.Cmd, o.K, o.Seed, o.Timeout)
	return err
}

// maxRespondErrors bounds the failures respond prints one by one.
const maxRespondErrors = 10

func runRespond(ctx context.Context, opts *respondOptions) error {
	records, err := readSuiteFile(opts.IO.In, opts.Suite)
	if err != nil {
		return err
	}
	var kept map[string][][]byte
	if opts.Resume {
		if kept, err = readKeptResponses(opts.Out, records, opts.IO.ErrOut); err != nil {
			return err
		}
	}
	r, _ := newResponder(opts.Responder, opts.Cmd, opts.K, opts.Seed, opts.Timeout)
	start := time.Now()
	var (
		answered, fromOut, unfinished int
		failed                        []string // "id: error", in suite order
	)
	err = writeFileAtomic(opts.Out, interrupted, func(w io.Writer) error {
		enc := json.NewEncoder(w)
		enc.SetEscapeHTML(false)
		for _, rec := range records {
			if lines, ok := kept[rec.ID]; ok {
				for _, l := range lines {
					if _, err := w.Write(l); err != nil {
						return err
					}
				}
				fromOut++
				continue
			}
			if ctx.Err() != nil { // Ctrl-C: the kept lines still go on
				unfinished++
				continue
			}
			resp, err := r.Respond(ctx, rec)
			if err != nil {
				if ctx.Err() != nil {
					unfinished++
				} else {
					failed = append(failed, fmt.Sprintf("%s: %v", rec.ID, err))
				}
				continue
			}
			if err := enc.Encode(struct {
				ID       string `json:"id"`
				Response string `json:"response"`
			}{rec.ID, resp}); err != nil {
				return err
			}
			answered++
		}
		return ctx.Err()
	})
	errOut := opts.IO.ErrOut
	msg := fmt.Sprintf("respond: %d of %d records answered by %s in %.1fs", answered+fromOut, len(records), r.Name(), time.Since(start).Seconds())
	if fromOut > 0 {
		msg += fmt.Sprintf(" (%d already in %s)", fromOut, opts.Out)
	}
	if len(failed) > 0 {
		msg += fmt.Sprintf(", %d failed", len(failed))
	}
	if unfinished > 0 {
		msg += fmt.Sprintf(", %d not asked", unfinished)
	}
	fmt.Fprintln(errOut, msg)
	var ce *createError
	switch {
	case errors.As(err, &ce):
		return fmt.Errorf("--out: cannot create a file in %s: %w", ce.dir, bareFSError(ce.err))
	case errors.Is(err, context.Canceled):
		fmt.Fprintf(errOut, "plancert: interrupted; %d %s not asked; the answers so far are in %s (--resume continues)\n",
			unfinished, plural(unfinished, "record", "records"), opts.Out)
		return &reportedError{errInterrupted}
	case err != nil:
		return &fileError{opts.Out, err}
	}
	if len(failed) > 0 {
		for _, m := range failed[:min(len(failed), maxRespondErrors)] {
			fmt.Fprintf(errOut, "plancert: %s\n", m)
		}
		if more := len(failed) - maxRespondErrors; more > 0 {
			fmt.Fprintf(errOut, "plancert: ... and %d more\n", more)
		}
		fmt.Fprintf(errOut, "plancert: %d %s failed and %s not in %s (score counts %s as no response); the same command with --resume asks only %s again\n",
			len(failed), plural(len(failed), "record", "records"), plural(len(failed), "is", "are"), opts.Out,
			plural(len(failed), "it", "them"), plural(len(failed), "that one", "those"))
		return &reportedError{fmt.Errorf("%d records failed", len(failed))}
	}
	return nil
}

// readKeptResponses reads the responses of an earlier run from path, for
// --resume: the lines of each record id, as they are. A missing file keeps
// nothing; a half-written last line is dropped with a warning; a line that
// is not a response of a record of the suite is an error.
func readKeptResponses(path string, records []*domains.Record, errOut io.Writer) (map[string][][]byte, error) {
	kept := map[string][][]byte{}
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return kept, nil
	}
	if err != nil {
		return nil, &fileError{path, bareFSError(err)}
	}
	defer f.Close()
	known := make(map[string]bool, len(records))
	for _, rec := range records {
		known[rec.ID] = true
	}
	br := bufio.NewReaderSize(f, 1<<20)
	for n := 1; ; n++ {
		line, err := br.ReadBytes('\n')
		if err == io.EOF {
			if len(bytes.TrimSpace(line)) > 0 {
				fmt.Fprintf(errOut, "respond: warning: %s: dropping the half-written last line (line %d, %d bytes); its record is asked again\n", path, n, len(line))
			}
			return kept, nil
		}
		if err != nil {
			return nil, &fileError{path, bareFSError(err)}
		}
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		var resp struct {
			ID       *string `json:"id"`
			Response *string `json:"response"`
		}
		switch err := json.Unmarshal(line, &resp); {
		case err != nil:
			return nil, &inputError{path, fmt.Errorf("line %d is not a response: %v", n, err)}
		case resp.ID == nil:
			return nil, &inputError{path, fmt.Errorf("line %d: id: missing", n)}
		case resp.Response == nil:
			return nil, &inputError{path, fmt.Errorf("line %d: response: missing", n)}
		case !known[*resp.ID]:
			return nil, &inputError{path, fmt.Errorf("line %d: id: no record of the suite has the id %q (is --out the responses of another suite?)", n, *resp.ID)}
		}
		kept[*resp.ID] = append(kept[*resp.ID], line)
	}
}

// interrupted reports whether err is Ctrl-C, after which finished lines
// are kept.
func interrupted(err error) bool { return errors.Is(err, context.Canceled) }

// addResponderFlags adds the flags that choose a responder.
func addResponderFlags(f interface {
	StringVar(*string, string, string, string)
	IntVar(*int, string, int, string)
	Uint64Var(*uint64, string, uint64, string)
	DurationVar(*time.Duration, string, time.Duration, string)
}, responder, cmd *string, k *int, seed *uint64, timeout *time.Duration) {
	f.StringVar(responder, "responder", "", "reference, greedy, perturbed or command")
	f.StringVar(cmd, "cmd", "", "the shell command of --responder command (prompt on stdin, response on stdout)")
	f.IntVar(k, "k", 2, "mutations per answer for --responder perturbed")
	f.Uint64Var(seed, "perturb-seed", 1, "seed of the mutations of --responder perturbed")
	f.DurationVar(timeout, "responder-timeout", time.Minute, "time limit per answer of --responder command")
}

// newResponder makes the responder named by the flags.
func newResponder(name, cmd string, k int, seed uint64, timeout time.Duration) (loop.Responder, error) {
	if timeout <= 0 {
		return nil, usageErrorf("--responder-timeout must be positive, got %v", timeout)
	}
	switch name {
	case "reference":
		return loop.Reference{}, nil
	case "greedy":
		return loop.Greedy{}, nil
	case "perturbed":
		if k < 1 {
			return nil, usageErrorf("--k must be at least 1, got %d", k)
		}
		return loop.Perturbed{K: k, Seed: seed}, nil
	case "command":
		if cmd == "" {
			return nil, usageErrorf("--responder command needs --cmd")
		}
		return loop.Command{Cmd: cmd, Timeout: timeout}, nil
	case "":
		return nil, usageErrorf("--responder is required: reference, greedy, perturbed or command")
	}
	return nil, usageErrorf("unknown responder %q: want reference, greedy, perturbed or command", name)
}
