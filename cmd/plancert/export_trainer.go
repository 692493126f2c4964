package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/plancert/plancert/gen/trainset"
)

type exportOptions struct {
	IO *iostreams

	Suite  string
	Format string
	Out    string
	Split  float64
}

const exportLong = `Write a suite as a training dataset for an RL trainer, into the directory
--out (created if needed): train.parquet or train.jsonl, and with --split F
also test.parquet or test.jsonl holding the fraction F of the records (chosen
by a hash of their ids: the same suite always splits the same way). Each
file is written through a temporary file and renamed into place.

Formats:
  verl   parquet with verl's columns: data_source ("plancert/<family>"),
         prompt (chat messages: one user message, the record's prompt),
         ability ("planning"), reward_model {style: "rule", ground_truth:
         the record id}, extra_info {index, id, split, task, family,
         subtask}; index is the record's line in the suite, from 0.
  jsonl  one JSON object per line for TRL (and OpenRLHF): {"prompt":
         [{"role": "user", "content": ...}], "id", "data_source", "task",
         "family", "subtask", "split", "index"}.

The rewards come from "plancert serve" on the same suite: every row carries
the record id the server grades by. examples/plancert_verl.py (verl's
compute_score) and examples/plancert_trl.py (a TRL reward function) call it.

This is not export-model, which writes one constraint model for another
solver.`

const exportExample = `  # A verl dataset with a 20% test split
  $ plancert export --format verl --suite testdata/verify/suite.jsonl --out /tmp/verl --split 0.2

  # A JSONL dataset for TRL's GRPOTrainer
  $ plancert export --format jsonl --suite testdata/verify/suite.jsonl --out /tmp/trl`

func newExportCmd(ios *iostreams, runF func(context.Context, *exportOptions) error) *cobra.Command {
	opts := &exportOptions{IO: ios}
	cmd := &cobra.Command{
		Use:     "export --format verl|jsonl --suite FILE --out DIR",
		Short:   "Write a suite as a training dataset for verl (parquet) or TRL (JSONL)",
		Long:    exportLong,
		Example: exportExample,
		Args:    noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := opts.validate(); err != nil {
				return err
			}
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return runExport(opts)
		},
	}
	f := cmd.Flags()
	f.StringVar(&opts.Format, "format", "", "the dataset format: `verl|jsonl` (required)")
	f.StringVar(&opts.Suite, "suite", "", "the suite, JSONL records (`FILE`; - for standard input)")
	f.StringVar(&opts.Out, "out", "", "write the files into directory `DIR` (required)")
	f.Float64Var(&opts.Split, "split", 0, "put this `FRACTION` of the records in a test file (0: no test file)")
	return cmd
}

func (o *exportOptions) validate() error {
	switch {
	case o.Format == "":
		return usageErrorf("--format is required (verl or jsonl)")
	case o.Format != "verl" && o.Format != "jsonl":
		return usageErrorf("--format: %q is not a dataset format (want verl or jsonl; export-model writes models)", o.Format)
	case o.Suite == "":
		return usageErrorf("--suite is required")
	case o.Out == "":
		return usageErrorf("--out is required (a directory)")
	case !(o.Split >= 0 && o.Split < 1): // NaN too
		return usageErrorf("--split must be at least 0 and less than 1, got %v", o.Split)
	}
	return nil
}

func runExport(opts *exportOptions) error {
	records, err := readSuiteFile(opts.IO.In, opts.Suite)
	if err != nil {
		return err
	}
	parts := []struct {
		name string
		recs []trainset.Indexed
	}{{trainset.Train, trainset.All(records)}}
	if opts.Split > 0 {
		train, test, err := trainset.Split(records, opts.Split)
		if err != nil {
			return usageErrorf("--split: %s", strings.TrimPrefix(err.Error(), "trainset: "))
		}
		parts = []struct {
			name string
			recs []trainset.Indexed
		}{{trainset.Train, train}, {trainset.Test, test}}
	}
	if err := os.MkdirAll(opts.Out, 0o755); err != nil {
		return fmt.Errorf("--out: %w", err)
	}
	ext := map[string]string{"verl": ".parquet", "jsonl": ".jsonl"}[opts.Format]
	var wrote []string
	for _, p := range parts {
		path := filepath.Join(opts.Out, p.name+ext)
		err := writeFileAtomic(path, nil, func(w io.Writer) error {
			if opts.Format == "verl" {
				return trainset.WriteVerl(w, trainset.VerlRows(p.recs, p.name))
			}
			return trainset.WriteJSONL(w, trainset.JSONLRows(p.recs, p.name))
		})
		var ce *createError
		switch {
		case errors.As(err, &ce):
			return fmt.Errorf("--out: cannot create a file in %s: %w", ce.dir, bareFSError(ce.err))
		case err != nil:
			return fmt.Errorf("--out: writing %s: %w", path, bareFSError(err))
		}
		wrote = append(wrote, fmt.Sprintf("%s (%d rows)", path, len(p.recs)))
	}
	fmt.Fprintf(opts.IO.ErrOut, "export: %s: wrote %s\n", opts.Suite, strings.Join(wrote, ", "))
	return nil
}
