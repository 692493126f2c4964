package flow

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/encode"
)

// Place kinds.
const (
	KindOrigin   = "origin"   // where a group starts; nothing enters it
	KindJunction = "junction" // a place people pass through and may wait at
	KindExit     = "exit"     // safety or a destination; nothing leaves it
)

// Instance is an instance of the flow core: groups of identical people (or
// cars) move over a small network in whole time steps 0, 1, …, Horizon.
// A move sends some people of a group into a link at a step; they reach
// the link's end after its travel time. People not sent on wait where they
// are until the next step. An exit absorbs everyone who reaches it.
//
// Always on: people of a group start at its origin at step 0, move only
// along listed links and leave a place only when they are there (the
// movement rule, a conservation law per group, place and step), and a
// group enters no exit but its own destinations. The deadline (everyone
// at an allowed exit by the horizon) is a named rule, so that a conflict
// can name it.
//
// Two plans are the same plan when every group sends the same number of
// people into every link at every step (the answer variables are these
// counts; waiting follows from them). People of one group are
// interchangeable; groups are not (they start at different places and may
// have different deadlines or destinations).
type Instance struct {
	// solving is lent by Generate's caller for the generator's own
	// feasibility solves, for that call only.
	solving domains.Solving
	// hmax bounds the horizon the generator may draw (0: maxHorizon);
	// larger levels have longer horizons.
	hmax int

	Sp      domains.Spec `json:"spec"`
	Voc     Vocab        `json:"vocabulary"`
	Horizon int          `json:"horizon"`
	Places  []Place      `json:"places"`
	Links   []Link       `json:"links"`
	Groups  []Group      `json:"groups"`
	// Deadline is the step by which vulnerable groups must all be out
	// (vulnerable-first unit).
	Deadline int `json:"vulnerable_deadline,omitempty"`
	// Closure closes one link for a span of steps (route-failure unit).
	Closure *Closure `json:"closure,omitempty"`
	// Current is the plan made before the Disruption, a link that closes
	// from a step on (replanning unit).
	Current    []Move   `json:"current_plan,omitempty"`
	Disruption *Closure `json:"disruption,omitempty"`
	// TieBreaks is 1 when the stated tie-break is in force.
	TieBreaks int `json:"tie_breaks"`

	// xv[g][l][t] are the move variables of the last model built (-1:
	// none), for Plan.
	xv [][][]encode.Var
}

// Vocab is a task's skin: the words of the prompt.
type Vocab struct {
	Person   string `json:"person"`   // "person"
	People   string `json:"people"`   // "people"
	Group    string `json:"group"`    // "group"
	Groups   string `json:"groups"`   // "groups"
	Link     string `json:"link"`     // "corridor"
	Links    string `json:"links"`    // "corridors"
	Junction string `json:"junction"` // "landing"
	Exit     string `json:"exit"`     // "exit"
	Exits    string `json:"exits"`    // "exits"
	Step     string `json:"step"`     // "minute"
	Intro    string `json:"intro"`
}

// Place is a node of the network. ExitCap is the most people an exit
// takes in at one step (exit-capacity unit; 0 = no limit); Hold the most
// people that may wait at a junction from one step to the next
// (waiting-limits unit).
type Place struct {
	Name    string `json:"name"`
	Kind    string `json:"kind"`
	ExitCap int    `json:"exit_capacity,omitempty"`
	Hold    int    `json:"waiting_room,omitempty"`
}

// Link is a directed arc from one place to another: Time steps of travel;
// Cap the most people who may enter it at one step, by step modulo
// len(Cap) (arc-capacity unit; a signal cycle when it has two values).
type Link struct {
	From string `json:"from"`
	To   string `json:"to"`
	Time int    `json:"travel_time"`
	Cap  []int  `json:"capacity,omitempty"`
}

// Group is a number of people who start at Origin. SizeLo is set when the
// size is only known to lie in [SizeLo, Size] (worst-case unit: the plan
// is made for Size). Dest lists the exits the group may use (empty: any
// exit). Vulnerable groups must be out by the vulnerable deadline.
type Group struct {
	Name       string   `json:"name"`
	Origin     string   `json:"origin"`
	Size       int      `json:"size"`
	SizeLo     int      `json:"size_low,omitempty"`
	Dest       []string `json:"destinations,omitempty"`
	Vulnerable bool     `json:"vulnerable,omitempty"`
}

// Closure closes the link From → To from step Start on: nobody may enter
// it at a step in [Start, End), End 0 meaning to the end.
type Closure struct {
	From  string `json:"from"`
	To    string `json:"to"`
	Start int    `json:"start"`
	End   int    `json:"end,omitempty"`
}

