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

// The skin-only units (see skinOnly): in the pool of a task only when the
// task lists them in Extra.
const (
	unitContingency = "contingency"
	unitWhole       = "all-or-nothing"
	unitMinDown     = "min-down"
	unitCritical    = "critical-load"
)

// ---- contingency (basic): a held-back reserve of the supply ----

type contingency struct{}

func (contingency) Info() domains.Unit {
	return domains.Unit{ID: unitContingency, Tier: domains.Basic, Title: "held-back contingency reserve"}
}

const groupContingency = "contingency"

// totalSupply is the sum of every source's supply over the periods.
func (in *Instance) totalSupply() int {
	n := 0
	for _, src := range in.Sources {
		n += sum(src.Supply)
	}
	return n
}

// sent is the total of a plan's shipments.
func sent(q quantities) int {
	n := 0
	for s := range q {
		for k := range q[s] {
			n += sum(q[s][k])
		}
	}
	return n
}

// Sample holds back between 40 % and 90 % of what the hidden plan leaves
// unsent, at least 1.
func (contingency) Sample(in *Instance, r *rand.Rand) {
	slack := in.totalSupply() - sent(in.planned)
	in.Contingency = max(1, slack*(4+r.IntN(6))/10)
}

func (contingency) Model(b *builder) {
	in := b.in
	var ts []encode.Term
	in.eachShipment(func(s, k, t int) { ts = append(ts, term(b.x[s][k][t], 1)) })
	b.m.AddLinear(ts, encode.LE, int64(in.totalSupply()-in.Contingency)).Named(groupContingency)
}

func (contingency) Rules(in *Instance) []rule {
	v := in.Voc
	return []rule{{Name: groupContingency, Text: fmt.Sprintf("A contingency of %s is held back: of the %s the %s have in total (%d, the sum of the supply table), at most %d is sent, summed over all %s.",
		v.qty(in.Contingency), v.Goods, v.Sources, in.totalSupply(), in.totalSupply()-in.Contingency, v.Shipments)}}

}

func (contingency) Items(in *Instance) []domains.Item {
	return []domains.Item{domains.FeasibilityItem(unitContingency, unitContingency, domains.Basic, fmt.Sprintf("At most %d %s are sent in total, so that the contingency of %d is held back.", in.totalSupply()-in.Contingency, in.Voc.Goods, in.Contingency))}
}

func (contingency) Check(in *Instance, c checked, fl fails) {
	q := c.q
	if n, most := sent(q), in.totalSupply()-in.Contingency; n > most {
		fl.Add(unitContingency, fmt.Sprintf("the plan sends %d in total, at most %d may be sent", n, most))
	}
}

// ---- all-or-nothing (medium, allocation): indivisible sinks ----

type whole struct{}

func (whole) Info() domains.Unit {
	return domains.Unit{ID: unitWhole, Tier: domains.Medium, Title: "all-or-nothing sinks (knapsack items)", Excludes: []string{unitWorstCase}}
}

func groupWhole(sink string) string { return "all or nothing for " + sink }

const groupFunded = "core: definition of sinks that receive something"

// room returns what sink k can receive in period t: its demand, less the
// starting stock in the first period.
func (in *Instance) room(k, t int) int {
	r := in.Sinks[k].Demand[t]
	if t == 0 {
		r -= in.Sinks[k].Init
	}
	return r
}

// Prepare marks one or two sinks all-or-nothing (never every sink when
// there are several); plant then gives each of them its full demand or
// nothing.
func (whole) Prepare(in *Instance, r *rand.Rand) {
	n := 1
	if in.K() > 2 && r.IntN(2) == 0 {
		n = 2
	}
	for _, k := range r.Perm(in.K())[:n] {
		in.Sinks[k].Whole = true
	}
}

func (whole) Sample(*Instance, *rand.Rand) {}

func (whole) Model(b *builder) {
	in, m := b.in, b.m
	for k, sk := range in.Sinks {
		if !sk.Whole {
			continue
		}
		// funded ⇔ the sink receives something.
		ts := b.receivedTerms(k, func(int) bool { return true })
		f := m.NewBool(b.pre + "funded[" + sk.Name + "]")
		hi := int64(0)
		for s := range in.Sources {
			for t := range in.Periods {
				if b.ok[s][k][t] {
					hi += int64(in.Sources[s].Supply[t])
				}
			}
		}
		n := groupFunded + ": " + sk.Name
		m.AddLinear(append(negate(ts), term(f, max(1, hi))), encode.GE, 0).Named(n + " ≤").InGroup(groupFunded)
		m.AddLinear(append(ts, term(f, -1)), encode.GE, 0).Named(n + " ≥").InGroup(groupFunded)
		g := groupWhole(sk.Name)
		for t := range in.Periods {
			if in.room(k, t) <= 0 {
				continue
			}
			m.AddLinear(append(b.arrivals(k, t, 1), term(f, -int64(in.room(k, t)))), encode.GE, 0).
				Named(fmt.Sprintf("%s in %s", g, in.Periods[t])).InGroup(g)
		}
	}
}

