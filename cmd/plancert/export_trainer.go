package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/gen/trainset"
	"github.com/plancert/plancert/verify"
)

type exportOptions struct {
	IO *iostreams

	Suite   string
	Format  string
	Out     string
	Split   float64
	License string
}

const exportLong = `Write a suite as a training dataset into the directory --out (created if
needed), and with --split F a test split holding the fraction F of the
records (chosen by a hash of their ids: the same suite always splits the
same way). Each file is written through a temporary file and renamed into
place.

Formats:
  verl   train.parquet (and test.parquet) with verl's columns: data_source
         ("plancert/<family>"), prompt (chat messages: one user message,
         the record's prompt), ability ("planning"), reward_model {style:
         "rule", ground_truth: the record id}, extra_info {index, id,
         hash, split, task, family, subtask, record}; index is the record's
         line in the suite, from 0.
  jsonl  train.jsonl (and test.jsonl), one JSON object per line for TRL
         (and OpenRLHF): {"prompt": [{"role": "user", "content": ...}],
         "id", "hash", "label", "data_source", "task", "family",
         "subtask", "split", "index", "record"}; label is "<id>#<hash>",
         the column for OpenRLHF's --data.label_key.
  hf     a Hugging Face dataset that datasets.load_dataset(DIR) reads, and
         that can be pushed to the Hub as it is: data/train-00000-of-00001.parquet
         (and data/test-00000-of-00001.parquet) with the columns id, hash, index,
         family, task, subtask, level, status, prompt (chat messages) and
         record, and README.md, the dataset card: YAML front matter with
         configs (the split files), dataset_info (features, num_examples
         and num_bytes per split), --license, task categories and tags;
         then how the records were certified, the columns, how to grade
         offline, counts per family, task and level, and the command and
         plancert version that wrote it. README.md is written last, and the
         same suite and flags give the same bytes.

Every row carries the record id, its content hash and the record itself:
record is the record's line in the suite, exactly, as a JSON string. The
id is what "plancert serve" grades by (examples/plancert_verl.py, verl's
compute_score, and examples/plancert_trl.py, a TRL reward function, call
it); sent with it, the hash makes a server whose record of that id is
another (another plancert version or gen run) refuse to grade (409; on
OpenRLHF's /get_reward, reward 0 flagged hash_mismatch). A record without
a hash in the suite (written before records carried one) gets the hash of
its line. The record lets a grader work offline: the records of a split,
written one per line, are a suite for "plancert score" or "plancert serve".
In verl rows it is in extra_info, which verl passes to compute_score;
ground_truth stays the id.

This is not export-model, which writes one constraint model for another
solver.`

const exportExample = `  # A verl dataset with a 20% test split
  $ plancert export --format verl --suite testdata/verify/suite.jsonl --out /tmp/verl --split 0.2

  # A JSONL dataset for TRL's GRPOTrainer
  $ plancert export --format jsonl --suite testdata/verify/suite.jsonl --out /tmp/trl

  # A Hugging Face dataset with its card: load it with datasets.load_dataset("/tmp/hf")
  $ plancert export --format hf --suite testdata/verify/suite.jsonl --out /tmp/hf --split 0.2 --license cc-by-4.0`

// hfLicense is the form of a Hugging Face licence id.
var hfLicense = regexp.MustCompile(`^[a-z0-9][a-z0-9.+-]*$`)

func newExportCmd(ios *iostreams, runF func(context.Context, *exportOptions) error) *cobra.Command {
	opts := &exportOptions{IO: ios}
	cmd := &cobra.Command{
		Use:     "export --format verl|jsonl|hf --suite FILE --out DIR",
		Short:   "Write a suite as a training dataset for verl (parquet), TRL (JSONL) or Hugging Face (parquet and a card)",
		Long:    exportLong,
		Example: exportExample,
		Args:    noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := opts.validate(cmd.Flags().Changed("license")); err != nil {
				return err
			}
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return runExport(opts)
		},
	}
	f := cmd.Flags()
	f.StringVar(&opts.Format, "format", "", "the dataset format: `verl|jsonl|hf` (required)")
	f.StringVar(&opts.Suite, "suite", "", "the suite, JSONL records (`FILE`; - for standard input)")
	f.StringVar(&opts.Out, "out", "", "write the files into directory `DIR` (required)")
	f.Float64Var(&opts.Split, "split", 0, "put this `FRACTION` of the records in a test split (0: no test split)")
	f.StringVar(&opts.License, "license", "unknown", "hf: the dataset card's licence, a Hugging Face licence `ID` (mit, apache-2.0, cc-by-4.0, other, ...)")
	return cmd
}

func (o *exportOptions) validate(licenseSet bool) error {
	switch {
	case o.Format == "":
		return usageErrorf("--format is required (verl, jsonl or hf)")
	case o.Format != "verl" && o.Format != "jsonl" && o.Format != "hf":
		return usageErrorf("--format: %q is not a dataset format (want verl, jsonl or hf; export-model writes models)", o.Format)
	case o.Suite == "":
		return usageErrorf("--suite is required")
	case o.Out == "":
		return usageErrorf("--out is required (a directory)")
	case !(o.Split >= 0 && o.Split < 1): // NaN too
		return usageErrorf("--split must be at least 0 and less than 1, got %v", o.Split)
	case licenseSet && o.Format != "hf":
		return usageErrorf("--license is for --format hf (the dataset card), not %s", o.Format)
	case !hfLicense.MatchString(o.License):
		return usageErrorf("--license %q is not a Hugging Face licence id (lower case, such as mit, apache-2.0, cc-by-4.0 or other)", o.License)
	}
	return nil
}

