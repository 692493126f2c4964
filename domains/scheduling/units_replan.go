package scheduling

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/domains/prose"
	"github.com/plancert/plancert/encode"
	"github.com/plancert/plancert/solver"
)

// ---- minimum-change replanning (hard) ----
//
// The instance carries the current plan (the optimum under every other
// rule, found when the instance is generated) and a disruption that came
// after it: a room closed, or a person away, for a span of one day, which
// the current plan runs into. The new plan obeys every rule and the
// disruption; it changes as few activities as possible (an activity is
// changed when its day, start or room differs), then minimises the goal.

// Booking is one activity of the current plan: its day index, start slot
// and room.
type Booking struct {
	Activity string `json:"activity"`
	Day      int    `json:"day"`
	Start    int    `json:"start"`
	Room     string `json:"room"`
}

// Disruption is a change after the current plan was made: Room is closed,
// or Person is away, on Day in slots [From, To). Exactly one of Room and
// Person is set.
type Disruption struct {
	Room   string `json:"room,omitempty"`
	Person string `json:"person,omitempty"`
	Day    int    `json:"day"`
	From   int    `json:"from"`
	To     int    `json:"to"`
}

type replanning struct{}

func (replanning) Info() domains.Unit {
	return domains.Unit{ID: unitReplanning, Tier: domains.Hard, Title: "minimum-change replanning", Excludes: []string{unitInfeasible}}
}

// Rule names: the disruption is a model group; the current plan is stated
// as a rule with no group (a conflict cannot name it).
const (
	groupDisruption = "disruption"
	ruleCurrentPlan = "current plan"
)

// Sample solves the instance as it stands (every other unit's data is
// drawn: the unit is last in the pool) and takes its optimum as the
// current plan, then draws a disruption that the current plan runs into:
// one activity's span, widened by up to a slot on each side, becomes a
// closure of its room or an absence of one of its attendees. Up to six
// disruptions are drawn (the last three not widened); the first that
// leaves a feasible instance is kept, else the last.
func (replanning) Sample(a *Agenda, r *rand.Rand) {
	a.Current, a.Disruption = nil, nil
	pl := a.currentFromSolver()
	if pl == nil {
		// No plan under the other rules: the instance is infeasible
		// whatever the disruption. Book every activity at its first
		// option so that the data is complete.
		pl = make([]placement, len(a.Activities))
		for i := range a.Activities {
			pl[i] = placement{true, 0, 0, 0, 0}
		}
	}
	var current []Booking
	for i, p := range pl {
		current = append(current, Booking{a.Activities[i].Name, p.day, p.start, a.Rooms[p.room].Name})
	}
	for try := 0; try < 6; try++ {
		i := r.IntN(len(a.Activities))
		p, act := pl[i], a.Activities[i]
		d := &Disruption{Day: p.day, From: p.start, To: p.start + act.Duration}
		if try < 3 { // later tries do not widen the span
			d.From, d.To = max(0, d.From-r.IntN(2)), min(a.Slots, d.To+r.IntN(2))
		}
		if len(act.Attendees) > 0 && r.IntN(2) == 0 {
			d.Person = act.Attendees[r.IntN(len(act.Attendees))]
		} else {
			d.Room = a.Rooms[p.room].Name
		}
		a.Current, a.Disruption = current, d
		if a.feasible() {
			return
		}
	}
}

// feasible reports whether the instance has a plan (false also when the
// solver cannot tell in time).
func (a *Agenda) feasible() bool {
	m, err := a.Model()
	if err != nil {
		return false
	}
	ok, err := a.solving.Feasible(m, time.Minute)
	return err == nil && ok
}

// currentFromSolver returns an optimal plan of the instance without the
// unit's data, or nil when there is none (or none is found in time). It
// solves with both tie-break levels, so that the optimum is almost always
// unique and the current plan does not depend on the solver's search.
func (a *Agenda) currentFromSolver() []placement {
	tb := a.TieBreaks
	a.TieBreaks = 2
	m, err := a.Model()
	a.TieBreaks = tb
	if err != nil {
		return nil
	}
	res, err := a.solving.Optimize(m, time.Minute)
	if err != nil || (res.Status != solver.Optimal && res.Status != solver.Feasible) {
		return nil
	}
	return a.decode(m, res.Solution)
}

// decode reads the placements of a solution of a's model.
func (a *Agenda) decode(m *encode.Model, asg encode.Assignment) []placement {
	pl := make([]placement, len(a.Activities))
	for i := range a.Activities {
		for _, o := range a.options(i) {
			v, ok := m.Lookup(a.xName(i, o))
			if ok && asg[v] == 1 {
				pl[i] = placement{true, o.day, o.start, o.room, o.dur}
			}
		}
		if !pl[i].ok {
			return nil
		}
	}
	return pl
}

// current returns the current placement of every activity (ok false when
// the current plan does not book it, or books it at an unknown room).
func (a *Agenda) current() []placement {
	out := make([]placement, len(a.Activities))
	for _, bk := range a.Current {
		i, r := a.actIndex(bk.Activity), a.roomIndex(bk.Room)
		if i >= 0 && r >= 0 {
			out[i] = placement{true, bk.Day, bk.Start, r, 0}
		}
	}
	return out
}

func (a *Agenda) roomIndex(name string) int {
	return slices.IndexFunc(a.Rooms, func(room Room) bool { return room.Name == name })
}

// hit reports whether slots [start, start+dur) of day overlap the
// disruption's span.
func (d *Disruption) hit(day, start, dur int) bool {
	return day == d.Day && start < d.To && d.From < start+dur
}

