package main

import (
	"bufio"
	"context"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/plancert/plancert/encode"
	"github.com/plancert/plancert/solver"
	"github.com/plancert/plancert/solver/sat"
	"github.com/plancert/plancert/verify"
)

// readmeExample is the "Library use" example of README.md; the lines
// between the markers must appear there as they are here.
func readmeExample() {
	// README begin
	m := encode.NewModel()
	a := m.NewInt("a", 0, 10)
	b := m.NewInt("b", 0, 10)
	m.AddLinear([]encode.Term{{Var: a, Coef: 1}, {Var: b, Coef: 1}}, encode.GE, 7).Named("enough")
	m.AddLinear([]encode.Term{{Var: a, Coef: 1}, {Var: b, Coef: -1}}, encode.LE, 1).Named("balanced")
	m.Minimize(encode.Term{Var: a, Coef: 2}, encode.Term{Var: b, Coef: 3})

	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cert, err := solver.Certify(ctx, sat.Backend{}, m)
	if err != nil {
		log.Fatal(err) // a *solver.IntegrityError is a bug, never a property of the model
	}
	if !cert.Proven(m) {
		log.Fatal("not proven within the time limit")
	}
	fmt.Println(cert.Status, cert.Objective, cert.Solution, *cert.Unique)
	// README end
}

func TestReadmeExample(t *testing.T) {
	// Run the example with its output captured.
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout := os.Stdout
	os.Stdout = w
	readmeExample()
	os.Stdout = stdout
	w.Close()
	out, _ := bufio.NewReader(r).ReadString(0)
	if want := "optimal [17] [4 3] true\n"; out != want {
		t.Errorf("example printed %q, want %q", out, want)
	}

	// The README shows the same lines.
	src, err := os.ReadFile("readme_example_test.go")
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	body := string(src)
	body = body[strings.Index(body, "// README begin\n")+len("// README begin\n") : strings.Index(body, "\t// README end")]
	for _, line := range strings.Split(body, "\n") {
		if line = strings.TrimSpace(line); line != "" && !strings.Contains(string(readme), line) {
			t.Errorf("README.md lacks the example line %q", line)
		}
	}
}

// TestDocsEndTokens: docs/formats.md lists exactly verify.EndTokens, in
// order (a token named again is counted once), between its markers.
func TestDocsEndTokens(t *testing.T) {
	data, err := os.ReadFile("../../docs/formats.md")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok1 := strings.Cut(string(data), "<!-- end tokens -->")
	list, _, ok2 := strings.Cut(rest, "<!-- end tokens end -->")
	if !ok1 || !ok2 {
		t.Fatal("docs/formats.md has no <!-- end tokens --> section")
	}
	var toks []string
	parts := strings.Split(list, "`")
	for i := 1; i < len(parts); i += 2 { // the text between backquotes
		if !slices.Contains(toks, parts[i]) {
			toks = append(toks, parts[i])
		}
	}
	if !slices.Equal(toks, verify.EndTokens) {
		t.Errorf("docs/formats.md lists %q,\nverify.EndTokens is %q", toks, verify.EndTokens)
	}
}

// TestOpenRLHFFlags: what the docs, examples and help texts tell an
// OpenRLHF user to pass uses the flag names of OpenRLHF v0.10.2 and later
// (--reward.remote_url, --data.prompt_dataset, --data.input_key,
// --data.label_key, --data.apply_chat_template); the old names no longer
// exist there. Only a sentence naming them as the old ones may hold them.
func TestOpenRLHFFlags(t *testing.T) {
	old := regexp.MustCompile(`(^|[^.\w])--(remote_rm_url|prompt_data|input_key|label_key|apply_chat_template)\b`)
	var files []string
	for _, glob := range []string{"../../README.md", "../../docs/*.md", "../../examples/*.md", "../../examples/*.py", "*.go", "../../verify/serve/*.go", "../../gen/trainset/*.go"} {
		m, err := filepath.Glob(glob)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	if len(files) < 10 {
		t.Fatalf("found only %d files", len(files))
	}
	for _, f := range files {
		if strings.HasSuffix(f, "readme_example_test.go") {
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(data), "\n") {
			if old.MatchString(line) && !strings.Contains(line, "before it:") && !strings.Contains(line, "`--input_key`") {
				t.Errorf("%s:%d: an OpenRLHF flag name of before v0.10.2: %s", f, i+1, strings.TrimSpace(line))
			}
		}
	}
}
