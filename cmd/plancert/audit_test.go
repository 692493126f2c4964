package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"

	"github.com/plancert/plancert/encode"
	"github.com/plancert/plancert/solver"
	"github.com/plancert/plancert/solver/sat"
)

func TestAuditGolden(t *testing.T) {
	for _, file := range exampleModels(t) {
		base := strings.TrimSuffix(filepath.Base(file), ".json")
		t.Run(base, func(t *testing.T) {
			for _, format := range []string{"txt", "jsonl"} {
				args := []string{"audit", file}
				if format == "jsonl" {
					args = []string{"audit", "--json", file}
				}
				r := runPlancert(t, "", args...)
				if r.code != exitOK || r.stderr != "" {
					t.Fatalf("%v: exit %d, stderr %q", args, r.code, r.stderr)
				}
				golden(t, base+"."+format, normalize(r.stdout))
			}
		})
	}
}

func TestAuditSeveralFiles(t *testing.T) {
	files := exampleModels(t)
	r := runPlancert(t, "", append([]string{"audit"}, files...)...)
	if r.code != exitOK {
		t.Fatalf("exit %d, stderr %q", r.code, r.stderr)
	}
	golden(t, "all.txt", normalize(r.stdout))
	golden(t, "all.stderr", r.stderr)
	if n := strings.Count(r.stdout, "\n\n"); n != len(files)-1 {
		t.Errorf("%d blank lines between %d results", n, len(files))
	}
	if !strings.HasSuffix(r.stderr, "; all proven\n") || strings.Count(r.stderr, "\n") != 1 {
		t.Errorf("stderr is not a one-line summary: %q", r.stderr)
	}
}

// jsonKeys returns the keys of the JSON object line in document order.
func jsonKeys(t *testing.T, line string) []string {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(line))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		t.Fatalf("not an object: %q", line)
	}
	var keys []string
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			t.Fatal(err)
		}
		keys = append(keys, tok.(string))
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			t.Fatal(err)
		}
	}
	return keys
}

type auditLine struct {
	File          string                      `json:"file"`
	Status        string                      `json:"status"`
	Objective     []int64                     `json:"objective"`
	Solution      map[string]int64            `json:"solution"`
	Unique        *bool                       `json:"unique"`
	Witness       map[string]int64            `json:"witness"`
	Core          []string                    `json:"core"`
	CoreWitnesses map[string]map[string]int64 `json:"core_witnesses"`
	Stats         map[string]float64          `json:"stats"`
	Solutions     []map[string]int64          `json:"solutions"`
	Complete      *bool                       `json:"complete"`
}

func decodeLines(t *testing.T, out string) []auditLine {
	t.Helper()
	var lines []auditLine
	for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		var a auditLine
		if err := json.Unmarshal([]byte(l), &a); err != nil {
			t.Fatalf("%v: %q", err, l)
		}
		lines = append(lines, a)
	}
	return lines
}

