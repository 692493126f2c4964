package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/plancert/plancert/domains"
	_ "github.com/plancert/plancert/domains/all" // registers every task family
	"github.com/plancert/plancert/internal/bom"
	"github.com/plancert/plancert/verify"
)

type verifyOptions struct {
	IO *iostreams

	Suite    string
	ID       string
	Response string
	JSON     bool
	Reward   string

	mode verify.RewardMode
}

// gradeExitCodesHelp is the exit code table of verify and score.
const gradeExitCodesHelp = `Exit codes:
  0  the response(s) were scored, whatever the scores
  1  any other error (I/O error writing the output, interrupted)
  2  usage error or bad input (unknown flag, missing file, malformed JSONL,
     unknown id)`

// rewardHelp describes the reward modes for verify and score.
const rewardHelp = `Reward modes (--reward):
  allpass   1 when every checklist item passes, else 0 (the default)
  avgpass   the fraction of items that pass
  feasible  1 when every format, coverage and feasibility item passes,
            ignoring objective and stated-value items`

const verifyLong = `Grade one response to one record of a suite and print every checklist item:
✓ or ✗, the item's text and, for a failed item, why it failed. Then All-pass
(1 when every item passes), Avg-pass (the fraction that pass), the reward and
the error kind.

The answer is the last fenced ` + "```json" + ` block of the response; without one, the
last balanced top-level JSON object. Nothing else is guessed: a response
without JSON fails every item, and so does a checker error.

The suite is JSONL, one record per line (as written by "plancert gen"). The
response FILE holds the response's text as it is; "-" reads standard input.

With --json, the score is one JSON object:
  {"id", "parsed", "items": [{"id", "pass", "detail"}], "all_pass",
   "avg_pass", "reward", "objective", "error_kind"}

Error kinds, from the failed items, first match: "checker error" (a bug in
plancert), "format" (no JSON, or the format item failed), "constraint
omitted" (a coverage item), "wrong assignment" (a feasibility item of a
basic, medium or hard unit), "state tracking" (one of a stateful unit),
"suboptimal" (an objective item), "stated-value mismatch", "other".

` + rewardHelp + `

` + gradeExitCodesHelp

const verifyExample = `  # Grade a response to one record
  $ plancert verify --suite testdata/verify/suite.jsonl --id meeting-planning/cross-team/1 --response testdata/verify/response.txt

  # The score as JSON, with the feasibility reward
  $ plancert verify --json --reward feasible --suite testdata/verify/suite.jsonl --id meeting-planning/cross-team/1 --response testdata/verify/response.txt

  # A response on standard input
  $ my-model < prompt.txt | plancert verify --suite suite.jsonl --id ID --response -`

func newVerifyCmd(ios *iostreams, runF func(context.Context, *verifyOptions) error) *cobra.Command {
	opts := &verifyOptions{IO: ios}
	cmd := &cobra.Command{
		Use:     "verify --suite FILE --id ID --response FILE",
		Short:   "Grade one response against its record's checklist",
		Long:    verifyLong,
		Example: verifyExample,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) > 0 {
				return usageErrorf("%s takes no arguments, got %q (use --response FILE)", cmd.CommandPath(), args[0])
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
			return runVerify(cmd.Context(), opts)
		},
	}
	f := cmd.Flags()
	f.StringVar(&opts.Suite, "suite", "", "the suite, JSONL records (`FILE`; - for standard input)")
	f.StringVar(&opts.ID, "id", "", "the `ID` of the record the response answers")
	f.StringVar(&opts.Response, "response", "", "the response text (`FILE`; - for standard input)")
	f.BoolVar(&opts.JSON, "json", false, "print the score as one JSON object")
	f.StringVar(&opts.Reward, "reward", string(verify.RewardAllPass), "reward `MODE`: allpass, avgpass or feasible")
	return cmd
}

func (o *verifyOptions) validate() error {
	var err error
	switch {
	case o.Suite == "":
		return usageErrorf("--suite is required")
	case o.ID == "":
		return usageErrorf("--id is required")
	case o.Response == "":
		return usageErrorf("--response is required")
	case o.Suite == "-" && o.Response == "-":
		return usageErrorf("standard input (-) can be read only once: --suite and --response are both -")
	}
	o.mode, err = parseRewardFlag(o.Reward)
	return err
}

// parseRewardFlag reads --reward.
func parseRewardFlag(s string) (verify.RewardMode, error) {
	for _, m := range verify.RewardModes {
		if string(m) == s {
			return m, nil
		}
	}
	return "", usageErrorf("--reward must be allpass, avgpass or feasible, got %q", s)
}

