package flow

import (
	"fmt"
	"slices"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/domains/prose"
	"github.com/plancert/plancert/encode"
)

// unit is one constraint of the flow pool, under the unit contract of
// domains (domains.UnitOf): its description, its constraints in the model
// (group names are the rule names of the prompt), its named rules for the
// prompt, its checklist items and its checks. Its data is drawn in
// generate.go, interleaved with the core's draws (moving it into Sample
// would change the random draws and so every instance).
type unit interface {
	domains.UnitOf[*Instance, *builder, checked]
}

// checked is what a unit's Check sees of an answer: its moves and the
// state they make.
type checked struct {
	x moves
	s *state
}

// rule is one named rule of the prompt (domains.Rule); Name is also its
// model group and what a conflict answer names.
type rule = domains.Rule

// fails collects failures per item (domains.Fails).
type fails = domains.Fails

// Unit IDs.
const (
	unitArcCap     = "arc-capacity"
	unitExitCap    = "exit-capacity"
	unitHold       = "waiting-limits"
	unitVulnerable = "vulnerable-first"
	unitBalance    = "balanced-exits"
	unitSelfCheck  = "self-check"
	unitClosure    = "route-failure"
	unitWorst      = "worst-case"
	unitInfeasible = "infeasibility"
)

// pool lists every unit of the core in a fixed order; instances apply
// their sampled units in this order.
var pool = domains.Pool[unit]{arcCap{}, exitCap{}, hold{}, vulnerable{}, balance{}, selfCheck{}, closure{}, worst{}, infeasible{}, replanning{}}

func poolInfo() []domains.Unit { return pool.Infos(nil) }

// units returns the sampled units of in, in pool order; the replanning
// unit only when the generator found a disruption that leaves a plan (it
// nearly always does; see drawReplan).
func (in *Instance) units() []unit {
	var out []unit
	for _, u := range pool {
		if id := u.Info().ID; in.has(id) && (id != unitReplan || in.replanning()) {
			out = append(out, u)
		}
	}
	return out
}

// totalSize is the number of people of every group.
func (in *Instance) totalSize() int {
	n := 0
	for _, g := range in.Groups {
		n += g.Size
	}
	return n
}

// ---- arc-capacity (basic) ----

type arcCap struct{}

func (arcCap) Info() domains.Unit {
	return domains.Unit{ID: unitArcCap, Tier: domains.Basic, Title: "link capacity per step"}
}

func (arcCap) Model(b *builder) {
	in := b.in
	for l := range in.Links {
		for t := 0; t <= in.H(); t++ {
			c, ok := in.capAt(l, t)
			if !ok {
				continue
			}
			var ts []encode.Term
			for g := range in.Groups {
				if v := b.x[g][l][t]; v >= 0 {
					ts = append(ts, term(v, 1))
				}
			}
			if len(ts) > 0 && c < in.totalSize() {
				b.m.AddLinear(ts, encode.LE, int64(c)).Named(fmt.Sprintf("%s at step %d", in.groupArc(l), t)).InGroup(in.groupArc(l))
			}
		}
	}
}

func (arcCap) Rules(in *Instance) []rule {
	var out []rule
	for l, lk := range in.Links {
		var text string
		if len(lk.Cap) == 1 {
			text = fmt.Sprintf("At most %s %s %s → %s at any one %s.", in.people(lk.Cap[0]), prose.Plural(lk.Cap[0], "enters", "enter"), lk.From, lk.To, in.Voc.Step)
		} else {
			text = fmt.Sprintf("At most %s %s %s → %s at an even %s (0, 2, …) and at most %d at an odd %s.", in.people(lk.Cap[0]), prose.Plural(lk.Cap[0], "enters", "enter"), lk.From, lk.To, in.Voc.Step, lk.Cap[1], in.Voc.Step)
		}
		out = append(out, rule{Name: in.groupArc(l), Text: text})
	}
	return out
}

func (arcCap) Items(in *Instance) []domains.Item {
	return []domains.Item{domains.FeasibilityItem(unitArcCap, unitArcCap, domains.Basic, fmt.Sprintf("No more %s enter a %s at one %s than its capacity at that %s (all %s together).", in.Voc.People, in.Voc.Link, in.Voc.Step, in.Voc.Step, in.Voc.Groups))}
}

func (arcCap) Check(in *Instance, c checked, fl fails) {
	s := c.s
	for l, lk := range in.Links {
		for t, n := range s.enter[l] {
			if c, ok := in.capAt(l, t); ok && n > c {
				fl.Add(unitArcCap, fmt.Sprintf("%d enter %s → %s at %s %d, its capacity is %d", n, lk.From, lk.To, in.Voc.Step, t, c))
			}
		}
	}
}

// ---- exit-capacity (basic) ----

