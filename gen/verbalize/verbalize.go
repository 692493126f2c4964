package verbalize

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/llm"
	"github.com/plancert/plancert/verify"
)

// The values of domains.Record.Verbalizer.
const (
	// ByTemplate: the prompt is the task's template (the canonical prompt).
	ByTemplate = "template"
	// ByLLM: the problem text was rewritten by a model and passed the
	// audit; the answer instructions are the template's.
	ByLLM = "llm"
)

// The reasons of a failed audit: the start of domains.Record.VerbalizerNote
// (before the first ':'), and the keys of the fallback counts.
const (
	ReasonNoSplit        = "no answer section"
	ReasonEmpty          = "empty rewrite"
	ReasonCodeBlock      = "code block in rewrite"
	ReasonMissingFact    = "missing fact"
	ReasonNoExtraction   = "back-extraction not JSON"
	ReasonExtractionDiff = "back-extraction differs"
)

// LLM rewrites prompts with a model and audits the rewrite.
type LLM struct {
	// Client asks the model (its cache makes reruns byte-identical and
	// free).
	Client *llm.Client
}

// Rewrite prompts. The canonical problem text is sent as it is, after
// rewriteInstructions; the back-extraction sends the prose and the
// skeleton.
const rewriteInstructions = `Rewrite the planning problem below as natural, fluent prose, the way a colleague would explain it in an email: no tables, no bullet lists, no headings.
Keep every fact exactly: every name spelled exactly as written (same letters, capitals and spaces), every number written in digits exactly as written, every rule (named rules keep their names in double quotes), the goal and every tie-break.
Do not add facts, do not drop any, do not solve the problem, and do not add instructions about the answer format. Reply with the rewritten text only.

The problem:

`

const extractInstructions = `Below is a planning problem written in prose, and a JSON template of its data in which some values are placeholders: "<name>" stands for a name (a JSON string) and "<number>" for a number (a JSON number, not a string).
Replace every placeholder with the value the prose states, in the form and units the surrounding keys and values suggest; keep every other value, key and list exactly as it is. Use only the prose.
Reply with the completed JSON only, in one ` + "```json" + ` block.

The prose:

%s

The template:

` + "```json\n%s\n```\n"

// Split cuts a canonical prompt into its problem text and its answer
// section: the paragraph (after the last blank line) before the first
// occurrence of the answer schema, and everything after it. ok is false
// when the schema does not occur in the prompt or no paragraph precedes it.
func Split(prompt, answerSchema string) (problem, answer string, ok bool) {
	if answerSchema == "" {
		return "", "", false
	}
	i := strings.Index(prompt, answerSchema)
	if i < 0 {
		return "", "", false
	}
	p := strings.LastIndex(prompt[:i], "\n\n")
	if p <= 0 || strings.TrimSpace(prompt[:p]) == "" {
		return "", "", false
	}
	return prompt[:p], prompt[p:], true
}

// Outcome is the result of verbalizing one record.
type Outcome struct {
	// Prompt is the prompt to keep: the rewrite followed by the template's
	// answer section, or the template prompt after a failed audit.
	Prompt string
	// By is ByLLM or ByTemplate.
	By string
	// Note is empty for ByLLM; after a failed audit, the reason (one of
	// the Reason constants) and the evidence, "reason: evidence".
	Note string
}

// Reason returns the reason part of a note ("" for none).
func Reason(note string) string {
	r, _, _ := strings.Cut(note, ":")
	return r
}

