package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/solver"
	"github.com/plancert/plancert/verify"
)

type scoreOptions struct {
	IO *iostreams

	Suite     string
	Responses string
	JSON      bool
	Reward    string
	Out       string

	mode verify.RewardMode
}

const scoreLong = `Grade every response of a responses file against a suite and summarize:
All-pass and Avg-pass with Wilson 95% intervals, the reward, the error kinds,
and a table per task.

The suite is JSONL, one record per line (as written by "plancert gen"); the
responses are JSONL, one {"id": ..., "response": "<full text>"} per line. A
record may get several responses (samples); each counts. A record with no
response counts as one failed response (all-pass 0, avg-pass 0, error kind
"no response"). A response is graded as "plancert verify" grades it.

Intervals: the Wilson score interval at 95% over the responses. All-pass is a
proportion; for Avg-pass and a non-0/1 reward the same interval is used on
the mean, which is conservative for values in [0, 1]. Samples of one record
are treated as independent.

With --json, the summary is one JSON object:
  {"suite", "responses_file", "reward_mode", "records", "responses",
   "no_response", "n", "parsed", "all_passed", "all_pass": {"mean", "lo",
   "hi"}, "avg_pass": {...}, "reward": {...}, "error_kinds": [{"kind", "n"}],
   "tasks": [{"task", "family", "n", "all_pass", "avg_pass"}]}

--out writes one score line per response, in the responses' order, then one
per record without a response, in the form "plancert verify --json" prints.
The file is written whole or not at all.

` + rewardHelp + `

` + gradeExitCodesHelp

const scoreExample = `  # Summarize the scores of a responses file
  $ plancert score --suite testdata/verify/suite.jsonl --responses testdata/verify/responses.jsonl

  # The summary as JSON, and every score in a file
  $ plancert score --json --suite testdata/verify/suite.jsonl --responses testdata/verify/responses.jsonl --out /tmp/scores.jsonl

  # Average-pass reward
  $ plancert score --reward avgpass --suite testdata/verify/suite.jsonl --responses testdata/verify/responses.jsonl`

func newScoreCmd(ios *iostreams, runF func(context.Context, *scoreOptions) error) *cobra.Command {
	opts := &scoreOptions{IO: ios}
	cmd := &cobra.Command{
		Use:     "score --suite FILE --responses FILE",
		Short:   "Grade a file of responses and summarize All-pass and Avg-pass",
		Long:    scoreLong,
		Example: scoreExample,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) > 0 {
				return usageErrorf("%s takes no arguments, got %q (use --responses FILE)", cmd.CommandPath(), args[0])
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := opts.validate(); err != nil {
				return err
			}
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return runScore(cmd.Context(), opts)
		},
	}
	f := cmd.Flags()
	f.StringVar(&opts.Suite, "suite", "", "the suite, JSONL records (`FILE`; - for standard input)")
	f.StringVar(&opts.Responses, "responses", "", "the responses, JSONL {\"id\", \"response\"} (`FILE`; - for standard input)")
	f.BoolVar(&opts.JSON, "json", false, "print the summary as one JSON object")
	f.StringVar(&opts.Reward, "reward", string(verify.RewardAllPass), "reward `MODE`: allpass, avgpass or feasible")
	f.StringVar(&opts.Out, "out", "", "also write every score as JSONL to `FILE`")
	return cmd
}

func (o *scoreOptions) validate() error {
	var err error
	switch {
	case o.Suite == "":
		return usageErrorf("--suite is required")
	case o.Responses == "":
		return usageErrorf("--responses is required")
	case o.Suite == "-" && o.Responses == "-":
		return usageErrorf("standard input (-) can be read only once: --suite and --responses are both -")
	}
	o.mode, err = parseRewardFlag(o.Reward)
	return err
}

// scoreSummaryJSON is the --json output of score.
type scoreSummaryJSON struct {
	Suite         string            `json:"suite"`
	ResponsesFile string            `json:"responses_file"`
	RewardMode    verify.RewardMode `json:"reward_mode"`
	verify.Report
}

