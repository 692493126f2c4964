package llm

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// DefaultAPIKeyEnv is the environment variable the API key is read from
// when Config.APIKeyEnv is empty.
const DefaultAPIKeyEnv = "OPENAI_API_KEY"

// MaxMessage is the most bytes of a server's message kept in an error.
const MaxMessage = 512

// MaxRetryAfter bounds the wait a Retry-After header asks for (a quota
// reset a day away would otherwise stall a run without a word).
const MaxRetryAfter = 10 * time.Minute

// maxBody bounds the bytes read from a server's answer.
const maxBody = 64 << 20

// Message is one chat message.
type Message struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

// Params are the sampling parameters. A nil pointer (or a zero MaxTokens,
// MaxCompletionTokens or ReasoningEffort) is not sent, and the server's
// default applies.
//
// Seed, when set, is sent as Seed + the sample index of the request, so
// that the samples of one prompt differ while each stays reproducible.
//
// MaxCompletionTokens is the limit OpenAI's reasoning models take instead
// of max_tokens (it counts the reasoning tokens too); ReasoningEffort is
// their reasoning_effort ("low", "medium", "high"; the client sends what
// it is given).
type Params struct {
	Temperature         *float64 `json:"temperature,omitempty"`
	TopP                *float64 `json:"top_p,omitempty"`
	TopK                *int     `json:"top_k,omitempty"`
	MaxTokens           int      `json:"max_tokens,omitempty"`
	MaxCompletionTokens int      `json:"max_completion_tokens,omitempty"`
	ReasoningEffort     string   `json:"reasoning_effort,omitempty"`
	Seed                *int64   `json:"seed,omitempty"`
}

// Config configures a Client. Zero values take the defaults named.
type Config struct {
	// Endpoint is the base URL, e.g. http://localhost:8000/v1; requests go
	// to Endpoint + "/chat/completions".
	Endpoint string
	// Model is the model name sent with every request (required).
	Model string
	// APIKeyEnv names the environment variable that holds the API key
	// (default OPENAI_API_KEY); an unset or empty variable sends no key.
	APIKeyEnv string
	// Params are the sampling parameters.
	Params Params
	// ExtraBody holds more fields of the request body, sent as they are
	// at its top level next to the model, the messages and Params: a
	// server's extensions, such as vLLM's chat_template_kwargs. Each value
	// must be valid JSON. The fields the client sets are refused: model,
	// messages and stream always, and a field of Params when it is set.
	// They are part of the cache key.
	ExtraBody map[string]json.RawMessage
	// Timeout is the time limit of one attempt (default 2 minutes).
	Timeout time.Duration
	// Retries is the number of retries after the first attempt (default 4;
	// negative means none).
	Retries int
	// Backoff is the wait before the first retry (default 500ms); it
	// doubles with each retry, up to MaxBackoff (default 30s). The wait is
	// drawn uniformly from [d/2, d] (jitter) with a generator seeded by
	// JitterSeed.
	Backoff    time.Duration
	MaxBackoff time.Duration
	JitterSeed uint64
	// Concurrency is the most requests in flight at once (default 4).
	Concurrency int
	// CacheDir, when not empty, is the directory of the answer cache
	// (created when missing).
	CacheDir string
	// HTTPClient sends the requests (default: a client without a global
	// time limit; Timeout applies per attempt).
	HTTPClient *http.Client
}

// Usage is the token count a server reports (zero when it reports none).
type Usage struct {
	PromptTokens     int `json:"prompt_tokens"`
	CompletionTokens int `json:"completion_tokens"`
}

// Completion is one answer.
type Completion struct {
	// Content is the text of the first choice's message; empty when the
	// message has no content because the reply was cut at the token limit
	// (see Truncated) or the model answered only in its reasoning.
	Content string `json:"content"`
	// Reasoning is the reasoning text a server returns beside the content
	// (reasoning_content, as vLLM, SGLang and DeepSeek name it, or
	// reasoning, as others do), when there is one.
	Reasoning string `json:"reasoning,omitempty"`
	// FinishReason is the first choice's finish_reason ("stop", "length",
	// …), as the server says.
	FinishReason string `json:"finish_reason"`
	// Model is the model name the server reports.
	Model string `json:"model"`
	Usage Usage  `json:"usage"`
	// Cached is set when the answer came from the cache (no request).
	Cached bool `json:"-"`
	// Attempts is the number of requests made for this answer (0 when
	// cached).
	Attempts int `json:"-"`
}

