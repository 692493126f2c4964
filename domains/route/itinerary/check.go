package itinerary

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/domains/route"
	"github.com/plancert/plancert/solver"
)

// Item IDs of task 20, besides those every route skin has (format,
// infeasible and conflict of domains; optimal and stated of route);
// coverage and visit-order are named as in task 21.
const (
	itemCoverage = "coverage"
	itemBefore   = "visit-order"
	itemStated   = route.ItemStated

	itemDayTimes = "day-times"
	itemMust     = "must-visit"
	itemHours    = "opening-hours"
	itemBudget   = "budget"
	itemTravel   = "daily-travel-limit"
	itemBalance  = "balanced-days"
	itemClosure  = "closure"
	itemBackup   = "backup"
	itemFlights  = "direct-flights"
)

// when writes a time of the instance: a clock time, or a trip's day.
func (it *Itinerary) when(t int64) string {
	if it.Voc.Trip {
		return fmt.Sprintf("day %d", t)
	}
	return route.Clock(t)
}

// Checklist implements domains.Instance.
func (it *Itinerary) Checklist(ref domains.Reference) []domains.Item {
	v := it.Voc
	if !ref.Feasible {
		return route.InfeasibleChecklist(unitInfeasible, ref.Conflict)
	}
	format := fmt.Sprintf("The answer is one JSON object in the stated form: a list of day plans, each a list of %s names as written in the problem, and integers total_score and travel_minutes.", v.Sight)
	dayTimes := "Leaving each start place at the time given and going on at once after each visit, every day reaches its end place by the time given."
	if v.Trip {
		format = "The answer is one JSON object in the stated form: a list of city names as written in the problem and a list of as many integer first days."
		dayTimes = fmt.Sprintf("Staying the given days in each city in this order, the first on day 1 and each flight day counted for both cities, the trip ends by day %d.", it.Days[0].Return)
	}
	items := []domains.Item{
		domains.FormatItem(format),
		domains.CoverageItem(itemCoverage, "complete inputs", fmt.Sprintf("The plan has %s and visits no %s twice.", map[bool]string{true: "one day list", false: fmt.Sprintf("exactly %d day lists (one per day)", len(it.Days))}[len(it.Days) == 1], v.Sight)),
	}
	if v.Trip {
		items[1].Text = "The plan lists no city twice."
	}
	items = append(items, domains.FeasibilityItem(itemDayTimes, ruleCore, domains.Basic, dayTimes))
	if v.Trip {
		items = append(items, domains.FeasibilityItem(itemFlights, ruleCore, domains.Basic, "Every two cities visited one after the other have a direct flight."))
	}
	us := it.units()
	items = append(items, domains.ItemsOf(it, us)...)
	lv := route.Levels(ref.Objective)
	reached := route.Reached(it, domains.Facets[leveler](us), lv)
	off := len(reached)
	text := route.OptimalOpening(reached, true) + fmt.Sprintf("total score is %d, the proven maximum", lv.At(off))
	for i, k := range it.tieKinds(false) {
		switch k {
		case tieTravel:
			text += fmt.Sprintf(", with %d minutes of travel", lv.At(off+1+i))
		case tieWeight:
			text += fmt.Sprintf(", and the stated tie-break sum %d", lv.At(off+1+i))
		}
	}
	stated := "The total_score and travel_minutes stated in the answer equal the plan's true total score and total travel time."
	if v.Trip {
		text = "The plan visits every city (a proven optimum: any order that keeps every rule)"
		if len(it.tieKinds(false)) > 0 {
			text = fmt.Sprintf("The order has the stated tie-break sum %d, the proven minimum", lv.At(off+1))
		}
		stated = "The first day stated for each city equals the day the plan arrives there."
	}
	return append(items, route.GoalItems(text, stated)...)
}

// parsed is a parsed answer.
type parsed struct {
	domains.Claim
	plan      [][]int // stop numbers per day
	score     *int64
	travel    *int64
	firstDays *[]int64 // trip sequences
	// statedWhy says why a stated value is nil (not stated, or
	// unreadable), the first of them.
	statedWhy string
}

