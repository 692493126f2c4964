package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/plancert/plancert/domains"
)

type showOptions struct {
	IO *iostreams

	Suite string
	ID    string
}

const showLong = `Print one record of a suite as a person reads it: the prompt, the checklist
(what the code checks), the certified reference and the certificate.`

const showExample = `  $ plancert gen --task meeting-planning --n 3 --seed 1 --out /tmp/suite.jsonl
  $ plancert show --suite /tmp/suite.jsonl`

func newShowCmd(ios *iostreams, runF func(context.Context, *showOptions) error) *cobra.Command {
	opts := &showOptions{IO: ios}
	cmd := &cobra.Command{
		Use:     "show --suite FILE [--id ID]",
		Short:   "Print a record: prompt, checklist, reference and certificate",
		Long:    showLong,
		Example: showExample,
		Args:    noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if opts.Suite == "" {
				return usageErrorf("--suite is required")
			}
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return runShow(opts)
		},
	}
	cmd.Flags().StringVar(&opts.Suite, "suite", "", "the suite (JSONL records from plancert gen)")
	cmd.Flags().StringVar(&opts.ID, "id", "", "the record's id (default: the first record)")
	return cmd
}

func runShow(opts *showOptions) error {
	records, err := readSuiteFile(opts.IO.In, opts.Suite)
	if err != nil {
		return err
	}
	rec := records[0]
	if opts.ID != "" {
		rec = nil
		for _, r := range records {
			if r.ID == opts.ID {
				rec = r
			}
		}
		if rec == nil {
			return &inputError{opts.Suite, fmt.Errorf("no record has id %q", opts.ID)}
		}
	}
	writeRecord(opts.IO.Out, rec)
	return nil
}

// writeRecord prints a record for a person.
func writeRecord(w io.Writer, rec *domains.Record) {
	rule := strings.Repeat("─", 72)
	fmt.Fprintf(w, "%s\n%s  (%s / %s, level %d, seed %d)\n", rule, rec.ID, rec.Family, rec.Task, max(rec.Level, 1), rec.Seed)
	c := rec.Constraints
	fmt.Fprintf(w, "constraints: basic %v, medium %v, hard %v, stateful %v\n%s\n\n", c.Basic, c.Medium, c.Hard, c.Stateful, rule)
	fmt.Fprintf(w, "%s\n%s\nCHECKLIST\n", strings.TrimRight(rec.Prompt, "\n"), rule)
	for _, it := range rec.Checklist {
		tier := string(it.Tier)
		if tier == "" {
			tier = "—"
		}
		fmt.Fprintf(w, "  %-16s %-7s %-13s %s\n", it.ID, tier, it.Kind, it.Text)
	}
	fmt.Fprintf(w, "%s\nREFERENCE\n  %s\n", rule, rec.Reference.Plan)
	ct := rec.Certificate
	unique := "unsettled"
	if ct.Unique != nil {
		unique = fmt.Sprint(*ct.Unique)
	}
	fmt.Fprintf(w, "CERTIFICATE\n  status %s, objective %v, unique %s", ct.Status, ct.Objective, unique)
	if len(ct.Core) > 0 {
		fmt.Fprintf(w, ", core %q", ct.Core)
	}
	fmt.Fprintf(w, "\n  %d solve calls, %d conflicts, %d variables, %d clauses\n", ct.Stats.SolveCalls, ct.Stats.Conflicts, ct.Stats.Variables, ct.Stats.Clauses)
	if h := rec.Hardness; h != nil {
		at := map[bool]string{true: "", false: "at least "}[h.OptimalPlansComplete]
		fmt.Fprintf(w, "HARDNESS\n  %s%d optimal %s before %d tie-break %s; %d solve calls, %d conflicts in all\n",
			at, h.OptimalPlans, plural(h.OptimalPlans, "plan", "plans"), h.TieBreaks, plural(h.TieBreaks, "level", "levels"), h.SolveCalls, h.Conflicts)
	}
	fmt.Fprintln(w, rule)
}
