package main

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"
)

const rootLong = `plancert makes planning problems whose answers are proven, and grades plans
exactly. It generates certified suites (optimum proven, uniqueness checked,
infeasibility explained by a minimal set of rules), grades responses item by
item with code, raises difficulty in a closed loop, and audits constraint
models of a generic JSON format.`

const rootExample = `  # A certified suite of the scheduling family, one record shown in full
  $ plancert gen --family scheduling --n 9 --seed 1 --out /tmp/suite.jsonl
  $ plancert show --suite /tmp/suite.jsonl

  # Grade answers: the reference plans pass every item
  $ plancert respond --suite /tmp/suite.jsonl --responder reference --out /tmp/ref.jsonl
  $ plancert score --suite /tmp/suite.jsonl --responses /tmp/ref.jsonl

  # Prove the optimum, uniqueness or infeasibility of models
  $ plancert audit testdata/models/*.json`

// newRootCmd returns the plancert command with its subcommands, reading and
// writing ios.
func newRootCmd(ios *iostreams) *cobra.Command {
	cmd := &cobra.Command{
		Use:                        "plancert <command> [flags]",
		Short:                      "Exact certificates for planning problems",
		Long:                       rootLong,
		Example:                    rootExample,
		Version:                    moduleVersion(),
		SilenceErrors:              true,
		SuggestionsMinimumDistance: 2,
		SilenceUsage:               true,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return nil
			}
			msg := fmt.Sprintf("unknown command %q for %q", args[0], cmd.CommandPath())
			if s := cmd.SuggestionsFor(args[0]); len(s) > 0 {
				msg += "; did you mean " + strings.Join(s, " or ") + "?"
			}
			return usageErrorf("%s", msg)
		},
		// Without a command, show the help; Args reports unknown commands.
		RunE:              func(cmd *cobra.Command, _ []string) error { return cmd.Help() },
		CompletionOptions: cobra.CompletionOptions{DisableDefaultCmd: true},
	}
	cmd.SetVersionTemplate("plancert {{.Version}}\n")
	cmd.SetIn(ios.In)
	cmd.SetOut(ios.Out)
	cmd.SetErr(ios.ErrOut)
	cmd.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return &usageError{err} })
	cmd.AddCommand(newAuditCmd(ios, nil))
	cmd.AddCommand(newCheckProofCmd(ios, nil))
	cmd.AddCommand(newEvalCmd(ios, nil))
	cmd.AddCommand(newExportCmd(ios, nil))
	cmd.AddCommand(newExportModelCmd(ios, nil))
	cmd.AddCommand(newGenCmd(ios, nil))
	cmd.AddCommand(newImportCmd(ios, nil))
	cmd.AddCommand(newLoopCmd(ios, nil))
	cmd.AddCommand(newMergeCmd(ios, nil))
	cmd.AddCommand(newReportCmd(ios, nil))
	cmd.AddCommand(newNRPCmd(ios, nil))
	cmd.AddCommand(newRespondCmd(ios, nil))
	cmd.AddCommand(newScoreCmd(ios, nil))
	cmd.AddCommand(newServeCmd(ios, nil))
	cmd.AddCommand(newShowCmd(ios, nil))
	cmd.AddCommand(newTaxonomyCmd(ios, nil))
	cmd.AddCommand(newVerifyCmd(ios, nil))
	cmd.AddCommand(newVersionCmd(ios, nil))
	return cmd
}

// run executes plancert with args and returns the exit code. Errors not yet
// reported are printed to ios.ErrOut as "plancert: ...".
func run(ctx context.Context, args []string, ios *iostreams) exitCode {
	root := newRootCmd(ios)
	if args == nil {
		args = []string{} // nil would make cobra read os.Args
	}
	root.SetArgs(args)
	cmd, err := root.ExecuteContextC(ctx)
	if err != nil {
		var reported *reportedError
		if !errors.As(err, &reported) {
			fmt.Fprintf(ios.ErrOut, "plancert: %v\n", err)
		}
		var usage *usageError
		if errors.As(err, &usage) && cmd != nil {
			fmt.Fprintf(ios.ErrOut, "Run '%s --help' for usage.\n", cmd.CommandPath())
		}
	}
	return exitCodeOf(err)
}