// Spec implements domains.Instance.
func (in *Instance) Spec() domains.Spec { return in.Sp }

func (in *Instance) has(unit string) bool { return in.Sp.Has(unit) }

// H is the horizon.
func (in *Instance) H() int { return in.Horizon }

func (in *Instance) place(name string) int {
	return slices.IndexFunc(in.Places, func(p Place) bool { return p.Name == name })
}

func (in *Instance) group(name string) int {
	return slices.IndexFunc(in.Groups, func(g Group) bool { return g.Name == name })
}

// link returns the index of the link from → to, or -1.
func (in *Instance) link(from, to string) int {
	for i, l := range in.Links {
		if l.From == from && l.To == to {
			return i
		}
	}
	return -1
}

// capAt is the capacity of link l at step t; ok is false when the link
// has no limit (the arc-capacity unit is off).
func (in *Instance) capAt(l, t int) (int, bool) {
	c := in.Links[l].Cap
	if !in.has(unitArcCap) || len(c) == 0 {
		return 0, false
	}
	return c[t%len(c)], true
}

// closed reports whether link l is closed at step t.
func (in *Instance) closed(l, t int) bool {
	c := in.Closure
	if c == nil || !in.has(unitClosure) || in.Links[l].From != c.From || in.Links[l].To != c.To {
		return false
	}
	return t >= c.Start && (c.End == 0 || t < c.End)
}

// allowed reports whether group g may enter exit p.
func (in *Instance) allowed(g, p int) bool {
	if in.Places[p].Kind != KindExit {
		return true
	}
	d := in.Groups[g].Dest
	if len(d) == 0 {
		return true
	}
	for _, n := range d {
		if n == in.Places[p].Name {
			return true
		}
	}
	return false
}

// earliest returns, per group and place, the first step the group can be
// there (travel times only; -1 when never), which bounds the moves of the
// model without changing its meaning.
func (in *Instance) earliest() [][]int {
	out := make([][]int, len(in.Groups))
	for g, gr := range in.Groups {
		d := make([]int, len(in.Places))
		for i := range d {
			d[i] = -1
		}
		d[in.place(gr.Origin)] = 0
		for changed := true; changed; {
			changed = false
			for _, l := range in.Links {
				a, b := in.place(l.From), in.place(l.To)
				if d[a] < 0 || !in.allowed(g, b) {
					continue
				}
				if nd := d[a] + l.Time; d[b] < 0 || nd < d[b] {
					d[b], changed = nd, true
				}
			}
		}
		out[g] = d
	}
	return out
}

// moves is a plan: x[g][l][t] people of group g enter link l at step t.
type moves [][][]int

func (in *Instance) zero() moves {
	x := make(moves, len(in.Groups))
	for g := range x {
		x[g] = make([][]int, len(in.Links))
		for l := range x[g] {
			x[g][l] = make([]int, in.H()+1)
		}
	}
	return x
}

// eachMove calls fn for every move the model has a variable for: group,
// link, step in the order of the answer (groups, links as listed, steps).
// A move exists when the group can be at the link's start by then, it
// arrives by the horizon, and it does not enter an exit the group may not
// use.
func (in *Instance) eachMove(fn func(g, l, t int)) {
	e := in.earliest()
	for g := range in.Groups {
		for l, lk := range in.Links {
			a, b := in.place(lk.From), in.place(lk.To)
			if e[g][a] < 0 || !in.allowed(g, b) {
				continue
			}
			for t := e[g][a]; t+lk.Time <= in.H(); t++ {
				fn(g, l, t)
			}
		}
	}
}

// state is what a plan does, computed exactly as the model defines it.
type state struct {
	short   []string  // movement failures: more leave than are there
	badExit []string  // a group entering an exit it may not use
	late    []string  // moves that arrive after the horizon
	wait    [][][]int // wait[g][p][t]: stay at p from t to t+1 (t < H)
	out     []int     // out[g]: people at an allowed exit by the horizon
	outBy   [][]int   // outBy[g][t]: reached an allowed exit at step ≤ t
	load    []int     // people through each exit (all groups)
	exitAt  [][]int   // exitAt[p][t]: people reaching exit p at step t
	enter   [][]int   // enter[l][t]: people entering link l at step t
	left    []int     // left[g]: people leaving the origin in total
	total   int       // sum over people of the step they reach an allowed exit
}

