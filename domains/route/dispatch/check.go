package dispatch

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/domains/route"
	"github.com/plancert/plancert/solver"
)

// Item IDs of task 22, besides those every route skin has (format,
// infeasible and conflict of domains; optimal and stated of route);
// coverage is named as in task 21.
const (
	itemCoverage = "coverage"
	itemStated   = route.ItemStated

	itemCapacity  = "capacity"
	itemWindows   = "pickup-windows"
	itemHours     = "driver-hours"
	itemLinked    = "pickup-before-delivery"
	itemCompat    = "equipment"
	itemBreakdown = "breakdown"
	itemBackup    = "backup"
)

// Checklist implements domains.Instance.
func (d *Dispatch) Checklist(ref domains.Reference) []domains.Item {
	v := d.Voc
	if !ref.Feasible {
		return route.InfeasibleChecklist(unitInfeasible, ref.Conflict)
	}
	items := []domains.Item{
		domains.FormatItem(fmt.Sprintf("The answer is one JSON object in the stated form: a list of routes, each naming a %s of the problem at most once and listing %s by their names, and an integer deadhead_minutes.", v.Vehicle, v.Jobs)),
		domains.CoverageItem(itemCoverage, "complete inputs", fmt.Sprintf("Every one of the %d %s is on exactly one route.", len(d.Jobs), v.Jobs)),
	}
	us := d.units()
	items = append(items, domains.ItemsOf(d, us)...)
	lv := route.Levels(ref.Objective)
	text, i := route.OptimalOpening(nil, true), 0
	for _, l := range domains.Facets[leveler](us) {
		text = l.Reached(d, text, lv.At(i))
		i++
	}
	text += fmt.Sprintf("total empty driving is %d minutes, the proven minimum", lv.At(i))
	if len(lv) > i+1 {
		text += fmt.Sprintf(", with %d %s", lv.At(i+1), v.Vehicles)
	}
	if len(lv) > i+2 {
		text += fmt.Sprintf(", the stated tie-break sum %d", lv.At(i+2))
	}
	if len(lv) > i+3 {
		text += fmt.Sprintf(" and the stated %s weight %d", d.TypeNames[min(1, len(d.TypeNames)-1)], lv.At(i+3))
	}
	return append(items, route.GoalItems(text, "The deadhead_minutes stated in the answer equals the plan's true total empty driving.")...)
}

// parsed is a parsed dispatch answer. A route's vehicle is an
// index into Vehicles, or -1 for the vehicle that broke down.
type parsed struct {
	domains.Claim
	vehicle []int
	routes  [][]int
	stated  *int64
	// statedWhy says why stated is nil (not stated, or unreadable).
	statedWhy string
}

func (d *Dispatch) parse(raw json.RawMessage) parsed {
	claim := domains.ReadClaim(raw, true)
	if claim.Done() {
		return parsed{Claim: claim}
	}
	obj := claim.Obj
	var rs []*vehicleRoute
	if err := json.Unmarshal(obj["routes"], &rs); err != nil || rs == nil {
		return parsed{Claim: domains.Claim{FormatErr: `"routes" must be a list of {"vehicle": name, "jobs": [names]}`}}
	}
	p := parsed{Claim: claim}
	p.stated, p.statedWhy = domains.ReadStated[int64](&p.Claim, statedPart, `"deadhead_minutes" must be an integer`)
	used := map[string]bool{}
	for i, r := range rs {
		if r == nil || r.Jobs == nil {
			return parsed{Claim: domains.Claim{FormatErr: fmt.Sprintf("route %d has no vehicle and jobs", i+1)}}
		}
		v := slices.IndexFunc(d.Vehicles, func(x vehicle) bool { return x.Name == r.Vehicle })
		if v < 0 && (d.Down == nil || d.Down.Name != r.Vehicle) {
			return parsed{Claim: domains.Claim{FormatErr: fmt.Sprintf("route %d: %q is not a vehicle of the problem", i+1, r.Vehicle)}}
		}
		if used[r.Vehicle] {
			return parsed{Claim: domains.Claim{FormatErr: fmt.Sprintf("%s has two routes", r.Vehicle)}}
		}
		used[r.Vehicle] = true
		var nums []int
		for _, j := range r.Jobs {
			c := slices.Index(d.Jobs, j)
			if c < 0 {
				return parsed{Claim: domains.Claim{FormatErr: fmt.Sprintf("route %d: %q is not a job of the problem", i+1, j)}}
			}
			nums = append(nums, c+1)
		}
		if len(nums) == 0 {
			continue // an unused vehicle
		}
		p.vehicle = append(p.vehicle, v)
		p.routes = append(p.routes, nums)
	}
	return p
}

