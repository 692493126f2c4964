package flow

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/plancert/plancert/domains"
)

// span is a size range of the tables (see domains.Span).
type span domains.Span

// subtask is one skin of a task over the flow core: vocabulary, name
// pools, sizes, and the units it makes likely, excludes or always has.
type subtask struct {
	ID, Title string
	Voc       Vocab
	Origins   []string // starting places; the group is named after its place
	GroupOf   func(origin string) string
	Junctions []string
	Exits     []string
	NGroups   span
	NJunction span
	NExits    span
	Size      span
	Travel    span
	LinkCap   span
	Signal    bool // link capacities alternate between two values (a signal cycle)
	ExitCap   span
	Hold      span
	Dest      bool // each group has one destination of its own
	Window    int  // the closure lasts this many steps (0: to the end)
	// IntroOpen is the intro when no road closes (neither the
	// route-failure nor the replanning unit is drawn), for the subtasks
	// whose Voc.Intro tells of a closure ("" : Voc.Intro always).
	IntroOpen string
	// MaxHorizon bounds the horizon (0: maxHorizon); levels above 1 raise it.
	MaxHorizon int
	// MoreOrigins, MoreJunctions and MoreExits extend the name pools at
	// levels above 1 (level 1 draws from the pools above alone, so that
	// its draws stay as they were).
	MoreOrigins, MoreJunctions, MoreExits []string
	Likely                                map[string]float64
	Exclude                               []string
	Always                                []string
}

// task is a task of the core: its registry entry and subtasks.
type task struct {
	ID, Name string
	Family   domains.Family
	Subtasks []subtask
	// Levels are the task's sizes at levels 2..5 (nil: levelSpans).
	Levels *[domains.Levels - 1]levelSpan
}

// maxHorizon bounds the horizon of a generated instance at level 1.
const maxHorizon = 7

// maxH is the bound on the horizon the generator may draw for in.
func (in *Instance) maxH() int {
	if in.hmax > 0 {
		return in.hmax
	}
	return maxHorizon
}