func (in *Instance) simulate(x moves) *state {
	H := in.H()
	P, L, G := len(in.Places), len(in.Links), len(in.Groups)
	s := &state{out: make([]int, G), outBy: make([][]int, G), load: make([]int, P), left: make([]int, G)}
	s.exitAt = make([][]int, P)
	for p := range s.exitAt {
		s.exitAt[p] = make([]int, H+1)
	}
	s.enter = make([][]int, L)
	for l := range s.enter {
		s.enter[l] = make([]int, H+1)
	}
	s.wait = make([][][]int, G)
	for g, gr := range in.Groups {
		s.outBy[g] = make([]int, H+1)
		s.wait[g] = make([][]int, P)
		here := make([][]int, P) // here[p][t]: arrivals at p at step t
		for p := range here {
			here[p] = make([]int, H+1)
			s.wait[g][p] = make([]int, H+1)
		}
		o := in.place(gr.Origin)
		here[o][0] = gr.Size
		for t := 0; t <= H; t++ {
			for p := range P {
				if in.Places[p].Kind == KindExit {
					continue
				}
				now := here[p][t]
				if t > 0 {
					now += s.wait[g][p][t-1]
				}
				sent := 0
				for l, lk := range in.Links {
					if lk.From != in.Places[p].Name || x[g][l][t] == 0 {
						continue
					}
					n := x[g][l][t]
					sent += n
					s.enter[l][t] += n
					if p == o {
						s.left[g] += n
					}
					b := in.place(lk.To)
					if !in.allowed(g, b) {
						s.badExit = append(s.badExit, fmt.Sprintf("%s enters %s, not its destination", gr.Name, lk.To))
					}
					if a := t + lk.Time; a > H {
						s.late = append(s.late, fmt.Sprintf("%d of %s enter %s → %s at %s %d and arrive after %s %d", n, gr.Name, lk.From, lk.To, in.Voc.Step, t, in.Voc.Step, H))
					} else {
						here[b][a] += n
					}
				}
				if sent > now {
					s.short = append(s.short, fmt.Sprintf("%d of %s leave %s at %s %d, but only %d are there", sent, gr.Name, in.Places[p].Name, in.Voc.Step, t, now))
				}
				if t < H {
					s.wait[g][p][t] = max(0, now-sent)
				}
			}
		}
		for p, pl := range in.Places {
			if pl.Kind != KindExit {
				continue
			}
			for t := 0; t <= H; t++ {
				n := here[p][t]
				s.exitAt[p][t] += n
				s.load[p] += n
				if in.allowed(g, p) {
					s.out[g] += n
					s.total += n * t
					s.outBy[g][t] += n
				}
			}
		}
		for t := 1; t <= H; t++ {
			s.outBy[g][t] += s.outBy[g][t-1]
		}
	}
	return s
}

// maxLoad is the load of the busiest exit.
func (in *Instance) maxLoad(s *state) int {
	m := 0
	for p, pl := range in.Places {
		if pl.Kind == KindExit {
			m = max(m, s.load[p])
		}
	}
	return m
}

// objectives returns the objective levels of a plan, as the model has
// them: the busiest exit's load (balanced-exits unit), the total time,
// then the tie-break's levels when in force.
func (in *Instance) objectives(x moves, s *state) []int64 {
	var out []int64
	if in.replanning() {
		out = append(out, int64(in.changes(x)))
	}
	if in.has(unitBalance) {
		out = append(out, int64(in.maxLoad(s)))
	}
	out = append(out, int64(s.total))
	if in.TieBreaks >= 1 {
		in.eachMove(func(g, l, t int) { out = append(out, int64(x[g][l][t])) })
	}
	return out
}

// nmin is the number of minimised levels before the maximised ones.
func (in *Instance) nmin() int {
	n := 1
	if in.has(unitBalance) {
		n++
	}
	if in.replanning() {
		n++
	}
	return n
}

// Better implements domains.Objectiver: the levels are minimised, except
// the tie-break's, which are maximised.
func (in *Instance) Better(x, y []int64) bool {
	n := in.nmin()
	return domains.LexBetter(x, y, func(level int) bool { return level >= n })
}

// Objective implements domains.Objectiver.
func (in *Instance) Objective(answer json.RawMessage) ([]int64, bool) {
	return domains.ObjectiveOf(in, answer)
}

// TieBreak implements domains.Instance (generated instances have the
// tie-break in force already, so it reports false for them): it states
// the tie-break that
// takes the largest list of move counts in the answer's order (one
// maximised level per move), which leaves one plan: two different plans
// differ at a first move. (A first tie-break "least sum of count × step",
// tried before, cost about six times the certification time for the
// weighted sum's totalizer and left most ties anyway.)
func (in *Instance) TieBreak() bool { return domains.NextTieBreak(&in.TieBreaks, 1) }
