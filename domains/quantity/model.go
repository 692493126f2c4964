package quantity

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/plancert/plancert/encode"
)

// Core group names. Groups named "core: …" are always on; those named
// "core: definition …" only define derived quantities (stock, served
// amounts, whether a shipment is used) and every plan keeps them.
func (in *Instance) groupSupply(s int) string { return "core: supply of " + in.Sources[s].Name }
func (in *Instance) groupSurplus(k int) string {
	return "core: no surplus at " + in.Sinks[k].Name
}
func (in *Instance) groupStock(k int) string {
	return "core: definition of the stock at " + in.Sinks[k].Name
}

const groupUsed = "core: definition of used shipments"

// isDefinition reports whether a group only defines derived quantities.
func isDefinition(g string) bool { return strings.HasPrefix(g, "core: definition ") }

// builder holds the model under construction.
type builder struct {
	in    *Instance
	m     *encode.Model
	x     [][][]encode.Var // shipment quantities; ok[s][k][t] says which exist
	ok    [][][]bool
	y     [][][]encode.Var // y ⇔ x > 0, made on demand
	z     [][]encode.Var   // source s ships in period t, made on demand
	stock [][]encode.Var   // stock[k][t] (procurement)
	total []encode.Var     // total served per sink (allocation)
	short []encode.Var     // shortfall per sink (allocation)
	pre   string           // prefix of the variable names ("recovery ")
	own   []encode.Var     // the shipment variables made by this builder, in answer order
}

func term(v encode.Var, c int64) encode.Term { return encode.Term{Var: v, Coef: c} }

// arrivals returns the terms of the shipments arriving at sink k in
// period t.
func (b *builder) arrivals(k, t int, coef int64) []encode.Term {
	var ts []encode.Term
	for s := range b.in.Sources {
		for t0 := range b.in.Periods {
			if a, _ := b.in.arrives(s, t0); a == t && b.ok[s][k][t0] {
				ts = append(ts, term(b.x[s][k][t0], coef))
			}
		}
	}
	return ts
}

// used returns the variable "shipment (s, k, t) is positive", defined
// both ways.
func (b *builder) used(s, k, t int) encode.Var {
	if b.y[s][k][t] >= 0 {
		return b.y[s][k][t]
	}
	in := b.in
	v := b.m.NewBool(fmt.Sprintf("%sused[%s|%s|%s]", b.pre, in.Sources[s].Name, in.Sinks[k].Name, in.Periods[t]))
	x := b.x[s][k][t]
	hi := int64(in.Sources[s].Supply[t])
	n := fmt.Sprintf("%s: %s", groupUsed, b.m.Name(x))
	b.m.AddLinear([]encode.Term{term(x, 1), term(v, -hi)}, encode.LE, 0).Named(n + " ≤").InGroup(groupUsed)
	b.m.AddLinear([]encode.Term{term(x, 1), term(v, -1)}, encode.GE, 0).Named(n + " ≥").InGroup(groupUsed)
	b.y[s][k][t] = v
	return v
}

// ships returns the variable "source s ships something in period t",
// defined both ways.
func (b *builder) ships(s, t int) encode.Var {
	if b.z[s][t] >= 0 {
		return b.z[s][t]
	}
	in := b.in
	v := b.m.NewBool(fmt.Sprintf("%sships[%s|%s]", b.pre, in.Sources[s].Name, in.Periods[t]))
	var ys []encode.Lit
	for k := range in.Sinks {
		if b.ok[s][k][t] {
			y := b.used(s, k, t)
			ys = append(ys, y.Lit())
			b.m.AddAtLeast([]encode.Lit{y.Not(), v.Lit()}, 1).Named(fmt.Sprintf("%s: ships %s %s %d", groupUsed, in.Sources[s].Name, in.Sinks[k].Name, t)).InGroup(groupUsed)
		}
	}
	if len(ys) == 0 {
		b.m.AddAtMost([]encode.Lit{v.Lit()}, 0).Named(fmt.Sprintf("%s: %s never ships in %d", groupUsed, in.Sources[s].Name, t)).InGroup(groupUsed)
	} else {
		b.m.AddAtLeast(ys, 1).OnlyIf(v.Lit()).Named(fmt.Sprintf("%s: ships %s %d", groupUsed, in.Sources[s].Name, t)).InGroup(groupUsed)
	}
	b.z[s][t] = v
	return v
}

// shippedTerms returns the terms of source s's total in period t.
func (b *builder) shippedTerms(s, t int, coef int64) []encode.Term {
	var ts []encode.Term
	for k := range b.in.Sinks {
		if b.ok[s][k][t] {
			ts = append(ts, term(b.x[s][k][t], coef))
		}
	}
	return ts
}

