// Package llm is a client for OpenAI-compatible chat completion endpoints
// (vLLM, SGLang, Ollama, llama.cpp's server, hosted APIs): POST
// {Endpoint}/chat/completions with a model name and messages, one answer
// per call.
//
// # What it does for a caller
//
//   - The API key is read from an environment variable whose name is
//     configurable (Config.APIKeyEnv, default OPENAI_API_KEY) and sent as
//     "Authorization: Bearer …" when it is set. The key never appears in an
//     error, a cache key or a cache file: a server message that echoes it
//     has it replaced by "[redacted]".
//   - Sampling parameters (temperature, top_p, top_k, max_tokens,
//     max_completion_tokens, reasoning_effort, seed) are sent only when
//     set, so the server's defaults apply otherwise. Config.ExtraBody adds
//     a server's own fields (vLLM's chat_template_kwargs, …) to the
//     request; it may not set the fields the client sets.
//   - CompleteFormat sends a response_format with one request (structured
//     output or guided decoding; JSONSchemaFormat makes OpenAI's
//     json_schema form), part of that request's cache key.
//   - A reasoning model's reasoning text (reasoning_content or reasoning)
//     is kept in Completion.Reasoning. A reply cut at the token limit
//     (finish_reason "length", Completion.Truncated) is an answer, cached
//     like the others, even when it has no content at all.
//   - Each attempt has its own time limit (Config.Timeout). A 429, a 5xx, a
//     network error or an attempt's time limit is retried up to
//     Config.Retries times with exponential backoff and seeded jitter; a
//     Retry-After header (seconds or an HTTP date) is a lower bound on the
//     wait, up to MaxRetryAfter. Other statuses and malformed bodies are
//     not retried.
//   - At most Config.Concurrency requests are in flight at once, whatever
//     the number of goroutines calling Complete.
//   - With Config.CacheDir set, every answer is stored in its own file,
//     named by a SHA-256 of (endpoint, model, parameters, extra body
//     fields, messages, sample index, response format) and written through a temporary file renamed into place: a
//     rerun with the same inputs makes no request, and an interrupted run
//     resumes where it stopped. Failures are never cached.
//
// # Errors
//
// A non-2xx answer is an *APIError (status, the server's message truncated
// to MaxMessage bytes, the number of attempts); a 2xx answer that is not a
// chat completion is a *ResponseError. Network errors and time limits are
// returned wrapped, after the last attempt, with the attempt count.
// Cancelling the context stops waiting and returns the context's error.
package llm
