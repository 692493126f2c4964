package export_test

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/plancert/plancert/encode"
	"github.com/plancert/plancert/export"
	"github.com/plancert/plancert/internal/randmodel"
	"github.com/plancert/plancert/solver"
	"github.com/plancert/plancert/solver/brute"
)

// update rewrites the golden files: go test ./export -update
var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

const modelsDir = "../testdata/models"

func readModel(t *testing.T, path string) *encode.Model {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	m, err := encode.ReadModel(f)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func exampleModels(t *testing.T) map[string]*encode.Model {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(modelsDir, "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no example models in %s (%v)", modelsDir, err)
	}
	out := map[string]*encode.Model{}
	for _, f := range files {
		out[strings.TrimSuffix(filepath.Base(f), ".json")] = readModel(t, f)
	}
	return out
}

// TestGolden: every example model in every format, byte for byte.
func TestGolden(t *testing.T) {
	for name, m := range exampleModels(t) {
		for _, f := range export.Formats {
			var b bytes.Buffer
			if err := export.Write(&b, m, f, name); err != nil {
				t.Fatalf("%s.%s: %v", name, f, err)
			}
			path := filepath.Join("testdata", "golden", name+"."+string(f))
			if *update {
				if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				continue
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test ./export -update to create it)", err)
			}
			if !bytes.Equal(b.Bytes(), want) {
				t.Errorf("%s differs from the golden file (run go test ./export -update if the change is intended)\n--- got\n%s", path, b.String())
			}
		}
	}
}

func TestParseFormat(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want export.Format
		err  string
	}{
		{"lp", export.LP, ""},
		{"mzn", export.MZN, ""},
		{"smt2", export.SMT2, ""},
		{"dimacs", export.DIMACS, ""},
		{"LP", "", `export: unknown format "LP" (want lp, mzn, smt2, dimacs)`},
		{"", "", `export: unknown format "" (want lp, mzn, smt2, dimacs)`},
	} {
		got, err := export.ParseFormat(tc.in)
		if got != tc.want || (err == nil) != (tc.err == "") || (err != nil && err.Error() != tc.err) {
			t.Errorf("ParseFormat(%q) = %q, %v; want %q, %s", tc.in, got, err, tc.want, tc.err)
		}
	}
	if err := export.Write(&bytes.Buffer{}, encode.NewModel(), "xml", "t"); err == nil {
		t.Error("Write with format xml: no error")
	}
}

// TestNames: sanitizing, keywords and clashes, per format.
func TestNames(t *testing.T) {
	m := encode.NewModel()
	for _, n := range []string{"x", "a b", "a_b", "end", "e12", "1x", "sum", "|q|", "and", "@s", "né", "Int", "a_b_2"} {
		m.NewBool(n)
	}
	for _, tc := range []struct {
		f    export.Format
		want []string
	}{
		{export.LP, []string{"x", "a_b", "a_b_2", "v_end", "v_e12", "v_1x", "sum", "v__q_", "and", "v__s", "n_", "v_Int", "a_b_2_2"}},
		{export.MZN, []string{"x", "a_b", "a_b_2", "end", "e12", "v_1x", "v_sum", "v__q_", "and", "v__s", "n_", "Int", "a_b_2_2"}},
		{export.SMT2, []string{"x", "a b", "a_b", "end", "e12", "v_1x", "sum", "_q_", "v_and", "v_@s", "né", "v_Int", "a_b_2"}},
		{export.DIMACS, []string{"x", "a b", "a_b", "end", "e12", "1x", "sum", "|q|", "and", "@s", "né", "Int", "a_b_2"}},
	} {
		if got := export.Names(m, tc.f); !slices.Equal(got, tc.want) {
			t.Errorf("Names(%s) =\n  %q\nwant\n  %q", tc.f, got, tc.want)
		}
	}
}

