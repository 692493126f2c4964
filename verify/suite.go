package verify

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"slices"
	"strings"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/internal/bom"
)

// LineError is bad input on one line of a JSONL file: the line number
// (from 1), the field when one is to blame (a JSON path such as
// "checklist.2.kind"), and why. Line is 0 for a record read on its own
// (ReadRecord), and the message then names no line.
type LineError struct {
	Line  int
	Field string
	Err   error
}

func (e *LineError) Error() string {
	switch {
	case e.Line == 0 && e.Field == "":
		return e.Err.Error()
	case e.Line == 0:
		return fmt.Sprintf("field %q: %v", e.Field, e.Err)
	case e.Field == "":
		return fmt.Sprintf("line %d: %v", e.Line, e.Err)
	}
	return fmt.Sprintf("line %d: field %q: %v", e.Line, e.Field, e.Err)
}

func (e *LineError) Unwrap() error { return e.Err }

// ErrEmptySuite says a suite has no records.
var ErrEmptySuite = errors.New("the suite has no records")

// ReadSuite reads a suite: one domains.Record per line (JSONL); blank lines
// are skipped. Every record must have an id (unique in the suite), a
// registered task (its family package must be imported) and that task's
// family, a non-empty checklist whose items have ids, and an instance that
// the task loads.
// Errors are *LineError naming the line and the field; a suite without
// records is ErrEmptySuite. Fields this version does not know are ignored
// (records add fields, never rename them). A UTF-8 byte order mark at the
// start of r is skipped.
//
// A record's "hash" must be its content hash (domains.RecordHash of its
// line): one that is not was changed after it was written, and is an
// error on the field "hash" giving both hashes. A record without one
// (written before records carried it) is read, and its Hash set to the
// hash of its line, so that every record read has its content hash.
func ReadSuite(r io.Reader) ([]*domains.Record, error) {
	var records []*domains.Record
	_, err := ScanSuite(r, 1, func(l SuiteLine) error {
		records = append(records, l.Record)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return records, nil
}

// SuiteLine is one record of a suite as ScanSuite reads it: its line
// number (from 1), the offset of the line's first byte in the input, the
// line (its newline included, when it has one) and the record decoded
// from it, checked as ReadSuite checks it.
type SuiteLine struct {
	Line   int
	Offset int64
	Bytes  []byte
	Record *domains.Record
}

// scanBatch is the number of lines per worker that ScanSuite decodes at
// once.
const scanBatch = 64

// ScanSuite reads a suite as ReadSuite does, with the same checks of
// every record and the same errors, but hands each record to f, in file
// order, instead of keeping them: a program that keeps less than every
// record (the reward server's index) reads a suite of any size in memory
// bounded by a batch of lines. Up to workers lines (at least one) are
// decoded and checked at once, scanBatch lines per worker at a time; f is
// called from the caller's goroutine. An error from f stops the scan and
// is returned as it is. It returns the number of records read; a suite
// without any is ErrEmptySuite. Offsets count the byte order mark it
// skips, so that a line is at its offset in the file.
func ScanSuite(r io.Reader, workers int, f func(SuiteLine) error) (int, error) {
	workers = max(workers, 1)
	br := bufio.NewReaderSize(r, 64<<10)
	var off int64
	if b, err := br.Peek(len(bom.Mark)); err == nil && string(b) == bom.Mark {
		br.Discard(len(bom.Mark))
		off = int64(len(bom.Mark))
	}
	var (
		seen  = map[string]int{}
		count int
		batch = make([]SuiteLine, 0, workers*scanBatch)
		errs  = make([]error, cap(batch))
	)
	flush := func() error {
		Parallel(len(batch), workers, func(i int) {
			batch[i].Record, errs[i] = decodeLine(batch[i].Line, batch[i].Bytes)
		})
		for i, l := range batch {
			if errs[i] != nil {
				return errs[i]
			}
			if first, dup := seen[l.Record.ID]; dup {
				return &LineError{l.Line, "id", fmt.Errorf("%q is also the id of line %d", l.Record.ID, first)}
			}
			seen[l.Record.ID] = l.Line
			count++
			if err := f(l); err != nil {
				return err
			}
		}
		clear(batch)
		batch = batch[:0]
		return nil
	}
	for n := 1; ; n++ {
		line, err := br.ReadBytes('\n')
		if len(bytes.TrimSpace(line)) > 0 {
			batch = append(batch, SuiteLine{Line: n, Offset: off, Bytes: line})
			if len(batch) == cap(batch) {
				if ferr := flush(); ferr != nil {
					return count, ferr
				}
			}
		}
		off += int64(len(line))
		if err != nil {
			if ferr := flush(); ferr != nil {
				return count, ferr
			}
			if err != io.EOF {
				return count, err
			}
			break
		}
	}
	if count == 0 {
		return 0, ErrEmptySuite
	}
	return count, nil
}

// decodeLine decodes line n of a suite into a record and checks it as
// ReadSuite does (but for the uniqueness of its id).
func decodeLine(n int, line []byte) (*domains.Record, error) {
	rec := new(domains.Record)
	if err := json.Unmarshal(line, rec); err != nil {
		return nil, decodeError(n, line, err)
	}
	if err := checkRecord(rec); err != nil {
		err.Line = n
		return nil, err
	}
	if err := checkHash(rec, line); err != nil {
		err.Line = n
		return nil, err
	}
	return rec, nil
}

// checkHash checks the content hash a record carries against its line
// and sets it when the record has none (a record written before records
// carried one): rec.Hash is then always the hash of what the line holds.
func checkHash(rec *domains.Record, line []byte) *LineError {
	h, err := domains.RecordHash(line)
	if err != nil {
		return &LineError{Err: err}
	}
	switch rec.Hash {
	case "":
		rec.Hash = h
	case h:
	default:
		return &LineError{Field: "hash", Err: fmt.Errorf("the record says %s but its content hashes to %s: it was changed after it was written (regenerate it, or delete its hash to take it as it is)", rec.Hash, h)}
	}
	return nil
}

// ReadRecord reads one record, a JSON object (one line of a suite, or the
// same object over several lines), and checks it as ReadSuite checks every
// line, its content hash among it. Errors are *LineError with Line 0, naming the field. A UTF-8 byte
// order mark at the start of data is skipped.
func ReadRecord(data []byte) (*domains.Record, error) {
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, &LineError{Err: errors.New("the record is empty (want a JSON object)")}
	}
	data = bom.Trim(data)
	rec := new(domains.Record)
	if err := json.Unmarshal(data, rec); err != nil {
		return nil, decodeError(0, data, err)
	}
	if err := checkRecord(rec); err != nil {
		return nil, err
	}
	if err := checkHash(rec, data); err != nil {
		return nil, err
	}
	return rec, nil
}

// checkRecord checks what scoring needs of a record.
func checkRecord(rec *domains.Record) *LineError {
	switch {
	case rec.ID == "":
		return &LineError{Field: "id", Err: errors.New("missing or empty")}
	case rec.Task == "":
		return &LineError{Field: "task", Err: errors.New("missing or empty")}
	case len(rec.Checklist) == 0:
		return &LineError{Field: "checklist", Err: errors.New("missing or empty")}
	case len(rec.Instance) == 0 || string(rec.Instance) == "null":
		return &LineError{Field: "instance", Err: errors.New("missing")}
	}
	for i, it := range rec.Checklist {
		if it.ID == "" {
			return &LineError{Field: fmt.Sprintf("checklist.%d.id", i), Err: errors.New("missing or empty")}
		}
	}
	tk, ok := domains.Lookup(rec.Task)
	if !ok {
		return &LineError{Field: "task", Err: fmt.Errorf("no task %q is registered", rec.Task)}
	}
	switch {
	case rec.Family == "":
		return &LineError{Field: "family", Err: errors.New("missing or empty")}
	case !slices.Contains(domains.Families, rec.Family):
		names := make([]string, len(domains.Families))
		for i, f := range domains.Families {
			names[i] = string(f)
		}
		return &LineError{Field: "family", Err: fmt.Errorf("%q is not a family (%s)", rec.Family, strings.Join(names, ", "))}
	case rec.Family != tk.Family:
		return &LineError{Field: "family", Err: fmt.Errorf("%q, but task %q is of family %q", rec.Family, rec.Task, tk.Family)}
	}
	if err := loads(rec); err != nil {
		return &LineError{Field: "instance", Err: err}
	}
	return nil
}

// loads reports whether rec's task loads its instance, a panic included.
func loads(rec *domains.Record) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("the task's loader panicked: %v", r)
		}
	}()
	_, _, err = rec.Load()
	return err
}

