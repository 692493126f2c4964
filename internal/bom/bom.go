// Package bom skips the UTF-8 byte order mark (U+FEFF, the bytes EF BB BF)
// that some editors, Windows Notepad and Excel among them, put at the start
// of a text file. Every plancert reader of an input file (suites, responses,
// models, records, instances, certificates) goes through it, so that a file
// saved with the mark reads as the same file without it. Only a mark at the
// very start is skipped: one further on is left to the reader to report.
package bom

import (
	"bufio"
	"bytes"
	"io"
)

// Mark is the UTF-8 byte order mark.
const Mark = "\uFEFF"

// Trim returns data without a leading byte order mark.
func Trim(data []byte) []byte {
	return bytes.TrimPrefix(data, []byte(Mark))
}

// Skip discards a byte order mark at the start of br, if there is one. A
// read error is left for br's next read.
func Skip(br *bufio.Reader) {
	if b, err := br.Peek(len(Mark)); err == nil && string(b) == Mark {
		br.Discard(len(Mark))
	}
}

// Reader returns r with a leading byte order mark skipped.
func Reader(r io.Reader) io.Reader {
	br, ok := r.(*bufio.Reader)
	if !ok {
		br = bufio.NewReader(r)
	}
	Skip(br)
	return br
}
