// Package eval asks a model every prompt of a suite through an llm.Client
// and writes the answers as a responses file (JSONL, one {"id",
// "response", "sample"} per line, with "truncated": true for an answer cut
// at the token limit and "reasoning" for a reasoning text), the form
// verify.ReadResponses and "plancert score" read.
//
// Run asks the records' prompts (K samples each) with a bounded number of
// workers, and writes each answer as soon as every answer before it (in
// suite order, samples in order) is written, so the file's order does not
// depend on timing. A request that fails after the client's retries is
// counted, its message kept, and nothing is written for it: the scorer then
// counts a record without any answer as a failed response. When the context
// ends (Ctrl-C), no new request starts and every answer already received is
// written, in order; with the client's cache, a rerun asks only for the
// rest.
package eval

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/llm"
	"github.com/plancert/plancert/verify"
)

// Options are the parameters of a run.
type Options struct {
	// Client asks the model (required).
	Client *llm.Client
	// Records are the suite's records, in order.
	Records []*domains.Record
	// Samples is the number of answers per record (< 1 means 1); sample s
	// of a record is requested with sample index s (see llm.Client).
	Samples int
	// System, when not empty, is sent as a system message before each
	// prompt.
	System string
	// Workers is the number of requests prepared at once (< 1 means 4);
	// the client's concurrency limit bounds the requests in flight.
	Workers int
	// Structured sends each record's answer_json_schema as the request's
	// response_format (llm.JSONSchemaFormat, named ResponseFormatName, not
	// strict): the server's structured output or guided decoding then
	// answers with the bare JSON object, which verify.Extract reads. A
	// record without one is an error before any request.
	Structured bool
}

// ResponseFormatName is the name of the response format under Structured.
const ResponseFormatName = "answer"

// ResponseFormat returns the response_format that Structured sends for
// rec: its answer JSON Schema, not strict (OpenAI's strict mode takes
// only closed objects with every property required and a root that is
// not an anyOf, and the answer schemas allow extra keys, optional ones
// and either a plan or the infeasibility claim).
func ResponseFormat(rec *domains.Record) (json.RawMessage, error) {
	if len(rec.AnswerJSONSchema) == 0 || string(rec.AnswerJSONSchema) == "null" {
		return nil, fmt.Errorf("eval: record %q has no answer_json_schema (a suite written before records had one: generate it again)", rec.ID)
	}
	f, err := llm.JSONSchemaFormat(ResponseFormatName, rec.AnswerJSONSchema, false)
	if err != nil {
		return nil, fmt.Errorf("eval: record %q: %w", rec.ID, err)
	}
	return f, nil
}

// Line is one line of a responses file. Truncated is set (and written)
// only for an answer the server cut at the token limit; Reasoning only when
// the server returned a reasoning text beside the answer.
type Line struct {
	ID        string `json:"id"`
	Response  string `json:"response"`
	Sample    int    `json:"sample"`
	Truncated bool   `json:"truncated,omitempty"`
	Reasoning string `json:"reasoning,omitempty"`
}

// Progress is reported after each request settles.
type Progress struct {
	Total   int // requests in the run: records × samples
	Done    int // settled: answered (from the server or the cache) or failed
	Cached  int // answered from the cache
	Errors  int // failed after the client's retries
	Elapsed time.Duration
}

// Summary is the outcome of a run.
type Summary struct {
	Total   int `json:"total"`
	Written int `json:"written"`
	Cached  int `json:"cached"`
	Errors  int `json:"errors"`
	// ErrorMessages holds the first errors, each prefixed with the record
	// id and sample.
	ErrorMessages []string `json:"error_messages,omitempty"`
	// Unfinished counts the requests not settled when the run stopped.
	Unfinished int `json:"unfinished"`
	// Truncated counts the answers the server cut at the token limit
	// (finish_reason "length", with or without content); they are written
	// with "truncated": true and score as verify.Truncated.
	Truncated int `json:"truncated"`
	// Failed lists the requests that failed, in suite order.
	Failed []Request `json:"failed,omitempty"`
}

// Request names one request of a run: a record and a sample index.
type Request struct {
	ID     string `json:"id"`
	Sample int    `json:"sample"`
}

// maxErrorMessages bounds Summary.ErrorMessages.
const maxErrorMessages = 10

// Messages returns the chat messages of a prompt: the optional system
// message, then the prompt as the user's message.
func Messages(system, prompt string) []llm.Message {
	var m []llm.Message
	if system != "" {
		m = append(m, llm.Message{Role: "system", Content: system})
	}
	return append(m, llm.Message{Role: "user", Content: prompt})
}

