package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/plancert/plancert/export"
)

type exportModelOptions struct {
	IO *iostreams

	File   string
	Format string
	Out    string
	Level  int
	Fixed  string
}

const exportModelLong = `Write a model of the generic JSON format (FILE; "-" reads standard input) in
another solver's input language, so that it can be re-solved with the solver
of your choice:

  lp      CPLEX LP, e.g. for COIN-OR CBC:  cbc OUT.lp solve solu sol.txt
  mzn     MiniZinc for Gecode:             minizinc --solver gecode OUT.mzn
  smt2    SMT-LIB 2 with z3's optimizer:   z3 OUT.smt2
  dimacs  the CNF that plancert's SAT backend solves (no objective):
                                           cadical OUT.cnf

Every constraint kind, only_if literals and all objective levels are
written; each file says in comments how its names map to the model's. LP and
MiniZinc have a single objective: several levels are combined into one
weighted objective when the weights stay below 1e9, and otherwise the
command fails and asks for one level at a time: --level 1 writes level 1
alone; --level 2 --fixed V1 writes level 2 with level 1 fixed at its optimum
V1; and so on.

The file goes to standard output, or to --out through a temporary file
renamed into place.`

const exportModelExample = `  # The job-shop example as an LP file, solved by CBC
  $ plancert export-model --format lp testdata/models/jobshop-3x3.json --out /tmp/js.lp
  $ cbc /tmp/js.lp solve solu /tmp/js.sol

  # Two-level objective for z3 (levels stay lexicographic)
  $ plancert export-model --format smt2 testdata/models/lexicographic.json --out /tmp/lex.smt2
  $ z3 /tmp/lex.smt2

  # MiniZinc, second objective level with the first fixed at its optimum 15
  $ plancert export-model --format mzn --level 2 --fixed 15 testdata/models/lexicographic.json`

func newExportModelCmd(ios *iostreams, runF func(context.Context, *exportModelOptions) error) *cobra.Command {
	opts := &exportModelOptions{IO: ios}
	cmd := &cobra.Command{
		Use:     "export-model --format lp|mzn|smt2|dimacs FILE",
		Short:   "Write a model in the LP, MiniZinc, SMT-LIB 2 or DIMACS format",
		Long:    exportModelLong,
		Example: exportModelExample,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) != 1 {
				return usageErrorf("%s needs exactly one model FILE, got %d", cmd.CommandPath(), len(args))
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.File = args[0]
			if err := opts.validate(); err != nil {
				return err
			}
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return runExportModel(opts)
		},
	}
	f := cmd.Flags()
	f.StringVar(&opts.Format, "format", "", "the output format: `lp|mzn|smt2|dimacs` (required)")
	f.StringVar(&opts.Out, "out", "", "write to `OUT` instead of standard output")
	f.IntVar(&opts.Level, "level", 0, "write objective level `K` alone (counting from 1), earlier levels fixed by --fixed")
	f.StringVar(&opts.Fixed, "fixed", "", "the optima `V1,V2,...` of the levels before --level")
	return cmd
}

func (o *exportModelOptions) validate() error {
	if o.Format == "" {
		return usageErrorf("--format is required (lp, mzn, smt2 or dimacs)")
	}
	if _, err := export.ParseFormat(o.Format); err != nil {
		return usageErrorf("--format: %q is not a format (want lp, mzn, smt2 or dimacs)", o.Format)
	}
	switch {
	case o.Level < 0:
		return usageErrorf("--level must be at least 1, got %d", o.Level)
	case o.Level == 0 && o.Fixed != "":
		return usageErrorf("--fixed needs --level")
	}
	if o.Level > 0 {
		fixed, err := o.fixed()
		if err != nil {
			return err
		}
		if len(fixed) != o.Level-1 {
			return usageErrorf("--level %d needs --fixed with the optima of the %d levels before it, got %d values", o.Level, o.Level-1, len(fixed))
		}
	}
	return nil
}

func (o *exportModelOptions) fixed() ([]int64, error) {
	if o.Fixed == "" {
		return nil, nil
	}
	var out []int64
	for _, f := range strings.Split(o.Fixed, ",") {
		v, err := strconv.ParseInt(strings.TrimSpace(f), 10, 64)
		if err != nil {
			return nil, usageErrorf("--fixed: %q is not an integer", f)
		}
		out = append(out, v)
	}
	return out, nil
}

func runExportModel(opts *exportModelOptions) error {
	m, err := readModel(opts.IO.In, opts.File)
	if err != nil {
		return &inputError{opts.File, err}
	}
	if opts.Level > 0 {
		if opts.Level > len(m.Objectives) {
			return &inputError{opts.File, fmt.Errorf("--level %d: the model has %d objective levels", opts.Level, len(m.Objectives))}
		}
		fixed, _ := opts.fixed()
		if m, err = export.Stage(m, opts.Level-1, fixed); err != nil {
			return err
		}
	}
	format, _ := export.ParseFormat(opts.Format)
	title := "plancert export-model of " + opts.File
	if opts.Level > 0 {
		title += fmt.Sprintf(", objective level %d", opts.Level)
	}
	write := func(w io.Writer) error { return export.Write(w, m, format, title) }
	if opts.Out == "" {
		err = write(opts.IO.Out)
	} else {
		err = writeFileAtomic(opts.Out, nil, write)
	}
	var lex *export.LexError
	if errors.As(err, &lex) {
		return &fileError{opts.File, fmt.Errorf("%s cannot hold the %d objective levels in one objective (the weights would reach %.3g, beyond 1e9); write one level at a time: --level 1, then --level 2 --fixed <optimum of level 1>, and so on", opts.Format, lex.Levels, lex.Bound)}
	}
	if err != nil {
		return &fileError{opts.File, err}
	}
	return nil
}
