package production

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/domains/prose"
	"github.com/plancert/plancert/solver"
)

// answer is a parsed answer: start times per job and step (-1 where a step
// is missing), the stated objective, or an infeasibility claim.
type answer struct {
	domains.Claim
	st          [][]int
	missing     string
	stated      *int64
	statedError string
}

type entry struct {
	Job     *string `json:"job"`
	Step    *int    `json:"step"`
	Machine *string `json:"machine"`
	Start   *int    `json:"start"`
}

// parse reads an answer. It never panics; what does not fit the answer
// form sets formatErr.
func (s *Shop) parse(raw json.RawMessage) *answer {
	ans := &answer{}
	ans.Claim = domains.ReadClaim(raw, false)
	if ans.Done() {
		return ans
	}
	obj := ans.Obj
	var es []entry
	if err := json.Unmarshal(obj["schedule"], &es); err != nil || es == nil {
		ans.FormatErr = `"schedule" must be a list of {"job", "step", "machine", "start"} entries`
		return ans
	}
	ans.st = make([][]int, len(s.Jobs))
	for j, job := range s.Jobs {
		ans.st[j] = slices.Repeat([]int{-1}, len(job.Route))
	}
	for i, e := range es {
		if e.Job == nil || e.Step == nil || e.Machine == nil || e.Start == nil {
			ans.FormatErr = fmt.Sprintf("schedule entry %d lacks one of \"job\", \"step\", \"machine\", \"start\"", i+1)
			return ans
		}
		j := slices.IndexFunc(s.Jobs, func(x Job) bool { return x.Name == *e.Job })
		if j < 0 {
			ans.FormatErr = fmt.Sprintf("schedule entry %d: %q is not a %s of the problem", i+1, *e.Job, s.Voc.Job)
			return ans
		}
		k := *e.Step - 1
		if k < 0 || k >= len(s.Jobs[j].Route) {
			ans.FormatErr = fmt.Sprintf("schedule entry %d: %s has no step %d", i+1, *e.Job, *e.Step)
			return ans
		}
		if want := s.Machines[s.Jobs[j].Route[k].Machine]; *e.Machine != want {
			ans.FormatErr = fmt.Sprintf("schedule entry %d: %s step %d runs on %s, not %q", i+1, *e.Job, *e.Step, want, *e.Machine)
			return ans
		}
		if ans.st[j][k] >= 0 {
			ans.FormatErr = fmt.Sprintf("schedule entry %d: %s step %d is scheduled twice", i+1, *e.Job, *e.Step)
			return ans
		}
		if *e.Start < 0 {
			ans.FormatErr = fmt.Sprintf("schedule entry %d: start %d is negative", i+1, *e.Start)
			return ans
		}
		ans.st[j][k] = *e.Start
	}
	for j, job := range s.Jobs {
		for k := range job.Route {
			if ans.st[j][k] < 0 && ans.missing == "" {
				ans.missing = fmt.Sprintf("%s is not scheduled", s.opName(opRef{j, k}))
			}
		}
	}
	ans.stated, ans.statedError = domains.ReadStated[int64](&ans.Claim, statedPart, `"objective" is not a whole number`)
	return ans
}

