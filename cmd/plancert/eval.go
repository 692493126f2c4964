package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/llm/eval"
	"github.com/plancert/plancert/verify"
)

type evalOptions struct {
	IO *iostreams

	Suite   string
	Out     string
	Samples int
	System  string
	JSON    bool
	Reward  string
	LLM     llmFlags
	// Structured sends each record's answer_json_schema as the
	// request's response_format.
	Structured bool

	// ProgressEvery is the least time between two progress lines; zero
	// means one second.
	ProgressEvery time.Duration

	mode verify.RewardMode
}

const evalLong = `Ask a model every prompt of a suite through an OpenAI-compatible chat
completions endpoint, write the answers as a responses file, grade them
exactly and print the report of "plancert score".

Each record's prompt is sent as the user message (after --system, when
given), --samples times; sample s is request s of the prompt (it is part of
the cache key, and --seed is sent as seed + s). The answers are written to
--out as JSONL, one {"id", "response", "sample"} per line in suite order:
the file "plancert score --responses" reads, with "truncated": true on an
answer cut at the token limit and "reasoning" holding the reasoning text a
server returns beside the answer (reasoning_content or reasoning). The file
is written through a temporary file renamed at the end; Ctrl-C keeps every
answer received so far, and the same command again asks only for the rest
(the others come from the cache).

An answer that the server cut at the token limit (finish_reason "length",
with some content or none, as when a reasoning model spends every token
thinking) is a response: written, cached, counted in requests.truncated and
scored 0 with the error kind "truncated", whatever its text (plancert score
reads the flag from the file). A warning on standard error says how many; a
higher --max-completion-tokens or --max-tokens is a new cache key, so the
same command with it asks again.

A request that still fails after --retries is not written to --out and
counts in the report like a record without a response: a failed response
(error kind "no response"), so that every sample counts. The run ends with status 1 and the errors on standard
error; the same command again retries only those requests.

Progress goes to standard error every second: requests done of the total,
answers from the cache, errors and the rate.

--structured sends each record's answer_json_schema (docs/formats.md) as
the request's response_format, {"type": "json_schema", "json_schema":
{"name": "answer", "schema": ..., "strict": false}}: OpenAI's structured
outputs, and guided decoding on vLLM and SGLang, so that the reply is the
answer object itself, a plan or the infeasibility claim. The reply is then
bare JSON without a fence, which the grader reads as it reads a fenced
block. strict is false: OpenAI's strict mode takes only closed objects with
every property required and a root that is not an anyOf, and the answer
schema allows other keys, optional keys and either form. The format is part
of the cache key. A record without answer_json_schema (a suite written
before records had one) or an --extra-body that sets response_format is
exit 2 before any request.

` + llmFlagsHelp + `

With --json, the summary is one JSON object: the fields of "plancert score
--json" and "endpoint", "model", "samples" and "requests": {"total",
"written", "cached", "errors", "error_messages", "unfinished", "truncated",
"failed": [{"id", "sample"}]}.

` + rewardHelp + `

Exit codes:
  0  every request was answered and scored, whatever the scores (an
     answer cut at the token limit is answered)
  1  some request failed after its retries, interrupted (the received
     answers are kept), or an I/O error
  2  usage error or bad input (unknown flag, missing file, malformed suite,
     an endpoint that is not an http(s) URL, a --temperature that is NaN,
     infinite or negative, a --top-p outside 0..1, an --extra-body that is
     not a JSON object or sets a field plancert sets, --structured with a
     record without answer_json_schema), found before any request
  4  integrity alarm: a feasible answer beat the certified optimum`

