package production

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/solver"
)

// span is a size range of the tables (see domains.Span).
type span domains.Span

// subtask is a variant of the task: vocabulary, machines, job names and
// sizes. Flow: every job visits the machines in table order (a flow
// shop); otherwise each job has its own route (a job shop).
type subtask struct {
	ID, Title string
	Voc       Vocab
	Machines  []string
	Names     []string
	Families  []string
	Flow      bool
	NJobs     span
	Dur       span
	// Change is the machine whose changeovers the changeovers unit
	// states (-1: every machine).
	Change int
	// The pools of the levels above 1 (see atLevel): the machines in
	// their order (the subtask's own among them), the job names and the
	// families; IntroAt is the intro with %s for the machines.
	MachinePool, NamePool, FamilyPool []string
	IntroAt                           string
	Likely                            map[string]float64
	Exclude                           []string
}

// task is the task skin.
type task struct {
	ID, Name string
	Subtasks []subtask
}

// registeredTasks are the task skins of this package, for tests.
var registeredTasks []*task

func register(t *task) {
	registeredTasks = append(registeredTasks, t)
	domains.RegisterSkin(domains.Skin[*subtask]{
		Pkg:      "production",
		Task:     domains.Task{ID: t.ID, Name: t.Name, Family: domains.Project, Core: "project (job shop / flow shop)", Pool: pool, Claims: introClaims},
		Subtasks: domains.Ptrs(t.Subtasks),
		View: func(st *subtask) domains.Subtask {
			return domains.Subtask{ID: st.ID, Title: st.Title, Likely: st.Likely, Exclude: st.Exclude}
		},
		RejectExcluded: true,
		Generate: func(sv domains.Solving, st *subtask, spec domains.Spec, r *rand.Rand) (domains.Instance, error) {
			return st.generate(sv, spec, r)
		},
		Load:    domains.Loader("production", t.ID, (*Shop).validate),
		AtLevel: (*subtask).atLevel,
		Sizes:   (*subtask).sizes,
	})
}

// generate draws an instance: routes and durations (no two jobs alike),
// the units' data, then a greedy schedule that keeps every rule, from
// which the closing time, the deadlines and the due times are drawn, so
// that the instance is feasible unless the infeasibility unit tightens two
// deadlines on purpose. The greedy schedule is never the reference (the
// solver's optimum is).
//
// The units' data is drawn here, on s.has, interleaved with the core's
// draws (the infeasibility unit even steers the second job's route):
// moving a draw into its unit (a domains.Sampler) would change the random
// draws and so every instance.
func (st *subtask) generate(sv domains.Solving, spec domains.Spec, rng *rand.Rand) (*Shop, error) {
	s := &Shop{solving: sv, Sp: spec, Voc: st.Voc, Machines: slices.Clone(st.Machines), TieBreaks: 1}
	defer func() { s.solving = domains.Solving{} }()
	n := domains.Draw(rng, st.NJobs)
	names := domains.PickIndex(rng, len(st.Names), n)
	for len(s.Jobs) < n {
		job := Job{Name: st.Names[names[len(s.Jobs)]]}
		order := rng.Perm(len(s.Machines))
		if st.Flow {
			slices.Sort(order)
		}
		if s.has(unitInfeasible) && len(s.Jobs) == 1 {
			// The two jobs whose deadlines clash start on the same machine.
			i := slices.Index(order, s.Jobs[0].Route[0].Machine)
			order[0], order[i] = order[i], order[0]
		}
		for _, mc := range order {
			job.Route = append(job.Route, Op{Machine: mc, Duration: domains.Draw(rng, st.Dur)})
		}
		if slices.ContainsFunc(s.Jobs, func(o Job) bool { return slices.Equal(o.Route, job.Route) }) {
			continue // identical jobs would tie: redraw
		}
		s.Jobs = append(s.Jobs, job)
	}
	lv := spec.AtLevel()
	if s.has(unitRelease) {
		for _, j := range rng.Perm(n)[:levelCount(rng, lv, n)] {
			s.Jobs[j].Release = 1 + rng.IntN(3)
		}
	}
	if s.has(unitPrecedence) {
		p := rng.Perm(n)
		s.Deps = []Dep{{Before: p[0], After: p[1]}}
		if lv > 1 {
			// More dependent pairs, each pair of jobs its own.
			for k := range min(n/2, 1+(lv-1)/2+rng.IntN(2)) {
				if k > 0 {
					s.Deps = append(s.Deps, Dep{Before: p[2*k], After: p[2*k+1]})
				}
			}
		}
	}
	if s.has(unitChangeovers) {
		s.Families = slices.Clone(st.Families)
		fam := rng.Perm(len(s.Families))
		for j := range s.Jobs {
			s.Jobs[j].Family = fam[j%len(fam)]
			if j >= 2 && rng.IntN(3) == 0 {
				s.Jobs[j].Family = s.Jobs[rng.IntN(j)].Family
			}
		}
		if st.Change >= 0 {
			s.ChangeMachines = []int{st.Change}
		} else {
			for mc := range s.Machines {
				s.ChangeMachines = append(s.ChangeMachines, mc)
			}
		}
		short := 1 << 30
		for _, mc := range s.ChangeMachines {
			for _, o := range s.machineOps(mc) {
				short = min(short, s.op(o).Duration)
			}
		}
		s.Setup = make([][]int, len(s.Families))
		for f := range s.Setup {
			s.Setup[f] = make([]int, len(s.Families))
			for g := range s.Setup[f] {
				if f != g {
					s.Setup[f][g] = 1 + rng.IntN(short)
				}
			}
		}
	}
	if s.has(unitMaintenance) {
		from := 1 + rng.IntN(5)
		s.Maintenance = &Window{Machine: rng.IntN(len(s.Machines)), From: from, To: from + 1 + rng.IntN(2)}
	}
	if s.has(unitBuffer) {
		s.Buffer = &Buffer{Machine: rng.IntN(len(s.Machines)), Time: 1}
	}
	for j := range s.Jobs {
		if s.has(unitTardiness) {
			s.Jobs[j].Weight = 1 + rng.IntN(3)
		}
		if s.has(unitCost) {
			s.Jobs[j].Cost = 1 + rng.IntN(4)
		}
	}
	g := s.greedy()
	s.Horizon = makespanOf(s, g) + rng.IntN(3)
	if s.has(unitDeadlines) {
		for _, j := range rng.Perm(n)[:levelCount(rng, lv, n)] {
			s.Jobs[j].Deadline = min(s.Horizon, s.end(g, j)+rng.IntN(3))
		}
	}
	if s.has(unitTardiness) {
		for j := range s.Jobs {
			tot := 0
			for _, op := range s.Jobs[j].Route {
				tot += op.Duration
			}
			s.Jobs[j].Due = max(tot, s.end(g, j)-rng.IntN(4))
		}
	}
	if s.has(unitInfeasible) {
		// Jobs 0 and 1 start on the same machine; each deadline leaves no
		// slack, so both would need that machine at their release.
		if s.Jobs[1].Release > 0 || s.Jobs[0].Release > 0 {
			s.Jobs[1].Release = s.Jobs[0].Release
			if s.Jobs[1].Release == 0 {
				s.Jobs[1].Release = 1
				s.Jobs[0].Release = 1
			}
		}
		for j := range 2 {
			tot := s.Jobs[j].Release
			for _, op := range s.Jobs[j].Route {
				tot += op.Duration
			}
			s.Jobs[j].Deadline = tot
			s.Horizon = max(s.Horizon, tot)
		}
	}
	if s.has(unitDelay) {
		if err := s.drawDelay(rng); err != nil {
			return nil, err
		}
	}
	return s, s.validate()
}

