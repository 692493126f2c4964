package project

import (
	"fmt"

	"github.com/plancert/plancert/encode"
)

// network is the numeric project core: activities 0…n-1 with durations,
// per-period demands on renewable resources, finish-start successors, and
// a horizon every activity must finish by. Instances of the family and
// PSPLIB files are both turned into a network and modelled by the same
// code (coreModel).
type network struct {
	dur     []int
	dem     [][]int // dem[i][r]
	cap     []int
	succ    [][]int
	horizon int
}

func (nw *network) n() int { return len(nw.dur) }

// topo returns an order with every activity after its predecessors, or
// nil when the successor lists have a cycle.
func (nw *network) topo() []int {
	indeg := make([]int, nw.n())
	for _, ss := range nw.succ {
		for _, s := range ss {
			indeg[s]++
		}
	}
	var order, ready []int
	for j, d := range indeg {
		if d == 0 {
			ready = append(ready, j)
		}
	}
	for len(ready) > 0 {
		j := ready[0]
		ready = ready[1:]
		order = append(order, j)
		for _, s := range nw.succ[j] {
			if indeg[s]--; indeg[s] == 0 {
				ready = append(ready, s)
			}
		}
	}
	if len(order) != nw.n() {
		return nil
	}
	return order
}

// earliest returns the earliest starts by precedence alone from the
// release times rel (nil = all 0): the critical-path forward pass.
func (nw *network) earliest(rel []int) []int {
	es := make([]int, nw.n())
	if rel != nil {
		copy(es, rel)
	}
	for _, i := range nw.topo() {
		for _, s := range nw.succ[i] {
			es[s] = max(es[s], es[i]+nw.dur[i])
		}
	}
	return es
}

// tails returns, per activity, the length of the longest chain of
// activities from it to the end, itself included: it must start by
// horizon − tail.
func (nw *network) tails() []int {
	tl := make([]int, nw.n())
	o := nw.topo()
	for k := len(o) - 1; k >= 0; k-- {
		i := o[k]
		tl[i] = nw.dur[i]
		for _, s := range nw.succ[i] {
			tl[i] = max(tl[i], nw.dur[i]+tl[s])
		}
	}
	return tl
}

// closure returns reach[i][j]: j is a (transitive) successor of i.
func (nw *network) closure() [][]bool {
	reach := make([][]bool, nw.n())
	o := nw.topo()
	for k := len(o) - 1; k >= 0; k-- {
		i := o[k]
		reach[i] = make([]bool, nw.n())
		for _, s := range nw.succ[i] {
			reach[i][s] = true
			for j, ok := range reach[s] {
				if ok {
					reach[i][j] = true
				}
			}
		}
	}
	return reach
}

// serial is the serial schedule-generation scheme: activities in a
// precedence-feasible order (topological, smallest earliest start first)
// each start at the first time ≥ its release and its predecessors' ends
// where its resources have room for its whole duration, outside the
// blocked periods (blocked[r][t]: resource r unavailable at t). It gives
// a feasible schedule whose makespan is an upper bound; it ignores the
// horizon.
func (nw *network) serial(rel []int, blocked [][]bool) []int {
	return nw.serialGap(rel, blocked, nil)
}

// serialGap is serial where a successor of i starts at least gap[i]
// after i ends (gap nil: none).
func (nw *network) serialGap(rel []int, blocked [][]bool, gap []int) []int {
	n := nw.n()
	start := make([]int, n)
	var use [][]int // use[r][t]
	for range nw.cap {
		use = append(use, nil)
	}
	grow := func(t int) {
		for r := range use {
			for len(use[r]) <= t {
				use[r] = append(use[r], 0)
			}
		}
	}
	fits := func(i, t int) bool {
		grow(t + nw.dur[i])
		for r, q := range nw.dem[i] {
			if q == 0 {
				continue
			}
			for u := t; u < t+nw.dur[i]; u++ {
				if use[r][u]+q > nw.cap[r] || (blocked != nil && u < len(blocked[r]) && blocked[r][u]) {
					return false
				}
			}
		}
		return true
	}
	pred := make([][]int, n)
	for i, ss := range nw.succ {
		for _, s := range ss {
			pred[s] = append(pred[s], i)
		}
	}
	for _, i := range nw.topo() {
		t := 0
		if rel != nil {
			t = rel[i]
		}
		for _, p := range pred[i] {
			g := 0
			if gap != nil {
				g = gap[p]
			}
			t = max(t, start[p]+nw.dur[p]+g)
		}
		for !fits(i, t) {
			t++
		}
		start[i] = t
		for r, q := range nw.dem[i] {
			for u := t; u < t+nw.dur[i]; u++ {
				use[r][u] += q
			}
		}
	}
	return start
}

// makespan returns the latest end of a schedule.
func (nw *network) makespan(start []int) int {
	ms := 0
	for i, s := range start {
		ms = max(ms, s+nw.dur[i])
	}
	return ms
}

// coreModel is the model under construction for a network.
type coreModel struct {
	nw    *network
	m     *encode.Model
	start []encode.Var
	// run[i][j] is "i runs when j starts" (made by capacity, on demand).
	run map[[2]int]encode.Var
	// prefix starts the names of the variables made here (a second
	// schedule in the same model has its own).
	prefix string
}

// newCoreModel makes the start variables: activity i starts in
// [lo[i], hi[i]].
func newCoreModel(nw *network, names []string, lo, hi []int) *coreModel {
	cm := &coreModel{nw: nw, m: encode.NewModel(), run: map[[2]int]encode.Var{}}
	for i := range nw.dur {
		cm.start = append(cm.start, cm.m.NewInt("start "+names[i], int64(lo[i]), int64(hi[i])))
	}
	cm.m.SetAnswer(cm.start...)
	return cm
}