func runScore(ctx context.Context, opts *scoreOptions) error {
	records, err := readSuiteFile(opts.IO.In, opts.Suite)
	if err != nil {
		return err
	}
	var responses []verify.Response
	err = withGradeInput(opts.IO.In, opts.Responses, func(r io.Reader) error {
		var err error
		responses, err = verify.ReadResponses(r, records)
		return err
	})
	if err != nil {
		return &inputError{opts.Responses, err}
	}
	byID := make(map[string]*domains.Record, len(records))
	for _, r := range records {
		byID[r.ID] = r
	}
	scores := make([]verify.Score, 0, len(responses))
	for _, resp := range responses {
		if err := ctx.Err(); err != nil {
			return errInterrupted
		}
		scores = append(scores, verify.ScoreLine(ctx, byID[resp.ID], resp, opts.mode))
	}
	if opts.Out != "" {
		all := append(scores[:len(scores):len(scores)], verify.Missing(records, scores)...)
		if err := writeScoresFile(opts.Out, all); err != nil {
			return err
		}
	}
	rep := verify.Summarize(records, scores)
	var werr error
	if opts.JSON {
		werr = writeJSONLine(opts.IO.Out, scoreSummaryJSON{opts.Suite, opts.Responses, opts.mode, rep})
	} else {
		werr = writeReportText(opts.IO.Out, opts, rep)
	}
	if err := integrityAlarm(scores); err != nil {
		return err
	}
	return werr
}

// integrityAlarm returns an integrity error naming every response whose
// feasible plan beats the certified optimum: the encoding or the checker
// is wrong, and such a run must not pass as a score.
func integrityAlarm(scores []verify.Score) error {
	var ids []string
	for _, s := range scores {
		if s.IntegrityAlarm {
			ids = append(ids, s.ID)
		}
	}
	if ids == nil {
		return nil
	}
	return &solver.IntegrityError{Backend: "verify", What: fmt.Sprintf("INTEGRITY ALARM: %d feasible answer(s) beat the certified optimum (%s); the certificate or the checker is wrong", len(ids), strings.Join(ids, ", "))}
}

// writeScoresFile writes scores as JSONL to out through a temporary file in
// the same directory, renamed into place when complete.
func writeScoresFile(out string, scores []verify.Score) error {
	err := writeFileAtomic(out, nil, func(w io.Writer) error {
		enc := json.NewEncoder(w)
		enc.SetEscapeHTML(false)
		for _, s := range scores {
			if err := enc.Encode(s); err != nil {
				return err
			}
		}
		return nil
	})
	var ce *createError
	switch {
	case errors.As(err, &ce):
		return fmt.Errorf("--out: cannot create a file in %s: %w", ce.dir, bareFSError(ce.err))
	case err != nil:
		return fmt.Errorf("--out: writing %s: %w", out, bareFSError(err))
	}
	return nil
}

// writeReportText writes the summary for a person.
func writeReportText(w io.Writer, opts *scoreOptions, rep verify.Report) error {
	t := &textWriter{w: w}
	gradeField(t, "suite", fmt.Sprintf("%s: %s", opts.Suite, count(rep.Records, "record")))
	resp := fmt.Sprintf("%s: %s", opts.Responses, count(rep.Responses, "response"))
	if rep.NoResponse > 0 {
		resp += fmt.Sprintf("; %s without a response (counted as failed)", count(rep.NoResponse, "record"))
	}
	gradeField(t, "responses", resp)
	gradeField(t, "all-pass", fmt.Sprintf("%s  (%d of %d)", estimateText(rep.AllPass), rep.AllPassed, rep.N))
	gradeField(t, "avg-pass", estimateText(rep.AvgPass))
	gradeField(t, "reward", fmt.Sprintf("%s  (%s)", estimateText(rep.Reward), opts.mode))
	gradeField(t, "parsed", fmt.Sprintf("%d of %d", rep.Parsed, rep.N))
	if len(rep.ErrorKinds) == 0 {
		gradeField(t, "errors", "none")
	} else {
		kw := 0
		for _, k := range rep.ErrorKinds {
			kw = max(kw, len(k.Kind))
		}
		var lines []string
		for _, k := range rep.ErrorKinds {
			lines = append(lines, fmt.Sprintf("%-*s  %d", kw, k.Kind, k.N))
		}
		gradeField(t, "errors", lines...)
	}
	t.printf("\n")
	tw := len("task")
	for _, r := range rep.Tasks {
		tw = max(tw, len(r.Task))
	}
	t.printf("  %-*s  %5s  %8s  %8s\n", tw, "task", "n", "all-pass", "avg-pass")
	for _, r := range rep.Tasks {
		t.printf("  %-*s  %5d  %8s  %8s\n", tw, r.Task, r.N, percent(r.AllPass), percent(r.AvgPass))
	}
	return t.err
}

func estimateText(e verify.Estimate) string {
	return fmt.Sprintf("%s  [%s, %s]", percent(e.Mean), strings.TrimSpace(percent(e.Lo)), strings.TrimSpace(percent(e.Hi)))
}

func percent(p float64) string { return fmt.Sprintf("%.2f%%", 100*p) }