func (whole) Rules(in *Instance) []rule {
	v := in.Voc
	var out []rule
	for _, sk := range in.Sinks {
		if !sk.Whole {
			continue
		}
		per := ""
		if in.T() > 1 {
			per = fmt.Sprintf(" in every %s", v.Period)
		}
		out = append(out, rule{Name: groupWhole(sk.Name), Text: fmt.Sprintf("%s is all or nothing: either it receives nothing at all, or it receives its full demand%s (less its starting stock, if any).", sk.Name, per)})
	}
	return out
}

func (whole) Items(in *Instance) []domains.Item {
	return []domains.Item{domains.FeasibilityItem(unitWhole, unitWhole, domains.Medium, fmt.Sprintf("Every all-or-nothing %s receives nothing or its full demand.", in.Voc.Sink))}
}

func (whole) Check(in *Instance, c checked, fl fails) {
	f := c.f
	for k, sk := range in.Sinks {
		if !sk.Whole || f.received[k] == 0 {
			continue
		}
		for t := range in.Periods {
			if f.arrive[k][t] < in.room(k, t) {
				fl.Add(unitWhole, fmt.Sprintf("%s receives %d%s, less than its full demand %d, and is not left out", sk.Name, f.arrive[k][t], in.inPeriod(t), in.room(k, t)))
			}
		}
	}
}

// ---- min-down (stateful): minimum down time ----

type minDown struct{}

func (minDown) Info() domains.Unit {
	return domains.Unit{ID: unitMinDown, Tier: domains.Stateful, Title: "minimum down time of a source"}
}

func groupDown(src string) string { return "minimum down time of " + src }

// Sample: 2 periods, or 3 one time in two with 4 periods or more; kept
// by the hidden plan when it can be: the shortest stop that is not cut by
// the end of the plan, at least 2.
func (minDown) Sample(in *Instance, r *rand.Rand) {
	in.MinDown = 2
	if in.T() >= 4 && r.IntN(2) == 0 {
		in.MinDown = 3
	}
	f := in.flows(in.planned)
	for s := range in.Sources {
		for t := 1; t < in.T(); t++ {
			if f.shipped[s][t-1] == 0 || f.shipped[s][t] > 0 {
				continue
			}
			g := 0
			for u := t; u < in.T() && f.shipped[s][u] == 0; u++ {
				g++
			}
			if t+g < in.T() && g < in.MinDown {
				in.MinDown = max(2, g)
			}
		}
	}
}

func (minDown) Model(b *builder) {
	in := b.in
	for s, src := range in.Sources {
		g := groupDown(src.Name)
		for t := 1; t < in.T(); t++ {
			for j := 1; j < in.MinDown && t+j < in.T(); j++ {
				b.m.AddAtLeast([]encode.Lit{b.ships(s, t+j).Not()}, 1).OnlyIf(b.ships(s, t-1).Lit(), b.ships(s, t).Not()).
					Named(fmt.Sprintf("%s: from %s +%d", g, in.Periods[t], j)).InGroup(g)
			}
		}
	}
}

func (minDown) Rules(in *Instance) []rule {
	v := in.Voc
	var out []rule
	for _, src := range in.Sources {
		next := fmt.Sprintf("in each of the next %d %s", in.MinDown-1, v.Periods)
		if in.MinDown == 2 {
			next = "in the next " + v.Period
		}
		out = append(out, rule{Name: groupDown(src.Name), Text: fmt.Sprintf("Once %s stops (it sends nothing in %s after sending something in the %s before), it sends nothing %s either, as far as the plan goes.",
			src.Name, prose.An(v.Period), v.Period, next)})
	}
	return out
}

func (minDown) Items(in *Instance) []domains.Item {
	return []domains.Item{domains.FeasibilityItem(unitMinDown, unitMinDown, domains.Stateful, fmt.Sprintf("Every stop of a %s after it has sent something lasts at least %d %s (or until the last %s).", in.Voc.Source, in.MinDown, in.Voc.Periods, in.Voc.Period))}
}

func (minDown) Check(in *Instance, c checked, fl fails) {
	f := c.f
	for s, src := range in.Sources {
		for t := 1; t < in.T(); t++ {
			if f.shipped[s][t-1] == 0 || f.shipped[s][t] > 0 {
				continue
			}
			for j := 1; j < in.MinDown && t+j < in.T(); j++ {
				if f.shipped[s][t+j] > 0 {
					fl.Add(unitMinDown, fmt.Sprintf("%s stops in %s but sends again in %s", src.Name, in.Periods[t], in.Periods[t+j]))
					break
				}
			}
		}
	}
}

