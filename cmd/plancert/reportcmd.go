package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/report"
	"github.com/plancert/plancert/verify"
)

type reportOptions struct {
	IO *iostreams

	Suite     string
	Responses string
	Compare   string
	HTML      string
	MD        string
	JSON      bool
	Seed      uint64
	Resamples int
}

const reportLong = `Grade one response set on a suite (or two, compared pair by pair) and
report where the responses fail.

The report has: All-pass with its Wilson 95% interval and Avg-pass with a
Student t 95% interval over records (the responses to one record are not
independent; the records are); the error kinds of the failed responses, as
in PlanningBench's error table; breakdowns by family, task, subtask, tier mix,
checklist length and prompt length; and for every sampled constraint unit,
the All-pass of the records that sampled it against the records that could
have and did not.

With --compare, a second response set on the same suite is paired with the
first, record by record and sample by sample (a missing response is a
failure): the exact McNemar test on All-pass (two-sided binomial test on the
discordant pairs) and the percentile 95% interval of a paired bootstrap over
records on the Avg-pass difference (--resamples draws, seeded with --seed:
the same files give the same interval).

The suite and responses are the files of "plancert score" (JSONL); responses
are graded as "plancert score" grades them. The report is printed as text,
or as one JSON object with --json: {"suite", "sets": [{"name", "analysis"}],
"comparison"} (the analysis as verify.Analysis, the comparison as
verify.Comparison). --md and --html also write it as Markdown and as one
self-contained HTML page (inline CSS and SVG charts; it loads nothing and
runs no script); each file is written whole or not at all.

` + gradeExitCodesHelp + `
  4  integrity failure: a feasible answer beats the certified optimum`

const reportExample = `  # Where does a response set fail?
  $ plancert report --suite testdata/verify/suite.jsonl --responses testdata/verify/responses.jsonl

  # Two response sets compared, with an HTML page and a Markdown summary
  $ plancert gen --task meeting-planning --n 6 --seed 1 --out /tmp/suite.jsonl
  $ plancert respond --suite /tmp/suite.jsonl --responder reference --out /tmp/ref.jsonl
  $ plancert respond --suite /tmp/suite.jsonl --responder perturbed --k 1 --out /tmp/bad.jsonl
  $ plancert report --suite /tmp/suite.jsonl --responses /tmp/ref.jsonl --compare /tmp/bad.jsonl --html /tmp/report.html --md /tmp/report.md`

func newReportCmd(ios *iostreams, runF func(context.Context, *reportOptions) error) *cobra.Command {
	opts := &reportOptions{IO: ios}
	cmd := &cobra.Command{
		Use:     "report --suite FILE --responses FILE [--compare FILE] [--html OUT] [--md OUT] [--json]",
		Short:   "Report All-pass and Avg-pass with intervals, breakdowns, error kinds and paired comparisons",
		Long:    reportLong,
		Example: reportExample,
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
			return runReport(cmd.Context(), opts)
		},
	}
	f := cmd.Flags()
	f.StringVar(&opts.Suite, "suite", "", "the suite, JSONL records (`FILE`; - for standard input)")
	f.StringVar(&opts.Responses, "responses", "", "the responses, JSONL {\"id\", \"response\"} (`FILE`; - for standard input)")
	f.StringVar(&opts.Compare, "compare", "", "a second response set on the same suite, compared with the first (`FILE`)")
	f.StringVar(&opts.HTML, "html", "", "also write the report as a self-contained HTML page to `FILE`")
	f.StringVar(&opts.MD, "md", "", "also write the report as Markdown to `FILE`")
	f.BoolVar(&opts.JSON, "json", false, "print the report as one JSON object")
	f.Uint64Var(&opts.Seed, "seed", 1, "seed of the paired bootstrap of --compare")
	f.IntVar(&opts.Resamples, "resamples", verify.DefaultResamples, "resamples of the paired bootstrap of --compare")
	return cmd
}

// maxResamples bounds --resamples: each resample keeps one float64.
const maxResamples = 10_000_000