const evalExample = `  # A local vLLM server (vllm serve Qwen/Qwen3-8B), greedy, one answer per record
  $ plancert gen --family scheduling --n 30 --seed 1 --out /tmp/suite.jsonl
  $ plancert eval --suite /tmp/suite.jsonl --endpoint http://localhost:8000/v1 --model Qwen/Qwen3-8B --temperature 0 --max-tokens 8192 --out /tmp/qwen.jsonl

  # Ollama, 4 samples per record at temperature 0.7, the report as JSON
  $ plancert eval --suite /tmp/suite.jsonl --endpoint http://localhost:11434/v1 --model llama3.1:8b --samples 4 --temperature 0.7 --seed 1 --json

  # A hosted API, after "export MY_PROVIDER_KEY=...": the flag names the
  # variable, never the key
  $ plancert eval --suite /tmp/suite.jsonl --endpoint https://api.example.com/v1 --model some-model --api-key-env MY_PROVIDER_KEY --concurrency 16 --out /tmp/hosted.jsonl

  # An OpenAI-style reasoning model: max_completion_tokens (reasoning
  # included) instead of max_tokens, and its reasoning effort
  $ plancert eval --suite /tmp/suite.jsonl --endpoint https://api.example.com/v1 --model o4-mini --max-completion-tokens 32000 --reasoning-effort medium --out /tmp/o4-mini.jsonl

  # vLLM with Qwen3's thinking turned off through its chat template (a
  # server's own request field, sent as it is)
  $ plancert eval --suite /tmp/suite.jsonl --endpoint http://localhost:8000/v1 --model Qwen/Qwen3-8B --temperature 0 --extra-body '{"chat_template_kwargs":{"enable_thinking":false}}' --out /tmp/qwen-nothink.jsonl

  # Structured output: each record's answer JSON Schema as response_format
  # (guided decoding on vLLM), the reply the bare answer object
  $ plancert eval --suite /tmp/suite.jsonl --endpoint http://localhost:8000/v1 --model Qwen/Qwen3-8B --temperature 0 --max-tokens 8192 --structured --out /tmp/qwen-structured.jsonl`

func newEvalCmd(ios *iostreams, runF func(context.Context, *evalOptions) error) *cobra.Command {
	opts := &evalOptions{IO: ios}
	cmd := &cobra.Command{
		Use:     "eval --suite FILE --endpoint URL --model M [flags]",
		Short:   "Ask a model (OpenAI-compatible endpoint) every prompt of a suite and score the answers",
		Long:    evalLong,
		Example: evalExample,
		Args:    noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := opts.validate(); err != nil {
				return err
			}
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return runEval(cmd.Context(), opts)
		},
	}
	f := cmd.Flags()
	f.StringVar(&opts.Suite, "suite", "", "the suite, JSONL records (`FILE`; - for standard input)")
	f.StringVar(&opts.Out, "out", "", "write the responses as JSONL to `FILE` (for plancert score)")
	f.IntVar(&opts.Samples, "samples", 1, "answers per record")
	f.StringVar(&opts.System, "system", "", "a system message sent before each prompt")
	f.BoolVar(&opts.JSON, "json", false, "print the summary as one JSON object")
	f.StringVar(&opts.Reward, "reward", string(verify.RewardAllPass), "reward `MODE`: allpass, avgpass or feasible")
	f.BoolVar(&opts.Structured, "structured", false, "send each record's answer_json_schema as response_format (structured output, guided decoding)")
	addLLMFlags(f, &opts.LLM, "seed")
	return cmd
}

func (o *evalOptions) validate() error {
	switch {
	case o.Suite == "":
		return usageErrorf("--suite is required")
	case o.Samples < 1:
		return usageErrorf("--samples must be at least 1, got %d", o.Samples)
	}
	if err := o.LLM.validate(); err != nil {
		return err
	}
	if _, both := o.LLM.extra["response_format"]; both && o.Structured {
		return usageErrorf(`--extra-body sets "response_format", which --structured sets too; give it once`)
	}
	var err error
	o.mode, err = parseRewardFlag(o.Reward)
	return err
}

// evalSummaryJSON is the --json output of eval.
type evalSummaryJSON struct {
	scoreSummaryJSON
	Endpoint string       `json:"endpoint"`
	Model    string       `json:"model"`
	Samples  int          `json:"samples"`
	Requests eval.Summary `json:"requests"`
}

