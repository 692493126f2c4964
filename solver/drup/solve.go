package drup

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"slices"
)

// Result is the outcome of Solve. When Sat, Model[v] is the value of
// variable v (Model[0] is unused) and the model satisfies every clause;
// otherwise the formula is unsatisfiable and the proof ends with the empty
// clause.
type Result struct {
	Sat   bool
	Model []bool
	Stats SolveStats
}

// SolveStats counts a solver's work and its proof.
type SolveStats struct {
	Conflicts, Decisions, Propagations, Restarts int64
	// Lemmas and Deletions count the proof's lines of each kind (the empty
	// clause is a lemma).
	Lemmas, Deletions int64
}

// Solve decides f with a conflict-driven clause-learning solver and, when
// proof is not nil, writes a DRUP proof to it: every learned clause, every
// deleted learned clause as a "d" line, and the empty clause last when f is
// unsatisfiable (then Check accepts the proof). It is deterministic. When
// ctx ends first, Solve returns ctx.Err(); a write error of proof is
// returned as it is.
func Solve(ctx context.Context, f *CNF, proof io.Writer) (*Result, error) {
	for _, cl := range f.Clauses {
		if err := checkLits(cl, f.NumVars); err != nil {
			return nil, err
		}
	}
	s := newSolver(f.NumVars)
	if proof != nil {
		s.proof = bufio.NewWriterSize(proof, 1<<16)
	}
	sat, err := s.solve(ctx, f)
	if err != nil {
		return nil, err
	}
	if s.proof != nil {
		if err := s.proof.Flush(); err != nil {
			return nil, fmt.Errorf("drup: writing the proof: %w", err)
		}
	}
	r := &Result{Sat: sat, Stats: s.stats}
	if sat {
		r.Model = make([]bool, f.NumVars+1)
		for v := 1; v <= f.NumVars; v++ {
			r.Model[v] = s.vals[lit(v)<<1] == 1
		}
		for i, cl := range f.Clauses {
			if !slices.ContainsFunc(cl, func(l int32) bool { return r.Model[abs(l)] == (l > 0) }) {
				return nil, fmt.Errorf("drup: internal error: the model falsifies clause %d %v", i+1, cl)
			}
		}
	}
	return r, nil
}

// sclause is a clause of the solver; lits[0] is the implied literal when
// the clause is a reason.
type sclause struct {
	lits    []lit
	act     float32
	lbd     int32
	learnt  bool
	deleted bool
}

type watch struct {
	id      int32
	blocker lit
}

type solver struct {
	nvars   int
	vals    []int8 // per literal
	level   []int32
	reason  []int32
	polar   []bool // saved phase: true means the last value was false
	act     []float64
	trail   []lit
	lim     []int // trail length at each decision level
	qhead   int
	cls     []sclause
	learnts []int32
	watches [][]watch
	heap    varHeap

	varInc, claInc float64
	maxLearnts     float64

	seen      []bool
	toClear   []lit
	stack     []lit
	levelMark []int64
	markStamp int64
	learnt    []lit

	proof *bufio.Writer
	buf   []byte
	stats SolveStats
}

func newSolver(n int) *solver {
	s := &solver{
		nvars:     n,
		vals:      make([]int8, 2*(n+1)),
		level:     make([]int32, n+1),
		reason:    make([]int32, n+1),
		polar:     make([]bool, n+1),
		act:       make([]float64, n+1),
		watches:   make([][]watch, 2*(n+1)),
		seen:      make([]bool, n+1),
		levelMark: make([]int64, n+2),
		varInc:    1,
		claInc:    1,
	}
	for v := range s.polar {
		s.polar[v] = true
		s.reason[v] = noReason
	}
	s.heap.act = s.act
	s.heap.pos = make([]int32, n+1)
	for v := 1; v <= n; v++ {
		s.heap.pos[v] = -1
		s.heap.push(int32(v))
	}
	return s
}

func (s *solver) decisionLevel() int32 { return int32(len(s.lim)) }

func (s *solver) enqueue(p lit, why int32) {
	v := p >> 1
	s.vals[p] = 1
	s.vals[p^1] = -1
	s.level[v] = s.decisionLevel()
	s.reason[v] = why
	s.trail = append(s.trail, p)
}

// writeLemma writes a clause (del: a deletion) to the proof.
func (s *solver) writeLemma(lits []lit, del bool) {
	if del {
		s.stats.Deletions++
	} else {
		s.stats.Lemmas++
	}
	if s.proof == nil {
		return
	}
	s.buf = s.buf[:0]
	if del {
		s.buf = append(s.buf, 'd', ' ')
	}
	for _, p := range lits {
		s.buf = appendInt(s.buf, fromLit(p))
		s.buf = append(s.buf, ' ')
	}
	s.buf = append(s.buf, '0', '\n')
	s.proof.Write(s.buf)
}

