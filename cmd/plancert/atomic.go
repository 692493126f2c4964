package main

import (
	"bufio"
	"io"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"
)

// writeFileAtomic writes path through a temporary file in the same
// directory, renamed onto path when write succeeds (or when keepPartial is
// set, e.g. after Ctrl-C, so that every finished line is kept). On any
// other error the temporary file is removed and path is left as it was.
func writeFileAtomic(path string, keepPartial func(error) bool, write func(io.Writer) error) (err error) {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return &createError{filepath.Dir(path), err}
	}
	keep := false
	defer func() {
		if !keep {
			f.Close()
			os.Remove(f.Name())
		}
	}()
	if err := f.Chmod(0o644); err != nil { // CreateTemp makes it 0600
		return err
	}
	bw := bufio.NewWriter(f)
	werr := write(bw)
	if werr != nil && (keepPartial == nil || !keepPartial(werr)) {
		return werr
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	if err := os.Rename(f.Name(), path); err != nil {
		return err
	}
	keep = true
	return werr
}

// noArgs rejects positional arguments of commands that take only flags.
func noArgs(cmd *cobra.Command, args []string) error {
	if len(args) > 0 {
		return usageErrorf("%s takes no arguments, got %q", cmd.CommandPath(), args[0])
	}
	return nil
}

// createError says the temporary file could not be created in dir.
type createError struct {
	dir string
	err error
}

func (e *createError) Error() string {
	return "cannot create a file in " + e.dir + ": " + e.err.Error()
}
func (e *createError) Unwrap() error { return e.err }
