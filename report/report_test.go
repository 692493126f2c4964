package report_test

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/plancert/plancert/domains"
	_ "github.com/plancert/plancert/domains/all" // registers every task family
	"github.com/plancert/plancert/gen"
	"github.com/plancert/plancert/gen/loop"
	"github.com/plancert/plancert/report"
	"github.com/plancert/plancert/verify"
)

// update rewrites testdata/report.md: go test ./report -run TestMarkdownGolden -update.
var update = flag.Bool("update", false, "rewrite the golden files under testdata from the current code")

var (
	inputOnce sync.Once
	inputs    [2]*report.Input // one response set, two compared
	inputErr  error
)

// fixture returns the reports of a small generated suite: 18 scheduling
// records (seed 1); set A answers every third record with the reference
// plan and the others with one seeded mutation of it; set B answers every
// other record with the reference and the others with two mutations, and
// leaves the last record without a response.
func fixture(t *testing.T) (one, two *report.Input) {
	t.Helper()
	inputOnce.Do(func() {
		var tasks []*domains.Task
		for _, tk := range domains.Tasks() {
			if tk.Family == domains.Scheduling {
				tasks = append(tasks, tk)
			}
		}
		var suite bytes.Buffer
		if _, err := gen.Run(context.Background(), gen.Options{Tasks: tasks, N: 18, Seed: 1}, &suite, nil, nil); err != nil {
			inputErr = err
			return
		}
		recs, err := verify.ReadSuite(&suite)
		if err != nil {
			inputErr = err
			return
		}
		var a, b []verify.Score
		for i, rec := range recs {
			var ra, rb loop.Responder = loop.Perturbed{K: 1, Seed: 1}, loop.Perturbed{K: 2, Seed: 2}
			if i%3 == 0 {
				ra = loop.Reference{}
			}
			if i%2 == 0 {
				rb = loop.Reference{}
			}
			sa, err := ra.Respond(context.Background(), rec)
			if err != nil {
				inputErr = err
				return
			}
			a = append(a, verify.ScoreResponse(context.Background(), rec, sa, ""))
			if i == len(recs)-1 {
				continue
			}
			sb, err := rb.Respond(context.Background(), rec)
			if err != nil {
				inputErr = err
				return
			}
			b = append(b, verify.ScoreResponse(context.Background(), rec, sb, ""))
		}
		aa, err := verify.Analyze(recs, a)
		if err != nil {
			inputErr = err
			return
		}
		ab, err := verify.Analyze(recs, b)
		if err != nil {
			inputErr = err
			return
		}
		c, err := verify.Compare(recs, a, b, 2000, 1)
		if err != nil {
			inputErr = err
			return
		}
		inputs[0] = &report.Input{Suite: "scheduling-18.jsonl", Sets: []report.Set{{Name: "one-mutation", Analysis: aa}}}
		inputs[1] = &report.Input{Suite: "scheduling-18.jsonl", Sets: []report.Set{{Name: "one-mutation", Analysis: aa},
			{Name: "two-mutations", Analysis: ab}}, Comparison: &c}
	})
	if inputErr != nil {
		t.Fatal(inputErr)
	}
	return inputs[0], inputs[1]
}

// golden compares got with testdata/name, or rewrites it with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./report -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		gl, wl := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
		for i := range min(len(gl), len(wl)) {
			if gl[i] != wl[i] {
				t.Fatalf("%s differs from the golden file at line %d:\n got: %s\nwant: %s\n(run go test ./report -update if the change is intended)", name, i+1, gl[i], wl[i])
			}
		}
		t.Fatalf("%s: %d lines, the golden file %d (run go test ./report -update if the change is intended)", name, len(gl), len(wl))
	}
}

// TestMarkdownGolden renders the Markdown of one response set and of the
// comparison of two, and compares them with the golden files.
func TestMarkdownGolden(t *testing.T) {
	one, two := fixture(t)
	for name, in := range map[string]*report.Input{"one.md": one, "compare.md": two} {
		var b bytes.Buffer
		if err := report.WriteMarkdown(&b, in); err != nil {
			t.Fatal(err)
		}
		golden(t, name, b.Bytes())
	}
}

// TestSameBytes renders every format twice: the output is deterministic.
func TestSameBytes(t *testing.T) {
	_, two := fixture(t)
	for _, w := range []func(*bytes.Buffer, *report.Input) error{
		func(b *bytes.Buffer, in *report.Input) error { return report.WriteText(b, in) },
		func(b *bytes.Buffer, in *report.Input) error { return report.WriteMarkdown(b, in) },
		func(b *bytes.Buffer, in *report.Input) error { return report.WriteHTML(b, in) },
	} {
		var x, y bytes.Buffer
		if err := w(&x, two); err != nil {
			t.Fatal(err)
		}
		if err := w(&y, two); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(x.Bytes(), y.Bytes()) {
			t.Error("two renderings differ")
		}
	}
}

// urlRE matches what could make a page fetch something.
var urlRE = regexp.MustCompile(`(?i)(src|href)\s*=\s*["']?(https?:|//)|url\(|@import|<script|<link|<img|<iframe|<object`)

// TestHTMLSelfContained checks that the page has its charts inline, loads
// nothing and has no script; the only URLs are XML namespace names.
func TestHTMLSelfContained(t *testing.T) {
	one, two := fixture(t)
	for _, in := range []*report.Input{one, two} {
		var b bytes.Buffer
		if err := report.WriteHTML(&b, in); err != nil {
			t.Fatal(err)
		}
		page := b.String()
		if m := urlRE.FindString(page); m != "" {
			t.Errorf("the page has %q", m)
		}
		for _, u := range regexp.MustCompile(`https?://[^"' >]+`).FindAllString(page, -1) {
			if u != "http://www.w3.org/2000/svg" && u != "http://www.w3.org/1999/xlink" {
				t.Errorf("the page names the URL %s", u)
			}
		}
		// Charts: summary, errors, every breakdown but subtask, units.
		if n, want := strings.Count(page, "<svg"), 3+len(in.Sets[0].Analysis.Breakdowns)-1; n != want {
			t.Errorf("%d charts, want %d", n, want)
		}
		if strings.Count(page, "<svg") != strings.Count(page, "</svg>") || strings.Contains(page, "<?xml") {
			t.Error("the SVG is not inlined cleanly")
		}
		for _, s := range in.Sets {
			if !strings.Contains(page, s.Name) {
				t.Errorf("the page does not name %s", s.Name)
			}
		}
		if !strings.HasPrefix(page, "<!DOCTYPE html>") || !strings.HasSuffix(page, "</html>\n") {
			t.Error("not a whole HTML page")
		}
	}
}

// TestBadInput: a report needs one or two sets, two with their
// comparison.
func TestBadInput(t *testing.T) {
	one, two := fixture(t)
	bad := []*report.Input{
		{Suite: "x"},
		{Suite: "x", Sets: two.Sets},
		{Suite: "x", Sets: one.Sets, Comparison: two.Comparison},
	}
	for i, in := range bad {
		var b bytes.Buffer
		for _, w := range []func() error{
			func() error { return report.WriteText(&b, in) },
			func() error { return report.WriteMarkdown(&b, in) },
			func() error { return report.WriteHTML(&b, in) },
		} {
			if err := w(); err == nil || !strings.HasPrefix(err.Error(), "report: ") {
				t.Errorf("input %d: error %v", i, err)
			}
		}
	}
}
