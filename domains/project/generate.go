package project

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/plancert/plancert/domains"
)

// span is a size range of the tables (see domains.Span).
type span domains.Span

// subtask is one skin of a task over the project core.
type subtask struct {
	ID, Title  string
	Voc        Vocab
	Activities []string // name pool, in a natural order (earlier names tend to come first)
	NAct       span
	Resources  []string
	NRes       span
	Dur        span
	Cap        span
	// Edge is the chance in percent that an earlier activity precedes a
	// later one (before the transitive reduction).
	Edge int
	// Pool and ResPool are the long name pools of the levels above 1, in
	// a natural order; each holds Activities and Resources.
	Pool, ResPool []string
	Likely        map[string]float64
	Always        []string
	Exclude       []string
	// IntroWithout is the intro when the unit IntroUnit is not drawn: the
	// intro (Voc.Intro) tells of the rule of that unit (some activities
	// wait for others; the crews are limited), and an intro may mention
	// only rules the instance has.
	IntroUnit, IntroWithout string
}

// task is a task of the family.
type task struct {
	ID, Name string
	Subtasks []subtask
	// Acts are the activity counts of the levels above 1 where they are
	// not levelActivities' (zero: levelActivities').
	Acts [domains.Levels + 1]span
}

var registered []*task

func register(t *task) {
	registered = append(registered, t)
	domains.RegisterSkin(domains.Skin[*subtask]{
		Pkg:      "project",
		Task:     domains.Task{ID: t.ID, Name: t.Name, Family: domains.Project, Core: "project", Pool: pool, Claims: introClaims},
		Subtasks: domains.Ptrs(t.Subtasks),
		View: func(st *subtask) domains.Subtask {
			return domains.Subtask{ID: st.ID, Title: st.Title, Likely: st.Likely, Exclude: st.Exclude, Always: st.Always}
		},
		Generate: func(_ domains.Solving, st *subtask, spec domains.Spec, r *rand.Rand) (domains.Instance, error) {
			return st.generate(spec, r)
		},
		Load:    domains.Loader("project", t.ID, (*Instance).validate),
		AtLevel: func(st *subtask, level int) *subtask { return st.atLevel(level, &t.Acts) },
		Sizes:   (*subtask).sizes,
	})
}