// generate builds an instance of subtask st from spec with r: the
// network, the groups and the unit data, then the horizon: the least one
// with a plan keeping every rule (found by the solver), plus a step of
// slack half of the time; the vulnerable deadline is the least one with a
// plan by that horizon. With the infeasibility unit, half of the
// instances get the least feasible horizon minus one: no plan exists, and
// the certificate names a minimal set of rules in conflict.
func (st *subtask) generate(sv domains.Solving, spec domains.Spec, r *rand.Rand) (*Instance, error) {
	in := &Instance{solving: sv, Sp: spec, Voc: st.Voc, hmax: st.MaxHorizon}
	if st.IntroOpen != "" && !spec.Has(unitClosure) && !spec.Has(unitReplan) {
		// The intro may tell of a closure only when a rule closes a road.
		in.Voc.Intro = st.IntroOpen
	}
	defer func() { in.solving = domains.Solving{} }()
	has := spec.Has
	origins := domains.Pick(r, st.Origins, domains.Draw(r, st.NGroups))
	junctions := domains.Pick(r, st.Junctions, domains.Draw(r, st.NJunction))
	exits := domains.Pick(r, st.Exits, domains.Draw(r, st.NExits))
	for _, o := range origins {
		in.Places = append(in.Places, Place{Name: o, Kind: KindOrigin})
	}
	for _, j := range junctions {
		pl := Place{Name: j, Kind: KindJunction}
		if has(unitHold) {
			pl.Hold = domains.Draw(r, st.Hold)
		}
		in.Places = append(in.Places, pl)
	}
	for _, e := range exits {
		pl := Place{Name: e, Kind: KindExit}
		if has(unitExitCap) {
			pl.ExitCap = domains.Draw(r, st.ExitCap)
		}
		in.Places = append(in.Places, pl)
	}
	addLink := func(from, to string) {
		if in.link(from, to) >= 0 {
			return
		}
		lk := Link{From: from, To: to, Time: domains.Draw(r, st.Travel)}
		if has(unitArcCap) {
			lk.Cap = []int{domains.Draw(r, st.LinkCap)}
			if st.Signal {
				lk.Cap = append(lk.Cap, domains.Draw(r, st.LinkCap))
			}
		}
		in.Links = append(in.Links, lk)
	}
	// Origins lead to a junction, now and then to a second one or
	// straight to an exit; a junction may lead on to the next one and
	// leads to one exit, now and then to two; every exit is reached.
	for _, o := range origins {
		addLink(o, junctions[r.IntN(len(junctions))])
		switch r.IntN(6) {
		case 0:
			addLink(o, junctions[r.IntN(len(junctions))])
		case 1:
			addLink(o, exits[r.IntN(len(exits))])
		}
	}
	for i, j := range junctions {
		if i+1 < len(junctions) && r.IntN(2) == 0 {
			addLink(j, junctions[i+1])
		}
		for _, e := range domains.Pick(r, exits, 1+r.IntN(min(2, len(exits)))) {
			addLink(j, e)
		}
	}
	for _, e := range exits {
		entered := false
		for _, lk := range in.Links {
			entered = entered || lk.To == e
		}
		if !entered {
			addLink(junctions[r.IntN(len(junctions))], e)
		}
	}
	for gi, o := range origins {
		g := Group{Name: st.GroupOf(o), Origin: o, Size: domains.Draw(r, st.Size)}
		if st.Dest {
			g.Dest = []string{exits[(gi+r.IntN(len(exits)))%len(exits)]}
		}
		in.Groups = append(in.Groups, g)
	}
	// Every junction is entered, and every group reaches an exit it may
	// use (links are added where the draw left none).
	for _, j := range junctions {
		entered := false
		for _, lk := range in.Links {
			entered = entered || lk.To == j
		}
		if !entered {
			addLink(origins[r.IntN(len(origins))], j)
		}
	}
	for g := range in.Groups {
		if !in.reaches(g) {
			e := in.earliest()[g]
			for p, pl := range in.Places {
				if pl.Kind == KindJunction && e[p] >= 0 {
					addLink(pl.Name, in.destOf(g))
					break
				}
			}
			if !in.reaches(g) {
				addLink(in.Groups[g].Origin, in.destOf(g))
			}
		}
	}
	if has(unitWorst) {
		for g := range in.Groups {
			in.Groups[g].SizeLo = max(1, in.Groups[g].Size-1-r.IntN(3))
		}
	}
	if has(unitVulnerable) {
		in.Groups[r.IntN(len(in.Groups))].Vulnerable = true
	}
	if has(unitClosure) {
		in.drawClosure(st, r)
	}
	// The horizon: the least with a plan, raising every capacity by one
	// when even maxHorizon has none.
	hstar := 0
	for range 4 {
		if hstar = in.leastHorizon(); hstar > 0 {
			break
		}
		in.loosen()
	}
	if hstar == 0 {
		// The draw admits no instance: gen draws again (it stopped the run).
		return nil, fmt.Errorf("flow: generated instance: no plan within %d steps: %w", in.maxH(), domains.ErrRedraw)
	}
	in.Horizon = min(in.maxH(), hstar+r.IntN(2))
	if has(unitVulnerable) {
		// The least deadline with a plan, by bisection: a later deadline
		// only relaxes the rule, and the horizon itself has a plan.
		lo, hi := 1, in.Horizon
		for lo < hi {
			in.Deadline = (lo + hi) / 2
			if in.feasible() {
				hi = in.Deadline
			} else {
				lo = in.Deadline + 1
			}
		}
		in.Deadline = hi
	}
	if has(unitInfeasible) && hstar > 1 && r.IntN(2) == 0 {
		in.Horizon = hstar - 1
		in.Deadline = min(in.Deadline, in.Horizon)
	}
	if has(unitReplan) {
		in.drawReplan(r)
	}
	// The tie-break is stated from the start: most optima have ties
	// (moves of a group between equally fast routes and steps: 42 of 55
	// feasible traffic and 50 of 58 evacuation instances of seeds 1–60),
	// and certifying without it first only to find them doubled the work.
	in.TieBreaks = 1
	if err := in.validate(); err != nil {
		return nil, fmt.Errorf("flow: generated instance: %w", err)
	}
	return in, nil
}

