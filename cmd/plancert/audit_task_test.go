package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// oneRecord generates one certified record of task and returns its line.
func oneRecord(t *testing.T, task string, seed string) string {
	t.Helper()
	out := filepath.Join(t.TempDir(), "one.jsonl")
	if r := runPlancert(t, "", "gen", "--task", task, "--n", "1", "--seed", seed, "--out", out); r.code != exitOK {
		t.Fatalf("gen: exit %d: %s", r.code, r.stderr)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimSpace(string(data))
}

// TestAuditTask: a record and its bare instance re-certify to the record's
// certificate, with the reference plan; a record whose certificate was
// tampered with is caught (exit 4); bad input names the file and the
// reason (exit 2).
func TestAuditTask(t *testing.T) {
	line := oneRecord(t, "study-planning", "3")
	var rec struct {
		ID          string          `json:"id"`
		Instance    json.RawMessage `json:"instance"`
		Certificate map[string]any  `json:"certificate"`
		Reference   struct {
			Plan json.RawMessage `json:"plan"`
		} `json:"reference"`
	}
	if err := json.Unmarshal([]byte(line), &rec); err != nil {
		t.Fatal(err)
	}
	recFile := writeFile(t, "record.json", line)
	instFile := writeFile(t, "instance.json", string(rec.Instance))
	for _, file := range []string{recFile, instFile} {
		r := runPlancert(t, "", "audit", "--json", "--task", "study-planning", file)
		if r.code != exitOK {
			t.Fatalf("%s: exit %d: %s", file, r.code, r.stderr)
		}
		var got struct {
			Status    string          `json:"status"`
			Objective []int64         `json:"objective"`
			Task      string          `json:"task"`
			Record    string          `json:"record"`
			Plan      json.RawMessage `json:"plan"`
		}
		if err := json.Unmarshal([]byte(r.stdout), &got); err != nil {
			t.Fatal(err)
		}
		if got.Status != rec.Certificate["status"] || got.Task != "study-planning" {
			t.Errorf("%s: %+v, record certificate %v", file, got, rec.Certificate)
		}
		if u, _ := rec.Certificate["unique"].(bool); u && string(got.Plan) != string(rec.Reference.Plan) {
			t.Errorf("%s: plan %s, the record's reference %s", file, got.Plan, rec.Reference.Plan)
		}
		if (file == recFile) != (got.Record == rec.ID) {
			t.Errorf("%s: record %q", file, got.Record)
		}
	}
	// A tampered certificate.
	var raw map[string]any
	if err := json.Unmarshal([]byte(line), &raw); err != nil {
		t.Fatal(err)
	}
	cert := raw["certificate"].(map[string]any)
	if obj, ok := cert["objective"].([]any); ok && len(obj) > 0 {
		obj[0] = obj[0].(float64) + 1
	} else {
		cert["status"] = "optimal"
	}
	bad, _ := json.Marshal(raw)
	r := runPlancert(t, "", "audit", "--task", "study-planning", writeFile(t, "tampered.json", string(bad)))
	if r.code != exitIntegrity || !strings.Contains(r.stderr, "the record's certificate is wrong") {
		t.Errorf("tampered: exit %d, stderr %q", r.code, r.stderr)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--task", "no-such-task", instFile}, `--task: unknown task "no-such-task"`},
		{[]string{"--task", "meeting-planning", recFile}, `task: the record is of task "study-planning", not "meeting-planning"`},
		{[]string{"--task", "study-planning", writeFile(t, "x.json", "[1, 2]")}, "x.json: not a JSON object"},
		{[]string{"--task", "study-planning", writeFile(t, "y.json", `{"days": []}`)}, "y.json: the instance of task study-planning: "},
	} {
		r := runPlancert(t, "", append([]string{"audit"}, tc.args...)...)
		if r.code != exitBadInput || !strings.Contains(r.stderr, tc.want) {
			t.Errorf("%v: exit %d, stderr %q, want %q", tc.args, r.code, r.stderr, tc.want)
		}
	}
}
