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
// items (ItemErrorKind), first match in this order:
//
//	"checker error"         the checker failed (a bug in plancert, not in the response)
//	"format"                no JSON answer was extracted, or the format item failed
//	"constraint omitted"    a coverage item failed (something required is missing)
//	"wrong assignment"      a feasibility item of a basic, medium or hard unit failed
//	"state tracking"        a feasibility item of a stateful unit (cool-down,
//	                        cumulative load, up/down time) failed, and none above
//	"suboptimal"            an objective item failed (and no item above)
//	"stated-value mismatch" only stated-value items failed: the plan is right but
//	                        a value the answer computed and stated about it is not,
//	                        or the answer leaves it out (docs/grading.md)
//	"other"                 only items of a kind this package does not know failed
//	"truncated"             the model's server cut the response at its token limit
//	                        (Truncated, ScoreLine); its text is not graded
//	"no response"           the record got no response at all (Summarize, Missing)
//
// "wrong assignment" is PlanningBench's "wrong calculation / assignment":
// a feasibility item checks the plan's decisions, and the item data do not
// say whether a wrong decision came from a wrong sum or a wrong choice.
// The one place the data show a calculation is a stated value (the answer
// computes its own goal value); its failure is "stated-value mismatch".
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
//
// # Analyses and comparisons
//
// Analyze adds what a report needs: All-pass with its Wilson interval,
// Avg-pass with a Student t interval over records, breakdowns by family,
// task, subtask, tier mix, checklist length and prompt length, the
// per-unit All-pass of records that sampled a unit against those that
// could have and did not, and the error table (primary kind per failed
// response, and how many failed responses had an item of each kind).
// Compare pairs two response sets on one suite: the exact McNemar test on
// All-pass and a seeded paired bootstrap interval on the Avg-pass
// difference. Wilson, McNemarExact, TInterval and PairedBootstrap are the
// statistics underneath.
package verify