// destOf is an exit group g may use (its first destination, else the
// first exit).
func (in *Instance) destOf(g int) string {
	if d := in.Groups[g].Dest; len(d) > 0 {
		return d[0]
	}
	for _, pl := range in.Places {
		if pl.Kind == KindExit {
			return pl.Name
		}
	}
	return ""
}

// reaches reports whether group g can reach an exit it may use.
func (in *Instance) reaches(g int) bool {
	e := in.earliest()[g]
	for p, pl := range in.Places {
		if pl.Kind == KindExit && in.allowed(g, p) && e[p] >= 0 {
			return true
		}
	}
	return false
}

// drawClosure closes a link that some group can use, from the first step
// a group can be at its start (at least 1), for Window steps or to the
// end, keeping every group able to reach an exit without it. When every
// link is needed, a slow detour (travel time 2) from the first group's
// starting place to an exit it may use is added first.
func (in *Instance) drawClosure(st *subtask, r *rand.Rand) {
	for try := 0; try < 2; try++ {
		for _, l := range r.Perm(len(in.Links)) {
			lk := in.Links[l]
			c := *in
			c.Links = append(append([]Link(nil), in.Links[:l]...), in.Links[l+1:]...)
			ok := true
			for g := range in.Groups {
				ok = ok && c.reaches(g)
			}
			first := -1
			for g, e := range in.earliest() {
				if d := e[in.place(lk.From)]; d >= 0 && in.allowed(g, in.place(lk.To)) && (first < 0 || d < first) {
					first = d
				}
			}
			if !ok || first < 0 {
				continue
			}
			in.Closure = &Closure{From: lk.From, To: lk.To, Start: max(1, first)}
			if st.Window > 0 {
				in.Closure.End = in.Closure.Start + st.Window
			}
			return
		}
		lk := Link{From: in.Groups[0].Origin, To: in.destOf(0), Time: 2}
		if in.link(lk.From, lk.To) >= 0 {
			break
		}
		if in.has(unitArcCap) {
			lk.Cap = []int{domains.Draw(r, st.LinkCap)}
			if st.Signal {
				lk.Cap = append(lk.Cap, domains.Draw(r, st.LinkCap))
			}
		}
		in.Links = append(in.Links, lk)
	}
	// No link can close without cutting a group off: close the first one
	// late, at step 3.
	in.Closure = &Closure{From: in.Links[0].From, To: in.Links[0].To, Start: 3}
}

// loosen raises every capacity and waiting room by one.
func (in *Instance) loosen() {
	for i := range in.Links {
		for k := range in.Links[i].Cap {
			in.Links[i].Cap[k]++
		}
	}
	for i := range in.Places {
		if in.Places[i].Kind == KindExit && in.Places[i].ExitCap > 0 {
			in.Places[i].ExitCap++
		}
		if in.Places[i].Kind == KindJunction && in.has(unitHold) {
			in.Places[i].Hold++
		}
	}
}

// leastHorizon returns the least horizon up to in.maxH() with a plan
// keeping every rule (the vulnerable deadline set to the horizon), or 0.
func (in *Instance) leastHorizon() int {
	lb := 1
	for g := range in.Groups {
		e := in.earliest()[g]
		best := -1
		for p, pl := range in.Places {
			if pl.Kind == KindExit && in.allowed(g, p) && e[p] >= 0 && (best < 0 || e[p] < best) {
				best = e[p]
			}
		}
		if best < 0 {
			return 0
		}
		lb = max(lb, best)
		// Departures from the starting place: at most the capacities of
		// its links per step, each person then needing best steps more.
		if in.has(unitArcCap) {
			c := 0
			for _, lk := range in.Links {
				if lk.From == in.Groups[g].Origin {
					c += slices.Max(lk.Cap)
				}
			}
			if c > 0 {
				lb = max(lb, (in.Groups[g].Size+c-1)/c-1+best)
			}
		}
	}
	// Arrivals: at most the exits' capacities per step, from the first
	// step anyone can reach an exit.
	if in.has(unitExitCap) {
		c, first := 0, -1
		for p, pl := range in.Places {
			if pl.Kind != KindExit {
				continue
			}
			c += pl.ExitCap
			for _, e := range in.earliest() {
				if e[p] >= 0 && (first < 0 || e[p] < first) {
					first = e[p]
				}
			}
		}
		if n := in.totalSize(); c > 0 && first >= 0 {
			lb = max(lb, first+(n+c-1)/c-1)
		}
	}
	for h := lb; h <= in.maxH(); h++ {
		in.Horizon, in.Deadline = h, h
		if in.feasible() {
			return h
		}
	}
	return 0
}