// generate builds an instance: activities, precedences and resources; the
// windows, releases and slack a hidden plan must respect; the hidden plan
// (the serial schedule-generation scheme, which keeps every rule so far);
// then the horizon and the data the hidden plan fixes (deadlines, due
// dates, the current plan and its delay) and last the impossible deadline.
// The units' draws stay here, each behind spec.Has of its unit, because
// they are interleaved with the core's own (the activities, the hidden
// plan, the horizon) and with each other in an order that is not the
// units' (the exception's resource before the maintenance windows, the
// releases before the slack, the deadlines after the horizon): moving
// them into the units' Sample or Prepare would change every instance.
func (st *subtask) generate(spec domains.Spec, r *rand.Rand) (*Instance, error) {
	in := &Instance{Sp: spec, Voc: st.Voc}
	if st.IntroWithout != "" && !spec.Has(st.IntroUnit) {
		in.Voc.Intro = st.IntroWithout
	}
	n := domains.Draw(r, st.NAct)
	for _, name := range domains.Pick(r, st.Activities, n) {
		in.Activities = append(in.Activities, Activity{Name: name, Duration: domains.Draw(r, st.Dur)})
	}
	if spec.Has(unitPrecedence) {
		for j := range in.Activities {
			for i := range j {
				if r.IntN(100) < st.Edge {
					in.Activities[j].After = append(in.Activities[j].After, in.Activities[i].Name)
				}
			}
		}
		in.reduce()
		if spec.Has(unitSlack) && !in.anyAfter() { // slack needs a successor somewhere
			in.Activities[n-1].After = []string{in.Activities[0].Name}
		}
	}
	if spec.Has(unitCapacity) {
		for _, name := range domains.Pick(r, st.Resources, domains.Draw(r, st.NRes)) {
			in.Resources = append(in.Resources, Resource{Name: name, Capacity: domains.Draw(r, st.Cap)})
		}
		for i := range in.Activities {
			d := make([]int, len(in.Resources))
			for k, res := range in.Resources {
				if r.IntN(100) < 60 {
					d[k] = 1 + r.IntN(res.Capacity)
				}
			}
			if sum(d) == 0 {
				k := r.IntN(len(d))
				d[k] = 1 + r.IntN(in.Resources[k].Capacity)
			}
			in.Activities[i].Demand = d
		}
	}
	var fail = -1
	if spec.Has(unitException) {
		// The resource that may lose a unit: one with capacity ≥ 2 (one
		// is raised to 2 if none has); its demands fit the reduced
		// capacity.
		var cands []int
		for k, res := range in.Resources {
			if res.Capacity >= 2 {
				cands = append(cands, k)
			}
		}
		if len(cands) == 0 {
			in.Resources[0].Capacity = 2
			cands = []int{0}
		}
		fail = cands[r.IntN(len(cands))]
		c := in.Resources[fail].Capacity - 1
		for i := range in.Activities {
			in.Activities[i].Demand[fail] = min(in.Activities[i].Demand[fail], c)
		}
		in.Exception = &Exception{Resource: in.Resources[fail].Name, Capacity: c}
	}
	nw := in.network()
	total := sum(nw.dur)
	var blocked [][]bool
	if spec.Has(unitMaintenance) {
		blocked = make([][]bool, len(in.Resources))
		for k := range in.Resources {
			blocked[k] = make([]bool, 2*total+8)
			if k > 0 && r.IntN(2) == 0 {
				continue
			}
			from := 1 + r.IntN(max(1, total/2))
			w := Window{From: from, To: from + 1 + r.IntN(2)}
			in.Resources[k].Down = []Window{w}
			for t := w.From; t < w.To; t++ {
				blocked[k][t] = true
			}
		}
	}
	rel := make([]int, n)
	if spec.Has(unitDeadlines) {
		for i := range in.Activities {
			if r.IntN(3) == 0 {
				in.Activities[i].Release = 1 + r.IntN(3)
				rel[i] = in.Activities[i].Release
			}
		}
	}
	gap := make([]int, n)
	if spec.Has(unitSlack) {
		in.Slack = 1 + r.IntN(2)
		var cands []int
		for i, a := range in.Activities {
			for _, b := range in.Activities {
				if slices.Contains(b.After, a.Name) {
					cands = append(cands, i)
					break
				}
			}
		}
		r.Shuffle(len(cands), func(x, y int) { cands[x], cands[y] = cands[y], cands[x] })
		for _, i := range cands[:min(len(cands), 1+r.IntN(2))] {
			in.Activities[i].Critical = true
			gap[i] = in.Slack
		}
	}
	plan := nw.serialGap(rel, blocked, gap)
	ends := func(p []int) []int {
		e := make([]int, n)
		for i := range p {
			e[i] = p[i] + nw.dur[i] + gap[i]
		}
		return e
	}
	latest := ends(plan)
	if spec.Has(unitReplan) {
		in.Current = plan
		x := r.IntN(n)
		d := &Delay{Activity: in.Activities[x].Name, Earliest: plan[x] + 1 + r.IntN(2)}
		in.Delay = d
		rel2 := append([]int(nil), rel...)
		rel2[x] = max(rel2[x], d.Earliest)
		for i, e := range ends(nw.serialGap(rel2, blocked, gap)) {
			latest[i] = max(latest[i], e)
		}
	}
	if fail >= 0 {
		sc := in.network()
		sc.cap[fail]--
		for i, e := range ends(sc.serialGap(rel, blocked, gap)) {
			latest[i] = max(latest[i], e)
		}
	}
	in.Horizon = 0
	for _, e := range latest {
		in.Horizon = max(in.Horizon, e)
	}
	in.Horizon += r.IntN(3)
	if spec.Has(unitDeadlines) {
		for i := range in.Activities {
			// A deadline at the horizon would say nothing new.
			if d := latest[i] - gap[i] + r.IntN(2); r.IntN(2) == 0 && d < in.Horizon {
				in.Activities[i].Deadline = d
			}
		}
	}
	if spec.Has(unitTardiness) {
		for i := range in.Activities {
			a := &in.Activities[i]
			a.Weight = 1 + r.IntN(3)
			a.Due = max(a.Duration, plan[i]+a.Duration-r.IntN(3))
		}
	}
	if spec.Has(unitCost) {
		for k := range in.Resources {
			in.Resources[k].Rate = 1 + r.IntN(4)
		}
	}
	if spec.Has(unitInfeasible) {
		in.impossible(nw, rel, r)
	}
	return in, in.validate()
}

// impossible adds the infeasibility unit's deadlines. Either two
// activities that cannot overlap on a resource both get a deadline one
// period before the earliest time the later of them can end (chosen among
// pairs where each could keep it alone, by the earliest starts; together
// they cannot), or, without such a pair or by
// the draw, the activity with the latest earliest end by precedence and
// releases gets a deadline one period before that end. Earliest starts
// by precedence and releases are lower bounds, so the instance is
// infeasible either way.
func (in *Instance) impossible(nw *network, rel []int, r *rand.Rand) {
	es := nw.earliest(rel)
	// need(x, y) is the earliest the later of x and y can end when they
	// cannot overlap (by the earliest starts, over both orders).
	after := func(a, b int) int { return max(es[a]+nw.dur[a], es[b]) + nw.dur[b] }
	need := func(x, y int) int { return min(after(x, y), after(y, x)) }
	type pair struct{ x, y int }
	var pairs []pair
	for x := range in.Activities {
		for y := x + 1; y < in.n(); y++ {
			// Only pairs where each could keep the deadline alone.
			if need(x, y)-1 < max(es[x]+nw.dur[x], es[y]+nw.dur[y]) {
				continue
			}
			for k := range in.Resources {
				if in.demand(x, k)+in.demand(y, k) > in.Resources[k].Capacity {
					pairs = append(pairs, pair{x, y})
					break
				}
			}
		}
	}
	if len(pairs) > 0 && (!in.has(unitPrecedence) || r.IntN(2) == 0) {
		p := pairs[r.IntN(len(pairs))]
		in.Activities[p.x].Deadline = need(p.x, p.y) - 1
		in.Activities[p.y].Deadline = need(p.x, p.y) - 1
		return
	}
	best := -1
	for i := range in.Activities {
		if e := es[i] + nw.dur[i]; e >= 2 && (best < 0 || e > es[best]+nw.dur[best]) {
			best = i
		}
	}
	if best < 0 {
		best = 0
		in.Activities[0].Duration = 2
	}
	in.Activities[best].Deadline = es[best] + in.Activities[best].Duration - 1
}

