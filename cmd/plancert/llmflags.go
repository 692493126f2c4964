package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/spf13/pflag"

	"github.com/plancert/plancert/llm"
)

// llmFlags are the flags of a model endpoint, shared by eval and gen
// --verbalizer llm.
type llmFlags struct {
	Endpoint    string
	Model       string
	APIKeyEnv   string
	Temperature float64
	TopP        float64
	TopK        int
	MaxTokens   int
	MaxComplete int
	Effort      string
	ExtraBody   string
	Seed        int64
	Timeout     time.Duration
	Retries     int
	Concurrency int
	Cache       string
	NoCache     bool

	flags    *pflag.FlagSet
	seedFlag string
	extra    map[string]json.RawMessage // ExtraBody, parsed by validate
}

// reasoningEfforts are the values of --reasoning-effort.
var reasoningEfforts = []string{"low", "medium", "high"}

// llmFlagsHelp describes the endpoint, the key and the cache.
const llmFlagsHelp = `The endpoint is the base URL of an OpenAI-compatible server (vLLM, SGLang,
Ollama, llama.cpp, a hosted API): requests go to URL/chat/completions. The API
key is read from the environment variable named by --api-key-env (default
OPENAI_API_KEY) and is never printed, logged or cached; without it no key is
sent. Sampling parameters are sent only when given. A 429, a 5xx, a network
error or a request's time limit is retried --retries times with exponential
backoff (a Retry-After header is honoured); at most --concurrency requests are
in flight.

Every answer is cached in its own file under --cache (default: the user cache
directory, e.g. ~/.cache/plancert/llm), keyed by a SHA-256 of the endpoint,
model, parameters, --extra-body fields, messages and sample index: a rerun
makes no request and an interrupted run resumes where it stopped. --no-cache
turns it off.

Reasoning models: --max-completion-tokens sends max_completion_tokens (the
limit OpenAI's o-series and later models take instead of max_tokens; it
counts the reasoning tokens too) and --reasoning-effort their
reasoning_effort. --extra-body JSON adds the fields of a JSON object to
every request as they are, for what a server has and plancert has no flag
for: vLLM's chat_template_kwargs, a reasoning_effort beyond low, medium and
high. It may not set model, messages or stream, nor a field that a flag
given with it sets (--temperature with "temperature": give it once; a
"seed" given there is not offset by the sample index). A server's reasoning
text (reasoning_content or reasoning) is kept in the cache with the answer.`

// addLLMFlags adds the endpoint flags to f; seedFlag names the sampling
// seed's flag (gen already has --seed).
func addLLMFlags(f *pflag.FlagSet, o *llmFlags, seedFlag string) {
	o.flags, o.seedFlag = f, seedFlag
	f.StringVar(&o.Endpoint, "endpoint", "", "base `URL` of an OpenAI-compatible API, e.g. http://localhost:8000/v1")
	f.StringVar(&o.Model, "model", "", "model `NAME` sent with each request")
	f.StringVar(&o.APIKeyEnv, "api-key-env", llm.DefaultAPIKeyEnv, "environment variable `NAME` holding the API key (the key itself is never a flag)")
	f.Float64Var(&o.Temperature, "temperature", 0, "sampling temperature (sent only when given)")
	f.Float64Var(&o.TopP, "top-p", 0, "nucleus sampling top_p (sent only when given)")
	f.IntVar(&o.TopK, "top-k", 0, "top_k, a vLLM/SGLang/Ollama extension (sent only when given)")
	f.IntVar(&o.MaxTokens, "max-tokens", 0, "max_tokens per answer (sent only when given)")
	f.IntVar(&o.MaxComplete, "max-completion-tokens", 0, "max_completion_tokens per answer, reasoning included: OpenAI's reasoning models take it instead of --max-tokens (sent only when given)")
	f.StringVar(&o.Effort, "reasoning-effort", "", "reasoning_effort of a reasoning model, `LEVEL` low, medium or high (sent only when given)")
	f.StringVar(&o.ExtraBody, "extra-body", "", "a JSON `OBJECT` of more request fields, sent as they are, e.g. '{\"chat_template_kwargs\": {\"enable_thinking\": false}}'")
	f.Int64Var(&o.Seed, seedFlag, 0, "sampling seed sent to the server, plus the sample index (sent only when given)")
	f.DurationVar(&o.Timeout, "request-timeout", 5*time.Minute, "time limit of one request attempt")
	f.IntVar(&o.Retries, "retries", 4, "retries of a request after a 429, 5xx, network error or time limit")
	f.IntVar(&o.Concurrency, "concurrency", 4, "requests in flight at once")
	f.StringVar(&o.Cache, "cache", "", "answer cache `DIR` (default: the user cache directory + /plancert/llm)")
	f.BoolVar(&o.NoCache, "no-cache", false, "do not read or write the answer cache")
}