// feasible reports whether some plan keeps every rule of in as it is. The
// flow relaxations (relaxed) answer no in microseconds where the model
// takes milliseconds; the model has the last word on yes, unless the
// first relaxation is exact (relaxExact).
func (in *Instance) feasible() bool {
	if !in.relaxed() {
		return false
	}
	if in.relaxExact() {
		return true
	}
	ok, err := in.modelFeasible(false)
	return err == nil && ok
}

// modelFeasible solves the model of in for feasibility on the backend
// its generator was lent, without its objective levels; with objectives
// false, also without their definitions (build).
func (in *Instance) modelFeasible(objectives bool) (bool, error) {
	c := *in // build records its variables; keep in itself read-only
	m, err := c.build(objectives)
	if err != nil {
		return false, err
	}
	return in.solving.Feasible(m, 0)
}

// registered lists the tasks of register, for tests of the skins.
var registered []*task

// register adds t to the domains registry as a task on the flow core.
func register(t *task) {
	registered = append(registered, t)
	domains.RegisterSkin(domains.Skin[*subtask]{
		Pkg:      "flow",
		Task:     domains.Task{ID: t.ID, Name: t.Name, Family: t.Family, Core: "flow", Pool: poolInfo(), Claims: introClaims},
		Subtasks: domains.Ptrs(t.Subtasks),
		View: func(st *subtask) domains.Subtask {
			return domains.Subtask{ID: st.ID, Title: st.Title, Likely: st.Likely, Exclude: st.Exclude, Always: st.Always}
		},
		Generate: func(sv domains.Solving, st *subtask, spec domains.Spec, r *rand.Rand) (domains.Instance, error) {
			return st.generate(sv, spec, r)
		},
		AtLevel: func(st *subtask, level int) *subtask { return st.atLevel(t.Levels, level) },
		Sizes:   (*subtask).sizes,
		Load: domains.Loader("flow", t.ID, func(in *Instance) error {
			if in.Sp.Task != t.ID {
				return fmt.Errorf("field spec.task: %q", in.Sp.Task)
			}
			return in.validate()
		}),
	})
}

// Bounds on an instance read from JSON, so that models stay small.
const (
	maxSize   = 100
	maxPlaces = 20
	maxSteps  = 20
)

