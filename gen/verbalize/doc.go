// Package verbalize rewrites a record's canonical (template) prompt in
// natural prose with a model, and keeps the rewrite only when an audit
// proves that it states the same problem; otherwise the template prompt is
// kept and the reason recorded.
//
// # What is rewritten
//
// Only the problem text: the prompt up to the paragraph that introduces
// the answer schema (Split). The answer section — the schema, the skeleton
// and the answer rules — the answer schema field and the checklist are
// never given to the model to change; the final prompt is the rewrite
// followed by the template's answer section, byte for byte.
//
// # The audit
//
// The facts of a problem text are derived from the instance JSON and the
// text alone, with no knowledge of the task (Facts): every string value of
// the instance of at most MaxNameWords words, and every number value,
// that the canonical problem text shows as a whole word or a whole number;
// and every phrase the text puts in double quotes (the names of named
// rules, which an infeasibility answer cites).
// A rewrite passes when
//
//  1. it is not empty and holds no ``` code block (which could carry a
//     second answer format);
//  2. every fact occurs in it, by the same matching rule (names exact, in
//     case and spelling; numbers in digits);
//  3. a back-extraction equals the instance: the model gets only the
//     rewrite and the instance's Skeleton (the instance with each fact's
//     value replaced by a placeholder, every other value kept), fills the
//     placeholders, and the result's Canonical JSON must equal the
//     instance's exactly.
//
// Values the problem text does not show (seeds, internal units) are not
// facts: they stay in the skeleton, so the extraction checks what the
// prose says and nothing it could not say.
//
// Both requests go through an llm.Client; with its cache, the same run
// makes the same file byte for byte and costs nothing the second time.
package verbalize
