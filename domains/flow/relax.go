package flow

// relaxed reports whether the time-expanded flow relaxations of in can
// move everyone to an exit in time. Each is a max-flow over places ×
// steps in which people share the links' capacities per step (none on a
// link while it is closed, or disrupted when replanning), the junctions'
// waiting rooms and the exits' capacities per step, as the model states
// them. The first takes every group at once, any exit, by the horizon;
// then each group alone, its own exits, by its own deadline (the
// vulnerable deadline when it has one). Every plan of the model is a flow
// of each, so false proves that in has no plan; true proves nothing. It
// answers true when a link leaves an exit (the model leaves such moves
// free). Cost: 1 + groups max-flows on (places × (horizon+1)) nodes.
func (in *Instance) relaxed() bool {
	if in.exitHasLink() {
		return true
	}
	all := make([]int, len(in.Groups))
	for g := range all {
		all[g] = g
	}
	if in.maxOut(all, in.H()) < in.totalSize() {
		return false
	}
	for g, gr := range in.Groups {
		by := in.H()
		if gr.Vulnerable && in.has(unitVulnerable) {
			by = min(by, in.Deadline)
		}
		if in.maxOut([]int{g}, by) < gr.Size {
			return false
		}
	}
	return true
}

// relaxExact reports whether the first relaxation of relaxed is exact for
// in: no group is held to its own exits or to a deadline before the
// horizon, and no link leaves an exit. Then groups differ only in where
// they start, a flow decomposes into paths from the origins, each path
// can be given to the group at its start, and the model has a plan
// exactly when the flow moves everyone out (max-flows are integral).
func (in *Instance) relaxExact() bool {
	if in.exitHasLink() {
		return false
	}
	for _, g := range in.Groups {
		if len(g.Dest) > 0 || g.Vulnerable && in.has(unitVulnerable) && in.Deadline < in.H() {
			return false
		}
	}
	return true
}

// exitHasLink reports whether a link leaves an exit: the model leaves
// such moves free, and the relaxations do not model them.
func (in *Instance) exitHasLink() bool {
	for _, lk := range in.Links {
		if in.Places[in.place(lk.From)].Kind == KindExit {
			return true
		}
	}
	return false
}

// maxOut returns how many people of the groups gs at most reach an exit
// by step by, in the relaxation described at relaxed: one group alone
// uses only its own exits, several use any.
func (in *Instance) maxOut(gs []int, by int) int {
	H, P := in.H(), len(in.Places)
	total := in.totalSize()
	inf := total + 1
	node := func(p, t int) int { return t*P + p }
	src, sink := (H+1)*P, (H+1)*P+1
	f := newFlowNet((H+1)*P + 2)
	for _, g := range gs {
		f.add(src, node(in.place(in.Groups[g].Origin), 0), in.Groups[g].Size)
	}
	disrupted := -1
	if in.replanning() {
		disrupted = in.link(in.Disruption.From, in.Disruption.To)
	}
	for l, lk := range in.Links {
		a, b := in.place(lk.From), in.place(lk.To)
		for t := 0; t+lk.Time <= H; t++ {
			if in.closed(l, t) || l == disrupted && in.Disruption.covers(t) {
				continue
			}
			c := inf
			if k, ok := in.capAt(l, t); ok && k < total {
				c = k
			}
			f.add(node(a, t), node(b, t+lk.Time), c)
		}
	}
	for p, pl := range in.Places {
		switch {
		case pl.Kind == KindExit:
			if len(gs) == 1 && !in.allowed(gs[0], p) {
				continue
			}
			c := inf
			if in.has(unitExitCap) && pl.ExitCap > 0 && pl.ExitCap < total {
				c = pl.ExitCap
			}
			for t := 1; t <= by; t++ {
				f.add(node(p, t), sink, c)
			}
		default:
			c := inf
			if pl.Kind == KindJunction && in.has(unitHold) {
				c = pl.Hold
			}
			for t := 0; t < H; t++ {
				f.add(node(p, t), node(p, t+1), c)
			}
		}
	}
	return f.maxFlow(src, sink)
}

// flowNet is a small directed network with integer capacities, for
// maxFlow.
type flowNet struct {
	head []int // first arc per node, −1 when none
	next []int // next arc of the same tail
	to   []int
	cap  []int // residual capacity; arc i^1 is the reverse of arc i
}

func newFlowNet(n int) *flowNet {
	f := &flowNet{head: make([]int, n)}
	for i := range f.head {
		f.head[i] = -1
	}
	return f
}

func (f *flowNet) add(a, b, c int) {
	for _, e := range [2][3]int{{a, b, c}, {b, a, 0}} {
		f.to = append(f.to, e[1])
		f.cap = append(f.cap, e[2])
		f.next = append(f.next, f.head[e[0]])
		f.head[e[0]] = len(f.to) - 1
	}
}

// maxFlow returns the value of a maximum s–t flow (Edmonds–Karp:
// shortest augmenting paths by breadth-first search).
func (f *flowNet) maxFlow(s, t int) int {
	total := 0
	prev := make([]int, len(f.head))
	for {
		for i := range prev {
			prev[i] = -1
		}
		queue := []int{s}
		prev[s] = -2
		for len(queue) > 0 && prev[t] == -1 {
			u := queue[0]
			queue = queue[1:]
			for e := f.head[u]; e >= 0; e = f.next[e] {
				if v := f.to[e]; f.cap[e] > 0 && prev[v] == -1 {
					prev[v] = e
					queue = append(queue, v)
				}
			}
		}
		if prev[t] == -1 {
			return total
		}
		push := -1
		for v := t; v != s; v = f.to[prev[v]^1] {
			if c := f.cap[prev[v]]; push < 0 || c < push {
				push = c
			}
		}
		for v := t; v != s; v = f.to[prev[v]^1] {
			f.cap[prev[v]] -= push
			f.cap[prev[v]^1] += push
		}
		total += push
	}
}
