package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/gen"
	"github.com/plancert/plancert/solver/sat"
	"github.com/plancert/plancert/verify"
)

// The fixture of the verify and score tests and of their help examples:
// a small suite and responses to it, made by writeVerifyFixture (run
// go test ./cmd/plancert -update to remake them with the goldens).
const verifyDir = "../../testdata/verify"

var (
	fixtureSuite     = filepath.Join(verifyDir, "suite.jsonl")
	fixtureResponses = filepath.Join(verifyDir, "responses.jsonl")
	fixtureResponse  = filepath.Join(verifyDir, "response.txt") // the first response
)

// fixtureSpecs are the records of the fixture: units and how many records
// (the first seeds from 1 that the generator keeps).
var fixtureSpecs = []struct {
	task, subtask string
	basic, medium []string
	n             int
}{
	{"meeting-planning", "cross-team", []string{"availability", "room-fit"}, []string{"buffer", "self-check"}, 4},
	{"exam-scheduling", "finals-week", []string{"availability"}, nil, 1},
}

// certifyFixture makes the fixture's records.
func certifyFixture(t *testing.T) []*domains.Record {
	t.Helper()
	var recs []*domains.Record
	for _, fs := range fixtureSpecs {
		task, ok := domains.Lookup(fs.task)
		if !ok {
			t.Fatalf("no task %s", fs.task)
		}
		kept := 0
		for seed := uint64(1); kept < fs.n; seed++ {
			if seed > 100 {
				t.Fatalf("%s: only %d of seeds 1-100 kept", fs.task, kept)
			}
			spec := domains.Spec{Task: fs.task, Subtask: fs.subtask, Basic: fs.basic, Medium: fs.medium, Seed: seed}
			inst, err := task.Generate(context.Background(), sat.Backend{}, spec, rand.New(rand.NewPCG(seed, 0)))
			if err != nil {
				t.Fatal(err)
			}
			rec, err := gen.Certify(context.Background(), sat.Backend{}, task, inst, gen.Unique)
			var drop *gen.DropError
			if errors.As(err, &drop) {
				continue
			}
			if err != nil {
				t.Fatal(err)
			}
			recs = append(recs, rec)
			kept++
		}
	}
	return recs
}

// fencedPlan wraps a plan in prose and a ```json fence.
func fencedPlan(plan []byte) string {
	return "I placed the meetings in priority order, then checked every rule {rooms, people, buffers}.\n\n" +
		"```json\n" + string(plan) + "\n```\n"
}

// editPlan applies f to the decoded plan and returns the fenced result.
func editPlan(t *testing.T, plan []byte, f func(p map[string]any)) string {
	t.Helper()
	var p map[string]any
	if err := json.Unmarshal(plan, &p); err != nil {
		t.Fatal(err)
	}
	f(p)
	b, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	return fencedPlan(b)
}

// shiftMeeting moves meeting i of a meeting plan by 30 minutes.
func shiftMeeting(i int) func(p map[string]any) {
	return func(p map[string]any) {
		m := p["meetings"].([]any)[i].(map[string]any)
		var h, min int
		fmt.Sscanf(m["start"].(string), "%d:%d", &h, &min)
		t := h*60 + min + 30
		m["start"] = fmt.Sprintf("%02d:%02d", t/60, t%60)
	}
}

