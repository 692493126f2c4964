package natplan

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"sort"
	"strconv"
	"strings"

	"github.com/plancert/plancert/internal/bom"
)

// Task is one of the three NATURAL PLAN tasks.
type Task string

// The tasks, named as in the example ids.
const (
	Calendar Task = "calendar_scheduling"
	Trip     Task = "trip_planning"
	Meeting  Task = "meeting_planning"
)

// Example is one NATURAL PLAN record with the fields the audit uses. The
// official files and the subset100 samples are one JSON object mapping ids
// to records; the derived_full files are JSON lines with the prompt under
// "input" and the golden plan under expected_properties.golden_plan.
type Example struct {
	ID     string
	Task   Task
	Prompt string // prompt_0shot, or "input" in derived_full
	// Golden is the golden plan as text; a meeting golden plan (a list of
	// steps) is kept in GoldenSteps and joined by spaces here.
	Golden      string
	GoldenSteps []string
	// Pred is pred_5shot_pro, nil when the record has none.
	Pred *string
	// Trip fields.
	Cities, Durations string
	// Calendar field ("0.5" or "1" hours).
	Duration string
	// Meeting fields.
	Constraints json.RawMessage
	DistMatrix  json.RawMessage
}

// FileError is an error reading a NATURAL PLAN file: the file, the record
// (id or line) and the reason.
type FileError struct {
	File   string
	Record string
	Reason string
}

func (e *FileError) Error() string {
	if e.Record == "" {
		return fmt.Sprintf("natplan: %s: %s", e.File, e.Reason)
	}
	return fmt.Sprintf("natplan: %s: %s: %s", e.File, e.Record, e.Reason)
}

// ReadFile reads a NATURAL PLAN file: a JSON object of records keyed by id
// (the official format) or JSON lines with an "id" field (derived_full).
// Examples are returned sorted by task and numeric id. Every record must
// belong to the same task, named by its id prefix.
func ReadFile(path string) ([]Example, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("natplan: %w", err)
	}
	return Read(path, b)
}

// Read is ReadFile on the bytes of a file called name.
func Read(name string, b []byte) ([]Example, error) {
	t := bytes.TrimSpace(bom.Trim(b))
	var exs []Example
	if len(t) == 0 {
		return nil, &FileError{File: name, Reason: "empty file"}
	}
	var rawLines []rawRecord
	obj := map[string]json.RawMessage{}
	if err := json.Unmarshal(t, &obj); err == nil && !isLine(obj) {
		for id, r := range obj {
			var rr rawRecord
			if err := json.Unmarshal(r, &rr); err != nil {
				return nil, &FileError{File: name, Record: id, Reason: err.Error()}
			}
			rr.ID = id
			rawLines = append(rawLines, rr)
		}
	} else {
		sc := bufio.NewScanner(bytes.NewReader(t))
		sc.Buffer(make([]byte, 1<<20), 1<<26)
		n := 0
		for sc.Scan() {
			n++
			line := bytes.TrimSpace(sc.Bytes())
			if len(line) == 0 {
				continue
			}
			var rr rawRecord
			if err := json.Unmarshal(line, &rr); err != nil {
				return nil, &FileError{File: name, Record: "line " + strconv.Itoa(n), Reason: err.Error()}
			}
			if rr.ID == "" {
				return nil, &FileError{File: name, Record: "line " + strconv.Itoa(n), Reason: `missing field "id"`}
			}
			rawLines = append(rawLines, rr)
		}
		if err := sc.Err(); err != nil && err != io.EOF {
			return nil, &FileError{File: name, Reason: err.Error()}
		}
	}
	for _, rr := range rawLines {
		ex, err := rr.example()
		if err != nil {
			return nil, &FileError{File: name, Record: rr.ID, Reason: err.Error()}
		}
		if len(exs) > 0 && ex.Task != exs[0].Task {
			return nil, &FileError{File: name, Record: rr.ID, Reason: fmt.Sprintf("task %s in a file of %s", ex.Task, exs[0].Task)}
		}
		exs = append(exs, ex)
	}
	sort.Slice(exs, func(i, j int) bool { return idLess(exs[i].ID, exs[j].ID) })
	return exs, nil
}

// isLine reports whether a decoded JSON object is a single JSON-lines
// record rather than an object of records.
func isLine(obj map[string]json.RawMessage) bool {
	_, ok := obj["id"]
	return ok
}

// idLess orders ids by their numeric suffix.
func idLess(a, b string) bool {
	na, ea := idNum(a)
	nb, eb := idNum(b)
	if ea == nil && eb == nil && na != nb {
		return na < nb
	}
	return a < b
}

func idNum(id string) (int, error) {
	i := strings.LastIndexByte(id, '_')
	return strconv.Atoi(id[i+1:])
}

type rawRecord struct {
	ID          string          `json:"id"`
	Prompt0     *string         `json:"prompt_0shot"`
	Input       *string         `json:"input"`
	Golden      json.RawMessage `json:"golden_plan"`
	Pred        *string         `json:"pred_5shot_pro"`
	Cities      string          `json:"cities"`
	Durations   string          `json:"durations"`
	Duration    string          `json:"duration"`
	Constraints json.RawMessage `json:"constraints"`
	DistMatrix  json.RawMessage `json:"dist_matrix"`
	Expected    *struct {
		Golden json.RawMessage `json:"golden_plan"`
	} `json:"expected_properties"`
}

func (rr rawRecord) example() (Example, error) {
	ex := Example{ID: rr.ID, Pred: rr.Pred, Cities: rr.Cities, Durations: rr.Durations, Duration: rr.Duration, DistMatrix: rr.DistMatrix}
	for _, t := range []Task{Calendar, Trip, Meeting} {
		if strings.HasPrefix(rr.ID, string(t)+"_example_") {
			ex.Task = t
		}
	}
	if ex.Task == "" {
		return ex, fmt.Errorf("id does not name a task (want calendar_scheduling_example_N, trip_planning_example_N or meeting_planning_example_N)")
	}
	switch {
	case rr.Prompt0 != nil:
		ex.Prompt = *rr.Prompt0
	case rr.Input != nil:
		ex.Prompt = *rr.Input
	default:
		return ex, fmt.Errorf(`missing field "prompt_0shot" (or "input")`)
	}
	g := rr.Golden
	if g == nil && rr.Expected != nil {
		g = rr.Expected.Golden
	}
	if g == nil {
		return ex, fmt.Errorf(`missing field "golden_plan"`)
	}
	if err := json.Unmarshal(g, &ex.Golden); err != nil {
		if err := json.Unmarshal(g, &ex.GoldenSteps); err != nil {
			return ex, fmt.Errorf("golden_plan: neither a string nor a list of strings")
		}
		ex.Golden = strings.Join(ex.GoldenSteps, " ")
	}
	if ex.Task == Trip && rr.Cities == "" {
		// derived_full keeps cities and durations under "constraints".
		var c struct{ Cities, Durations string }
		if rr.Constraints != nil && json.Unmarshal(rr.Constraints, &c) == nil {
			ex.Cities, ex.Durations = c.Cities, c.Durations
		}
	}
	if ex.Task == Meeting {
		ex.Constraints = rr.Constraints
	}
	return ex, nil
}
