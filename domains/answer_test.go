package domains

import (
	"encoding/json"
	"reflect"
	"slices"
	"testing"
)

func TestReadClaim(t *testing.T) {
	for _, c := range []struct {
		raw        string
		onlyFalse  bool
		infeasible bool
		conflict   []string
		err        string
		unread     string // the conflict's reason when it is unreadable
	}{
		{raw: `{"plan": []}`},
		{raw: `{"feasible": true, "plan": []}`},
		{raw: `{"feasible": true}`, onlyFalse: true, err: `"feasible" may only be false`},
		{raw: `{"feasible": false, "conflict": ["a", "b"]}`, infeasible: true, conflict: []string{"a", "b"}},
		// A claim without a conflict reads (its conflict item fails); a
		// conflict that is not a list of names is unreadable.
		{raw: `{"feasible": false}`, infeasible: true},
		{raw: `{"feasible": false, "conflict": null}`, infeasible: true},
		{raw: `{"feasible": false, "conflict": []}`, infeasible: true, conflict: []string{}},
		{raw: `{"feasible": false, "conflict": "a"}`, infeasible: true, unread: `"conflict" must list the names of the conflicting rules`},
		{raw: `{"feasible": false, "conflict": [1]}`, infeasible: true, unread: `"conflict" must list the names of the conflicting rules`},
		{raw: `{"feasible": "no"}`, err: `"feasible" is not true or false`},
		{raw: `[1]`, err: "the answer is not a JSON object"},
		{raw: `null`, err: "the answer is not a JSON object"},
		{raw: `{} {}`, err: "the answer is not a JSON object"},
		{raw: ``, err: "the answer is not a JSON object"},
	} {
		got := ReadClaim(json.RawMessage(c.raw), c.onlyFalse)
		if got.Infeasible != c.infeasible || got.FormatErr != c.err || !slices.Equal(got.Conflict, c.conflict) {
			t.Errorf("ReadClaim(%s, %v) = %+v, want infeasible %v conflict %q error %q", c.raw, c.onlyFalse, got, c.infeasible, c.conflict, c.err)
		}
		wantUnread := []Unread(nil)
		if c.unread != "" {
			wantUnread = []Unread{{Why: c.unread, Items: []string{ItemConflict}}}
		}
		if !reflect.DeepEqual(got.Unread, wantUnread) || got.Readable() != (c.err == "" && c.unread == "") {
			t.Errorf("ReadClaim(%s).Unread = %+v (readable %v), want %+v", c.raw, got.Unread, got.Readable(), wantUnread)
		}
		if got.Done() != (c.err != "" || c.infeasible) {
			t.Errorf("ReadClaim(%s).Done() = %v", c.raw, got.Done())
		}
		if c.err == "the answer is not a JSON object" && got.Obj != nil {
			t.Errorf("ReadClaim(%s).Obj = %v, want nil", c.raw, got.Obj)
		}
	}
}

func TestConflictWords(t *testing.T) {
	if got, want := ConflictWords([]string{"b"}, "rule 1"), `the rule "b" cannot hold with rule 1`; got != want {
		t.Errorf("one rule: %q, want %q", got, want)
	}
	if got, want := ConflictWords([]string{"b", "a"}, "rule 1"), `the rules "a", "b" cannot all hold`; got != want {
		t.Errorf("two rules: %q, want %q", got, want)
	}
	if got := RuleNames([]Rule{{Name: "x"}, {Name: "y"}}); len(got) != 2 || !got["x"] || !got["y"] {
		t.Errorf("RuleNames = %v", got)
	}
	items := InfeasibleItems("infeasibility", "claim", "rule 1")
	if len(items) != 2 || items[0].ID != ItemInfeasible || items[1].ID != ItemConflict || items[0].Text != "claim" {
		t.Errorf("InfeasibleItems = %+v", items)
	}
}

// TestChecklistItems: the item constructors fix each item's ID, tier,
// constraint and kind; the infeasible checklist is the format item of
// InfeasibleFormat and the two infeasibility items.
func TestChecklistItems(t *testing.T) {
	for _, tc := range []struct {
		got, want Item
	}{
		{FormatItem("f"), Item{ID: "format", Tier: Basic, Constraint: "structured output", Kind: KindFormat, Text: "f"}},
		{FeasibilityItem("cap", "capacity", Medium, "c"), Item{ID: "cap", Tier: Medium, Constraint: "capacity", Kind: KindFeasibility, Text: "c"}},
		{CoverageItem("cover", "complete inputs", "v"), Item{ID: "cover", Tier: Basic, Constraint: "complete inputs", Kind: KindCoverage, Text: "v"}},
		{OptimalItem("o"), Item{ID: "optimal", Tier: Basic, Constraint: "explicit primary objective", Kind: KindObjective, Text: "o"}},
	} {
		if tc.got != tc.want {
			t.Errorf("got %+v, want %+v", tc.got, tc.want)
		}
	}
	items := NoPlanChecklist("infeasibility", []string{"b", "a"}, "rule 1")
	if len(items) != 3 || items[0] != FormatItem(InfeasibleFormat) || items[1].ID != ItemInfeasible || items[2].ID != ItemConflict {
		t.Fatalf("NoPlanChecklist: %+v", items)
	}
	if want := `The answer says that no plan satisfies every rule (none does: the rules "a", "b" cannot all hold).`; items[1].Text != want {
		t.Errorf("claim %q, want %q", items[1].Text, want)
	}
}

// TestSetProblemsAndLevelValues: the format error lists the problems;
// no problems keep the error a reader set before. LevelValues names the
// levels obj has, leaving out unnamed ones.
func TestSetProblemsAndLevelValues(t *testing.T) {
	c := Claim{FormatErr: "earlier"}
	c.SetProblems(nil)
	if c.FormatErr != "earlier" {
		t.Errorf("no problems: %q", c.FormatErr)
	}
	c.SetProblems([]string{"a is twice", "b is missing"})
	if c.FormatErr != "a is twice; b is missing" {
		t.Errorf("problems: %q", c.FormatErr)
	}
	if got, want := LevelValues([]string{"changes", "", "total", "spare"}, []int64{2, 9, 14}), "changes 2, total 14"; got != want {
		t.Errorf("LevelValues = %q, want %q", got, want)
	}
}
