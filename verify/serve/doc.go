// Package serve grades responses over HTTP: a reward server for RL
// trainers (GRPO and the like) that serves one suite, from its file
// (Open) or held in memory (New), and scores every response with
// verify.ScoreResponse, the same code as "plancert verify" and "plancert
// score". It is stateless unless it generates problems
// (Options.Generator, below).
//
// It lives under verify because grading is verify's concept; serve adds
// only the wire formats. The arrows stay one way: serve imports verify,
// domains and gen/loop (the curriculum's update, which imports only
// domains), never the other way round.
//
// # Endpoints
//
// POST /get_reward is OpenRLHF's remote reward model protocol
// (--reward.remote_url http://HOST:PORT/get_reward). The request is
//
//	{"query": [...], "prompts": [...], "labels": [...]}
//
// where query[i] is the prompt followed by the model's response (as the
// trainer decoded it), prompts[i] is the prompt and labels[i] is the id of
// the record the prompt came from (OpenRLHF's --data.label_key names the
// column that holds it). The response graded is query[i] with prompts[i]
// stripped: when query[i] starts with prompts[i], what follows it; else,
// when prompts[i] occurs in query[i], what follows its last occurrence;
// else the whole of query[i] (counted in extra_logs as prompt_not_found).
// Without "prompts", every query is graded whole. A label may carry the
// record's content hash after the id, "<id>#sha256:…" (the label column
// of the JSONL export): when that is not the hash of the server's record
// of the id, the dataset was made from another suite than the one the
// server grades (another plancert version or gen run, same ids, other
// problems). OpenRLHF has no error channel but a failed request, so such
// a query is not graded: its reward is 0, extra_logs.hash_mismatch is 1,
// and the server logs a line naming the id and both hashes. The answer is
//
//	{"rewards": [...], "scores": [...], "extra_logs": {"all_pass": [...],
//	 "avg_pass": [...], "parsed": [...], "prompt_not_found": [...],
//	 "integrity_alarm": [...], "hash_mismatch": [...]}}
//
// with one value per query: rewards in the server's reward mode, scores
// equal to rewards (OpenRLHF filters groups on scores), and per-response
// logs. An unknown label, a missing "labels" or lists of different
// lengths make the whole request fail with 400: a misconfigured label is
// a setup error that must stop a training run, not a silent reward of 0.
//
// POST /v1/score grades a batch of responses given by record id:
//
//	{"items": [{"id": "...", "response": "...", "hash": "..."}], "reward": "allpass|avgpass|feasible"}
//
// ("reward" may be left out: the server's mode; "hash", the record's
// content hash as the client has it, too). An item whose hash is not the
// hash of the server's record of its id makes the whole request fail with
// 409 and nothing graded: the body is a HashConflict,
//
//	{"error": "...", "item": I, "id": "...", "hash": "<the request's>",
//	 "server_hash": "<the server's record's>"}
//
// naming the first such item. The answer is
//
//	{"reward": MODE, "n": N, "scored": K, "errors": E, "mean_reward": R,
//	 "integrity_alarms": A,
//	 "results": [{"id", "error"?, "passed", "failed", "parsed", "items",
//	              "all_pass", "avg_pass", "reward", "objective",
//	              "error_kind", "integrity_alarm"}]}
//
// with one result per item, in request order: the fields of verify.Score
// plus the number of checklist items passed and failed. An item whose id
// is not in the suite gets a per-item "error" and no score (the batch is
// still graded, with status 200); mean_reward is over the scored items.
// A missing "id" or "response" is a malformed request (400).
//
// An integrity alarm — a feasible answer whose objective beats the
// certified optimum, which means the record's certificate or the checker is
// wrong — is never scored silently: the server logs it loudly, and the
// answer flags it (integrity_alarm per item, integrity_alarms in
// /v1/score's answer, extra_logs.integrity_alarm in /get_reward's).
//
// GET /healthz answers {"status": "ok", "records": N, "reward": MODE}.
//
// # Generation and the curriculum
//
// With Options.Generator (plancert serve --generate) the server also
// makes problems and keeps a curriculum that a trainer drives. The
// Generator is an interface defined here and implemented by the caller
// with package gen: the grader imports no generation or search.
//
// POST /v1/problems takes a ProblemRequest,
//
//	{"task": T | "family": F, "level": L, "tiers": [B, M, H], "n": N, "seed": S}
//
// and answers {"n": N, "records": [...]}, the records as gen writes them
// (see ProblemRequest for what they are). Each generated record's
// reference is graded against its own checklist before it is served (as
// Warm does for the suite), and the records are added to those the server
// grades, by id and content hash, at most Options.GenerateCache of them
// (the oldest dropped first; a dropped id is then unknown, as any other).
// The request's fields are checked strictly: an unknown field, a level
// outside 1..domains.Levels, an unknown task or family, or tiers that are
// not three counts in 0..9 are 400; n over Options.MaxGenerate is 413. At
// most Options.GenerateConcurrency requests are generated at once: one
// more is answered 429 with Retry-After (generation never holds a grading
// slot, nor grading a generation slot). A request not generated within
// Options.GenerateTimeout is answered 504 with a GenerateTimeout body
// (how many records were ready; none is answered or kept), and one cut by
// the server's shutdown 503.
//
// GET /v1/curriculum (?task=T for one task) answers a CurriculumAnswer:
// the parameters and, per task, its TaskState {"level", "p", "m",
// "counts", "graded", "solved", "stale"}. Every result graded by
// /v1/score or /get_reward (not a hash mismatch), and every result posted
// to POST /v1/curriculum/feedback,
//
//	{"results": [{"id": "...", "hash": "...", "all_pass": 0|1|false|true}]}
//
// (graded elsewhere, such as by the Python package in process; a hash
// that is not the record's is 409 and nothing is counted; an unknown id
// is counted in "unknown"), updates its record's task with
// loop.Params.Update(state, all_pass): eq. 1 of PlanningBench, and a level
// up at M = MMax. Only a result of a record at the task's current level
// moves the state; the others are "stale" (so that a batch drawn before a
// level change does not push the task further). The state depends on the
// order of the results: within a request it is the request's order, and
// concurrent requests are counted in the order they finish grading. It is
// kept in memory only.
//
// # Errors and limits
//
// Every error is a JSON object {"error": "..."}: 400 for a malformed
// request (not JSON, wrong types, trailing data, mismatched lists, a
// missing field, an unknown reward mode, an unknown label), 409 for a
// /v1/score item whose hash is not its record's (with both hashes), 413 for a
// body over Options.MaxBodyBytes or a batch over Options.MaxBatch, 429 and
// 504 for generation (above), 408
// for a body slower than Options.MinBodyRate or longer to come than
// Options.BodyTimeout, 503 for a body that found no room in memory in its
// time, 405 (with an Allow header) for a wrong method, 404 for another
// path, 500 for a panic while handling a request (recovered and logged;
// the server keeps running). Fields a request of /get_reward or /v1/score
// has and this version does not know are ignored; the generation
// endpoints refuse them. Without a Generator, the generation endpoints
// answer 404 saying so.
//
// # Memory
//
// A server made by Open ("plancert serve --suite FILE") reads the suite
// once at the start, on Options.Workers goroutines: every record is
// checked as verify.ReadSuite checks it, its reference plan is graded
// against its own checklist (a reference that fails is an integrity
// failure, reported as a *ReferenceError, and no server is made), and
// the record is dropped but for an index entry: the offset, length and
// CRC-32C of its line, its content hash, task and level, about 300 bytes
// with its id in the index's map. /get_reward and /v1/score find a record
// by id (the label), never by its prompt, so the server keeps no prompt.
// A record a request names is read again from the file by offset (one
// ReadAt, its checksum checked: a line that changed since the start fails
// the request with 500, never grades against other content), decoded
// without its prompt, certificate and texts, and held in a cache of
// Options.CacheRecords records (DefaultCacheRecords; about 11 KB each,
// with the loaded instance and its grading caches, on a level-1 suite),
// the least recently graded dropped first, with what verify cached for
// them (verify.Forget). A record is pinned in the cache while one of its
// answers is graded, so the cache holds more than its bound only by the
// records being graded at that moment. The first records of the file
// fill the cache at the start: a suite no larger than the cache is never
// read again. So a suite of N records takes about N × 300 bytes plus
// CacheRecords × 11 KB (a million records: about 0.3 GB and 0.18 GB),
// besides the request bodies (below). A server made by New holds every
// record it is given, whole.
//
// Server.Warm grades the reference plan of every record held in memory
// (New's) once: it loads every instance before the first request and
// reports a reference that fails its own checklist ("plancert serve"
// refuses to start then). Open has done so for the suite file's.
//
// Scoring is spread over Options.Workers goroutines (GOMAXPROCS by
// default) within each request; at most Options.MaxConcurrent POST
// requests (4 by default) are graded at once, the others wait their turn
// once their bodies are read. A body is read first, under time limits (a
// total, and a minimum rate after a grace period): a client that sends
// slowly holds a connection, never a grading slot, and is answered 408
// when it falls behind. The bodies in memory at once are at most
// MaxConcurrent × MaxBodyBytes bytes, and grading a request takes at most
// about 3 times its body besides (verify.Extract reads a response once
// and keeps nothing per byte; verify.ScoreResponse refuses answers larger
// than any plan of their problem), so the server's memory stays within
// about 4 × MaxConcurrent × MaxBodyBytes. Server.Serve shuts down
// gracefully when its context ends: it stops accepting connections and
// waits for the requests in flight.
//
// Request bodies of the usual shape are read by a small scanner that
// leaves the texts encoded (only the response part of each query is
// decoded, by the workers); any other body is decoded by encoding/json,
// which also words the errors. Fuzz tests check that the scanner either
// declines a body or decodes it exactly as encoding/json does.
package serve