type result struct {
	job    int
	comp   *llm.Completion
	err    error
	cancel bool // stopped by the context
}

// Run asks every record's prompt and writes the answers to w (see the
// package documentation). It returns the answers written, in the order
// written, for scoring; the failed requests are in Summary.Failed. The error is ctx's error when the run was
// interrupted, or an error writing w; failed requests are counted in the
// summary, not returned.
func Run(ctx context.Context, opts Options, w io.Writer, progress func(Progress)) (Summary, []verify.Response, error) {
	if opts.Client == nil {
		return Summary{}, nil, errors.New("eval: no client")
	}
	k := max(opts.Samples, 1)
	workers := opts.Workers
	if workers < 1 {
		workers = 4
	}
	total := len(opts.Records) * k
	sum := Summary{Total: total}
	var formats []json.RawMessage // by record, under Structured
	if opts.Structured {
		formats = make([]json.RawMessage, len(opts.Records))
		for i, rec := range opts.Records {
			f, err := ResponseFormat(rec)
			if err != nil {
				return sum, nil, err
			}
			formats[i] = f
		}
	}

	runCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	jobs := make(chan int)
	results := make(chan result, workers)
	go func() {
		defer close(jobs)
		for j := range total {
			select {
			case jobs <- j:
			case <-runCtx.Done():
				return
			}
		}
	}()
	done := make(chan struct{})
	for range workers {
		go func() {
			defer func() { done <- struct{}{} }()
			for j := range jobs {
				rec := opts.Records[j/k]
				if runCtx.Err() != nil {
					results <- result{job: j, cancel: true}
					continue
				}
				var format json.RawMessage
				if formats != nil {
					format = formats[j/k]
				}
				comp, err := opts.Client.CompleteFormat(runCtx, Messages(opts.System, rec.Prompt), j%k, format)
				results <- result{job: j, comp: comp, err: err, cancel: err != nil && runCtx.Err() != nil}
			}
		}()
	}
	go func() {
		for range workers {
			<-done
		}
		close(results)
	}()

	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	var written []verify.Response
	var werr error
	write := func(j int, comp *llm.Completion) {
		if werr != nil {
			return
		}
		rec := opts.Records[j/k]
		if err := enc.Encode(Line{rec.ID, comp.Content, j % k, comp.Truncated(), comp.Reasoning}); err != nil {
			werr = fmt.Errorf("eval: writing responses: %w", err)
			cancel()
			return
		}
		written = append(written, verify.Response{ID: rec.ID, Response: comp.Content, Line: len(written) + 1, Truncated: comp.Truncated()})
		sum.Written++
	}
	start := time.Now()
	pending := map[int]result{}
	next, settled := 0, 0
	for r := range results {
		pending[r.job] = r
		if !r.cancel {
			settled++
			switch {
			case r.err != nil:
				sum.Errors++
				if len(sum.ErrorMessages) < maxErrorMessages {
					rec := opts.Records[r.job/k]
					sum.ErrorMessages = append(sum.ErrorMessages, fmt.Sprintf("%s sample %d: %v", rec.ID, r.job%k, r.err))
				}
			case r.comp.Cached:
				sum.Cached++
			}
			if r.err == nil && r.comp.Truncated() {
				sum.Truncated++
			}
		}
		for {
			p, ok := pending[next]
			if !ok || p.cancel {
				break
			}
			delete(pending, next)
			if p.err == nil {
				write(next, p.comp)
			} else {
				sum.Failed = append(sum.Failed, Request{opts.Records[next/k].ID, next % k})
			}
			next++
		}
		if progress != nil && !r.cancel {
			progress(Progress{Total: total, Done: settled, Cached: sum.Cached, Errors: sum.Errors, Elapsed: time.Since(start)})
		}
	}
	// Interrupted: keep every answer received, in order, past the gaps.
	for j := next; j < total; j++ {
		p, ok := pending[j]
		switch {
		case !ok || p.cancel:
		case p.err == nil:
			write(j, p.comp)
		default:
			sum.Failed = append(sum.Failed, Request{opts.Records[j/k].ID, j % k})
		}
	}
	sum.Unfinished = total - settled
	if werr != nil {
		return sum, written, werr
	}
	if err := ctx.Err(); err != nil && sum.Unfinished > 0 {
		return sum, written, err
	}
	return sum, written, nil
}