// drawDelay makes the given plan (the optimum of the instance without the
// disruption), then delays one of its operations by 1–3 units, and widens
// the closing time and the deadlines where a greedy schedule under the
// delay needs it, so that both stay feasible.
func (s *Shop) drawDelay(rng *rand.Rand) error {
	m, err := s.Model() // s.Delay is nil: the undisrupted instance
	if err != nil {
		return err
	}
	res, err := s.solving.Optimize(m, 10*time.Second)
	if err != nil {
		return err
	}
	if res.Status != solver.Optimal {
		return fmt.Errorf("production: the plan before the delay was not found (%v): %w", res.Status, domains.ErrRedraw)
	}
	plan := make([][]int, len(s.Jobs))
	for j := range s.Jobs {
		for _, v := range s.starts[j] {
			plan[j] = append(plan[j], int(res.Solution[v]))
		}
	}
	// Prefer a delay that the plan's own machine sequences cannot absorb
	// (their earliest-start schedule under the delay breaks the closing
	// time or a deadline) while a greedy schedule still keeps every rule:
	// then the answer must re-sequence. Else a random delay, with the
	// closing time and deadlines widened to the greedy schedule.
	type cand struct{ j, k, d int }
	var cands []cand
	for j, job := range s.Jobs {
		for k := range job.Route {
			for d := 1; d <= 4; d++ {
				cands = append(cands, cand{j, k, d})
			}
		}
	}
	rng.Shuffle(len(cands), func(a, b int) { cands[a], cands[b] = cands[b], cands[a] })
	for _, c := range cands {
		s.Delay = &Delay{Plan: plan, Job: c.j, Step: c.k, Earliest: plan[c.j][c.k] + c.d}
		if len(s.violations(s.greedy())) == 0 && len(s.violations(s.keepOrder(plan))) > 0 {
			s.starts = nil
			return nil
		}
	}
	c := cands[0]
	s.Delay = &Delay{Plan: plan, Job: c.j, Step: c.k, Earliest: plan[c.j][c.k] + min(c.d, 3)}
	g := s.greedy()
	s.Horizon = max(s.Horizon, makespanOf(s, g))
	for j := range s.Jobs {
		if s.Jobs[j].Deadline > 0 {
			s.Jobs[j].Deadline = max(s.Jobs[j].Deadline, s.end(g, j))
		}
	}
	s.starts = nil
	return nil
}