// Verbalize asks the model to rewrite rec's problem text in prose and
// audits the rewrite:
//
//  1. the prompt splits into problem text and answer section (Split); only
//     the problem text is sent, and the answer section is kept as it is;
//  2. the rewrite is not empty and holds no ``` code block;
//  3. every fact of the problem text (Facts of rec.Instance) occurs in the
//     rewrite;
//  4. the model, given only the rewrite and the instance's Skeleton, fills
//     in the instance, whose Canonical form must equal the instance's.
//
// A failed step gives the template prompt with the reason in Outcome.Note.
// An error is returned only when a request fails (after the client's
// retries) or ctx ends; the record is then not verbalized. Verbalize never
// touches the answer schema or the checklist.
func (v *LLM) Verbalize(ctx context.Context, rec *domains.Record) (Outcome, error) {
	if v.Client == nil {
		return Outcome{}, ErrNoClient
	}
	fallback := func(reason, evidence string) (Outcome, error) {
		return Outcome{Prompt: rec.Prompt, By: ByTemplate, Note: reason + ": " + evidence}, nil
	}
	problem, answer, ok := Split(rec.Prompt, rec.AnswerSchema)
	if !ok {
		return fallback(ReasonNoSplit, "the answer schema does not follow a paragraph of the prompt")
	}
	facts, err := Facts(rec.Instance, problem)
	if err != nil {
		return Outcome{}, err
	}
	comp, err := v.Client.Complete(ctx, []llm.Message{{Role: "user", Content: rewriteInstructions + problem}}, 0)
	if err != nil {
		return Outcome{}, fmt.Errorf("verbalize: %s: rewrite: %w", rec.ID, err)
	}
	prose := strings.TrimSpace(comp.Content)
	switch {
	case prose == "":
		return fallback(ReasonEmpty, "the model answered nothing")
	case strings.Contains(prose, "```"):
		return fallback(ReasonCodeBlock, "the rewrite holds a ``` block")
	}
	if miss := Missing(facts, prose); len(miss) > 0 {
		var s []string
		for _, f := range miss[:min(len(miss), 5)] {
			s = append(s, f.String())
		}
		ev := strings.Join(s, ", ")
		if len(miss) > 5 {
			ev += fmt.Sprintf(" and %d more", len(miss)-5)
		}
		return fallback(ReasonMissingFact, ev)
	}
	skel, err := Skeleton(rec.Instance, facts)
	if err != nil {
		return Outcome{}, err
	}
	back, err := v.Client.Complete(ctx, []llm.Message{{Role: "user", Content: fmt.Sprintf(extractInstructions, prose, skel)}}, 0)
	if err != nil {
		return Outcome{}, fmt.Errorf("verbalize: %s: back-extraction: %w", rec.ID, err)
	}
	got, err := verify.Extract(back.Content)
	if err != nil {
		return fallback(ReasonNoExtraction, err.Error())
	}
	want, err := Canonical(rec.Instance)
	if err != nil {
		return Outcome{}, fmt.Errorf("verbalize: %s: the instance is not JSON: %w", rec.ID, err)
	}
	gotC, err := Canonical(got)
	if err != nil {
		return fallback(ReasonNoExtraction, err.Error())
	}
	if !bytes.Equal(gotC, want) {
		return fallback(ReasonExtractionDiff, firstDifference(gotC, want))
	}
	return Outcome{Prompt: prose + answer, By: ByLLM}, nil
}

// Apply verbalizes rec and sets its Prompt, Verbalizer and VerbalizerNote.
func (v *LLM) Apply(ctx context.Context, rec *domains.Record) error {
	o, err := v.Verbalize(ctx, rec)
	if err != nil {
		return err
	}
	rec.Prompt, rec.Verbalizer, rec.VerbalizerNote = o.Prompt, o.By, o.Note
	return nil
}

// firstDifference says where two canonical JSON texts first differ, with a
// little context.
func firstDifference(got, want []byte) string {
	i := 0
	for i < len(got) && i < len(want) && got[i] == want[i] {
		i++
	}
	cut := func(b []byte) string {
		lo, hi := max(0, i-30), min(len(b), i+30)
		return string(b[lo:hi])
	}
	return fmt.Sprintf("at byte %d, got …%s… want …%s…", i, cut(got), cut(want))
}

// ErrNoClient says an LLM verbalizer has no client.
var ErrNoClient = errors.New("verbalize: no client")