// Response is one response to a record of a suite.
type Response struct {
	ID       string `json:"id"`
	Response string `json:"response"`
	// Line is the response's line in its file (from 1).
	Line int `json:"-"`
	// Truncated says the response was cut at the model's token limit (the
	// line's "truncated": true, as plancert eval writes it): it scores as
	// Truncated, whatever its text (ScoreLine).
	Truncated bool `json:"truncated,omitempty"`
}

// ReadResponses reads responses, one JSON object {"id", "response"} per
// line (JSONL; blank lines are skipped; other fields are ignored). Both
// fields are required and must be strings; the response may be empty. An
// optional "truncated" (true or false) says the response was cut at the
// token limit.
// Every id must be the id of one of records; a record may get several
// responses (samples), kept in file order. Errors are *LineError naming
// the line and the field. A UTF-8 byte order mark at the start of r is
// skipped.
func ReadResponses(r io.Reader, records []*domains.Record) ([]Response, error) {
	known := make(map[string]bool, len(records))
	for _, rec := range records {
		known[rec.ID] = true
	}
	var out []Response
	err := eachLine(r, func(n int, line []byte) error {
		var raw struct {
			ID        *string `json:"id"`
			Response  *string `json:"response"`
			Truncated bool    `json:"truncated"`
		}
		if err := json.Unmarshal(line, &raw); err != nil {
			return decodeError(n, line, err)
		}
		switch {
		case raw.ID == nil:
			return &LineError{n, "id", errors.New("missing")}
		case raw.Response == nil:
			return &LineError{n, "response", errors.New("missing")}
		case !known[*raw.ID]:
			return &LineError{n, "id", fmt.Errorf("no record of the suite has the id %q", *raw.ID)}
		}
		out = append(out, Response{ID: *raw.ID, Response: *raw.Response, Line: n, Truncated: raw.Truncated})
		return nil
	})
	return out, err
}