func sum(xs []int) int {
	s := 0
	for _, x := range xs {
		s += x
	}
	return s
}

func (in *Instance) anyAfter() bool {
	for _, a := range in.Activities {
		if len(a.After) > 0 {
			return true
		}
	}
	return false
}

// reduce removes the predecessors that are implied by others (the
// transitive reduction), so that the prompt lists only direct ones.
func (in *Instance) reduce() {
	nw := in.network()
	reach := nw.closure()
	for j := range in.Activities {
		var keep []string
		for _, p := range in.Activities[j].After {
			i := in.index(p)
			implied := false
			for _, q := range in.Activities[j].After {
				if k := in.index(q); k != i && reach[i][k] {
					implied = true
				}
			}
			if !implied {
				keep = append(keep, p)
			}
		}
		in.Activities[j].After = keep
	}
}

// maxHorizon and maxActivities bound an instance read from JSON, so that
// models stay small.
const (
	maxHorizon    = 400
	maxActivities = 60
)

// validate checks an instance (generated or read from JSON) enough that
// its methods cannot panic; errors name the field and the reason.
func (in *Instance) validate() error {
	if in.Horizon < 1 || in.Horizon > maxHorizon {
		return fmt.Errorf("project: field horizon: %d, want 1…%d", in.Horizon, maxHorizon)
	}
	if in.n() == 0 || in.n() > maxActivities {
		return fmt.Errorf("project: field activities: %d, want 1…%d", in.n(), maxActivities)
	}
	seen := map[string]bool{}
	for k, a := range in.Activities {
		f := fmt.Sprintf("activities[%d]", k)
		switch {
		case a.Name == "" || seen[a.Name]:
			return fmt.Errorf("project: field %s.name: %q is empty or repeated", f, a.Name)
		case a.Duration < 1 || a.Duration > in.Horizon:
			return fmt.Errorf("project: field %s.duration: %d, want 1…horizon %d", f, a.Duration, in.Horizon)
		case len(a.Demand) > len(in.Resources):
			return fmt.Errorf("project: field %s.demand: %d values for %d resources", f, len(a.Demand), len(in.Resources))
		case a.Release < 0 || a.Deadline < 0 || a.Due < 0 || a.Weight < 0:
			return fmt.Errorf("project: field %s: negative release, deadline, due date or weight", f)
		}
		seen[a.Name] = true
		for r, q := range a.Demand {
			if q < 0 || q > in.Resources[r].Capacity {
				return fmt.Errorf("project: field %s.demand[%d]: %d, want 0…capacity %d", f, r, q, in.Resources[r].Capacity)
			}
		}
	}
	for k, a := range in.Activities {
		for _, p := range a.After {
			if !seen[p] || p == a.Name {
				return fmt.Errorf("project: field activities[%d].after: %q is not another activity", k, p)
			}
		}
	}
	if in.network().topo() == nil {
		return fmt.Errorf("project: field activities[].after: the predecessors form a cycle")
	}
	for k, res := range in.Resources {
		if res.Name == "" || res.Capacity < 1 || res.Rate < 0 {
			return fmt.Errorf("project: field resources[%d]: empty name, capacity below 1 or negative rate", k)
		}
		for _, w := range res.Down {
			if w.From < 0 || w.To <= w.From || w.To > maxHorizon {
				return fmt.Errorf("project: field resources[%d].maintenance: window %d–%d is empty or out of range", k, w.From, w.To)
			}
		}
	}
	// Every unit of the pool with data of its own checks it, sampled or
	// not: the data must be there exactly when the unit is sampled.
	for _, v := range domains.Facets[domains.Validator[*Instance]](unitPool) {
		if err := v.Validate(in); err != nil {
			return err
		}
	}
	if in.TieBreaks < 0 || in.TieBreaks > 1 {
		return fmt.Errorf("project: field tie_breaks: %d, want 0 or 1", in.TieBreaks)
	}
	return nil
}
