// Package verify grades responses to plancert problems exactly: it extracts
// the answer from a response's text, runs the task's checklist on it
// (domains.Instance.Check) and scores it; it reads suites and response files
// and summarizes scores with confidence intervals.
//
// # Extraction
//
// Extract takes the last fenced ```json block of a response; when there is
// none, the last balanced top-level JSON object of the text. Nothing else is
// guessed: no repair of almost-JSON, no other fence languages, no fuzzy
// matching of names (a name that is not in the instance fails its item).
//
// # Scores
//
// ScoreResponse gives one Score per response: the pass/fail of every
// checklist item with its detail, All-pass (1 iff every item passes),
// Avg-pass (the fraction of items that pass), the reward in a RewardMode
// and an error kind. A response with no extractable JSON, a checker error
// and a checker panic are failures of every item, never skipped samples.
//
// The error kind of a failed response comes from the kinds of its failed
// items, first match in this order:
//
//	"checker error"         the checker failed (a bug in plancert, not in the response)
//	"format"                no JSON answer was extracted, or the format item failed
//	"constraint omitted"    a coverage item failed
//	"wrong assignment"      a feasibility item failed
//	"suboptimal"            an objective item failed (and no item above)
//	"stated-value mismatch" only stated-value items failed
//	"other"                 only items of a kind this package does not know failed
//	"no response"           the record got no response at all (Summarize, Missing)
//
// A response that passes every item has the error kind "".
//
// # Summaries
//
// Summarize gives All-pass, Avg-pass and reward means over every response,
// each with a Wilson 95% score interval, error-kind counts and a per-task
// table. A record with no response counts as one failed response (all_pass
// 0, avg_pass 0, error_kind "no response"). See Summarize for the interval
// method.
package verify
