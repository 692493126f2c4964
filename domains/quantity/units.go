package quantity

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/domains/prose"
	"github.com/plancert/plancert/encode"
)

// unit is one constraint of the quantity pool, under the unit contract of
// domains (domains.UnitOf): it adds its data to the instance (Sample; and
// Prepare, the domains.Preparer facet, for the units whose data the hidden
// plan must respect, before the plan is drawn), its constraints to the
// model (Model; group names are the rule names of the prompt), its
// sentences to the prompt (Rules), its items to the checklist (Items) and
// its checks to the verifier (Check). Adding a constraint is adding one
// unit to pool.
type unit interface {
	domains.UnitOf[*Instance, *builder, checked]
	domains.Sampler[*Instance]
}

// preparers are the units with the domains.Preparer facet, listed so that
// a misspelt facet method fails to compile instead of being skipped.
var preparers = []domains.Preparer[*Instance]{lanes{}, minimum{}, leadTimes{}, minOrder{}, worstCase{}, whole{}}

// checked is what a unit's Check sees of an answer: its quantities and
// the flows they make.
type checked struct {
	q quantities
	f *flows
}

// rule is one named rule of the prompt (domains.Rule); Name is also its
// model group and what a conflict answer names.
type rule = domains.Rule

// fails collects failures per item (domains.Fails).
type fails = domains.Fails

// Unit IDs.
const (
	unitLanes      = "supply-limits"
	unitMinimum    = "min-guarantee"
	unitBudget     = "budget"
	unitLead       = "lead-times"
	unitFairness   = "fairness"
	unitPriority   = "priority-order"
	unitMOQ        = "min-order"
	unitRamp       = "ramp"
	unitSelfCheck  = "self-check"
	unitReserve    = "reserve"
	unitWorstCase  = "worst-case"
	unitMinRun     = "min-run"
	unitInfeasible = "infeasibility"
)

// pool lists every unit of the core in a fixed order; instances apply
// their sampled units in this order.
var pool = domains.Pool[unit]{
	leadTimes{}, worstCase{}, lanes{}, minimum{}, budget{},
	fairness{}, priority{}, minOrder{}, ramp{}, selfCheck{},
	reserve{}, minRun{}, infeasible{},
	contingency{}, whole{}, minDown{}, critical{}, // skin-only (units_skin.go)
	recovery{},   // a second plan (units_recovery.go)
	replanning{}, // last: it solves the instance with every other unit's data (units_replan.go)
}

// periodUnits need more than one period.
var periodUnits = []string{unitLead, unitRamp, unitMinRun, unitMinDown}

// allocOnly units make sense only where a sink may fall short.
var allocOnly = []string{unitFairness, unitPriority, unitWhole}

// skinOnly units are in the pool of a task only when the task lists them
// (task.Extra): they belong to one story (a contingency reserve in a
// budget, minimum down time of a generator).
var skinOnly = []string{unitContingency, unitWhole, unitMinDown, unitCritical}

// poolInfo returns the pool's descriptions for a mode: every unit of the
// pool that makes sense in the mode, except the skin-only units not in
// extra and the units in drop.
func poolInfo(mode string, extra, drop []string) []domains.Unit {
	var out []domains.Unit
	for _, u := range pool {
		inf := u.Info()
		if mode == ModeProcurement && slices.Contains(allocOnly, inf.ID) || slices.Contains(skinOnly, inf.ID) && !slices.Contains(extra, inf.ID) || slices.Contains(drop, inf.ID) {
			continue
		}
		out = append(out, inf)
	}
	return out
}

// units returns the sampled units of in, in pool order.
func (in *Instance) units() []unit { return pool.Of(in.Sp) }

func (in *Instance) srcIndex(name string) int {
	return slices.IndexFunc(in.Sources, func(src Source) bool { return src.Name == name })
}

// ---- supply-limits (basic): lane limits ----

type lanes struct{}

func (lanes) Info() domains.Unit {
	return domains.Unit{ID: unitLanes, Tier: domains.Basic, Title: "supply limits per lane"}
}

func groupLanes(src string) string { return "lanes from " + src }

// Prepare draws the lane limits before the hidden plan, which keeps
// them: per source and sink, from the hidden plan's least shipment (1, or
// 2 with the minimum-order unit) to the source's largest supply, and
// in allocation a closed lane (0) one time in four, never every lane of a
// sink.
func (lanes) Prepare(in *Instance, r *rand.Rand) {
	in.Lanes = make([][]int, in.S())
	for s, src := range in.Sources {
		in.Lanes[s] = make([]int, in.K())
		mx := 0
		for _, x := range src.Supply {
			mx = max(mx, x)
		}
		// An open lane carries at least a hidden shipment's minimum.
		ms := in.minShip()
		for k := range in.Sinks {
			in.Lanes[s][k] = ms + r.IntN(max(1, mx-ms+1))
			if in.alloc() && in.S() > 1 && r.IntN(4) == 0 {
				in.Lanes[s][k] = 0
			}
		}
	}
	for k := range in.Sinks {
		open := false
		for s := range in.Sources {
			open = open || in.Lanes[s][k] > 0
		}
		if !open {
			in.Lanes[r.IntN(in.S())][k] = in.minShip()
		}
	}
}

func (lanes) Sample(*Instance, *rand.Rand) {}

