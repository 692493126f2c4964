package route_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/domains/route"
)

// TestChecklistParts: the shared checklist helpers give the items and
// words the route skins' checklists and checkers are made of.
func TestChecklistParts(t *testing.T) {
	items := route.InfeasibleChecklist("infeasibility", []string{"b", "a"})
	if len(items) != 3 || items[0].ID != domains.ItemFormat || items[0].Text != domains.InfeasibleFormat ||
		items[1].ID != domains.ItemInfeasible || items[2].ID != domains.ItemConflict || items[1].Constraint != "infeasibility" {
		t.Fatalf("infeasible checklist %+v", items)
	}
	if want := "The answer says that no plan keeps every rule (none does; a minimal conflicting set of rules is \"b\", \"a\")."; items[1].Text != want {
		t.Errorf("infeasible item %q, want %q", items[1].Text, want)
	}
	if want := "The rules named in \"conflict\" exist and cannot all hold together with rule 1 (checked by the solver)."; items[2].Text != want {
		t.Errorf("conflict item %q, want %q", items[2].Text, want)
	}
	goal := route.GoalItems("x", "y")
	if goal[0].ID != route.ItemOptimal || goal[0].Text != "x." || goal[1].ID != route.ItemStated || goal[1].Text != "y" {
		t.Errorf("goal items %+v", goal)
	}
	lv := route.Levels{4, 5}
	if lv.At(1) != 5 || lv.At(2) != -1 {
		t.Errorf("levels %v: At(1) = %d, At(2) = %d", lv, lv.At(1), lv.At(2))
	}
	for _, tc := range []struct {
		reached []string
		its     bool
		want    string
	}{
		{nil, true, "The plan's "},
		{nil, false, "The plan "},
		{[]string{"keeps 3 legs", "drives 9"}, true, "The plan keeps 3 legs, then drives 9 and then its "},
		{[]string{"keeps 3 rides"}, false, "The plan keeps 3 rides and then "},
	} {
		if got := route.OptimalOpening(tc.reached, tc.its); got != tc.want {
			t.Errorf("OptimalOpening(%q, %v) = %q, want %q", tc.reached, tc.its, got, tc.want)
		}
	}
}

// TestJudge: the failed items keep their first detail; the optimal item
// fails for a broken rule (without asking for the objective) or a
// vector other than the optimum.
func TestJudge(t *testing.T) {
	items := append([]domains.Item{{ID: "coverage"}}, route.GoalItems("o", "s")...)
	res := domains.Pending(items)
	called := false
	obj := route.Judge(res, domains.Fails{"coverage": {"first", "second"}}, []int64{1}, func() []int64 { called = true; return []int64{1} })
	if obj != nil || called || res[0].Pass || res[0].Detail != "first" || res[1].Pass || res[1].Detail != "the plan breaks a rule" || !res[2].Pass {
		t.Errorf("broken plan: %v, objective called %v, results %+v", obj, called, res)
	}
	res = domains.Pending(items)
	obj = route.Judge(res, domains.Fails{}, []int64{1}, func() []int64 { return []int64{2} })
	if len(obj) != 1 || obj[0] != 2 || !res[0].Pass || res[1].Pass || res[1].Detail != "the plan's objective values are [2], the optimum is [1]" {
		t.Errorf("worse plan: %v, results %+v", obj, res)
	}
	res = domains.Pending(items)
	if obj = route.Judge(res, nil, []int64{1}, func() []int64 { return []int64{1} }); len(obj) != 1 || !res[1].Pass {
		t.Errorf("optimal plan: %v, results %+v", obj, res)
	}
}

// TestGoalSentences: one goal is a sentence; several are "First, …."
// and " Then, among those plans, …." in order.
func TestGoalSentences(t *testing.T) {
	for _, tc := range []struct {
		goals []string
		want  string
	}{
		{[]string{"minimise x"}, "Minimise x."},
		{[]string{"keep a", "minimise x"}, "First, keep a. Then, among those plans, minimise x."},
		{[]string{"a", "b", "c"}, "First, a. Then, among those plans, b. Then, among those plans, c."},
	} {
		if got := route.GoalSentences(tc.goals); got != tc.want {
			t.Errorf("GoalSentences(%q) = %q, want %q", tc.goals, got, tc.want)
		}
	}
}

// TestTables: the prompt tables' bytes, the units' columns after the
// table's own.
func TestTables(t *testing.T) {
	var b strings.Builder
	cols := []route.Column{{Head: "kg", Align: "---:", Cell: func(k int) string { return fmt.Sprint(10 * k) }}}
	route.Table(&b, "| stop |", "|---|", []string{"| A |", "| B |"}, cols, 1)
	if want := "| stop | kg |\n|---|---:|\n| A | 10 |\n| B | 20 |\n"; b.String() != want {
		t.Errorf("Table:\n%s\nwant:\n%s", b.String(), want)
	}
	b.Reset()
	route.Matrix(&b, "T\n", []string{"x y", "z"}, func(s string) string { return s[:1] }, func(i, j int) int64 { return int64(i + 2*j) })
	if want := "T\n| from \\ to | x | z |\n|---|---:|---:|\n| x | — | 2 |\n| z | 1 | — |\n"; b.String() != want {
		t.Errorf("Matrix:\n%s\nwant:\n%s", b.String(), want)
	}
}

// TestCoverage: every stop on exactly one route passes; the first stop on
// none, or on more than one, is named with its count.
func TestCoverage(t *testing.T) {
	names := []string{"S1 Bakery", "S2 Mill", "S3 Dairy"}
	for _, tc := range []struct {
		routes [][]int
		want   string
	}{
		{[][]int{{1, 3}, {2}}, ""},
		{[][]int{{3, 2, 1}}, ""},
		{[][]int{{1}, {3}}, "S2 Mill is on no route"},
		{[][]int{{1, 2}, {3, 2}}, "S2 Mill is visited 2 times"},
		{[][]int{{3, 3, 3}, {1, 2, 1}}, "S1 Bakery is visited 2 times"},
		{nil, "S1 Bakery is on no route"},
	} {
		if got := route.Coverage(tc.routes, names, "visited"); got != tc.want {
			t.Errorf("Coverage(%v) = %q, want %q", tc.routes, got, tc.want)
		}
	}
}