// ---- critical-load (hard): per-period protection against a failure ----

type critical struct{}

func (critical) Info() domains.Unit {
	return domains.Unit{ID: unitCritical, Tier: domains.Hard, Title: "critical load protected against the failure of the largest source"}
}

func (in *Instance) groupCritical() string { return "critical load if " + in.Fail + " fails" }

// largest is the source with the largest total supply (the first of
// them on a tie).
func (in *Instance) largest() int {
	best := 0
	for s, src := range in.Sources {
		if sum(src.Supply) > sum(in.Sources[best].Supply) {
			best = s
		}
	}
	return best
}

// otherArrivals is what arrives at sink k in period t from the sources
// other than F.
func (in *Instance) otherArrivals(q quantities, F, k, t int) int {
	n := 0
	for s := range in.Sources {
		for t0 := range in.Periods {
			if a, ok := in.arrives(s, t0); ok && a == t && s != F {
				n += q[s][k][t0]
			}
		}
	}
	return n
}

// Sample: the largest source may fail; the critical load of each sink and
// period is 60–100 % of what the other sources deliver then in the
// hidden plan.
func (critical) Sample(in *Instance, r *rand.Rand) {
	F := in.largest()
	in.Fail = in.Sources[F].Name
	for k := range in.Sinks {
		c := make([]int, in.T())
		any := false
		for t := range in.Periods {
			if o := in.otherArrivals(in.planned, F, k, t); o > 0 {
				c[t] = max(1, o*(6+r.IntN(5))/10)
				any = true
			}
		}
		if any {
			in.Sinks[k].CriticalAt = c
		}
	}
}

// Binds (domains.Binder) reports whether some sink has a critical load.
// When none has (the largest source is the only one, or the hidden plan
// has it deliver everything), the unit is left out of the spec rather
// than drawn again: the failing source is fixed by the rule (the largest)
// and the loads are a share of what the other sources deliver in the
// hidden plan, so there is nothing else to draw. Fail stays (a record
// loaded with the unit put back states the same vacuous rule).
func (critical) Binds(in *Instance) bool {
	for _, sk := range in.Sinks {
		if slices.ContainsFunc(sk.CriticalAt, func(c int) bool { return c > 0 }) {
			return true
		}
	}
	return false
}

func (critical) Model(b *builder) {
	in := b.in
	F := in.srcIndex(in.Fail)
	for k, sk := range in.Sinks {
		for t, c := range sk.CriticalAt {
			if c == 0 {
				continue
			}
			var ts []encode.Term
			for s := range in.Sources {
				for t0 := range in.Periods {
					if a, _ := in.arrives(s, t0); a == t && s != F && b.ok[s][k][t0] {
						ts = append(ts, term(b.x[s][k][t0], 1))
					}
				}
			}
			b.m.AddLinear(ts, encode.GE, int64(c)).Named(fmt.Sprintf("%s: %s in %s", in.groupCritical(), sk.Name, in.Periods[t])).InGroup(in.groupCritical())
		}
	}
}

func (critical) Rules(in *Instance) []rule {
	v := in.Voc
	var parts []string
	for _, sk := range in.Sinks {
		if sk.CriticalAt == nil {
			continue
		}
		var ps []string
		for t, c := range sk.CriticalAt {
			if c > 0 {
				ps = append(ps, fmt.Sprintf("%s %d", in.Periods[t], c))
			}
		}
		if len(ps) < in.T() {
			ps = append(ps, "0 in the other "+in.Voc.Periods)
		}
		name := ""
		if in.K() > 1 {
			name = sk.Name + ": "
		}
		parts = append(parts, name+strings.Join(ps, ", "))
	}
	return []rule{{Name: in.groupCritical(), Text: fmt.Sprintf("%s, the %s with the largest total supply (the first listed on a tie), may fail. Even then the critical load must be covered: in every %s, what the other %s deliver in that %s (starting stock and stored %s do not count) is at least the critical load (%s).",
		in.Fail, v.Source, v.Period, v.Sources, v.Period, v.Goods, strings.Join(parts, "; "))}}

}

func (critical) Items(in *Instance) []domains.Item {
	return []domains.Item{domains.FeasibilityItem(unitCritical, unitCritical, domains.Hard, fmt.Sprintf("Without %s, the other %s cover the critical load in every %s.", in.Fail, in.Voc.Sources, in.Voc.Period))}
}

func (critical) Check(in *Instance, c checked, fl fails) {
	q := c.q
	F := in.srcIndex(in.Fail)
	for k, sk := range in.Sinks {
		for t, c := range sk.CriticalAt {
			if o := in.otherArrivals(q, F, k, t); o < c {
				fl.Add(unitCritical, fmt.Sprintf("without %s, %s gets %d%s, its critical load is %d", in.Fail, sk.Name, o, in.inPeriod(t), c))
			}
		}
	}
}