func (lanes) Model(b *builder) {
	in := b.in
	for s := range in.Sources {
		for k := range in.Sinks {
			for t := range in.Periods {
				if b.ok[s][k][t] && in.Lanes[s][k] < in.Sources[s].Supply[t] {
					b.m.AddLinear([]encode.Term{term(b.x[s][k][t], 1)}, encode.LE, int64(in.Lanes[s][k])).
						Named(fmt.Sprintf("%s: %s %s", groupLanes(in.Sources[s].Name), in.Sinks[k].Name, in.Periods[t])).InGroup(groupLanes(in.Sources[s].Name))
				}
			}
		}
	}
}

func (lanes) Rules(in *Instance) []rule {
	v := in.Voc
	var out []rule
	for s, src := range in.Sources {
		var parts []string
		for k, sk := range in.Sinks {
			if l := in.Lanes[s][k]; l == 0 {
				parts = append(parts, fmt.Sprintf("nothing to %s (no route)", sk.Name))
			} else {
				parts = append(parts, fmt.Sprintf("at most %d to %s", l, sk.Name))
			}
		}
		per := ""
		if in.T() > 1 {
			per = " in " + prose.An(v.Period)
		}
		out = append(out, rule{Name: groupLanes(src.Name), Text: fmt.Sprintf("%s from %s%s carries %s.", prose.Capital(prose.An(v.Shipment)), src.Name, per, strings.Join(parts, ", "))})
	}
	return out
}

func (lanes) Items(in *Instance) []domains.Item {
	return []domains.Item{domains.FeasibilityItem(unitLanes, unitLanes, domains.Basic, fmt.Sprintf("No %s exceeds the limit of its route, and no %s uses a route that does not exist.", in.Voc.Shipment, in.Voc.Shipment))}
}

func (lanes) Check(in *Instance, c checked, fl fails) {
	q := c.q
	for s := range in.Sources {
		for k := range in.Sinks {
			for t := range in.Periods {
				if x := q[s][k][t]; x > in.Lanes[s][k] {
					fl.Add(unitLanes, fmt.Sprintf("%s sends %d to %s%s, its route takes %d", in.Sources[s].Name, x, in.Sinks[k].Name, in.inPeriod(t), in.Lanes[s][k]))
				}
			}
		}
	}
}

// inPeriod returns " in Week 2", or "" with one period.
func (in *Instance) inPeriod(t int) string {
	if in.T() == 1 {
		return ""
	}
	return " in " + in.Periods[t]
}

// ---- min-guarantee (basic) ----

type minimum struct{}

func (minimum) Info() domains.Unit {
	return domains.Unit{ID: unitMinimum, Tier: domains.Basic, Title: "demand / minimum guarantees"}
}

func groupMinimum(sink string) string { return "minimum for " + sink }

// Prepare draws the safety stock (procurement), which the hidden plan
// keeps.
func (minimum) Prepare(in *Instance, r *rand.Rand) {
	if in.alloc() {
		return
	}
	for k := range in.Sinks {
		in.Sinks[k].Min = 1 + r.IntN(3)
	}
}

// Sample draws the minimum guarantees (allocation): at most what the
// hidden plan delivers, for most sinks.
func (minimum) Sample(in *Instance, r *rand.Rand) {
	if !in.alloc() {
		return
	}
	f := in.flows(in.planned)
	any := false
	for k := range in.Sinks {
		if got := f.received[k]; got > 0 && (r.IntN(4) > 0 || (!any && k == in.K()-1)) {
			in.Sinks[k].Min = max(1, got*(5+r.IntN(6))/10)
			any = true
		}
	}
}

func (minimum) Model(b *builder) {
	in := b.in
	for k, sk := range in.Sinks {
		if sk.Min == 0 {
			continue
		}
		g := groupMinimum(sk.Name)
		if in.alloc() {
			b.m.AddLinear(b.receivedTerms(k, func(int) bool { return true }), encode.GE, int64(sk.Min)).Named(g)
			continue
		}
		for t := range in.Periods {
			b.m.AddLinear([]encode.Term{term(b.stock[k][t], 1)}, encode.GE, int64(sk.Min)).Named(fmt.Sprintf("%s in %s", g, in.Periods[t])).InGroup(g)
		}
	}
}

func (minimum) Rules(in *Instance) []rule {
	v := in.Voc
	var out []rule
	for _, sk := range in.Sinks {
		if sk.Min == 0 {
			continue
		}
		if in.alloc() {
			out = append(out, rule{Name: groupMinimum(sk.Name), Text: fmt.Sprintf("%s is guaranteed at least %s in total (its deliveries within the plan).", sk.Name, v.qty(sk.Min))})
		} else {
			out = append(out, rule{Name: groupMinimum(sk.Name), Text: fmt.Sprintf("Safety stock: the stock at %s at the end of every %s is at least %s.", sk.Name, v.Period, v.qty(sk.Min))})
		}
	}
	return out
}

func (minimum) Items(in *Instance) []domains.Item {
	text := fmt.Sprintf("Every %s with a guaranteed minimum receives at least that many %s.", in.Voc.Sink, in.Voc.Goods)
	if !in.alloc() {
		text = fmt.Sprintf("The stock at the end of every %s is at least the safety stock.", in.Voc.Period)
	}
	return []domains.Item{domains.FeasibilityItem(unitMinimum, unitMinimum, domains.Basic, text)}
}

