package trainset

import (
	"bytes"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"io"
	"math"
	"sort"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/internal/bom"
)

// The constant columns.
const (
	// Ability is the ability column of every verl row.
	Ability = "planning"
	// RewardStyle is reward_model.style of every verl row: a rule-based
	// reward (the reward server), not a learned reward model.
	RewardStyle = "rule"
)

// The split names.
const (
	Train = "train"
	Test  = "test"
)

// Message is one chat message.
type Message struct {
	Role    string `parquet:"role" json:"role"`
	Content string `parquet:"content" json:"content"`
}

// RewardModel is the reward_model column of a verl row.
type RewardModel struct {
	Style       string `parquet:"style"`
	GroundTruth string `parquet:"ground_truth"`
}

// ExtraInfo is the extra_info column of a verl row. Record is the
// record's JSON (RecordJSON): verl passes extra_info to compute_score, so
// that a reward function can grade without the server. Hash is the
// record's content hash, for the reward function to send the server with
// the id.
type ExtraInfo struct {
	Index   int64  `parquet:"index"`
	ID      string `parquet:"id"`
	Hash    string `parquet:"hash"`
	Split   string `parquet:"split"`
	Task    string `parquet:"task"`
	Family  string `parquet:"family"`
	Subtask string `parquet:"subtask"`
	Record  string `parquet:"record"`
}

// VerlRow is one row of a verl dataset.
type VerlRow struct {
	DataSource  string      `parquet:"data_source"`
	Prompt      []Message   `parquet:"prompt,list"`
	Ability     string      `parquet:"ability"`
	RewardModel RewardModel `parquet:"reward_model"`
	ExtraInfo   ExtraInfo   `parquet:"extra_info"`
}

// JSONLRow is one line of a JSONL dataset.
type JSONLRow struct {
	Prompt []Message `json:"prompt"`
	ID     string    `json:"id"`
	// Hash is the record's content hash; Label is the id and the hash,
	// Label(r), OpenRLHF's --data.label_key column (the label is all that
	// OpenRLHF sends the server of a row).
	Hash       string `json:"hash"`
	Label      string `json:"label"`
	DataSource string `json:"data_source"`
	Task       string `json:"task"`
	Family     string `json:"family"`
	Subtask    string `json:"subtask"`
	Split      string `json:"split"`
	Index      int    `json:"index"`
	// Record is the record's JSON as a string (RecordJSON), not an
	// object: records of different tasks have differently shaped
	// instances, which one Arrow schema (datasets' JSON loader) cannot hold.
	Record string `json:"record"`
}

// Indexed is a record with its position in the suite (from 0) and, when
// it was read from a file, its line there (Lines).
type Indexed struct {
	Index  int
	Record *domains.Record
	// Line is the record's line in the suite without its line end and
	// surrounding white space, or nil.
	Line []byte
}

