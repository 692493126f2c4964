package verify

import "strings"

// EndTokens are the end-of-sequence and end-of-turn tokens that a decoder
// may leave at the end of a response (OpenRLHF decodes with
// skip_special_tokens=False, so the end-of-text token follows the answer;
// padding may repeat it). TrimEnd removes them, with white space, from the
// end of a response only: a token inside the answer is left as it is, and
// fails the answer as any other stray text would.
//
// The list is the one place that knows them: Qwen (ChatML), Llama 3,
// Mistral and Llama 2, GPT-OSS (harmony), Gemma, Phi and DeepSeek.
var EndTokens = []string{
	"<|im_end|>", "<|endoftext|>", // Qwen, ChatML
	"<|eot_id|>", "<|end_of_text|>", "<|eom_id|>", // Llama 3
	"</s>", // Mistral, Llama 2
	// GPT-OSS (harmony, o200k_harmony): <|return|> ends the final
	// message, <|call|> a tool call, <|end|> any other message (and a Phi
	// turn).
	"<|return|>", "<|end|>", "<|call|>",
	"<end_of_turn>", "<eos>", // Gemma
	"<｜end▁of▁sentence｜>", // DeepSeek
}

// TrimEnd removes white space and EndTokens from the end of a response,
// as often as they occur.
func TrimEnd(response string) string {
	for {
		s := strings.TrimRight(response, " \t\r\n")
		for _, t := range EndTokens {
			s = strings.TrimSuffix(s, t)
		}
		if s == response {
			return s
		}
		response = s
	}
}