func (minimum) Check(in *Instance, c checked, fl fails) {
	f := c.f
	for k, sk := range in.Sinks {
		if sk.Min == 0 {
			continue
		}
		if in.alloc() {
			if f.received[k] < sk.Min {
				fl.Add(unitMinimum, fmt.Sprintf("%s receives %d, its minimum is %d", sk.Name, f.received[k], sk.Min))
			}
			continue
		}
		for t := range in.Periods {
			if f.stock[k][t] < sk.Min {
				fl.Add(unitMinimum, fmt.Sprintf("%s ends %s with %d in stock, the safety stock is %d", sk.Name, in.Periods[t], f.stock[k][t], sk.Min))
			}
		}
	}
}

// ---- budget (basic) ----

type budget struct{}

func (budget) Info() domains.Unit {
	return domains.Unit{ID: unitBudget, Tier: domains.Basic, Title: "budget"}
}

const groupBudget = "budget"

func (budget) Sample(in *Instance, r *rand.Rand) {
	sp := in.flows(in.planned).spend
	in.Budget = max(1, sp+r.IntN(1+sp/8))
}

func (budget) Model(b *builder) {
	b.m.AddLinear(b.costTerms(), encode.LE, int64(b.in.Budget)).Named(groupBudget)
}

func (budget) Rules(in *Instance) []rule {
	fees := ""
	if in.feeWords() != "" {
		fees = ", plus the fees"
	}
	return []rule{{Name: groupBudget, Text: fmt.Sprintf("At most %d is spent on %s%s: the cost per %s sent times the quantity, summed over all %s%s.", in.Budget, in.Voc.Goods, in.feeWords(), in.Voc.unit(), in.Voc.Shipments, fees)}}
}

// feeWords returns " and order fees" when some source charges a fee.
func (in *Instance) feeWords() string {
	for _, src := range in.Sources {
		if src.Fee > 0 {
			return " and " + in.Voc.Shipment + " fees"
		}
	}
	return ""
}

func (budget) Items(in *Instance) []domains.Item {
	return []domains.Item{domains.FeasibilityItem(unitBudget, unitBudget, domains.Basic, fmt.Sprintf("The spending on %s%s is at most %d.", in.Voc.Goods, in.feeWords(), in.Budget))}
}

func (budget) Check(in *Instance, c checked, fl fails) {
	f := c.f
	if f.spend > in.Budget {
		fl.Add(unitBudget, fmt.Sprintf("the plan spends %d, the budget is %d", f.spend, in.Budget))
	}
}

// ---- lead-times (basic) ----

// leadTimes: a shipment arrives its source's lead time after the period
// it is sent in. Readings (see Readings): "a shipment's period in the
// answer is the one it arrives in" (the answer's shipments listed by
// arrival), ruled out by the answer instructions' "The ... of a shipment
// is the ... it is sent in, not the ... it arrives in".
type leadTimes struct{}

// readingLeadArrival is the reading of a shipment's period as the one it
// arrives in.
const readingLeadArrival = "a shipment's period in the answer is the one it arrives in"

// Readings implements domains.Reader.
func (leadTimes) Readings() []domains.Reading {
	return []domains.Reading{{Name: readingLeadArrival, RuledOutBy: "it is sent in, not the"}}
}

func (leadTimes) Info() domains.Unit {
	return domains.Unit{ID: unitLead, Tier: domains.Basic, Title: "lead times and inventory balance"}
}

const ruleLead = "lead times"

func (leadTimes) Prepare(in *Instance, r *rand.Rand) {
	for s := range in.Sources {
		in.Sources[s].Lead = r.IntN(min(3, in.T()))
	}
	if in.Sources[0].Lead == 0 && in.Sources[in.S()-1].Lead == 0 {
		in.Sources[r.IntN(in.S())].Lead = 1
	}
}

func (leadTimes) Sample(*Instance, *rand.Rand) {}

// Model: a shipment that would arrive after the last period has no
// variable (see eachShipment); arrivals are shifted in the stock balance.
func (leadTimes) Model(*builder) {}

func (leadTimes) Rules(in *Instance) []rule {
	v := in.Voc
	var parts []string
	for _, src := range in.Sources {
		parts = append(parts, fmt.Sprintf("%s %d", src.Name, src.Lead))
	}
	return []rule{{Name: ruleLead, Text: fmt.Sprintf("%s arrives L %s after the %s it is sent, at the start of that %s, where L is the lead time of its %s (%s); with a lead time of 0 it arrives in the %s it is sent. Every %s must arrive by the last %s.",
		prose.Capital(prose.An(v.Shipment)), v.Periods, v.Period, v.Period, v.Source, strings.Join(parts, ", "), v.Period, v.Shipment, v.Period)}}

}

func (leadTimes) Items(in *Instance) []domains.Item {
	return []domains.Item{domains.FeasibilityItem(unitLead, unitLead, domains.Basic, fmt.Sprintf("Every %s arrives, after its lead time, by the last %s.", in.Voc.Shipment, in.Voc.Period))}
}

func (leadTimes) Check(in *Instance, c checked, fl fails) {
	f := c.f
	for _, l := range f.late {
		fl.Add(unitLead, l+" arrives after the last "+in.Voc.Period)
	}
}

// ---- fairness (medium, allocation) ----

type fairness struct{}

func (fairness) Info() domains.Unit {
	return domains.Unit{ID: unitFairness, Tier: domains.Medium, Title: "fairness: bounded gap of fill ratios", Excludes: []string{unitWorstCase}}
}