// validate checks an instance (generated or read from JSON) enough that
// its methods cannot panic; errors name the field and the reason.
func (in *Instance) validate() error {
	switch {
	case in.Horizon < 1 || in.Horizon > maxSteps:
		return fmt.Errorf("field horizon: %d not in 1..%d", in.Horizon, maxSteps)
	case len(in.Groups) == 0 || len(in.Places) == 0 || len(in.Links) == 0:
		return fmt.Errorf("fields groups, places, links: each needs at least one entry")
	case len(in.Places) > maxPlaces:
		return fmt.Errorf("field places: %d places, at most %d", len(in.Places), maxPlaces)
	case in.Voc.Step == "" || in.Voc.People == "" || in.Voc.Group == "" || in.Voc.Link == "" || in.Voc.Exit == "":
		return fmt.Errorf("field vocabulary: step, people, group, link and exit must be set")
	case in.TieBreaks < 0 || in.TieBreaks > 1:
		return fmt.Errorf("field tie_breaks: %d is not 0 or 1", in.TieBreaks)
	}
	names := map[string]bool{}
	for i, pl := range in.Places {
		if pl.Name == "" || names[pl.Name] {
			return fmt.Errorf("field places[%d].name: empty or repeated %q", i, pl.Name)
		}
		names[pl.Name] = true
		if pl.Kind != KindOrigin && pl.Kind != KindJunction && pl.Kind != KindExit {
			return fmt.Errorf("field places[%d].kind: %q is not %q, %q or %q", i, pl.Kind, KindOrigin, KindJunction, KindExit)
		}
		if pl.ExitCap < 0 || pl.ExitCap > maxSize || pl.Hold < 0 || pl.Hold > maxSize {
			return fmt.Errorf("field places[%d]: exit_capacity or waiting_room not in 0..%d", i, maxSize)
		}
	}
	for i, lk := range in.Links {
		a, b := in.place(lk.From), in.place(lk.To)
		switch {
		case a < 0 || b < 0:
			return fmt.Errorf("field links[%d]: %q → %q names an unknown place", i, lk.From, lk.To)
		case in.Places[a].Kind == KindExit:
			return fmt.Errorf("field links[%d]: %q is an exit; nothing leaves it", i, lk.From)
		case in.Places[b].Kind == KindOrigin:
			return fmt.Errorf("field links[%d]: %q is a starting place; nothing enters it", i, lk.To)
		case lk.Time < 1 || lk.Time > maxSteps:
			return fmt.Errorf("field links[%d].travel_time: %d not in 1..%d", i, lk.Time, maxSteps)
		case in.link(lk.From, lk.To) != i:
			return fmt.Errorf("field links[%d]: %q → %q listed twice", i, lk.From, lk.To)
		case in.has(unitArcCap) && (len(lk.Cap) < 1 || len(lk.Cap) > 2):
			return fmt.Errorf("field links[%d].capacity: needs 1 or 2 values", i)
		}
		for _, c := range lk.Cap {
			if c < 0 || c > maxSize {
				return fmt.Errorf("field links[%d].capacity: %d not in 0..%d", i, c, maxSize)
			}
		}
	}
	gnames := map[string]bool{}
	origins := map[string]bool{}
	for i, g := range in.Groups {
		if g.Name == "" || gnames[g.Name] {
			return fmt.Errorf("field groups[%d].name: empty or repeated %q", i, g.Name)
		}
		gnames[g.Name] = true
		o := in.place(g.Origin)
		if o < 0 || in.Places[o].Kind != KindOrigin || origins[g.Origin] {
			return fmt.Errorf("field groups[%d].origin: %q is not a starting place of its own", i, g.Origin)
		}
		origins[g.Origin] = true
		if g.Size < 1 || g.Size > maxSize || g.SizeLo < 0 || g.SizeLo > g.Size {
			return fmt.Errorf("field groups[%d]: size %d or size_low %d out of range (1 ≤ size ≤ %d, size_low ≤ size)", i, g.Size, g.SizeLo, maxSize)
		}
		for _, d := range g.Dest {
			if p := in.place(d); p < 0 || in.Places[p].Kind != KindExit {
				return fmt.Errorf("field groups[%d].destinations: %q is not an exit", i, d)
			}
		}
	}
	if in.has(unitVulnerable) && (in.Deadline < 1 || in.Deadline > in.Horizon || len(in.vulnerableNames()) == 0) {
		return fmt.Errorf("field vulnerable_deadline: %d not in 1..%d, or no group is vulnerable", in.Deadline, in.Horizon)
	}
	if in.has(unitClosure) {
		c := in.Closure
		if c == nil || in.link(c.From, c.To) < 0 || c.Start < 0 || (c.End != 0 && c.End <= c.Start) {
			return fmt.Errorf("field closure: missing, naming no link, or an empty span")
		}
	}
	if in.has(unitReplan) && in.Disruption != nil {
		if d := in.Disruption; in.link(d.From, d.To) < 0 || d.Start < 0 || (d.End != 0 && d.End <= d.Start) {
			return fmt.Errorf("field disruption: naming no link, or an empty span")
		}
		for i, mv := range in.Current {
			if in.group(mv.Group) < 0 || in.link(mv.From, mv.To) < 0 || mv.Step < 0 || mv.Step > in.Horizon || mv.Count < 1 || mv.Count > maxSize {
				return fmt.Errorf("field current_plan[%d]: unknown group or link, or step or count out of range", i)
			}
		}
	}
	if in.has(unitWorst) {
		for i, g := range in.Groups {
			if g.SizeLo < 1 {
				return fmt.Errorf("field groups[%d].size_low: the worst-case unit needs 1 ≤ size_low ≤ size", i)
			}
		}
	}
	return nil
}
