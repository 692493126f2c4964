package main

import (
	"bufio"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"
)

// writeFileAtomic writes path through a temporary file in the same
// directory, renamed onto path when write succeeds (or when keepPartial is
// set, e.g. after Ctrl-C, so that every finished line is kept). On any
// other error the temporary file is removed and path is left as it was.
//
// The temporary file is held locked while it is written (where lockFile
// locks), and the temporary files of path that no process holds, left by
// a writer that was killed (kill -9, a crash, the machine's end), are
// removed first: a run after a kill does not leave them to pile up.
//
// A path that exists and is not a regular file (a device such as
// /dev/null or /dev/stdout, a FIFO, a socket) is refused as a usage error
// before write runs: the rename would replace it with a regular file.
func writeFileAtomic(path string, keepPartial func(error) bool, write func(io.Writer) error) (err error) {
	if info, err := os.Stat(path); err == nil && !info.IsDir() && !info.Mode().IsRegular() {
		return usageErrorf("%s is not a regular file: plancert writes a file through a temporary file renamed onto it, which would replace %s", path, path)
	}
	removeStaleTemps(path)
	f, lock, err := createLockedTemp(path)
	if err != nil {
		return &createError{filepath.Dir(path), err}
	}
	defer lock.Close()
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

// needArgs rejects, as a usage error, a command line without the
// positional arguments a command needs: "<command> needs <what>".
func needArgs(what string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) == 0 {
			return usageErrorf("%s needs %s", cmd.CommandPath(), what)
		}
		return nil
	}
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

// tempPattern is the os.CreateTemp pattern of path's temporary files.
func tempPattern(path string) string { return "." + filepath.Base(path) + ".*.tmp" }

// isTempOf says whether name is one of path's temporary files: "." + the
// base name + "." + the digits os.CreateTemp adds + ".tmp".
func isTempOf(name, path string) bool {
	prefix := "." + filepath.Base(path) + "."
	digits, ok := strings.CutPrefix(name, prefix)
	if !ok {
		return false
	}
	digits, ok = strings.CutSuffix(digits, ".tmp")
	return ok && digits != "" && strings.Trim(digits, "0123456789") == ""
}

// createLockedTemp creates a temporary file of path, and locks it through
// a second descriptor, lock, so that f can be closed (and its error seen)
// before the rename while the lock lasts until lock is closed. A
// removeStaleTemps of another process may take the file between its
// creation and the lock: then another is made.
func createLockedTemp(path string) (f, lock *os.File, err error) {
	for {
		f, err := os.CreateTemp(filepath.Dir(path), tempPattern(path))
		if err != nil {
			return nil, nil, err
		}
		lock, err := os.Open(f.Name())
		if err == nil {
			err = lockFile(lock)
			if err == nil {
				var held, now fs.FileInfo
				if held, err = lock.Stat(); err == nil {
					if now, err = os.Stat(f.Name()); err == nil && os.SameFile(held, now) {
						return f, lock, nil
					}
				}
			}
			lock.Close()
		}
		f.Close()
		if errors.Is(err, errLocked) || errors.Is(err, fs.ErrNotExist) || err == nil {
			continue // a removeStaleTemps took it
		}
		os.Remove(f.Name())
		return nil, nil, err
	}
}

// removeStaleTemps removes the temporary files of path that no process
// holds locked: a writer killed before its rename left them. Where lockFile
// does not lock, a live writer's file cannot be told from a stale one, and
// nothing is removed. Errors are ignored: the files stay, as before.
func removeStaleTemps(path string) {
	if !lockHeld {
		return
	}
	dir := filepath.Dir(path)
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		if !e.Type().IsRegular() || !isTempOf(e.Name(), path) {
			continue
		}
		name := filepath.Join(dir, e.Name())
		f, err := os.Open(name)
		if err != nil {
			continue
		}
		if lockFile(f) == nil { // no writer holds it
			os.Remove(name)
		}
		f.Close()
	}
}