func (o *reportOptions) validate() error {
	stdin := 0
	for _, f := range []string{o.Suite, o.Responses, o.Compare} {
		if f == "-" {
			stdin++
		}
	}
	switch {
	case o.Suite == "":
		return usageErrorf("--suite is required")
	case o.Responses == "":
		return usageErrorf("--responses is required")
	case stdin > 1:
		return usageErrorf("standard input (-) can be read only once: more than one of --suite, --responses and --compare is -")
	case o.Resamples < 1 || o.Resamples > maxResamples:
		return usageErrorf("--resamples is %d; want 1 to %d", o.Resamples, maxResamples)
	case o.HTML != "" && o.HTML == o.MD:
		return usageErrorf("--html and --md name the same file %s", o.HTML)
	}
	return nil
}

// scoreFile grades the responses in file against records.
func scoreFile(ctx context.Context, in io.Reader, file string, records []*domains.Record) ([]verify.Score, error) {
	var responses []verify.Response
	err := withGradeInput(in, file, func(r io.Reader) error {
		var err error
		responses, err = verify.ReadResponses(r, records)
		return err
	})
	if err != nil {
		return nil, &inputError{file, err}
	}
	byID := make(map[string]*domains.Record, len(records))
	for _, r := range records {
		byID[r.ID] = r
	}
	scores := make([]verify.Score, 0, len(responses))
	for _, resp := range responses {
		if err := ctx.Err(); err != nil {
			return nil, errInterrupted
		}
		scores = append(scores, verify.ScoreLine(ctx, byID[resp.ID], resp, verify.RewardAllPass))
	}
	return scores, nil
}

// setNames names the response sets by their files: the base names, or the
// paths when the base names are the same, or A and B when those are too.
func setNames(files ...string) []string {
	names := make([]string, len(files))
	for i, f := range files {
		names[i] = filepath.Base(f)
		if f == "-" {
			names[i] = "standard input"
		}
	}
	if len(files) == 2 && names[0] == names[1] {
		names = []string{files[0], files[1]}
		if files[0] == files[1] {
			names = []string{"A", "B"}
		}
	}
	return names
}

func runReport(ctx context.Context, opts *reportOptions) error {
	records, err := readSuiteFile(opts.IO.In, opts.Suite)
	if err != nil {
		return err
	}
	files := []string{opts.Responses}
	if opts.Compare != "" {
		files = append(files, opts.Compare)
	}
	names := setNames(files...)
	in := &report.Input{Suite: opts.Suite}
	var all [][]verify.Score
	for i, f := range files {
		scores, err := scoreFile(ctx, opts.IO.In, f, records)
		if err != nil {
			return err
		}
		a, err := verify.Analyze(records, scores)
		if err != nil {
			return &inputError{f, err}
		}
		in.Sets = append(in.Sets, report.Set{Name: names[i], Analysis: a})
		all = append(all, scores)
	}
	if len(all) == 2 {
		c, err := verify.Compare(records, all[0], all[1], opts.Resamples, opts.Seed)
		if err != nil {
			return err
		}
		in.Comparison = &c
	}
	for _, out := range []struct {
		flag, file string
		write      func(io.Writer, *report.Input) error
	}{{"--md", opts.MD, report.WriteMarkdown}, {"--html", opts.HTML, report.WriteHTML}} {
		if out.file == "" {
			continue
		}
		err := writeFileAtomic(out.file, nil, func(w io.Writer) error { return out.write(w, in) })
		var ce *createError
		switch {
		case errors.As(err, &ce):
			return fmt.Errorf("%s: cannot create a file in %s: %w", out.flag, ce.dir, bareFSError(ce.err))
		case err != nil:
			return fmt.Errorf("%s: writing %s: %w", out.flag, out.file, bareFSError(err))
		}
	}
	var werr error
	if opts.JSON {
		werr = writeJSONLine(opts.IO.Out, in)
	} else {
		werr = report.WriteText(opts.IO.Out, in)
	}
	for _, scores := range all {
		if err := integrityAlarm(scores); err != nil {
			return err
		}
	}
	return werr
}
