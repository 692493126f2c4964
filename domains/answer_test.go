package domains

import (
	"encoding/json"
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
	}{
		{raw: `{"plan": []}`},
		{raw: `{"feasible": true, "plan": []}`},
		{raw: `{"feasible": true}`, onlyFalse: true, err: `"feasible" may only be false`},
		{raw: `{"feasible": false, "conflict": ["a", "b"]}`, infeasible: true, conflict: []string{"a", "b"}},
		{raw: `{"feasible": false}`, infeasible: true, err: `"conflict" must list the names of the conflicting rules`},
		{raw: `{"feasible": false, "conflict": []}`, infeasible: true, conflict: []string{}, err: `"conflict" must list the names of the conflicting rules`},
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
