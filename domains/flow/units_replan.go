package flow

import (
	"fmt"
	"math/rand/v2"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/encode"
)

// ---- replanning (hard): minimum-change replanning after a disruption ----

const (
	unitReplan     = "replanning"
	itemDisruption = "disruption"
	groupDisrupt   = "disruption"
)

// Move is one move of a current plan.
type Move struct {
	Group string `json:"group"`
	From  string `json:"from"`
	To    string `json:"to"`
	Step  int    `json:"step"`
	Count int    `json:"count"`
}

type replanning struct{}

func (replanning) Info() domains.Unit {
	return domains.Unit{ID: unitReplan, Tier: domains.Hard, Title: "minimum-change replanning after a link closes",
		Excludes: []string{unitInfeasible, unitClosure}}
}

// replanning reports whether the instance has a current plan to change.
func (in *Instance) replanning() bool { return in.has(unitReplan) && in.Disruption != nil }

// current returns the current plan as move counts.
func (in *Instance) current() moves {
	x := in.zero()
	for _, mv := range in.Current {
		g, l := in.group(mv.Group), in.link(mv.From, mv.To)
		if g >= 0 && l >= 0 && mv.Step >= 0 && mv.Step <= in.H() {
			x[g][l][mv.Step] = mv.Count
		}
	}
	return x
}

// changes counts the moves (group, link, step) whose count differs from
// the current plan's.
func (in *Instance) changes(x moves) int {
	cur, n := in.current(), 0
	for g := range x {
		for l := range x[g] {
			for t := range x[g][l] {
				if x[g][l][t] != cur[g][l][t] {
					n++
				}
			}
		}
	}
	return n
}

// drawReplan solves the instance as it is (with the tie-break, so the
// current plan is its unique optimum), records that plan, then closes a
// link the plan uses from a step at which it uses it (at least 1), trying
// the plan's moves in a drawn order until the instance stays feasible
// (closed to the end, else for that one step); a step of horizon is added
// when none does.
func (in *Instance) drawReplan(r *rand.Rand) {
	for range 2 {
		c := *in
		c.TieBreaks = 1
		cert := in.solving.Optimum(c.Model)
		if cert == nil {
			return // infeasible as it is: gen drops it
		}
		x := in.zero()
		in.eachMove(func(g, l, t int) { x[g][l][t] = int(cert.Solution[c.xv[g][l][t]]) })
		in.Current = nil
		type used struct{ l, t int }
		var us []used
		for g := range x {
			for l, lk := range in.Links {
				for t, n := range x[g][l] {
					if n > 0 {
						in.Current = append(in.Current, Move{in.Groups[g].Name, lk.From, lk.To, t, n})
						if t >= 1 {
							us = append(us, used{l, t})
						}
					}
				}
			}
		}
		// A closure to the end first; then, when every one leaves no
		// plan (the link is the only way to a destination), a closure
		// for that one step, which people can wait out.
		perm := r.Perm(len(us))
		for _, span := range []int{0, 1} {
			for _, k := range perm {
				lk := in.Links[us[k].l]
				in.Disruption = &Closure{From: lk.From, To: lk.To, Start: us[k].t}
				if span > 0 {
					in.Disruption.End = us[k].t + span
				}
				if in.feasible() {
					return
				}
			}
		}
		in.Disruption = nil
		if in.Horizon >= in.maxH() {
			return
		}
		in.Horizon++
	}
	in.Current = nil
}

func (replanning) Model(b *builder) {
	in, m := b.in, b.m
	d := in.Disruption
	l := in.link(d.From, d.To)
	for g := range in.Groups {
		for t := d.Start; t <= in.H(); t++ {
			if v := b.x[g][l][t]; v >= 0 && d.covers(t) {
				m.AddLinear([]encode.Term{term(v, 1)}, encode.EQ, 0).Named(fmt.Sprintf("%s: %s at step %d", groupDisrupt, in.Groups[g].Name, t)).InGroup(groupDisrupt)
			}
		}
	}
}

// changeTerms returns one Boolean per move, true when its count differs
// from the current plan's (defined both ways).
func (b *builder) changeTerms() []encode.Term {
	in, m := b.in, b.m
	cur := in.current()
	var ts []encode.Term
	in.eachMove(func(g, l, t int) {
		x := b.x[g][l][t]
		c := int64(cur[g][l][t])
		ch := m.NewBool("changed " + m.Name(x))
		n := fmt.Sprintf("%s: %s", groupLoads, m.Name(ch))
		// Not changed ⇒ x = c; changed ⇒ x ≠ c (x ≤ c−1 or x ≥ c+1).
		m.AddLinear([]encode.Term{term(x, 1)}, encode.EQ, c).OnlyIf(ch.Not()).Named(n + " =").InGroup(groupLoads)
		hi := int64(in.Groups[g].Size)
		switch {
		case c == 0:
			m.AddLinear([]encode.Term{term(x, 1)}, encode.GE, 1).OnlyIf(ch.Lit()).Named(n + " >").InGroup(groupLoads)
		case c == hi:
			m.AddLinear([]encode.Term{term(x, 1)}, encode.LE, c-1).OnlyIf(ch.Lit()).Named(n + " <").InGroup(groupLoads)
		default:
			up := m.NewBool("up " + m.Name(x))
			m.AddLinear([]encode.Term{term(x, 1)}, encode.GE, c+1).OnlyIf(ch.Lit(), up.Lit()).Named(n + " >").InGroup(groupLoads)
			m.AddLinear([]encode.Term{term(x, 1)}, encode.LE, c-1).OnlyIf(ch.Lit(), up.Not()).Named(n + " <").InGroup(groupLoads)
		}
		ts = append(ts, term(ch, 1))
	})
	return ts
}

// covers reports whether the closure covers step t.
func (c *Closure) covers(t int) bool { return t >= c.Start && (c.End == 0 || t < c.End) }

// disruptionWords says when nobody may enter the disrupted link.
func (in *Instance) disruptionWords() string {
	d := in.Disruption
	if d.End > 0 {
		return fmt.Sprintf("at %s %d", in.Voc.Step, d.Start)
	}
	return fmt.Sprintf("at %s %d or later", in.Voc.Step, d.Start)
}

func (replanning) Rules(in *Instance) []rule {
	d := in.Disruption
	what := "closes"
	if d.End > 0 {
		what = "is blocked for one " + in.Voc.Step
	}
	return []rule{{Name: groupDisrupt, Text: fmt.Sprintf("%s → %s %s at %s %d (news that came after the current plan was made): nobody may enter it %s.", d.From, d.To, what, in.Voc.Step, d.Start, in.disruptionWords())}}
}

func (replanning) Items(in *Instance) []domains.Item {
	d := in.Disruption
	return []domains.Item{
		domains.FeasibilityItem(itemDisruption, unitReplan, domains.Hard, fmt.Sprintf("Nobody enters %s → %s %s (the disruption).", d.From, d.To, in.disruptionWords())),
		{ID: unitReplan, Tier: domains.Hard, Constraint: unitReplan, Kind: domains.KindObjective,
			Text: "The plan changes as few moves of the current plan as possible (the first goal)."},
	}
}

func (replanning) Check(in *Instance, c checked, fl fails) {
	s := c.s
	d := in.Disruption
	l := in.link(d.From, d.To)
	for t, n := range s.enter[l] {
		if n > 0 && d.covers(t) {
			fl.Add(itemDisruption, fmt.Sprintf("%d enter %s → %s at %s %d, when it is closed", n, d.From, d.To, in.Voc.Step, t))
		}
	}
}