type exitCap struct{}

func (exitCap) Info() domains.Unit {
	return domains.Unit{ID: unitExitCap, Tier: domains.Basic, Title: "exit capacity per step"}
}

// exitBinds reports whether exit p's capacity can bind a plan that keeps
// the other rules: it is below the number of people who may reach p (the
// groups whose destination it may be) and, with the arc-capacity unit,
// below the most that the links into p can bring at one step (the sum of
// their largest capacities). A capacity at or above either is stated,
// modelled and checked nowhere: only an answer that already breaks a
// destination or a link's capacity could exceed it.
func (in *Instance) exitBinds(p int) bool {
	pl := in.Places[p]
	if pl.Kind != KindExit || pl.ExitCap <= 0 {
		return false
	}
	may := 0
	for g := range in.Groups {
		if in.allowed(g, p) {
			may += in.Groups[g].Size
		}
	}
	if pl.ExitCap >= may {
		return false
	}
	if !in.has(unitArcCap) {
		return true
	}
	inflow := 0
	for _, lk := range in.Links {
		if lk.To == pl.Name && len(lk.Cap) > 0 {
			inflow += slices.Max(lk.Cap)
		}
	}
	return pl.ExitCap < inflow
}

// Binds (domains.Binder) reports whether some exit's capacity can bind
// (exitBinds). When none can, the unit is left out of the spec rather
// than drawn again: the capacities are drawn from the subtask's span
// before the network's links and the groups' destinations, on which
// binding depends, and a second draw for the instances where none binds
// would change their odds. The capacities stay in the data (a record
// loaded with the unit put back states nothing more).
func (exitCap) Binds(in *Instance) bool {
	for p := range in.Places {
		if in.exitBinds(p) {
			return true
		}
	}
	return false
}

func (exitCap) Model(b *builder) {
	in := b.in
	for p := range in.Places {
		if !in.exitBinds(p) {
			continue
		}
		pl := in.Places[p]
		for t := 1; t <= in.H(); t++ {
			if ts := b.exitLoad(p, t, false); len(ts) > 0 {
				b.m.AddLinear(ts, encode.LE, int64(pl.ExitCap)).Named(fmt.Sprintf("%s at step %d", in.groupExit(p), t)).InGroup(in.groupExit(p))
			}
		}
	}
}

func (exitCap) Rules(in *Instance) []rule {
	var out []rule
	for p, pl := range in.Places {
		if in.exitBinds(p) {
			out = append(out, rule{Name: in.groupExit(p), Text: fmt.Sprintf("At most %s %s %s at any one %s.", in.people(pl.ExitCap), prose.Plural(pl.ExitCap, "reaches", "reach"), pl.Name, in.Voc.Step)})
		}
	}
	return out
}

func (exitCap) Items(in *Instance) []domains.Item {
	return []domains.Item{domains.FeasibilityItem(unitExitCap, unitExitCap, domains.Basic, fmt.Sprintf("No %s takes in more %s at one %s than its capacity (all %s together).", in.Voc.Exit, in.Voc.People, in.Voc.Step, in.Voc.Groups))}
}

func (exitCap) Check(in *Instance, c checked, fl fails) {
	s := c.s
	for p, pl := range in.Places {
		if !in.exitBinds(p) {
			continue
		}
		for t, n := range s.exitAt[p] {
			if n > pl.ExitCap {
				fl.Add(unitExitCap, fmt.Sprintf("%d reach %s at %s %d, its capacity is %d", n, pl.Name, in.Voc.Step, t, pl.ExitCap))
			}
		}
	}
}

// ---- waiting-limits (basic) ----

type hold struct{}

func (hold) Info() domains.Unit {
	return domains.Unit{ID: unitHold, Tier: domains.Basic, Title: "waiting room at junctions"}
}

func (hold) Model(b *builder) {
	in := b.in
	for p, pl := range in.Places {
		if pl.Kind != KindJunction {
			continue
		}
		for t := 0; t < in.H(); t++ {
			var ts []encode.Term
			for g := range in.Groups {
				if v := b.w[g][p][t]; v >= 0 {
					ts = append(ts, term(v, 1))
				}
			}
			if len(ts) > 0 {
				b.m.AddLinear(ts, encode.LE, int64(pl.Hold)).Named(fmt.Sprintf("%s, step %d", in.groupHold(p), t)).InGroup(in.groupHold(p))
			}
		}
	}
}

func (hold) Rules(in *Instance) []rule {
	var out []rule
	for p, pl := range in.Places {
		if pl.Kind != KindJunction {
			continue
		}
		text := fmt.Sprintf("Nobody may wait at %s: whoever arrives there moves on at the same %s.", pl.Name, in.Voc.Step)
		if pl.Hold > 0 {
			text = fmt.Sprintf("At most %s may wait at %s from one %s to the next (all %s together).", in.people(pl.Hold), pl.Name, in.Voc.Step, in.Voc.Groups)
		}
		out = append(out, rule{Name: in.groupHold(p), Text: text})
	}
	return out
}

