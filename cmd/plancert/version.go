package main

import (
	"fmt"
	"runtime/debug"

	"github.com/spf13/cobra"
)

type versionOptions struct {
	IO *iostreams
}

func newVersionCmd(ios *iostreams, runF func(*versionOptions) error) *cobra.Command {
	opts := &versionOptions{IO: ios}
	return &cobra.Command{
		Use:     "version",
		Short:   "Print the version of plancert",
		Long:    "Print the module version plancert was built from, or \"devel\" for a build\nfrom a source tree.",
		Example: "  $ plancert version",
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) > 0 {
				return usageErrorf("%s takes no arguments, got %q", cmd.CommandPath(), args[0])
			}
			return nil
		},
		RunE: func(*cobra.Command, []string) error {
			if runF != nil {
				return runF(opts)
			}
			return runVersion(opts)
		},
	}
}

func runVersion(opts *versionOptions) error {
	_, err := fmt.Fprintf(opts.IO.Out, "plancert %s\n", moduleVersion())
	return err
}

// moduleVersion returns the version of the main module from the build
// information, or "devel".
func moduleVersion() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		return bi.Main.Version
	}
	return "devel"
}

// buildVersion is moduleVersion with the commit the binary was built from,
// when the build recorded it (go build in a git checkout, without
// -buildvcs=false): "devel (commit 0123abcd..., modified)".
func buildVersion() string {
	v := moduleVersion()
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return v
	}
	var rev, modified string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			modified = s.Value
		}
	}
	switch {
	case rev == "":
		return v
	case modified == "true":
		return v + " (commit " + rev + ", modified)"
	}
	return v + " (commit " + rev + ")"
}
