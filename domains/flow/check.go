package flow

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/domains/prose"
	"github.com/plancert/plancert/solver"
)

// Item IDs of the core.
const (
	itemFormat     = "format"
	itemMovement   = "movement"
	itemDeadline   = "deadline"
	itemOptimal    = "optimal"
	itemInfeasible = "infeasible"
	itemConflict   = "conflict"
)

// maxCount bounds a move's count in an answer.
const maxCount = 1000

// answer is a parsed answer: its claim (and format error), and the plan.
type answer struct {
	domains.Claim
	x     moves
	total *int64
	// totalWhy says why total is nil (not stated, or unreadable).
	totalWhy string
}

// encode writes a plan in the answer's JSON form: the moves with a
// positive count, groups, links and steps in the instance's order, and the
// stated total when the self-check unit is sampled.
func (in *Instance) encode(x moves) json.RawMessage {
	var b strings.Builder
	b.WriteString(`{"moves": [`)
	first := true
	for g := range in.Groups {
		for l := range in.Links {
			for t, n := range x[g][l] {
				if n == 0 {
					continue
				}
				if !first {
					b.WriteString(", ")
				}
				first = false
				in.writeMove(&b, g, l, t, n)
			}
		}
	}
	b.WriteString("]")
	if in.has(unitSelfCheck) {
		fmt.Fprintf(&b, `, "total_time": %d`, in.simulate(x).total)
	}
	b.WriteString("}")
	return json.RawMessage(b.String())
}

func (in *Instance) writeMove(b *strings.Builder, g, l, t, n int) {
	lk := in.Links[l]
	fmt.Fprintf(b, `{"group": %q, "from": %q, "to": %q, "step": %d, "count": %d}`, in.Groups[g].Name, lk.From, lk.To, t, n)
}

// parse reads an answer; it never fails: problems are in formatErr.
func (in *Instance) parse(raw json.RawMessage) *answer {
	ans := &answer{Claim: domains.ReadClaim(raw, false), x: in.zero()}
	if ans.Done() {
		return ans
	}
	obj := ans.Obj
	var entries []map[string]json.RawMessage
	if err := json.Unmarshal(obj["moves"], &entries); err != nil || entries == nil {
		ans.FormatErr = `"moves" must be a list of moves`
		return ans
	}
	var bad []string
	if in.has(unitSelfCheck) {
		ans.total, ans.totalWhy = domains.ReadStated[int64](&ans.Claim, statedPart, `"total_time" must be an integer`)
	}
	str := func(e map[string]json.RawMessage, key string) string {
		var s string
		if json.Unmarshal(e[key], &s) != nil {
			return ""
		}
		return s
	}
	seen := map[[3]int]bool{}
	for k, e := range entries {
		g := in.group(str(e, "group"))
		if g < 0 {
			bad = append(bad, fmt.Sprintf("move %d: \"group\" must name a listed %s", k+1, in.Voc.Group))
			continue
		}
		from, to := str(e, "from"), str(e, "to")
		l := in.link(from, to)
		if l < 0 {
			bad = append(bad, fmt.Sprintf("move %d: there is no %s from %q to %q", k+1, in.Voc.Link, from, to))
			continue
		}
		var t, n int
		if err := json.Unmarshal(e["step"], &t); err != nil || t < 0 || t > in.H() {
			bad = append(bad, fmt.Sprintf("move %d: \"step\" must be a whole number from 0 to %d", k+1, in.H()))
			continue
		}
		if err := json.Unmarshal(e["count"], &n); err != nil || n < 0 || n > maxCount {
			bad = append(bad, fmt.Sprintf("move %d: \"count\" must be a whole number from 0 to %d", k+1, maxCount))
			continue
		}
		key := [3]int{g, l, t}
		if seen[key] {
			bad = append(bad, fmt.Sprintf("move %d: %s on %s → %s at %s %d is listed twice", k+1, in.Groups[g].Name, from, to, in.Voc.Step, t))
			continue
		}
		seen[key] = true
		ans.x[g][l][t] = n
	}
	ans.SetProblems(bad)
	return ans
}

// evaluate runs the core checks and every unit's checks on a plan.
func (in *Instance) evaluate(x moves) (fails, *state) {
	fl := fails{}
	s := in.simulate(x)
	for _, d := range s.short {
		fl.Add(itemMovement, d)
	}
	for _, d := range s.badExit {
		fl.Add(itemMovement, d)
	}
	for _, d := range s.late {
		fl.Add(itemDeadline, d)
	}
	for g, gr := range in.Groups {
		if s.out[g] != gr.Size {
			fl.Add(itemDeadline, fmt.Sprintf("%d of %s's %d reach %s by %s %d", s.out[g], gr.Name, gr.Size, in.destWords(g), in.Voc.Step, in.H()))
		}
	}
	for _, u := range in.units() {
		u.Check(in, checked{x, s}, fl)
	}
	return fl, s
}

// Checklist implements domains.Instance.
func (in *Instance) Checklist(ref domains.Reference) []domains.Item {
	if !ref.Feasible {
		return domains.NoPlanChecklist(unitInfeasible, ref.Conflict, "the always-on rules")
	}
	v := in.Voc
	items := []domains.Item{domains.FormatItem(fmt.Sprintf("The answer is one JSON object in the stated form: a list \"moves\" whose entries give a listed %s, the two ends of a listed %s, a \"step\" from 0 to %d and a whole \"count\", no move listed twice.", v.Group, v.Link, in.H()))}
	items = append(items,
		domains.FeasibilityItem(itemMovement, "conservation", domains.Basic, fmt.Sprintf("Every move leaves from a place where at least that many %s of the %s are at that %s (everyone starts at the %s's starting place and arrives after the %s's travel time)%s.", v.People, v.Group, v.Step, v.Group, v.Link, map[bool]string{true: ", and no " + v.Group + " enters " + prose.An(v.Exit) + " that is not its own", false: ""}[in.hasDest()])),
		domains.CoverageItem(itemDeadline, "all groups reach safety", fmt.Sprintf("Every %s of every %s reaches %s by %s %d (rule \"deadline\").", v.Person, v.Group, in.exitWords(), v.Step, in.H())))
	items = append(items, domains.ItemsOf(in, in.units())...)
	items = append(items, domains.OptimalItem(in.optimalText(ref.Objective)))
	return items
}

