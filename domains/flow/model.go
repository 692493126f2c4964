package flow

import (
	"encoding/json"
	"fmt"

	"github.com/plancert/plancert/encode"
)

// Group names of the model. Groups named "core: …" are always on;
// groupLoads only defines derived counts. The other names are the rule
// names of the prompt.
func (in *Instance) groupMove(g int) string { return "core: movement of " + in.Groups[g].Name }

const (
	groupLoads    = "core: definition of the exit loads and counts"
	groupDeadline = "deadline"
)

func (in *Instance) groupArc(l int) string {
	return fmt.Sprintf("capacity of %s → %s", in.Links[l].From, in.Links[l].To)
}
func (in *Instance) groupExit(p int) string { return "capacity of " + in.Places[p].Name }
func (in *Instance) groupHold(p int) string { return "waiting room at " + in.Places[p].Name }

const (
	groupVulnerable = "vulnerable first"
	groupClosure    = "closure"
	groupWorst      = "worst case"
)

func term(v encode.Var, c int64) encode.Term { return encode.Term{Var: v, Coef: c} }

// builder holds the model under construction.
type builder struct {
	in *Instance
	m  *encode.Model
	x  [][][]encode.Var // x[g][l][t], -1 when the move has no variable
	w  [][][]encode.Var // w[g][p][t] waiting from t to t+1, -1 when none
}

// arrivals returns the terms of group g's moves that reach place p at step
// t (every step ≤ t when upTo), with coefficient coef(t0+travel).
func (b *builder) arrivals(g, p, t int, upTo bool, coef func(a int) int64) []encode.Term {
	var ts []encode.Term
	in := b.in
	for l, lk := range in.Links {
		if in.place(lk.To) != p {
			continue
		}
		for t0 := 0; t0+lk.Time <= in.H(); t0++ {
			a := t0 + lk.Time
			if v := b.x[g][l][t0]; v >= 0 && (a == t || upTo && a <= t) {
				ts = append(ts, term(v, coef(a)))
			}
		}
	}
	return ts
}

func one(int) int64 { return 1 }

// exitTerms returns the terms of everyone in group g reaching an allowed
// exit by step t.
func (b *builder) exitTerms(g, t int, coef func(a int) int64) []encode.Term {
	var ts []encode.Term
	for p, pl := range b.in.Places {
		if pl.Kind == KindExit && b.in.allowed(g, p) {
			ts = append(ts, b.arrivals(g, p, t, true, coef)...)
		}
	}
	return ts
}

// Model implements domains.Instance.
func (in *Instance) Model() (*encode.Model, error) { return in.build(true) }

// build makes the model of in; without objectives it leaves out the
// objective levels and the variables and constraints that only define
// them (exit loads, the busiest exit, the counts inside after each step,
// the changed moves): each is a function of the moves with room in its
// domain whatever they are, so the model without them has a solution
// exactly when the whole model has one. The generator's feasibility
// checks use it: lowering those definitions was most of their work.
func (in *Instance) build(objectives bool) (*encode.Model, error) {
	if err := in.validate(); err != nil {
		return nil, err
	}
	m := encode.NewModel()
	b := &builder{in: in, m: m}
	H, G, P, L := in.H(), len(in.Groups), len(in.Places), len(in.Links)
	b.x, b.w = make([][][]encode.Var, G), make([][][]encode.Var, G)
	for g := range G {
		b.x[g], b.w[g] = make([][]encode.Var, L), make([][]encode.Var, P)
		for l := range L {
			b.x[g][l] = make([]encode.Var, H+1)
			for t := range b.x[g][l] {
				b.x[g][l][t] = -1
			}
		}
		for p := range P {
			b.w[g][p] = make([]encode.Var, H+1)
			for t := range b.w[g][p] {
				b.w[g][p][t] = -1
			}
		}
	}
	var answer []encode.Var
	in.eachMove(func(g, l, t int) {
		lk := in.Links[l]
		v := m.NewInt(fmt.Sprintf("x[%s|%s→%s|%d]", in.Groups[g].Name, lk.From, lk.To, t), 0, int64(in.Groups[g].Size))
		b.x[g][l][t] = v
		answer = append(answer, v)
	})
	m.SetAnswer(answer...)
	e := in.earliest()
	// Movement: per group, place and step, who is there (arrivals, those
	// who waited, the group at its origin at step 0) either leaves on a
	// link or waits to the next step. Waiting is ≥ 0 by its domain.
	for g, gr := range in.Groups {
		for p, pl := range in.Places {
			if pl.Kind == KindExit || e[g][p] < 0 {
				continue
			}
			for t := e[g][p]; t < H; t++ {
				b.w[g][p][t] = m.NewInt(fmt.Sprintf("wait[%s|%s|%d]", gr.Name, pl.Name, t), 0, int64(gr.Size))
			}
		}
		for p, pl := range in.Places {
			if pl.Kind == KindExit || e[g][p] < 0 {
				continue
			}
			for t := e[g][p]; t < H; t++ {
				ts := b.arrivals(g, p, t, false, one)
				if t > e[g][p] {
					ts = append(ts, term(b.w[g][p][t-1], 1))
				}
				ts = append(ts, term(b.w[g][p][t], -1))
				for l, lk := range in.Links {
					if lk.From == pl.Name && b.x[g][l][t] >= 0 {
						ts = append(ts, term(b.x[g][l][t], -1))
					}
				}
				rhs := int64(0)
				if pl.Name == gr.Origin && t == 0 {
					rhs = -int64(gr.Size)
				}
				m.AddLinear(ts, encode.EQ, rhs).Named(fmt.Sprintf("%s at %s, step %d", in.groupMove(g), pl.Name, t)).InGroup(in.groupMove(g))
			}
		}
		// The deadline: everyone at an allowed exit by the horizon.
		m.AddLinear(b.exitTerms(g, H, one), encode.EQ, int64(gr.Size)).Named(fmt.Sprintf("%s: %s", groupDeadline, gr.Name)).InGroup(groupDeadline)
	}
	for _, u := range in.units() {
		u.Model(b)
	}
	if objectives {
		b.objectives()
	}
	in.xv = b.x
	return m, nil
}