// Truncated reports whether the server cut the answer at the token limit
// (finish_reason "length"): its content, if any, is not the whole answer.
func (c *Completion) Truncated() bool { return c.FinishReason == "length" }

// Client sends chat completion requests. It is safe for concurrent use.
type Client struct {
	cfg    Config
	url    string
	apiKey string
	sem    chan struct{}
	http   *http.Client

	mu     sync.Mutex
	jitter *rand.Rand

	// sleep waits d or until ctx ends (tests replace it).
	sleep func(ctx context.Context, d time.Duration) error
}

// New checks cfg, reads the API key from the environment and returns a
// client. The cache directory is created when missing.
func New(cfg Config) (*Client, error) {
	if cfg.Model == "" {
		return nil, errors.New("llm: no model name")
	}
	for name, v := range map[string]*float64{"temperature": cfg.Params.Temperature, "top_p": cfg.Params.TopP} {
		if v != nil && (math.IsNaN(*v) || math.IsInf(*v, 0)) {
			return nil, fmt.Errorf("llm: %s %v is not a finite number", name, *v)
		}
	}
	if err := checkExtraBody(cfg.ExtraBody, cfg.Params); err != nil {
		return nil, err
	}
	u, err := url.Parse(cfg.Endpoint)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("llm: endpoint %q is not an http(s) URL such as http://localhost:8000/v1", redactURL(cfg.Endpoint))
	}
	if cfg.APIKeyEnv == "" {
		cfg.APIKeyEnv = DefaultAPIKeyEnv
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = 2 * time.Minute
	}
	if cfg.Retries == 0 {
		cfg.Retries = 4
	} else if cfg.Retries < 0 {
		cfg.Retries = 0
	}
	if cfg.Backoff <= 0 {
		cfg.Backoff = 500 * time.Millisecond
	}
	if cfg.MaxBackoff <= 0 {
		cfg.MaxBackoff = 30 * time.Second
	}
	if cfg.Concurrency <= 0 {
		cfg.Concurrency = 4
	}
	if cfg.HTTPClient == nil {
		cfg.HTTPClient = &http.Client{}
	}
	if cfg.CacheDir != "" {
		if err := os.MkdirAll(cfg.CacheDir, 0o755); err != nil {
			return nil, fmt.Errorf("llm: cache directory: %w", err)
		}
	}
	c := &Client{
		cfg:    cfg,
		url:    strings.TrimRight(cfg.Endpoint, "/") + "/chat/completions",
		apiKey: os.Getenv(cfg.APIKeyEnv),
		sem:    make(chan struct{}, cfg.Concurrency),
		http:   cfg.HTTPClient,
		jitter: rand.New(rand.NewPCG(cfg.JitterSeed, 0x6c6c6d)),
		sleep:  sleepCtx,
	}
	return c, nil
}

// String describes the client without its API key.
func (c *Client) String() string {
	return fmt.Sprintf("llm.Client{endpoint: %s, model: %s, key: %s}", c.Endpoint(), c.cfg.Model, c.keyState())
}

// GoString is String, so that %#v does not print the API key either.
func (c *Client) GoString() string { return c.String() }

func (c *Client) keyState() string {
	if c.apiKey == "" {
		return "none ($" + c.cfg.APIKeyEnv + " is empty)"
	}
	return "from $" + c.cfg.APIKeyEnv
}

// Model returns the model name the client sends.
func (c *Client) Model() string { return c.cfg.Model }

// Endpoint returns the base URL the client sends to, without user
// information.
func (c *Client) Endpoint() string { return redactURL(c.cfg.Endpoint) }

// request is the body of a chat completion request.
type request struct {
	Model    string    `json:"model"`
	Messages []Message `json:"messages"`
	Params
	ResponseFormat json.RawMessage `json:"response_format,omitempty"`
}

// ownFields are the request fields the client sets whatever Params say;
// the value says why ExtraBody may not set them.
var ownFields = map[string]string{
	"model":    "is set by the client",
	"messages": "is set by the client",
	"stream":   "is not supported: the client reads one JSON answer, not a stream",
}

// checkExtraBody checks extra against the fields the client sets.
func checkExtraBody(extra map[string]json.RawMessage, p Params) error {
	set := map[string]json.RawMessage{}
	b, _ := json.Marshal(p)
	json.Unmarshal(b, &set)
	names := make([]string, 0, len(extra))
	for name := range extra {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		switch why, own := ownFields[name]; {
		case own:
			return fmt.Errorf("llm: extra body field %q %s", name, why)
		case set[name] != nil:
			return fmt.Errorf("llm: extra body field %q is also a parameter (Params); set it once", name)
		case !json.Valid(extra[name]):
			return fmt.Errorf("llm: extra body field %q is not valid JSON", name)
		}
	}
	return nil
}

