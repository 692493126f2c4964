// Package natplan imports the NATURAL PLAN benchmark (Zheng et al. 2024,
// github.com/google-deepmind/natural-plan) and audits it exactly.
//
// Each example of the calendar-scheduling, trip-planning and
// meeting-planning files becomes a small encode.Model of its own, built
// from the structured fields where the record has them (trip: cities and
// durations; meeting: constraints and dist_matrix) and from the prompt text
// where it does not (calendar: participants' busy intervals, work hours,
// days, duration and stated preferences; trip: the direct-flight list and
// the fixed-day events). A prompt sentence the parser does not recognise
// makes the example unparsed, reported by id with the sentence; nothing is
// guessed.
//
// The models are certified with solver.Certify (optimum, uniqueness with a
// witness, or a minimal conflict), the golden plan is decoded into an
// assignment and judged by the model's own Check (feasible? optimal?), and
// the bundled Gemini 1.5 Pro predictions (pred_5shot_pro) are re-scored
// twice: by exact verification (feasible and optimal under our model) and by
// the benchmark's own exact-match rules, re-implemented from the official
// evaluate_*.py scripts (see ExactMatch).
//
// "The same plan" — the answer variables — is per task: calendar, the
// meeting's day and start; trip, the order of the cities (with the fixed
// durations this fixes every day range); meeting, the ordered list of
// friends met (times are not part of the answer: a plan with slack can
// start a meeting at many minutes).
//
// The package is internal: it serves the "plancert import natural-plan"
// command only and its API follows the benchmark's file format, which is
// not a contract of plancert's.
package natplan