func runExport(opts *exportOptions) error {
	raw, records, err := readSuiteRaw(opts.IO.In, opts.Suite)
	if err != nil {
		return err
	}
	parts := []exportPart{{trainset.Train, trainset.All(records)}}
	if opts.Split > 0 {
		train, test, err := trainset.Split(records, opts.Split)
		if err != nil {
			return usageErrorf("--split: %s", strings.TrimPrefix(err.Error(), "trainset: "))
		}
		parts = []exportPart{{trainset.Train, train}, {trainset.Test, test}}
	}
	lines := trainset.Lines(raw)
	if len(lines) != len(records) {
		return fmt.Errorf("export: %s: %d record lines for %d records", opts.Suite, len(lines), len(records))
	}
	for _, p := range parts {
		if err := trainset.SetLines(p.recs, lines); err != nil {
			return err
		}
	}
	if err := os.MkdirAll(opts.Out, 0o755); err != nil {
		return fmt.Errorf("--out: %w", err)
	}
	var wrote []string
	var card trainset.Card
	for _, p := range parts {
		var (
			path  string
			write func(io.Writer) error
		)
		switch opts.Format {
		case "verl":
			rows, err := trainset.VerlRows(p.recs, p.name)
			if err != nil {
				return err
			}
			path, write = filepath.Join(opts.Out, p.name+".parquet"), func(w io.Writer) error { return trainset.WriteVerl(w, rows) }
		case "jsonl":
			rows, err := trainset.JSONLRows(p.recs, p.name)
			if err != nil {
				return err
			}
			path, write = filepath.Join(opts.Out, p.name+".jsonl"), func(w io.Writer) error { return trainset.WriteJSONL(w, rows) }
		case "hf":
			rows, err := trainset.HFRows(p.recs)
			if err != nil {
				return err
			}
			rel := trainset.HFSplitPath(p.name)
			path, write = filepath.Join(opts.Out, filepath.FromSlash(rel)), func(w io.Writer) error { return trainset.WriteHF(w, rows) }
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				return fmt.Errorf("--out: %w", err)
			}
			card.Splits = append(card.Splits, trainset.CardSplit{Name: p.name, Path: rel, Records: p.recs})
		}
		if err := writeExportFile(path, write); err != nil {
			return err
		}
		if opts.Format == "hf" {
			st, err := os.Stat(path)
			if err != nil {
				return fmt.Errorf("--out: %w", err)
			}
			card.Splits[len(card.Splits)-1].Size = st.Size()
		}
		wrote = append(wrote, fmt.Sprintf("%s (%d rows)", path, len(p.recs)))
	}
	if opts.Format == "hf" {
		sum := sha256.Sum256(raw)
		card.License, card.Fraction, card.Version = opts.License, opts.Split, buildVersion()
		card.Suite, card.SHA256 = exportName(opts.Suite), hex.EncodeToString(sum[:])
		card.Command = exportCommand(opts)
		path := filepath.Join(opts.Out, "README.md")
		if err := writeExportFile(path, func(w io.Writer) error { return trainset.WriteCard(w, card) }); err != nil {
			return err
		}
		wrote = append(wrote, path+" (the dataset card)")
	}
	fmt.Fprintf(opts.IO.ErrOut, "export: %s: wrote %s\n", opts.Suite, strings.Join(wrote, ", "))
	return nil
}

type exportPart struct {
	name string
	recs []trainset.Indexed
}

// writeExportFile writes path atomically, naming --out in errors.
func writeExportFile(path string, write func(io.Writer) error) error {
	err := writeFileAtomic(path, nil, write)
	var ce *createError
	switch {
	case errors.As(err, &ce):
		return fmt.Errorf("--out: cannot create a file in %s: %w", ce.dir, bareFSError(ce.err))
	case err != nil:
		return fmt.Errorf("--out: writing %s: %w", path, bareFSError(err))
	}
	return nil
}

// readSuiteRaw reads a suite file ("-": in) whole, as it is, and its
// records.
func readSuiteRaw(in io.Reader, file string) ([]byte, []*domains.Record, error) {
	var raw []byte
	err := withGradeInput(in, file, func(r io.Reader) error {
		var err error
		raw, err = io.ReadAll(r)
		return err
	})
	if err != nil {
		return nil, nil, &inputError{file, err}
	}
	records, err := verify.ReadSuite(bytes.NewReader(raw))
	if err != nil {
		return nil, nil, &inputError{file, err}
	}
	return raw, records, nil
}

// exportName is how the card names a file: its base name, so that the
// card does not depend on where the files were.
func exportName(file string) string {
	if file == "-" {
		return "-"
	}
	return filepath.Base(file)
}

// exportCommand is the export command line as the card gives it: the
// suite and --out by base name, the flags that change the dataset.
func exportCommand(opts *exportOptions) string {
	cmd := fmt.Sprintf("plancert export --format %s --suite %s --out %s", opts.Format, exportName(opts.Suite), exportName(opts.Out))
	if opts.Split > 0 {
		cmd += " --split " + strconv.FormatFloat(opts.Split, 'g', -1, 64)
	}
	if opts.License != "unknown" {
		cmd += " --license " + opts.License
	}
	return cmd
}