func TestAuditJSONShape(t *testing.T) {
	files := exampleModels(t)
	r := runPlancert(t, "", append([]string{"audit", "--json"}, files...)...)
	if r.code != exitOK {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	raw := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
	if len(raw) != len(files) {
		t.Fatalf("%d lines for %d files", len(raw), len(files))
	}
	want := []string{"file", "status", "objective", "solution", "unique", "witness", "core", "core_witnesses", "stats"}
	for i, a := range decodeLines(t, r.stdout) {
		if keys := jsonKeys(t, raw[i]); !slices.Equal(keys, want) {
			t.Errorf("%s: keys %v, want %v", files[i], keys, want)
		}
		if a.File != files[i] {
			t.Errorf("file %q, want %q", a.File, files[i])
		}
		hasSolution := a.Solution != nil
		if hasSolution != (a.Status == "optimal" || a.Status == "feasible") || (a.Objective == nil) != !hasSolution {
			t.Errorf("%s: status %s, solution %v, objective %v", a.File, a.Status, a.Solution, a.Objective)
		}
		if hasSolution && (a.Unique == nil || *a.Unique != (a.Witness == nil)) {
			t.Errorf("%s: unique %v with witness %v", a.File, a.Unique, a.Witness)
		}
		if (a.Status == "infeasible") != (a.Core != nil) || len(a.Core) != len(a.CoreWitnesses) {
			t.Errorf("%s: status %s, core %v, %d witnesses", a.File, a.Status, a.Core, len(a.CoreWitnesses))
		}
		for _, k := range []string{"solve_calls", "conflicts", "variables", "clauses", "wall_ms"} {
			if _, ok := a.Stats[k]; !ok {
				t.Errorf("%s: stats lack %q", a.File, k)
			}
		}
		if a.Objective != nil && len(a.Objective) == 0 && (a.Status != "feasible" || !strings.Contains(raw[i], `"objective":[]`)) {
			t.Errorf("%s: empty objective with status %s", a.File, a.Status)
		}
	}
}

// writeFile writes content to a file in a fresh directory and returns its path.
func writeFile(t *testing.T, name, content string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestExitCodes(t *testing.T) {
	model := func(name string) string { return filepath.Join(modelsDir, name+".json") }
	jobshop, infeasible, lex := model("jobshop-3x3"), model("meeting-conflict"), model("lexicographic")
	badVar := writeFile(t, "badvar.json", `{"variables": [{"name": "x", "type": "int", "lo": 0, "hi": 3}],
 "constraints": [{"name": "c", "type": "linear", "terms": [{"var": "y", "coef": 1}], "op": "<=", "rhs": 2}]}`)
	badSyntax := writeFile(t, "syntax.json", "{\"variables\": [\n  {\"name\": \"x\",, }]}")
	missing := filepath.Join(t.TempDir(), "missing.json")

	tests := []struct {
		name   string
		args   []string
		code   exitCode
		stdout []string // substrings
		stderr []string
	}{
		{"proven", []string{"audit", jobshop}, exitOK, []string{"status     optimal"}, nil},
		{"infeasible with core", []string{"audit", infeasible}, exitOK, []string{"status     infeasible", "core       meeting lasts 2h", "without it, the rest of the core holds with: "}, nil},
		{"model error names the path", []string{"audit", badVar}, exitBadInput, nil, []string{"plancert: " + badVar + ": encode: constraints[0].terms[0].var: ", `"y"`}},
		{"syntax error names the line", []string{"audit", badSyntax}, exitBadInput, nil, []string{"plancert: " + badSyntax + ": encode: line 2, column"}},
		{"missing file", []string{"audit", missing}, exitBadInput, nil, []string{"plancert: " + missing + ": no such file or directory"}},
		{"directory", []string{"audit", t.TempDir()}, exitBadInput, nil, []string{"is a directory"}},
		{"unknown flag", []string{"audit", "--frobnicate", jobshop}, exitBadInput, nil, []string{"unknown flag: --frobnicate", "Run 'plancert audit --help' for usage."}},
		{"no file", []string{"audit"}, exitBadInput, nil, []string{"needs at least one model FILE"}},
		{"unknown command", []string{"audti", jobshop}, exitBadInput, nil, []string{`unknown command "audti"`, "did you mean audit?"}},
		{"bad timeout", []string{"audit", "--timeout", "soon", jobshop}, exitBadInput, nil, []string{"invalid argument"}},
		{"negative timeout", []string{"audit", "--timeout", "-1s", jobshop}, exitBadInput, nil, []string{"must not be negative"}},
		{"dimacs with two files", []string{"audit", "--dimacs", filepath.Join(t.TempDir(), "x.cnf"), jobshop, lex}, exitBadInput, nil, []string{"--dimacs needs exactly one FILE"}},
		{"dimacs with brute", []string{"audit", "--brute", "--dimacs", filepath.Join(t.TempDir(), "x.cnf"), lex}, exitBadInput, nil, []string{"--brute"}},
		{"timeout", []string{"audit", "--timeout", "1ns", jobshop}, exitNotProven, []string{"status     unknown (nothing proven)"}, []string{jobshop + ": status not proven within the time limit"}},
		{"too large for brute", []string{"audit", "--brute", jobshop}, exitError, nil, []string{"more than the limit"}},
		{"several: proven and missing", []string{"audit", jobshop, missing, infeasible}, exitBadInput,
			[]string{"status     optimal", "status     infeasible"}, []string{"no such file", "3 models: 1 optimal, 1 infeasible; 1 failed"}},
		{"several: not proven", []string{"audit", "--timeout", "1ns", jobshop, lex}, exitNotProven, nil, []string{"2 models: 2 unknown; 2 not proven"}},
		{"several: bad input beats not proven", []string{"audit", "--timeout", "1ns", jobshop, badVar}, exitBadInput, nil, nil},
		{"several: other error beats not proven", []string{"audit", "--brute", "--timeout", "1ns", lex, jobshop}, exitError, nil, nil},
		{"several: bad input beats other error", []string{"audit", "--brute", jobshop, badSyntax}, exitBadInput, nil, nil},
		{"version", []string{"version"}, exitOK, []string{"plancert devel\n"}, nil},
		{"version with an argument", []string{"version", "x"}, exitBadInput, nil, []string{"takes no arguments"}},
		{"help", []string{"--help"}, exitOK, []string{"plancert audit testdata/models/*.json"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := runPlancert(t, "", tt.args...)
			if r.code != tt.code {
				t.Errorf("exit %d, want %d\nstdout: %s\nstderr: %s", r.code, tt.code, r.stdout, r.stderr)
			}
			for _, s := range tt.stdout {
				if !strings.Contains(r.stdout, s) {
					t.Errorf("stdout lacks %q:\n%s", s, r.stdout)
				}
			}
			for _, s := range tt.stderr {
				if !strings.Contains(r.stderr, s) {
					t.Errorf("stderr lacks %q:\n%s", s, r.stderr)
				}
			}
			if tt.code != exitOK && r.stderr == "" {
				t.Error("no message on stderr")
			}
		})
	}
}

func TestExitCodeSeverity(t *testing.T) {
	integrity := &fileError{"f", &solver.IntegrityError{Backend: "x", What: "y"}}
	usage := usageErrorf("bad flag")
	input := &inputError{"f", os.ErrNotExist}
	other := &fileError{"f", os.ErrPermission}
	notProven := &notProvenError{file: "f", what: "status"}
	join := func(errs ...error) error { return &reportedError{errors.Join(errs...)} }
	tests := []struct {
		err  error
		want exitCode
	}{
		{nil, exitOK},
		{notProven, exitNotProven},
		{other, exitError},
		{errInterrupted, exitError},
		{usage, exitBadInput},
		{input, exitBadInput},
		{integrity, exitIntegrity},
		{join(notProven, other), exitError},
		{join(other, notProven, input), exitBadInput},
		{join(input, integrity, notProven), exitIntegrity},
		{join(notProven, join(notProven, integrity)), exitIntegrity},
	}
	for _, tt := range tests {
		if got := exitCodeOf(tt.err); got != tt.want {
			t.Errorf("exitCodeOf(%v) = %d, want %d", tt.err, got, tt.want)
		}
	}
}

// corrupt is a backend whose optimum is pushed out of the first variable's
// domain: an integrity failure that Certify must catch.
type corrupt struct{ sat.Backend }

func (corrupt) Name() string { return "corrupt" }

func (b corrupt) Load(m *encode.Model) (solver.Solver, error) {
	s, err := b.Backend.Load(m)
	return corruptSolver{s, m}, err
}

type corruptSolver struct {
	solver.Solver
	m *encode.Model
}

func (s corruptSolver) Optimize(ctx context.Context) (*solver.Result, error) {
	r, err := s.Solver.Optimize(ctx)
	if err == nil && r.Solution != nil {
		r.Solution = slices.Clone(r.Solution)
		r.Solution[0] = s.m.Vars[0].Hi + 1
	}
	return r, err
}

func TestIntegrityFailure(t *testing.T) {
	var out, errOut bytes.Buffer
	opts := &auditOptions{
		IO:      &iostreams{In: strings.NewReader(""), Out: &out, ErrOut: &errOut},
		Files:   []string{filepath.Join(modelsDir, "jobshop-3x3.json"), filepath.Join(t.TempDir(), "missing.json")},
		Timeout: time.Minute,
		Backend: corrupt{},
	}
	err := runAudit(context.Background(), opts)
	if got := exitCodeOf(err); got != exitIntegrity {
		t.Errorf("exit %d, want %d (%v)", got, exitIntegrity, err)
	}
	if !strings.Contains(errOut.String(), "INTEGRITY FAILURE") || !strings.Contains(errOut.String(), "optimum fails Check") {
		t.Errorf("stderr does not report the failure loudly:\n%s", errOut.String())
	}
	if out.Len() != 0 {
		t.Errorf("a rejected answer was printed:\n%s", out.String())
	}
}

func TestStdin(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(modelsDir, "lexicographic.json"))
	if err != nil {
		t.Fatal(err)
	}
	r := runPlancert(t, string(data), "audit", "--json", "-")
	if r.code != exitOK || !strings.HasPrefix(r.stdout, `{"file":"-","status":"optimal"`) {
		t.Errorf("exit %d, stdout %s, stderr %s", r.code, r.stdout, r.stderr)
	}
	if r := runPlancert(t, "", "audit", "-", "-"); r.code != exitBadInput {
		t.Errorf("reading stdin twice: exit %d", r.code)
	}
}

func TestEnumerate(t *testing.T) {
	files := []string{filepath.Join(modelsDir, "jobshop-3x3.json"), filepath.Join(modelsDir, "feasibility.json"), filepath.Join(modelsDir, "meeting-conflict.json")}
	r := runPlancert(t, "", append([]string{"audit", "--json", "--enumerate", "3"}, files...)...)
	if r.code != exitOK {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	lines := decodeLines(t, r.stdout)
	want := []struct {
		n        int
		complete bool
	}{{3, false}, {1, true}, {0, true}}
	for i, a := range lines {
		if len(a.Solutions) != want[i].n || a.Complete == nil || *a.Complete != want[i].complete {
			t.Errorf("%s: %d solutions, complete %v; want %d, %v", a.File, len(a.Solutions), a.Complete, want[i].n, want[i].complete)
		}
		for j := range a.Solutions {
			for k := range j {
				if mapsEqual(a.Solutions[j], a.Solutions[k]) {
					t.Errorf("%s: solutions %d and %d are equal", a.File, k+1, j+1)
				}
			}
		}
	}
	if !strings.Contains(r.stdout, `"solutions":[],"complete":true}`) {
		t.Errorf("infeasible model lacks an empty complete list:\n%s", r.stdout)
	}
	txt := runPlancert(t, "", "audit", "--enumerate", "2", files[0])
	if !strings.Contains(txt.stdout, "  solutions  2 optimal solutions, limit reached\n             1: s_0_0=") {
		t.Errorf("text output:\n%s", txt.stdout)
	}
	if r := runPlancert(t, "", "audit", "--enumerate", "-1", files[0]); r.code != exitBadInput {
		t.Errorf("--enumerate -1: exit %d", r.code)
	}
}

func mapsEqual(a, b map[string]int64) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

// TestBruteAgrees checks that the exhaustive backend finds the same status,
// objective and uniqueness as the SAT backend on every example model small
// enough for it.
func TestBruteAgrees(t *testing.T) {
	for _, file := range exampleModels(t) {
		t.Run(filepath.Base(file), func(t *testing.T) {
			t.Parallel()
			s := runPlancert(t, "", "audit", "--json", file)
			b := runPlancert(t, "", "audit", "--json", "--brute", file)
			if b.code == exitError && strings.Contains(b.stderr, "more than the limit") {
				t.Skip("too large for brute")
			}
			if s.code != exitOK || b.code != exitOK {
				t.Fatalf("exit %d (sat), %d (brute): %s%s", s.code, b.code, s.stderr, b.stderr)
			}
			sl, bl := decodeLines(t, s.stdout)[0], decodeLines(t, b.stdout)[0]
			if sl.Status != bl.Status || !slices.Equal(sl.Objective, bl.Objective) || (sl.Unique == nil) != (bl.Unique == nil) ||
				(sl.Unique != nil && *sl.Unique != *bl.Unique) || len(sl.Core) != len(bl.Core) {
				t.Errorf("sat says %s %v unique=%v core=%v, brute says %s %v unique=%v core=%v",
					sl.Status, sl.Objective, deref(sl.Unique), sl.Core, bl.Status, bl.Objective, deref(bl.Unique), bl.Core)
			}
		})
	}
}

func deref(b *bool) any {
	if b == nil {
		return nil
	}
	return *b
}

var header = regexp.MustCompile(`^p cnf (\d+) (\d+)$`)

// TestDIMACS checks that --dimacs writes a well-formed CNF whose header
// counts match and that names every group's selector.
func TestDIMACS(t *testing.T) {
	for _, tt := range []struct {
		model string
	}{{"jobshop-3x3"}, {"meeting-conflict"}} {
		t.Run(tt.model, func(t *testing.T) {
			dir := t.TempDir()
			out := filepath.Join(dir, "out.cnf")
			file := filepath.Join(modelsDir, tt.model+".json")
			if r := runPlancert(t, "", "audit", "--dimacs", out, file); r.code != exitOK {
				t.Fatalf("exit %d: %s", r.code, r.stderr)
			}
			if entries, _ := os.ReadDir(dir); len(entries) != 1 {
				t.Errorf("%d files in the output directory, want 1", len(entries))
			}
			data, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			nvars, nclauses, groups := checkDIMACS(t, data)
			f, _ := os.Open(file)
			defer f.Close()
			m, err := encode.ReadModel(f)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(groups, m.Groups()) {
				t.Errorf("group comments %q, want %q", groups, m.Groups())
			}
			t.Logf("%d variables, %d clauses", nvars, nclauses)
			// That the CNF is satisfiable exactly when the model is feasible
			// is tested in solver/sat, the only place that may run gini.
		})
	}
}

// checkDIMACS parses a CNF: comments, then the header, then clauses ending
// in 0 over variables within the header's count. It returns the counts and
// the group names of the "group" comments.
func checkDIMACS(t *testing.T, data []byte) (nvars, nclauses int, groups []string) {
	t.Helper()
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<24)
	seenHeader, clauses := false, 0
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "c "):
			if seenHeader {
				t.Fatalf("comment after the header: %q", line)
			}
			if f := strings.SplitN(line, " ", 4); len(f) == 4 && f[1] == "group" && f[2] != "<selector" {
				name, err := strconv.Unquote(f[3])
				if err != nil {
					t.Fatalf("group comment %q: %v", line, err)
				}
				groups = append(groups, name)
			}
		case strings.HasPrefix(line, "p "):
			mm := header.FindStringSubmatch(line)
			if mm == nil || seenHeader {
				t.Fatalf("bad header %q", line)
			}
			seenHeader = true
			nvars, _ = strconv.Atoi(mm[1])
			nclauses, _ = strconv.Atoi(mm[2])
		default:
			if !seenHeader {
				t.Fatalf("clause before the header: %q", line)
			}
			f := strings.Fields(line)
			if len(f) == 0 || f[len(f)-1] != "0" {
				t.Fatalf("clause does not end in 0: %q", line)
			}
			for _, s := range f[:len(f)-1] {
				l, err := strconv.Atoi(s)
				if err != nil || l == 0 || l > nvars || -l > nvars {
					t.Fatalf("bad literal %q in %q (%d variables)", s, line, nvars)
				}
			}
			clauses++
		}
	}
	if !seenHeader || clauses != nclauses {
		t.Fatalf("header says %d clauses, file has %d", nclauses, clauses)
	}
	return nvars, nclauses, groups
}