// lexOptimum solves m exhaustively.
func lexOptimum(t *testing.T, m *encode.Model) *solver.Result {
	t.Helper()
	s, err := brute.Backend{}.Load(m)
	if err != nil {
		t.Fatal(err)
	}
	r, err := s.Optimize(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestCombineAndStage: on seeded random models with two or three levels,
// the optimum of the combined objective and the last stage of level-by-
// level solving both have the lexicographic optimum, by brute force.
func TestCombineAndStage(t *testing.T) {
	checked := 0
	for seed := uint64(1); checked < 60; seed++ {
		m := randmodel.New(rand.New(rand.NewPCG(seed, 3)))
		if len(m.Objectives) < 2 {
			continue
		}
		want := lexOptimum(t, m)
		if want.Status != solver.Optimal {
			continue
		}
		checked++
		comb, err := export.Combine(m)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		c, err := export.Stage(m, 0, nil)
		if err != nil {
			t.Fatal(err)
		}
		c.Objectives = []encode.Objective{{Sense: encode.Minimize, Terms: comb}}
		got := lexOptimum(t, c)
		if v := m.ObjectiveValues(got.Solution); !slices.Equal(v, want.Objective) {
			t.Errorf("seed %d: the combined optimum has levels %v, the lexicographic optimum is %v", seed, v, want.Objective)
		}
		var fixed []int64
		var last encode.Assignment
		for l := range m.Objectives {
			s, err := export.Stage(m, l, fixed)
			if err != nil {
				t.Fatal(err)
			}
			if len(s.Constraints) != len(m.Constraints)+l || len(s.Objectives) != 1 {
				t.Fatalf("seed %d: stage %d has %d constraints and %d levels", seed, l, len(s.Constraints), len(s.Objectives))
			}
			r := lexOptimum(t, s)
			if r.Status != solver.Optimal {
				t.Fatalf("seed %d: stage %d is %v", seed, l, r.Status)
			}
			fixed = append(fixed, r.Objective[0])
			last = r.Solution
		}
		if v := m.ObjectiveValues(last); !slices.Equal(v, want.Objective) || !slices.Equal(fixed, want.Objective) {
			t.Errorf("seed %d: staged optimum %v (levels %v), want %v", seed, fixed, v, want.Objective)
		}
	}
}

func TestStageErrors(t *testing.T) {
	m := readModel(t, filepath.Join(modelsDir, "lexicographic.json"))
	for _, tc := range []struct {
		l     int
		fixed []int64
		err   string
	}{
		{2, []int64{1, 2}, "export: stage 2 of a model with 2 objective levels"},
		{-1, nil, "export: stage -1 of a model with 2 objective levels"},
		{1, nil, "export: stage 1 needs the optima of 1 earlier levels, got 0"},
	} {
		if _, err := export.Stage(m, tc.l, tc.fixed); err == nil || err.Error() != tc.err {
			t.Errorf("Stage(%d, %v): %v, want %s", tc.l, tc.fixed, err, tc.err)
		}
	}
	// A constraint already named like a fixed level keeps its name.
	m.AddLinear(nil, encode.LE, 0).Named("objective level 1 fixed")
	s, err := export.Stage(m, 1, []int64{15})
	if err != nil {
		t.Fatal(err)
	}
	if got := s.Constraints[len(s.Constraints)-1].Name; got != "objective level 1 fixed_2" {
		t.Errorf("the fixed level is named %q", got)
	}
	if err := s.Validate(); err != nil {
		t.Error(err)
	}
}

// TestLexError: levels too wide to combine give a *LexError in LP and
// MiniZinc, and nothing is written; SMT-LIB keeps the levels.
func TestLexError(t *testing.T) {
	m := encode.NewModel()
	var vs []encode.Var
	for i := range 3 {
		vs = append(vs, m.NewInt(fmt.Sprintf("x%d", i), 0, 5000))
	}
	for _, v := range vs {
		m.Minimize(encode.Term{Var: v, Coef: 1})
	}
	for _, f := range []export.Format{export.LP, export.MZN} {
		var b bytes.Buffer
		err := export.Write(&b, m, f, "wide")
		var lex *export.LexError
		if !errors.As(err, &lex) || lex.Levels != 3 || lex.Bound < export.LexLimit {
			t.Errorf("%s: %v, want a *LexError for 3 levels", f, err)
		}
		if b.Len() != 0 {
			t.Errorf("%s: %d bytes written with the error", f, b.Len())
		}
	}
	var b bytes.Buffer
	if err := export.Write(&b, m, export.SMT2, "wide"); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(b.String(), "(minimize "); n != 3 || !strings.Contains(b.String(), "(set-option :opt.priority lex)") {
		t.Errorf("smt2 has %d minimize commands:\n%s", n, b.String())
	}
}

func TestWriteInvalidModel(t *testing.T) {
	m := encode.NewModel()
	m.NewInt("x", 3, 1)
	for _, f := range export.Formats {
		if err := export.Write(&bytes.Buffer{}, m, f, "bad"); err == nil || !strings.Contains(err.Error(), "empty domain") {
			t.Errorf("%s: %v, want the empty domain", f, err)
		}
	}
}

// TestOneHotLimit: a variable with too many values for one binary per
// value is an *ExportError naming it.
func TestOneHotLimit(t *testing.T) {
	m := encode.NewModel()
	x := m.NewInt("big", 0, 1<<17)
	y := m.NewInt("y", 0, 3)
	m.AddAllDifferent(x, y).Named("apart")
	err := export.WriteLP(&bytes.Buffer{}, m, "t")
	var ee *export.ExportError
	if !errors.As(err, &ee) || ee.What != `constraint "apart"` || !strings.Contains(ee.Reason, `"big"`) {
		t.Errorf("got %v", err)
	}
}

// TestLPListsEveryColumn: CBC's LP reader rejects a column that appears in
// no row and not in the objective, so such columns get a 0 in the
// objective.
func TestLPListsEveryColumn(t *testing.T) {
	m := encode.NewModel()
	m.NewBool("b")
	x := m.NewInt("x", 1, 3)
	m.NewInt("idle", 2, 5)
	m.Minimize(encode.Term{Var: x, Coef: 2})
	var b bytes.Buffer
	if err := export.WriteLP(&b, m, "t"); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "Minimize\n obj: 2 x + 0 b + 0 idle\nSubject To\n") {
		t.Errorf("unused columns are not in the objective:\n%s", b.String())
	}
}
