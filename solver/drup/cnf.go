package drup

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strconv"
)

// MaxVars is the largest variable index ReadCNF and Check accept.
const MaxVars = 1<<28 - 1

// CNF is a formula in conjunctive normal form over the variables
// 1..NumVars. A literal is a nonzero int32: v for variable v, -v for its
// negation, as in DIMACS.
type CNF struct {
	NumVars int
	Clauses [][]int32
}

// SyntaxError says that a DIMACS CNF file or a proof is ill-formed. File is
// the name the caller gave (may be empty) and Line counts from 1.
// For a binary proof (Binary), Line counts its steps.
type SyntaxError struct {
	File   string
	Line   int
	Reason string
	Binary bool
}

func (e *SyntaxError) Error() string {
	if e.Binary {
		return fmt.Sprintf("drup: %s: step %d: %s", e.File, e.Line, e.Reason)
	}
	if e.File == "" {
		return fmt.Sprintf("drup: line %d: %s", e.Line, e.Reason)
	}
	return fmt.Sprintf("drup: %s:%d: %s", e.File, e.Line, e.Reason)
}

// lineReader yields the lines of a text input, any length.
type lineReader struct {
	br   *bufio.Reader
	file string
	line int
	buf  []byte
}

func newLineReader(r io.Reader, file string) *lineReader {
	return &lineReader{br: bufio.NewReaderSize(r, 1<<16), file: file}
}

// next returns the next line without its line break, or io.EOF.
func (l *lineReader) next() ([]byte, error) {
	l.buf = l.buf[:0]
	for {
		s, err := l.br.ReadSlice('\n')
		if err == bufio.ErrBufferFull {
			l.buf = append(l.buf, s...)
			continue
		}
		if err == io.EOF {
			if len(s) == 0 && len(l.buf) == 0 {
				return nil, io.EOF
			}
		} else if err != nil {
			return nil, err
		}
		l.line++
		if len(l.buf) > 0 {
			l.buf = append(l.buf, s...)
			s = l.buf
		}
		return bytes.TrimRight(s, "\r\n"), nil
	}
}

func (l *lineReader) errorf(format string, args ...any) error {
	return &SyntaxError{File: l.file, Line: l.line, Reason: fmt.Sprintf(format, args...)}
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f' }

// fields splits b at white space, reporting a byte that is not printable
// ASCII.
func fields(b []byte, dst [][]byte) ([][]byte, byte, bool) {
	dst = dst[:0]
	i := 0
	for i < len(b) {
		for i < len(b) && isSpace(b[i]) {
			i++
		}
		j := i
		for j < len(b) && !isSpace(b[j]) {
			if b[j] < 0x21 || b[j] > 0x7e {
				return dst, b[j], false
			}
			j++
		}
		if j > i {
			dst = append(dst, b[i:j])
		}
		i = j
	}
	return dst, 0, true
}

// parseLit parses a DIMACS literal (or 0).
func parseLit(tok []byte) (int32, bool) {
	v, err := strconv.ParseInt(string(tok), 10, 32)
	if err != nil || v < -MaxVars || v > MaxVars {
		return 0, false
	}
	return int32(v), true
}

// ReadCNF reads a formula in DIMACS CNF: comment lines starting with "c",
// the header "p cnf VARS CLAUSES", then the clauses, each a list of
// literals ended by 0 (a clause may span lines). A line "%" ends the input
// (as in SATLIB files). name labels errors.
func ReadCNF(r io.Reader, name string) (*CNF, error) {
	lr := newLineReader(r, name)
	f := &CNF{}
	nclauses := -1
	var cur []int32
	var toks [][]byte
	open := false // a clause is started and not ended
	for {
		line, err := lr.next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("drup: reading %s: %w", name, err)
		}
		var bad byte
		var ok bool
		if toks, bad, ok = fields(line, toks); !ok {
			return nil, lr.errorf("byte 0x%02x is not printable ASCII (a DIMACS file is text)", bad)
		}
		if len(toks) == 0 {
			continue
		}
		switch toks[0][0] {
		case 'c':
			continue
		case '%':
			if nclauses < 0 {
				return nil, lr.errorf("%q before the header \"p cnf VARS CLAUSES\"", "%")
			}
			goto done
		case 'p':
			if nclauses >= 0 {
				return nil, lr.errorf("second header line")
			}
			if len(toks) != 4 || string(toks[0]) != "p" || string(toks[1]) != "cnf" {
				return nil, lr.errorf("the header must be \"p cnf VARS CLAUSES\", got %q", line)
			}
			nv, err1 := strconv.Atoi(string(toks[2]))
			nc, err2 := strconv.Atoi(string(toks[3]))
			if err1 != nil || err2 != nil || nv < 0 || nc < 0 {
				return nil, lr.errorf("the header must be \"p cnf VARS CLAUSES\" with two non-negative integers, got %q", line)
			}
			if nv > MaxVars {
				return nil, lr.errorf("%d variables is more than the %d this reader accepts", nv, MaxVars)
			}
			f.NumVars, nclauses = nv, nc
			f.Clauses = make([][]int32, 0, min(nc, 1<<20))
			continue
		}
		if nclauses < 0 {
			return nil, lr.errorf("clause before the header \"p cnf VARS CLAUSES\"")
		}
		for _, t := range toks {
			l, ok := parseLit(t)
			if !ok {
				return nil, lr.errorf("%q is not a literal", t)
			}
			if l == 0 {
				if len(f.Clauses) == nclauses {
					return nil, lr.errorf("more clauses than the %d of the header", nclauses)
				}
				f.Clauses = append(f.Clauses, append(make([]int32, 0, len(cur)), cur...))
				cur = cur[:0]
				open = false
				continue
			}
			if int(abs(l)) > f.NumVars {
				return nil, lr.errorf("literal %d: variable %d is beyond the %d of the header", l, abs(l), f.NumVars)
			}
			cur = append(cur, l)
			open = true
		}
	}
done:
	switch {
	case nclauses < 0:
		return nil, &SyntaxError{File: name, Line: max(lr.line, 1), Reason: "no header \"p cnf VARS CLAUSES\""}
	case open:
		return nil, &SyntaxError{File: name, Line: lr.line, Reason: "the last clause is not ended by 0"}
	case len(f.Clauses) != nclauses:
		return nil, &SyntaxError{File: name, Line: lr.line, Reason: fmt.Sprintf("the header says %d clauses, the file has %d", nclauses, len(f.Clauses))}
	}
	return f, nil
}

// WriteCNF writes f in DIMACS CNF, each comment first as a "c" line.
func WriteCNF(w io.Writer, f *CNF, comments ...string) error {
	bw := bufio.NewWriter(w)
	for _, c := range comments {
		fmt.Fprintf(bw, "c %s\n", c)
	}
	fmt.Fprintf(bw, "p cnf %d %d\n", f.NumVars, len(f.Clauses))
	var buf []byte
	for _, c := range f.Clauses {
		buf = appendClause(buf[:0], c)
		bw.Write(buf)
	}
	return bw.Flush()
}

// appendClause appends "l1 l2 ... 0\n".
func appendClause(buf []byte, c []int32) []byte {
	for _, l := range c {
		buf = strconv.AppendInt(buf, int64(l), 10)
		buf = append(buf, ' ')
	}
	return append(buf, '0', '\n')
}

func abs(l int32) int32 {
	if l < 0 {
		return -l
	}
	return l
}
