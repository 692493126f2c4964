// Package trainset writes a suite as training data for RL trainers: a
// verl dataset (parquet) and a JSONL dataset for TRL (and OpenRLHF).
// Rewards do not travel with the data: each row carries the record id,
// and the reward server (verify/serve) grades a response by that id.
//
// # verl
//
// WriteVerl writes the columns verl's RLHFDataset reads (the layout of
// verl's own gsm8k preparation script):
//
//	data_source   string  "plancert/" + family, e.g. "plancert/scheduling"
//	prompt        list<struct{role, content}>  one user message: the record's prompt
//	ability       string  "planning"
//	reward_model  struct{style, ground_truth}  style "rule", ground_truth the record id
//	extra_info    struct{index, id, split, task, family, subtask}
//
// index is the record's position in the suite (from 0), the same in the
// train and test files. verl passes data_source, the response text,
// ground_truth and extra_info to a custom compute_score
// (examples/plancert_verl.py).
//
// # JSONL
//
// WriteJSONL writes one JSON object per row:
//
//	{"prompt": [{"role": "user", "content": ...}], "id", "data_source",
//	 "task", "family", "subtask", "split", "index"}
//
// TRL's GRPOTrainer takes "prompt" as a conversation and passes the other
// columns to reward functions as keyword arguments (examples/plancert_trl.py
// reads id). OpenRLHF reads the same file with --input_key prompt
// --apply_chat_template --label_key id.
//
// # Split
//
// Split puts a fixed fraction of the records in a test split chosen by a
// hash of their ids: the same suite always splits the same way, and a
// record's split does not depend on the order of the file.
package trainset
