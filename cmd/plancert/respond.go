package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/spf13/cobra"

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
}

const respondLong = `Answer every record of a suite with a responder and write the responses
(JSONL, one {"id", "response"} per line, in suite order) for "plancert score".

Responders:
  reference   the certified reference plan in a json block (passes every item)
  greedy      the task's greedy baseline plan: a one-pass heuristic of its
              core, no search (how far a simple plan gets; see "hardness"
              in the records)
  perturbed   the reference after --k seeded mutations of its values
  command     runs --cmd with the prompt on standard input and takes its
              standard output as the response, within --timeout

Ctrl-C keeps every response written so far.`

const respondExample = `  # Answers that must score 100%, and answers that must not
  $ plancert gen --task meeting-planning --n 6 --seed 1 --out /tmp/suite.jsonl
  $ plancert respond --suite /tmp/suite.jsonl --responder reference --out /tmp/ref.jsonl
  $ plancert respond --suite /tmp/suite.jsonl --responder perturbed --k 2 --out /tmp/bad.jsonl
  $ plancert score --suite /tmp/suite.jsonl --responses /tmp/bad.jsonl

  # Any program that reads a prompt on stdin and prints an answer (here: cat,
  # which echoes the prompt and so fails every item)
  $ plancert respond --suite /tmp/suite.jsonl --responder command --cmd cat --out /tmp/cmd.jsonl`

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

func runRespond(ctx context.Context, opts *respondOptions) error {
	records, err := readSuiteFile(opts.IO.In, opts.Suite)
	if err != nil {
		return err
	}
	r, _ := newResponder(opts.Responder, opts.Cmd, opts.K, opts.Seed, opts.Timeout)
	start := time.Now()
	n := 0
	err = writeFileAtomic(opts.Out, interrupted, func(w io.Writer) error {
		enc := json.NewEncoder(w)
		enc.SetEscapeHTML(false)
		for _, rec := range records {
			if err := ctx.Err(); err != nil {
				return err
			}
			resp, err := r.Respond(ctx, rec)
			if err != nil {
				if ctx.Err() != nil {
					return ctx.Err()
				}
				return fmt.Errorf("%s: %w", rec.ID, err)
			}
			if err := enc.Encode(struct {
				ID       string `json:"id"`
				Response string `json:"response"`
			}{rec.ID, resp}); err != nil {
				return err
			}
			n++
		}
		return nil
	})
	fmt.Fprintf(opts.IO.ErrOut, "respond: %d of %d records answered by %s in %.1fs\n", n, len(records), r.Name(), time.Since(start).Seconds())
	if errors.Is(err, context.Canceled) {
		return errInterrupted
	}
	return err
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