func tm(v encode.Var, c int64) encode.Term { return encode.Term{Var: v, Coef: c} }

// precedence adds "j starts after i ends (plus gap)" in group g.
func (cm *coreModel) precedence(i, j, gap int, g string) {
	cm.m.AddLinear([]encode.Term{tm(cm.start[j], 1), tm(cm.start[i], -1)}, encode.GE, int64(cm.nw.dur[i]+gap)).
		Named(fmt.Sprintf("%s: %d→%d", g, i, j)).InGroup(g)
}

// runs returns the literal "i runs when j starts" (S_i ≤ S_j < S_i+d_i);
// its definition is one direction only (the literal may be true when i
// does not run), which is all the capacity sums need: they only ever
// over-count, and every schedule has the exact values.
func (cm *coreModel) runs(i, j int, defGroup string) encode.Var {
	if v, ok := cm.run[[2]int{i, j}]; ok {
		return v
	}
	m := cm.m
	b := m.NewBool(fmt.Sprintf("_%srun %d@%d", cm.prefix, i, j))
	p := m.NewBool(fmt.Sprintf("_%sle %d %d", cm.prefix, i, j)) // S_i ≤ S_j
	q := m.NewBool(fmt.Sprintf("_%slt %d %d", cm.prefix, j, i)) // S_j < S_i + d_i
	si, sj := cm.start[i], cm.start[j]
	m.AddLinear([]encode.Term{tm(si, 1), tm(sj, -1)}, encode.GE, 1).OnlyIf(p.Not()).
		Named(fmt.Sprintf("_%sdef le %d %d", cm.prefix, i, j)).InGroup(defGroup)
	m.AddLinear([]encode.Term{tm(sj, 1), tm(si, -1)}, encode.GE, int64(cm.nw.dur[i])).OnlyIf(q.Not()).
		Named(fmt.Sprintf("_%sdef lt %d %d", cm.prefix, j, i)).InGroup(defGroup)
	m.AddAtLeast([]encode.Lit{p.Not(), q.Not(), b.Lit()}, 1).
		Named(fmt.Sprintf("_%sdef run %d %d", cm.prefix, i, j)).InGroup(defGroup)
	cm.run[[2]int{i, j}] = b
	return b
}

// capacity adds resource r's capacity in group g, by the task
// decomposition of the cumulative constraint (Schutt, Feydy, Stuckey &
// Wallace, "Why cumulative decomposition is not as bad as it sounds", CP
// 2009): the load only rises when an activity starts, so it is enough
// that at each start of an activity j using r, j's demand plus the
// demands of the activities running then fit. Pairs that cannot run
// together at all also get a no-overlap constraint (the same rule,
// stated so that propagation sees the disjunction). apart(i, j) says i
// cannot be running when j starts (PSPLIB only: by precedence or the
// start windows); such terms are skipped, and a no-overlap only when that
// holds both ways. (An earlier version also skipped the no-overlap of a
// pair apart one way only, which made the PSPLIB model a relaxation: the
// period-by-period check of the schedule caught it on j3018_5.)
func (cm *coreModel) capacity(r int, g, defGroup string, apart func(i, j int) bool) {
	nw := cm.nw
	var users []int
	for i := range nw.dur {
		if nw.dem[i][r] > 0 && nw.dur[i] > 0 {
			users = append(users, i)
		}
	}
	// apart(i, j) says i cannot be running when j starts; a pair can
	// overlap unless that holds both ways.
	never := func(i, j int) bool { return apart != nil && apart(i, j) && apart(j, i) }
	for a, i := range users {
		for _, j := range users[a+1:] {
			if nw.dem[i][r]+nw.dem[j][r] > nw.cap[r] && !never(i, j) {
				cm.m.AddNoOverlap(encode.Interval{Start: cm.start[i], Duration: int64(nw.dur[i])}, encode.Interval{Start: cm.start[j], Duration: int64(nw.dur[j])}).
					Named(fmt.Sprintf("%s: apart %d %d", g, i, j)).InGroup(g)
			}
		}
	}
	for _, j := range users {
		var ts []encode.Term
		for _, i := range users {
			if i == j || (apart != nil && apart(i, j)) || nw.dem[i][r]+nw.dem[j][r] > nw.cap[r] {
				continue // i cannot be running when j starts
			}
			ts = append(ts, tm(cm.runs(i, j, defGroup), int64(nw.dem[i][r])))
		}
		sum := 0
		for _, t := range ts {
			sum += int(t.Coef)
		}
		if sum+nw.dem[j][r] <= nw.cap[r] {
			continue
		}
		cm.m.AddLinear(ts, encode.LE, int64(nw.cap[r]-nw.dem[j][r])).
			Named(fmt.Sprintf("%s: at start %d", g, j)).InGroup(g)
	}
}

// makespan adds the makespan variable (≥ every end) in group g.
func (cm *coreModel) makespan(lo, hi int, g string) encode.Var {
	ms := cm.m.NewInt(cm.prefix+"makespan", int64(lo), int64(hi))
	for i, d := range cm.nw.dur {
		cm.m.AddLinear([]encode.Term{tm(ms, 1), tm(cm.start[i], -1)}, encode.GE, int64(d)).
			Named(fmt.Sprintf("%s: %d", g, i)).InGroup(g)
	}
	return ms
}