// requestBody returns the JSON body of a request: req's fields, then the extra
// ones, when there are any (in the order of their names).
func requestBody(req request, extra map[string]json.RawMessage) ([]byte, error) {
	b, err := json.Marshal(req)
	if err != nil || len(extra) == 0 {
		return b, err
	}
	fields := map[string]json.RawMessage{}
	if err := json.Unmarshal(b, &fields); err != nil {
		return nil, err
	}
	for name, v := range extra {
		fields[name] = v
	}
	return json.Marshal(fields)
}

// key is what a cache entry is keyed by; it never holds the API key.
type key struct {
	Endpoint string                     `json:"endpoint"`
	Model    string                     `json:"model"`
	Params   Params                     `json:"params"`
	Extra    map[string]json.RawMessage `json:"extra,omitempty"`
	Messages []Message                  `json:"messages"`
	Sample   int                        `json:"sample"`
	Format   json.RawMessage            `json:"response_format,omitempty"`
}

// CacheKey returns the hex SHA-256 that names the cache entry of messages
// and sample index under the client's endpoint, model, parameters and
// extra body fields (their values compacted: white space does not
// matter).
func (c *Client) CacheKey(messages []Message, sample int) string {
	return c.FormatCacheKey(messages, sample, nil)
}

// FormatCacheKey is CacheKey for a request with a response_format
// (CompleteFormat): the format is part of the key, compacted; with none
// the key is CacheKey's.
func (c *Client) FormatCacheKey(messages []Message, sample int, format json.RawMessage) string {
	b, _ := json.Marshal(key{strings.TrimRight(c.cfg.Endpoint, "/"), c.cfg.Model, c.cfg.Params, c.cfg.ExtraBody, messages, sample, format})
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

// JSONSchemaFormat returns the response_format that asks for a reply that
// is one JSON value valid under schema, in the form of OpenAI's
// structured outputs, which vLLM and SGLang also take for guided
// decoding: {"type": "json_schema", "json_schema": {"name": name,
// "schema": schema, "strict": strict}}. strict asks OpenAI to enforce
// the schema exactly, which it does only for a subset of JSON Schema
// (every object closed with "additionalProperties": false, every
// property required, a root that is an object and not an anyOf); an
// error when schema is not a JSON object.
func JSONSchemaFormat(name string, schema json.RawMessage, strict bool) (json.RawMessage, error) {
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(schema, &obj); err != nil || obj == nil {
		return nil, fmt.Errorf("llm: the response schema is not a JSON object")
	}
	return json.Marshal(map[string]any{
		"type":        "json_schema",
		"json_schema": map[string]any{"name": name, "schema": schema, "strict": strict},
	})
}

// Complete returns the model's answer to messages. sample is the index of
// the sample (0 for the first) when one prompt is asked several times: it
// is part of the cache key and offsets the seed. A cached answer is
// returned without a request.
func (c *Client) Complete(ctx context.Context, messages []Message, sample int) (*Completion, error) {
	return c.CompleteFormat(ctx, messages, sample, nil)
}

// CompleteFormat is Complete with a response_format: format, when not
// nil, is sent as the request's response_format (JSONSchemaFormat makes
// one) and is part of the cache key (FormatCacheKey). It must be a JSON
// object, and ExtraBody may not set response_format too.
func (c *Client) CompleteFormat(ctx context.Context, messages []Message, sample int, format json.RawMessage) (*Completion, error) {
	if len(messages) == 0 {
		return nil, errors.New("llm: no messages")
	}
	if sample < 0 {
		return nil, fmt.Errorf("llm: sample index %d is negative", sample)
	}
	if format != nil {
		var obj map[string]json.RawMessage
		if err := json.Unmarshal(format, &obj); err != nil || obj == nil {
			return nil, errors.New("llm: the response format is not a JSON object")
		}
		if _, both := c.cfg.ExtraBody["response_format"]; both {
			return nil, errors.New(`llm: extra body field "response_format" is also set by the request; set it once`)
		}
	}
	k := c.FormatCacheKey(messages, sample, format)
	if comp, ok := c.cacheGet(k); ok {
		return comp, nil
	}
	p := c.cfg.Params
	if p.Seed != nil {
		s := *p.Seed + int64(sample)
		p.Seed = &s
	}
	body, err := requestBody(request{c.cfg.Model, messages, p, format}, c.cfg.ExtraBody)
	if err != nil {
		return nil, fmt.Errorf("llm: encoding the request: %w", err)
	}
	comp, err := c.send(ctx, body)
	if err != nil {
		return nil, err
	}
	if err := c.cachePut(k, messages, sample, format, comp); err != nil {
		return nil, err
	}
	return comp, nil
}

// send posts body, retrying as the package documentation says.
func (c *Client) send(ctx context.Context, body []byte) (*Completion, error) {
	var last error
	attempts := c.cfg.Retries + 1
	for a := 1; a <= attempts; a++ {
		comp, retryAfter, err := c.attempt(ctx, body)
		if err == nil {
			comp.Attempts = a
			return comp, nil
		}
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		var ae *APIError
		if errors.As(err, &ae) {
			ae.Attempts = a
		}
		last = err
		if !retryable(err) || a == attempts {
			break
		}
		d := c.backoff(a)
		if retryAfter > d {
			d = min(retryAfter, MaxRetryAfter)
		}
		if err := c.sleep(ctx, d); err != nil {
			return nil, err
		}
	}
	var ae *APIError
	var re *ResponseError
	if errors.As(last, &ae) || errors.As(last, &re) {
		return nil, last
	}
	return nil, fmt.Errorf("llm: POST %s failed after %d %s: %w", redactURL(c.url), attempts, plural(attempts, "attempt", "attempts"), last)
}

// attempt makes one request; retryAfter is the server's Retry-After.
func (c *Client) attempt(ctx context.Context, body []byte) (comp *Completion, retryAfter time.Duration, err error) {
	select {
	case c.sem <- struct{}{}:
	case <-ctx.Done():
		return nil, 0, ctx.Err()
	}
	defer func() { <-c.sem }()
	actx, cancel := context.WithTimeout(ctx, c.cfg.Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(actx, http.MethodPost, c.url, bytes.NewReader(body))
	if err != nil {
		return nil, 0, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	if c.apiKey != "" {
		req.Header.Set("Authorization", "Bearer "+c.apiKey)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		if ctx.Err() == nil && actx.Err() != nil {
			return nil, 0, &timeoutError{c.cfg.Timeout}
		}
		return nil, 0, &netError{stripURL(err)}
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, maxBody))
	if err != nil {
		if ctx.Err() == nil && actx.Err() != nil {
			return nil, 0, &timeoutError{c.cfg.Timeout}
		}
		return nil, 0, &netError{fmt.Errorf("reading the answer: %w", stripURL(err))}
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return nil, parseRetryAfter(resp.Header.Get("Retry-After")), &APIError{
			StatusCode: resp.StatusCode,
			Message:    c.redact(truncate(serverMessage(data), MaxMessage)),
		}
	}
	comp, err = parseCompletion(data)
	if err != nil {
		err.(*ResponseError).Body = c.redact(truncate(string(data), MaxMessage))
		return nil, 0, err
	}
	return comp, 0, nil
}

// backoff returns the jittered wait before retry a (from 1).
func (c *Client) backoff(a int) time.Duration {
	d := c.cfg.Backoff
	for i := 1; i < a && d < c.cfg.MaxBackoff; i++ {
		d *= 2
	}
	d = min(d, c.cfg.MaxBackoff)
	c.mu.Lock()
	f := 0.5 + 0.5*c.jitter.Float64()
	c.mu.Unlock()
	return time.Duration(float64(d) * f)
}

func sleepCtx(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// retryable reports whether an attempt's error is worth another attempt.
func retryable(err error) bool {
	var ae *APIError
	if errors.As(err, &ae) {
		return ae.StatusCode == http.StatusTooManyRequests || ae.StatusCode >= 500
	}
	var ne *netError
	var te *timeoutError
	return errors.As(err, &ne) || errors.As(err, &te)
}

// parseRetryAfter reads a Retry-After header: seconds or an HTTP date.
// Anything else (or a date in the past) is no wait.
func parseRetryAfter(v string) time.Duration {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0
	}
	if s, err := strconv.ParseFloat(v, 64); err == nil {
		if s <= 0 {
			return 0
		}
		return time.Duration(s * float64(time.Second))
	}
	if t, err := http.ParseTime(v); err == nil {
		return max(0, time.Until(t))
	}
	return 0
}

// APIError is an answer with a status outside 2xx.
type APIError struct {
	// StatusCode is the HTTP status.
	StatusCode int
	// Message is the server's error message (from an OpenAI-style
	// {"error": {"message": …}} body, a {"message": …} body, or the body's
	// text), truncated to MaxMessage bytes, with the API key redacted.
	Message string
	// Attempts is the number of requests made before giving up.
	Attempts int
}

func (e *APIError) Error() string {
	s := fmt.Sprintf("llm: the server answered %d %s", e.StatusCode, http.StatusText(e.StatusCode))
	if e.Attempts > 1 {
		s += fmt.Sprintf(" (after %d attempts)", e.Attempts)
	}
	if e.Message != "" {
		s += ": " + e.Message
	}
	return s
}

// ResponseError is a 2xx answer that is not a chat completion with a text
// answer.
type ResponseError struct {
	// Reason says what is wrong.
	Reason string
	// Body is the start of the answer (at most MaxMessage bytes).
	Body string
}

func (e *ResponseError) Error() string {
	return fmt.Sprintf("llm: malformed answer: %s (body: %q)", e.Reason, e.Body)
}

// netError is a transport failure of one attempt.
type netError struct{ err error }

func (e *netError) Error() string { return e.err.Error() }
func (e *netError) Unwrap() error { return e.err }

// timeoutError is an attempt that hit its time limit.
type timeoutError struct{ limit time.Duration }

func (e *timeoutError) Error() string {
	return fmt.Sprintf("no answer within the time limit of %v per attempt", e.limit)
}

// stripURL drops the *url.Error wrapper (which repeats the URL).
func stripURL(err error) error {
	var ue *url.Error
	if errors.As(err, &ue) {
		return ue.Err
	}
	return err
}

// redactURL returns u without user information (a password in the URL).
func redactURL(u string) string {
	p, err := url.Parse(u)
	if err != nil || p.User == nil {
		return u
	}
	p.User = nil
	return p.String()
}

// redact replaces the API key in s.
func (c *Client) redact(s string) string {
	if c.apiKey == "" || len(c.apiKey) < 4 {
		return s
	}
	return strings.ReplaceAll(s, c.apiKey, "[redacted]")
}

// serverMessage extracts the error message of an error body.
func serverMessage(data []byte) string {
	var v struct {
		Error   json.RawMessage `json:"error"`
		Message string          `json:"message"`
		Detail  string          `json:"detail"`
	}
	if json.Unmarshal(data, &v) == nil {
		var inner struct {
			Message string `json:"message"`
		}
		var s string
		switch {
		case json.Unmarshal(v.Error, &inner) == nil && inner.Message != "":
			return inner.Message
		case json.Unmarshal(v.Error, &s) == nil && s != "":
			return s
		case v.Message != "":
			return v.Message
		case v.Detail != "":
			return v.Detail
		}
	}
	return strings.TrimSpace(string(data))
}

// parseCompletion reads a chat completion body.
func parseCompletion(data []byte) (*Completion, error) {
	var v struct {
		Model   string `json:"model"`
		Choices []struct {
			Message *struct {
				Content *string `json:"content"`
				// Reasoning texts: a string, or else ignored.
				ReasoningContent json.RawMessage `json:"reasoning_content"`
				Reasoning        json.RawMessage `json:"reasoning"`
			} `json:"message"`
			FinishReason *string `json:"finish_reason"`
		} `json:"choices"`
		Usage *Usage `json:"usage"`
	}
	if err := json.Unmarshal(data, &v); err != nil {
		return nil, &ResponseError{Reason: "not a JSON chat completion: " + err.Error()}
	}
	switch {
	case len(v.Choices) == 0:
		return nil, &ResponseError{Reason: "no choices"}
	case v.Choices[0].Message == nil:
		return nil, &ResponseError{Reason: "choices[0] has no message"}
	}
	msg := v.Choices[0].Message
	comp := &Completion{Model: v.Model}
	if fr := v.Choices[0].FinishReason; fr != nil {
		comp.FinishReason = *fr
	}
	for _, raw := range []json.RawMessage{msg.ReasoningContent, msg.Reasoning} {
		if json.Unmarshal(raw, &comp.Reasoning) == nil && comp.Reasoning != "" {
			break
		}
	}
	switch {
	case msg.Content != nil:
		comp.Content = *msg.Content
	case !comp.Truncated() && comp.Reasoning == "":
		// Not cut and no reasoning either: a tool call, a refusal, or a
		// server's fault; not an answer.
		return nil, &ResponseError{Reason: "choices[0].message has no text content"}
	}
	if v.Usage != nil {
		comp.Usage = *v.Usage
	}
	return comp, nil
}

// truncate cuts s to at most n bytes on a rune boundary, marking the cut.
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && !utf8RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

func utf8RuneStart(b byte) bool { return b&0xC0 != 0x80 }

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