func appendInt(b []byte, v int32) []byte {
	if v < 0 {
		b = append(b, '-')
		v = -v
	}
	var d [10]byte
	i := len(d)
	for {
		i--
		d[i] = byte('0' + v%10)
		v /= 10
		if v == 0 {
			break
		}
	}
	return append(b, d[i:]...)
}

// attach adds a clause of two or more literals and watches its first two.
func (s *solver) attach(lits []lit, learnt bool, lbd int32) int32 {
	id := int32(len(s.cls))
	s.cls = append(s.cls, sclause{lits: lits, learnt: learnt, lbd: lbd})
	s.watches[lits[0]] = append(s.watches[lits[0]], watch{id, lits[1]})
	s.watches[lits[1]] = append(s.watches[lits[1]], watch{id, lits[0]})
	if learnt {
		s.learnts = append(s.learnts, id)
	}
	return id
}

// load adds the clauses of f; false when f is refuted at top level.
func (s *solver) load(f *CNF) bool {
	var lits []lit
	for _, cl := range f.Clauses {
		lits = lits[:0]
		taut := false
		for _, l := range cl {
			p := toLit(l)
			if slices.Contains(lits, p^1) {
				taut = true
				break
			}
			if !slices.Contains(lits, p) {
				lits = append(lits, p)
			}
		}
		switch {
		case taut:
		case len(lits) == 0:
			return false
		case len(lits) == 1:
			switch s.vals[lits[0]] {
			case -1:
				return false
			case 0:
				s.enqueue(lits[0], noReason)
			}
		default:
			s.attach(slices.Clone(lits), false, 0)
		}
	}
	return true
}

// propagate runs unit propagation; it returns a conflicting clause or -1.
func (s *solver) propagate() int32 {
	for s.qhead < len(s.trail) {
		fl := s.trail[s.qhead] ^ 1
		s.qhead++
		s.stats.Propagations++
		ws := s.watches[fl]
		i, j := 0, 0
		for i < len(ws) {
			w := ws[i]
			i++
			if s.vals[w.blocker] == 1 {
				ws[j] = w
				j++
				continue
			}
			lits := s.cls[w.id].lits
			if lits[0] == fl {
				lits[0], lits[1] = lits[1], fl
			}
			first := lits[0]
			if first != w.blocker && s.vals[first] == 1 {
				ws[j] = watch{w.id, first}
				j++
				continue
			}
			moved := false
			for k := 2; k < len(lits); k++ {
				if s.vals[lits[k]] != -1 {
					lits[1], lits[k] = lits[k], fl
					s.watches[lits[1]] = append(s.watches[lits[1]], watch{w.id, first})
					moved = true
					break
				}
			}
			if moved {
				continue
			}
			ws[j] = watch{w.id, first}
			j++
			if s.vals[first] == -1 {
				j += copy(ws[j:], ws[i:])
				s.watches[fl] = ws[:j]
				s.qhead = len(s.trail)
				return w.id
			}
			s.enqueue(first, w.id)
		}
		s.watches[fl] = ws[:j]
	}
	return -1
}

// cancelUntil undoes every assignment above level lv, saving phases.
func (s *solver) cancelUntil(lv int32) {
	if s.decisionLevel() <= lv {
		return
	}
	n := s.lim[lv]
	for k := len(s.trail) - 1; k >= n; k-- {
		p := s.trail[k]
		v := p >> 1
		s.vals[p], s.vals[p^1] = 0, 0
		s.reason[v] = noReason
		s.polar[v] = p&1 == 1
		if s.heap.pos[v] < 0 {
			s.heap.push(int32(v))
		}
	}
	s.trail = s.trail[:n]
	s.qhead = n
	s.lim = s.lim[:lv]
}

func (s *solver) bumpVar(v lit) {
	if s.act[v] += s.varInc; s.act[v] > 1e100 {
		for i := range s.act {
			s.act[i] *= 1e-100
		}
		s.varInc *= 1e-100
	}
	if s.heap.pos[v] >= 0 {
		s.heap.up(s.heap.pos[v])
	}
}

func (s *solver) bumpClause(c *sclause) {
	if c.act += float32(s.claInc); c.act > 1e20 {
		for _, id := range s.learnts {
			s.cls[id].act *= 1e-20
		}
		s.claInc *= 1e-20
	}
}

