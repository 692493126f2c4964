package main

import (
	"io"
	"os"
)

// iostreams are the streams a command reads and writes: data goes to Out,
// diagnostics and progress to ErrOut. Tests inject buffers.
type iostreams struct {
	In     io.Reader
	Out    io.Writer
	ErrOut io.Writer
}

// systemIO returns the process's standard streams.
func systemIO() *iostreams {
	return &iostreams{In: os.Stdin, Out: os.Stdout, ErrOut: os.Stderr}
}