func runEval(ctx context.Context, opts *evalOptions) error {
	records, err := readSuiteFile(opts.IO.In, opts.Suite)
	if err != nil {
		return err
	}
	if opts.Structured {
		for _, rec := range records {
			if _, err := eval.ResponseFormat(rec); err != nil {
				return usageErrorf("--structured: %s: %v", opts.Suite, strings.TrimPrefix(err.Error(), "eval: "))
			}
		}
	}
	client, err := opts.LLM.client()
	if err != nil {
		return err
	}
	every := opts.ProgressEvery
	if every <= 0 {
		every = time.Second
	}
	errOut := opts.IO.ErrOut
	var last time.Duration
	progress := func(p eval.Progress) {
		if p.Done == p.Total || p.Elapsed-last < every {
			return
		}
		last = p.Elapsed
		fmt.Fprintf(errOut, "eval: %d/%d cached %d errors %d (%.1f/s)\n", p.Done, p.Total, p.Cached, p.Errors, float64(p.Done)/p.Elapsed.Seconds())
	}
	eopts := eval.Options{Client: client, Records: records, Samples: opts.Samples, System: opts.System, Workers: 2 * opts.LLM.Concurrency,
		Structured: opts.Structured}
	start := time.Now()
	var (
		sum       eval.Summary
		responses []verify.Response
	)
	run := func(w io.Writer) error {
		var err error
		sum, responses, err = eval.Run(ctx, eopts, w, progress)
		return err
	}
	if opts.Out != "" {
		err = writeFileAtomic(opts.Out, interrupted, run)
		var ce *createError
		if errors.As(err, &ce) {
			return fmt.Errorf("--out: cannot create a file in %s: %w", ce.dir, bareFSError(ce.err))
		}
	} else {
		err = run(io.Discard)
	}
	elapsed := time.Since(start)
	fmt.Fprintf(errOut, "eval: %d/%d requests answered (%d from the cache), %d failed, in %s (%.1f/s) by %s at %s\n",
		sum.Written, sum.Total, sum.Cached, sum.Errors, elapsed.Round(time.Millisecond),
		float64(sum.Total-sum.Unfinished)/max(elapsed.Seconds(), 1e-9), client.Model(), client.Endpoint())
	if sum.Truncated > 0 {
		fmt.Fprintf(errOut, "eval: warning: %d %s cut at the token limit (finish_reason \"length\") and scored 0 (error kind \"truncated\"); a higher --max-completion-tokens or --max-tokens leaves room for them\n",
			sum.Truncated, plural(sum.Truncated, "answer was", "answers were"))
	}
	if errors.Is(err, context.Canceled) {
		msg := fmt.Sprintf("plancert: interrupted; %d of %d requests not finished", sum.Unfinished, sum.Total)
		if opts.Out != "" {
			msg += fmt.Sprintf("; the %d received answers are in %s", sum.Written, opts.Out)
		}
		fmt.Fprintln(errOut, msg+" (the same command resumes from the cache)")
		return &reportedError{errInterrupted}
	}
	if err != nil {
		return err
	}

	byID := make(map[string]*domains.Record, len(records))
	for _, r := range records {
		byID[r.ID] = r
	}
	scores := make([]verify.Score, 0, len(responses)+len(sum.Failed))
	for _, resp := range responses {
		scores = append(scores, verify.ScoreLine(ctx, byID[resp.ID], resp, opts.mode))
	}
	for _, f := range sum.Failed { // a failed request is a failed response
		scores = append(scores, verify.NoResponse(byID[f.ID]))
	}
	rep := verify.Summarize(records, scores)
	rep.Responses -= len(sum.Failed)  // answers received; the failed requests
	rep.NoResponse += len(sum.Failed) // count with the records without one
	respName := opts.Out
	if respName == "" {
		respName = "(not written; --out FILE keeps them)"
	}
	var werr error
	if opts.JSON {
		werr = writeJSONLine(opts.IO.Out, evalSummaryJSON{
			scoreSummaryJSON{opts.Suite, opts.Out, opts.mode, rep},
			client.Endpoint(), client.Model(), opts.Samples, sum})
	} else {
		werr = writeReportText(opts.IO.Out, &scoreOptions{Suite: opts.Suite, Responses: respName, mode: opts.mode}, rep)
	}
	if err := integrityAlarm(scores); err != nil {
		return err
	}
	if werr != nil {
		return werr
	}
	if sum.Errors > 0 {
		for _, m := range sum.ErrorMessages {
			fmt.Fprintf(errOut, "plancert: %s\n", m)
		}
		if more := sum.Errors - len(sum.ErrorMessages); more > 0 {
			fmt.Fprintf(errOut, "plancert: ... and %d more\n", more)
		}
		fmt.Fprintf(errOut, "plancert: %d %s failed (scored as missing); the same command retries only those\n",
			sum.Errors, plural(sum.Errors, "request", "requests"))
		return &reportedError{fmt.Errorf("%d requests failed", sum.Errors)}
	}
	return nil
}
