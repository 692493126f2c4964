package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"time"

	"github.com/spf13/cobra"

	"github.com/plancert/plancert/internal/natplan"
)

const importLong = `Import a public planning benchmark and audit it exactly. The one benchmark
so far is NATURAL PLAN (calendar scheduling, trip planning, meeting
planning); see "plancert import natural-plan --help".`

const importExample = `  # A hand-made calendar record with two valid times: the golden plan and a
  # prediction that exact match scores wrong and exact verification right
  $ plancert import natural-plan --file testdata/natural-plan/calendar_scheduling.json`

func newImportCmd(ios *iostreams, runF func(context.Context, *importNPOptions) error) *cobra.Command {
	cmd := &cobra.Command{
		Use:     "import <benchmark>",
		Short:   "Import and audit a public planning benchmark",
		Long:    importLong,
		Example: importExample,
		Args:    noArgs,
		RunE:    func(cmd *cobra.Command, _ []string) error { return cmd.Help() },
	}
	cmd.AddCommand(newImportNaturalPlanCmd(ios, runF))
	return cmd
}

type importNPOptions struct {
	IO *iostreams

	File    string
	JSON    bool
	Out     string
	Timeout time.Duration
}

const importNPLong = `Audit a NATURAL PLAN file (calendar_scheduling, trip_planning or
meeting_planning; the official JSON object of records or JSON lines with
"id"/"input"). Each example becomes its own exact model, built from the
record's structured fields where it has them and from the prompt text where
not; an example the parser does not recognise is reported by id with the
reason. Every model is certified (optimum, uniqueness with a witness, or
infeasibility with a minimal conflict), the golden plan is checked against
it (feasible? optimal?), and the pred_5shot_pro predictions are scored twice:
by the benchmark's exact-match rules and by exact verification (feasible and
optimal under the model), listing the ids where the two disagree.`

const importNPExample = `  $ plancert import natural-plan --file testdata/external/natural-plan/subset100/calendar_scheduling_100.json
  $ plancert import natural-plan --file testdata/natural-plan/calendar_scheduling.json --json --out /tmp/audit.json`

func newImportNaturalPlanCmd(ios *iostreams, runF func(context.Context, *importNPOptions) error) *cobra.Command {
	opts := &importNPOptions{IO: ios}
	cmd := &cobra.Command{
		Use:     "natural-plan --file FILE [--json] [--out FILE]",
		Short:   "Audit a NATURAL PLAN file exactly",
		Long:    importNPLong,
		Example: importNPExample,
		Args:    noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if opts.File == "" {
				return usageErrorf("--file is required")
			}
			if opts.Timeout <= 0 {
				return usageErrorf("--timeout must be positive")
			}
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return runImportNaturalPlan(cmd.Context(), opts)
		},
	}
	cmd.Flags().StringVar(&opts.File, "file", "", "the NATURAL PLAN file")
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "write the full report as JSON")
	cmd.Flags().StringVar(&opts.Out, "out", "", "write the report to this file instead of standard output")
	cmd.Flags().DurationVar(&opts.Timeout, "timeout", 60*time.Second, "time limit for certifying one example")
	return cmd
}

func runImportNaturalPlan(ctx context.Context, opts *importNPOptions) error {
	if ctx == nil {
		ctx = context.Background()
	}
	exs, err := natplan.ReadFile(opts.File)
	if err != nil {
		return &inputError{opts.File, err}
	}
	rep, err := natplan.Audit(ctx, opts.File, exs, natplan.Options{Timeout: opts.Timeout})
	if err != nil {
		return &fileError{opts.File, err}
	}
	write := func(w io.Writer) error {
		if opts.JSON {
			enc := json.NewEncoder(w)
			enc.SetIndent("", "  ")
			return enc.Encode(rep)
		}
		return writeNPReport(w, rep)
	}
	if opts.Out == "" {
		return write(opts.IO.Out)
	}
	if err := writeFileAtomic(opts.Out, nil, write); err != nil {
		return fmt.Errorf("--out: writing %s: %w", opts.Out, err)
	}
	return nil
}

// writeNPReport prints the audit for a person: the counts, then every
// listed example with its reason.
func writeNPReport(w io.Writer, r *natplan.Report) error {
	p := func(format string, args ...any) { fmt.Fprintf(w, format, args...) }
	p("NATURAL PLAN audit of %s (%s)\n", r.File, r.Task)
	p("  examples read        %d\n", r.Read)
	p("  parsed               %d\n", r.Parsed)
	p("  unparsed             %d\n", len(r.Unparsed))
	p("  certified            %d\n", r.Certified)
	p("  not proven           %d\n", len(r.NotProven))
	p("  model infeasible     %d\n", len(r.ModelInfeasible))
	p("  exactly one answer   %d\n", r.Unique)
	p("  several optima       %d\n", len(r.Several))
	p("  golden optimal       %d\n", r.GoldenOptimal)
	p("  golden infeasible    %d\n", len(r.GoldenInfeasible))
	p("  golden suboptimal    %d\n", len(r.GoldenSuboptimal))
	if ps := r.Predictions; ps != nil {
		p("predictions (pred_5shot_pro)\n")
		p("  scored                         %d\n", ps.Scored)
		p("  exact match, all scored        %d/%d\n", ps.ExactMatchAll, ps.Scored)
		p("  compared (parsed and proven)   %d\n", ps.Compared)
		p("  exact match                    %d/%d\n", ps.ExactMatch, ps.Compared)
		p("  feasible                       %d/%d\n", ps.Feasible, ps.Compared)
		p("  exact verification (optimal)   %d/%d\n", ps.Verified, ps.Compared)
		p("  disagreements                  %d\n", len(ps.Disagree))
	}
	list := func(title string, fs []natplan.Finding) {
		if len(fs) == 0 {
			return
		}
		p("\n%s\n", title)
		for _, f := range fs {
			p("  %s: %s\n", f.ID, f.Reason)
		}
	}
	list("UNPARSED", r.Unparsed)
	list("NOT PROVEN", r.NotProven)
	list("MODEL INFEASIBLE", r.ModelInfeasible)
	list("GOLDEN INFEASIBLE", r.GoldenInfeasible)
	list("GOLDEN SUBOPTIMAL", r.GoldenSuboptimal)
	if len(r.Several) > 0 {
		p("\nSEVERAL OPTIMA (a proven-optimal witness other than the golden plan)\n")
		for _, s := range r.Several {
			p("  %s: witness %s\n", s.ID, s.Witness)
		}
	}
	if ps := r.Predictions; ps != nil && len(ps.Disagree) > 0 {
		p("\nEXACT MATCH vs EXACT VERIFICATION\n")
		for _, d := range ps.Disagree {
			p("  %s: exact match %v, verified %v: %s\n", d.ID, d.ExactMatch, d.Verified, d.Reason)
		}
	}
	return nil
}