// receivedTerms returns the terms of everything arriving at sink k
// within the plan, with sources filtered by keep.
func (b *builder) receivedTerms(k int, keep func(s int) bool) []encode.Term {
	var ts []encode.Term
	for s := range b.in.Sources {
		if !keep(s) {
			continue
		}
		for t := range b.in.Periods {
			if b.ok[s][k][t] {
				ts = append(ts, term(b.x[s][k][t], 1))
			}
		}
	}
	return ts
}

// Model implements domains.Instance.
func (in *Instance) Model() (*encode.Model, error) {
	if err := in.validate(); err != nil {
		return nil, err
	}
	m := encode.NewModel()
	b := in.build(m, nil)
	answer := b.own
	var rb *builder
	if in.recovering() {
		// The recovery plan: the scenario's model in the same model, its
		// shipments before the failure being the plan's; every rule of it
		// is in the one group of the recovery rule, its definitions stay
		// definitions.
		n0 := len(m.Constraints)
		rb = in.scenario().build(m, b)
		rb.costTerms() // makes the recovery's used-shipment variables now, to be renamed below
		for _, c := range m.Constraints[n0:] {
			c.Name = "recovery: " + c.Name
			if isDefinition(c.Group) {
				c.Group = "core: definition of the recovery plan: " + strings.TrimPrefix(c.Group, "core: definition of ")
			} else {
				c.Group = in.groupRecovery()
			}
		}
		answer = append(answer, rb.own...)
		in.rxv = rb.x
	}
	m.SetAnswer(answer...)
	b.objectives(rb)
	in.xv = b.x
	return m, nil
}

// build adds the variables and constraints of in's plan to m: the
// shipments, the always-on rules and every sampled unit's constraints, but
// no objective. With main set (the recovery plan of main's instance), the
// shipments sent before the failure are main's variables and the names of
// new variables start with "recovery ".
func (in *Instance) build(m *encode.Model, main *builder) *builder {
	b := &builder{in: in, m: m}
	if main != nil {
		b.pre = "recovery "
	}
	S, K, T := in.S(), in.K(), in.T()
	b.x, b.ok, b.y = make([][][]encode.Var, S), make([][][]bool, S), make([][][]encode.Var, S)
	b.z = make([][]encode.Var, S)
	for s := range S {
		b.x[s], b.ok[s], b.y[s] = make([][]encode.Var, K), make([][]bool, K), make([][]encode.Var, K)
		b.z[s] = make([]encode.Var, T)
		for t := range T {
			b.z[s][t] = -1
		}
		for k := range K {
			b.x[s][k], b.ok[s][k], b.y[s][k] = make([]encode.Var, T), make([]bool, T), make([]encode.Var, T)
			for t := range T {
				b.y[s][k][t] = -1
			}
		}
	}
	in.eachShipment(func(s, k, t int) {
		b.ok[s][k][t] = true
		if main != nil && t < main.in.failFrom() {
			b.x[s][k][t] = main.x[s][k][t]
			return
		}
		b.x[s][k][t] = m.NewInt(fmt.Sprintf("%sx[%s|%s|%s]", b.pre, in.Sources[s].Name, in.Sinks[k].Name, in.Periods[t]), 0, int64(in.Sources[s].Supply[t]))
		b.own = append(b.own, b.x[s][k][t])
	})
	// Supply.
	for s, src := range in.Sources {
		for t := range T {
			if ts := b.shippedTerms(s, t, 1); len(ts) > 0 {
				m.AddLinear(ts, encode.LE, int64(src.Supply[t])).Named(fmt.Sprintf("%s in %s", in.groupSupply(s), in.Periods[t])).InGroup(in.groupSupply(s))
			}
		}
	}
	// Allocation: what arrives in a period serves that period's demand
	// (with the starting stock in the first period); nothing carries over,
	// and no sink receives more than a period's demand, so the shortfall
	// is the total demand minus the starting stock and the deliveries.
	// Procurement: every demand is met and stock carries over, so stock
	// after = stock before + arrivals − demand, and its domain
	// [0, storage] is the always-on demand and storage rules.
	b.stock = make([][]encode.Var, K)
	b.total, b.short = make([]encode.Var, K), make([]encode.Var, K)
	for k, sk := range in.Sinks {
		g := in.groupStock(k)
		if in.alloc() {
			D := int64(sum(sk.Demand))
			tot := m.NewInt(b.pre+"served["+sk.Name+"]", 0, D)
			sh := m.NewInt(b.pre+"short["+sk.Name+"]", 0, D)
			ts := append([]encode.Term{term(tot, -1)}, b.receivedTerms(k, func(int) bool { return true })...)
			m.AddLinear(ts, encode.EQ, -int64(sk.Init)).Named(g + ": served").InGroup(g)
			m.AddLinear([]encode.Term{term(sh, 1), term(tot, 1)}, encode.EQ, D).Named(g + ": shortfall").InGroup(g)
			b.total[k], b.short[k] = tot, sh
			for t := range T {
				init := 0
				if t == 0 {
					init = sk.Init
				}
				if ts := b.arrivals(k, t, 1); len(ts) > 0 {
					m.AddLinear(ts, encode.LE, int64(sk.Demand[t]-init)).Named(fmt.Sprintf("%s in %s", in.groupSurplus(k), in.Periods[t])).InGroup(in.groupSurplus(k))
				}
			}
			continue
		}
		b.stock[k] = make([]encode.Var, T)
		for t := range T {
			avail := b.arrivals(k, t, 1)
			init := int64(sk.Init)
			if t > 0 {
				avail = append(avail, term(b.stock[k][t-1], 1))
				init = 0
			}
			st := m.NewInt(fmt.Sprintf("%sstock[%s|%s]", b.pre, sk.Name, in.Periods[t]), 0, int64(in.Storage))
			m.AddLinear(append([]encode.Term{term(st, 1)}, negate(avail)...), encode.EQ, init-int64(sk.Demand[t])).Named(fmt.Sprintf("%s in %s", g, in.Periods[t])).InGroup(g)
			b.stock[k][t] = st
		}
	}
	for _, u := range in.units() {
		u.Model(b)
	}
	return b
}