const groupFair = "fairness"

// gapOver returns the largest fill-ratio gap of served amounts as a
// fraction num/den (exact).
func (in *Instance) gapOver(served []int) (num, den int) {
	num, den = 0, 1
	for i := range in.Sinks {
		for j := range in.Sinks {
			di, dj := sum(in.Sinks[i].Demand), sum(in.Sinks[j].Demand)
			n, d := served[i]*dj-served[j]*di, di*dj
			if n*den > num*d {
				num, den = n, d
			}
		}
	}
	return num, den
}

func (fairness) Sample(in *Instance, r *rand.Rand) {
	f := in.flows(in.planned)
	tot := make([]int, in.K())
	for k := range in.Sinks {
		tot[k] = sum(f.served[k])
	}
	num, den := in.gapOver(tot)
	in.FairQ = []int{4, 5, 10}[r.IntN(3)]
	in.FairP = max(1, (in.FairQ*num+den-1)/den)
}

func (fairness) Model(b *builder) {
	in := b.in
	for i := range in.Sinks {
		for j := range in.Sinks {
			if i == j {
				continue
			}
			di, dj := int64(sum(in.Sinks[i].Demand)), int64(sum(in.Sinks[j].Demand))
			q, p := int64(in.FairQ), int64(in.FairP)
			b.m.AddLinear([]encode.Term{term(b.total[i], q*dj), term(b.total[j], -q*di)}, encode.LE, p*di*dj).
				Named(fmt.Sprintf("%s: %s vs %s", groupFair, in.Sinks[i].Name, in.Sinks[j].Name)).InGroup(groupFair)
		}
	}
}

func (fairness) Rules(in *Instance) []rule {
	v := in.Voc
	return []rule{{Name: groupFair, Text: fmt.Sprintf("The fill ratio of %s is what it receives over all %s (plus its starting stock) divided by its total demand. For any two %s A and B, A's fill ratio exceeds B's by at most %d/%d; in whole numbers: %d × (served_A × demand_B − served_B × demand_A) ≤ %d × demand_A × demand_B.",
		prose.An(v.Sink), v.Periods, v.Sinks, in.FairP, in.FairQ, in.FairQ, in.FairP)}}

}

func (fairness) Items(in *Instance) []domains.Item {
	return []domains.Item{domains.FeasibilityItem(unitFairness, unitFairness, domains.Medium, fmt.Sprintf("No two %s' fill ratios differ by more than %d/%d (checked in whole numbers).", in.Voc.Sinks, in.FairP, in.FairQ))}
}

func (fairness) Check(in *Instance, c checked, fl fails) {
	f := c.f
	for i, si := range in.Sinks {
		for j, sj := range in.Sinks {
			ui, uj := sum(f.served[i]), sum(f.served[j])
			di, dj := sum(si.Demand), sum(sj.Demand)
			if in.FairQ*(ui*dj-uj*di) > in.FairP*di*dj {
				fl.Add(unitFairness, fmt.Sprintf("%s is served %d/%d, %s %d/%d: the gap exceeds %d/%d", si.Name, ui, di, sj.Name, uj, dj, in.FairP, in.FairQ))
			}
		}
	}
}

// ---- priority-order (medium, allocation) ----

type priority struct{}

func (priority) Info() domains.Unit {
	return domains.Unit{ID: unitPriority, Tier: domains.Medium, Title: "priority order of sinks"}
}

const rulePriority = "priority order"

func (priority) Sample(in *Instance, r *rand.Rand) {
	n := 2 + r.IntN(2)
	for k := range in.Sinks {
		in.Sinks[k].Priority = 1 + r.IntN(n)
	}
	// Every class from 1 to the largest is used.
	in.Sinks[0].Priority = 1
	in.Sinks[in.K()-1].Priority = max(2, in.Sinks[in.K()-1].Priority)
	seen := map[int]bool{}
	for _, sk := range in.Sinks {
		seen[sk.Priority] = true
	}
	next := 1
	remap := map[int]int{}
	for c := 1; c <= 3; c++ {
		if seen[c] {
			remap[c] = next
			next++
		}
	}
	for k := range in.Sinks {
		in.Sinks[k].Priority = remap[in.Sinks[k].Priority]
	}
}

func (priority) Model(*builder) {} // levels: see builder.objectives

func (priority) Rules(in *Instance) []rule {
	v := in.Voc
	var cls []string
	for _, c := range in.classes() {
		var ns []string
		for _, sk := range in.Sinks {
			if sk.Priority == c {
				ns = append(ns, sk.Name)
			}
		}
		cls = append(cls, fmt.Sprintf("class %d: %s", c, strings.Join(ns, ", ")))
	}
	return []rule{{Name: rulePriority, Text: fmt.Sprintf("The %s come in priority classes (%s). The total shortfall of class 1 is made as small as possible first, then that of class 2, and so on; only then does the goal below count.", v.Sinks, strings.Join(cls, "; "))}}
}

func (priority) Items(in *Instance) []domains.Item {
	return []domains.Item{{ID: unitPriority, Tier: domains.Medium, Constraint: unitPriority, Kind: domains.KindObjective,
		Text: "The shortfall of each priority class, in class order, is the least possible (lexicographically)."}}
}

func (priority) Check(*Instance, checked, fails) {} // compared with the optimum in Evaluate

// ---- min-order (medium) ----

type minOrder struct{}

