package verify_test

import (
	"context"
	"strings"
	"testing"

	"github.com/plancert/plancert/verify"
)

// TestEndTokens: a certified reference in a json block scores 1 when a
// decoder's end tokens follow the closing fence directly, after a newline,
// or repeated as padding, for every token of the list (Qwen, Llama 3,
// Mistral, GPT-OSS and the others); the same token inside the block fails
// the format item.
func TestEndTokens(t *testing.T) {
	rec := record(t, 0)
	ref := "```json\n" + string(rec.Reference.Plan) + "\n```"
	for _, tok := range verify.EndTokens {
		for name, resp := range map[string]string{
			"right after the fence": ref + tok,
			"after a newline":       ref + "\n" + tok,
			"repeated as padding":   ref + tok + tok + "\n" + tok + strings.Repeat(" ", 3),
			"then white space":      ref + tok + " \r\n\t",
		} {
			if s := verify.ScoreResponse(context.Background(), rec, resp, verify.RewardAllPass); s.AllPass != 1 {
				t.Errorf("%s %s: all-pass %v, error %q", tok, name, s.AllPass, s.ErrorKind)
			}
		}
		inside := "```json\n" + string(rec.Reference.Plan) + tok + "\n```"
		if s := verify.ScoreResponse(context.Background(), rec, inside, verify.RewardAllPass); s.AllPass != 0 || s.Parsed {
			t.Errorf("%s inside the block: all-pass %v, parsed %v", tok, s.AllPass, s.Parsed)
		}
	}
	// GPT-OSS as a trainer decodes it: the analysis message, then the
	// final one, ended by <|return|>.
	harmony := "<|channel|>analysis<|message|>Schedule the long meeting first.<|end|><|start|>assistant<|channel|>final<|message|>" + ref + "<|return|>"
	if s := verify.ScoreResponse(context.Background(), rec, harmony, verify.RewardAllPass); s.AllPass != 1 {
		t.Errorf("harmony: all-pass %v, error %q", s.AllPass, s.ErrorKind)
	}
	for in, want := range map[string]string{
		"a<|im_end|>":                "a",
		"a <|eot_id|>\n<|eot_id|>\n": "a",
		"<|im_end|>a":                "<|im_end|>a",
		"a</s>b":                     "a</s>b",
		"":                           "",
	} {
		if got := verify.TrimEnd(in); got != want {
			t.Errorf("TrimEnd(%q) = %q, want %q", in, got, want)
		}
	}
}
