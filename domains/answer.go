package domains

import (
	"encoding/json"
	"fmt"
	"strings"

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
	// FormatErr is why the answer cannot be read ("" when it can): it is
	// not an object, its claim does not read, or its plan does not. Every
	// item fails with it.
	FormatErr string
	// Unread lists the parts of an answer that reads but that cannot be
	// read themselves (Unreadable): a malformed stated value, say. Each
	// fails the format item and the items that read it, nothing else
	// (docs/grading.md).
	Unread []Unread
}

// Unread is a part of an answer that cannot be read: why, and the items
// (besides the format item) whose verdicts read it.
type Unread struct {
	Why   string
	Items []string
}

// Done reports whether the reader is finished: the answer cannot be read
// or claims infeasibility, so there is no plan to decode.
func (c Claim) Done() bool { return c.FormatErr != "" || c.Infeasible }

// Readable reports whether every part of the answer reads: no format
// error and no unreadable part.
func (c Claim) Readable() bool { return c.FormatErr == "" && len(c.Unread) == 0 }

// Unreadable records that part p of the answer cannot be read, and why:
// the format item fails with why, and so does every item of p.Items;
// every other item is judged as if p were absent (docs/grading.md).
func (c *Claim) Unreadable(p Part, why string) {
	c.Unread = append(c.Unread, Unread{Why: why, Items: p.Items})
}

// ReadStated reads the value the answer states under p.Key into a T. It
// returns nil and why when there is none to judge: the answer does not
// state it (why is `"key" is missing`, and only p's items fail, with
// why, as for a wrong value: the caller fails them), or the value is
// not a T (why is unreadable, and the part is recorded as Unreadable:
// the format item fails too). A JSON null reads as absent.
func ReadStated[T any](c *Claim, p Part, unreadable string) (*T, string) {
	raw, ok := c.Obj[p.Key]
	if !ok || string(raw) == "null" {
		return nil, Missing(p.Key)
	}
	v := new(T)
	if err := json.Unmarshal(raw, v); err != nil {
		c.Unreadable(p, unreadable)
		return nil, unreadable
	}
	return v, ""
}

// Missing is the detail of an item whose part the answer leaves out:
// `"key" is missing`.
func Missing(key string) string { return fmt.Sprintf("%q is missing", key) }

// ReadClaim reads raw as one JSON object and its optional "feasible" and
// "conflict" fields: {"feasible": false, "conflict": ["rule", ...]} claims
// that no plan keeps every rule and names a conflicting set. The conflict
// is the claim's stated part: a claim without one (or with an empty
// list) reads, and only the conflict item fails for it (the checker
// fails it, as for a conflict that does not hold); a conflict that is not
// a list of names is Unreadable (the format and conflict items fail).
// onlyFalse makes "feasible": true a format error
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
	if raw, ok := c.Obj["conflict"]; ok && string(raw) != "null" {
		if err := json.Unmarshal(raw, &c.Conflict); err != nil {
			c.Conflict = nil
			c.Unreadable(ConflictPart, `"conflict" must list the names of the conflicting rules`)
		}
	}
	return c
}

// NoConflict is the conflict item's detail for a claim that names no
// rule.
const NoConflict = "no conflict was named"

// SetProblems makes the answer's format error the problems a reader found
// in its plan, joined by "; " (none leave it as it is).
func (c *Claim) SetProblems(problems []string) {
	if len(problems) > 0 {
		c.FormatErr = strings.Join(problems, "; ")
	}
}

// LevelValues names the levels of an objective vector: "name value" for
// each of names that has a level in obj, in order, joined by ", " ("changed
// moves 2, total time 14"); a name "" is left out (a level the text does
// not name).
func LevelValues(names []string, obj []int64) string {
	var parts []string
	for i, n := range names {
		if n != "" && i < len(obj) {
			parts = append(parts, fmt.Sprintf("%s %d", n, obj[i]))
		}
	}
	return strings.Join(parts, ", ")
}

// InfeasibleFormat is the format item's text for an infeasible reference:
// the one answer form that every core accepts for "no plan exists".
const InfeasibleFormat = `The answer is one JSON object whose "feasible" is false; its "conflict", if given, is a list of names.`

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

// InfeasibleChecklist returns the checklist of a reference that has no
// plan: the format item of InfeasibleFormat, then InfeasibleItems of unit,
// claim and background.
func InfeasibleChecklist(unit, claim, background string) []Item {
	return append([]Item{FormatItem(InfeasibleFormat)}, InfeasibleItems(unit, claim, background)...)
}

// NoPlanChecklist is InfeasibleChecklist with the claim that no plan
// satisfies every rule, naming conflict (ConflictWords with background).
func NoPlanChecklist(unit string, conflict []string, background string) []Item {
	return InfeasibleChecklist(unit, fmt.Sprintf("The answer says that no plan satisfies every rule (none does: %s).", ConflictWords(conflict, background)), background)
}

// FormatItem is the basic format item whose text is the answer's form.
func FormatItem(text string) Item {
	return Item{ID: ItemFormat, Tier: Basic, Constraint: "structured output", Kind: KindFormat, Text: text}
}

// FeasibilityItem is the feasibility item id of a rule of the plan: the
// item of constraint (a unit's ID, or a core rule's constraint) at tier.
func FeasibilityItem(id, constraint string, tier Tier, text string) Item {
	return Item{ID: id, Tier: tier, Constraint: constraint, Kind: KindFeasibility, Text: text}
}

// CoverageItem is the basic coverage item id of constraint (every input of
// the plan once: every activity scheduled, every stop visited).
func CoverageItem(id, constraint, text string) Item {
	return Item{ID: id, Tier: Basic, Constraint: constraint, Kind: KindCoverage, Text: text}
}

// OptimalItem is the basic objective item (ItemOptimal) whose text says
// what the proven optimum is.
func OptimalItem(text string) Item {
	return Item{ID: ItemOptimal, Tier: Basic, Constraint: "explicit primary objective", Kind: KindObjective, Text: text}
}

// ItemsOf lists the checklist items of units (the units in force, in pool
// order) on instance in, in order.
func ItemsOf[I any, U interface{ Items(in I) []Item }](in I, units []U) []Item {
	var out []Item
	for _, u := range units {
		out = append(out, u.Items(in)...)
	}
	return out
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
