package project

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"strings"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/solver"
)

// Item IDs of the core (unit items use the unit's ID).
const (
	itemFormat     = "format"
	itemCoverage   = "coverage"
	itemOptimal    = "optimal"
	itemInfeasible = "infeasible"
	itemConflict   = "conflict"
)

// answer is a parsed answer.
type answer struct {
	domains.Claim
	start    []int
	stated   map[string]*int64
	coverErr string
	partErr  map[string]string // by part key: the schedule part's coverage problems
}

// encode writes a plan in the answer's form, with the stated values when
// the stated-values unit is sampled.
func (in *Instance) encode(plan []int) json.RawMessage {
	var b strings.Builder
	list := func(key string, start []int) {
		fmt.Fprintf(&b, "%q: [", key)
		for i, a := range in.Activities {
			if i > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, `{"activity": %q, "start": %d}`, a.Name, start[i])
		}
		b.WriteString("]")
	}
	b.WriteString("{")
	list("schedule", plan[:in.n()])
	for j, p := range in.parts() {
		key, _ := p.AnswerKey(in)
		b.WriteString(", ")
		list(key, in.partStarts(plan, j))
	}
	vals := in.statedValues(plan)
	for k, key := range in.statedKeys() {
		fmt.Fprintf(&b, ", %q: %d", key, vals[k])
	}
	b.WriteString("}")
	return json.RawMessage(b.String())
}

// parse reads an answer; it never fails: problems are in formatErr (the
// answer cannot be read) or coverErr (an activity is missing, repeated,
// unknown or out of the horizon).
func (in *Instance) parse(raw json.RawMessage) *answer {
	ans := &answer{stated: map[string]*int64{}}
	ans.Claim = domains.ReadClaim(raw, false)
	if ans.Done() {
		return ans
	}
	obj := ans.Obj
	ans.start = make([]int, in.planLen())
	var cover []string
	if ans.FormatErr, cover = in.parseList(obj, "schedule", ans.start[:in.n()]); ans.FormatErr != "" {
		return ans
	}
	partErr := func(key, why string) {
		if ans.partErr == nil {
			ans.partErr = map[string]string{}
		}
		ans.partErr[key] = why
	}
	for j, p := range in.parts() {
		// A schedule part the answer leaves out fails its items; one
		// that does not read, the format item too (docs/grading.md).
		key, _ := p.AnswerKey(in)
		if _, ok := obj[key]; !ok {
			partErr(key, domains.Missing(key))
			continue
		}
		why, pc := in.parseList(obj, key, in.partStarts(ans.start, j))
		if why != "" {
			ans.Unreadable(schedulePartOf(key), why)
			partErr(key, why)
		} else if pc != nil {
			partErr(key, strings.Join(pc, "; "))
		}
	}
	for _, key := range in.statedKeys() {
		// A stated value left out fails the stated item (stated.Check);
		// one that is not a whole number, the format item too.
		why := fmt.Sprintf("the stated value %q is not a whole number", key)
		switch x, _ := domains.ReadStated[float64](&ans.Claim, statedPart(key), why); {
		case x == nil:
		case *x != math.Trunc(*x) || math.Abs(*x) > 1<<53:
			ans.Unreadable(statedPart(key), why)
		default:
			v := int64(*x)
			ans.stated[key] = &v
		}
	}
	ans.coverErr = strings.Join(cover, "; ")
	return ans
}

// parseList reads the list key of obj into start: a format error, or the
// coverage problems (unknown, repeated or missing activities, starts
// outside the horizon).
func (in *Instance) parseList(obj map[string]json.RawMessage, key string, start []int) (string, []string) {
	var entries []map[string]json.RawMessage
	if err := json.Unmarshal(obj[key], &entries); err != nil || entries == nil {
		return fmt.Sprintf(`%q is not a list of {"activity", "start"} objects`, key), nil
	}
	seen := make([]bool, in.n())
	var cover []string
	for k, e := range entries {
		var name string
		var s float64
		if json.Unmarshal(e["activity"], &name) != nil || json.Unmarshal(e["start"], &s) != nil {
			return fmt.Sprintf(`%s entry %d lacks a string "activity" or a number "start"`, key, k+1), nil
		}
		if s != math.Trunc(s) || math.Abs(s) > 1e6 {
			return fmt.Sprintf("%s entry %d: start %v is not a whole number", key, k+1, s), nil
		}
		i := in.index(name)
		switch {
		case i < 0:
			cover = append(cover, fmt.Sprintf("%q is not an activity of the problem", name))
			continue
		case seen[i]:
			cover = append(cover, fmt.Sprintf("%s is listed twice", name))
			continue
		}
		seen[i] = true
		start[i] = int(s)
		if d := in.Activities[i].Duration; start[i] < 0 || start[i]+d > in.Horizon {
			cover = append(cover, fmt.Sprintf("%s starts at %d and ends at %d, outside 0…%d", name, start[i], start[i]+d, in.Horizon))
		}
	}
	for i, ok := range seen {
		if !ok {
			cover = append(cover, in.Activities[i].Name+" has no start")
		}
	}
	return "", cover
}

