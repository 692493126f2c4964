// Package trainset writes a suite as training data: a verl dataset
// (parquet), a JSONL dataset for TRL (and OpenRLHF), and a Hugging Face
// dataset (parquet splits and a dataset card). Every row carries the
// record id, which the reward server (verify/serve) grades by, its content
// hash (domains.RecordHash), which a client sends with the id so that a
// server holding another record under that id refuses to grade, and the
// record itself (RecordJSON: the record's line in the suite, exactly, as
// a JSON string), so that grading works offline: the records of a split,
// written one per line, are a suite.
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
//	extra_info    struct{index, id, hash, split, task, family, subtask, record}
//
// index is the record's position in the suite (from 0), the same in the
// train and test files. verl passes data_source, the response text,
// ground_truth and extra_info to a custom compute_score
// (examples/plancert_verl.py): ground_truth stays the id the server
// grades by, and extra_info.record lets a compute_score grade without it.
//
// # JSONL
//
// WriteJSONL writes one JSON object per row:
//
//	{"prompt": [{"role": "user", "content": ...}], "id", "hash", "label",
//	 "data_source", "task", "family", "subtask", "split", "index", "record"}
//
// TRL's GRPOTrainer takes "prompt" as a conversation and passes the other
// columns to reward functions as keyword arguments (examples/plancert_trl.py
// reads id). OpenRLHF reads the same file with --data.input_key prompt
// --data.apply_chat_template --data.label_key label: label is Label, the id and the
// hash ("<id>#sha256:…"), since the label is all OpenRLHF sends the
// server of a row. record is a string, not an object:
// records of different tasks have differently shaped instances, which one
// Arrow schema (datasets' JSON loader) cannot hold.
//
// # Hugging Face
//
// WriteHF writes a split's rows, HFRow (id, hash, index, family, task, subtask,
// level, status, prompt, record), to the file HFSplitPath names in the
// dataset directory; WriteCard writes README.md, the dataset card:
// configs and dataset_info in YAML front matter (the features from
// HFRow's parquet schema, num_examples and the Arrow num_bytes per split),
// the licence, and prose on how the records were certified, the columns,
// grading and the counts per family, task and level. datasets.load_dataset
// reads the directory; the same records give the same bytes.
//
// # Split
//
// Split puts a fixed fraction of the records in a test split chosen by a
// hash of their ids: the same suite always splits the same way, and a
// record's split does not depend on the order of the file.
package trainset