func negate(ts []encode.Term) []encode.Term {
	out := make([]encode.Term, len(ts))
	for i, t := range ts {
		out[i] = encode.Term{Var: t.Var, Coef: -t.Coef}
	}
	return out
}

// costTerms returns the terms of the spend: units and order fees.
func (b *builder) costTerms() []encode.Term {
	var ts []encode.Term
	in := b.in
	in.eachShipment(func(s, k, t int) {
		if c := in.Cost[s][k]; c != 0 {
			ts = append(ts, term(b.x[s][k][t], int64(c)))
		}
		if f := in.Sources[s].Fee; f != 0 {
			ts = append(ts, term(b.used(s, k, t), int64(f)))
		}
	})
	return ts
}

// objectives adds the levels: the changes (replanning), the priority
// classes' shortfalls, the goal, the cost (allocation); then, with a
// recovery plan (rb), the same for it; then the tie-break:
// the plan's shipments, then the recovery's own.
func (b *builder) objectives(rb *builder) {
	in, m := b.in, b.m
	if in.replanning() {
		m.Minimize(b.changeTerms()...)
	}
	b.goalLevels()
	if rb != nil {
		rb.goalLevels()
	}
	if in.TieBreaks > 0 {
		for _, v := range b.own {
			m.Maximize(term(v, 1))
		}
		if rb != nil {
			for _, v := range rb.own {
				m.Maximize(term(v, 1))
			}
		}
	}
}

// goalLevels adds the goal levels of b's plan: the priority classes'
// shortfalls, the weighted shortfall and the cost (allocation), or the
// total cost (procurement).
func (b *builder) goalLevels() {
	in, m := b.in, b.m
	for _, c := range in.classes() {
		var ts []encode.Term
		for k, sk := range in.Sinks {
			if sk.Priority == c {
				ts = append(ts, term(b.short[k], 1))
			}
		}
		m.Minimize(ts...)
	}
	cost := b.costTerms()
	if in.Holding > 0 {
		for k := range in.Sinks {
			for t := range in.Periods {
				cost = append(cost, term(b.stock[k][t], int64(in.Holding)))
			}
		}
	}
	if in.alloc() {
		var ts []encode.Term
		for k, sk := range in.Sinks {
			if sk.Weight != 0 {
				ts = append(ts, term(b.short[k], int64(sk.Weight)))
			}
		}
		m.Minimize(ts...)
	}
	m.Minimize(cost...)
}

// Plan implements domains.Instance: the shipments with a positive
// quantity of the model built last (building one if there is none), and
// the recovery plan's (recovery unit).
func (in *Instance) Plan(asg encode.Assignment) (json.RawMessage, error) {
	if in.xv == nil {
		if _, err := in.Model(); err != nil {
			return nil, err
		}
	}
	q := in.zero()
	var err error
	read := func(q quantities, xv [][][]encode.Var) func(s, k, t int) {
		return func(s, k, t int) {
			v := xv[s][k][t]
			if int(v) >= len(asg) {
				err = fmt.Errorf("quantity: the solution has no value for %s", in.Sources[s].Name)
				return
			}
			q[s][k][t] = int(asg[v])
		}
	}
	in.eachShipment(read(q, in.xv))
	var rq quantities
	if in.recovering() {
		rq = in.zero()
		in.eachRecovery(read(rq, in.rxv))
	}
	if err != nil {
		return nil, err
	}
	return in.encode(q, rq), nil
}