func (it *Itinerary) parse(raw json.RawMessage) parsed {
	claim := domains.ReadClaim(raw, true)
	if claim.Done() {
		return parsed{Claim: claim}
	}
	obj := claim.Obj
	p := parsed{Claim: claim}
	var names [][]string
	// why keeps the first reason a stated value is missing.
	why := func(w string) {
		if p.statedWhy == "" {
			p.statedWhy = w
		}
	}
	if it.Voc.Trip {
		var cities []string
		if err := json.Unmarshal(obj["cities"], &cities); err != nil || cities == nil {
			return parsed{Claim: domains.Claim{FormatErr: `"cities" must be a list of city names`}}
		}
		const bad = `"first_days" must be a list of integers, one per city`
		var w string
		p.firstDays, w = domains.ReadStated[[]int64](&p.Claim, firstDaysPart, bad)
		if p.firstDays != nil && len(*p.firstDays) != len(cities) {
			p.Unreadable(firstDaysPart, bad)
			p.firstDays, w = nil, bad
		}
		why(w)
		names = [][]string{cities}
	} else {
		if err := json.Unmarshal(obj["days"], &names); err != nil || names == nil {
			return parsed{Claim: domains.Claim{FormatErr: `"days" must be a list of lists of names`}}
		}
		var w string
		p.score, w = domains.ReadStated[int64](&p.Claim, scorePart, `"total_score" must be an integer`)
		why(w)
		p.travel, w = domains.ReadStated[int64](&p.Claim, travelPart, `"travel_minutes" must be an integer`)
		why(w)
	}
	for d, day := range names {
		nums := []int{}
		for _, s := range day {
			c := slices.Index(it.Stops, s)
			if c < 0 {
				return parsed{Claim: domains.Claim{FormatErr: fmt.Sprintf("day %d: %q is not a %s of the problem", d+1, s, it.Voc.Sight)}}
			}
			nums = append(nums, c+1)
		}
		p.plan = append(p.plan, nums)
	}
	return p
}

// coverage reports a plan with the wrong number of days or a repeated stop.
func (it *Itinerary) coverage(plan [][]int) string {
	if len(plan) != len(it.Days) {
		return fmt.Sprintf("%d day lists for %d days", len(plan), len(it.Days))
	}
	seen := map[int]bool{}
	for _, day := range plan {
		for _, s := range day {
			if seen[s] {
				return fmt.Sprintf("%s is visited twice", it.Stops[s-1])
			}
			seen[s] = true
		}
	}
	return ""
}

// timing simulates a plan (earliest starts; with hours, waiting for
// opening and ending by closing; a trip's stays never wait) and reports
// the first broken time.
func (it *Itinerary) timing(plan [][]int, hours bool) string {
	nb := len(it.Voc.Bases)
	for d, day := range plan {
		if d >= len(it.Days) {
			break
		}
		dd := it.Days[d]
		t, at := dd.Leave, dd.Start
		for _, s := range day {
			t += it.Travel[at][nb+s-1]
			if hours && it.Voc.Trip && (t < it.Open[s-1] || t+it.Visit[s-1] > it.Close[s-1]) {
				// A stay cannot wait: it covers days t..t+visit.
				return fmt.Sprintf("the stay in %s, days %d-%d, does not cover its event (days %d-%d)", it.Stops[s-1], t, t+it.Visit[s-1], it.Close[s-1]-it.Visit[s-1], it.Open[s-1]+it.Visit[s-1])
			}
			if hours {
				t = max(t, it.Open[s-1])
				if t+it.Visit[s-1] > it.Close[s-1] {
					return fmt.Sprintf("%s: the visit to %s starts at %s at the earliest and would end at %s, after %s", capitalize(dd.Name), it.Stops[s-1], it.when(t), it.when(t+it.Visit[s-1]), it.when(it.Close[s-1]))
				}
			}
			t += it.Visit[s-1]
			at = nb + s - 1
		}
		if t += it.Travel[at][dd.End]; t > dd.Return {
			return fmt.Sprintf("%s: the plan reaches %s at %s at the earliest, after %s", capitalize(dd.Name), it.Voc.Bases[dd.End], it.when(t), it.when(dd.Return))
		}
	}
	return ""
}

// checkCore checks rule 1 on a plan: the number of days and no stop
// twice (coverage), the days' times and, for a trip, the direct flights
// (the last missing flight is reported).
func (it *Itinerary) checkCore(plan [][]int, f fails) {
	if why := it.coverage(plan); why != "" {
		f.Add(itemCoverage, why)
	}
	if why := it.timing(plan, false); why != "" {
		f.Add(itemDayTimes, why)
	}
	if it.Voc.Trip {
		why := ""
		for _, day := range plan {
			for i := 1; i < len(day); i++ {
				if !it.flight(day[i-1], day[i]) {
					why = fmt.Sprintf("no direct flight between %s and %s", it.Stops[day[i-1]-1], it.Stops[day[i]-1])
				}
			}
		}
		if why != "" {
			f.Add(itemFlights, why)
		}
	}
}