// keepOrder returns the earliest-start schedule that keeps the machine
// sequences of plan: every step as early as its route, release, delay,
// predecessor job, predecessor on its machine (with changeover and slack)
// and the maintenance window allow — the least schedule with those
// sequences, so when it breaks the closing time or a deadline, every
// schedule with those sequences does.
func (s *Shop) keepOrder(plan [][]int) [][]int {
	st := make([][]int, len(s.Jobs))
	for j := range s.Jobs {
		st[j] = make([]int, len(s.Jobs[j].Route))
	}
	pred := map[opRef]opRef{}
	for mc := range s.Machines {
		ops := s.machineOps(mc)
		slices.SortStableFunc(ops, func(a, b opRef) int { return plan[a.j][a.k] - plan[b.j][b.k] })
		for i := 1; i < len(ops); i++ {
			pred[ops[i]] = ops[i-1]
		}
	}
	for changed, n := true, 0; changed && n < 10000; n++ {
		changed = false
		for j, job := range s.Jobs {
			for k, op := range job.Route {
				t := 0
				if k == 0 {
					t = job.Release
					for _, d := range s.Deps {
						if d.After == j {
							t = max(t, s.end(st, d.Before))
						}
					}
				} else {
					prev := job.Route[k-1]
					t = st[j][k-1] + prev.Duration + s.buffer(prev.Machine)
				}
				if d := s.Delay; d != nil && d.Job == j && d.Step == k {
					t = max(t, d.Earliest)
				}
				if p, ok := pred[opRef{j, k}]; ok {
					t = max(t, st[p.j][p.k]+s.op(p).Duration+s.setup(op.Machine, p, opRef{j, k})+s.buffer(op.Machine))
				}
				if w := s.Maintenance; w != nil && w.Machine == op.Machine && t < w.To && w.From < t+op.Duration {
					t = w.To
				}
				if t > st[j][k] {
					st[j][k], changed = t, true
				}
			}
		}
	}
	return st
}

// levelCount is how many jobs get a release or a deadline: 1–2 at level
// 1 (one draw, as before levels), and up to level − 1 more above it (a
// second draw), at most n.
func levelCount(rng *rand.Rand, level, n int) int {
	k := 1 + rng.IntN(2)
	if level > 1 {
		k += rng.IntN(level)
	}
	return min(k, n)
}

func makespanOf(s *Shop, st [][]int) int {
	mk := 0
	for j := range s.Jobs {
		mk = max(mk, s.end(st, j))
	}
	return mk
}

// greedy returns a list schedule that keeps every rule except the
// deadlines and the closing time: each step starts, among the operations
// whose job (and predecessor job) is ready, the one that can start
// earliest (ties to the lower job), appended after everything already on
// its machine, with the changeover, slack, maintenance, release and delay
// respected.
func (s *Shop) greedy() [][]int {
	st := make([][]int, len(s.Jobs))
	for j := range s.Jobs {
		st[j] = make([]int, len(s.Jobs[j].Route))
	}
	next := make([]int, len(s.Jobs))
	jobReady := make([]int, len(s.Jobs))
	machFree := make([]int, len(s.Machines))
	last := make([]opRef, len(s.Machines))
	for i := range last {
		last[i] = opRef{-1, -1}
	}
	done := func(j int) bool { return next[j] == len(s.Jobs[j].Route) }
	earliest := func(o opRef) (int, bool) {
		t := jobReady[o.j]
		if o.k == 0 {
			t = max(t, s.Jobs[o.j].Release)
			for _, d := range s.Deps {
				if d.After == o.j {
					if !done(d.Before) {
						return 0, false
					}
					t = max(t, s.end(st, d.Before))
				}
			}
		}
		if d := s.Delay; d != nil && d.Job == o.j && d.Step == o.k {
			t = max(t, d.Earliest)
		}
		mc := s.op(o).Machine
		if p := last[mc]; p.j >= 0 {
			t = max(t, machFree[mc]+s.setup(mc, p, o)+s.buffer(mc))
		}
		if w := s.Maintenance; w != nil && w.Machine == mc && t < w.To && w.From < t+s.op(o).Duration {
			t = w.To
		}
		return t, true
	}
	for {
		best, bt := opRef{-1, -1}, 0
		for j := range s.Jobs {
			if done(j) {
				continue
			}
			o := opRef{j, next[j]}
			t, ok := earliest(o)
			if ok && (best.j < 0 || t < bt) {
				best, bt = o, t
			}
		}
		if best.j < 0 {
			return st
		}
		op := s.op(best)
		st[best.j][best.k] = bt
		machFree[op.Machine] = bt + op.Duration
		last[op.Machine] = best
		jobReady[best.j] = bt + op.Duration + s.buffer(op.Machine)
		next[best.j]++
	}
}
