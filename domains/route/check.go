package route

import (
	"fmt"
	"strings"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/domains/prose"
)

// The checklist and checker parts that the route skins (commute, delivery,
// dispatch, itinerary) share: the checklist of an infeasible reference,
// the core items every feasible checklist opens and closes with, and the
// judgement of a plan's rules and objective. Each skin writes its own
// item texts; these helpers fix the items' tiers, constraints and kinds
// and the words the four skins use alike.

// The item IDs that every route skin's checklist has (with
// domains.ItemFormat, domains.ItemInfeasible and domains.ItemConflict).
const (
	ItemOptimal = domains.ItemOptimal
	ItemStated  = "stated"
)

// InfeasibleChecklist returns the checklist of a reference that has no
// plan, the same in every route skin: the format item of
// domains.InfeasibleFormat, then domains.InfeasibleItems of the skin's
// infeasibility unit, naming the reference's conflict, with rule 1 (every
// route skin's always-on rule) as the background.
func InfeasibleChecklist(unit string, conflict []string) []domains.Item {
	claim := fmt.Sprintf("The answer says that no plan keeps every rule (none does; a minimal conflicting set of rules is %s).", prose.Quoted(conflict))
	return domains.InfeasibleChecklist(unit, claim, "rule 1")
}

// GoalItems returns the two items that close a feasible checklist: the
// optimal item, whose text is optimal and a full stop, and the stated
// item, whose text is stated.
func GoalItems(optimal, stated string) []domains.Item {
	return []domains.Item{
		domains.OptimalItem(optimal + "."),
		{ID: ItemStated, Tier: domains.Basic, Constraint: "stated values", Kind: domains.KindStated, Text: stated},
	}
}

// Levels is a reference's objective vector as an optimal item reads it.
type Levels []int64

// At is level i, or -1 past the end: a malformed reference (too few
// levels) must not panic the checklist.
func (l Levels) At(i int) int64 {
	if i < len(l) {
		return l[i]
	}
	return -1
}

// Reached lists the words of each leveler of ls (the levelers in force, in
// pool order) for its level of lv, in order: the goals reached before the
// skin's own, for OptimalOpening.
func Reached[I any, L interface{ Reached(in I, v int64) string }](in I, ls []L, lv Levels) []string {
	var out []string
	for i, l := range ls {
		out = append(out, l.Reached(in, lv.At(i)))
	}
	return out
}

// OptimalOpening opens an optimal item's text with the goals reached
// before the skin's own, in their order, each in its leveler's words
// ("keeps 3 legs of the current plan (the most possible)"): "The plan "
// and the goals joined by ", then ", followed by " and then ". its says
// that the skin's words that follow are a noun of the plan: then the
// opening is "The plan's " without reached goals and ends in "its " with
// them.
func OptimalOpening(reached []string, its bool) string {
	switch {
	case len(reached) > 0 && its:
		return "The plan " + strings.Join(reached, ", then ") + " and then its "
	case len(reached) > 0:
		return "The plan " + strings.Join(reached, ", then ") + " and then "
	case its:
		return "The plan's "
	}
	return "The plan "
}

// Judge fails on res the items of f, each with its first detail, and the
// optimal item when the plan breaks a rule or its objective vector is not
// the optimum. objective is called only for a plan that keeps every rule
// (len(f) == 0); Judge returns its vector, nil for a plan that breaks a
// rule.
func Judge(res domains.Results, f domains.Fails, optimum []int64, objective func() []int64) []int64 {
	for id, why := range f {
		res.Set(id, false, why[0])
	}
	if len(f) > 0 {
		res.Set(ItemOptimal, false, "the plan breaks a rule")
		return nil
	}
	obj := objective()
	res.Optimum(ItemOptimal, obj, optimum, "the plan's objective values are")
	return obj
}

// Coverage is the coverage verdict of a plan's routes over the stops (or
// jobs) 1..len(names), each of which must be on exactly one route: "" when
// each is, else why not for the first that is not ("S2 Mill is on no
// route", "S2 Mill is <repeated> 2 times").
func Coverage(routes [][]int, names []string, repeated string) string {
	seen := make([]int, len(names)+1)
	for _, rt := range routes {
		for _, c := range rt {
			seen[c]++
		}
	}
	for c := 1; c < len(seen); c++ {
		switch {
		case seen[c] == 0:
			return fmt.Sprintf("%s is on no route", names[c-1])
		case seen[c] > 1:
			return fmt.Sprintf("%s is %s %d times", names[c-1], repeated, seen[c])
		}
	}
	return ""
}
