package delivery

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/domains/prose"
	"github.com/plancert/plancert/solver"
)

// Item IDs of task 21.
const (
	itemFormat     = "format"
	itemCoverage   = "coverage"
	itemCapacity   = "capacity"
	itemWindows    = "delivery-windows"
	itemDriving    = "driving-limit"
	itemClosure    = "road-closure"
	itemBefore     = "visit-order"
	itemBalance    = "balanced-routes"
	itemOptimal    = "optimal"
	itemStated     = "stated"
	itemInfeasible = "infeasible"
	itemConflict   = "conflict"
)

// Checklist implements domains.Instance.
func (d *Delivery) Checklist(ref domains.Reference) []domains.Item {
	v := d.Voc
	if !ref.Feasible {
		return []domains.Item{
			{ID: itemFormat, Tier: domains.Basic, Constraint: "structured output", Kind: domains.KindFormat,
				Text: `The answer is one JSON object of the form {"feasible": false, "conflict": [...]} naming rules as written in the problem.`},
			{ID: itemInfeasible, Tier: domains.Hard, Constraint: unitInfeasible, Kind: domains.KindFeasibility,
				Text: fmt.Sprintf("The answer says that no plan keeps every rule (none does; a minimal conflicting set of rules is %s).", prose.Quoted(ref.Conflict))},
			{ID: itemConflict, Tier: domains.Hard, Constraint: unitInfeasible, Kind: domains.KindFeasibility,
				Text: "The rules named in \"conflict\" exist and cannot all hold together with rule 1 (checked by the solver)."},
		}
	}
	items := []domains.Item{
		{ID: itemFormat, Tier: domains.Basic, Constraint: "structured output", Kind: domains.KindFormat,
			Text: "The answer is one JSON object in the stated form: a list of routes, each a non-empty list of stop names as written in the problem, and an integer total_minutes."},
		{ID: itemCoverage, Tier: domains.Basic, Constraint: "complete inputs", Kind: domains.KindCoverage,
			Text: fmt.Sprintf("Every one of the %d stops is on exactly one route, and at most %d %s are used.", len(d.Stops), d.Vehicles, v.Vehicles)},
	}
	us := d.units()
	for _, u := range us {
		items = append(items, u.Items(d)...)
	}
	// A malformed reference (too few levels) must not panic the checklist.
	lv := ref.Objective
	get := func(i int) int64 {
		if i < len(lv) {
			return lv[i]
		}
		return -1
	}
	text := "The plan's "
	var reached []string
	for i, l := range domains.Facets[leveler](us) {
		reached = append(reached, l.Reached(d, get(i)))
	}
	off := len(reached)
	if off > 0 {
		text = "The plan " + strings.Join(reached, ", then ") + " and then its "
	}
	text += fmt.Sprintf("total driving time is %d minutes, the proven minimum", get(off))
	if len(lv) > off+1 {
		text += fmt.Sprintf(", with %d %s", get(off+1), v.Vehicles)
	}
	if len(lv) > off+2 {
		text += fmt.Sprintf(" and the stated tie-break sum %d", get(off+2))
	}
	items = append(items,
		domains.Item{ID: itemOptimal, Tier: domains.Basic, Constraint: "explicit primary objective", Kind: domains.KindObjective, Text: text + "."},
		domains.Item{ID: itemStated, Tier: domains.Basic, Constraint: "stated values", Kind: domains.KindStated,
			Text: "The total_minutes stated in the answer equals the plan's true total driving time."})
	return items
}

// parsed is a parsed answer.
type parsed struct {
	infeasible bool
	conflict   []string
	routes     [][]int // stop numbers 1..N
	stated     int64
	formatErr  string
}