func runVerify(ctx context.Context, opts *verifyOptions) error {
	records, err := readSuiteFile(opts.IO.In, opts.Suite)
	if err != nil {
		return err
	}
	var rec *domains.Record
	for _, r := range records {
		if r.ID == opts.ID {
			rec = r
			break
		}
	}
	if rec == nil {
		return &inputError{opts.Suite, fmt.Errorf("no record has the id %q", opts.ID)}
	}
	text, err := readGradeInput(opts.IO.In, opts.Response)
	if err != nil {
		return &inputError{opts.Response, err}
	}
	s := verify.ScoreResponse(ctx, rec, string(text), opts.mode)
	var werr error
	if opts.JSON {
		werr = writeJSONLine(opts.IO.Out, s)
	} else {
		werr = writeScoreText(opts.IO.Out, rec, s, opts.mode)
	}
	if err := integrityAlarm([]verify.Score{s}); err != nil {
		return err
	}
	return werr
}

// readSuiteFile reads the suite in file ("-": in), errors as bad input.
func readSuiteFile(in io.Reader, file string) ([]*domains.Record, error) {
	var records []*domains.Record
	err := withGradeInput(in, file, func(r io.Reader) error {
		var err error
		records, err = verify.ReadSuite(r)
		return err
	})
	if err != nil {
		return nil, &inputError{file, err}
	}
	return records, nil
}

// withGradeInput calls f with file opened, or with in when file is "-".
// An error opening file is returned without the path (the caller names
// the file).
func withGradeInput(in io.Reader, file string, f func(io.Reader) error) error {
	if file == "-" {
		return f(in)
	}
	fh, err := os.Open(file)
	if err != nil {
		return bareFSError(err)
	}
	defer fh.Close()
	return bareFSError(f(fh))
}

// readGradeInput reads all of file ("-": in), without a leading UTF-8
// byte order mark.
func readGradeInput(in io.Reader, file string) ([]byte, error) {
	var data []byte
	err := withGradeInput(in, file, func(r io.Reader) error {
		var err error
		data, err = io.ReadAll(r)
		return err
	})
	return bom.Trim(data), err
}

// bareFSError drops the path of a *fs.PathError (the file is named by the
// caller), e.g. "is a directory".
func bareFSError(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// writeJSONLine writes v as one line of JSON.
func writeJSONLine(w io.Writer, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%s\n", b)
	return err
}

// gradeField prints a labelled line of verify and score output (the
// labels are wider than audit's), then the other lines under it.
func gradeField(t *textWriter, label string, lines ...string) {
	const width = 12
	for i, l := range lines {
		if i == 0 {
			t.printf("  %-*s%s\n", width, label, l)
		} else {
			t.printf("  %*s%s\n", width, "", l)
		}
	}
}

// writeScoreText writes one score for a person: the items, then the
// aggregates.
func writeScoreText(w io.Writer, rec *domains.Record, s verify.Score, mode verify.RewardMode) error {
	t := &textWriter{w: w}
	t.printf("%s\n", s.ID)
	common := commonFailure(s)
	switch {
	case s.ErrorKind == verify.ErrorChecker:
		gradeField(t, "checker", common)
	case !s.Parsed:
		gradeField(t, "answer", "not extracted: "+common)
	}
	idWidth := 0
	for _, it := range s.Items {
		idWidth = max(idWidth, len([]rune(it.ID)))
	}
	for i, it := range s.Items {
		mark := "✓"
		if !it.Pass {
			mark = "✗"
		}
		head := fmt.Sprintf("  %s %-*s  ", mark, idWidth, it.ID)
		cont := strings.Repeat(" ", len([]rune(head)))
		for _, l := range wrapIndent(strings.Fields(rec.Checklist[i].Text), " ", head, cont) {
			t.printf("%s\n", l)
		}
		if !it.Pass && common == "" {
			for _, l := range wrapIndent(strings.Fields(it.Detail), " ", cont+"→ ", cont+"  ") {
				t.printf("%s\n", l)
			}
		}
	}
	gradeField(t, "all-pass", fmt.Sprint(s.AllPass))
	gradeField(t, "avg-pass", fmt.Sprintf("%.3f (%d of %d items)", s.AvgPass, passedItems(s), len(s.Items)))
	gradeField(t, "reward", fmt.Sprintf("%s (%s)", formatReward(s.Reward), mode))
	kind := string(s.ErrorKind)
	if kind == "" {
		kind = "none"
	}
	gradeField(t, "error kind", kind)
	return t.err
}

// commonFailure returns the detail every item failed with, when they all
// failed the same way (no JSON, a checker error), else "".
func commonFailure(s verify.Score) string {
	if len(s.Items) < 2 || s.Items[0].Pass {
		return ""
	}
	for _, it := range s.Items[1:] {
		if it.Pass || it.Detail != s.Items[0].Detail {
			return ""
		}
	}
	return s.Items[0].Detail
}

func passedItems(s verify.Score) int {
	n := 0
	for _, it := range s.Items {
		if it.Pass {
			n++
		}
	}
	return n
}

// formatReward prints 0 and 1 as such, other rewards with 3 decimals.
func formatReward(r float64) string {
	if r == 0 || r == 1 {
		return fmt.Sprint(r)
	}
	return fmt.Sprintf("%.3f", r)
}