// analyze derives the first-UIP clause of a conflict into s.learnt
// (asserting literal first, a literal of the backjump level second),
// minimizes it, and returns the backjump level and the clause's LBD.
func (s *solver) analyze(confl int32) (int32, int32) {
	s.learnt = append(s.learnt[:0], 0)
	pathC := 0
	p := lit(0)
	idx := len(s.trail) - 1
	for {
		c := &s.cls[confl]
		if c.learnt {
			s.bumpClause(c)
		}
		start := 0
		if p != 0 {
			start = 1
		}
		for _, q := range c.lits[start:] {
			v := q >> 1
			if s.seen[v] || s.level[v] == 0 {
				continue
			}
			s.bumpVar(v)
			s.seen[v] = true
			if s.level[v] >= s.decisionLevel() {
				pathC++
			} else {
				s.learnt = append(s.learnt, q)
			}
		}
		for !s.seen[s.trail[idx]>>1] {
			idx--
		}
		p = s.trail[idx]
		idx--
		confl = s.reason[p>>1]
		s.seen[p>>1] = false
		pathC--
		if pathC <= 0 {
			break
		}
	}
	s.learnt[0] = p ^ 1

	// Recursive minimization (MiniSat): drop literals implied by the others.
	s.toClear = append(s.toClear[:0], s.learnt...)
	var abstract uint32
	for _, q := range s.learnt[1:] {
		abstract |= 1 << (s.level[q>>1] & 31)
	}
	j := 1
	for _, q := range s.learnt[1:] {
		if s.reason[q>>1] == noReason || !s.redundant(q, abstract) {
			s.learnt[j] = q
			j++
		}
	}
	s.learnt = s.learnt[:j]
	for _, q := range s.toClear {
		s.seen[q>>1] = false
	}

	// Backjump level: the highest level after the asserting literal's.
	bt := int32(0)
	if len(s.learnt) > 1 {
		mi := 1
		for i := 2; i < len(s.learnt); i++ {
			if s.level[s.learnt[i]>>1] > s.level[s.learnt[mi]>>1] {
				mi = i
			}
		}
		s.learnt[1], s.learnt[mi] = s.learnt[mi], s.learnt[1]
		bt = s.level[s.learnt[1]>>1]
	}
	return bt, s.lbd(s.learnt)
}

// redundant says whether the false literal q follows from the other
// literals of the learned clause (marked seen) through reason clauses.
func (s *solver) redundant(q lit, abstract uint32) bool {
	s.stack = append(s.stack[:0], q)
	top := len(s.toClear)
	for len(s.stack) > 0 {
		x := s.stack[len(s.stack)-1]
		s.stack = s.stack[:len(s.stack)-1]
		c := &s.cls[s.reason[x>>1]]
		for _, r := range c.lits[1:] {
			v := r >> 1
			if s.seen[v] || s.level[v] == 0 {
				continue
			}
			if s.reason[v] != noReason && (1<<(s.level[v]&31))&abstract != 0 {
				s.seen[v] = true
				s.stack = append(s.stack, r)
				s.toClear = append(s.toClear, r)
				continue
			}
			for _, t := range s.toClear[top:] {
				s.seen[t>>1] = false
			}
			s.toClear = s.toClear[:top]
			return false
		}
	}
	return true
}

// lbd counts the distinct decision levels of lits.
func (s *solver) lbd(lits []lit) int32 {
	s.markStamp++
	n := int32(0)
	for _, p := range lits {
		lv := s.level[p>>1]
		if s.levelMark[lv] != s.markStamp {
			s.levelMark[lv] = s.markStamp
			n++
		}
	}
	return n
}

// locked says whether clause id is the reason of its first literal.
func (s *solver) locked(id int32) bool {
	p := s.cls[id].lits[0]
	return s.vals[p] == 1 && s.reason[p>>1] == id
}

// reduce deletes about half of the learned clauses: the less active ones
// among those with LBD above 2 that are not reasons. Each deletion goes to
// the proof.
func (s *solver) reduce() {
	slices.SortStableFunc(s.learnts, func(a, b int32) int {
		ca, cb := &s.cls[a], &s.cls[b]
		if (ca.lbd <= 2) != (cb.lbd <= 2) {
			if ca.lbd <= 2 {
				return 1
			}
			return -1
		}
		switch {
		case ca.act < cb.act:
			return -1
		case ca.act > cb.act:
			return 1
		}
		return 0
	})
	half := len(s.learnts) / 2
	keep := s.learnts[:0]
	for i, id := range s.learnts {
		c := &s.cls[id]
		if i < half && c.lbd > 2 && len(c.lits) > 2 && !s.locked(id) {
			s.writeLemma(c.lits, true)
			c.deleted = true
			c.lits = nil
			continue
		}
		keep = append(keep, id)
	}
	s.learnts = keep
	for p, ws := range s.watches {
		j := 0
		for _, w := range ws {
			if !s.cls[w.id].deleted {
				ws[j] = w
				j++
			}
		}
		s.watches[p] = ws[:j]
	}
}