func (d *Delivery) parse(raw json.RawMessage) parsed {
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(raw, &obj); err != nil {
		return parsed{formatErr: "the answer is not one JSON object"}
	}
	if f, ok := obj["feasible"]; ok {
		var feasible bool
		if err := json.Unmarshal(f, &feasible); err != nil || feasible {
			return parsed{formatErr: `"feasible" may only be false`}
		}
		p := parsed{infeasible: true}
		if err := json.Unmarshal(obj["conflict"], &p.conflict); err != nil || len(p.conflict) == 0 {
			p.formatErr = `"conflict" must list the names of the conflicting rules`
		}
		return p
	}
	var p parsed
	var names [][]string
	dec := json.NewDecoder(bytes.NewReader(obj["routes"]))
	if err := dec.Decode(&names); err != nil || names == nil {
		return parsed{formatErr: `"routes" must be a list of lists of stop names`}
	}
	if err := json.Unmarshal(obj["total_minutes"], &p.stated); err != nil {
		return parsed{formatErr: `"total_minutes" must be an integer`}
	}
	for i, rt := range names {
		if len(rt) == 0 {
			return parsed{formatErr: fmt.Sprintf("route %d is empty", i+1)}
		}
		var nums []int
		for _, s := range rt {
			c := slices.Index(d.Stops, s)
			if c < 0 {
				return parsed{formatErr: fmt.Sprintf("route %d: %q is not a stop of the problem", i+1, s)}
			}
			nums = append(nums, c+1)
		}
		p.routes = append(p.routes, nums)
	}
	return p
}

// Check implements domains.Instance.
func (d *Delivery) Check(ctx context.Context, b solver.Backend, raw json.RawMessage, ref domains.Reference) []domains.Result {
	items := d.Checklist(ref)
	res := domains.Pending(items)
	set := res.Set
	p := d.parse(raw)
	if res.JudgeClaim(ref, p.formatErr, p.infeasible, "plan", func() (bool, string) { return d.conflictHolds(ctx, b, p.conflict) }) {
		return res
	}
	f := fails{}
	if why := d.coverage(p.routes); why != "" {
		f.Add(itemCoverage, why)
	}
	for _, u := range d.units() {
		u.Check(d, p.routes, f)
	}
	for id, why := range f {
		set(id, false, why[0])
	}
	feasible := len(f) == 0
	obj := d.objective(p.routes)
	if t := d.total(p.routes); t != p.stated {
		set(itemStated, false, fmt.Sprintf("stated %d, the plan drives %d minutes", p.stated, t))
	}
	switch {
	case !feasible:
		set(itemOptimal, false, "the plan breaks a rule")
	case !slices.Equal(obj, ref.Objective):
		set(itemOptimal, false, fmt.Sprintf("the plan's objective values are %v, the optimum is %v", obj, ref.Objective))
	}
	return res
}

func (d *Delivery) coverage(routes [][]int) string {
	if len(routes) > d.Vehicles {
		return fmt.Sprintf("%d routes for %d %s", len(routes), d.Vehicles, d.Voc.Vehicles)
	}
	seen := make([]int, len(d.Stops)+1)
	for _, rt := range routes {
		for _, c := range rt {
			seen[c]++
		}
	}
	for c := 1; c < len(seen); c++ {
		switch {
		case seen[c] == 0:
			return fmt.Sprintf("%s is on no route", d.Stops[c-1])
		case seen[c] > 1:
			return fmt.Sprintf("%s is visited %d times", d.Stops[c-1], seen[c])
		}
	}
	return ""
}

// rules lists the prompt's named rules in force: the sampled units'
// rules, in pool order.
func (d *Delivery) rules() []rule {
	var out []rule
	for _, u := range d.units() {
		out = append(out, u.Rules(d)...)
	}
	return out
}

// conflictHolds checks a conflict claim: every name is a rule of the
// prompt, and those rules with the always-on rules have no plan (proven by
// domains.ConflictClaim).
func (d *Delivery) conflictHolds(ctx context.Context, b solver.Backend, names []string) (bool, string) {
	known := map[string]bool{}
	for _, r := range d.rules() {
		known[r.Name] = true
	}
	c := *d
	m, err := c.Model()
	if err != nil {
		return false, err.Error()
	}
	return domains.ConflictClaim(ctx, b, m, known, names, domains.AlwaysOn)
}