func (minOrder) Info() domains.Unit {
	return domains.Unit{ID: unitMOQ, Tier: domains.Medium, Title: "minimum order quantities"}
}

func groupMOQ(src string) string { return "minimum quantity from " + src }

// Prepare marks that the hidden plan must avoid small shipments.
func (minOrder) Prepare(*Instance, *rand.Rand) {}

func (minOrder) Sample(in *Instance, r *rand.Rand) {
	for s := range in.Sources {
		low := 0
		for k := range in.Sinks {
			for t := range in.Periods {
				if x := in.planned[s][k][t]; x > 0 && (low == 0 || x < low) {
					low = x
				}
			}
		}
		if low == 0 {
			low = 2 + r.IntN(3)
		}
		in.Sources[s].MOQ = max(2, low)
	}
}

func (minOrder) Model(b *builder) {
	in := b.in
	in.eachShipment(func(s, k, t int) {
		src := in.Sources[s]
		if src.MOQ > 1 {
			y := b.used(s, k, t)
			b.m.AddLinear([]encode.Term{term(b.x[s][k][t], 1), term(y, -int64(src.MOQ))}, encode.GE, 0).
				Named(fmt.Sprintf("%s: %s %s", groupMOQ(src.Name), in.Sinks[k].Name, in.Periods[t])).InGroup(groupMOQ(src.Name))
		}
	})
}

func (minOrder) Rules(in *Instance) []rule {
	v := in.Voc
	var out []rule
	for _, src := range in.Sources {
		out = append(out, rule{Name: groupMOQ(src.Name), Text: fmt.Sprintf("%s from %s is either 0 or at least %s.", prose.Capital(prose.An(v.Shipment)), src.Name, v.qty(src.MOQ))})
	}
	return out
}

func (minOrder) Items(in *Instance) []domains.Item {
	return []domains.Item{domains.FeasibilityItem(unitMOQ, unitMOQ, domains.Medium, fmt.Sprintf("Every %s meets the minimum quantity of its %s.", in.Voc.Shipment, in.Voc.Source))}
}

func (minOrder) Check(in *Instance, c checked, fl fails) {
	q := c.q
	for s, src := range in.Sources {
		for k := range in.Sinks {
			for t := range in.Periods {
				if x := q[s][k][t]; x > 0 && x < src.MOQ {
					fl.Add(unitMOQ, fmt.Sprintf("%s sends %d to %s%s, below its minimum %d", src.Name, x, in.Sinks[k].Name, in.inPeriod(t), src.MOQ))
				}
			}
		}
	}
}

// ---- ramp (medium) ----

// ramp: a source's total changes by at most Ramp from one period to the
// next. Readings (see Readings): "the first period is limited too" (its
// total counted as a change from 0 sent before the plan), ruled out by the
// rule's "The first ... is not limited by this rule".
type ramp struct{}

// readingRampFirst is the reading of the ramp rule as binding the first
// period as well.
const readingRampFirst = "the first period is limited too (a change from nothing sent before it)"

// Readings implements domains.Reader.
func (ramp) Readings() []domains.Reading {
	return []domains.Reading{{Name: readingRampFirst, RuledOutBy: "is not limited by this rule"}}
}

func (ramp) Info() domains.Unit {
	return domains.Unit{ID: unitRamp, Tier: domains.Medium, Title: "ramp limits"}
}

func groupRamp(src string) string { return "ramp of " + src }

func (ramp) Sample(in *Instance, r *rand.Rand) {
	f := in.flows(in.planned)
	mx := 1
	for s := range in.Sources {
		for t := 1; t < in.T(); t++ {
			d := f.shipped[s][t] - f.shipped[s][t-1]
			mx = max(mx, d, -d)
		}
	}
	in.Ramp = mx
}

// Model limits the change from each period to the next, from the second
// period on: the first period's total is free (nothing before the plan
// counts), as the rule says.
func (ramp) Model(b *builder) {
	in := b.in
	for s, src := range in.Sources {
		g := groupRamp(src.Name)
		for t := 1; t < in.T(); t++ {
			ts := append(b.shippedTerms(s, t, 1), b.shippedTerms(s, t-1, -1)...)
			if len(ts) == 0 {
				continue
			}
			b.m.AddLinear(ts, encode.LE, int64(in.Ramp)).Named(fmt.Sprintf("%s: up in %s", g, in.Periods[t])).InGroup(g)
			b.m.AddLinear(ts, encode.GE, -int64(in.Ramp)).Named(fmt.Sprintf("%s: down in %s", g, in.Periods[t])).InGroup(g)
		}
	}
}

func (ramp) Rules(in *Instance) []rule {
	v := in.Voc
	var out []rule
	for _, src := range in.Sources {
		out = append(out, rule{Name: groupRamp(src.Name), Text: fmt.Sprintf("From the second %s on, the total that %s sends in %s differs from its total in the %s before by at most %s (up or down; %s with nothing sent counts 0). The first %s (%s) is not limited by this rule.",
			v.Period, src.Name, prose.An(v.Period), v.Period, v.qty(in.Ramp), prose.An(v.Period), v.Period, in.Periods[0])})
	}
	return out
}

func (ramp) Items(in *Instance) []domains.Item {
	return []domains.Item{domains.FeasibilityItem(unitRamp, unitRamp, domains.Medium, fmt.Sprintf("No %s's total changes by more than %d between consecutive %s.", in.Voc.Source, in.Ramp, in.Voc.Periods))}
}