// TestHelpExamples runs every "$ plancert ..." line of every command's
// (and subcommand's, such as import natural-plan) Example section from the
// repository root, as the help promises. Arguments are split at white
// space; a single-quoted one (which then has none) loses its quotes, as in
// the shell. A count --n above 3 runs as --n 3 (the loop example of 40
// instances at level 2 alone took a minute on 2 cores), except with
// -long or PLANCERT_LONG=1, which run every example as written.
func TestHelpExamples(t *testing.T) {
	root := newRootCmd(&iostreams{})
	cmds := []*cobra.Command{root}
	for i := 0; i < len(cmds); i++ {
		cmds = append(cmds, cmds[i].Commands()...)
	}
	tmp := t.TempDir()
	endpoint := exampleEndpoint(t, tmp) // the model servers of eval and gen --verbalizer llm
	var examples [][]string
	for _, c := range cmds {
		if c.Name() == "help" {
			continue
		}
		if c.Example == "" {
			t.Errorf("%s has no Example section", c.CommandPath())
		}
		for _, l := range strings.Split(c.Example, "\n") {
			l = strings.TrimSpace(l)
			if !strings.HasPrefix(l, "$ plancert ") {
				continue
			}
			var args []string
			fields := strings.Fields(strings.TrimPrefix(l, "$ plancert "))
			for i, a := range fields {
				if n, err := strconv.Atoi(a); err == nil && n > 3 && i > 0 && fields[i-1] == "--n" && !long() {
					a = "3"
				}
				if len(a) >= 2 && a[0] == '\'' && a[len(a)-1] == '\'' {
					a = a[1 : len(a)-1]
				}
				a = strings.ReplaceAll(a, "/tmp/", tmp+"/")
				a = endpoint(a)
				if strings.ContainsAny(a, "*?[") {
					matches, err := filepath.Glob(filepath.Join("..", "..", a))
					if err != nil || len(matches) == 0 {
						t.Fatalf("%q: glob %q matches nothing", l, a)
					}
					args = append(args, matches...)
					continue
				}
				if strings.HasPrefix(a, "testdata/") {
					a = filepath.Join("..", "..", a)
				}
				args = append(args, a)
			}
			examples = append(examples, args)
		}
	}
	// The examples write under /tmp (here tmp), never into the folder
	// they run in or the repository's testdata.
	dirs := []string{".", filepath.Join("..", "..", "testdata")}
	before := treeState(t, dirs...)
	for _, args := range examples {
		if args[0] == "serve" {
			continue // serves until interrupted; TestServe runs it
		}
		if r := runPlancert(t, "", args...); r.code != exitOK {
			t.Errorf("plancert %s: exit %d: %s", strings.Join(args, " "), r.code, r.stderr)
		}
	}
	after := treeState(t, dirs...)
	for path, st := range after {
		if was, ok := before[path]; !ok {
			t.Errorf("the examples wrote %s (write under /tmp/)", path)
		} else if was != st {
			t.Errorf("the examples rewrote %s (write under /tmp/)", path)
		}
	}
	for path := range before {
		if _, ok := after[path]; !ok {
			t.Errorf("the examples removed %s", path)
		}
	}
}

// treeState maps every file under dirs to its size and modification time.
func treeState(t *testing.T, dirs ...string) map[string]string {
	t.Helper()
	state := map[string]string{}
	for _, dir := range dirs {
		err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			fi, err := d.Info()
			if err != nil {
				return err
			}
			state[path] = fmt.Sprintf("%d %d", fi.Size(), fi.ModTime().UnixNano())
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return state
}

func TestInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel() // as if Ctrl-C came first
	var out, errOut bytes.Buffer
	ios := &iostreams{In: strings.NewReader(""), Out: &out, ErrOut: &errOut}
	files := exampleModels(t)[:2]
	code := run(ctx, append([]string{"audit"}, files...), ios)
	if code != exitError || !strings.Contains(errOut.String(), "plancert: interrupted; 2 files not audited") {
		t.Errorf("exit %d, stderr %q", code, errOut.String())
	}
}