// RecordJSON is the value of a row's record column: the record's line in
// the suite exactly, or, without one, the record encoded as gen writes it
// (encoding/json without HTML escapes).
func RecordJSON(x Indexed) (string, error) {
	if x.Line != nil {
		return string(x.Line), nil
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(x.Record); err != nil {
		return "", fmt.Errorf("trainset: record %s: %w", x.Record.ID, err)
	}
	return string(bytes.TrimSuffix(buf.Bytes(), []byte("\n"))), nil
}

// Lines returns the lines of suite data that hold records, in order,
// without line ends and surrounding white space: the i-th is the line of
// the i-th record verify.ReadSuite returns for the same data (both skip
// blank lines). A leading UTF-8 byte order mark is dropped.
func Lines(data []byte) [][]byte {
	data = bom.Trim(data)
	var lines [][]byte
	for len(data) > 0 {
		line := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		if line = bytes.TrimSpace(line); len(line) > 0 {
			lines = append(lines, line)
		}
	}
	return lines
}

// SetLines sets the Line of each record from lines (Lines of the suite
// the records were read from), by Index.
func SetLines(records []Indexed, lines [][]byte) error {
	for i := range records {
		x := &records[i]
		if x.Index < 0 || x.Index >= len(lines) {
			return fmt.Errorf("trainset: record %d of a suite of %d lines", x.Index, len(lines))
		}
		x.Line = lines[x.Index]
	}
	return nil
}

// All returns the records with their positions.
func All(records []*domains.Record) []Indexed {
	out := make([]Indexed, len(records))
	for i, r := range records {
		out[i] = Indexed{Index: i, Record: r}
	}
	return out
}

// Split returns the records of the train and test splits, each in suite
// order: the test split is the round(fraction × n) records with the
// smallest FNV-1a hash of their ids (ties by id). fraction must be in
// (0, 1) and leave at least one record in each split.
func Split(records []*domains.Record, fraction float64) (train, test []Indexed, err error) {
	if !(fraction > 0 && fraction < 1) {
		return nil, nil, fmt.Errorf("trainset: the test fraction is %v, want a number between 0 and 1", fraction)
	}
	n := len(records)
	k := int(math.Round(fraction * float64(n)))
	if k < 1 || k > n-1 {
		return nil, nil, fmt.Errorf("trainset: a test fraction of %v of %d records leaves a split empty (%d test records)", fraction, n, k)
	}
	type keyed struct {
		h  uint64
		id string
		i  int
	}
	keys := make([]keyed, n)
	for i, r := range records {
		f := fnv.New64a()
		io.WriteString(f, r.ID)
		keys[i] = keyed{f.Sum64(), r.ID, i}
	}
	sort.Slice(keys, func(a, b int) bool {
		if keys[a].h != keys[b].h {
			return keys[a].h < keys[b].h
		}
		return keys[a].id < keys[b].id
	})
	inTest := make([]bool, n)
	for _, kk := range keys[:k] {
		inTest[kk.i] = true
	}
	for i, r := range records {
		if inTest[i] {
			test = append(test, Indexed{Index: i, Record: r})
		} else {
			train = append(train, Indexed{Index: i, Record: r})
		}
	}
	return train, test, nil
}

// Label is the /get_reward label of a record: its id, "#" and its
// content hash ("<id>#sha256:…"), so that the server can tell that the
// record it grades is the one the row was made from; the id alone without
// a hash.
func Label(r *domains.Record) string {
	if r.Hash == "" {
		return r.ID
	}
	return r.ID + "#" + r.Hash
}

// DataSource is the data_source of a record: "plancert/" + its family.
func DataSource(r *domains.Record) string { return "plancert/" + string(r.Family) }

func prompt(r *domains.Record) []Message { return []Message{{Role: "user", Content: r.Prompt}} }

// VerlRows returns the verl rows of records, all of split.
func VerlRows(records []Indexed, split string) ([]VerlRow, error) {
	rows := make([]VerlRow, len(records))
	for i, x := range records {
		r := x.Record
		rec, err := RecordJSON(x)
		if err != nil {
			return nil, err
		}
		rows[i] = VerlRow{
			DataSource:  DataSource(r),
			Prompt:      prompt(r),
			Ability:     Ability,
			RewardModel: RewardModel{Style: RewardStyle, GroundTruth: r.ID},
			ExtraInfo: ExtraInfo{
				Index: int64(x.Index), ID: r.ID, Hash: r.Hash, Split: split,
				Task: r.Task, Family: string(r.Family), Subtask: r.Subtask,
				Record: rec,
			},
		}
	}
	return rows, nil
}

// JSONLRows returns the JSONL rows of records, all of split.
func JSONLRows(records []Indexed, split string) ([]JSONLRow, error) {
	rows := make([]JSONLRow, len(records))
	for i, x := range records {
		r := x.Record
		rec, err := RecordJSON(x)
		if err != nil {
			return nil, err
		}
		rows[i] = JSONLRow{
			Prompt: prompt(r), ID: r.ID, Hash: r.Hash, Label: Label(r), DataSource: DataSource(r),
			Task: r.Task, Family: string(r.Family), Subtask: r.Subtask,
			Split: split, Index: x.Index, Record: rec,
		}
	}
	return rows, nil
}

// WriteVerl writes rows as one parquet file (snappy-compressed columns).
// The same rows give the same bytes.
func WriteVerl(w io.Writer, rows []VerlRow) error { return writeParquet(w, rows) }

// ReadVerl reads a parquet file written by WriteVerl.
func ReadVerl(r io.ReaderAt, size int64) ([]VerlRow, error) { return readParquet[VerlRow](r, size) }

// WriteJSONL writes rows, one JSON object per line.
func WriteJSONL(w io.Writer, rows []JSONLRow) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	for _, r := range rows {
		if err := enc.Encode(r); err != nil {
			return fmt.Errorf("trainset: %w", err)
		}
	}
	return nil
}
