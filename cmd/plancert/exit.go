package main

import (
	"errors"
	"fmt"

	"github.com/plancert/plancert/solver"
)

// exitCode is plancert's exit status. This file is the one place where
// errors become exit codes.
type exitCode int

// The exit codes, documented in "plancert audit --help" and the README.
const (
	// exitOK: every file got a proven result.
	exitOK exitCode = 0
	// exitError: any other error (I/O, a model too large for a backend:
	// --brute, or a CNF past audit --max-memory; interrupted).
	exitError exitCode = 1
	// exitBadInput: usage error or bad input (unknown flag, missing file,
	// malformed JSON or an invalid model).
	exitBadInput exitCode = 2
	// exitNotProven: some result was not proven within the time limit.
	exitNotProven exitCode = 3
	// exitIntegrity: a solver answer failed the model's own Check (a bug in
	// plancert, never a property of the model).
	exitIntegrity exitCode = 4
)

// exitCodesHelp is the exit code table shown by "plancert audit --help".
const exitCodesHelp = `Exit codes:
  0  every file got a proven result: optimal; infeasible with a minimal core;
     feasible for a model without objective; and uniqueness settled
  1  any other error (I/O error, model too large for --brute or its CNF for
     --max-memory, interrupted)
  2  usage error or bad input (unknown flag, missing file, invalid JSON or model;
     --crosscheck cbc in a build without the cbc tag)
  3  some result was not proven within the time limit
  4  integrity failure: a solver answer failed the model's own Check, a
     proof written by --proof does not check, a record's certificate is not
     what is proven (--task), or the --crosscheck backend disagrees on
     feasibility, optimum or uniqueness
With several files every file is processed and the most severe code wins,
in the order 4, 2, 1, 3, 0.`

// severity orders codes for several files: 4 > 2 > 1 > 3 > 0.
func (c exitCode) severity() int {
	switch c {
	case exitIntegrity:
		return 4
	case exitBadInput:
		return 3
	case exitError:
		return 2
	case exitNotProven:
		return 1
	}
	return 0
}

// usageError is a wrong flag, argument or combination of them.
type usageError struct{ err error }

func (e *usageError) Error() string { return e.err.Error() }
func (e *usageError) Unwrap() error { return e.err }

func usageErrorf(format string, args ...any) error {
	return &usageError{fmt.Errorf(format, args...)}
}

// inputError is a file that cannot be read or is not a valid model.
type inputError struct {
	file string
	err  error
}

func (e *inputError) Error() string { return e.file + ": " + e.err.Error() }
func (e *inputError) Unwrap() error { return e.err }

// notProvenError says a file's result was not proven in time.
type notProvenError struct {
	file        string
	what        string
	interrupted bool   // by Ctrl-C rather than the time limit
	hint        string // appended after a semicolon when set
}

func (e *notProvenError) Error() string {
	msg := e.file + ": " + e.what + " not proven within the time limit"
	if e.interrupted {
		msg = e.file + ": " + e.what + " not proven before the interrupt"
	}
	if e.hint != "" {
		msg += "; " + e.hint
	}
	return msg
}

// fileError is any other failure while auditing a file.
type fileError struct {
	file string
	err  error
}

func (e *fileError) Error() string { return e.file + ": " + e.err.Error() }
func (e *fileError) Unwrap() error { return e.err }

// errInterrupted says the run was cancelled (Ctrl-C) before every file was
// done.
var errInterrupted = errors.New("interrupted")

// reportedError wraps an error whose parts were already printed to ErrOut.
type reportedError struct{ err error }

func (e *reportedError) Error() string { return e.err.Error() }
func (e *reportedError) Unwrap() error { return e.err }

// exitCodeOf maps err to an exit code. Errors joined by errors.Join (one per
// file) give the most severe of their codes.
func exitCodeOf(err error) exitCode {
	if err == nil {
		return exitOK
	}
	switch e := err.(type) {
	case interface{ Unwrap() []error }:
		code := exitOK
		for _, sub := range e.Unwrap() {
			if c := exitCodeOf(sub); c.severity() > code.severity() {
				code = c
			}
		}
		return code
	case *solver.IntegrityError:
		return exitIntegrity
	case *usageError, *inputError:
		return exitBadInput
	case *recordMismatchError:
		return exitIntegrity
	case *notProvenError, *proofRejectedError:
		return exitNotProven
	case interface{ Unwrap() error }:
		if sub := e.Unwrap(); sub != nil {
			return exitCodeOf(sub)
		}
	}
	return exitError
}