// vtype is the type of a parsed route's vehicle.
func (d *Dispatch) vtype(v int) int {
	if v < 0 {
		return d.Down.Type
	}
	return d.Vehicles[v].Type
}

// Check implements domains.Instance.
func (d *Dispatch) Check(ctx context.Context, b solver.Backend, raw json.RawMessage, ref domains.Reference) []domains.Result {
	return domains.CheckOf(d, ctx, b, raw, ref)
}

// Evaluate implements domains.Evaluator: the items' results and, when
// the answer keeps every rule, its objective vector.
func (d *Dispatch) Evaluate(ctx context.Context, b solver.Backend, raw json.RawMessage, ref domains.Reference) ([]domains.Result, []int64) {
	p := d.parse(raw)
	return domains.Evaluate(ctx, b, domains.ChecklistFor(ctx, d, ref), ref, p.Claim, "plan", d.conflictHolds, func(res domains.Results) []int64 { return d.judge(res, p, ref) })
}

// judge fails on res the items that a readable plan breaks and returns
// its objective vector (nil unless it keeps every rule).
func (d *Dispatch) judge(res domains.Results, p parsed, ref domains.Reference) []int64 {
	if p.stated == nil {
		res.Set(itemStated, false, p.statedWhy)
	} else if t := d.deadhead(p.routes); t != *p.stated {
		res.Set(itemStated, false, fmt.Sprintf("stated %d, the plan drives %d minutes empty", *p.stated, t))
	}
	f := fails{}
	if why := route.Coverage(p.routes, d.Jobs, "done"); why != "" {
		f.Add(itemCoverage, why)
	}
	for _, u := range d.units() {
		u.Check(d, p, f)
	}
	return route.Judge(res, f, ref.Objective, func() []int64 { return d.objective(p) })
}

// objective is the objective vector of a parsed plan at the levels in
// force: the units' levels (kept legs, longest route), deadhead,
// vehicles, Σ x·y², type-B weight.
func (d *Dispatch) objective(p parsed) []int64 {
	var out []int64
	for _, l := range domains.Facets[leveler](d.units()) {
		out = append(out, l.Value(d, p))
	}
	out = append(out, d.deadhead(p.routes))
	out = append(out, route.TieBreakValues(p.routes, d.Levels)...)
	if d.Levels >= 3 {
		var w int64
		for i, rt := range p.routes {
			if d.vtype(p.vehicle[i]) == 1 {
				for _, c := range rt {
					w += 1 << (c - 1)
				}
			}
		}
		out = append(out, w)
	}
	return out
}

func (d *Dispatch) vname(v int) string {
	if v < 0 {
		return d.Down.Name
	}
	return d.Vehicles[v].Name
}

// driven is the driving time, loaded and empty, of one route.
func (d *Dispatch) driven(rt []int) int64 {
	return route.LegSum([][]int{rt}, d.drive)
}

// rules lists the prompt's quoted rule names in force that a conflict may
// name: the sampled units' rules, in unitPool order, except those that
// hold by the model's construction (builtIn).
func (d *Dispatch) rules() []rule {
	var out []rule
	for _, u := range d.units() {
		if _, ok := u.(builtIn); ok {
			continue
		}
		out = append(out, u.Rules(d)...)
	}
	return out
}

// conflictHolds checks a conflict claim: every name is a rule of the
// prompt, and those rules with the always-on rules have no plan (proven by
// the SAT solver within 10 s).
func (d *Dispatch) conflictHolds(ctx context.Context, b solver.Backend, names []string) (bool, string) {
	return domains.ConflictHolds(ctx, b, d, d.rules(), names, domains.AlwaysOn)
}

// Objective implements domains.Objectiver: the objective vector of an
// answer that is complete and keeps every rule.
func (d *Dispatch) Objective(raw json.RawMessage) ([]int64, bool) {
	return domains.ObjectiveOf(d, raw)
}

// Better implements domains.Objectiver: lexicographic, every level
// minimized except the units' levels that are maximized (the kept legs of
// the current plan, which come first).
func (d *Dispatch) Better(x, y []int64) bool {
	ls := domains.Facets[leveler](d.units())
	return domains.LexBetter(x, y, func(level int) bool { return level < len(ls) && ls[level].Maximized() })
}

var (
	_ domains.Evaluator  = (*Dispatch)(nil)
	_ domains.Objectiver = (*Dispatch)(nil)
)

// statedPart is the stated empty driving time (docs/grading.md).
var statedPart = route.StatedPart("deadhead_minutes")

// AnswerParts implements domains.Parter: the routes and the stated empty
// driving time.
func (d *Dispatch) AnswerParts() []domains.Part { return route.Parts("routes", statedPart) }

var _ domains.Parter = (*Dispatch)(nil)