func (hold) Items(in *Instance) []domains.Item {
	return []domains.Item{domains.FeasibilityItem(unitHold, unitHold, domains.Basic, fmt.Sprintf("At every %s no more %s wait at %s than its waiting room.", in.Voc.Step, in.Voc.People, prose.An(in.Voc.Junction)))}
}

func (hold) Check(in *Instance, c checked, fl fails) {
	s := c.s
	for p, pl := range in.Places {
		if pl.Kind != KindJunction {
			continue
		}
		for t := 0; t < in.H(); t++ {
			n := 0
			for g := range in.Groups {
				n += s.wait[g][p][t]
			}
			if n > pl.Hold {
				fl.Add(unitHold, fmt.Sprintf("%d wait at %s from %s %d to %d, room for %d", n, pl.Name, in.Voc.Step, t, t+1, pl.Hold))
			}
		}
	}
}

// ---- vulnerable-first (medium): an earlier deadline ----

type vulnerable struct{}

func (vulnerable) Info() domains.Unit {
	return domains.Unit{ID: unitVulnerable, Tier: domains.Medium, Title: "vulnerable groups out by an earlier deadline"}
}

func (vulnerable) Model(b *builder) {
	in := b.in
	for g, gr := range in.Groups {
		if gr.Vulnerable {
			b.m.AddLinear(b.exitTerms(g, in.Deadline, one), encode.EQ, int64(gr.Size)).Named(fmt.Sprintf("%s: %s", groupVulnerable, gr.Name)).InGroup(groupVulnerable)
		}
	}
}

func (in *Instance) vulnerableNames() []string {
	var out []string
	for _, g := range in.Groups {
		if g.Vulnerable {
			out = append(out, g.Name)
		}
	}
	return out
}

func (vulnerable) Rules(in *Instance) []rule {
	return []rule{{Name: groupVulnerable, Text: fmt.Sprintf("Every %s of %s (vulnerable) reaches %s by %s %d.", in.Voc.Person, prose.JoinAnd(in.vulnerableNames()), in.exitWords(), in.Voc.Step, in.Deadline)}}
}

func (vulnerable) Items(in *Instance) []domains.Item {
	return []domains.Item{domains.FeasibilityItem(unitVulnerable, unitVulnerable, domains.Medium, fmt.Sprintf("Everyone of %s reaches %s by %s %d.", prose.JoinAnd(in.vulnerableNames()), in.exitWords(), in.Voc.Step, in.Deadline))}
}

func (vulnerable) Check(in *Instance, c checked, fl fails) {
	s := c.s
	for g, gr := range in.Groups {
		if gr.Vulnerable && s.outBy[g][min(in.Deadline, in.H())] < gr.Size {
			fl.Add(unitVulnerable, fmt.Sprintf("only %d of %s's %d are out by %s %d", s.outBy[g][min(in.Deadline, in.H())], gr.Name, gr.Size, in.Voc.Step, in.Deadline))
		}
	}
}

// ---- balanced-exits (medium): an objective level ----

type balance struct{}

func (balance) Info() domains.Unit {
	return domains.Unit{ID: unitBalance, Tier: domains.Medium, Title: "balanced exit use (least load of the busiest exit)"}
}
func (balance) Model(*builder)                  {}
func (balance) Rules(*Instance) []rule          { return nil }
func (balance) Check(*Instance, checked, fails) {}
func (balance) Items(in *Instance) []domains.Item {
	rank := "the first goal"
	if in.replanning() {
		rank = "the second goal, after the fewest changes" // as the goal orders them
	}
	return []domains.Item{{ID: unitBalance, Tier: domains.Medium, Constraint: unitBalance, Kind: domains.KindObjective,
		Text: fmt.Sprintf("The busiest %s takes in as few %s as possible (%s).", in.Voc.Exit, in.Voc.People, rank)}}
}

// ---- self-check (medium): the stated total ----

type selfCheck struct{}

const itemStated = "stated"

func (selfCheck) Info() domains.Unit {
	return domains.Unit{ID: unitSelfCheck, Tier: domains.Medium, Title: "stated total time (conflict validation)"}
}
func (selfCheck) Model(*builder)                  {}
func (selfCheck) Rules(*Instance) []rule          { return nil }
func (selfCheck) Check(*Instance, checked, fails) {}
func (selfCheck) Items(in *Instance) []domains.Item {
	return []domains.Item{{ID: itemStated, Tier: domains.Medium, Constraint: unitSelfCheck, Kind: domains.KindStated,
		Text: "The \"total_time\" stated in the answer equals the plan's true total time."}}
}