// violations checks every rule on a plan of the right number of days:
// the failures per item ID (rule 1, then the units in force).
func (it *Itinerary) violations(plan [][]int) fails {
	f := fails{}
	it.checkCore(plan, f)
	for _, u := range it.units() {
		u.Check(it, plan, f)
	}
	return f
}

// objective returns the objective vector of a plan (levels in force).
func (it *Itinerary) objective(plan [][]int) []int64 {
	n := len(it.Stops)
	var score, travel, weight int64
	for d, day := range plan {
		travel += it.dayTravel(d, day)
		at := n
		for _, s := range day {
			score += it.Score[s-1]
			weight += legWeight(d, at, s-1, n)
			at = s - 1
		}
	}
	var out []int64
	for _, l := range domains.Facets[leveler](it.units()) {
		out = append(out, l.Value(it, plan))
	}
	out = append(out, score)
	for _, k := range it.tieKinds(false) {
		if k == tieTravel {
			out = append(out, travel)
		} else {
			out = append(out, weight)
		}
	}
	return out
}

// Check implements domains.Instance.
func (it *Itinerary) Check(ctx context.Context, b solver.Backend, raw json.RawMessage, ref domains.Reference) []domains.Result {
	p := it.parse(raw)
	res, _ := domains.Evaluate(ctx, b, domains.ChecklistFor(ctx, it, ref), ref, p.Claim, "plan", it.conflictHolds, func(res domains.Results) []int64 { return it.judge(res, p, ref) })
	return res
}

// judge fails on res the items that a readable plan breaks and returns
// its objective vector (nil unless it keeps every rule).
func (it *Itinerary) judge(res domains.Results, p parsed, ref domains.Reference) []int64 {
	if why := it.coverage(p.plan); why != "" && len(p.plan) != len(it.Days) {
		// Without one list per day nothing else can be judged.
		res.FailAll(why)
		return nil
	}
	ans := it.answer(p.plan)
	switch {
	case p.statedWhy != "":
		res.Set(itemStated, false, p.statedWhy)
	case it.Voc.Trip:
		if want := it.firstDays(p.plan[0]); !slices.Equal(want, *p.firstDays) {
			res.Set(itemStated, false, fmt.Sprintf("stated first days %v, the plan arrives on days %v", *p.firstDays, want))
		}
	case ans.TotalScore != *p.score || ans.TravelMinutes != *p.travel:
		res.Set(itemStated, false, fmt.Sprintf("stated score %d and travel %d minutes, the plan has %d and %d", *p.score, *p.travel, ans.TotalScore, ans.TravelMinutes))
	}
	return route.Judge(res, it.violations(p.plan), ref.Objective, func() []int64 { return it.objective(p.plan) })
}

// rules lists the prompt's named rules in force: the units' rules, in
// pool order.
func (it *Itinerary) rules() []rule { return domains.RulesOf(it, it.units()) }

// conflictHolds checks a conflict claim: every name is a rule of the
// prompt, and those rules with rule 1 have no plan (proven by the SAT
// solver within 10 s).
func (it *Itinerary) conflictHolds(ctx context.Context, b solver.Backend, names []string) (bool, string) {
	return domains.ConflictHolds(ctx, b, it, it.rules(), names, domains.AlwaysOn)
}

// firstDays returns the day a trip arrives in each city of an order.
func (it *Itinerary) firstDays(order []int) []int64 {
	out := []int64{}
	t := it.Days[0].Leave
	for _, c := range order {
		out = append(out, t)
		t += it.Visit[c-1]
	}
	return out
}

// The stated parts (docs/grading.md): a trip's first days, a tour's
// total score and travel time.
var firstDaysPart, scorePart, travelPart = route.StatedPart("first_days"), route.StatedPart("total_score"), route.StatedPart("travel_minutes")

// AnswerParts implements domains.Parter: a trip's cities and first days,
// or a tour's days, total score and travel time.
func (it *Itinerary) AnswerParts() []domains.Part {
	if it.Voc.Trip {
		return route.Parts("cities", firstDaysPart)
	}
	return route.Parts("days", scorePart, travelPart)
}

var _ domains.Parter = (*Itinerary)(nil)