// Checklist implements domains.Instance.
func (in *Instance) Checklist(ref domains.Reference) []domains.Item {
	if !ref.Feasible {
		return domains.NoPlanChecklist(unitInfeasible, ref.Conflict, "rule 1")
	}
	v := in.Voc
	lists := `a list "schedule"`
	for _, p := range in.parts() {
		key, _ := p.AnswerKey(in)
		lists += fmt.Sprintf(" and a list %q", key)
	}
	items := []domains.Item{domains.FormatItem(`The answer is one JSON object in the stated form: ` + lists + ` of {"activity", "start"} entries with whole start numbers` +
		map[bool]string{true: ", and the stated values " + in.statedWords() + " as whole numbers.", false: "."}[len(in.statedKeys()) > 0])}
	items = append(items, domains.CoverageItem(itemCoverage, "complete inputs", fmt.Sprintf("Every %s of the problem is listed exactly once, with no other names, and starts at %s 0 or later and ends by the horizon %d.", v.Activity, v.Period, in.Horizon)))
	items = append(items, domains.ItemsOf(in, in.units())...)
	return append(items, domains.OptimalItem(in.optimalText(ref.Objective)))
}

// optimalText is the text of the optimal item: the proven optimum, level
// by level, and the tie-break's pick.
func (in *Instance) optimalText(obj []int64) string {
	names := in.levelNames()
	if len(obj) < len(names)+len(in.partLevelNames()) {
		return fmt.Sprintf("The plan's objective values are %v in the stated order of priority (the proven optimum).", obj)
	}
	text := "The plan reaches the proven optimum, in the stated order: " + domains.LevelValues(names, obj)
	k := len(names)
	if in.TieBreaks > 0 {
		text += fmt.Sprintf("; and it is the one plan the stated tie-break picks (starts in table order %v)", obj[k:k+in.n()])
		k += in.n()
	}
	for _, p := range in.parts() {
		key, _ := p.AnswerKey(in)
		var bp []string
		for _, n := range p.partLevels(in) {
			bp = append(bp, fmt.Sprintf("%s %d", n, obj[k]))
			k++
		}
		text += fmt.Sprintf("; then the %s: ", key) + strings.Join(bp, ", ")
		if in.TieBreaks > 0 {
			text += fmt.Sprintf(", and the %s the tie-break picks (starts in table order %v)", key, obj[k:k+in.n()])
			k += in.n()
		}
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
	items := domains.ChecklistFor(ctx, in, ref)
	ans := in.parse(raw)
	return domains.Evaluate(ctx, b, items, ref, ans.Claim, "plan", in.conflictHolds, func(rs domains.Results) []int64 { return in.judge(rs, items, ans, ref) })
}

// judge fails on rs the items that a readable plan breaks and returns its
// objective vector (nil unless it keeps every rule).
func (in *Instance) judge(rs domains.Results, items []domains.Item, ans *answer, ref domains.Reference) []int64 {
	if ans.coverErr != "" {
		// Without one start per activity within the horizon, no rule can
		// be judged.
		rs.FailAll(ans.coverErr)
		rs.Set(itemFormat, true, "") // the answer reads: it is the plan that is incomplete
		return nil
	}
	fl := in.check(checked{plan: ans.start, partErr: ans.partErr, stated: ans.stated})
	rs.SetFails(fl)
	// A wrong stated value fails its item; it breaks no rule of the plan.
	if fl.BreaksPlan(items) {
		rs.Set(itemOptimal, false, "the plan breaks a rule")
		return nil
	}
	obj := in.objectives(ans.start)
	rs.Optimum(itemOptimal, obj, ref.Objective, "the plan's values are")
	return obj
}

// conflictHolds checks a conflict claim: every name is a rule of the
// problem, and those rules with the always-on rules have no solution
// (proven by the SAT solver).
func (in *Instance) conflictHolds(ctx context.Context, b solver.Backend, names []string) (bool, string) {
	return domains.ConflictHolds(ctx, b, in, domains.RulesOf(in, in.units()), names, domains.AlwaysOn)
}