// Checklist implements domains.Instance.
func (s *Shop) Checklist(ref domains.Reference) []domains.Item {
	if !ref.Feasible {
		return domains.InfeasibleChecklist(unitInfeasible, fmt.Sprintf("The answer says that no schedule keeps every rule (none does: the rules %s cannot all hold).", prose.QuoteAnd(ref.Conflict)), "rules 1–3")
	}
	v := s.Voc
	items := []domains.Item{domains.FormatItem(fmt.Sprintf("The answer is one JSON object in the stated form: \"schedule\" lists steps of the %s by name and step number, each on the %s its route names, once, with a start time of 0 or more.", v.Jobs, v.Machine))}
	items = append(items,
		domains.CoverageItem(itemCoverage, "coverage", fmt.Sprintf("Every step of every %s is scheduled and ends by the closing time %d.", v.Job, s.Horizon)),
		domains.FeasibilityItem(itemRoutes, "precedence", domains.Basic, fmt.Sprintf("Each %s's steps run in route order, each starting after the previous one ends.", v.Job)),
		domains.FeasibilityItem(itemMachines, "machine capacity", domains.Basic, fmt.Sprintf("No %s runs two steps at overlapping times.", v.Machine)))
	items = append(items, domains.ItemsOf(s, s.units())...)
	items = append(items,
		domains.OptimalItem(s.optimalText(ref.Objective)),
		domains.Item{ID: itemStated, Tier: domains.Basic, Constraint: "stated values", Kind: domains.KindStated,
			Text: fmt.Sprintf("The \"objective\" stated in the answer equals the schedule's true %s.", s.levels()[s.mainLevel()].Name)})
	return items
}

func (s *Shop) optimalText(obj []int64) string {
	ls := s.levels()
	var parts []string
	for i, l := range ls {
		if i < len(obj) {
			parts = append(parts, fmt.Sprintf("%s %d", l.Name, obj[i]))
		}
	}
	return fmt.Sprintf("The schedule keeps every rule and reaches the proven optimum, goal by goal: %s (the optimal schedule is unique, so this is the reference schedule).", prose.JoinAnd(parts))
}

// Check implements domains.Instance.
func (s *Shop) Check(ctx context.Context, b solver.Backend, raw json.RawMessage, ref domains.Reference) []domains.Result {
	return domains.CheckOf(s, ctx, b, raw, ref)
}

// Evaluate implements domains.Evaluator: Check, and in the same pass the
// answer's objective vector (nil unless it keeps every rule).
func (s *Shop) Evaluate(ctx context.Context, b solver.Backend, raw json.RawMessage, ref domains.Reference) ([]domains.Result, []int64) {
	ans := s.parse(raw)
	return domains.Evaluate(ctx, b, domains.ChecklistFor(ctx, s, ref), ref, ans.Claim, "schedule", s.conflictHolds, func(res domains.Results) []int64 { return s.judge(res, ans, ref) })
}

// judge fails on res the items that a readable schedule breaks and
// returns its objective vector (nil unless it keeps every rule).
func (s *Shop) judge(res domains.Results, ans *answer, ref domains.Reference) []int64 {
	set := res.Set
	if ans.missing != "" {
		res.FailAll(ans.missing)
		res.Set(itemFormat, true, "") // the answer reads: it is the plan that is incomplete
		return nil
	}
	viol := s.violations(ans.st)
	for id, why := range viol {
		set(id, false, why)
	}
	obj := s.objective(ans.st)
	if ans.stated == nil {
		set(itemStated, false, ans.statedError)
	} else if main := obj[s.mainLevel()]; *ans.stated != main {
		set(itemStated, false, fmt.Sprintf("stated %d, the schedule's %s is %d", *ans.stated, s.levels()[s.mainLevel()].Name, main))
	}
	if len(viol) > 0 {
		set(itemOptimal, false, "the schedule breaks a rule")
		return nil
	}
	res.Optimum(itemOptimal, obj, ref.Objective, "goal values")
	return obj
}

// conflictHolds checks a conflict claim: every name is a rule of the
// problem, and the named rules cannot all hold with the always-on rules.
func (s *Shop) conflictHolds(ctx context.Context, b solver.Backend, names []string) (bool, string) {
	return domains.ConflictHolds(ctx, b, s, s.rules(), names, domains.AlwaysOn)
}

// Objective implements domains.Objectiver.
func (s *Shop) Objective(raw json.RawMessage) ([]int64, bool) {
	return domains.ObjectiveOf(s, raw)
}

// Better implements domains.Objectiver: every level is minimised.
func (s *Shop) Better(x, y []int64) bool {
	return domains.Lower(x, y)
}
