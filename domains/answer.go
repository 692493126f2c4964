package domains

import (
	"encoding/json"
	"fmt"

	"github.com/plancert/plancert/domains/prose"
)

// Claim is the part of an answer that every core reads the same way before
// it reads a plan: the answer's JSON object and what it claims about
// feasibility.
type Claim struct {
	// Obj is the answer's top-level object (nil when FormatErr says the
	// answer is not an object).
	Obj map[string]json.RawMessage
	// Infeasible reports that the answer says no plan exists
	// ("feasible": false); Conflict then holds the rules it names.
	Infeasible bool
	Conflict   []string
	// FormatErr is why the answer cannot be read ("" when it can).
	FormatErr string
}

// Done reports whether the reader is finished: the answer cannot be read
// or claims infeasibility, so there is no plan to decode.
func (c Claim) Done() bool { return c.FormatErr != "" || c.Infeasible }

// ReadClaim reads raw as one JSON object and its optional "feasible" and
// "conflict" fields: {"feasible": false, "conflict": ["rule", ...]} claims
// that no plan keeps every rule and names a conflicting set. A claim must
// name at least one rule. onlyFalse makes "feasible": true a format error
// (for answer forms whose plan has no "feasible" field); otherwise true
// means the plan follows in the same object. Trailing data after the
// object is a format error. ReadClaim never panics; its cost is one
// unmarshal of the top level.
func ReadClaim(raw json.RawMessage, onlyFalse bool) Claim {
	var c Claim
	if err := json.Unmarshal(raw, &c.Obj); err != nil || c.Obj == nil {
		c.Obj = nil
		c.FormatErr = "the answer is not a JSON object"
		return c
	}
	f, ok := c.Obj["feasible"]
	if !ok {
		return c
	}
	var feasible bool
	if err := json.Unmarshal(f, &feasible); err != nil {
		c.FormatErr = `"feasible" is not true or false`
		return c
	}
	if feasible {
		if onlyFalse {
			c.FormatErr = `"feasible" may only be false`
		}
		return c
	}
	c.Infeasible = true
	if err := json.Unmarshal(c.Obj["conflict"], &c.Conflict); err != nil || len(c.Conflict) == 0 {
		c.FormatErr = `"conflict" must list the names of the conflicting rules`
	}
	return c
}

// InfeasibleFormat is the format item's text for an infeasible reference:
// the one answer form that every core accepts for "no plan exists".
const InfeasibleFormat = `The answer is one JSON object of the form {"feasible": false, "conflict": [...]} naming rules as written in the problem.`

// InfeasibleItems returns the checklist items, after the format item, of a
// reference that has no plan: the infeasibility item, whose text is claim
// (what the answer must say, with the reference's conflict), and the
// conflict item, proven by the solver against the named rules together
// with background (the prompt's words for the always-on rules: "rule 1",
// "the always-on rules"). unit is the core's infeasibility unit, the
// items' constraint.
func InfeasibleItems(unit, claim, background string) []Item {
	return []Item{
		{ID: ItemInfeasible, Tier: Hard, Constraint: unit, Kind: KindFeasibility, Text: claim},
		{ID: ItemConflict, Tier: Hard, Constraint: unit, Kind: KindFeasibility,
			Text: "The rules named in \"conflict\" exist and cannot all hold together with " + background + " (checked by the solver)."},
	}
}

// ConflictWords says that the rules ns cannot hold: `the rule "a" cannot
// hold with <background>` for one rule, `the rules "a", "b" cannot all
// hold` for more, names quoted and sorted.
func ConflictWords(ns []string, background string) string {
	if len(ns) == 1 {
		return fmt.Sprintf("the rule %s cannot hold with %s", prose.QuoteList(ns), background)
	}
	return fmt.Sprintf("the rules %s cannot all hold", prose.QuoteList(ns))
}

// RuleNames returns the set of the names of rules: the names a conflict
// claim may use (ConflictClaim).
func RuleNames(rules []Rule) map[string]bool {
	m := make(map[string]bool, len(rules))
	for _, r := range rules {
		m[r.Name] = true
	}
	return m
}