func (replanning) Model(b *builder) {
	a, d := b.a, b.a.Disruption
	if d == nil {
		return
	}
	for i, act := range a.Activities {
		var ls []encode.Lit
		switch {
		case d.Room != "":
			r := a.roomIndex(d.Room)
			ls = b.lits(i, func(o option) bool { return o.room == r && d.hit(o.day, o.start, o.dur) })
		case d.Person != "" && attendsAct(act, d.Person):
			ls = b.times(i, func(day, start, dur int) bool { return d.hit(day, start, dur) })
		}
		if len(ls) > 0 {
			b.m.AddAtMost(ls, 0).Named(groupDisruption + ": " + act.Name).InGroup(groupDisruption)
		}
	}
}

func attendsAct(act Activity, p string) bool {
	for _, n := range act.Attendees {
		if n == p {
			return true
		}
	}
	return false
}

// levels: one level, the number of changed activities. changed_i is
// exactly the negation of "activity i takes its current option".
func (replanning) Levels(b *builder) [][]encode.Term {
	a := b.a
	if len(a.Current) == 0 {
		return nil
	}
	cur := a.current()
	var terms []encode.Term
	for i, act := range a.Activities {
		c := b.newBool("changed[" + act.Name + "]")
		terms = append(terms, encode.Term{Var: c, Coef: 1})
		name := "core: change count: " + act.Name
		ls := b.lits(i, func(o option) bool {
			return cur[i].ok && o == a.opt(i, cur[i])
		})
		if len(ls) == 0 {
			b.m.AddAtLeast([]encode.Lit{c.Lit()}, 1).Named(name).InGroup("core: change count")
			continue
		}
		b.m.AddExactly(append(ls, c.Lit()), 1).Named(name).InGroup("core: change count")
	}
	return [][]encode.Term{terms}
}

func (replanning) values(a *Agenda, pl []placement) []int64 {
	if len(a.Current) == 0 {
		return nil
	}
	cur := a.current()
	var n int64
	for i, p := range pl {
		c := cur[i]
		if !c.ok || p.day != c.day || p.start != c.start || p.room != c.room {
			n++
		}
	}
	return []int64{n}
}

func (replanning) goalText(a *Agenda) []string {
	if len(a.Current) == 0 {
		return nil
	}
	v := a.Voc
	return []string{fmt.Sprintf("change as few %s as possible: %s counts as changed when its day, start or %s differs from the current plan (rule %q)",
		v.Activities, prose.An(v.Activity), v.Room, ruleCurrentPlan)}
}

func (replanning) levelNoun(*Agenda) string { return "the number of changes" }

// disruptionText states the disruption, with no verb on a name (a name
// may be plural).
func (a *Agenda) disruptionText() string {
	d := a.Disruption
	span := fmt.Sprintf("the span from %s to %s", a.clock(d.From), a.clock(d.To))
	if len(a.Days) > 1 {
		span += " on " + a.Days[d.Day]
	}
	if d.Room != "" {
		return fmt.Sprintf("no %s that uses %s may overlap %s (%s unavailable).", a.Voc.Activity, d.Room, span, d.Room)
	}
	return fmt.Sprintf("no %s may overlap %s (%s unavailable).", a.Voc.with(a.Voc.Activity, d.Person), span, d.Person)
}

func (replanning) Rules(a *Agenda) []rule {
	if a.Disruption == nil {
		return nil
	}
	cur := a.current()
	var parts []string
	for i, act := range a.Activities {
		if c := cur[i]; c.ok {
			parts = append(parts, fmt.Sprintf("%s (%s %s, %s)", act.Name, a.Days[c.day], a.clock(c.start), a.Rooms[c.room].Name))
		}
	}
	return []rule{{Name: ruleCurrentPlan, Text: fmt.Sprintf("Before a change, the schedule was: %s. (This is not a requirement: the goal counts changes against it.)", strings.Join(parts, "; "))}, {Name: groupDisruption, Text: "A change since then: " + a.disruptionText()}}

}

func (replanning) Items(a *Agenda) []domains.Item {
	if a.Disruption == nil {
		return nil
	}
	d := a.Disruption
	span := fmt.Sprintf("%s %s–%s", a.Days[d.Day], a.clock(d.From), a.clock(d.To))
	text := fmt.Sprintf("No %s that uses %s overlaps %s (unavailable then).", a.Voc.Activity, d.Room, span)
	if d.Room == "" {
		text = fmt.Sprintf("No %s overlaps %s (unavailable then).", a.Voc.with(a.Voc.Activity, d.Person), span)
	}
	return []domains.Item{domains.FeasibilityItem(unitReplanning, unitReplanning, domains.Hard, text)}
}

func (replanning) Check(a *Agenda, ans *answer, f fails) {
	d := a.Disruption
	if d == nil {
		return
	}
	for i, act := range a.Activities {
		p := ans.pl[i]
		if !p.ok || !d.hit(p.day, p.start, a.plen(i, p)) {
			continue
		}
		span := fmt.Sprintf("%s %s–%s", a.Days[d.Day], a.clock(d.From), a.clock(d.To))
		switch {
		case d.Room != "" && a.Rooms[p.room].Name == d.Room:
			f.Add(unitReplanning, fmt.Sprintf("%s is in %s while it is closed (%s)", act.Name, d.Room, span))
		case d.Person != "" && attendsAct(act, d.Person):
			f.Add(unitReplanning, fmt.Sprintf("%s attends %s while away (%s)", d.Person, act.Name, span))
		}
	}
}

// withArticle returns an item of equipment with its indefinite article,
// none for a plural ("kickboards").
func withArticle(w string) string {
	if strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") {
		return w
	}
	return prose.An(w)
}
