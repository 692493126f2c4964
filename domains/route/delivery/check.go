package delivery

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/domains/route"
	"github.com/plancert/plancert/solver"
)

// Item IDs of task 21, besides those every route skin has (format,
// infeasible and conflict of domains; optimal and stated of route).
const (
	itemCoverage = "coverage"
	itemCapacity = "capacity"
	itemWindows  = "delivery-windows"
	itemDriving  = "driving-limit"
	itemClosure  = "road-closure"
	itemBefore   = "visit-order"
	itemBalance  = "balanced-routes"
	itemStated   = route.ItemStated
)

// Checklist implements domains.Instance.
func (d *Delivery) Checklist(ref domains.Reference) []domains.Item {
	v := d.Voc
	if !ref.Feasible {
		return route.InfeasibleChecklist(unitInfeasible, ref.Conflict)
	}
	items := []domains.Item{
		domains.FormatItem("The answer is one JSON object in the stated form: a list of routes, each a non-empty list of stop names as written in the problem, and an integer total_minutes."),
		domains.CoverageItem(itemCoverage, "complete inputs", fmt.Sprintf("Every one of the %d stops is on exactly one route, and at most %d %s are used.", len(d.Stops), d.Vehicles, v.Vehicles)),
	}
	us := d.units()
	items = append(items, domains.ItemsOf(d, us)...)
	lv := route.Levels(ref.Objective)
	reached := route.Reached(d, domains.Facets[leveler](us), lv)
	off := len(reached)
	text := route.OptimalOpening(reached, true) + fmt.Sprintf("total driving time is %d minutes, the proven minimum", lv.At(off))
	if len(lv) > off+1 {
		text += fmt.Sprintf(", with %d %s", lv.At(off+1), v.Vehicles)
	}
	if len(lv) > off+2 {
		text += fmt.Sprintf(" and the stated tie-break sum %d", lv.At(off+2))
	}
	return append(items, route.GoalItems(text, "The total_minutes stated in the answer equals the plan's true total driving time.")...)
}

// parsed is a parsed answer.
type parsed struct {
	domains.Claim
	routes [][]int // stop numbers 1..N
	stated *int64
	// statedWhy says why stated is nil (not stated, or unreadable).
	statedWhy string
}

func (d *Delivery) parse(raw json.RawMessage) parsed {
	claim := domains.ReadClaim(raw, true)
	if claim.Done() {
		return parsed{Claim: claim}
	}
	obj := claim.Obj
	p := parsed{Claim: claim}
	var names [][]string
	dec := json.NewDecoder(bytes.NewReader(obj["routes"]))
	if err := dec.Decode(&names); err != nil || names == nil {
		return parsed{Claim: domains.Claim{FormatErr: `"routes" must be a list of lists of stop names`}}
	}
	p.stated, p.statedWhy = domains.ReadStated[int64](&p.Claim, statedPart, `"total_minutes" must be an integer`)
	for i, rt := range names {
		if len(rt) == 0 {
			return parsed{Claim: domains.Claim{FormatErr: fmt.Sprintf("route %d is empty", i+1)}}
		}
		var nums []int
		for _, s := range rt {
			c := slices.Index(d.Stops, s)
			if c < 0 {
				return parsed{Claim: domains.Claim{FormatErr: fmt.Sprintf("route %d: %q is not a stop of the problem", i+1, s)}}
			}
			nums = append(nums, c+1)
		}
		p.routes = append(p.routes, nums)
	}
	return p
}

// Check implements domains.Instance.
func (d *Delivery) Check(ctx context.Context, b solver.Backend, raw json.RawMessage, ref domains.Reference) []domains.Result {
	p := d.parse(raw)
	res, _ := domains.Evaluate(ctx, b, domains.ChecklistFor(ctx, d, ref), ref, p.Claim, "plan", d.conflictHolds, func(res domains.Results) []int64 { return d.judge(res, p, ref) })
	return res
}

// judge fails on res the items that a readable plan breaks and returns
// its objective vector (nil unless it keeps every rule).
func (d *Delivery) judge(res domains.Results, p parsed, ref domains.Reference) []int64 {
	if p.stated == nil {
		res.Set(itemStated, false, p.statedWhy)
	} else if t := d.total(p.routes); t != *p.stated {
		res.Set(itemStated, false, fmt.Sprintf("stated %d, the plan drives %d minutes", *p.stated, t))
	}
	f := fails{}
	if why := d.coverage(p.routes); why != "" {
		f.Add(itemCoverage, why)
	}
	for _, u := range d.units() {
		u.Check(d, p.routes, f)
	}
	return route.Judge(res, f, ref.Objective, func() []int64 { return d.objective(p.routes) })
}

func (d *Delivery) coverage(routes [][]int) string {
	if len(routes) > d.Vehicles {
		return fmt.Sprintf("%d routes for %d %s", len(routes), d.Vehicles, d.Voc.Vehicles)
	}
	return route.Coverage(routes, d.Stops, "visited")
}

// rules lists the prompt's named rules in force: the sampled units'
// rules, in pool order.
func (d *Delivery) rules() []rule { return domains.RulesOf(d, d.units()) }

// conflictHolds checks a conflict claim: every name is a rule of the
// prompt, and those rules with the always-on rules have no plan (proven by
// domains.ConflictClaim).
func (d *Delivery) conflictHolds(ctx context.Context, b solver.Backend, names []string) (bool, string) {
	return domains.ConflictHolds(ctx, b, d, d.rules(), names, domains.AlwaysOn)
}

// statedPart is the stated total driving time (docs/grading.md).
var statedPart = route.StatedPart("total_minutes")

// AnswerParts implements domains.Parter: the routes and the stated total.
func (d *Delivery) AnswerParts() []domains.Part { return route.Parts("routes", statedPart) }

var _ domains.Parter = (*Delivery)(nil)