// luby returns the i-th term (from 0) of the Luby sequence 1 1 2 1 1 2 4 …
func luby(i int64) int64 {
	size, seq := int64(1), 0
	for size < i+1 {
		seq++
		size = 2*size + 1
	}
	for size-1 != i {
		size = (size - 1) >> 1
		seq--
		i %= size
	}
	return 1 << seq
}

const (
	restartUnit = 100
	varDecay    = 0.95
	claDecay    = 0.999
)

// solve runs the search; true when f is satisfiable.
func (s *solver) solve(ctx context.Context, f *CNF) (bool, error) {
	unsat := func() (bool, error) {
		s.writeLemma(nil, false)
		return false, nil
	}
	if !s.load(f) || s.propagate() >= 0 {
		return unsat()
	}
	s.maxLearnts = max(float64(len(s.cls))/3, 2000)
	var restarts int64
	budget := restartUnit * luby(0)
	var sinceRestart int64
	for {
		confl := s.propagate()
		if confl >= 0 {
			s.stats.Conflicts++
			sinceRestart++
			if s.stats.Conflicts&255 == 0 && ctx.Err() != nil {
				return false, ctx.Err()
			}
			if s.decisionLevel() == 0 {
				return unsat()
			}
			bt, lbd := s.analyze(confl)
			s.writeLemma(s.learnt, false)
			s.cancelUntil(bt)
			if len(s.learnt) == 1 {
				s.enqueue(s.learnt[0], noReason)
			} else {
				id := s.attach(slices.Clone(s.learnt), true, lbd)
				s.bumpClause(&s.cls[id])
				s.enqueue(s.learnt[0], id)
			}
			s.varInc /= varDecay
			s.claInc /= claDecay
			continue
		}
		if sinceRestart >= budget {
			restarts++
			s.stats.Restarts++
			sinceRestart = 0
			budget = restartUnit * luby(restarts)
			s.cancelUntil(0)
			if ctx.Err() != nil {
				return false, ctx.Err()
			}
		}
		if float64(len(s.learnts))-float64(len(s.trail)) >= s.maxLearnts {
			s.reduce()
			s.maxLearnts *= 1.1
		}
		next := lit(0)
		for s.heap.len() > 0 {
			v := s.heap.pop()
			if s.vals[lit(v)<<1] == 0 {
				next = lit(v) << 1
				if s.polar[v] {
					next |= 1
				}
				break
			}
		}
		if next == 0 {
			return true, nil
		}
		s.stats.Decisions++
		s.lim = append(s.lim, len(s.trail))
		s.enqueue(next, noReason)
	}
}

// varHeap is a binary max-heap of variables by activity.
type varHeap struct {
	act  []float64
	pos  []int32 // index in h, -1 when absent
	heap []int32
}

func (h *varHeap) len() int { return len(h.heap) }

func (h *varHeap) less(a, b int32) bool {
	if h.act[a] != h.act[b] {
		return h.act[a] > h.act[b]
	}
	return a < b
}

func (h *varHeap) push(v int32) {
	h.pos[v] = int32(len(h.heap))
	h.heap = append(h.heap, v)
	h.up(h.pos[v])
}

func (h *varHeap) pop() int32 {
	v := h.heap[0]
	last := h.heap[len(h.heap)-1]
	h.heap = h.heap[:len(h.heap)-1]
	h.pos[v] = -1
	if len(h.heap) > 0 {
		h.heap[0] = last
		h.pos[last] = 0
		h.down(0)
	}
	return v
}

func (h *varHeap) up(i int32) {
	v := h.heap[i]
	for i > 0 {
		p := (i - 1) / 2
		if !h.less(v, h.heap[p]) {
			break
		}
		h.heap[i] = h.heap[p]
		h.pos[h.heap[i]] = i
		i = p
	}
	h.heap[i] = v
	h.pos[v] = i
}

func (h *varHeap) down(i int32) {
	v := h.heap[i]
	n := int32(len(h.heap))
	for {
		c := 2*i + 1
		if c >= n {
			break
		}
		if c+1 < n && h.less(h.heap[c+1], h.heap[c]) {
			c++
		}
		if !h.less(h.heap[c], v) {
			break
		}
		h.heap[i] = h.heap[c]
		h.pos[h.heap[i]] = i
		i = c
	}
	h.heap[i] = v
	h.pos[v] = i
}