// eachLine calls f with every non-blank line of r and its number. A UTF-8
// byte order mark at the start of r is skipped.
func eachLine(r io.Reader, f func(n int, line []byte) error) error {
	br := bufio.NewReaderSize(r, 64<<10)
	bom.Skip(br)
	for n := 1; ; n++ {
		line, err := br.ReadBytes('\n')
		if len(bytes.TrimSpace(line)) > 0 {
			if ferr := f(n, line); ferr != nil {
				return ferr
			}
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// decodeError turns a json.Unmarshal error on line n into a *LineError.
func decodeError(n int, line []byte, err error) error {
	var (
		te *json.UnmarshalTypeError
		se *json.SyntaxError
	)
	switch {
	case errors.As(err, &te):
		field := te.Field
		if field == "" {
			return &LineError{n, "", fmt.Errorf("want a JSON object, got %s", valueName(te.Value))}
		}
		return &LineError{n, field, fmt.Errorf("want %s, got %s", typeName(te.Type), valueName(te.Value))}
	case errors.As(err, &se) && bytes.HasPrefix(bytes.TrimLeft(line, " \t"), []byte(bom.Mark)):
		// eachLine skipped the file's first: this one follows other lines.
		return &LineError{n, "", errors.New("a UTF-8 byte order mark not at the start of the file (files joined after one was saved with it?); save without BOM")}
	case errors.As(err, &se):
		return &LineError{n, "", fmt.Errorf("not valid JSON: %s", describeJSONError(bytes.TrimRight(line, "\r\n"), err))}
	}
	return &LineError{n, "", err}
}

// typeName says a Go type in JSON words.
func typeName(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "an integer"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Slice, reflect.Array:
		return "an array"
	case reflect.Struct, reflect.Map:
		return "an object"
	}
	return t.String()
}

// valueName says what JSON value json.UnmarshalTypeError found.
func valueName(v string) string {
	switch {
	case v == "string":
		return "a string"
	case v == "number":
		return "a number"
	case strings.HasPrefix(v, "number "):
		return strings.TrimPrefix(v, "number ")
	case v == "object":
		return "an object"
	case v == "array":
		return "an array"
	case v == "bool":
		return "true or false"
	}
	return v
}
