package domains

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
)

// Record is one generated, certified problem: one JSONL line of a suite.
// Field names are stable: add fields, never rename them.
type Record struct {
	ID string `json:"id"`
	// Hash is the record's content hash (RecordHash), so that two records
	// with the same id but different content are told apart: gen writes
	// it, exports and grading requests carry it. Empty in records written
	// before it existed.
	Hash         string          `json:"hash,omitempty"`
	Family       Family          `json:"family"`
	Task         string          `json:"task"`
	Subtask      string          `json:"subtask"`
	Seed         uint64          `json:"seed"`
	Level        int             `json:"level"`
	Constraints  Constraints     `json:"constraints"`
	Prompt       string          `json:"prompt"`
	AnswerSchema string          `json:"answer_schema"`
	Instance     json.RawMessage `json:"instance"`
	Checklist    []Item          `json:"checklist"`
	Reference    Reference       `json:"reference"`
	Certificate  Certificate     `json:"certificate"`
	// Hardness measures how hard the instance was to settle (nil in
	// records written before it existed).
	Hardness *Hardness `json:"hardness,omitempty"`
	// Verbalizer says what made Prompt when the run chose a verbalizer:
	// "template" (the task's own text) or "llm" (a model's rewrite that
	// passed the fact audit, see gen/verbalize); empty when none was
	// chosen (the template). VerbalizerNote says why an LLM rewrite fell
	// back to the template.
	Verbalizer     string `json:"verbalizer,omitempty"`
	VerbalizerNote string `json:"verbalizer_note,omitempty"`
	// AnswerJSONSchema is the answer form as a JSON Schema (draft
	// 2020-12, domains.JSONSchemaer): the plan form or the infeasibility
	// claim. Absent in records written before it existed.
	AnswerJSONSchema json.RawMessage `json:"answer_json_schema,omitempty"`
}

// Hardness is what the certification measured about an instance's
// difficulty: deterministic counters, never wall time, so that records
// stay byte-identical run after run.
type Hardness struct {
	// SolveCalls and Conflicts are the solver's effort summed over every
	// round of the certification (the tie-break rounds included).
	SolveCalls int   `json:"solve_calls"`
	Conflicts  int64 `json:"conflicts"`
	// TieBreaks counts the stated tie-break levels the certification
	// added before the optimum was unique (0: unique as first stated).
	TieBreaks int `json:"tie_breaks"`
	// OptimalPlans counts the optimal plans before the tie-breaks
	// (different on the answer variables), up to a cap:
	// OptimalPlansComplete false means at least that many. How much the
	// tie-breaks decide. 1 for an optimum unique as first stated, 0 for
	// an infeasible instance.
	OptimalPlans         int  `json:"optimal_plans"`
	OptimalPlansComplete bool `json:"optimal_plans_complete"`
	// GreedyPasses counts the checklist items that the task's greedy
	// plan (Greedy) passes, of GreedyItems; GreedyGap is its objective
	// vector minus the optimum's, level by level, when it keeps every
	// rule (nil otherwise). All three are zero or nil for a task without
	// a greedy baseline.
	GreedyPasses int     `json:"greedy_passes"`
	GreedyItems  int     `json:"greedy_items"`
	GreedyGap    []int64 `json:"greedy_gap,omitempty"`
}

// Constraints lists the sampled unit IDs per tier.
type Constraints struct {
	Basic    []string `json:"basic"`
	Medium   []string `json:"medium"`
	Hard     []string `json:"hard"`
	Stateful []string `json:"stateful"`
}

// Certificate is what the solver proved about the instance. Witness is a
// second optimal plan (in the answer form) when Unique is false; Core the
// conflicting rules when Status is "infeasible". Stats are the solver's
// counters without wall time, so that records are byte-identical run after
// run.
type Certificate struct {
	Status    string          `json:"status"`
	Objective []int64         `json:"objective"`
	Unique    *bool           `json:"unique"`
	Witness   json.RawMessage `json:"witness"`
	Core      []string        `json:"core"`
	Stats     CertStats       `json:"stats"`
}

// CertStats are the deterministic solver counters of a certificate.
type CertStats struct {
	SolveCalls int   `json:"solve_calls"`
	Conflicts  int64 `json:"conflicts"`
	Variables  int   `json:"variables"`
	Clauses    int   `json:"clauses"`
}

// Load reads a record's instance with its task's loader.
func (r *Record) Load() (*Task, Instance, error) {
	t, ok := Lookup(r.Task)
	if !ok {
		return nil, nil, &UnknownTaskError{r.Task}
	}
	in, err := t.Load(r.Instance)
	return t, in, err
}

// UnknownTaskError says a record names a task that is not registered.
type UnknownTaskError struct{ Task string }

func (e *UnknownTaskError) Error() string { return "domains: unknown task " + `"` + e.Task + `"` }

// HashPrefix starts every content hash: the algorithm, SHA-256 (the hash
// is its first 16 bytes in hex).
const HashPrefix = "sha256:"

// RecordHash returns the content hash of a record's JSON line: "sha256:"
// and the first 16 bytes, in lower-case hex, of the SHA-256 of the line's
// canonical form without its "hash" member. The canonical form is the
// JSON value re-encoded with the keys of every object sorted (bytewise),
// no white space, numbers as written, and strings as encoding/json writes
// them without HTML escapes (Go's json.Marshal of the value decoded with
// UseNumber). So the hash depends on the record's content only, not on
// its formatting, its key order or fields' escapes, and covers fields
// that this version does not know. line must be one JSON object.
func RecordHash(line []byte) (string, error) {
	canon, err := appendCanonical(nil, line, "hash")
	if err != nil {
		return "", fmt.Errorf("domains: hashing a record: %w", err)
	}
	sum := sha256.Sum256(canon)
	return HashPrefix + hex.EncodeToString(sum[:16]), nil
}

// Encode sets r.Hash to the record's content hash and returns its JSON
// line (with the line end) as gen writes it: encoding/json without HTML
// escapes. Every writer of records calls it, so that the hash a record
// carries is the hash of what it holds.
func (r *Record) Encode() ([]byte, error) {
	r.Hash = ""
	line, err := encodeRecord(r)
	if err != nil {
		return nil, err
	}
	if r.Hash, err = RecordHash(line); err != nil {
		return nil, err
	}
	return encodeRecord(r)
}

func encodeRecord(r *Record) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(r); err != nil {
		return nil, fmt.Errorf("domains: record %s: %w", r.ID, err)
	}
	return buf.Bytes(), nil
}
