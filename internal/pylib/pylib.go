// Package pylib is what the C shared library of the Python package
// plancert (python/libplancert, built by "make python") does, in pure Go so
// that it is tested without cgo. Every function takes and returns JSON
// bytes; errors come back as {"error": "..."}, never as a panic.
//
// A suite is loaded once (LoadSuite) and kept by handle, so that a trainer
// grades by record id without handing the record over on every call. A
// record can also be graded on its own (Score): records are kept by their
// content's SHA-256, so that grading the same record again neither reads
// nor loads it again; at most MaxRecords are kept, then the table starts
// afresh.
//
// Grading is verify.ScoreResponse, as "plancert score" and "plancert
// serve" grade. Every function is safe for concurrent use: ctypes releases
// the GIL, so Python threads call in at once.
package pylib

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"runtime"
	"runtime/debug"
	"sync"

	"github.com/plancert/plancert/domains"
	_ "github.com/plancert/plancert/domains/all" // registers every task family
	"github.com/plancert/plancert/internal/bom"
	"github.com/plancert/plancert/verify"
)

// MaxRecords bounds the records kept by Score.
const MaxRecords = 1 << 16

// maxRecords is MaxRecords but in tests.
var maxRecords = MaxRecords

// Version is the version of this API, which the Python side checks.
const Version = 1

// suite is a loaded suite; users counts the calls grading it, so that
// FreeSuite forgets its instances only after the last one.
type suite struct {
	byID  map[string]*domains.Record
	recs  []*domains.Record
	users sync.WaitGroup
}

var (
	suitesMu   sync.Mutex
	suites     = map[int64]*suite{}
	nextHandle int64
)

// errorJSON is every error answer.
type errorJSON struct {
	Error string `json:"error"`
}

// encode returns v as JSON (no HTML escapes).
func encode(v any) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return fail(fmt.Errorf("encoding the answer: %w", err))
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n"))
}

func fail(err error) []byte {
	b, _ := json.Marshal(errorJSON{err.Error()})
	return b
}

// guard turns a panic of f into an error answer.
func guard(f func() []byte) (out []byte) {
	defer func() {
		if p := recover(); p != nil {
			out = fail(fmt.Errorf("internal error: %v\n%s", p, debug.Stack()))
		}
	}()
	return f()
}

// parseMode reads a reward mode; "" is allpass.
func parseMode(mode string) (verify.RewardMode, error) {
	m, err := verify.ParseRewardMode(mode)
	if err != nil {
		return "", fmt.Errorf("reward %q is not allpass, avgpass or feasible", mode)
	}
	return m, nil
}

// Loaded is the answer of LoadSuite: the suite's handle, its record ids
// in file order and the line (from 1) of each.
type Loaded struct {
	Handle int64    `json:"handle"`
	IDs    []string `json:"ids"`
	Lines  []int    `json:"lines"`
}

// LoadSuite reads a suite, JSONL records as verify.ReadSuite reads them,
// from data; name is the file's name for errors ("suite.jsonl: line 3:
// field \"task\": ..."). The answer is a Loaded.
func LoadSuite(name string, data []byte) []byte {
	return guard(func() []byte {
		recs, err := verify.ReadSuite(bytes.NewReader(data))
		if err != nil {
			return fail(fmt.Errorf("%s: %w", name, err))
		}
		s := &suite{byID: make(map[string]*domains.Record, len(recs)), recs: recs}
		out := Loaded{IDs: make([]string, len(recs)), Lines: make([]int, 0, len(recs))}
		for i, r := range recs {
			s.byID[r.ID] = r
			out.IDs[i] = r.ID
		}
		// The lines ReadSuite read, as it splits them: every line not
		// blank is a record, in order.
		for n, line := range bytes.SplitAfter(data, []byte("\n")) {
			if n == 0 {
				line = bom.Trim(line)
			}
			if len(bytes.TrimSpace(line)) > 0 {
				out.Lines = append(out.Lines, n+1)
			}
		}
		if len(out.Lines) != len(recs) {
			return fail(fmt.Errorf("%s: %d records on %d lines that are not blank", name, len(recs), len(out.Lines)))
		}
		suitesMu.Lock()
		nextHandle++
		out.Handle = nextHandle
		suites[out.Handle] = s
		suitesMu.Unlock()
		return encode(out)
	})
}

// acquire returns the suite of handle h, counted as a user until release.
func acquire(h int64) (*suite, error) {
	suitesMu.Lock()
	defer suitesMu.Unlock()
	s, ok := suites[h]
	if !ok {
		return nil, fmt.Errorf("no suite has the handle %d (freed, or never loaded)", h)
	}
	s.users.Add(1)
	return s, nil
}

// FreeSuite drops the suite of handle h and, once no call grades it any
// more, its cached instances. The answer is {} or an error.
func FreeSuite(h int64) []byte {
	return guard(func() []byte {
		suitesMu.Lock()
		s, ok := suites[h]
		delete(suites, h)
		suitesMu.Unlock()
		if !ok {
			return fail(fmt.Errorf("no suite has the handle %d (freed, or never loaded)", h))
		}
		s.users.Wait()
		for _, r := range s.recs {
			verify.Forget(r)
		}
		return []byte("{}")
	})
}

