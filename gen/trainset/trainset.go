package trainset

import (
	"encoding/json"
	"fmt"
	"hash/fnv"
	"io"
	"math"
	"sort"

	"github.com/parquet-go/parquet-go"

	"github.com/plancert/plancert/domains"
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

// ExtraInfo is the extra_info column of a verl row.
type ExtraInfo struct {
	Index   int64  `parquet:"index"`
	ID      string `parquet:"id"`
	Split   string `parquet:"split"`
	Task    string `parquet:"task"`
	Family  string `parquet:"family"`
	Subtask string `parquet:"subtask"`
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
	Prompt     []Message `json:"prompt"`
	ID         string    `json:"id"`
	DataSource string    `json:"data_source"`
	Task       string    `json:"task"`
	Family     string    `json:"family"`
	Subtask    string    `json:"subtask"`
	Split      string    `json:"split"`
	Index      int       `json:"index"`
}

// Indexed is a record with its position in the suite (from 0).
type Indexed struct {
	Index  int
	Record *domains.Record
}

// All returns the records with their positions.
func All(records []*domains.Record) []Indexed {
	out := make([]Indexed, len(records))
	for i, r := range records {
		out[i] = Indexed{i, r}
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
			test = append(test, Indexed{i, r})
		} else {
			train = append(train, Indexed{i, r})
		}
	}
	return train, test, nil
}

// DataSource is the data_source of a record: "plancert/" + its family.
func DataSource(r *domains.Record) string { return "plancert/" + string(r.Family) }

func prompt(r *domains.Record) []Message { return []Message{{Role: "user", Content: r.Prompt}} }

// VerlRows returns the verl rows of records, all of split.
func VerlRows(records []Indexed, split string) []VerlRow {
	rows := make([]VerlRow, len(records))
	for i, x := range records {
		r := x.Record
		rows[i] = VerlRow{
			DataSource:  DataSource(r),
			Prompt:      prompt(r),
			Ability:     Ability,
			RewardModel: RewardModel{Style: RewardStyle, GroundTruth: r.ID},
			ExtraInfo: ExtraInfo{
				Index: int64(x.Index), ID: r.ID, Split: split,
				Task: r.Task, Family: string(r.Family), Subtask: r.Subtask,
			},
		}
	}
	return rows
}

// JSONLRows returns the JSONL rows of records, all of split.
func JSONLRows(records []Indexed, split string) []JSONLRow {
	rows := make([]JSONLRow, len(records))
	for i, x := range records {
		r := x.Record
		rows[i] = JSONLRow{
			Prompt: prompt(r), ID: r.ID, DataSource: DataSource(r),
			Task: r.Task, Family: string(r.Family), Subtask: r.Subtask,
			Split: split, Index: x.Index,
		}
	}
	return rows
}

// WriteVerl writes rows as one parquet file (snappy-compressed columns).
// The same rows give the same bytes.
func WriteVerl(w io.Writer, rows []VerlRow) error {
	pw := parquet.NewGenericWriter[VerlRow](w, parquet.Compression(&parquet.Snappy))
	if _, err := pw.Write(rows); err != nil {
		return fmt.Errorf("trainset: writing parquet rows: %w", err)
	}
	if err := pw.Close(); err != nil {
		return fmt.Errorf("trainset: closing the parquet file: %w", err)
	}
	return nil
}

// ReadVerl reads a parquet file written by WriteVerl.
func ReadVerl(r io.ReaderAt, size int64) ([]VerlRow, error) {
	rows, err := parquet.Read[VerlRow](r, size)
	if err != nil {
		return nil, fmt.Errorf("trainset: reading parquet rows: %w", err)
	}
	return rows, nil
}

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