// llmFlagNames are the flags addLLMFlags adds, but the seed's.
var llmFlagNames = map[string]bool{
	"endpoint": true, "model": true, "api-key-env": true, "temperature": true, "top-p": true,
	"top-k": true, "max-tokens": true, "max-completion-tokens": true, "reasoning-effort": true,
	"extra-body": true, "request-timeout": true,
	"retries": true, "concurrency": true, "cache": true, "no-cache": true,
}

// changedFlags returns the endpoint flags given on the command line.
func (o *llmFlags) changedFlags() []string {
	var set []string
	if o.flags == nil {
		return nil
	}
	o.flags.VisitAll(func(fl *pflag.Flag) {
		if fl.Changed && (llmFlagNames[fl.Name] || fl.Name == o.seedFlag) {
			set = append(set, "--"+fl.Name)
		}
	})
	return set
}

// validate checks the flags; what names the command for the messages.
func (o *llmFlags) validate() error {
	switch {
	case o.Endpoint == "":
		return usageErrorf("--endpoint is required (e.g. http://localhost:8000/v1)")
	case o.Model == "":
		return usageErrorf("--model is required")
	case o.Concurrency < 1:
		return usageErrorf("--concurrency must be at least 1, got %d", o.Concurrency)
	case o.Retries < 0:
		return usageErrorf("--retries must not be negative, got %d", o.Retries)
	case o.Timeout <= 0:
		return usageErrorf("--request-timeout must be positive, got %v", o.Timeout)
	case o.MaxTokens < 0:
		return usageErrorf("--max-tokens must not be negative, got %d", o.MaxTokens)
	case o.MaxComplete < 0:
		return usageErrorf("--max-completion-tokens must not be negative, got %d", o.MaxComplete)
	case o.MaxTokens > 0 && o.MaxComplete > 0:
		return usageErrorf("--max-tokens and --max-completion-tokens cannot be used together (reasoning models take max_completion_tokens, others max_tokens)")
	case o.Effort != "" && !slices.Contains(reasoningEfforts, o.Effort):
		return usageErrorf("--reasoning-effort must be low, medium or high, got %q (another value can go in --extra-body)", o.Effort)
	case o.NoCache && o.Cache != "":
		return usageErrorf("--cache and --no-cache cannot be used together")
	}
	if o.changed("temperature") && (math.IsNaN(o.Temperature) || math.IsInf(o.Temperature, 0) || o.Temperature < 0) {
		return usageErrorf("--temperature must be a finite number of at least 0, got %v", o.Temperature)
	}
	if o.changed("top-p") && !(o.TopP >= 0 && o.TopP <= 1) {
		return usageErrorf("--top-p must be a number from 0 to 1, got %v", o.TopP)
	}
	extra, err := o.parseExtraBody()
	if err != nil {
		return err
	}
	o.extra = extra
	return nil
}

func (o *llmFlags) changed(name string) bool { return o.flags != nil && o.flags.Changed(name) }