func (ramp) Check(in *Instance, c checked, fl fails) {
	f := c.f
	for s, src := range in.Sources {
		for t := 1; t < in.T(); t++ {
			if d := f.shipped[s][t] - f.shipped[s][t-1]; d > in.Ramp || -d > in.Ramp {
				fl.Add(unitRamp, fmt.Sprintf("%s sends %d in %s and %d in %s", src.Name, f.shipped[s][t-1], in.Periods[t-1], f.shipped[s][t], in.Periods[t]))
			}
		}
	}
}

// ---- self-check (medium): stated values ----

type selfCheck struct{}

func (selfCheck) Info() domains.Unit {
	return domains.Unit{ID: unitSelfCheck, Tier: domains.Medium, Title: "conflict validation: stated values"}
}

const itemStated = "stated"

func (selfCheck) Sample(*Instance, *rand.Rand)    {}
func (selfCheck) Model(*builder)                  {}
func (selfCheck) Rules(*Instance) []rule          { return nil }
func (selfCheck) Check(*Instance, checked, fails) {} // see Evaluate

func (selfCheck) Items(in *Instance) []domains.Item {
	text := `The "cost" stated in the answer equals the plan's true total cost.`
	if in.alloc() {
		text = `The "shortfall" and "cost" stated in the answer equal the plan's true weighted shortfall and cost.`
	}
	return []domains.Item{{ID: itemStated, Tier: domains.Medium, Constraint: unitSelfCheck, Kind: domains.KindStated, Text: text}}
}

// ---- reserve (hard): a failure scenario ----

type reserve struct{}

func (reserve) Info() domains.Unit {
	return domains.Unit{ID: unitReserve, Tier: domains.Hard, Title: "reserve for a failure scenario"}
}

func (in *Instance) groupReserve() string { return "reserve if " + in.Fail + " fails" }

func (reserve) Sample(in *Instance, r *rand.Rand) {
	F := r.IntN(in.S())
	in.Fail = in.Sources[F].Name
	q := in.zero()
	for s := range in.Sources {
		if s != F {
			q[s] = in.planned[s]
		}
	}
	f := in.flows(q)
	for k := range in.Sinks {
		if c := in.Sinks[k].Init + f.received[k]; c > 0 {
			in.Sinks[k].Critical = max(1, c*(6+r.IntN(5))/10)
		}
	}
}

func (reserve) Model(b *builder) {
	in := b.in
	F := in.srcIndex(in.Fail)
	for k, sk := range in.Sinks {
		if sk.Critical == 0 {
			continue
		}
		ts := b.receivedTerms(k, func(s int) bool { return s != F })
		b.m.AddLinear(ts, encode.GE, int64(sk.Critical-sk.Init)).Named(fmt.Sprintf("%s: %s", in.groupReserve(), sk.Name)).InGroup(in.groupReserve())
	}
}

func (reserve) Rules(in *Instance) []rule {
	v := in.Voc
	var parts []string
	for _, sk := range in.Sinks {
		if sk.Critical > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", sk.Name, sk.Critical))
		}
	}
	return []rule{{Name: in.groupReserve(), Text: fmt.Sprintf("%s may fail and deliver nothing. Even then, each %s's starting stock plus what the other %s deliver within the plan must reach its critical level: %s.",
		in.Fail, v.Sink, v.Sources, strings.Join(parts, ", "))}}

}

func (reserve) Items(in *Instance) []domains.Item {
	return []domains.Item{domains.FeasibilityItem(unitReserve, unitReserve, domains.Hard, fmt.Sprintf("Without %s's %s, every %s still reaches its critical level.", in.Fail, in.Voc.Shipments, in.Voc.Sink))}
}

func (reserve) Check(in *Instance, c checked, fl fails) {
	q := c.q
	F := in.srcIndex(in.Fail)
	for k, sk := range in.Sinks {
		if sk.Critical == 0 {
			continue
		}
		got := sk.Init
		for s := range in.Sources {
			for t := range in.Periods {
				if _, ok := in.arrives(s, t); ok && s != F {
					got += q[s][k][t]
				}
			}
		}
		if got < sk.Critical {
			fl.Add(unitReserve, fmt.Sprintf("without %s, %s gets %d, its critical level is %d", in.Fail, sk.Name, got, sk.Critical))
		}
	}
}

// ---- worst-case (hard): demand intervals ----

type worstCase struct{}

func (worstCase) Info() domains.Unit {
	return domains.Unit{ID: unitWorstCase, Tier: domains.Hard, Title: "worst-case demand intervals"}
}

func (in *Instance) groupWorst(k int) string {
	if in.alloc() {
		return "lowest demand at " + in.Sinks[k].Name
	}
	return "storage at the lowest demand at " + in.Sinks[k].Name
}

func (worstCase) Prepare(in *Instance, r *rand.Rand) {
	for k := range in.Sinks {
		sk := &in.Sinks[k]
		sk.DemandLo = make([]int, in.T())
		for t, d := range sk.Demand {
			sk.DemandLo[t] = max(0, d-r.IntN(3))
		}
		if in.alloc() {
			sk.DemandLo[0] = max(sk.DemandLo[0], min(sk.Init, sk.Demand[0]))
		}
	}
}

func (worstCase) Sample(*Instance, *rand.Rand) {}