// ScoreID grades response against the record id of the suite of handle h
// in reward mode mode ("" is allpass). The answer is the verify.Score, as
// "plancert verify --json" prints it.
func ScoreID(h int64, id, response, mode string) []byte {
	return guard(func() []byte {
		m, err := parseMode(mode)
		if err != nil {
			return fail(err)
		}
		s, err := acquire(h)
		if err != nil {
			return fail(err)
		}
		defer s.users.Done()
		rec, ok := s.byID[id]
		if !ok {
			return fail(unknownID(id))
		}
		return encode(verify.ScoreResponse(context.Background(), rec, response, m))
	})
}

func unknownID(id string) error {
	return fmt.Errorf("no record of the suite has the id %q", id)
}

// BatchRequest is the request of ScoreBatch. Reward "" is allpass;
// Workers 0 is GOMAXPROCS.
type BatchRequest struct {
	Items   []BatchItem `json:"items"`
	Reward  string      `json:"reward"`
	Workers int         `json:"workers"`
}

// BatchItem is one response to grade; both fields are required.
type BatchItem struct {
	ID       *string `json:"id"`
	Response *string `json:"response"`
}

// BatchResult is one result of ScoreBatch: the score, or Error when the id
// is not in the suite.
type BatchResult struct {
	Error string `json:"error,omitempty"`
	*verify.Score
}

// BatchAnswer is the answer of ScoreBatch: one result per item, in order.
type BatchAnswer struct {
	Results []BatchResult `json:"results"`
}

// ScoreBatch grades the items of request (a BatchRequest) against the
// suite of handle h, on Workers goroutines. The answer is a BatchAnswer.
func ScoreBatch(h int64, request []byte) []byte {
	return guard(func() []byte {
		var req BatchRequest
		if err := json.Unmarshal(request, &req); err != nil {
			return fail(fmt.Errorf("the batch request: %w", err))
		}
		m, err := parseMode(req.Reward)
		if err != nil {
			return fail(err)
		}
		switch {
		case req.Items == nil:
			return fail(errors.New(`the batch request: "items": missing`))
		case req.Workers < 0:
			return fail(fmt.Errorf("the batch request: \"workers\" is %d, want 0 (GOMAXPROCS) or more", req.Workers))
		}
		for i, it := range req.Items {
			switch {
			case it.ID == nil:
				return fail(fmt.Errorf(`the batch request: "items"[%d].id: missing`, i))
			case it.Response == nil:
				return fail(fmt.Errorf(`the batch request: "items"[%d].response: missing`, i))
			}
		}
		s, err := acquire(h)
		if err != nil {
			return fail(err)
		}
		defer s.users.Done()
		out := BatchAnswer{Results: make([]BatchResult, len(req.Items))}
		workers := req.Workers
		if workers == 0 {
			workers = runtime.GOMAXPROCS(0)
		}
		parallel(len(req.Items), workers, func(i int) {
			it := req.Items[i]
			rec, ok := s.byID[*it.ID]
			if !ok {
				out.Results[i].Error = unknownID(*it.ID).Error()
				return
			}
			sc := verify.ScoreResponse(context.Background(), rec, *it.Response, m)
			out.Results[i].Score = &sc
		})
		return encode(out)
	})
}

// parallel is verify.Parallel: a panic in f is raised again in the
// caller once every goroutine is done.
func parallel(n, workers int, f func(i int)) { verify.Parallel(n, workers, f) }

// table keeps the records that Score was given, by content. A generation
// is dropped whole when it holds MaxRecords; its instances are forgotten
// once the calls that were grading its records are done.
type table struct {
	mu  sync.Mutex
	gen *generation
}

type generation struct {
	recs  map[[sha256.Size]byte]*domains.Record
	users sync.WaitGroup
}

var records = table{gen: newGeneration()}

func newGeneration() *generation {
	return &generation{recs: map[[sha256.Size]byte]*domains.Record{}}
}

// acquire returns the record of data, read and checked the first time,
// and its generation, which counts the caller as a user until Done.
func (t *table) acquire(data []byte) (*domains.Record, *generation, error) {
	key := sha256.Sum256(data)
	t.mu.Lock()
	if rec, ok := t.gen.recs[key]; ok {
		g := t.gen
		g.users.Add(1)
		t.mu.Unlock()
		return rec, g, nil
	}
	t.mu.Unlock()
	rec, err := verify.ReadRecord(data)
	if err != nil {
		return nil, nil, fmt.Errorf("the record: %w", err)
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if got, ok := t.gen.recs[key]; ok { // read by another call meanwhile
		rec = got
	} else {
		if len(t.gen.recs) >= maxRecords {
			old := t.gen
			t.gen = newGeneration()
			go func() {
				old.users.Wait()
				for _, r := range old.recs {
					verify.Forget(r)
				}
			}()
		}
		t.gen.recs[key] = rec
	}
	g := t.gen
	g.users.Add(1)
	return rec, g, nil
}

// Score grades response against record, one record as JSON (a line of a
// suite), in reward mode mode ("" is allpass). The answer is the
// verify.Score; a record that does not read names its field ("the record:
// field \"task\": missing or empty").
func Score(record []byte, response, mode string) []byte {
	return guard(func() []byte {
		m, err := parseMode(mode)
		if err != nil {
			return fail(err)
		}
		rec, g, err := records.acquire(record)
		if err != nil {
			return fail(err)
		}
		defer g.users.Done()
		return encode(verify.ScoreResponse(context.Background(), rec, response, m))
	})
}

// kept returns the number of records Score keeps (for tests).
func kept() int {
	records.mu.Lock()
	defer records.mu.Unlock()
	return len(records.gen.recs)
}