// parseExtraBody reads --extra-body: a JSON object whose fields plancert
// does not set itself (see llmFlagsHelp).
func (o *llmFlags) parseExtraBody() (map[string]json.RawMessage, error) {
	if o.ExtraBody == "" {
		return nil, nil
	}
	b := []byte(o.ExtraBody)
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		return nil, usageErrorf("--extra-body is not valid JSON: %v", err)
	}
	if _, ok := v.(map[string]any); !ok {
		return nil, usageErrorf("--extra-body must be a JSON object, got %s", jsonKind(bytes.TrimSpace(b)))
	}
	var extra map[string]json.RawMessage
	if err := json.Unmarshal(b, &extra); err != nil {
		return nil, usageErrorf("--extra-body is not valid JSON: %v", err)
	}
	setBy := map[string]string{ // the fields the flags given set
		"temperature": "temperature", "top_p": "top-p", "top_k": "top-k", "seed": o.seedFlag,
	}
	for field, flag := range setBy {
		if !o.changed(flag) {
			delete(setBy, field)
		}
	}
	if o.MaxTokens > 0 {
		setBy["max_tokens"] = "max-tokens"
	}
	if o.MaxComplete > 0 {
		setBy["max_completion_tokens"] = "max-completion-tokens"
	}
	if o.Effort != "" {
		setBy["reasoning_effort"] = "reasoning-effort"
	}
	names := make([]string, 0, len(extra))
	for name := range extra {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		switch {
		case name == "model" || name == "messages":
			return nil, usageErrorf("--extra-body may not set %q: plancert sends it", name)
		case name == "stream":
			return nil, usageErrorf("--extra-body may not set %q: plancert reads one JSON answer, not a stream", name)
		case setBy[name] != "":
			return nil, usageErrorf("--extra-body sets %q, which --%s sets too; give it once", name, setBy[name])
		}
	}
	return extra, nil
}

// jsonKind names the kind of the JSON value that b starts.
func jsonKind(b []byte) string {
	switch {
	case len(b) == 0:
		return "nothing"
	case b[0] == '[':
		return "an array"
	case b[0] == '"':
		return "a string"
	case b[0] == 't' || b[0] == 'f':
		return "true or false"
	case b[0] == 'n':
		return "null"
	}
	return "a number"
}

// params returns the sampling parameters given on the command line.
func (o *llmFlags) params() llm.Params {
	var p llm.Params
	changed := o.changed
	if changed("temperature") {
		p.Temperature = &o.Temperature
	}
	if changed("top-p") {
		p.TopP = &o.TopP
	}
	if changed("top-k") {
		p.TopK = &o.TopK
	}
	if changed(o.seedFlag) {
		p.Seed = &o.Seed
	}
	p.MaxTokens = o.MaxTokens
	p.MaxCompletionTokens = o.MaxComplete
	p.ReasoningEffort = o.Effort
	return p
}

// client returns the client the flags describe.
func (o *llmFlags) client() (*llm.Client, error) {
	cfg := llm.Config{
		Endpoint: o.Endpoint, Model: o.Model, APIKeyEnv: o.APIKeyEnv,
		Timeout: o.Timeout, Retries: o.Retries, Concurrency: o.Concurrency,
	}
	if cfg.Retries == 0 {
		cfg.Retries = -1 // none
	}
	cfg.Params = o.params()
	if o.extra == nil && o.ExtraBody != "" {
		extra, err := o.parseExtraBody()
		if err != nil {
			return nil, err
		}
		o.extra = extra
	}
	cfg.ExtraBody = o.extra
	if !o.NoCache {
		cfg.CacheDir = o.Cache
		if cfg.CacheDir == "" {
			dir, err := os.UserCacheDir()
			if err != nil {
				return nil, usageErrorf("no user cache directory (%v): give --cache DIR or --no-cache", err)
			}
			cfg.CacheDir = filepath.Join(dir, "plancert", "llm")
		}
	}
	c, err := llm.New(cfg)
	var pe *fs.PathError
	switch {
	case errors.As(err, &pe): // the cache directory
		return nil, err
	case err != nil:
		return nil, usageErrorf("%v", err)
	}
	return c, nil
}