// writeVerifyFixture writes the suite and the responses: for the first
// meeting record the reference and a plan with one meeting shifted by a
// slot that breaks a rule; no JSON for the second; a wrong stated value
// for the third; nothing for the fourth; the reference for the exam.
func writeVerifyFixture(t *testing.T) {
	recs := certifyFixture(t)
	var suite, responses bytes.Buffer
	for _, r := range recs {
		b, err := r.Encode() // as gen writes it, with its hash
		if err != nil {
			t.Fatal(err)
		}
		suite.Write(b)
	}
	respond := func(rec *domains.Record, text string) {
		b, err := json.Marshal(map[string]string{"id": rec.ID, "response": text})
		if err != nil {
			t.Fatal(err)
		}
		responses.Write(append(b, '\n'))
	}
	m := recs[:4]
	respond(m[0], fencedPlan(m[0].Reference.Plan))
	shifted := ""
	for i := 0; shifted == ""; i++ {
		if i == 5 {
			t.Fatal("no single shift of the first record breaks a rule")
		}
		r := editPlan(t, m[0].Reference.Plan, shiftMeeting(i))
		if verify.ScoreResponse(context.Background(), m[0], r, "").ErrorKind == verify.ErrorWrong {
			shifted = r
		}
	}
	respond(m[0], shifted)
	respond(m[1], "I could not find a schedule that satisfies every rule, sorry.")
	respond(m[2], editPlan(t, m[2].Reference.Plan, func(p map[string]any) { p["objective"] = p["objective"].(float64) + 1 }))
	respond(recs[4], "```json\n"+string(recs[4].Reference.Plan)+"\n```")
	for file, data := range map[string][]byte{
		fixtureSuite:     suite.Bytes(),
		fixtureResponses: responses.Bytes(),
		fixtureResponse:  []byte(fencedPlan(m[0].Reference.Plan)),
	} {
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// verifyFixture returns the fixture's records and responses, remaking the
// files first with -update.
func verifyFixture(t *testing.T) ([]*domains.Record, []verify.Response) {
	t.Helper()
	if *update {
		writeVerifyFixture(t)
	}
	f, err := os.Open(fixtureSuite)
	if err != nil {
		t.Fatalf("%v (run go test ./cmd/plancert -update to create it)", err)
	}
	defer f.Close()
	recs, err := verify.ReadSuite(f)
	if err != nil {
		t.Fatalf("%s: %v (run go test ./cmd/plancert -update to remake it)", fixtureSuite, err)
	}
	data, err := os.ReadFile(fixtureResponses)
	if err != nil {
		t.Fatal(err)
	}
	resps, err := verify.ReadResponses(bytes.NewReader(data), recs)
	if err != nil {
		t.Fatal(err)
	}
	return recs, resps
}

func TestVerifyGolden(t *testing.T) {
	_, resps := verifyFixture(t)
	dir := t.TempDir()
	cases := []struct {
		name string
		resp verify.Response
		args []string
	}{
		{"verify-pass.txt", resps[0], nil},
		{"verify-wrong.txt", resps[1], nil},
		{"verify-wrong.json", resps[1], []string{"--json"}},
		{"verify-wrong-feasible.txt", resps[1], []string{"--reward", "feasible"}},
		{"verify-format.txt", resps[2], nil},
		{"verify-stated.txt", resps[3], []string{"--reward", "feasible"}},
	}
	for i, c := range cases {
		file := filepath.Join(dir, fmt.Sprintf("response-%d.txt", i))
		if err := os.WriteFile(file, []byte(c.resp.Response), 0o644); err != nil {
			t.Fatal(err)
		}
		args := append([]string{"verify", "--suite", fixtureSuite, "--id", c.resp.ID, "--response", file}, c.args...)
		r := runPlancert(t, "", args...)
		if r.code != exitOK || r.stderr != "" {
			t.Fatalf("%v: exit %d, stderr %q", args, r.code, r.stderr)
		}
		golden(t, c.name, r.stdout)
	}

	// The response on standard input gives the same output.
	r := runPlancert(t, resps[1].Response, "verify", "--suite", fixtureSuite, "--id", resps[1].ID, "--response", "-")
	if r.code != exitOK {
		t.Fatalf("stdin: exit %d: %s", r.code, r.stderr)
	}
	golden(t, "verify-wrong.txt", r.stdout)
}

func TestVerifyJSONShape(t *testing.T) {
	recs, resps := verifyFixture(t)
	for _, resp := range resps {
		file := filepath.Join(t.TempDir(), "r.txt")
		if err := os.WriteFile(file, []byte(resp.Response), 0o644); err != nil {
			t.Fatal(err)
		}
		r := runPlancert(t, "", "verify", "--json", "--suite", fixtureSuite, "--id", resp.ID, "--response", file)
		if r.code != exitOK {
			t.Fatalf("exit %d: %s", r.code, r.stderr)
		}
		want := []string{"id", "parsed", "items", "all_pass", "avg_pass", "reward", "objective", "error_kind", "integrity_alarm"}
		if keys := jsonKeys(t, r.stdout); strings.Join(keys, " ") != strings.Join(want, " ") {
			t.Errorf("keys %v, want %v", keys, want)
		}
		var s verify.Score
		if err := json.Unmarshal([]byte(r.stdout), &s); err != nil {
			t.Fatal(err)
		}
		for _, rec := range recs {
			if rec.ID == resp.ID && len(s.Items) != len(rec.Checklist) {
				t.Errorf("%s: %d items for %d", rec.ID, len(s.Items), len(rec.Checklist))
			}
		}
	}
}

func TestScoreGolden(t *testing.T) {
	verifyFixture(t)
	out := filepath.Join(t.TempDir(), "scores.jsonl")
	base := []string{"score", "--suite", fixtureSuite, "--responses", fixtureResponses}
	for _, c := range []struct {
		name string
		args []string
	}{
		{"score.txt", nil},
		{"score-avgpass.txt", []string{"--reward", "avgpass"}},
		{"score.json", []string{"--json", "--out", out}},
	} {
		r := runPlancert(t, "", append(base, c.args...)...)
		if r.code != exitOK || r.stderr != "" {
			t.Fatalf("%v: exit %d, stderr %q", c.args, r.code, r.stderr)
		}
		golden(t, c.name, r.stdout)
	}
	scores, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "scores.jsonl", string(scores))
	if n := strings.Count(string(scores), "\n"); n != 6 {
		t.Errorf("--out has %d lines, want 6 (5 responses, 1 record without)", n)
	}
	if entries, _ := os.ReadDir(filepath.Dir(out)); len(entries) != 1 {
		t.Errorf("--out left %d files", len(entries))
	}

	// Each --out line is what verify --json prints for the response.
	lines := strings.Split(strings.TrimSuffix(string(scores), "\n"), "\n")
	_, resps := verifyFixture(t)
	for i, resp := range resps {
		file := filepath.Join(t.TempDir(), "r.txt")
		if err := os.WriteFile(file, []byte(resp.Response), 0o644); err != nil {
			t.Fatal(err)
		}
		r := runPlancert(t, "", "verify", "--json", "--suite", fixtureSuite, "--id", resp.ID, "--response", file)
		if strings.TrimSpace(r.stdout) != lines[i] {
			t.Errorf("response %d: verify --json\n%s\nscore --out\n%s", i+1, r.stdout, lines[i])
		}
	}
}

func TestGradeErrors(t *testing.T) {
	recs, _ := verifyFixture(t)
	dir := t.TempDir()
	write := func(name, content string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	suite, err := os.ReadFile(fixtureSuite)
	if err != nil {
		t.Fatal(err)
	}
	first, _, _ := strings.Cut(string(suite), "\n")
	badSuite := write("bad-suite.jsonl", first+"\n"+`{"id": "x", "seed": "one"}`+"\n")
	unknownTask := write("unknown-task.jsonl", strings.Replace(first, `"task":"meeting-planning"`, `"task":"tea-planning"`, 1)+"\n")
	badFamily := write("bad-family.jsonl", first+"\n"+strings.NewReplacer(`"family":"scheduling"`, `"family":"scheduIing"`, `"id":"meeting-planning/cross-team/1"`, `"id":"copy"`).Replace(first)+"\n")
	badResponses := write("bad-responses.jsonl", `{"id": "`+recs[0].ID+`", "response": "x"}`+"\n"+`{"id": "nope", "response": "x"}`+"\n")
	resp := write("response.txt", "no answer")
	missing := filepath.Join(dir, "missing.jsonl")

	tests := []struct {
		args   []string
		code   exitCode
		stderr string
	}{
		{[]string{"verify", "--suite", missing, "--id", recs[0].ID, "--response", resp}, exitBadInput,
			"plancert: " + missing + ": no such file or directory\n"},
		{[]string{"verify", "--suite", badSuite, "--id", recs[0].ID, "--response", resp}, exitBadInput,
			"plancert: " + badSuite + `: line 2: field "seed": want an integer, got a string` + "\n"},
		{[]string{"verify", "--suite", unknownTask, "--id", recs[0].ID, "--response", resp}, exitBadInput,
			"plancert: " + unknownTask + `: line 1: field "task": no task "tea-planning" is registered` + "\n"},
		{[]string{"show", "--suite", badFamily}, exitBadInput,
			"plancert: " + badFamily + `: line 2: field "family": "scheduIing" is not a family (scheduling, allocation, workforce, routing, project, emergency)` + "\n"},
		{[]string{"verify", "--suite", fixtureSuite, "--id", "nope", "--response", resp}, exitBadInput,
			"plancert: " + fixtureSuite + `: no record has the id "nope"` + "\n"},
		{[]string{"verify", "--suite", fixtureSuite, "--id", recs[0].ID, "--response", missing}, exitBadInput,
			"plancert: " + missing + ": no such file or directory\n"},
		{[]string{"verify", "--suite", fixtureSuite, "--id", recs[0].ID, "--response", dir}, exitBadInput,
			"plancert: " + dir + ": is a directory\n"},
		{[]string{"verify", "--suite", fixtureSuite, "--id", recs[0].ID}, exitBadInput,
			"plancert: --response is required\nRun 'plancert verify --help' for usage.\n"},
		{[]string{"verify", "--suite", fixtureSuite, "--id", recs[0].ID, "--response", resp, "--reward", "strict"}, exitBadInput,
			"plancert: --reward must be allpass, avgpass or feasible, got \"strict\"\nRun 'plancert verify --help' for usage.\n"},
		{[]string{"verify", "--suite", "-", "--id", recs[0].ID, "--response", "-"}, exitBadInput,
			"plancert: standard input (-) can be read only once: --suite and --response are both -\nRun 'plancert verify --help' for usage.\n"},
		{[]string{"verify", "--suite", fixtureSuite, "--id", recs[0].ID, resp}, exitBadInput,
			"plancert: plancert verify takes no arguments, got \"" + resp + "\" (use --response FILE)\nRun 'plancert verify --help' for usage.\n"},
		{[]string{"score", "--suite", fixtureSuite, "--responses", badResponses}, exitBadInput,
			"plancert: " + badResponses + `: line 2: field "id": no record of the suite has the id "nope"` + "\n"},
		{[]string{"score", "--suite", badSuite, "--responses", badResponses}, exitBadInput,
			"plancert: " + badSuite + `: line 2: field "seed": want an integer, got a string` + "\n"},
		{[]string{"score", "--suite", fixtureSuite, "--responses", missing}, exitBadInput,
			"plancert: " + missing + ": no such file or directory\n"},
		{[]string{"score", "--suite", write("empty.jsonl", "\n"), "--responses", badResponses}, exitBadInput,
			"plancert: " + filepath.Join(dir, "empty.jsonl") + ": the suite has no records\n"},
		{[]string{"score", "--responses", badResponses}, exitBadInput,
			"plancert: --suite is required\nRun 'plancert score --help' for usage.\n"},
		{[]string{"score", "--suite", fixtureSuite, "--responses", fixtureResponses, "--out", filepath.Join(dir, "no", "such", "dir", "s.jsonl")}, exitError,
			"plancert: --out: cannot create a file in " + filepath.Join(dir, "no", "such", "dir") + ": no such file or directory\n"},
	}
	for _, tt := range tests {
		r := runPlancert(t, "", tt.args...)
		if r.code != tt.code || r.stderr != tt.stderr || (tt.code != exitOK && r.stdout != "") {
			t.Errorf("plancert %s:\nexit %d, want %d\nstderr %q\nwant   %q\nstdout %q",
				strings.Join(tt.args, " "), r.code, tt.code, r.stderr, tt.stderr, r.stdout)
		}
	}
}

// TestScoreNoResponses: an empty responses file is scored; every record
// fails as "no response".
func TestScoreNoResponses(t *testing.T) {
	recs, _ := verifyFixture(t)
	r := runPlancert(t, "", "score", "--json", "--suite", fixtureSuite, "--responses", "-")
	if r.code != exitOK {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	var rep verify.Report
	if err := json.Unmarshal([]byte(r.stdout), &rep); err != nil {
		t.Fatal(err)
	}
	if rep.N != len(recs) || rep.NoResponse != len(recs) || rep.AllPass.Mean != 0 ||
		len(rep.ErrorKinds) != 1 || rep.ErrorKinds[0] != (verify.KindCount{Kind: verify.ErrorNoResponse, N: len(recs)}) {
		t.Errorf("report %+v", rep)
	}
}