// ---- route-failure (hard): a link closes ----

type closure struct{}

func (closure) Info() domains.Unit {
	return domains.Unit{ID: unitClosure, Tier: domains.Hard, Title: "route failure: a link closes at a step"}
}

func (closure) Model(b *builder) {
	in := b.in
	l := in.link(in.Closure.From, in.Closure.To)
	for g := range in.Groups {
		for t := 0; t <= in.H(); t++ {
			if v := b.x[g][l][t]; v >= 0 && in.closed(l, t) {
				b.m.AddLinear([]encode.Term{term(v, 1)}, encode.EQ, 0).Named(fmt.Sprintf("%s: %s at step %d", groupClosure, in.Groups[g].Name, t)).InGroup(groupClosure)
			}
		}
	}
}

func (in *Instance) closureWords() string {
	c := in.Closure
	if c.End > 0 {
		return fmt.Sprintf("%s → %s is closed from %s %d to %s %d: nobody may enter it at %s %d to %d", c.From, c.To, in.Voc.Step, c.Start, in.Voc.Step, c.End-1, in.Voc.Step, c.Start, c.End-1)
	}
	return fmt.Sprintf("%s → %s closes at %s %d: nobody may enter it at %s %d or later", c.From, c.To, in.Voc.Step, c.Start, in.Voc.Step, c.Start)
}

func (closure) Rules(in *Instance) []rule {
	return []rule{{Name: groupClosure, Text: prose.Capital(in.closureWords()) + "."}}
}

func (closure) Items(in *Instance) []domains.Item {
	return []domains.Item{domains.FeasibilityItem(unitClosure, unitClosure, domains.Hard, fmt.Sprintf("Nobody enters %s while it is closed.", in.Closure.From+" → "+in.Closure.To))}
}

func (closure) Check(in *Instance, c checked, fl fails) {
	s := c.s
	l := in.link(in.Closure.From, in.Closure.To)
	for t, n := range s.enter[l] {
		if n > 0 && in.closed(l, t) {
			fl.Add(unitClosure, fmt.Sprintf("%d enter %s → %s at %s %d, when it is closed", n, in.Closure.From, in.Closure.To, in.Voc.Step, t))
		}
	}
}

// ---- worst-case (hard): group sizes are intervals ----

type worst struct{}

func (worst) Info() domains.Unit {
	return domains.Unit{ID: unitWorst, Tier: domains.Hard, Title: "worst-case group sizes"}
}

func (worst) Model(b *builder) {
	in := b.in
	for g, gr := range in.Groups {
		o := in.place(gr.Origin)
		var ts []encode.Term
		for l, lk := range in.Links {
			if in.place(lk.From) == o {
				for t := 0; t <= in.H(); t++ {
					if v := b.x[g][l][t]; v >= 0 {
						ts = append(ts, term(v, 1))
					}
				}
			}
		}
		b.m.AddLinear(ts, encode.EQ, int64(gr.Size)).Named(fmt.Sprintf("%s: %s", groupWorst, gr.Name)).InGroup(groupWorst)
	}
}

func (worst) Rules(in *Instance) []rule {
	return []rule{{Name: groupWorst, Text: fmt.Sprintf("The size of a %s is only known as a range: the plan must move the largest number of the range out of every starting place, so that it works whatever the true number is.", in.Voc.Group)}}
}

func (worst) Items(in *Instance) []domains.Item {
	return []domains.Item{domains.FeasibilityItem(unitWorst, unitWorst, domains.Hard, fmt.Sprintf("The plan moves the largest possible number of each %s out of its starting place (the worst case).", in.Voc.Group))}
}

func (worst) Check(in *Instance, c checked, fl fails) {
	s := c.s
	for g, gr := range in.Groups {
		if s.left[g] != gr.Size {
			fl.Add(unitWorst, fmt.Sprintf("%d of %s leave %s, the worst case is %d", s.left[g], gr.Name, gr.Origin, gr.Size))
		}
	}
}

// ---- infeasibility (hard): the horizon may be too short ----

type infeasible struct{}

func (infeasible) Info() domains.Unit {
	return domains.Unit{ID: unitInfeasible, Tier: domains.Hard, Title: "infeasibility detection (a deadline too short)"}
}
func (infeasible) Model(*builder)                  {}
func (infeasible) Rules(*Instance) []rule          { return nil }
func (infeasible) Items(*Instance) []domains.Item  { return nil }
func (infeasible) Check(*Instance, checked, fails) {}

// people says n of the instance's people: "1 family", "3 families".
func (in *Instance) people(n int) string {
	return fmt.Sprintf("%d %s", n, prose.Plural(n, in.Voc.Person, in.Voc.People))
}