// exitLoad returns the terms of everyone reaching exit p (every group).
func (b *builder) exitLoad(p int, t int, upTo bool) []encode.Term {
	var ts []encode.Term
	for g := range b.in.Groups {
		ts = append(ts, b.arrivals(g, p, t, upTo, one)...)
	}
	return ts
}

// objectives adds the levels: the busiest exit's load (balanced-exits),
// the total time, and the tie-break when in force.
func (b *builder) objectives() {
	in, m := b.in, b.m
	if in.replanning() {
		m.Minimize(b.changeTerms()...)
	}
	if in.has(unitBalance) {
		tot := 0
		for _, gr := range in.Groups {
			tot += gr.Size
		}
		var loads []encode.Var
		for p, pl := range in.Places {
			if pl.Kind != KindExit {
				continue
			}
			v := m.NewInt("load["+pl.Name+"]", 0, int64(tot))
			ts := append(b.exitLoad(p, in.H(), true), term(v, -1))
			m.AddLinear(ts, encode.EQ, 0).Named(groupLoads + ": " + pl.Name).InGroup(groupLoads)
			loads = append(loads, v)
		}
		mx := m.NewInt("busiest exit", 0, int64(tot))
		m.AddMax(mx, loads...).Named(groupLoads + ": busiest").InGroup(groupLoads)
		// Implied by the deadline (everyone reaches an exit, so the
		// loads sum to tot): the busiest exit takes at least the
		// average. Propagation cannot count this alone (a pigeonhole).
		m.AddLinear([]encode.Term{term(mx, int64(len(loads)))}, encode.GE, int64(tot)).Named(groupDeadline + ": the busiest exit takes at least the average").InGroup(groupDeadline)
		m.Minimize(term(mx, 1))
	}
	// The total time as Σ over steps t < H of the people not yet at an
	// exit after step t: each person counts the steps before its arrival.
	// The counts are order-encoded integers, falling from step to step by
	// at most what the exits take in, so the objective is a sum of unary
	// leaves and the exits' capacities bound it by propagation.
	N := int64(in.totalSize())
	var rest []encode.Term
	prev := encode.Var(-1)
	for t := 1; t < in.H(); t++ {
		// inside after t = inside after t−1 − arrivals at exits at t.
		r := m.NewInt(fmt.Sprintf("inside after step %d", t), 0, N)
		var ts []encode.Term
		for g := range in.Groups {
			for p, pl := range in.Places {
				if pl.Kind == KindExit && in.allowed(g, p) {
					ts = append(ts, b.arrivals(g, p, t, false, one)...)
				}
			}
		}
		ts = append(ts, term(r, 1))
		rhs := N
		if prev >= 0 {
			ts = append(ts, term(prev, -1))
			rhs = 0
		}
		m.AddLinear(ts, encode.EQ, rhs).Named(fmt.Sprintf("%s: inside after step %d", groupLoads, t)).InGroup(groupLoads)
		rest = append(rest, term(r, 1))
		prev = r
	}
	// Step 0 counts everyone: a constant level offset added as a fixed
	// integer so that the level's value is the total time itself.
	c0 := m.NewInt("inside after step 0", N, N)
	rest = append(rest, term(c0, 1))
	m.Minimize(rest...)
	if in.TieBreaks >= 1 {
		in.eachMove(func(g, l, t int) { m.Maximize(term(b.x[g][l][t], 1)) })
	}
}

// Plan implements domains.Instance: the moves with a positive count of
// the model built last (building one if there is none).
func (in *Instance) Plan(asg encode.Assignment) (json.RawMessage, error) {
	if in.xv == nil {
		if _, err := in.Model(); err != nil {
			return nil, err
		}
	}
	x := in.zero()
	var err error
	in.eachMove(func(g, l, t int) {
		v := in.xv[g][l][t]
		if v < 0 || int(v) >= len(asg) {
			err = fmt.Errorf("flow: the solution has no value for a move of %s", in.Groups[g].Name)
			return
		}
		x[g][l][t] = int(asg[v])
	})
	if err != nil {
		return nil, err
	}
	return in.encode(x), nil
}