func (worstCase) Model(b *builder) {
	in := b.in
	for k, sk := range in.Sinks {
		g := in.groupWorst(k)
		if in.alloc() {
			for t := range in.Periods {
				init := 0
				if t == 0 {
					init = sk.Init
				}
				if ts := b.arrivals(k, t, 1); len(ts) > 0 {
					b.m.AddLinear(ts, encode.LE, int64(in.low(k, t)-init)).Named(fmt.Sprintf("%s in %s", g, in.Periods[t])).InGroup(g)
				}
			}
			continue
		}
		// Starting stock + arrivals − lowest demands to the end of t fits
		// the storage.
		var ts []encode.Term
		cum := 0
		for t := range in.Periods {
			ts = append(ts, b.arrivals(k, t, 1)...)
			cum += in.low(k, t)
			if len(ts) > 0 {
				b.m.AddLinear(ts, encode.LE, int64(in.Storage-sk.Init+cum)).Named(fmt.Sprintf("%s in %s", g, in.Periods[t])).InGroup(g)
			}
		}
	}
}

func (worstCase) Rules(in *Instance) []rule {
	v := in.Voc
	var out []rule
	for k, sk := range in.Sinks {
		if in.alloc() {
			out = append(out, rule{Name: in.groupWorst(k), Text: fmt.Sprintf("The demand of %s may be as low as its lowest value%s: what it receives%s (plus its starting stock%s) must not exceed that lowest value, so that nothing is wasted whatever the demand.",
				sk.Name, map[bool]string{true: " in each " + v.Period, false: ""}[in.T() > 1], map[bool]string{true: " in " + prose.An(v.Period), false: ""}[in.T() > 1], map[bool]string{true: ", in the first " + v.Period, false: ""}[in.T() > 1])})
		} else {
			out = append(out, rule{Name: in.groupWorst(k), Text: fmt.Sprintf("The demand of %s may be as low as its lowest values: even then the stock at the end of every %s (starting stock + arrivals − lowest demands so far) must fit the storage of %d.", sk.Name, v.Period, in.Storage)})
		}
	}
	return out
}

func (worstCase) Items(in *Instance) []domains.Item {
	text := fmt.Sprintf("At the lowest demands too, no %s receives more than its demand.", in.Voc.Sink)
	if !in.alloc() {
		text = fmt.Sprintf("At the lowest demands too, the stock at the end of every %s fits the storage.", in.Voc.Period)
	}
	return []domains.Item{domains.FeasibilityItem(unitWorstCase, unitWorstCase, domains.Hard, text)}
}

func (worstCase) Check(in *Instance, c checked, fl fails) {
	f := c.f
	for k, sk := range in.Sinks {
		for t := range in.Periods {
			if in.alloc() {
				if f.served[k][t] > in.low(k, t) {
					fl.Add(unitWorstCase, fmt.Sprintf("%s has %d%s, more than its lowest demand %d", sk.Name, f.served[k][t], in.inPeriod(t), in.low(k, t)))
				}
			} else if f.stockLo[k][t] > in.Storage {
				fl.Add(unitWorstCase, fmt.Sprintf("at the lowest demands %s ends %s with %d, the storage holds %d", sk.Name, in.Periods[t], f.stockLo[k][t], in.Storage))
			}
		}
	}
}

// ---- min-run (hard, stateful): minimum up time ----

type minRun struct{}

func (minRun) Info() domains.Unit {
	return domains.Unit{ID: unitMinRun, Tier: domains.Hard, Title: "minimum run of a source (minimum up time)"}
}

func groupRun(src string) string { return "minimum run of " + src }

func (minRun) Sample(in *Instance, r *rand.Rand) {
	in.MinRun = 2
	if in.T() >= 4 && r.IntN(2) == 0 {
		in.MinRun = 3
	}
	// Keep the hidden plan feasible when it can be: the shortest run
	// that is not cut by the end of the plan, at least 2.
	f := in.flows(in.planned)
	for s := range in.Sources {
		run := 0
		for t := range in.Periods {
			if f.shipped[s][t] > 0 {
				run++
				continue
			}
			if run > 0 && run < in.MinRun {
				in.MinRun = max(2, run)
			}
			run = 0
		}
	}
}

func (minRun) Model(b *builder) {
	in := b.in
	for s, src := range in.Sources {
		g := groupRun(src.Name)
		for t := range in.Periods {
			z := b.ships(s, t)
			var start []encode.Lit
			if t > 0 {
				start = append(start, b.ships(s, t-1).Not())
			}
			for j := 1; j < in.MinRun && t+j < in.T(); j++ {
				b.m.AddAtLeast([]encode.Lit{b.ships(s, t+j).Lit()}, 1).OnlyIf(append([]encode.Lit{z.Lit()}, start...)...).
					Named(fmt.Sprintf("%s: from %s +%d", g, in.Periods[t], j)).InGroup(g)
			}
		}
	}
}

func (minRun) Rules(in *Instance) []rule {
	v := in.Voc
	var out []rule
	for _, src := range in.Sources {
		next := fmt.Sprintf("in each of the next %d %s", in.MinRun-1, v.Periods)
		if in.MinRun == 2 {
			next = "in the next " + v.Period
		}
		out = append(out, rule{Name: groupRun(src.Name), Text: fmt.Sprintf("Once %s starts sending (it sends something in %s and nothing in the %s before, or it is the first %s), it sends something %s too, as far as the plan goes.",
			src.Name, prose.An(v.Period), v.Period, v.Period, next)})
	}
	return out
}