// levelNames names the objective levels before the tie-breaks.
func (in *Instance) levelNames() []string {
	var out []string
	if in.replanning() {
		out = append(out, "changed moves")
	}
	if in.has(unitBalance) {
		out = append(out, "busiest "+in.Voc.Exit+" load")
	}
	return append(out, "total time")
}

func (in *Instance) optimalText(obj []int64) string {
	names := in.levelNames()
	if len(obj) < len(names) {
		return fmt.Sprintf("The plan's objective values are %v in the stated order (the proven optimum).", obj)
	}
	text := "The plan reaches the proven optimum: " + domains.LevelValues(names, obj)
	if in.TieBreaks > 0 {
		text += fmt.Sprintf("; and it is the one plan the stated tie-break picks (its list of move counts: %v)", obj[len(names):])
	}
	return text + "."
}

// Check implements domains.Instance.
func (in *Instance) Check(ctx context.Context, b solver.Backend, raw json.RawMessage, ref domains.Reference) []domains.Result {
	return domains.CheckOf(in, ctx, b, raw, ref)
}

// Evaluate implements domains.Evaluator: Check, and the answer's
// objective vector (nil unless it keeps every rule).
func (in *Instance) Evaluate(ctx context.Context, b solver.Backend, raw json.RawMessage, ref domains.Reference) ([]domains.Result, []int64) {
	ans := in.parse(raw)
	return domains.Evaluate(ctx, b, domains.ChecklistFor(ctx, in, ref), ref, ans.Claim, "plan", in.conflictHolds, func(rs domains.Results) []int64 { return in.judge(rs, ans, ref) })
}

// judge fails on rs the items a readable plan breaks and returns its
// objective vector (nil unless it keeps every rule).
func (in *Instance) judge(rs domains.Results, ans *answer, ref domains.Reference) (obj []int64) {
	set := rs.Set
	fl, s := in.evaluate(ans.x)
	if rs.SetFails(fl) {
		set(itemOptimal, false, "the plan breaks a rule")
		for _, id := range []string{unitBalance, unitReplan} {
			if in.has(id) {
				set(id, false, "the plan breaks a rule")
			}
		}
	} else {
		obj = in.objectives(ans.x, s)
		rs.Optimum(itemOptimal, obj, ref.Objective, "the plan's values are")
		// Each objective unit's item checks its level, and the levels
		// before it (a level is the least possible only among plans that
		// reach the levels before it).
		k := 0
		if in.replanning() {
			if len(ref.Objective) == 0 || obj[0] != ref.Objective[0] {
				set(unitReplan, false, fmt.Sprintf("the plan changes %d moves, the fewest possible is %v", obj[0], ref.Objective[:min(1, len(ref.Objective))]))
			}
			k++
		}
		if in.has(unitBalance) && (len(ref.Objective) <= k || !slices.Equal(obj[:k+1], ref.Objective[:k+1])) {
			set(unitBalance, false, fmt.Sprintf("the busiest %s takes %d, the least possible is %v", in.Voc.Exit, obj[k], ref.Objective[min(k, len(ref.Objective)):min(k+1, len(ref.Objective))]))
		}
	}
	switch {
	case !in.has(unitSelfCheck):
	case ans.total == nil:
		set(itemStated, false, ans.totalWhy)
	case *ans.total != int64(s.total):
		set(itemStated, false, fmt.Sprintf("stated total time %d, the plan's is %d", *ans.total, s.total))
	}
	return obj
}

// allRules returns every named rule of the instance: the deadline, then
// the units' rules in pool order.
func (in *Instance) allRules() []rule {
	out := []rule{{Name: groupDeadline, Text: fmt.Sprintf("Every %s of every %s reaches %s by %s %d.", in.Voc.Person, in.Voc.Group, in.exitWords(), in.Voc.Step, in.H())}}
	return append(out, domains.RulesOf(in, in.units())...)
}

// conflictHolds checks a conflict claim: every name is a rule of the
// problem, and those rules with the always-on rules have no solution
// (proven by the SAT solver within domains.ConflictTimeout).
func (in *Instance) conflictHolds(ctx context.Context, b solver.Backend, names []string) (bool, string) {
	return domains.ConflictHolds(ctx, b, in, in.allRules(), names, domains.AlwaysOn)
}

// hasDest reports whether some group has its own destinations.
func (in *Instance) hasDest() bool {
	for _, g := range in.Groups {
		if len(g.Dest) > 0 {
			return true
		}
	}
	return false
}

// exitWords says where people must get to: "an exit" or "its own
// destination".
func (in *Instance) exitWords() string {
	if in.hasDest() {
		return "its own " + in.Voc.Exit
	}
	return prose.An(in.Voc.Exit)
}

// destWords names where group g may get to.
func (in *Instance) destWords(g int) string {
	if d := in.Groups[g].Dest; len(d) > 0 {
		return prose.JoinAnd(d)
	}
	return prose.An(in.Voc.Exit)
}
