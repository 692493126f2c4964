package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/encode"
	"github.com/plancert/plancert/internal/bom"
	"github.com/plancert/plancert/solver"
)

// taskAudit is what auditing an instance of a task adds to a model audit:
// the decoded plans and the instance's own check of the optimal one, and
// the record's certificate when the file was a whole record.
type taskAudit struct {
	task    *domains.Task
	inst    domains.Instance
	record  *domains.Record
	plan    json.RawMessage // the optimal plan, in the task's answer form
	witness json.RawMessage // a second optimal plan when not unique
	failed  []domains.Result
}

// recordMismatchError says a record's certificate is not what plancert
// proves for its instance: the dataset, not the solver, is wrong.
type recordMismatchError struct {
	file, what string
}

func (e *recordMismatchError) Error() string {
	return fmt.Sprintf("%s: the record's certificate is wrong: %s", e.file, e.what)
}

// loadTaskInstance reads file as an instance of task id: the "instance"
// object of a record, or a whole record (one JSON object, as a line of a
// suite), whose task must then be id.
func loadTaskInstance(in io.Reader, file, id string) (*taskAudit, error) {
	tk, ok := domains.Lookup(id)
	if !ok {
		return nil, usageErrorf("--task: unknown task %q (plancert gen --help lists the tasks)", id)
	}
	var data []byte
	var err error
	if file == "-" {
		data, err = io.ReadAll(in)
	} else {
		data, err = os.ReadFile(file)
	}
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, &inputError{file, err}
	}
	data = bom.Trim(data)
	ta := &taskAudit{task: tk}
	var probe struct {
		Task     *string         `json:"task"`
		Instance json.RawMessage `json:"instance"`
	}
	if err := json.Unmarshal(data, &probe); err != nil {
		return nil, &inputError{file, fmt.Errorf("not a JSON object: %v", err)}
	}
	if probe.Task != nil && probe.Instance != nil {
		var rec domains.Record
		if err := json.Unmarshal(data, &rec); err != nil {
			return nil, &inputError{file, fmt.Errorf("not a record: %v", err)}
		}
		if rec.Task != id {
			return nil, &inputError{file, fmt.Errorf("task: the record is of task %q, not %q", rec.Task, id)}
		}
		ta.record, data = &rec, rec.Instance
	}
	inst, err := tk.Load(data)
	if err != nil {
		where := "instance"
		if ta.record == nil {
			where = "the instance of task " + id
		}
		return nil, &inputError{file, fmt.Errorf("%s: %v", where, err)}
	}
	ta.inst = inst
	return ta, nil
}

// finish decodes the certified plans, checks the optimal one with the
// instance's checklist (an integrity failure when it fails an item), and
// compares a record's certificate with cert.
func (ta *taskAudit) finish(file string, m *encode.Model, cert *solver.Certificate) error {
	var err error
	if cert.Solution != nil {
		if ta.plan, err = ta.inst.Plan(cert.Solution); err != nil {
			return &solver.IntegrityError{Backend: "decode", What: "the solution does not decode to a plan", Err: err}
		}
		if cert.Witness != nil {
			if ta.witness, err = ta.inst.Plan(cert.Witness); err != nil {
				return &solver.IntegrityError{Backend: "decode", What: "the witness does not decode to a plan", Err: err}
			}
		}
		// A decoded plan claims no conflict: nothing to prove, so no backend.
		ref := domains.Reference{Feasible: true, Plan: ta.plan, Objective: cert.Objective}
		for _, r := range ta.inst.Check(context.Background(), nil, ta.plan, ref) {
			if !r.Pass {
				ta.failed = append(ta.failed, r)
			}
		}
		if len(ta.failed) > 0 {
			return &solver.IntegrityError{Backend: "check", What: fmt.Sprintf("the optimal plan fails item %q of its own checklist: %s", ta.failed[0].ID, ta.failed[0].Detail)}
		}
	}
	if rec := ta.record; rec != nil && cert.Proven(m) {
		c := rec.Certificate
		var diffs []string
		if c.Status != cert.Status.String() {
			diffs = append(diffs, fmt.Sprintf("status %s, proven %s", c.Status, cert.Status))
		}
		if cert.Status == solver.Optimal && !slices.Equal(c.Objective, cert.Objective) {
			diffs = append(diffs, fmt.Sprintf("objective %v, proven %v", c.Objective, cert.Objective))
		}
		if cert.Unique != nil && (c.Unique == nil || *c.Unique != *cert.Unique) {
			diffs = append(diffs, fmt.Sprintf("unique %v, proven %v", fmtBoolPtr(c.Unique), *cert.Unique))
		}
		if len(diffs) > 0 {
			return &recordMismatchError{file, strings.Join(diffs, "; ")}
		}
	}
	return nil
}

func fmtBoolPtr(b *bool) string {
	if b == nil {
		return "missing"
	}
	return fmt.Sprint(*b)
}

// fields writes the text lines of a task audit: the task, the plans, and
// whether a record's certificate was confirmed.
func (ta *taskAudit) fields(t *textWriter, proven bool) {
	what := ta.task.ID
	if ta.record != nil {
		what += " (record " + ta.record.ID + ")"
	}
	t.field("task", what)
	if ta.plan != nil {
		t.field("plan", wrap(strings.Split(compactJSON(ta.plan), " "), " ", "")...)
		t.field("checked", "the plan passes every item of its checklist")
	}
	if ta.witness != nil {
		t.field("witness", wrap(strings.Split(compactJSON(ta.witness), " "), " ", "")...)
	}
	if ta.record != nil && proven {
		t.field("record", "its certificate (status, objective, uniqueness) is confirmed")
	}
}

// compactJSON writes raw on one line with a space after each comma, so
// that wrap can break it.
func compactJSON(raw json.RawMessage) string {
	var b bytes.Buffer
	if err := json.Compact(&b, raw); err != nil {
		return string(raw)
	}
	return strings.ReplaceAll(b.String(), ",", ", ")
}