func (minRun) Items(in *Instance) []domains.Item {
	return []domains.Item{domains.FeasibilityItem(unitMinRun, unitMinRun, domains.Hard, fmt.Sprintf("Every run of %s in which a %s sends something lasts at least %d %s (or until the last %s).", in.Voc.Periods, in.Voc.Source, in.MinRun, in.Voc.Periods, in.Voc.Period))}
}

func (minRun) Check(in *Instance, c checked, fl fails) {
	f := c.f
	for s, src := range in.Sources {
		for t := range in.Periods {
			if f.shipped[s][t] == 0 || (t > 0 && f.shipped[s][t-1] > 0) {
				continue
			}
			for j := 1; j < in.MinRun && t+j < in.T(); j++ {
				if f.shipped[s][t+j] == 0 {
					fl.Add(unitMinRun, fmt.Sprintf("%s starts in %s but sends nothing in %s", src.Name, in.Periods[t], in.Periods[t+j]))
					break
				}
			}
		}
	}
}

// ---- infeasibility (hard) ----

type infeasible struct{}

func (infeasible) Info() domains.Unit {
	return domains.Unit{ID: unitInfeasible, Tier: domains.Hard, Title: "infeasibility detection"}
}

func groupContract(src string) string { return "contract with " + src }

// capacity returns the most that can arrive in total under the always-on
// rules (no surplus, or demand plus storage), at the lowest demands.
func (in *Instance) capacity() int {
	n := 0
	for k, sk := range in.Sinks {
		lo := 0
		for t := range in.Periods {
			lo += in.low(k, t)
		}
		n += lo - sk.Init
		if !in.alloc() {
			n += in.Storage
		}
	}
	return n
}

// Sample adds contracts. Half of the time they ask, together, more than
// can ever arrive (the instance is infeasible by arithmetic); otherwise
// they ask at most what the hidden plan takes, so that a reader cannot
// tell from the rules alone.
func (infeasible) Sample(in *Instance, r *rand.Rand) {
	if r.IntN(2) == 0 {
		for _, s := range r.Perm(in.S())[:min(2, in.S())] {
			n := 0
			for k := range in.Sinks {
				n += sum(in.planned[s][k])
			}
			if n > 0 {
				in.Commitments = append(in.Commitments, Commitment{in.Sources[s].Name, max(1, n*(5+r.IntN(6))/10)})
			}
		}
		if len(in.Commitments) == 2 && in.srcIndex(in.Commitments[0].Source) > in.srcIndex(in.Commitments[1].Source) {
			in.Commitments[0], in.Commitments[1] = in.Commitments[1], in.Commitments[0]
		}
		if len(in.Commitments) > 0 {
			return
		}
	}
	total := in.capacity() + 1 + r.IntN(2)
	perm := r.Perm(in.S())
	if in.S() == 1 {
		in.Commitments = []Commitment{{in.Sources[0].Name, total}}
		return
	}
	a, b := perm[0], perm[1]
	if a > b {
		a, b = b, a
	}
	// Each contract alone asks no more than its source can send, when
	// the two together can reach the total: then only the two together
	// (with the always-on rules) conflict.
	reach := func(s int) int {
		n := 0
		for t := range in.Periods {
			if _, ok := in.arrives(s, t); ok {
				lane := in.Sources[s].Supply[t]
				if in.Lanes != nil {
					lane = 0
					for k := range in.Sinks {
						lane += in.Lanes[s][k]
					}
				}
				n += min(in.Sources[s].Supply[t], lane)
			}
		}
		return n
	}
	na := max(1, total/2+r.IntN(2))
	if ra, rb := reach(a), reach(b); ra+rb >= total {
		na = max(total-rb, min(ra, na))
	}
	in.Commitments = []Commitment{{in.Sources[a].Name, na}, {in.Sources[b].Name, max(1, total-na)}}
}

func (infeasible) Model(b *builder) {
	in := b.in
	for _, c := range in.Commitments {
		s := in.srcIndex(c.Source)
		var ts []encode.Term
		for k := range in.Sinks {
			for t := range in.Periods {
				if b.ok[s][k][t] {
					ts = append(ts, term(b.x[s][k][t], 1))
				}
			}
		}
		b.m.AddLinear(ts, encode.GE, int64(c.Min)).Named(groupContract(c.Source))
	}
}

func (infeasible) Rules(in *Instance) []rule {
	var out []rule
	for _, c := range in.Commitments {
		out = append(out, rule{Name: groupContract(c.Source), Text: fmt.Sprintf("The contract with %s requires taking at least %s from it in total over the plan.", c.Source, in.Voc.qty(c.Min))})
	}
	return out
}

func (infeasible) Items(in *Instance) []domains.Item {
	return []domains.Item{domains.FeasibilityItem(unitInfeasible, unitInfeasible, domains.Hard, "Every contract's minimum total is taken.")}
}

func (infeasible) Check(in *Instance, c checked, fl fails) {
	q := c.q
	for _, c := range in.Commitments {
		s := in.srcIndex(c.Source)
		n := 0
		for k := range in.Sinks {
			n += sum(q[s][k])
		}
		if n < c.Min {
			fl.Add(unitInfeasible, fmt.Sprintf("%d taken from %s, the contract asks %d", n, c.Source, c.Min))
		}
	}
}
